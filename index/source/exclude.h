/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * exclude: the tree's scripts/spdxexclude, with scripts/spdxcheck.py's
 * matching rules:
 *   ".*"       any file whose base name starts with '.'
 *   "dir/"     the file's directory matches "dir" as a glob, or the
 *              path starts with "dir"
 *   "/glob"    the whole path matches "glob" ('*' crosses '/')
 *   "name"     the base name equals "name"
 * Blank lines and lines starting with '#' are ignored.  Immutable once
 * loaded; safe to share.
 */
#ifndef SPDXFS_EXCLUDE_H
#define SPDXFS_EXCLUDE_H

#include <stddef.h>
#include <stdint.h>

struct source;
struct exclude;

/* Parse rules from @text.  Returns 0 and sets *@out, or -ENOMEM. */
int exclude_parse(struct exclude **out, const char *text, size_t len);

/* What a tree without scripts/spdxexclude excludes. */
#define EXCLUDE_DEFAULT "LICENSES/\n"

/* Load @src's scripts/spdxexclude, or use EXCLUDE_DEFAULT. */
int exclude_load(struct exclude **out, struct source *src);

int exclude_match(const struct exclude *ex, const char *path);

/*
 * The rules narrowed to the files of one directory, worked out once for
 * all of them (a walk asks about every file of a directory in turn):
 * most rules name other directories and drop out, or match every file.
 */
struct exclude_dir {
	int all;		/* every file of the directory is excluded */
	int every_rule;		/* too many rules to narrow: try them all */
	uint64_t maybe;		/* bit i: rule i depends on the file */
};

/* Narrow @ex's rules to the files of directory @dir, its first @len
 * bytes ("" for the root). */
void exclude_dir_init(const struct exclude *ex, const char *dir, size_t len,
		      struct exclude_dir *xd);

/* exclude_match() of @path, a file of the directory @xd was made for,
 * whose name (after "dir/") is @name. */
int exclude_dir_match(const struct exclude *ex, const struct exclude_dir *xd,
		      const char *path, const char *name);
void exclude_free(struct exclude *ex);

#endif
