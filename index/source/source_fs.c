// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_fs: a directory on disk as a struct source.
 *
 * Every access is made relative to a descriptor of the root, one path
 * component at a time with O_NOFOLLOW, or with openat2(RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS) where the kernel has it: a symlink anywhere in a
 * path fails with ELOOP, and nothing outside the root can be reached.
 * Files are opened O_NONBLOCK and read only once fstat() has said they
 * are regular, so a FIFO put in the tree never blocks anyone.
 *
 * In a git work tree, the walk leaves out what git neither tracks nor
 * would add (gitignore.h), unless the spec says SOURCE_ALL_FILES.  Git's
 * index (8 MB for the kernel) is read only when needed: not while the
 * caller's prior (ops->prior) has git's index's stamp, for a file the
 * prior says was tracked; ahead on a thread of its own once the caller
 * says it will need it (ops->expect), so that it meanwhile loads the
 * saved index, say, on the other CPU; else when first asked (fs_gi()).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <linux/openat2.h>

#include "util/error.h"
#include "source/filetype.h"
#include "source/gitignore.h"
#include "util/grow.h"
#include "util/pathsearch.h"
#include "source/source.h"
#include "source/source_impl.h"
#include "util/thread.h"

struct fs_source {
	struct source src;
	int rootfd;		/* O_RDONLY|O_DIRECTORY descriptor of the root */
	unsigned flags;		/* SOURCE_ALL_FILES */
	/* Learnt on the way, read and written with relaxed atomics: */
	int have_openat2;	/* -1 not tried yet, 1 usable, 0 missing or
				   filtered */
	int use_noatime;	/* cleared at the first file O_NOATIME is
				   refused for: it is refused for every file
				   we do not own, and a tree we do not own
				   has 78,000 of them */
	/* Replaced by refresh() only, which no walk runs alongside; with
	 * SOURCE_ALL_FILES it answers tracked() only: */
	struct gitignore *gi;	/* NULL: not a git work tree, or not read
				   (gi_err) */
	int gi_err;		/* why the last attempt to read it failed */
	/* How far gi is read (GI_*): written under gi_lock, so that one
	 * thread reads it or joins its reader while the others wait. */
	atomic_int gi_state;
	pthread_t gi_reader;
	pthread_mutex_t gi_lock;
	/* The caller's prior, and whether the last refresh() found its
	 * stamp to be git's index's: the walks then keep what it says was
	 * tracked without asking gi.  Set between walks only. */
	const struct source_prior *prior;
	int use_prior;
	unsigned long prior_serial;	/* this prior's, of all given */
	atomic_int unclean;	/* a walk since refresh() met an entry git
				   does not track: no stamp() */
	dev_t rootdev;		/* the root's file system: no walk leaves it */
	atomic_int xdev_seen;	/* a walk since refresh() met a mount point;
				   its first writes src.warning */
	/* Since refresh(): files that look like sources git ignores, left
	 * out, and the first in path order (under ignored_lock). */
	atomic_size_t nignored;
	pthread_mutex_t ignored_lock;
	char ignored_first[PATH_MAX];
};

enum {
	GI_UNREAD,	/* nobody asked yet */
	GI_READING,	/* on gi_reader, until joined */
	GI_READ,	/* gi and gi_err hold the result */
};

static atomic_ulong prior_serials;

/*
 * The descriptors a walk's head() calls read, closed in batches: one
 * close_range() for each run of consecutive descriptors, where closing
 * each is a system call a file, a quarter of what a scan costs.  A run
 * is made of descriptors the batch holds only (distinct, being open at
 * once), so nothing else is ever closed; a descriptor someone else holds
 * (one inherited, say) only splits a run.  A worker with a file table of
 * its own (index.c) gets its descriptors one after the other.
 */
#define FD_BATCH	64	/* well below any RLIMIT_NOFILE */

struct fd_batch {
	int n;
	int fd[FD_BATCH];
};

/* Close descriptors @lo to @hi, all the batch's. */
static void fd_close_run(int lo, int hi)
{
	if (lo == hi || close_range(lo, hi, 0) < 0)	/* ENOSYS before 5.9 */
		for (int fd = lo; fd <= hi; fd++)
			close(fd);
}

static void fd_batch_flush(struct fd_batch *fb)
{
	int lo = 0;

	/* Insertion sort: they come in order but for a hole filled. */
	for (int i = 1; i < fb->n; i++) {
		int fd = fb->fd[i], j;

		for (j = i; j && fb->fd[j - 1] > fd; j--)
			fb->fd[j] = fb->fd[j - 1];
		fb->fd[j] = fd;
	}
	for (int i = 1; i <= fb->n; i++) {
		if (i < fb->n && fb->fd[i] == fb->fd[i - 1] + 1)
			continue;
		fd_close_run(fb->fd[lo], fb->fd[i - 1]);
		lo = i;
	}
	fb->n = 0;
}

static void fd_batch_add(struct fd_batch *fb, int fd)
{
	if (fb->n == FD_BATCH)
		fd_batch_flush(fb);
	fb->fd[fb->n++] = fd;
}

/* An entry during a walk: its directory is open, its name is one
 * component; what head() reads of it is closed with @batch. */
struct fs_entry {
	int dirfd;
	const char *name;
	struct fd_batch *batch;
	int fd;		/* what head() opened, in @batch; -1: nothing yet */
};

struct src_file {
	int fd;
};

static struct fs_source *fs_of(struct source *src)
{
	return (struct fs_source *)src;
}

static void *gi_read(void *arg)
{
	struct fs_source *fs = arg;

	fs->gi_err = gitignore_open(&fs->gi, fs->rootfd, fs->src.root, NULL);
	return NULL;
}

