// SPDX-License-Identifier: GPL-2.0-only
/*
 * fs: the FUSE low-level adapter.  Each handler takes a reference to the
 * current snapshot, answers from it with exactly one fuse_reply_*(), and
 * drops the reference.  Open directories pin their snapshot so that a
 * listing read in several calls is consistent.
 *
 * Files are served one of two ways (fs->no_open):
 *  - Only the mounting user can enter (the default), a tree on disk:
 *    the kernel opens files by itself (FUSE_CAP_NO_OPEN_SUPPORT) and
 *    keeps their pages, so a warm pass sends no request at all.  Each
 *    read opens the tree file beneath the root and serves it only when
 *    it is the version the kernel was told of (read_node()): else an
 *    error, never new bytes cut at an old size.
 *  - Others may enter too (-o allow_other, fs->strict), or the files
 *    are a git revision's blobs (read whole at open): every open comes
 *    here, and the handle holds the tree file the source opened,
 *    checked to be the one the kernel checked permissions on, so that
 *    reads never switch to another file.  With allow_other the tree's
 *    ACLs are served for the kernel to enforce.
 */
#define FUSE_USE_VERSION 35

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fuse_lowlevel.h>

#include "fs.h"
#include "util/grow.h"
#include "history_view.h"
#include "index.h"
#include "log.h"
#include "prefetch.h"
#include "sbom.h"
#include "source/source.h"
#include "views.h"
#include "xattr.h"

/* An open file or directory. */
struct handle {
	struct snapshot *snap;	/* pinned: directories and blobs */
	const struct vnode *node;
	struct src_file *file;	/* tree files, else NULL */
	struct hist_data *hist;	/* history/'s files, else NULL */
	struct handle *prev, *next;	/* fs->handles, once replied */
};

/*
 * Every handle the kernel holds, so that those it never released (a
 * release still in flight when the mount went away) are freed at the
 * end by fs_cleanup().
 */
static void handle_track(struct spdxfs *fs, struct handle *h)
{
	pthread_mutex_lock(&fs->handles_lock);
	h->prev = NULL;
	h->next = fs->handles;
	if (h->next)
		h->next->prev = h;
	fs->handles = h;
	pthread_mutex_unlock(&fs->handles_lock);
}

/* Untrack @h and free it with what it holds. */
static void handle_free(struct spdxfs *fs, struct handle *h)
{
	pthread_mutex_lock(&fs->handles_lock);
	if (h->prev)
		h->prev->next = h->next;
	else if (fs->handles == h)
		fs->handles = h->next;
	if (h->next)
		h->next->prev = h->prev;
	pthread_mutex_unlock(&fs->handles_lock);
	source_file_close(fs->src, h->file);
	publish_drop(h->snap);
	hist_data_put(h->hist);
	free(h);
}

static struct spdxfs *fs_of(fuse_req_t req)
{
	return fuse_req_userdata(req);
}

/* The daemon of request @req, which is counted as a @kind. */
static struct spdxfs *fs_count(fuse_req_t req, enum fs_req kind)
{
	struct spdxfs *fs = fuse_req_userdata(req);

	atomic_fetch_add_explicit(&fs->nreq[kind], 1, memory_order_relaxed);
	return fs;
}

/* The file_stat last told of node @ino (fs->told) into @st: 1, or 0. */
static int told_get(struct spdxfs *fs, uint64_t ino, struct file_stat *st)
{
	int found = 0;

	if (!atomic_load(&fs->ntold))
		return 0;
	pthread_mutex_lock(&fs->told_lock);
	if (fs->told[ino % FS_TOLD].node == ino) {
		*st = fs->told[ino % FS_TOLD].st;
		found = 1;
	}
	pthread_mutex_unlock(&fs->told_lock);
	return found;
}

static void told_set(struct spdxfs *fs, uint64_t ino, const struct file_stat *st)
{
	pthread_mutex_lock(&fs->told_lock);
	if (!fs->told[ino % FS_TOLD].node)
		atomic_fetch_add(&fs->ntold, 1);
	fs->told[ino % FS_TOLD].node = ino;
	fs->told[ino % FS_TOLD].st = *st;
	pthread_mutex_unlock(&fs->told_lock);
}

/* A new snapshot: its nodes carry their files' owners and modes. */
static void told_clear(struct spdxfs *fs)
{
	pthread_mutex_lock(&fs->told_lock);
	memset(fs->told, 0, sizeof(fs->told));
	atomic_store(&fs->ntold, 0);
	pthread_mutex_unlock(&fs->told_lock);
}

/*
 * Owners and permissions are the tree's, for the kernel to check
 * (default_permissions): a file has its tree file's, a directory that
 * mirrors a tree directory that directory's, and what stands for the
 * tree root (the root, the views, by-license/NAME, ...) the root's
 * owner and its permissions without write; generated files are 0444.
 */
static void fill_attr(struct spdxfs *fs, const struct snapshot *s,
		      const struct vnode *n, struct stat *st)
{
	const struct spdx_dir *root = snapshot_root_dir(s), *d;
	int64_t t = s->time_ns;

	memset(st, 0, sizeof(*st));
	st->st_ino = n->ino;
	st->st_uid = root ? root->uid : fs->uid;
	st->st_gid = root ? root->gid : fs->gid;
	st->st_blksize = 4096;
	switch (n->kind) {
	case VN_DIR:
		st->st_mode = S_IFDIR | (root ? root->mode & 0555 : 0555);
		if ((d = vnode_dir(s, n))) {
			st->st_mode = S_IFDIR | (d->mode & 0777);
			st->st_uid = d->uid;
			st->st_gid = d->gid;
			t = d->mtime_ns;
		}
		st->st_nlink = 2 + n->nsubdirs;
		st->st_size = 4096;
		break;
	case VN_FILE: {
		const struct spdx_file *f = vnode_file(s, n);
		struct file_stat told;
		const struct file_stat *fst = told_get(fs, n->ino, &told) ?
					      &told : &f->st;

		/* The tree file's permissions, never set-id bits. */
		st->st_mode = S_IFREG | (fst->mode & 0777);
		st->st_uid = fst->uid;
		st->st_gid = fst->gid;
		st->st_nlink = 1;
		st->st_size = fst->size;
		t = fst->mtime_ns;
		break;
	}
	case VN_BLOB:
		st->st_mode = S_IFREG | 0444;
		st->st_nlink = 1;
		st->st_size = s->blobs[n->first].len;
		break;
	case VN_LAZY: {
		const struct vblob *b = atomic_load(&s->lazy[n->first].done);

		st->st_mode = S_IFREG | 0444;
		st->st_nlink = 1;
		st->st_size = b ? b->len : 0;	/* not made yet: see below */
		break;
	}
	case VN_HIST:		/* hist_attr() tells the size */
		st->st_mode = S_IFREG | 0444;
		st->st_nlink = 1;
		break;
	}
	st->st_blocks = (st->st_size + 511) / 512;
	st->st_mtim.tv_sec = t / 1000000000;
	st->st_mtim.tv_nsec = t % 1000000000;
	st->st_atim = st->st_ctim = st->st_mtim;
}

