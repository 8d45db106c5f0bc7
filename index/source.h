/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * source: where a tree's file list and file bytes come from.
 *
 * The scanner, the parser and the views never open files themselves; they
 * ask a struct source.  Two implementations: a directory on disk
 * (source_fs_open) and, later, a git tree object read through libgit2.
 * Paths are relative to the tree root, '/'-separated, without "./".
 *
 * Thread-safety: read(), head() and stat() may be called from several
 * threads at once; so may walk() on distinct subtrees when
 * ops->parallel_walk is set (otherwise from one thread at a time).
 */
#ifndef SPDXFS_SOURCE_H
#define SPDXFS_SOURCE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * One version of a file as its source sees it: the attributes a view
 * shows (size, mtime, mode, owner) and what tells versions apart.  For a
 * directory on disk that is the stat data git's index compares: an edit
 * that restores size and mtime (a retag, then "touch -d") still moves
 * ctime, and a file renamed over another has another inode.  The git
 * source adds its blob id here; only the two comparisons below and the
 * saved index's record change with it.
 */
struct file_stat {
	uint64_t size;
	int64_t mtime_ns;
	int64_t ctime_ns;	/* inode change time; 0 where there is none */
	uint64_t ino;		/* which file: the inode number */
	uint32_t mode;		/* type and permissions, as st_mode */
	uint32_t uid, gid;
	uint32_t pad;		/* zero: the struct is saved as it is */
};

/* Is @b the version @a describes?  The one test of "did it change?". */
static inline int file_stat_same(const struct file_stat *a,
				 const struct file_stat *b)
{
	return a->size == b->size && a->mtime_ns == b->mtime_ns &&
	       a->ctime_ns == b->ctime_ns && a->ino == b->ino &&
	       a->mode == b->mode && a->uid == b->uid && a->gid == b->gid;
}

struct source;

enum src_kind {
	SRC_REG,
	SRC_DIR,
	SRC_SYMLINK,
	SRC_OTHER,	/* fifo, socket, device */
};

struct src_entry {
	const char *path;	/* valid during the callback only */
	enum src_kind kind;
	struct file_stat st;	/* see walk() */
	/* private to the source, valid during the callback: lets
	 * entry_head() read the entry without resolving its path again */
	int dirfd;
	const char *name;
};

/*
 * Called for each entry below the root, directories before their contents.
 * A source should report a directory's entries in git's tree order (byte
 * order, a directory's name compared as if it ended in "/"): then files
 * come in the order of their sorted paths, which callers may use for
 * speed, never for correctness.  Return 0 to go on,
 * SRC_WALK_PRUNE for a directory not to descend into, any other non-zero
 * value to stop the walk with that value.
 */
#define SRC_WALK_PRUNE	1
#define SRC_WALK_STAT	1u	/* fill st of every entry; directories
				   always have it */
#define SRC_WALK_SHALLOW 2u	/* do not descend into subdirectories */

typedef int (*src_walk_fn)(const struct src_entry *ent, void *arg);

struct source_ops {
	/* Walk the tree below directory @under ("" for the root), not
	 * following symlinks.  Only path, kind and st.ino are guaranteed
	 * unless @flags has SRC_WALK_STAT; otherwise the rest of st of files
	 * may be 0.  Directories always come with theirs.
	 * Returns 0, a callback's value, or -errno. */
	int (*walk)(struct source *src, const char *under, unsigned flags,
		    src_walk_fn fn, void *arg);
	/* Read up to @len bytes at @off of regular file @path.  Returns the
	 * byte count (short at end of file) or -errno.  Never follows a
	 * symlink, never leaves the tree. */
	ssize_t (*read)(struct source *src, const char *path, uint64_t off,
			void *buf, size_t len);
	/* Fill @ent for @path (kind and st) without following a final
	 * symlink.  Returns 0 or -errno. */
	int (*stat)(struct source *src, const char *path, struct src_entry *ent);
	/* Read the first @len bytes of regular file @path and fill @ent as
	 * stat() would, in one go.  Returns the byte count or -errno. */
	ssize_t (*head)(struct source *src, const char *path, void *buf,
			size_t len, struct src_entry *ent);
	/* Like head(), for an entry during a walk callback. */
	ssize_t (*entry_head)(struct source *src, const struct src_entry *ent,
			      void *buf, size_t len, struct src_entry *st);
	void (*free)(struct source *src);
	int parallel_walk;	/* walk() may run on several threads */
};

struct source {
	const struct source_ops *ops;
	char *root;		/* display name: absolute path, or REPO@REV */
	int dirfd;		/* fs sources: O_PATH|O_DIRECTORY fd of the root;
				   -1 for others */
};

/*
 * Open the directory @path as a source.  Returns 0 and sets *@out, or
 * -ENOENT, -ENOTDIR, -EACCES, ... .
 */
int source_fs_open(struct source **out, const char *path);

static inline ssize_t source_read(struct source *src, const char *path,
				  uint64_t off, void *buf, size_t len)
{
	return src->ops->read(src, path, off, buf, len);
}

/*
 * For fs sources and their users (the mount's reads): open @path, relative
 * and without "." or "..", beneath directory @dirfd without following a
 * symlink anywhere (openat2 RESOLVE_BENEATH where the kernel has it, one
 * component at a time where not).  Returns fd or -errno.
 */
int source_open_beneath(int dirfd, const char *path, int flags);

/* Open @path beneath @src's root to read, with @flags added (O_NONBLOCK),
 * and O_NOATIME while files let us.  Returns fd or -errno. */
int source_fs_open_read(struct source *src, const char *path, int flags);

/* Read a whole (small) file: *@buf is malloc'd and NUL-terminated.
 * Fails with -EFBIG past @max bytes. */
int source_read_all(struct source *src, const char *path, size_t max,
		    char **buf, size_t *len);

/* The same for a file named by an ordinary path, outside any source (a
 * build's records, a decisions file). */
int file_read_all(const char *path, size_t max, char **buf, size_t *len);

static inline int source_walk(struct source *src, const char *under,
			      src_walk_fn fn, void *arg)
{
	return src->ops->walk(src, under, 0, fn, arg);
}

static inline void source_free(struct source *src)
{
	if (src)
		src->ops->free(src);
}

#endif
