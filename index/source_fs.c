// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_fs: a directory on disk as a struct source.
 *
 * Every access is made relative to a descriptor of the root, one path
 * component at a time with O_NOFOLLOW, or with openat2(RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS) where the kernel has it: a symlink anywhere in a
 * path fails with ELOOP, and nothing outside the root can be reached.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/openat2.h>

#include "source.h"

/* openat2(): -1 not tried yet, 1 usable, 0 missing or filtered. */
static int have_openat2 = -1;

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
			next = next < 0 ? -errno : next;
			goto out;
		}
		next = openat(fd, comp, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0) {
			next = -errno;
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

int source_open_beneath(int dirfd, const char *path, int flags)
{
	int have = __atomic_load_n(&have_openat2, __ATOMIC_RELAXED), fd;

	if (path[0] == '/' || path[0] == '\0')
		return -EINVAL;
	flags |= O_CLOEXEC | O_NOFOLLOW;
	if (have) {
		fd = openat2_beneath(dirfd, path, flags);
		if (have < 0) {
			have = openat2_usable(dirfd, fd);
			__atomic_store_n(&have_openat2, have, __ATOMIC_RELAXED);
		}
		if (have)
			return fd == -EXDEV ? -ELOOP : fd;
	}
	return open_nofollow_walk(dirfd, path, flags);
}

static int fs_open(struct source *src, const char *path, int flags)
{
	return source_open_beneath(src->dirfd, path, flags);
}

/* Cleared at the first file O_NOATIME is refused for: it is refused for
 * every file we do not own, and a tree we do not own has 78,000 of them. */
static int use_noatime = 1;

/*
 * Open a file to read: @name in directory @dirfd (one component) when
 * @dirfd >= 0, else the path @name beneath the root.  Returns fd or -errno.
 */
static int open_read(struct source *src, int dirfd, const char *name, int extra)
{
	for (;;) {
		int noatime = __atomic_load_n(&use_noatime, __ATOMIC_RELAXED);
		int flags = O_RDONLY | extra | (noatime ? O_NOATIME : 0), fd;

		if (dirfd >= 0) {
			fd = openat(dirfd, name, flags | O_NOFOLLOW | O_CLOEXEC);
			fd = fd < 0 ? -errno : fd;
		} else {
			fd = fs_open(src, name, flags);
		}
		if (fd != -EPERM || !noatime)
			return fd;
		__atomic_store_n(&use_noatime, 0, __ATOMIC_RELAXED);
	}
}

int source_fs_open_read(struct source *src, const char *path, int flags)
{
	return open_read(src, -1, path, flags);
}

static ssize_t fs_read(struct source *src, const char *path, uint64_t off,
		       void *buf, size_t len)
{
	ssize_t n, done = 0;
	int fd = open_read(src, -1, path, 0);

	if (fd < 0)
		return fd;
	while ((size_t)done < len) {
		n = pread(fd, (char *)buf + done, len - done, off + done);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			done = -errno;
			break;
		}
		if (n == 0)
			break;
		done += n;
	}
	close(fd);
	return done;
}

static void fill_entry(struct src_entry *ent, const struct stat *st)
{
	ent->st = (struct file_stat){
		.size = st->st_size,
		.mtime_ns = (int64_t)st->st_mtim.tv_sec * 1000000000 +
			    st->st_mtim.tv_nsec,
		.ctime_ns = (int64_t)st->st_ctim.tv_sec * 1000000000 +
			    st->st_ctim.tv_nsec,
		.ino = st->st_ino,
		.mode = st->st_mode,
		.uid = st->st_uid,
		.gid = st->st_gid,
	};
	if (S_ISREG(st->st_mode))
		ent->kind = SRC_REG;
	else if (S_ISDIR(st->st_mode))
		ent->kind = SRC_DIR;
	else if (S_ISLNK(st->st_mode))
		ent->kind = SRC_SYMLINK;
	else
		ent->kind = SRC_OTHER;
}

static int fs_stat(struct source *src, const char *path, struct src_entry *ent)
{
	struct stat st;
	const char *slash = strrchr(path, '/');
	int dfd = src->dirfd, ret = 0;

	if (path[0] == '\0') {		/* the root itself */
		if (fstat(src->dirfd, &st) < 0)
			return -errno;
		fill_entry(ent, &st);
		ent->path = path;
		return 0;
	}
	if (path[0] == '/')
		return -EINVAL;
	/* Resolve the parent safely, then lstat the last component. */
	if (slash) {
		char *parent = strndup(path, slash - path);

		if (!parent)
			return -ENOMEM;
		dfd = fs_open(src, parent, O_PATH | O_DIRECTORY);
		free(parent);
		if (dfd < 0)
			return dfd;
	}
	if (fstatat(dfd, slash ? slash + 1 : path, &st, AT_SYMLINK_NOFOLLOW) < 0)
		ret = -errno;
	else
		fill_entry(ent, &st);
	if (dfd != src->dirfd)
		close(dfd);
	ent->path = path;
	return ret;
}