/*
 * fill_attr() with a tree file's size and mtime as they are now, when it
 * is still the file (inode) the snapshot names: the kernel cuts reads at
 * the size it has, so an old one would tear them.  The kernel asks again
 * when the watcher says the file changed (fs_files_changed()), at once,
 * before the debounced rebuild.  A new owner or mode (chmod, or an ACL
 * whose mask changed the group bits) is served too, and remembered as
 * what the kernel was told (fs->told): the kernel checks permissions on
 * the file as it is, and opening it then does not fail as stale.
 */
static void fresh_attr(struct spdxfs *fs, const struct snapshot *s,
		       const struct vnode *n, struct stat *st)
{
	const struct spdx_file *f;
	struct src_entry ent;
	struct file_stat told;

	fill_attr(fs, s, n, st);
	if (n->kind != VN_FILE)
		return;
	f = vnode_file(s, n);
	if (fs->src->ops->stat(fs->src, f->path, &ent) || ent.kind != SRC_REG ||
	    ent.st.ino != f->st.ino)
		return;		/* replaced: the watcher catches up */
	if (!file_stat_same(&f->st, &ent.st) || told_get(fs, n->ino, &told))
		told_set(fs, n->ino, &ent.st);
	st->st_mode = S_IFREG | (ent.st.mode & 0777);
	st->st_uid = ent.st.uid;
	st->st_gid = ent.st.gid;
	st->st_size = ent.st.size;
	st->st_blocks = (st->st_size + 511) / 512;
	st->st_mtim.tv_sec = ent.st.mtime_ns / 1000000000;
	st->st_mtim.tv_nsec = ent.st.mtime_ns % 1000000000;
	st->st_atim = st->st_ctim = st->st_mtim;
}

/*
 * A history/ file's size and time, the history made now if need be (on
 * this request's thread): the true size, for the kernel cuts reads at
 * it.  0, or -EIO when the history cannot be made.
 */
static int hist_attr(const struct spdxfs *fs, const struct vnode *n,
		     struct stat *st)
{
	struct hist_data *d;
	int ret = hist_view_get(fs->hist, &d);

	if (ret)
		return -EIO;
	st->st_size = d->file[n->first].len;
	st->st_blocks = (st->st_size + 511) / 512;
	st->st_mtim.tv_sec = d->time_ns / 1000000000;
	st->st_mtim.tv_nsec = d->time_ns % 1000000000;
	st->st_atim = st->st_ctim = st->st_mtim;
	hist_data_put(d);
	return 0;
}

/* 0, or -EIO for a history/ file whose history cannot be made (the
 * entry then has no timeouts, so that it is asked again). */
static int fill_entry(struct spdxfs *fs, const struct snapshot *s,
		      const struct vnode *n, struct fuse_entry_param *e)
{
	memset(e, 0, sizeof(*e));
	e->ino = n->ino;
	e->attr_timeout = fs->timeout;
	e->entry_timeout = fs->timeout;
	fill_attr(fs, s, n, &e->attr);
	/* A lazy file not made yet shows size 0 and no lasting attributes:
	 * the first read past 0 asks getattr, which makes it. */
	if (n->kind == VN_LAZY && !atomic_load(&s->lazy[n->first].done))
		e->attr_timeout = 0;
	if (n->kind == VN_HIST && hist_attr(fs, n, &e->attr)) {
		e->attr_timeout = e->entry_timeout = 0;
		return -EIO;
	}
	return 0;
}

static int store_node(void *arg, uint64_t ino, char *buf);

static void spdxfs_init(void *userdata, struct fuse_conn_info *conn)
{
	struct spdxfs *fs = userdata;

	/* Every listing with the attributes of its entries: a first pass
	 * then looks up no name, and a warm one asks for nothing. */
	if (conn->capable & FUSE_CAP_READDIRPLUS)
		conn->want |= FUSE_CAP_READDIRPLUS;
	conn->want &= ~FUSE_CAP_READDIRPLUS_AUTO;
	/*
	 * Without allow_other, files are opened by the kernel alone
	 * (FUSE_CAP_NO_OPEN_SUPPORT: spdxfs_open() answers ENOSYS once),
	 * with their pages kept: read_node() checks each read against
	 * what the kernel was told.  With allow_other every open comes
	 * here: spdxfs_open() checks the file it opens against what the
	 * kernel checked permissions on and, when it changed, serves that
	 * handle with direct I/O.  So does a source whose files never
	 * change (a git revision: no watch_dir), whose open reads a blob
	 * that its handle then serves, rather than once per read.
	 * Directories need no such check: opendir is skipped when the
	 * kernel can, and the readdir cache kept.
	 */
	if (!fs->strict && source_watch_dir(fs->src) &&
	    (conn->capable & FUSE_CAP_NO_OPEN_SUPPORT)) {
		conn->want |= FUSE_CAP_NO_OPEN_SUPPORT;
		fs->no_open = 1;
		/* Without it, a first pass reads file after file. */
		if (prefetch_start(&fs->prefetch, store_node, fs))
			log_msg(LOG_WARNING, "no prefetch thread: %s",
				strerror(errno));
	}
	if (conn->capable & FUSE_CAP_NO_OPENDIR_SUPPORT) {
		conn->want |= FUSE_CAP_NO_OPENDIR_SUPPORT;
		fs->no_opendir = 1;
	}
	/*
	 * The tree's POSIX ACLs, for the kernel to enforce with the modes
	 * (and default_permissions, which this implies): it asks for
	 * system.posix_acl_access when it checks a permission and keeps
	 * the answer as long as the attributes (node_acl()).  Only with
	 * allow_other: the mounting user alone reads the tree with its
	 * own rights, the daemon's, and would pay a request per inode.
	 */
	if (fs->strict && (conn->capable & FUSE_CAP_POSIX_ACL))
		conn->want |= FUSE_CAP_POSIX_ACL;
	/* The watcher invalidates what changed; nothing else does. */
	conn->want &= ~FUSE_CAP_AUTO_INVAL_DATA;
	conn->time_gran = 1;
}

