/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * source: where a tree's file list, file versions and file bytes come from.
 *
 * The index, the scanner and the views never open a file themselves: they
 * ask a struct source.  Two implementations: a directory on disk
 * (source_fs.c), and the tree of a git revision read through libgit2
 * (source_git.c), whose walk lists tree objects, whose files are blobs,
 * and whose file_stat tells versions apart by blob id.
 *
 * Paths are relative to the tree root, '/'-separated, with no empty, "."
 * or ".." component and no leading '/'; "" is the root.
 *
 * What every source guarantees:
 *  - Nothing outside the tree is reached and no symlink is followed: a
 *    path through one fails with -ELOOP, a malformed path with -EINVAL.
 *  - Only regular files are opened, and opening one never blocks (a FIFO
 *    or a device is never read): anything else fails with -EINVAL.
 *  - Walks list the tree as the source sees it: the fs source leaves out
 *    what git neither tracks nor would add, unless the spec says
 *    SOURCE_ALL_FILES, with git's index as of the last source_refresh()
 *    (before the first, as of its first use), or what a caller's prior
 *    says of it (ops->prior).  Directories and contents are read live.
 *  - Errors are 0 or -errno; a source never prints, exits or aborts.
 *    Opening and refreshing, whose failures a person reads, also fill a
 *    struct spdx_error (error.h).
 *
 * Threads: stat(), head(), open(), pread() and close() may run on any
 * number of threads at once, also while another thread walks or
 * refreshes; so may walk() on several threads when ops->parallel_walk is
 * set (one at a time otherwise); refresh() runs alone among walks.
 *
 * Ownership: the caller frees a source with source_free(), once every
 * file it opened is closed.  Strings and entries handed to a walk
 * callback live for the callback only.
 *
 * This header is for a source's users.  source_impl.h has what the
 * implementations share, source_git.h what only the revision source
 * does (history.c's retargeting and repository handles).
 */
#ifndef SPDXFS_SOURCE_H
#define SPDXFS_SOURCE_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

#include "util/error.h"
#include "source/file_stat.h"
#include "util/pathsearch.h"

struct source;
struct src_file;	/* an open regular file; each source has its own */
struct spdx_error;

enum src_kind {
	SRC_REG,
	SRC_DIR,
	SRC_SYMLINK,
	SRC_OTHER,	/* fifo, socket, device */
};

/* The POSIX ACLs of a file or directory (acl() below). */
enum src_acl {
	SRC_ACL_ACCESS,		/* who may read, as system.posix_acl_access */
	SRC_ACL_DEFAULT,	/* a directory's, for what is created in it */
};

struct src_entry {
	const char *path;	/* valid during the callback only */
	enum src_kind kind;
	struct file_stat st;	/* directories unless SRC_WALK_NO_DIR_STAT;
				   other entries with SRC_WALK_STAT, else
				   zero */
	void *priv;		/* the source's: lets head() open the entry
				   without resolving its path again; valid
				   during the callback only */
	int err;		/* 0, or -errno: the entry is there but
				   could not be looked at (a file not
				   stat'ed, a directory not listed whole, or
				   one with entries whose paths would pass
				   PATH_MAX, reported as the directory
				   itself, before its other entries, with
				   -ENAMETOOLONG); never descended into */
	size_t prior;		/* a file the walk found in the caller's
				   prior (ops->prior): 1 + its element
				   there; else 0 */
};

/*
 * What a caller kept of a tree when it last walked it (ops->prior): the
 * paths, sorted, of the regular files, of the symlinks and of the other
 * entries (SRC_OTHER), and the source's stamp then (ops->stamp), which
 * says that the tree's version control tracked every one of them.
 */
struct source_prior {
	struct path_array paths, links, others;
	struct file_stat stamp;
};

/*
 * Called for each entry below the directory walked, a directory before
 * its contents, and for an entry that is there but could not be looked
 * at, with its error (src_entry.err): nothing is left out silently.  A source reports a directory's entries in git's tree
 * order (byte order, a directory's name compared as if it ended in "/"):
 * then files come in the order of their sorted paths, which callers may
 * use for speed, never for correctness.  Return 0 to go on,
 * SRC_WALK_PRUNE for a directory not to descend into, any other non-zero
 * value to stop the walk with that value.
 */
#define SRC_WALK_PRUNE	1
#define SRC_WALK_STAT	1u	/* fill st of every entry */
#define SRC_WALK_SHALLOW 2u	/* do not descend into subdirectories */
#define SRC_WALK_NO_DIR_STAT 4u	/* directories may come with st zero
				   (their kind still set): a stat fewer
				   each for a caller that shows none */

typedef int (*src_walk_fn)(const struct src_entry *ent, void *arg);

struct source_ops {
	/* Walk the tree below directory @under ("" for the root), not
	 * following symlinks, leaving out what the source's view of the
	 * tree leaves out.  Returns 0, a callback's value, or -errno. */
	int (*walk)(struct source *src, const char *under, unsigned flags,
		    src_walk_fn fn, void *arg);
	/* Fill @ent (kind and st) for @path without following a final
	 * symlink.  Returns 0 or -errno. */
	int (*stat)(struct source *src, const char *path, struct src_entry *ent);
	/* Read the first @len bytes of the regular file of @ent, an entry
	 * during its walk callback (on the walking thread: what the walk
	 * read may be closed with the walk) or one with only a path (priv
	 * NULL), and fill @st from the file read.  Returns the byte count
	 * (less at end of file) or -errno. */
	ssize_t (*head)(struct source *src, const struct src_entry *ent,
			void *buf, size_t len, struct file_stat *st);
	/* As head(), the @len bytes from @off on, for a caller that read
	 * the first @off with head() and wants more of the same file,
	 * without reading those again; @st NULL: nothing stat'ed (the
	 * caller has the stat data head() gave).  NULL: head() reads them
	 * all. */
	ssize_t (*head_from)(struct source *src, const struct src_entry *ent,
			     void *buf, size_t len, uint64_t off,
			     struct file_stat *st);
	/*
	 * Open regular file @path to read.  With @expect, fails with
	 * -ESTALE unless the file opened is the same file with the same
	 * owner and mode (file_stat_same_file()), so that a caller which
	 * checked permissions on @expect reads nothing else.  Fills @st
	 * (may be NULL) from the file opened.  Returns 0 or -errno.
	 */
	int (*open)(struct source *src, const char *path,
		    const struct file_stat *expect, struct src_file **out,
		    struct file_stat *st);
	/* Read up to @len bytes at @off: the byte count, less only at end
	 * of file, or -errno.  Several threads may read one file at once. */
	ssize_t (*pread)(struct source *src, struct src_file *f, void *buf,
			 size_t len, uint64_t off);
	void (*close)(struct source *src, struct src_file *f);
	/*
	 * The POSIX ACL @type of regular file or directory @path ("" the
	 * root), in the kernel's system.posix_acl_* xattr format, into
	 * @buf (@size 0 asks for the length): its length, -ENODATA when
	 * it has none (the mode says all), -ERANGE when @size is too
	 * small, -EINVAL for another kind of file, or -errno.  With
	 * @expect, -ESTALE unless @path is that file, owner and mode
	 * (file_stat_same_file()).  Nothing is opened for reading.  NULL:
	 * the source has no ACLs.
	 */
	ssize_t (*acl)(struct source *src, const char *path, enum src_acl type,
		       const struct file_stat *expect, void *buf, size_t size);
	/* See the tree as it is now (the fs source: git's index and ignore
	 * rules are read again if they changed).  Returns 0 or -errno with
	 * @err filled.  NULL: the tree never changes. */
	int (*refresh)(struct source *src, struct spdx_error *err);
	/* A local directory whose subdirectory "a/b" is the tree's "a/b",
	 * for inotify to watch, or NULL when the tree cannot be watched
	 * (then poll: refresh and walk now and then).  NULL: never one. */
	const char *(*watch_dir)(struct source *src);
	/* Does the tree's version control track file @path?  1 or 0, or
	 * -ENOTSUP when it has none it can read (the fs source: no git
	 * work tree, or an unreadable index), as of the last refresh(),
	 * with or without SOURCE_ALL_FILES.  A file it does not track is
	 * new: a patch would add it whole.  Any number of threads at
	 * once, never alongside refresh(). */
	int (*tracked)(struct source *src, const char *path);
	/* How many files that look like sources (filetype_checkpatch_source())
	 * the walks since the last refresh() left out because git ignores
	 * them and does not track them, and the first in path order into @first
	 * (@len bytes, cut to fit).  NULL: none ever is. */
	size_t (*ignored)(struct source *src, char *first, size_t len);
	/*
	 * A source whose walks leave out what its version control neither
	 * tracks nor would add (the fs source: git's index) may spare
	 * reading that state when a caller tells what it kept last time.
	 * stamp: that state as of the last refresh(), 1 with @st filled
	 * when every entry the walks since met was tracked (a directory:
	 * had a tracked file beneath), else 0.  expect: a hint, before a
	 * prior is given, that it will come with stamp @st (NULL: none
	 * will), so that a source that will have to read the state anyway
	 * starts now.  prior: take @p, which lives until the next call,
	 * for the next refresh() and the walks after it (NULL: forget it):
	 * while its stamp is still the state's, what it holds was tracked
	 * then and is now, and a walk keeps it without asking; it asks
	 * about anything else (and the stamp is then 0).  All three NULL:
	 * no such state.  Never alongside a walk or refresh().
	 */
	int (*stamp)(struct source *src, struct file_stat *st);
	void (*expect)(struct source *src, const struct file_stat *st);
	void (*prior)(struct source *src, const struct source_prior *p);
	void (*free)(struct source *src);
	int parallel_walk;	/* walk() may run on several threads */
	int walk_stat_whole;	/* walk() with SRC_WALK_STAT fills a file's
				   st as head() would, its size too (a
				   build that reads no head can take it) */
};

struct source {
	const struct source_ops *ops;
	char *root;		/* display name: absolute path, or REPO@REV */
	/* What the last refresh() went on without, code 0 when nothing:
	 * the fs source, a git index it cannot read (it then walks the
	 * tree as if it were no git work tree: nothing left out, nothing
	 * new), or the first mount point a walk met and did not cross
	 * (the walk stays on the root's file system, as find -xdev). */
	struct spdx_error warning;
};

enum source_type {
	SOURCE_DIR,		/* a directory on disk (source_fs.c) */
	SOURCE_GIT,		/* the tree of a revision of a git
				   repository (source_git.c) */
	SOURCE_GIT_STAGED,	/* the files staged in the git index of the
				   work tree at path, as a commit would
				   record them (source_staged.c) */
};

#define SOURCE_ALL_FILES 1u	/* also the files git neither tracks nor
				   would add (left out by default in a git
				   work tree, as spdxcheck does) */

struct source_spec {
	enum source_type type;
	const char *path;	/* SOURCE_DIR: the directory; SOURCE_GIT: the
				   repository, or a directory in its work
				   tree (found as git finds it) */
	const char *rev;	/* SOURCE_GIT: anything git_revparse_single()
				   resolves to a commit or a tree */
	unsigned flags;		/* SOURCE_ALL_FILES (SOURCE_DIR only) */
};

/*
 * Open the tree @spec names.  Returns 0 and sets *@out, or -ENOENT,
 * -ENOTDIR, -EACCES, -EINVAL (an unknown type, an unknown revision, not
 * a repository), -EIO (a missing or corrupt object), ... with @err
 * filled ("PATH: No such file or directory").
 */
int source_open(struct source **out, const struct source_spec *spec,
		struct spdx_error *err);

static inline void source_free(struct source *src)
{
	if (src)
		src->ops->free(src);
}

static inline int source_walk(struct source *src, const char *under,
			      src_walk_fn fn, void *arg)
{
	return src->ops->walk(src, under, 0, fn, arg);
}

static inline int source_refresh(struct source *src, struct spdx_error *err)
{
	return src->ops->refresh ? src->ops->refresh(src, err) : 0;
}

static inline const char *source_watch_dir(struct source *src)
{
	return src->ops->watch_dir ? src->ops->watch_dir(src) : NULL;
}

static inline int source_tracked(struct source *src, const char *path)
{
	return src->ops->tracked(src, path);
}

static inline size_t source_ignored(struct source *src, char *first,
				    size_t len)
{
	return src->ops->ignored ? src->ops->ignored(src, first, len) : 0;
}

static inline int source_file_open(struct source *src, const char *path,
				   const struct file_stat *expect,
				   struct src_file **out, struct file_stat *st)
{
	return src->ops->open(src, path, expect, out, st);
}

static inline ssize_t source_pread(struct source *src, struct src_file *f,
				   void *buf, size_t len, uint64_t off)
{
	return src->ops->pread(src, f, buf, len, off);
}

static inline void source_file_close(struct source *src, struct src_file *f)
{
	if (f)
		src->ops->close(src, f);
}

static inline ssize_t source_acl(struct source *src, const char *path,
				  enum src_acl type,
				  const struct file_stat *expect, void *buf,
				  size_t size)
{
	if (!src->ops->acl)
		return -ENODATA;
	return src->ops->acl(src, path, type, expect, buf, size);
}

/* Read a whole (small) file of @src: *@buf is malloc'd and
 * NUL-terminated.  Fails with -EFBIG past @max bytes. */
int source_read_all(struct source *src, const char *path, size_t max,
		    char **buf, size_t *len);

/* The first @len bytes (fewer at its end) of regular file @path of @src:
 * the byte count or -errno. */
ssize_t source_read_head(struct source *src, const char *path, void *buf,
			 size_t len);

/*
 * The same for a file named by an ordinary path, outside any source (a
 * build's records, a decisions file), opened by file_open_regular(): a
 * FIFO or device there fails with -EINVAL, never blocks.
 */
int file_read_all(const char *path, size_t max, char **buf, size_t *len);

/*
 * Open @path to read, O_NONBLOCK so that opening a FIFO cannot block,
 * and fill @st from the file opened: its descriptor, -EISDIR for a
 * directory, -EINVAL for any other file that is not regular (a FIFO, a
 * device, a socket), or -errno.
 */
struct stat;
int file_open_regular(const char *path, struct stat *st);

/* The text of an error of file_read_all() or file_open_regular():
 * "not a regular file" for -EINVAL, else strerror(). */
const char *file_strerror(int err);

/*
 * SOURCE_GIT_STAGED: the regular files staged (whose index entry differs
 * from HEAD's), sorted; they live as long as @src.  Its walk lists them
 * and what checking them needs (LICENSES/, scripts/spdxexclude,
 * scripts/spdxcheck.py; REUSE.toml files, .reuse/dep5, .license
 * sidecars), with the index's content; a file HEAD lacks is new.
 * -EINVAL for another source.
 */
int source_staged_paths(struct source *src, const char *const **paths,
			size_t *n);

#endif