/* Git's index, read now if nobody has, its reader joined if need be:
 * what every user of fs->gi and fs->gi_err calls first. */
static struct gitignore *fs_gi(struct fs_source *fs)
{
	if (atomic_load_explicit(&fs->gi_state, memory_order_acquire) != GI_READ) {
		pthread_mutex_lock(&fs->gi_lock);
		switch (atomic_load_explicit(&fs->gi_state, memory_order_relaxed)) {
		case GI_READING:
			pthread_join(fs->gi_reader, NULL);
			break;
		case GI_UNREAD:
			gi_read(fs);
			break;
		}
		atomic_store_explicit(&fs->gi_state, GI_READ, memory_order_release);
		pthread_mutex_unlock(&fs->gi_lock);
	}
	return fs->gi;
}

/* Start reading git's index on a thread of its own, unless someone has. */
static void gi_read_ahead(struct fs_source *fs)
{
	pthread_mutex_lock(&fs->gi_lock);
	if (atomic_load_explicit(&fs->gi_state, memory_order_relaxed) == GI_UNREAD &&
	    !thread_start(&fs->gi_reader, gi_read, fs))
		atomic_store_explicit(&fs->gi_state, GI_READING,
				      memory_order_relaxed);
	pthread_mutex_unlock(&fs->gi_lock);
}

static int openat2_beneath(int dirfd, const char *path, int flags)
{
	struct open_how how = {
		.flags = flags,
		.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
			   RESOLVE_NO_MAGICLINKS,
	};
	int fd = syscall(SYS_openat2, dirfd, path, &how, sizeof(how));

	return fd < 0 ? -errno : fd;
}

/*
 * Is openat2() there?  ENOSYS says no; so does EPERM from a seccomp
 * filter, but EPERM is also what O_NOATIME gets on a file we do not own.
 * Opening the directory itself tells the two apart, once.
 */