static void spdxfs_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_LOOKUP);
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *dir = snapshot_node(s, parent), *n;
	struct fuse_entry_param e;

	if (!dir) {
		fuse_reply_err(req, ENOENT);
	} else if (dir->kind != VN_DIR) {
		fuse_reply_err(req, ENOTDIR);
	} else if ((n = snapshot_lookup(s, dir, name))) {
		if (fill_entry(fs, s, n, &e))
			fuse_reply_err(req, EIO);
		else
			fuse_reply_entry(req, &e);
	} else {
		/* A negative entry: the watcher invalidates names that
		 * appear. */
		memset(&e, 0, sizeof(e));
		e.entry_timeout = fs->timeout;
		fuse_reply_entry(req, &e);
	}
	publish_put(s);
}

static void spdxfs_forget(fuse_req_t req, fuse_ino_t ino, uint64_t nlookup)
{
	/* Inode numbers are derived from paths: nothing to release. */
	fuse_reply_none(req);
}

static void spdxfs_forget_multi(fuse_req_t req, size_t count,
				struct fuse_forget_data *forgets)
{
	fuse_reply_none(req);
}

static void spdxfs_getattr(fuse_req_t req, fuse_ino_t ino,
			   struct fuse_file_info *fi)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_GETATTR);
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *n = snapshot_node(s, ino);
	const struct vblob *b;
	struct stat st;
	int err;

	/* A lazy file is made when its attributes are asked for: the
	 * kernel asks before a read goes past the size 0 it was shown. */
	if (!n) {
		fuse_reply_err(req, ENOENT);
	} else if (n->kind == VN_LAZY && (err = sbom_get(fs, s, n, &b))) {
		fuse_reply_err(req, -err);
	} else {
		fresh_attr(fs, s, n, &st);
		if (n->kind == VN_HIST && hist_attr(fs, n, &st))
			fuse_reply_err(req, EIO);
		else
			fuse_reply_attr(req, &st, fs->timeout);
	}
	publish_put(s);
}

static void spdxfs_opendir(fuse_req_t req, fuse_ino_t ino,
			   struct fuse_file_info *fi)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_OPENDIR);
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *n = snapshot_node(s, ino);
	struct handle *h;

	if (fs->no_opendir) {
		fuse_reply_err(req, ENOSYS);
		goto out;
	}
	if (!n) {
		fuse_reply_err(req, ENOENT);
		goto out;
	}
	if (n->kind != VN_DIR) {
		fuse_reply_err(req, ENOTDIR);
		goto out;
	}
	h = malloc(sizeof(*h));
	if (!h) {
		fuse_reply_err(req, ENOMEM);
		goto out;
	}
	h->snap = s;		/* the reference moves to the handle */
	h->node = n;
	h->file = NULL;
	h->hist = NULL;
	fi->fh = (uintptr_t)h;
	fi->cache_readdir = 1;
	fi->keep_cache = 1;
	/* Before the reply: releasedir may run as soon as it is sent. */
	publish_keep(s);
	handle_track(fs_of(req), h);
	if (fuse_reply_open(req, fi) == -ENOENT)
		handle_free(fs_of(req), h);	/* interrupted: no releasedir */
	return;
out:
	publish_put(s);
}

static void do_readdir(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi, int plus)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_READDIR);
	struct handle *h = (struct handle *)(uintptr_t)fi->fh;
	struct snapshot *s = h ? publish_hold(h->snap) : publish_get(&fs->pub);
	const struct vnode *dir = h ? h->node : snapshot_node(s, ino);
	size_t rem = size, total;
	char *buf, *p;

	if (!dir || dir->kind != VN_DIR) {
		fuse_reply_err(req, !dir ? ENOENT : ENOTDIR);
		goto out;
	}
	total = dir->count + 2;
	buf = p = malloc(size);
	if (!buf) {
		fuse_reply_err(req, ENOMEM);
		goto out;
	}
	for (size_t i = off; i < total; i++) {
		const struct vnode *n;
		const char *name;
		size_t len;

		if (i == 0) {
			n = dir;
			name = ".";
		} else if (i == 1) {
			n = &s->nodes[dir->parent];
			name = "..";
		} else {
			n = snapshot_child(s, dir, i - 2);
			name = n->name;
		}
		if (plus) {
			struct fuse_entry_param e;

			/* A history/ file's attributes would make its history
			 * now: a listing gives its name alone (node id 0),
			 * and the kernel looks it up when it needs more. */
			if (n->kind == VN_HIST) {
				memset(&e, 0, sizeof(e));
				e.attr.st_ino = n->ino;
				e.attr.st_mode = S_IFREG;
			} else {
				fill_entry(fs, s, n, &e);
			}
			len = fuse_add_direntry_plus(req, p, rem, name, &e, i + 1);
		} else {
			struct stat st = {
				.st_ino = n->ino,
				.st_mode = n->kind == VN_DIR ? S_IFDIR : S_IFREG,
			};

			len = fuse_add_direntry(req, p, rem, name, &st, i + 1);
		}
		if (len > rem)
			break;
		p += len;
		rem -= len;
	}
	fuse_reply_buf(req, buf, size - rem);
	free(buf);
out:
	publish_put(s);
}

static void spdxfs_readdir(fuse_req_t req, fuse_ino_t ino, size_t size,
			   off_t off, struct fuse_file_info *fi)
{
	do_readdir(req, ino, size, off, fi, 0);
}

static void spdxfs_readdirplus(fuse_req_t req, fuse_ino_t ino, size_t size,
			       off_t off, struct fuse_file_info *fi)
{
	do_readdir(req, ino, size, off, fi, 1);
}

static void spdxfs_releasedir(fuse_req_t req, fuse_ino_t ino,
			      struct fuse_file_info *fi)
{
	struct handle *h = (struct handle *)(uintptr_t)fi->fh;
	struct spdxfs *fs = fs_count(req, FS_REQ_RELEASEDIR);

	if (h)
		handle_free(fs, h);
	fuse_reply_err(req, 0);
}

/*
 * Open tree file @f of node @ino: the same file, owner and mode as the
 * snapshot shows or as the kernel was told since (fs->told), the
 * attributes the kernel checked permissions on, or -ESTALE (it was
 * replaced, or its mode changed, and the kernel has not asked again
 * yet).  @st (may be NULL) gets the version opened.
 */
static int open_tree_file(struct spdxfs *fs, const struct spdx_file *f,
			  uint64_t ino, struct src_file **out,
			  struct file_stat *st)
{
	struct file_stat told;
	int ret = source_file_open(fs->src, f->path, &f->st, out, st);

