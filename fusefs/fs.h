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

#include <sys/types.h>

#include "publish.h"

struct fuse_session;
struct fuse_args;
struct source;
struct snapshot;
struct watcher;
struct fdent;
struct built;
struct maint;
struct hist_view;

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
	double timeout;			/* entry and attribute cache, seconds */
	int no_open, no_opendir;	/* the kernel sends no open/opendir */
	int exact_size;			/* -o exact_size: open() is wanted */
	struct watcher *watcher;
	struct hist_view *hist;		/* history/'s content, or NULL */
	/* Without open(), reads carry no handle: recently used tree files,
	 * by node number modulo FS_FDCACHE.  Each slot is
	 * taken with an atomic exchange, so one thread at a time uses an
	 * entry. */
#define FS_FDCACHE 64
	_Atomic(struct fdent *) fdcache[FS_FDCACHE];
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

/* Close what the session left open (the descriptor cache). */
void fs_cleanup(struct spdxfs *fs);

#endif