static int openat2_usable(int dirfd, int err)
{
	int fd;

	if (err != -ENOSYS && err != -EPERM)
		return 1;
	if (err == -EPERM) {
		fd = openat2_beneath(dirfd, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (fd >= 0) {
			close(fd);
			return 1;
		}
	}
	return 0;
}

/* -errno of a failed openat(@dirfd, @name, O_NOFOLLOW): -ELOOP for a
 * symlink, as openat2() says, where O_DIRECTORY or O_PATH said -ENOTDIR. */
static int symlink_errno(int dirfd, const char *name)
{
	int err = errno;
	struct stat st;

	if (err == ENOTDIR && !fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISLNK(st.st_mode))
		return -ELOOP;
	return -err;
}

/* Walk @path one component at a time without following symlinks. */
static int open_nofollow_walk(int dirfd, const char *path, int flags)
{
	char comp[NAME_MAX + 1];
	int fd = dirfd, next;

	for (;;) {
		const char *slash = strchr(path, '/');
		size_t n = slash ? (size_t)(slash - path) : strlen(path);

		if (n == 0 || n > NAME_MAX || (n == 2 && !memcmp(path, "..", 2)) ||
		    (n == 1 && path[0] == '.')) {
			next = -EINVAL;
			goto out;
		}
		memcpy(comp, path, n);
		comp[n] = '\0';
		if (!slash) {
			next = openat(fd, comp, flags | O_NOFOLLOW);
			next = next < 0 ? symlink_errno(fd, comp) : next;
			goto out;
		}
		next = openat(fd, comp, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			next = symlink_errno(fd, comp);
			goto out;
		}
		if (fd != dirfd)
			close(fd);
		fd = next;
		path = slash + 1;
	}
out:
	if (fd != dirfd)
		close(fd);
	return next;
}

/*
 * Open @path beneath the root without following a symlink anywhere
 * (openat2 RESOLVE_BENEATH where the kernel has it, one component at a
 * time where not).  Returns fd or -errno.
 */
static int open_beneath(struct fs_source *fs, const char *path, int flags)
{
	int have = __atomic_load_n(&fs->have_openat2, __ATOMIC_RELAXED), fd;

	/* openat2() would take "a/../b" beneath the root; the contract
	 * does not. */
	if (!source_path_ok(path))
		return -EINVAL;
	flags |= O_CLOEXEC;
	if (have) {
		fd = openat2_beneath(fs->rootfd, path, flags);
		if (have < 0) {
			have = openat2_usable(fs->rootfd, fd);
			__atomic_store_n(&fs->have_openat2, have, __ATOMIC_RELAXED);
		}
		if (have)
			return fd == -EXDEV ? -ELOOP : fd;
	}
	return open_nofollow_walk(fs->rootfd, path, flags | O_NOFOLLOW);
}

/*
 * Open a file to read, without blocking: @name in directory @dirfd (one
 * component) when @dirfd >= 0, else the path @name beneath the root.
 * Returns fd or -errno.
 */
static int open_read(struct fs_source *fs, int dirfd, const char *name)
{
	for (;;) {
		int noatime = __atomic_load_n(&fs->use_noatime, __ATOMIC_RELAXED);
		int flags = O_RDONLY | O_NONBLOCK | (noatime ? O_NOATIME : 0), fd;

		if (dirfd >= 0) {
			fd = openat(dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC);
			fd = fd < 0 ? -errno : fd;
		} else {
			fd = open_beneath(fs, name, flags);
		}
		if (fd != -EPERM || !noatime)
			return fd;
		__atomic_store_n(&fs->use_noatime, 0, __ATOMIC_RELAXED);
	}
}

static enum src_kind mode_kind(mode_t mode)
{
	if (S_ISREG(mode))
		return SRC_REG;
	if (S_ISDIR(mode))
		return SRC_DIR;
	if (S_ISLNK(mode))
		return SRC_SYMLINK;
	return SRC_OTHER;
}

static int fs_stat(struct source *src, const char *path, struct src_entry *ent)
{
	struct fs_source *fs = fs_of(src);
	const char *slash = strrchr(path, '/');
	int dfd = fs->rootfd, ret = 0;
	struct stat st;

	memset(ent, 0, sizeof(*ent));
	ent->path = path;
	if (path[0] == '\0') {		/* the root itself */
		if (fstat(fs->rootfd, &st) < 0)
			return -errno;
		goto fill;
	}
	if (!source_path_ok(path))
		return -EINVAL;
	/* Resolve the parent safely, then lstat the last component. */
	if (slash) {
		char *parent = strndup(path, slash - path);

		if (!parent)
			return -ENOMEM;
		dfd = open_beneath(fs, parent, O_PATH | O_DIRECTORY);
		free(parent);
		if (dfd < 0)
			return dfd;
	}
	if (fstatat(dfd, slash ? slash + 1 : path, &st, AT_SYMLINK_NOFOLLOW) < 0)
		ret = -errno;
	if (dfd != fs->rootfd)
		close(dfd);
	if (ret)
		return ret;
fill:
	file_stat_fill(&ent->st, &st);
	/* A directory on another file system (a mount point, or one beneath
	 * it) is not part of the tree: no walk enters it.  Directories only,
	 * as the walk: overlayfs gives a file its lower layer's st_dev. */
	ent->kind = mode_kind(st.st_mode);
	if (ent->kind == SRC_DIR && st.st_dev != fs->rootdev)
		ent->kind = SRC_OTHER;
	return 0;
}

/*
 * Each thread's cursors in git's index and in the prior's paths, kept
 * from one walk to the next: a walker that asks for one directory at a
 * time (the index's) then finds the next one's part of them beneath
 * those it walked before, instead of searching all of it.  Good only for
 * the gitignore, or prior, whose serial it holds.
 */
struct kept_cursor {
	unsigned long serial;
	struct path_cursor cur;
};

static __thread struct kept_cursor last_cursor, last_prior;

/* @k's cursor if it is @serial's, else a new one. */
static struct path_cursor kept_cursor(struct kept_cursor *k,
				      unsigned long serial)
{
	if (k->serial != serial) {
		memset(&k->cur, 0, sizeof(k->cur));
		k->serial = serial;
	}
	return k->cur;
}

struct walk_state {
	unsigned flags;
	src_walk_fn fn;
	void *arg;
	struct fs_source *fs;
	/* What git leaves out is left out when either is set: */
	const struct source_prior *prior;	/* in force: NULL if not */
	struct path_cursor pcur;	/* for prior */
	struct gitignore *gi;	/* NULL until asked, with a prior */
	int gi_here;		/* cur is at the directory listed */
	struct path_cursor cur;	/* for gi: this walk's own */
	struct fd_batch closing;	/* what head() read; closed before
					   a directory is left or entered */
	char path[PATH_MAX];
};

static enum src_kind dtype_kind(unsigned char t)
{
	switch (t) {
	case DT_REG: return SRC_REG;
	case DT_DIR: return SRC_DIR;
	case DT_LNK: return SRC_SYMLINK;
	default: return SRC_OTHER;
	}
}

/*
 * A directory entry to sort.  @key holds the first 8 bytes of the name in
 * git's tree order (a directory's name followed by '/', then NULs) as one
 * big-endian number, so that most comparisons are one integer compare.
 */
struct dent {
	uint64_t key;
	const char *name;
	uint32_t len;		/* strlen(name) */
	unsigned char type;	/* d_type */
};

/* What the walk learnt of an entry before reporting it. */
struct dent_info {
	struct file_stat st;
	enum src_kind kind;
	int state;		/* DENT_* */
	int err;		/* DENT_ERROR: why it could not be stat'ed */
	size_t prior;		/* src_entry.prior */
};

enum { DENT_SKIP, DENT_KEEP, DENT_STATED, DENT_ERROR, DENT_LONG };

static int walk_dir(struct walk_state *w, int fd, size_t len, int listerr);
static int report_dir_error(struct walk_state *w, size_t len, int err);

/* Put entry @de's path in w->path, after the directory's @len bytes;
 * 0, or -1 past PATH_MAX (the entry cannot be named). */
static int entry_path(struct walk_state *w, size_t len, const struct dent *de)
{
	if (len + de->len + 2 > sizeof(w->path))
		return -1;
	if (len)
		w->path[len] = '/';
	memcpy(w->path + len + !!len, de->name, de->len + 1);
	return 0;
}

/* Does @a hold a path beneath directory @dir? */
static int has_under(const struct path_array *a, const char *dir)
{
	size_t lo, hi;

	path_range_under(a, dir, &lo, &hi);
	return lo < hi;
}

/*
 * Is entry w->path, named @name in the directory w->pcur is at, of kind
 * @kind, in the prior (a directory: has it anything beneath, a file most
 * often, or only symlinks)?  Then git tracked it, and still does.  A
 * file's element there, plus one, into *@at.
 */
static int in_prior(struct walk_state *w, const char *name,
		    enum src_kind kind, size_t *at)
{
	const struct source_prior *p = w->prior;
	size_t k;

	switch (kind) {
	case SRC_SYMLINK:
		return path_bsearch(&p->links, w->path) != PATH_NONE;
	case SRC_OTHER:
		return path_bsearch(&p->others, w->path) != PATH_NONE;
	case SRC_DIR:
		return path_under_name(&p->paths, &w->pcur, name) != PATH_NONE ||
		       has_under(&p->links, w->path) ||
		       has_under(&p->others, w->path);
	default:
		k = path_find_name(&p->paths, &w->pcur, name);
		if (k == PATH_NONE)
			return 0;
		*at = k + 1;
		return 1;
	}
}

/* Count file @path, which looks like a source, left out as git ignores
 * it; the first in path order is named, whichever thread walks it. */
static void note_ignored(struct fs_source *fs, const char *path)
{
	atomic_fetch_add_explicit(&fs->nignored, 1, memory_order_relaxed);
	pthread_mutex_lock(&fs->ignored_lock);
	if (!fs->ignored_first[0] || strcmp(path, fs->ignored_first) < 0)
		snprintf(fs->ignored_first, sizeof(fs->ignored_first), "%s", path);
	pthread_mutex_unlock(&fs->ignored_lock);
}

/*
 * Is directory entry @name of @fd, at w->path, on another file system
 * than the root (a mount point)?  The first one met is the source's
 * warning; the walk reports each as a special file, not crossed.
 */
static int other_fs(struct walk_state *w, int fd, const char *name)
{
	struct stat st;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
	    st.st_dev == w->fs->rootdev)
		return 0;
	if (!atomic_exchange_explicit(&w->fs->xdev_seen, 1, memory_order_relaxed) &&
	    !w->fs->src.warning.code)
		spdx_error_set(&w->fs->src.warning, -EXDEV, "%s/%s: a mount "
			       "point: another file system, not walked",
			       w->fs->src.root, w->path);
	return 1;
}