	if (ret == -ESTALE && told_get(fs, ino, &told))
		ret = source_file_open(fs->src, f->path, &told, out, st);

	/* A file that cannot be read (a git object gone or corrupt) is
	 * this file's problem only: EIO for it, and a line in the log. */
	if (ret == -EIO)
		log_msg(LOG_WARNING, "%s: %s", f->path, strerror(EIO));
	return ret;
}

/*
 * Put the content of tree file @file, open as node @ino and unchanged
 * since the snapshot (@st, its size the kernel's), in the kernel's page
 * cache before the open is answered (FUSE_NOTIFY_STORE): the first read
 * then finds it there and waits for no request.  The first pass through
 * a fresh mount pays one round trip per file (the open) instead of two.
 * Should the file change between the read and the store, the watcher's
 * invalidation may come before the store: @path is looked at again
 * after it, and the pages dropped if it changed.  Read into @buf
 * (PREFETCH_FILE_MAX bytes; NULL: a buffer of its own).
 */
static int store_file(struct spdxfs *fs, fuse_ino_t ino, const char *path,
		      struct src_file *file, const struct file_stat *st,
		      char *buf)
{
	struct fuse_bufvec bv = FUSE_BUFVEC_INIT(st->size);
	struct src_entry after;
	char *mem = buf;
	ssize_t n;
	int ret;

	if (!st->size || st->size > PREFETCH_FILE_MAX)
		return -EFBIG;
	if (!mem && !(mem = malloc(st->size)))
		return -ENOMEM;
	n = source_pread(fs->src, file, mem, st->size, 0);
	if (n != (ssize_t)st->size) {
		ret = n < 0 ? (int)n : -ESTALE;
	} else {
		bv.buf[0].mem = mem;
		ret = fuse_lowlevel_notify_store(fs->se, ino, 0, &bv, 0);
		if (!ret && (fs->src->ops->stat(fs->src, path, &after) ||
			     !file_stat_same(st, &after.st))) {
			fuse_lowlevel_notify_inval_inode(fs->se, ino, 0, 0);
			ret = -ESTALE;
		}
	}
	if (mem != buf)
		free(mem);
	return ret;
}

/*
 * prefetch's store (prefetch.h): node @ino's tree file, from the newest
 * snapshot, into the page cache when it is the version the kernel was
 * told of (as read_tree_file() checks a read).  0, or -errno.
 */
static int store_node(void *arg, uint64_t ino, char *buf)
{
	struct spdxfs *fs = arg;
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *n = snapshot_node(s, ino);
	const struct spdx_file *f = n ? vnode_file(s, n) : NULL;
	struct file_stat st, told;
	struct src_file *file;
	int ret = -ENOENT;

	if (f && !prefetch_wanted(s, n))
		ret = -EALREADY;	/* the reader got there first */
	else if (f && !(ret = open_tree_file(fs, f, ino, &file, &st))) {
		if (file_stat_same(&st, &f->st) ||
		    (told_get(fs, ino, &told) && file_stat_same(&st, &told)))
			ret = store_file(fs, ino, f->path, file, &st, buf);
		else
			ret = -ESTALE;
		source_file_close(fs->src, file);
	}
	publish_put(s);
	return ret;
}

/*
 * Is this the first open of node @n in snapshot @s, which is to store
 * its file?  Once per node: the kernel keeps the pages (keep_cache)
 * until the watcher drops them, and a later open storing them again
 * would copy the whole file for nothing on every warm pass.  Pages the
 * kernel dropped are read on request, as without the store.
 */
static int store_first(struct snapshot *s, const struct vnode *n)
{
	atomic_uchar *flags = snapshot_node_flags(s);

	return flags && !(atomic_fetch_or(&flags[n - s->nodes], 1) & 1);
}

static void spdxfs_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_OPEN);
	struct snapshot *s;
	const struct vnode *n;
	struct handle *h = NULL;
	int err;

	/* Once: from then on the kernel opens files by itself, keeping
	 * their pages, and reads come with no handle (read_node()). */
	if (fs->no_open) {
		fuse_reply_err(req, ENOSYS);
		return;
	}
	s = publish_get(&fs->pub);
	n = snapshot_node(s, ino);
	if (!n) {
		err = ENOENT;
		goto fail;
	}
	if (n->kind == VN_DIR) {
		err = EISDIR;
		goto fail;
	}
	if ((fi->flags & O_ACCMODE) != O_RDONLY || (fi->flags & O_TRUNC)) {
		err = EROFS;
		goto fail;
	}
	h = malloc(sizeof(*h));
	if (!h) {
		err = ENOMEM;
		goto fail;
	}
	h->node = NULL;
	h->snap = NULL;
	h->file = NULL;
	h->hist = NULL;
	/* history/: the bytes of HEAD as it is now, for as long as it is
	 * open (the node's snapshot pinned as a blob's). */
	if (n->kind == VN_HIST && hist_view_get(fs->hist, &h->hist)) {
		err = EIO;
		goto fail;
	}
	if (n->kind == VN_FILE) {
		const struct spdx_file *f = vnode_file(s, n);
		struct file_stat st;

		err = -open_tree_file(fs, f, ino, &h->file, &st);
		if (err)
			goto fail;
		/*
		 * The descriptor's fstat() against the snapshot, which is
		 * what the kernel was told.  Changed: the kernel may hold
		 * the old size, and cut reads at it, and the old pages, so
		 * this handle reads past its cache (direct I/O: reads end
		 * where the file does), and the inode is dropped so that
		 * the next stat asks again (fresh_attr()).  Unchanged: the
		 * cached pages are this file's (the watcher drops them when
		 * it changes).
		 */
		if (file_stat_same(&st, &f->st)) {
			fi->keep_cache = 1;
			if (store_first(s, n))
				(void)store_file(fs, ino, f->path, h->file,
						 &st, NULL);
		} else {
			fi->direct_io = 1;
			fuse_lowlevel_notify_inval_inode(fs->se, ino, 0, 0);
		}
		publish_put(s);
	} else {
		h->snap = s;	/* the blob lives in this snapshot */
		h->node = n;
		fi->keep_cache = 1;	/* blobs change only with the node */
	}
	fi->fh = (uintptr_t)h;
	fi->noflush = 1;
	/* Before the reply: release may run as soon as it is sent. */
	if (h->snap)
		publish_keep(h->snap);
	handle_track(fs, h);
	if (fuse_reply_open(req, fi) == -ENOENT)
		handle_free(fs, h);	/* interrupted: release will not come */
	return;
