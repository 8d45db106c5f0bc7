/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fs: the FUSE low-level operations over the published snapshot.
 *
 * The daemon's state is one struct spdxfs, the session's userdata.  The
 * FUSE threads only read it: the snapshot through the publisher, the
 * source to open and read files.  fs_update() (the watcher's
 * thread) is the only writer.
 */
#ifndef SPDXFS_FS_H
#define SPDXFS_FS_H

#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>

#include "publish.h"
#include "source/source.h"

struct fuse_session;
struct fuse_args;

/* The requests counted (fs->nreq), as the root's user.spdxfs.requests
 * lists them: "NAME COUNT\n" each, in this order. */
enum fs_req {
	FS_REQ_LOOKUP,
	FS_REQ_GETATTR,
	FS_REQ_OPENDIR,
	FS_REQ_READDIR,		/* and READDIRPLUS */
	FS_REQ_RELEASEDIR,
	FS_REQ_OPEN,
	FS_REQ_READ,
	FS_REQ_FLUSH,
	FS_REQ_RELEASE,
	FS_REQ_GETXATTR,
	FS_REQ_LISTXATTR,
	FS_REQ_STATFS,
	FS_NREQ
};

struct source;
struct snapshot;
struct watcher;
struct built;
struct maint;
struct hist_view;
struct prefetch;

struct spdxfs {
	struct publisher pub;		/* the current snapshot */
	struct source *src;		/* the tree; its files are read
					   through it */
	struct fuse_session *se;
	uid_t uid;			/* owner shown when the index has no
					   root directory (fill_attr()) */
	gid_t gid;
	const char *under;		/* the views' directory of the tree
					   ("" for all of it) */
	const char *build_dir;		/* mount --build, or NULL */
	struct built *built;		/* its files: read at mount, again on
					   SIGHUP by the watcher's thread, the
					   only one to use it once started */
	struct maint *maint;		/* the tree's MAINTAINERS, or NULL:
					   read at mount, then only read */
	int modules;			/* mount --modules: each snapshot
					   carries the MODULE_LICENSE() calls */
	double timeout;			/* entry and attribute cache, seconds */
	int no_opendir;			/* the kernel sends no opendir */
	/*
	 * Other users may enter the mount (-o allow_other): every open
	 * comes here and is checked against what the kernel checked
	 * permissions on, and the tree's ACLs are served for the kernel to
	 * enforce.  Otherwise only the mounting user can enter, and reads
	 * the tree with its own rights through the daemon: the kernel then
	 * opens files by itself (no_open, FUSE_CAP_NO_OPEN_SUPPORT) and
	 * keeps their pages, and each read checks the file it reads.
	 */
	int strict;
	int no_open;			/* the kernel sends no open */
	atomic_ulong nreq[FS_NREQ];	/* requests answered, by kind */
	struct watcher *watcher;
	struct prefetch *prefetch;	/* with no_open: the next files of a
					   directory read ahead (prefetch.h);
					   else NULL */
	/*
	 * What the kernel was told of a file node whose tree file kept its
	 * inode but changed since the snapshot: its owner or mode (chmod,
	 * chown, an ACL's mask), or its content (size, times): its
	 * attributes are then the file's own (fresh_attr()), open and ACL
	 * checks accept the file as it is now as well as the snapshot's,
	 * and so does a read's check of the version it reads (no_open).
	 * By node number modulo
	 * FS_TOLD, under told_lock; an entry pushed out only makes such a
	 * check fail (ESTALE) until the rebuild, which empties the table.
	 * ntold (atomic) lets the common case skip the lock.
	 */
#define FS_TOLD 1024
	pthread_mutex_t told_lock;
	atomic_uint ntold;
	struct {
		uint64_t node;		/* 0: empty */
		struct file_stat st;
	} told[FS_TOLD];
	/*
	 * The ACL memo's epoch (node_acl()): a node's "no ACL" answers
	 * hold while it stays the same.  fs_files_changed() moves it on
	 * before the kernel forgets the ACLs it cached.
	 */
	atomic_uint acl_epoch;
	struct hist_view *hist;		/* history/'s content, or NULL */
	pthread_mutex_t handles_lock;
	struct handle *handles;		/* open handles (fs.c) */
	/* The watcher thread's alone: the nodes of each tree file in the
	 * snapshot fs_update() published last (fmap_snap), those of file
	 * i at fmap[fmap_at[i]] up to fmap[fmap_at[i + 1]], so that
	 * fs_files_changed() does not go through every node. */
	const struct snapshot *fmap_snap;
	uint32_t *fmap, *fmap_at;
};

/* A session serving @fs, with the FUSE options in @args. */
struct fuse_session *fs_session_new(struct fuse_args *args, struct spdxfs *fs);

/*
 * Publish @s and tell the kernel what changed since the previous
 * snapshot, which is then released.  Returns the number of
 * invalidations sent.
 */
size_t fs_update(struct spdxfs *fs, struct snapshot *s);

/*
 * Tree files @paths (n of them) changed: drop what the kernel holds of
 * their nodes in the current snapshot (attributes, ACLs and pages), so
 * that the next read asks for the size the file has now.  A path may
 * also name a tree directory whose attributes or ACLs changed ("" the
 * root, which the directories standing for it follow).  For the
 * watcher, as soon as inotify says so; the rebuild comes later.
 */
void fs_files_changed(struct spdxfs *fs, char *const *paths, size_t n);

/* Free what the session keeps besides the snapshot. */
void fs_cleanup(struct spdxfs *fs);

#endif
