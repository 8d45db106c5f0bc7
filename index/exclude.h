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

struct source;
struct exclude;

/* Parse rules from @text.  Returns 0 and sets *@out, or -ENOMEM. */
int exclude_parse(struct exclude **out, const char *text, size_t len);

/* What a tree without scripts/spdxexclude excludes. */
#define EXCLUDE_DEFAULT "LICENSES/\n"

/* Load @src's scripts/spdxexclude, or use EXCLUDE_DEFAULT. */
int exclude_load(struct exclude **out, struct source *src);

int exclude_match(const struct exclude *ex, const char *path);
void exclude_free(struct exclude *ex);

#endif