fail:
	free(h);
	publish_put(s);
	fuse_reply_err(req, err);
}

static void reply_file(fuse_req_t req, struct spdxfs *fs, struct src_file *file,
		       size_t size, off_t off)
{
	char *buf = malloc(size ? size : 1);
	ssize_t n;

	if (!buf) {
		fuse_reply_err(req, ENOMEM);
		return;
	}
	n = source_pread(fs->src, file, buf, size, off);
	if (n < 0)
		fuse_reply_err(req, -n);
	else
		fuse_reply_buf(req, buf, n);
	free(buf);
}

static void reply_blob(fuse_req_t req, const struct vblob *b, size_t size, off_t off)
{
	if ((size_t)off >= b->len)
		fuse_reply_buf(req, NULL, 0);
	else
		fuse_reply_buf(req, b->data + off,
			       b->len - off < size ? b->len - off : size);
}

/* A read of generated node @n of @s: a blob, or a lazy one, made now
 * if need be. */
static void reply_generated(fuse_req_t req, struct snapshot *s,
			    const struct vnode *n, size_t size, off_t off)
{
	const struct vblob *b = &s->blobs[n->first];
	int err;

	if (n->kind == VN_LAZY && (err = sbom_get(fs_of(req), s, n, &b)))
		fuse_reply_err(req, -err);
	else
		reply_blob(req, b, size, off);
}

/*
 * A read through handle @h of a generated file, answered as the newest
 * snapshot has the node: the kernel keeps one page cache per inode,
 * whatever descriptor filled it, and the watcher drops it only once per
 * snapshot (fs_update()).  Bytes of the handle's own snapshot, read
 * after that, would stay in the cache and be what every later open
 * reads.  A request on the newest snapshot counts as busy on it, so the
 * next swap waits for it before telling the kernel.  A node the newest
 * snapshot no longer has reads as it was: its inode is gone from the
 * mount.
 */
static void read_generated(fuse_req_t req, const struct handle *h,
			   size_t size, off_t off)
{
	struct snapshot *s = publish_get(&fs_of(req)->pub);
	const struct vnode *n = s == h->snap ? h->node :
				snapshot_node(s, h->node->ino);

	if (!n || n->kind != h->node->kind) {
		publish_put(s);
		s = publish_hold(h->snap);
		n = h->node;
	}
	reply_generated(req, s, n, size, off);
	publish_put(s);
}

/* The same for history/ file @n: the history HEAD ends at now (made on
 * this thread if need be, as a stat would), whichever snapshot the file
 * was opened on. */
static void read_history(fuse_req_t req, const struct vnode *n,
			 size_t size, off_t off)
{
	struct hist_data *d;

	if (hist_view_get(fs_of(req)->hist, &d)) {
		fuse_reply_err(req, EIO);
		return;
	}
	reply_blob(req, &d->file[n->first], size, off);
	hist_data_put(d);
}

/*
 * A read of tree file @n of @s that came with no handle (no_open): the
 * file opened beneath the root, served only when it is the version the
 * kernel was told of, the snapshot's or fresh_attr()'s since, whose
 * size the kernel cuts reads at.  Else ESTALE, and the kernel is told
 * to forget what it holds of the inode, so that the next stat asks for
 * the file as it is now and the next read serves it whole.  The
 * invalidation comes after the reply: the kernel holds the pages this
 * read fills locked until it is answered.
 */
static void read_tree_file(fuse_req_t req, struct spdxfs *fs,
			   struct snapshot *s, const struct vnode *n,
			   size_t size, off_t off)
{
	const struct spdx_file *f = vnode_file(s, n);
	struct file_stat st, told;
	struct src_file *file;
	int err = -open_tree_file(fs, f, n->ino, &file, &st);

	if (!err && !file_stat_same(&st, &f->st) &&
	    !(told_get(fs, n->ino, &told) && file_stat_same(&st, &told))) {
		source_file_close(fs->src, file);
		err = ESTALE;
	}
	if (err) {
		fuse_reply_err(req, err);
		if (err == ESTALE)
			fuse_lowlevel_notify_inval_inode(fs->se, n->ino, 0, 0);
		return;
	}
	/* The version is known: no read past its end to find it. */
	if ((uint64_t)off >= st.size)
		size = 0;
	else if (size > st.size - off)
		size = st.size - off;
	reply_file(req, fs, file, size, off);
	source_file_close(fs->src, file);
	if (!off && fs->prefetch)
		prefetch_read(fs->prefetch, s, n);
}

/*
 * A read with no handle: the kernel opened the file by itself
 * (no_open).  Answered from the newest snapshot, as an open would
 * have been; a node it no longer has is stale (the watcher told the
 * kernel so, or is about to).
 */
static void read_node(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off)
{
	struct spdxfs *fs = fs_of(req);
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *n = snapshot_node(s, ino);

	if (!n)
		fuse_reply_err(req, ESTALE);
	else if (n->kind == VN_DIR)
		fuse_reply_err(req, EISDIR);
	else if (n->kind == VN_FILE)
		read_tree_file(req, fs, s, n, size, off);
	else if (n->kind == VN_HIST)
		read_history(req, n, size, off);
	else
		reply_generated(req, s, n, size, off);
	publish_put(s);
}

static void spdxfs_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
			struct fuse_file_info *fi)
{
	struct handle *h = (struct handle *)(uintptr_t)fi->fh;

	fs_count(req, FS_REQ_READ);
	if (!h)
		read_node(req, ino, size, off);
	else if (h->hist)
		read_history(req, h->node, size, off);
	else if (h->file)
		reply_file(req, fs_of(req), h->file, size, off);
	else
		read_generated(req, h, size, off);
}

/* Counted only: the kernel sends no flush once told ENOSYS (files
 * opened without open() would otherwise flush on every close). */
static void spdxfs_flush(fuse_req_t req, fuse_ino_t ino,
			 struct fuse_file_info *fi)
{
	fs_count(req, FS_REQ_FLUSH);
	fuse_reply_err(req, ENOSYS);
}

void fs_cleanup(struct spdxfs *fs)
{
	prefetch_stop(fs->prefetch);
	fs->prefetch = NULL;
	while (fs->handles)
		handle_free(fs, fs->handles);
	free(fs->fmap);
	free(fs->fmap_at);
	fs->fmap = fs->fmap_at = NULL;
	fs->fmap_snap = NULL;
}

static void spdxfs_release(fuse_req_t req, fuse_ino_t ino,
			   struct fuse_file_info *fi)
{
	struct handle *h = (struct handle *)(uintptr_t)fi->fh;
	struct spdxfs *fs = fs_count(req, FS_REQ_RELEASE);