/*
 * Does git leave out entry w->path, of kind @kind, of the directory
 * w->path[0..@len)?  With a prior in force, not what it says was
 * tracked; else git's index is asked, read now if need be.
 */
static int git_skips(struct walk_state *w, size_t len, enum src_kind kind,
		     size_t *at)
{
	int skip, tracked;

	if (w->prior && in_prior(w, w->path + len + !!len, kind, at))
		return 0;
	if (!w->gi_here) {
		if (!w->gi) {
			w->gi = fs_gi(w->fs);
			w->cur = kept_cursor(&last_cursor,
					     gitignore_serial(w->gi));
		}
		gitignore_enter(w->gi, &w->cur, w->path, len);
		w->gi_here = 1;
	}
	skip = gitignore_skip(w->gi, &w->cur, w->path, kind == SRC_DIR,
			      &tracked);
	if (!tracked)
		atomic_store_explicit(&w->fs->unclean, 1, memory_order_relaxed);
	if (skip && kind == SRC_REG && filetype_checkpatch_source(w->path))
		note_ignored(w->fs, w->path);
	return skip;
}

/*
 * Is entry @de of the directory @fd part of the tree?  Its kind into @in,
 * from a stat if the directory listing did not say; in->state DENT_LONG
 * when its path would pass PATH_MAX, DENT_ERROR when the stat failed
 * (but for a name gone meanwhile).
 */
static int entry_kept(struct walk_state *w, int fd, size_t len,
		      const struct dent *de, struct dent_info *in)
{
	struct stat st;

	if (len == 0 && de->len == 4 && !memcmp(de->name, ".git", 4))
		return 0;
	if (entry_path(w, len, de)) {
		in->state = DENT_LONG;
		return 0;
	}
	in->kind = dtype_kind(de->type);
	if (de->type == DT_UNKNOWN) {
		if (fstatat(fd, de->name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno == ENOENT)
				return 0;	/* gone meanwhile */
			in->err = -errno;
			in->state = DENT_ERROR;
		} else {
			file_stat_fill(&in->st, &st);
			in->kind = mode_kind(st.st_mode);
			in->state = DENT_STATED;
		}
	}
	/* Left out before it costs a stat. */
	return (!w->prior && !w->gi) ||
	       !git_skips(w, len, in->kind, &in->prior);
}

/* Report the directory walked, w->path[0..@len), as one that could not be
 * looked at whole: @err. */
static int report_dir_error(struct walk_state *w, size_t len, int err)
{
	struct src_entry ent = { .path = w->path, .kind = SRC_DIR, .err = err };
	int ret;

	w->path[len] = '\0';
	ret = w->fn(&ent, w->arg);
	return ret == SRC_WALK_PRUNE ? 0 : ret;
}

/* Report entry @de, and descend unless told not to. */
static int walk_one(struct walk_state *w, int fd, size_t len,
		    const struct dent *de, const struct dent_info *in)
{
	struct fs_entry fe = { .dirfd = fd, .name = de->name,
			       .batch = &w->closing, .fd = -1 };
	struct src_entry ent = { .path = w->path, .priv = &fe,
				 .kind = in->kind, .prior = in->prior };
	int ret;

	entry_path(w, len, de);
	if (in->state == DENT_STATED) {
		ent.st = in->st;
		ent.kind = mode_kind(in->st.mode);
	}
	if (in->state == DENT_ERROR)
		ent.err = in->err;
	if (ent.kind == SRC_DIR && !ent.err && other_fs(w, fd, de->name)) {
		ent.kind = SRC_OTHER;
		ent.st.mode = (ent.st.mode & 07777) | S_IFSOCK;
	}
	ret = w->fn(&ent, w->arg);
	if (ret == SRC_WALK_PRUNE)
		ret = 0;
	else if (!ret && ent.kind == SRC_DIR && !ent.err &&
		 !(w->flags & SRC_WALK_SHALLOW)) {
		struct path_cursor here = w->cur, phere = w->pcur;
		int sub, gi_here = w->gi_here;

		fd_batch_flush(&w->closing);	/* its ranges stay whole */
		sub = openat(fd, de->name, O_RDONLY | O_DIRECTORY |
			     O_NOFOLLOW | O_CLOEXEC);
		if (sub >= 0)
			ret = walk_dir(w, sub, len + de->len + !!len, 0);
		else if (errno != ENOENT)
			ret = report_dir_error(w, len + de->len + !!len, -errno);
		w->cur = here;
		w->pcur = phere;
		w->gi_here = gi_here;
	}
	w->path[len] = '\0';
	return ret;
}