struct walk_state {
	unsigned flags;
	src_walk_fn fn;
	void *arg;
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

static int walk_dir(struct walk_state *w, int fd, size_t len);

/* One directory entry: report it, and descend unless told not to. */
static int walk_one(struct walk_state *w, int fd, size_t len,
		    const struct dirent64 *de)
{
	const char *name = de->d_name;
	size_t n = strlen(name);
	struct src_entry ent = {
		.path = w->path, .st.ino = de->d_ino, .dirfd = fd, .name = name,
	};
	struct stat st;
	int ret;

	if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
		return 0;
	if (len == 0 && !strcmp(name, ".git"))
		return 0;
	if (len + n + 2 > sizeof(w->path))
		return 0;	/* deeper than PATH_MAX: cannot be named */
	if (len)
		w->path[len] = '/';
	memcpy(w->path + len + !!len, name, n + 1);
	ent.kind = dtype_kind(de->d_type);
	if (de->d_type == DT_UNKNOWN || de->d_type == DT_DIR ||
	    (w->flags & SRC_WALK_STAT)) {
		if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			goto out;
		fill_entry(&ent, &st);
	}
	ret = w->fn(&ent, w->arg);
	if (ret == SRC_WALK_PRUNE)
		goto out;
	if (ret)
		return ret;
	if (ent.kind == SRC_DIR && !(w->flags & SRC_WALK_SHALLOW)) {
		int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
				 O_CLOEXEC);

		if (sub >= 0 && (ret = walk_dir(w, sub, len + n + !!len)))
			return ret;
	}
out:
	w->path[len] = '\0';
	return 0;
}

/*
 * Entry names in git's tree order: byte order, with a directory's name
 * compared as if it ended in "/" (so "a.c" < "a/" < "a0").  A tree walked
 * in that order lists files in the order of their sorted paths, which
 * lets an indexer look them up by merging instead of searching.
 */
static int cmp_dent(const void *x, const void *y)
{
	const struct dirent64 *a = *(const struct dirent64 *const *)x;
	const struct dirent64 *b = *(const struct dirent64 *const *)y;
	const unsigned char *p = (const unsigned char *)a->d_name;
	const unsigned char *q = (const unsigned char *)b->d_name;
	unsigned cp, cq;

	while (*p && *p == *q)
		p++, q++;
	cp = *p ? *p : a->d_type == DT_DIR ? '/' : 0;
	cq = *q ? *q : b->d_type == DT_DIR ? '/' : 0;
	return (int)cp - (int)cq;
}

/*
 * Walk directory @fd whose path (relative to the root) is w->path[0..len).
 * The whole listing is read first, with getdents64() straight into a
 * buffer (fdopendir() would add an fstat() and a fcntl() per directory),
 * and reported in git's tree order.
 */
#define DENTS_BYTES	32768

static int walk_dir(struct walk_state *w, int fd, size_t len)
{
	size_t cap = DENTS_BYTES, used = 0, n = 0;
	char *buf = malloc(cap);
	struct dirent64 **ents = NULL;
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
		ret = -errno;	/* a subdirectory's error ends its listing,
				   as with readdir() */
		goto out;
	}
	for (size_t off = 0; off < used; n++)
		off += ((struct dirent64 *)(buf + off))->d_reclen;
	ents = malloc((n ? n : 1) * sizeof(*ents));
	if (!ents) {
		ret = -ENOMEM;
		goto out;
	}
	n = 0;
	for (size_t off = 0; off < used; n++) {
		ents[n] = (struct dirent64 *)(buf + off);
		off += ents[n]->d_reclen;
	}
	qsort(ents, n, sizeof(*ents), cmp_dent);
	for (size_t i = 0; i < n && !ret; i++)
		ret = walk_one(w, fd, len, ents[i]);
out:
	free(ents);
	free(buf);
	close(fd);
	return ret;
}