	if (h)
		handle_free(fs, h);
	fuse_reply_err(req, 0);
}

static void spdxfs_statfs(fuse_req_t req, fuse_ino_t ino)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_STATFS);
	struct snapshot *s = publish_get(&fs->pub);
	struct statvfs sv = {
		.f_bsize = 4096,
		.f_frsize = 4096,
		.f_files = s->nnodes,
		.f_namemax = NAME_MAX,
		.f_flag = ST_RDONLY,
	};

	publish_put(s);
	fuse_reply_statfs(req, &sv);
}

static void reply_value(fuse_req_t req, const char *val, size_t len, size_t size)
{
	if (!size)
		fuse_reply_xattr(req, len);
	else if (size < len)
		fuse_reply_err(req, ERANGE);
	else
		fuse_reply_buf(req, val, len);
}

/*
 * The POSIX ACL @type of node @n, as the tree has it (source_acl()):
 * a file has its tree file's, a directory that mirrors a tree directory
 * that directory's, and the other directories, which stand for the tree
 * root, the root's; generated files have none.  A file is checked to be
 * the one whose owner and mode the kernel was given, else -ESTALE: an
 * error, which denies access, never another file's ACL.
 */
static ssize_t lookup_acl(struct spdxfs *fs, const struct snapshot *s,
			  const struct vnode *n, enum src_acl type, void *buf,
			  size_t size)
{
	const struct spdx_file *f;
	const struct spdx_dir *d;
	struct file_stat told;
	ssize_t ret;

	switch (n->kind) {
	case VN_FILE:
		f = vnode_file(s, n);
		ret = source_acl(fs->src, f->path, type, &f->st, buf, size);
		/* The owner and mode the kernel was told since, if any. */
		if (ret == -ESTALE && told_get(fs, n->ino, &told))
			ret = source_acl(fs->src, f->path, type, &told, buf, size);
		return ret;
	case VN_DIR:
		d = vnode_dir(s, n);
		return source_acl(fs->src, d ? d->path : "", type, NULL, buf, size);
	default:
		return -ENODATA;
	}
}

/*
 * The ACL memo (snapshot_acl_memo()): most files and directories have
 * no ACL, and the kernel asks for one on every inode it checks (ls -l
 * asks too), which costs an open and a getxattr each.  A word per tree
 * file or directory says which ACLs it was found without, in the epoch
 * fs->acl_epoch had when that was asked: setting an ACL changes the
 * ctime, which the watcher hears of (fs_files_changed() moves the
 * epoch on, the rebuild makes a new snapshot), so an answer from
 * before is never served after.  Only "none" is remembered.
 */
#define ACL_MEMO_VALID	4u		/* bits 0-1: no ACL of that type */
#define ACL_MEMO_EPOCH	3		/* the epoch is above this bit */

/* @n's word in the memo: its file's, its directory's, the root's. */
static atomic_uint *acl_memo_word(struct snapshot *s, const struct vnode *n)
{
	atomic_uint *memo;
	const struct spdx_dir *d;
	size_t i;

	if (n->kind == VN_FILE)
		i = n->first;
	else if (n->kind == VN_DIR)
		i = s->idx->nfiles + ((d = vnode_dir(s, n)) ?
				      (size_t)(d - s->idx->dirs) : s->idx->ndirs);
	else
		return NULL;
	memo = snapshot_acl_memo(s);
	return memo ? &memo[i] : NULL;
}

static unsigned int acl_memo_tag(unsigned int epoch)
{
	return epoch << ACL_MEMO_EPOCH | ACL_MEMO_VALID;
}

static ssize_t node_acl(struct spdxfs *fs, struct snapshot *s,
			const struct vnode *n, enum src_acl type, void *buf,
			size_t size)
{
	unsigned int epoch = atomic_load(&fs->acl_epoch), tag = acl_memo_tag(epoch);
	unsigned int bit = 1u << type, old, val;
	atomic_uint *word;
	ssize_t ret;

	if (n->kind == VN_FILE && type != SRC_ACL_ACCESS)
		return -ENODATA;	/* files have no default ACL */
	word = acl_memo_word(s, n);
	old = word ? atomic_load(word) : 0;
	if (word && (old & ~3u) == tag && (old & bit))
		return -ENODATA;
	ret = lookup_acl(fs, s, n, type, buf, size);
	if (ret != -ENODATA || !word)
		return ret;
	/* Remembered in the epoch read before the lookup: if it moved on
	 * meanwhile, the answer is never used. */
	do {
		val = ((old & ~3u) == tag ? old : tag) | bit;
	} while (!atomic_compare_exchange_weak(word, &old, val));
	return ret;
}

/* Which ACL the attribute @name is, or -1 for another attribute. */
static int acl_type(const char *name)
{
	if (!strcmp(name, "system.posix_acl_access"))
		return SRC_ACL_ACCESS;
	if (!strcmp(name, "system.posix_acl_default"))
		return SRC_ACL_DEFAULT;
	return -1;
}

/*
 * Is @name in a namespace the mount serves (user.*, system.*)?  The
 * others (security.*, trusted.*) get EOPNOTSUPP, not ENODATA: ls -l
 * asks for security.selinux on every file until a file system says it
 * has no such namespace, then never again on that device, which halves
 * the requests of a first ls -lR.
 */
static int xattr_ns_served(const char *name)
{
	return !strncmp(name, "user.", 5) || !strncmp(name, "system.", 7);
}

/*
 * user.spdxfs.requests of the root: the requests this daemon answered,
 * "NAME COUNT\n" by kind (enum fs_req), this one counted, then the files
 * prefetch put in the page cache, for make bench and the tests to see
 * what a pass cost.  Its length, or -ERANGE.
 */
#define FS_REQUESTS_XATTR "user.spdxfs.requests"