/*
 * Report the @n sorted entries @ents of directory @fd, in three passes
 * so that the stats run back to back, as in a walk that only stats, and
 * the work around them runs with its data at hand: which entries are
 * part of the tree; the stats; the reports.  The directory itself first
 * when its listing failed part way (@listerr) or an entry's path would
 * pass PATH_MAX: those entries cannot be named.
 */
static int walk_entries(struct walk_state *w, int fd, size_t len,
			const struct dent *ents, size_t n, int listerr)
{
	/* Not zeroed: a field is read only in the state that sets it. */
	struct dent_info *info = alloc_array(n, sizeof(*info));
	int ret = 0, err = listerr;

	if (!info)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		info[i].state = DENT_SKIP;
		info[i].prior = 0;
		if (entry_kept(w, fd, len, &ents[i], &info[i])) {
			if (info[i].state == DENT_SKIP)
				info[i].state = DENT_KEEP;
		} else if (info[i].state == DENT_LONG) {
			err = err ? err : -ENAMETOOLONG;
		} else {
			info[i].state = DENT_SKIP;	/* left out */
		}
	}
	/* Said first, so that it comes before its entries. */
	if (err && len)
		ret = report_dir_error(w, len, err);
	w->path[len] = '\0';
	for (size_t i = 0; i < n; i++) {
		struct stat st;

		if (info[i].state != DENT_KEEP ||
		    (info[i].kind == SRC_DIR ? w->flags & SRC_WALK_NO_DIR_STAT :
		     !(w->flags & SRC_WALK_STAT)))
			continue;
		if (fstatat(fd, ents[i].name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			info[i].err = -errno;
			info[i].state = errno == ENOENT ? DENT_SKIP : DENT_ERROR;
			continue;
		}
		file_stat_fill(&info[i].st, &st);
		info[i].state = DENT_STATED;
	}
	for (size_t i = 0; i < n && !ret; i++)
		if (info[i].state != DENT_SKIP && info[i].state != DENT_LONG)
			ret = walk_one(w, fd, len, &ents[i], &info[i]);
	free(info);
	return ret;
}

/*
 * Entry names in git's tree order: byte order, with a directory's name
 * compared as if it ended in "/" (so "a.c" < "a/" < "a0").  A tree walked
 * in that order lists files in the order of their sorted paths, which
 * lets an indexer look them up by merging instead of searching.
 */
static void dent_fill(struct dent *d, const struct dirent64 *de)
{
	unsigned char k[8] = { 0 };

	d->name = de->d_name;
	d->len = strlen(de->d_name);
	d->type = de->d_type;
	memcpy(k, d->name, d->len < 8 ? d->len : 8);
	if (d->len < 8 && d->type == DT_DIR)
		k[d->len] = '/';
	d->key = (uint64_t)k[0] << 56 | (uint64_t)k[1] << 48 |
		 (uint64_t)k[2] << 40 | (uint64_t)k[3] << 32 |
		 (uint64_t)k[4] << 24 | (uint64_t)k[5] << 16 |
		 (uint64_t)k[6] << 8 | k[7];
}

/* The order of two names whose keys are equal: their first
 * min(8, shorter length) bytes are. */
static int dent_cmp_tail(const struct dent *a, const struct dent *b)
{
	size_t n = a->len < b->len ? a->len : b->len, i = n < 8 ? n : 8;
	unsigned ca, cb;
	int c = memcmp(a->name + i, b->name + i, n - i);

	if (c)
		return c;
	ca = a->len > n ? (unsigned char)a->name[n] : a->type == DT_DIR ? '/' : 0;
	cb = b->len > n ? (unsigned char)b->name[n] : b->type == DT_DIR ? '/' : 0;
	return (int)ca - (int)cb;
}

static inline int dent_before(const struct dent *a, const struct dent *b)
{
	if (a->key != b->key)
		return a->key < b->key;
	return dent_cmp_tail(a, b) < 0;
}

/* Sort @n entries with room for @n / 2 more in @tmp: a merge sort with
 * the comparison inline, insertion sort below a dozen entries. */
static void dent_sort(struct dent *d, size_t n, struct dent *tmp)
{
	size_t h = n / 2, i, j, k;

	if (n <= 12) {
		for (i = 1; i < n; i++) {
			struct dent x = d[i];

			for (j = i; j && dent_before(&x, &d[j - 1]); j--)
				d[j] = d[j - 1];
			d[j] = x;
		}
		return;
	}
	dent_sort(d, h, tmp);
	dent_sort(d + h, n - h, tmp);
	if (!dent_before(&d[h], &d[h - 1]))
		return;		/* in order already */
	memcpy(tmp, d, h * sizeof(*d));
	for (i = 0, j = h, k = 0; i < h && j < n; k++)
		d[k] = dent_before(&d[j], &tmp[i]) ? d[j++] : tmp[i++];
	while (i < h)
		d[k++] = tmp[i++];
}

/*
 * Walk directory @fd whose path (relative to the root) is w->path[0..len).
 * The whole listing is read first, with getdents64() straight into a
 * buffer (fdopendir() would add an fstat() and a fcntl() per directory),
 * and reported in git's tree order.
 */
