/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gitignore: leave out what git leaves out.
 *
 * When the tree is the work tree of a git repository (a .git at its
 * root), a file or directory that git does not track and that the
 * repository's ignore rules (.gitignore, info/exclude, core.excludesFile)
 * ignore is not part of the tree: build output, editor backups.  Tracked
 * files are always part of it, ignored or not (the kernel's Debian tree is
 * committed with "git add -f").  scripts/spdxcheck.py likewise looks only
 * at what git knows.
 *
 * The fs source (source_fs.c) owns one and reads it again when git's index
 * changes.  gitignore_enter(), gitignore_skip() and gitignore_tracked()
 * may be called from several threads; the others from one thread, while
 * none of those runs.
 */
#ifndef SPDXFS_GITIGNORE_H
#define SPDXFS_GITIGNORE_H

#include <stddef.h>

#include "util/error.h"

struct gitignore;

/*
 * Open the repository whose work tree is the directory @rootfd, named
 * @root: its .git directory, or the one a .git file names (a linked work
 * tree).  Returns 0 with *@out set, or with *@out NULL when it is no git
 * work tree (no .git, or a symlink, which is never followed); -errno
 * with @err filled when the repository exists but its index cannot be
 * read (gitindex.h).
 */
int gitignore_open(struct gitignore **out, int rootfd, const char *root,
		   struct spdx_error *err);

/* Has the work tree's git index changed since @gi was opened (NULL: did
 * a repository appear)? */
int gitignore_changed(const struct gitignore *gi, int rootfd);

struct file_stat;

/*
 * Is the git index of the work tree @rootfd now the one of @stamp, the
 * stat data of the file (gitignore_stamp())?  Tells without reading it.
 */
int gitignore_index_is(int rootfd, const struct file_stat *stamp);

/* The stamp of the git index @gi was read from. */
const struct file_stat *gitignore_stamp(const struct gitignore *gi);

/* Read the ignore rules again at their next use (.gitignore files may
 * have changed; git's index has not). */
void gitignore_forget_rules(struct gitignore *gi);

struct path_cursor;

/* A number no other gitignore opened by this process has, never 0 (0 for
 * NULL): what a cursor kept across walks is good for. */
unsigned long gitignore_serial(const struct gitignore *gi);

/* Point @cur, the calling thread's own cursor (pathsearch.h), at the
 * directory of a walk, its first @len bytes of @dir ("" the root). */
void gitignore_enter(const struct gitignore *gi, struct path_cursor *cur,
		     const char *dir, size_t len);

/*
 * Is @path (relative to the root; @is_dir for a directory), an entry of
 * the directory @cur was last pointed at, left out?  *@tracked says
 * whether it is kept because git tracks it (a directory: a file beneath
 * it).
 */
int gitignore_skip(struct gitignore *gi, struct path_cursor *cur,
		   const char *path, int is_dir, int *tracked);

/*
 * Does git's index track @path (a file, relative to the root)?  0 when
 * @gi is NULL.  Any thread.
 */
int gitignore_tracked(const struct gitignore *gi, const char *path);

void gitignore_free(struct gitignore *gi);

#endif