static int requests_value(struct spdxfs *fs, char *buf, size_t size)
{
	static const char *const names[FS_NREQ] = {
		[FS_REQ_LOOKUP] = "lookup",
		[FS_REQ_GETATTR] = "getattr",
		[FS_REQ_OPENDIR] = "opendir",
		[FS_REQ_READDIR] = "readdir",
		[FS_REQ_RELEASEDIR] = "releasedir",
		[FS_REQ_OPEN] = "open",
		[FS_REQ_READ] = "read",
		[FS_REQ_FLUSH] = "flush",
		[FS_REQ_RELEASE] = "release",
		[FS_REQ_GETXATTR] = "getxattr",
		[FS_REQ_LISTXATTR] = "listxattr",
		[FS_REQ_STATFS] = "statfs",
	};
	size_t len = 0;
	int n;

	for (int k = 0; k < FS_NREQ; k++) {
		n = snprintf(buf + len, size - len, "%s %lu\n", names[k],
			     atomic_load(&fs->nreq[k]));
		if (n < 0 || (size_t)n >= size - len)
			return -ERANGE;
		len += n;
	}
	/* Not requests: the files put in the page cache ahead of reads,
	 * and those queued or being put there now. */
	n = snprintf(buf + len, size - len, "prefetched %lu\nprefetching %lu\n",
		     prefetch_stored(fs->prefetch),
		     prefetch_pending(fs->prefetch));
	if (n < 0 || (size_t)n >= size - len)
		return -ERANGE;
	return len + n;
}

static void spdxfs_getxattr(fuse_req_t req, fuse_ino_t ino, const char *name,
			    size_t size)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_GETXATTR);
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *n = snapshot_node(s, ino);
	char buf[XATTR_VALUE_ROOM];
	int len;

	if (!n) {
		fuse_reply_err(req, ENOENT);
	} else if (!xattr_ns_served(name) ||
		   (!fs->strict && acl_type(name) >= 0)) {
		/* ACLs too without allow_other: then ls -l stops asking
		 * on this device as well (xattr_ns_served()). */
		fuse_reply_err(req, EOPNOTSUPP);
	} else if (ino == FUSE_ROOT_ID && !strcmp(name, FS_REQUESTS_XATTR)) {
		len = requests_value(fs, buf, sizeof(buf));
		if (len < 0)
			fuse_reply_err(req, -len);
		else
			reply_value(req, buf, len, size);
	} else {
		len = acl_type(name) < 0 ?
		      xattr_get(s, n, fs->src, name, buf, sizeof(buf)) :
		      node_acl(fs, s, n, acl_type(name), buf, sizeof(buf));
		if (len == -ERANGE)
			len = sizeof(buf);	/* too big to serve */
		if (len < 0)
			fuse_reply_err(req, -len);
		else if ((size_t)len >= sizeof(buf))
			fuse_reply_err(req, E2BIG);
		else
			reply_value(req, buf, len, size);
	}
	publish_put(s);
}

/* Add the names of @n's ACLs to the @len bytes of names in @list. */
static size_t list_acls(struct spdxfs *fs, struct snapshot *s,
			const struct vnode *n, char *list, size_t size,
			size_t len)
{
	static const char *const names[] = {
		[SRC_ACL_ACCESS] = "system.posix_acl_access",
		[SRC_ACL_DEFAULT] = "system.posix_acl_default",
	};

	for (int t = SRC_ACL_ACCESS; t <= SRC_ACL_DEFAULT; t++) {
		size_t k = strlen(names[t]) + 1;

		if (node_acl(fs, s, n, t, NULL, 0) <= 0)
			continue;
		if (len + k <= size)
			memcpy(list + len, names[t], k);
		len += k;
	}
	return len;
}

static void spdxfs_listxattr(fuse_req_t req, fuse_ino_t ino, size_t size)
{
	struct spdxfs *fs = fs_count(req, FS_REQ_LISTXATTR);
	struct snapshot *s = publish_get(&fs->pub);
	const struct vnode *n = snapshot_node(s, ino);
	char list[XATTR_NAMES_ROOM];
	size_t len;

	if (!n) {
		fuse_reply_err(req, ENOENT);
	} else {
		len = xattr_list(s, n, fs->src, list, sizeof(list));
		if (fs->strict)
			len = list_acls(fs, s, n, list, sizeof(list), len);
		if (len > sizeof(list))
			fuse_reply_err(req, E2BIG);
		else
			reply_value(req, list, len, size);
	}
	publish_put(s);
}

/* Everything that would change the tree. */
static void reply_erofs(fuse_req_t req)
{
	fuse_reply_err(req, EROFS);
}

static void spdxfs_setattr(fuse_req_t req, fuse_ino_t ino, struct stat *attr,
			   int to_set, struct fuse_file_info *fi)
{
	reply_erofs(req);
}

static void spdxfs_mknod(fuse_req_t req, fuse_ino_t parent, const char *name,
			 mode_t mode, dev_t rdev)
{
	reply_erofs(req);
}

static void spdxfs_mkdir(fuse_req_t req, fuse_ino_t parent, const char *name,
			 mode_t mode)
{
	reply_erofs(req);
}

static void spdxfs_unlink(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	reply_erofs(req);
}

static void spdxfs_symlink(fuse_req_t req, const char *link, fuse_ino_t parent,
			   const char *name)
{
	reply_erofs(req);
}

static void spdxfs_rename(fuse_req_t req, fuse_ino_t parent, const char *name,
			  fuse_ino_t newparent, const char *newname,
			  unsigned int flags)
{
	reply_erofs(req);
}

static void spdxfs_link(fuse_req_t req, fuse_ino_t ino, fuse_ino_t newparent,
			const char *newname)
{
	reply_erofs(req);
}

static void spdxfs_write(fuse_req_t req, fuse_ino_t ino, const char *buf,
			 size_t size, off_t off, struct fuse_file_info *fi)
{
	reply_erofs(req);
}

static void spdxfs_setxattr(fuse_req_t req, fuse_ino_t ino, const char *name,
			    const char *value, size_t size, int flags)
{
	reply_erofs(req);
}

static void spdxfs_removexattr(fuse_req_t req, fuse_ino_t ino, const char *name)
{
	reply_erofs(req);
}

static void spdxfs_create(fuse_req_t req, fuse_ino_t parent, const char *name,
			  mode_t mode, struct fuse_file_info *fi)
{
	reply_erofs(req);
}

static void spdxfs_fallocate(fuse_req_t req, fuse_ino_t ino, int mode,
			     off_t offset, off_t length, struct fuse_file_info *fi)
{
	reply_erofs(req);
}