static int fs_walk(struct source *src, const char *under, unsigned flags,
		   src_walk_fn fn, void *arg)
{
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
		fd = fs_open(src, dir, O_RDONLY | O_DIRECTORY);
		free(dir);
	} else {
		fd = openat(src->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
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
	memcpy(w->path, under, len);
	w->path[len] = '\0';
	ret = walk_dir(w, fd, len);
	free(w);
	return ret;
}

/* Read the head of open file @fd, filling @ent from fstat(); closes @fd. */
static ssize_t fd_head(int fd, const char *path, void *buf, size_t len,
		       struct src_entry *ent)
{
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) < 0) {
		n = -errno;
		goto out;
	}
	fill_entry(ent, &st);
	ent->path = path;
	if (ent->kind != SRC_REG) {
		n = -EINVAL;
		goto out;
	}
	/* Stop at the size fstat() gave: no read() just to hear EOF. */
	if ((uint64_t)st.st_size < len)
		len = st.st_size;
	n = 0;
	while ((size_t)n < len) {	/* 9p and FUSE may return short reads */
		ssize_t r = read(fd, (char *)buf + n, len - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			n = -errno;
			break;
		}
		if (r == 0)
			break;
		n += r;
	}
out:
	close(fd);
	return n;
}

static ssize_t fs_head(struct source *src, const char *path, void *buf,
		       size_t len, struct src_entry *ent)
{
	int fd = open_read(src, -1, path, 0);

	if (fd < 0)
		return fd;
	return fd_head(fd, path, buf, len, ent);
}

/* The walk holds the entry's directory open: one component, no symlink. */
static ssize_t fs_entry_head(struct source *src, const struct src_entry *e,
			     void *buf, size_t len, struct src_entry *ent)
{
	int fd;

	if (e->dirfd < 0 || !e->name)
		return fs_head(src, e->path, buf, len, ent);
	fd = open_read(src, e->dirfd, e->name, 0);
	if (fd < 0)
		return fd;
	return fd_head(fd, e->path, buf, len, ent);
}

static void fs_free(struct source *src)
{
	if (src->dirfd >= 0)
		close(src->dirfd);
	free(src->root);
	free(src);
}

static const struct source_ops fs_ops = {
	.walk = fs_walk,
	.read = fs_read,
	.stat = fs_stat,
	.head = fs_head,
	.entry_head = fs_entry_head,
	.parallel_walk = 1,
	.free = fs_free,
};

int source_fs_open(struct source **out, const char *path)
{
	struct source *src;
	struct stat st;
	int fd;

	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return stat(path, &st) == 0 && !S_ISDIR(st.st_mode) ? -ENOTDIR : -errno;
	src = calloc(1, sizeof(*src));
	if (!src)
		goto nomem;
	src->root = realpath(path, NULL);
	if (!src->root)
		goto nomem;
	src->ops = &fs_ops;
	src->dirfd = fd;
	*out = src;
	return 0;
nomem:
	free(src);
	close(fd);
	return -ENOMEM;
}

int file_read_all(const char *path, size_t max, char **buf, size_t *len)
{
	struct stat st;
	char *p = NULL;
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		ret = -errno;
	else if ((uint64_t)st.st_size > max)
		ret = -EFBIG;
	else if (!(p = malloc(st.st_size + 1)))
		ret = -ENOMEM;
	while (!ret && n < (size_t)st.st_size) {
		ssize_t r = read(fd, p + n, st.st_size - n);

		if (r > 0)
			n += r;
		else if (!r)
			ret = -EIO;	/* the file shrank meanwhile */
		else if (errno != EINTR)
			ret = -errno;
	}
	close(fd);
	if (ret) {
		free(p);
		return ret;
	}
	p[n] = '\0';
	*buf = p;
	if (len)
		*len = n;
	return 0;
}

int source_read_all(struct source *src, const char *path, size_t max,
		    char **buf, size_t *len)
{
	size_t cap = 8192, n = 0;
	char *p = NULL, *q;
	ssize_t r;

	for (;;) {
		q = realloc(p, cap + 1);
		if (!q) {
			free(p);
			return -ENOMEM;
		}
		p = q;
		r = source_read(src, path, n, p + n, cap - n);
		if (r < 0) {
			free(p);
			return r;
		}
		n += r;
		if (n < cap)
			break;
		if (cap >= max) {
			free(p);
			return -EFBIG;
		}
		cap = cap * 2 > max ? max : cap * 2;
	}
	if (n > max) {
		free(p);
		return -EFBIG;
	}
	p[n] = '\0';
	*buf = p;
	if (len)
		*len = n;
	return 0;
}
