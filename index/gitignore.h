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
 * gitignore_skip() may be called from several threads.
 */
#ifndef SPDXFS_GITIGNORE_H
#define SPDXFS_GITIGNORE_H

struct gitignore;

/*
 * Open the repository whose work tree is @root.  Returns 0 with *@out
 * set, or with *@out NULL when @root is no git work tree; -errno when the
 * repository exists but cannot be read.
 */
int gitignore_open(struct gitignore **out, const char *root);

struct path_cursor;

/*
 * Is @path (relative to the root; @is_dir for a directory) left out?
 * @cur is the calling thread's own cursor (pathsearch.h), zeroed before
 * its first use.
 */
int gitignore_skip(struct gitignore *gi, struct path_cursor *cur,
		   const char *path, int is_dir);

/*
 * Does git's index track @path (a file, relative to the root)?  A file
 * it does not is new: a patch would add it whole.  @cur as for
 * gitignore_skip().  0 when @gi is NULL.
 */
int gitignore_tracked(struct gitignore *gi, struct path_cursor *cur,
		      const char *path);

void gitignore_free(struct gitignore *gi);

#endif