static const struct fuse_lowlevel_ops spdxfs_ops = {
	.init		= spdxfs_init,
	.lookup		= spdxfs_lookup,
	.forget		= spdxfs_forget,
	.forget_multi	= spdxfs_forget_multi,
	.getattr	= spdxfs_getattr,
	.opendir	= spdxfs_opendir,
	.readdir	= spdxfs_readdir,
	.readdirplus	= spdxfs_readdirplus,
	.releasedir	= spdxfs_releasedir,
	.open		= spdxfs_open,
	.read		= spdxfs_read,
	.flush		= spdxfs_flush,
	.release	= spdxfs_release,
	.statfs		= spdxfs_statfs,
	.getxattr	= spdxfs_getxattr,
	.listxattr	= spdxfs_listxattr,
	.setattr	= spdxfs_setattr,
	.mknod		= spdxfs_mknod,
	.mkdir		= spdxfs_mkdir,
	.unlink		= spdxfs_unlink,
	.rmdir		= spdxfs_unlink,
	.symlink	= spdxfs_symlink,
	.rename		= spdxfs_rename,
	.link		= spdxfs_link,
	.write		= spdxfs_write,
	.setxattr	= spdxfs_setxattr,
	.removexattr	= spdxfs_removexattr,
	.create		= spdxfs_create,
	.fallocate	= spdxfs_fallocate,
};

struct fuse_session *fs_session_new(struct fuse_args *args, struct spdxfs *fs)
{
	pthread_mutex_init(&fs->told_lock, NULL);
	pthread_mutex_init(&fs->handles_lock, NULL);
	fs->se = fuse_session_new(args, &spdxfs_ops, sizeof(spdxfs_ops), fs);
	return fs->se;
}

struct inval {
	struct spdxfs *fs;
};

#define QUIESCE_MS	2000	/* longest wait for requests on the old
				   snapshot to be answered */
#define QUIESCE_LATE_MS	60000	/* and for those that took longer */

static void inval_entry(void *arg, uint64_t parent, const char *name)
{
	struct inval *iv = arg;

	fuse_lowlevel_notify_inval_entry(iv->fs->se, parent, name, strlen(name));
}

static void inval_inode(void *arg, uint64_t ino)
{
	struct inval *iv = arg;

	fuse_lowlevel_notify_inval_inode(iv->fs->se, ino, 0, 0);
}

/* fs->fmap for @s, by a counting sort of its file nodes; left without
 * one (fs_files_changed() then scans) when memory is short. */
static void fmap_build(struct spdxfs *fs, const struct snapshot *s)
{
	size_t nfiles = s->idx->nfiles;
	uint32_t *at = alloc_array(nfiles + 1, sizeof(*at)), *map = NULL;
	size_t n = 0;

	free(fs->fmap);
	free(fs->fmap_at);
	fs->fmap = fs->fmap_at = NULL;
	fs->fmap_snap = NULL;
	if (!at)
		return;
	memset(at, 0, (nfiles + 1) * sizeof(*at));
	for (size_t i = 0; i < s->nnodes; i++)
		if (s->nodes[i].kind == VN_FILE) {
			at[s->nodes[i].first + 1]++;
			n++;
		}
	map = alloc_array(n ? n : 1, sizeof(*map));
	if (!map) {
		free(at);
		return;
	}
	for (size_t i = 0; i < nfiles; i++)
		at[i + 1] += at[i];
	/* at[f] is where file f's nodes go; after the pass, where they
	 * end, which is where f + 1's begin: shift back once. */
	for (size_t i = 0; i < s->nnodes; i++)
		if (s->nodes[i].kind == VN_FILE)
			map[at[s->nodes[i].first]++] = i;
	memmove(at + 1, at, nfiles * sizeof(*at));
	at[0] = 0;
	fs->fmap = map;
	fs->fmap_at = at;
	fs->fmap_snap = s;
}

size_t fs_update(struct spdxfs *fs, struct snapshot *s)
{
	static const struct snapshot_diff_ops ops = {
		.entry = inval_entry,
		.inode = inval_inode,
	};
	struct inval iv = { .fs = fs };
	struct snapshot *old = publish_swap(&fs->pub, s);
	size_t n;
	int late;

	/* A request answered from @old after the kernel was told what
	 * changed would cache it again.  One that takes longer (a large
	 * document made on its thread, a slow tree) is not waited for
	 * beyond a bound: the kernel is told again once it is answered. */
	late = publish_quiesce(old, QUIESCE_MS);
	n = snapshot_diff(old, s, &ops, &iv);
	if (late && !publish_quiesce(old, QUIESCE_LATE_MS))
		n += snapshot_diff(old, s, &ops, &iv);
	told_clear(fs);
	publish_drop(old);
	fmap_build(fs, s);
	return n;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Does node @v stand for one of the @k files (indices, sorted) or the
 * @m tree directories (tdir values, sorted; 1 is the root's) given? */
static int node_named(const struct vnode *v, const uint32_t *files, size_t k,
		      const uint32_t *dirs, size_t m)
{
	uint32_t tdir;

	if (v->kind == VN_FILE)
		return k && bsearch(&v->first, files, k, sizeof(*files), cmp_u32);
	if (v->kind != VN_DIR || !m)
		return 0;
	tdir = v->tdir ? v->tdir : 1;	/* the others stand for the root */
	return !!bsearch(&tdir, dirs, m, sizeof(*dirs), cmp_u32);
}

void fs_files_changed(struct spdxfs *fs, char *const *paths, size_t n)
{
	struct snapshot *s = publish_get(&fs->pub);
	uint32_t *files = alloc_array(n, sizeof(*files));
	uint32_t *dirs = alloc_array(n, sizeof(*dirs));
	const struct spdx_file *f;
	const struct spdx_dir *d;
	size_t k = 0, m = 0;

	/* Before the kernel forgets its ACLs: no "none" from before. */
	atomic_fetch_add(&fs->acl_epoch, 1);
	if (!files || !dirs)
		goto out;	/* the rebuild still comes */
	for (size_t i = 0; i < n; i++) {
		if ((f = index_find(s->idx, paths[i])))
			files[k++] = f - s->idx->files;
		else if ((d = index_find_dir(s->idx, paths[i])))
			dirs[m++] = d - s->idx->dirs + 1;
	}
	if (!k && !m)
		goto out;
	if (s == fs->fmap_snap) {
		for (size_t i = 0; i < k; i++)
			for (uint32_t j = fs->fmap_at[files[i]]; j < fs->fmap_at[files[i] + 1]; j++)
				fuse_lowlevel_notify_inval_inode(fs->se,
						s->nodes[fs->fmap[j]].ino, 0, 0);
		k = 0;		/* done: the directories named, if any, are left */
		if (!m)
			goto out;
	}
	qsort(files, k, sizeof(*files), cmp_u32);
	qsort(dirs, m, sizeof(*dirs), cmp_u32);
	for (size_t i = 0; i < s->nnodes; i++) {
		const struct vnode *v = &s->nodes[i];

		if (node_named(v, files, k, dirs, m))
			fuse_lowlevel_notify_inval_inode(fs->se, v->ino, 0, 0);
	}
out:
	free(files);
	free(dirs);
	publish_put(s);
}