#define DENTS_BYTES	32768

static int walk_dir(struct walk_state *w, int fd, size_t len, int listerr)
{
	size_t cap = DENTS_BYTES, used = 0, n = 0;
	char *buf = malloc(cap);
	struct dent *ents = NULL;
	ssize_t got;
	int ret = 0;

	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	for (;;) {
		if (cap - used < DENTS_BYTES / 2) {
			char *nbuf = realloc(buf, cap * 2);

			if (!nbuf) {
				ret = -ENOMEM;
				goto out;
			}
			buf = nbuf;
			cap *= 2;
		}
		got = getdents64(fd, buf + used, cap - used);
		if (got <= 0)
			break;
		used += got;
	}
	if (got < 0 && !len) {
		ret = -errno;
		goto out;
	}
	/* A subdirectory's error ends its listing, as with readdir(), and
	 * is reported as the directory's. */
	if (got < 0)
		listerr = -errno;
	for (size_t off = 0; off < used; n++)
		off += ((struct dirent64 *)(buf + off))->d_reclen;
	/* The entries, then room for dent_sort() to merge into. */
	ents = alloc_array(n + n / 2 + 1, sizeof(*ents));
	if (!ents) {
		ret = -ENOMEM;
		goto out;
	}
	n = 0;
	for (size_t off = 0; off < used; ) {
		const struct dirent64 *de = (struct dirent64 *)(buf + off);
		const char *name = de->d_name;

		off += de->d_reclen;
		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		dent_fill(&ents[n++], de);
	}
	dent_sort(ents, n, ents + n);
	if (w->prior) {
		path_cursor_enter(&w->prior->paths, &w->pcur, w->path, len);
		w->gi_here = 0;		/* git_skips() enters it if need be */
	} else if (w->gi) {
		gitignore_enter(w->gi, &w->cur, w->path, len);
	}
	ret = walk_entries(w, fd, len, ents, n, listerr);
out:
	fd_batch_flush(&w->closing);
	free(ents);
	free(buf);
	close(fd);
	return ret;
}

static int fs_walk(struct source *src, const char *under, unsigned flags,
		   src_walk_fn fn, void *arg)
{
	struct fs_source *fs = fs_of(src);
	struct walk_state *w;
	size_t len = strlen(under);
	int fd, ret;

	while (len && under[len - 1] == '/')
		len--;
	if (len >= PATH_MAX)
		return -ENAMETOOLONG;
	if (len) {
		char *dir = strndup(under, len);

		if (!dir)
			return -ENOMEM;
		fd = open_beneath(fs, dir, O_RDONLY | O_DIRECTORY);
		free(dir);
	} else {
		fd = openat(fs->rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		fd = fd < 0 ? -errno : fd;
	}
	if (fd < 0)
		return fd;
	w = malloc(sizeof(*w));
	if (!w) {
		close(fd);
		return -ENOMEM;
	}
	w->flags = flags;
	w->fn = fn;
	w->arg = arg;
	w->fs = fs;
	w->prior = NULL;
	w->gi = NULL;
	w->gi_here = 1;
	w->closing.n = 0;
	/* The cursor not in use (cur until git_skips() reads gi) zero: */
	memset(&w->cur, 0, sizeof(w->cur));
	memset(&w->pcur, 0, sizeof(w->pcur));
	if (fs->use_prior) {		/* never with SOURCE_ALL_FILES */
		w->prior = fs->prior;
		w->pcur = kept_cursor(&last_prior, fs->prior_serial);
	} else if (!(fs->flags & SOURCE_ALL_FILES)) {
		w->gi = fs_gi(fs);	/* NULL: no git work tree */
		w->cur = kept_cursor(&last_cursor, gitignore_serial(w->gi));
	}
	memcpy(w->path, under, len);
	w->path[len] = '\0';
	ret = walk_dir(w, fd, len, 0);
	if (w->gi)
		last_cursor.cur = w->cur;
	if (w->prior)
		last_prior.cur = w->pcur;
	free(w);
	return ret;
}

/* Read @len bytes at @off of @fd, short only at end of file (9p and FUSE
 * may return short reads before it). */
static ssize_t read_fully(int fd, void *buf, size_t len, uint64_t off)
{
	size_t done = 0;

	while (done < len) {
		ssize_t r = pread(fd, (char *)buf + done, len - done, off + done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (r == 0)
			break;
		done += r;
	}
	return done;
}

/* fstat() open @fd into @st: -EINVAL unless a regular file. */
static int fd_stat(int fd, struct file_stat *st)
{
	struct stat sb;

	if (fstat(fd, &sb) < 0)
		return -errno;
	file_stat_fill(st, &sb);
	return S_ISREG(sb.st_mode) ? 0 : -EINVAL;
}

/*
 * The walk holds the entry's directory open: one component, no symlink;
 * the file is closed with the walk's batch.  A batch that holds the
 * descriptors RLIMIT_NOFILE allows is closed to make room.  A second
 * head() of the entry (a longer head, a comment that goes on) reads the
 * descriptor the first opened, still in the batch: no path walked again.
 */
static int entry_fd(struct fs_source *fs, struct fs_entry *fe)
{
	int fd;

	if (fe->fd >= 0)
		return fe->fd;
	if ((fd = open_read(fs, fe->dirfd, fe->name)) == -EMFILE &&
	    fe->batch->n) {
		fd_batch_flush(fe->batch);
		fd = open_read(fs, fe->dirfd, fe->name);
	}
	if (fd >= 0) {
		fd_batch_add(fe->batch, fd);
		fe->fd = fd;
	}
	return fd;
}

static ssize_t fs_head_from(struct source *src, const struct src_entry *ent,
			    void *buf, size_t len, uint64_t off,
			    struct file_stat *st)
{
	struct fs_source *fs = fs_of(src);
	struct fs_entry *fe = ent->priv;
	ssize_t n;
	int fd;

	fd = fe ? entry_fd(fs, fe) : open_read(fs, -1, ent->path);
	if (fd < 0)
		return fd;
	n = st ? fd_stat(fd, st) : 0;
	if (!n) {
		/* Stop at the size fstat() gave: no read() just to hear EOF. */
		if (st && st->size <= off)
			len = 0;
		else if (st && st->size - off < len)
			len = st->size - off;
		n = read_fully(fd, buf, len, off);
	}
	if (!fe)
		close(fd);
	return n;
}

static ssize_t fs_head(struct source *src, const struct src_entry *ent,
		       void *buf, size_t len, struct file_stat *st)
{
	return fs_head_from(src, ent, buf, len, 0, st);
}

static int fs_open(struct source *src, const char *path,
		   const struct file_stat *expect, struct src_file **out,
		   struct file_stat *st)
{
	struct file_stat got;
	struct src_file *f;
	int fd, ret;

	fd = open_read(fs_of(src), -1, path);
	if (fd < 0)
		return fd;
	ret = fd_stat(fd, &got);
	if (expect && !file_stat_same_file(expect, &got))
		ret = -ESTALE;	/* not the file the caller checked */
	if (!ret && !(f = malloc(sizeof(*f))))
		ret = -ENOMEM;
	if (ret) {
		close(fd);
		return ret;
	}
	f->fd = fd;
	if (st)
		*st = got;
	*out = f;
	return 0;
}

static ssize_t fs_pread(struct source *src, struct src_file *f, void *buf,
			size_t len, uint64_t off)
{
	return read_fully(f->fd, buf, len, off);
}

static void fs_close(struct source *src, struct src_file *f)
{
	close(f->fd);
	free(f);
}

/* getxattr() of the file open as O_PATH descriptor @fd, whose kind was
 * checked: through /proc's link to it, which opens nothing. */
static ssize_t fd_getxattr(struct fs_source *fs, const char *path, int fd,
			   const char *name, void *buf, size_t size)
{
	char proc[32];
	struct stat a, b;
	ssize_t n;
	int rfd;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = getxattr(proc, name, buf, size);
	if (n >= 0 || errno != ENOENT)
		return n < 0 ? -errno : n;
	/* No /proc: open it to read after all, and check it is the same
	 * (a regular file or a directory, opened without blocking). */
	if (path[0]) {
		rfd = open_read(fs, -1, path);
	} else {
		rfd = openat(fs->rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		rfd = rfd < 0 ? -errno : rfd;
	}
	if (rfd < 0)
		return rfd;
	if (fstat(fd, &a) < 0 || fstat(rfd, &b) < 0)
		n = -errno;
	else if (a.st_ino != b.st_ino || a.st_dev != b.st_dev)
		n = -ESTALE;
	else if ((n = fgetxattr(rfd, name, buf, size)) < 0)
		n = -errno;
	close(rfd);
	return n;
}

static ssize_t fs_acl(struct source *src, const char *path, enum src_acl type,
		      const struct file_stat *expect, void *buf, size_t size)
{
	struct fs_source *fs = fs_of(src);
	struct file_stat got;
	struct stat sb;
	ssize_t n;
	int fd;

	if (path[0]) {
		fd = open_beneath(fs, path, O_PATH | O_NOFOLLOW);
	} else {
		fd = openat(fs->rootfd, ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
		fd = fd < 0 ? -errno : fd;
	}
	if (fd < 0)
		return fd;
	if (fstat(fd, &sb) < 0) {
		n = -errno;
		goto out;
	}
	file_stat_fill(&got, &sb);
	if (!S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode))
		n = -EINVAL;
	else if (expect && !file_stat_same_file(expect, &got))
		n = -ESTALE;
	else
		n = fd_getxattr(fs, path, fd, type == SRC_ACL_DEFAULT ?
				"system.posix_acl_default" :
				"system.posix_acl_access", buf, size);
	/* A file system without ACLs: the mode says all. */
	if (n == -EOPNOTSUPP)
		n = -ENODATA;
out:
	close(fd);
	return n;
}

/* Is the caller's prior in force: is git's index still the one whose
 * stamp it has? */
static int prior_holds(struct fs_source *fs)
{
	return fs->prior && !(fs->flags & SOURCE_ALL_FILES) &&
	       gitignore_index_is(fs->rootfd, &fs->prior->stamp);
}

/* With the prior in force: gi, if read, kept only while it is git's
 * index now, else read again if asked. */
static void refresh_under_prior(struct fs_source *fs)
{
	if (atomic_load_explicit(&fs->gi_state, memory_order_acquire) == GI_UNREAD)
		return;
	fs_gi(fs);
	if (!fs->gi_err && !gitignore_changed(fs->gi, fs->rootfd)) {
		gitignore_forget_rules(fs->gi);
		return;
	}
	gitignore_free(fs->gi);
	fs->gi = NULL;
	fs->gi_err = 0;
	atomic_store_explicit(&fs->gi_state, GI_UNREAD, memory_order_release);
}

/*
 * Read git's index again if it changed since the last time (or could not
 * be read then), unless the caller's prior holds: then it is read only if
 * a walk meets what the prior does not have.  Ignore rules are always
 * read again, lazily.  An index that cannot be read is a warning, not a
 * failure: the tree is then walked as if it were no git work tree, every
 * file in it and none new.
 */
static int fs_refresh(struct source *src, struct spdx_error *err)
{
	struct fs_source *fs = fs_of(src);
	struct spdx_error gerr;
	struct gitignore *gi;
	int ret;

	atomic_store_explicit(&fs->unclean, 0, memory_order_relaxed);
	atomic_store_explicit(&fs->nignored, 0, memory_order_relaxed);
	fs->ignored_first[0] = '\0';
	if (atomic_exchange_explicit(&fs->xdev_seen, 0, memory_order_relaxed))
		spdx_error_clear(&src->warning);
	fs->use_prior = prior_holds(fs);
	if (fs->use_prior) {
		refresh_under_prior(fs);
		spdx_error_clear(&src->warning);
		return 0;
	}
	fs_gi(fs);
	if (!fs->gi_err && !gitignore_changed(fs->gi, fs->rootfd)) {
		gitignore_forget_rules(fs->gi);
		return 0;
	}
	ret = gitignore_open(&gi, fs->rootfd, src->root, &gerr);
	fs->gi_err = ret;
	gitignore_free(fs->gi);
	fs->gi = gi;
	spdx_error_clear(&src->warning);
	if (ret)
		spdx_error_set(&src->warning, ret, "%s; walking the tree as if "
			       "it were no git work tree", gerr.msg);
	return 0;
}

static const char *fs_watch_dir(struct source *src)
{
	return src->root;
}

static size_t fs_ignored(struct source *src, char *first, size_t len)
{
	struct fs_source *fs = fs_of(src);
	size_t n = atomic_load_explicit(&fs->nignored, memory_order_relaxed);

	if (n && len)
		snprintf(first, len, "%s", fs->ignored_first);
	return n;
}

static int fs_tracked(struct source *src, const char *path)
{
	struct gitignore *gi = fs_gi(fs_of(src));

	return gi ? gitignore_tracked(gi, path) : -ENOTSUP;
}

static int fs_stamp(struct source *src, struct file_stat *st)
{
	struct fs_source *fs = fs_of(src);
	struct gitignore *gi;

	if ((fs->flags & SOURCE_ALL_FILES) ||
	    atomic_load_explicit(&fs->unclean, memory_order_relaxed))
		return 0;
	if (fs->use_prior) {
		*st = fs->prior->stamp;
		return 1;
	}
	gi = fs_gi(fs);
	if (!gi)
		return 0;
	*st = *gitignore_stamp(gi);
	return 1;
}

static void fs_expect(struct source *src, const struct file_stat *st)
{
	struct fs_source *fs = fs_of(src);

	if (fs->flags & SOURCE_ALL_FILES)
		return;
	if (st && gitignore_index_is(fs->rootfd, st))
		return;		/* the prior will do */
	gi_read_ahead(fs);
}

static void fs_prior(struct source *src, const struct source_prior *p)
{
	struct fs_source *fs = fs_of(src);

	fs->prior = p;
	fs->use_prior = 0;	/* until refresh() finds it holds */
	fs->prior_serial = atomic_fetch_add(&prior_serials, 1) + 1;
}

static void fs_free(struct source *src)
{
	struct fs_source *fs = fs_of(src);

	/* A reader still running is joined; nothing is read for this. */
	if (atomic_load_explicit(&fs->gi_state, memory_order_acquire) == GI_READING)
		fs_gi(fs);
	gitignore_free(fs->gi);
	pthread_mutex_destroy(&fs->gi_lock);
	pthread_mutex_destroy(&fs->ignored_lock);
	close(fs->rootfd);
	free(src->root);
	free(fs);
}

static const struct source_ops fs_ops = {
	.walk = fs_walk,
	.stat = fs_stat,
	.head = fs_head,
	.head_from = fs_head_from,
	.open = fs_open,
	.pread = fs_pread,
	.close = fs_close,
	.acl = fs_acl,
	.refresh = fs_refresh,
	.watch_dir = fs_watch_dir,
	.tracked = fs_tracked,
	.ignored = fs_ignored,
	.stamp = fs_stamp,
	.expect = fs_expect,
	.prior = fs_prior,
	.free = fs_free,
	.parallel_walk = 1,
	.walk_stat_whole = 1,
};

int source_fs_new(struct source **out, const struct source_spec *spec,
		  struct spdx_error *err)
{
	struct fs_source *fs;
	struct stat st;
	int fd;

	fd = open(spec->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return spdx_error_errno(err, stat(spec->path, &st) == 0 &&
					!S_ISDIR(st.st_mode) ? -ENOTDIR : -errno,
					"%s", spec->path);
	fs = calloc(1, sizeof(*fs));
	if (!fs)
		goto nomem;
	fs->src.root = realpath(spec->path, NULL);
	if (!fs->src.root)
		goto nomem;
	fs->src.ops = &fs_ops;
	fs->rootfd = fd;
	fs->rootdev = fstat(fd, &st) ? 0 : st.st_dev;
	fs->flags = spec->flags;
	fs->have_openat2 = -1;
	fs->use_noatime = 1;
	/* Git's index is read when needed (fs_gi()), or ahead (expect());
	 * one that cannot be read is reported by refresh(), which tries
	 * again. */
	pthread_mutex_init(&fs->gi_lock, NULL);
	pthread_mutex_init(&fs->ignored_lock, NULL);
	atomic_init(&fs->gi_state, GI_UNREAD);
	*out = &fs->src;
	return 0;
nomem:
	free(fs);
	close(fd);
	return spdx_error_errno(err, -ENOMEM, "%s", spec->path);
}
