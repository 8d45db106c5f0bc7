/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pathsearch: find paths in a sorted array of paths, fast when the paths
 * asked about come a directory at a time, as a tree walk gives them.
 *
 * All paths under "dir/" are contiguous in byte order, so a cursor keeps
 * the range of the last directory asked about, and each search compares
 * only the names after "dir/", instead of making seventeen comparisons of
 * whole paths with long common prefixes.  Within the range the search
 * gallops forward from where the last one ended: names asked about in
 * sorted order (as a walk in git's tree order gives them) cost two or
 * three comparisons each.  Any order gives the right answer.
 */
#ifndef SPDXFS_PATHSEARCH_H
#define SPDXFS_PATHSEARCH_H

#include <stddef.h>

/* A sorted array of elements with a path pointer at offset @off. */
struct path_array {
	const void *base;
	size_t n;
	size_t stride;
	size_t off;
};

/* Where the last search looked; one per thread, zeroed before first use. */
struct path_cursor {
	size_t lo, hi;		/* elements under dir */
	size_t pos;		/* where the last search ended, lo..hi */
	size_t dirlen;		/* of "dir/", 0 for the top */
	int valid;
	char dir[4096];
};

#define PATH_NONE ((size_t)-1)

/* The element whose path is @path, or PATH_NONE: one binary search, no
 * cursor, for lookups in no particular order. */
size_t path_bsearch(const struct path_array *a, const char *path);

/* The element whose path is @path, or PATH_NONE. */
size_t path_find(const struct path_array *a, struct path_cursor *c,
		 const char *path);

/* Whether some element's path lies beneath directory @dir. */
int path_has_under(const struct path_array *a, struct path_cursor *c,
		   const char *dir);

/* The elements whose paths lie beneath directory @dir ("" for the top:
 * all of them), which are contiguous: [*@lo, *@hi), empty when none. */
void path_range_under(const struct path_array *a, const char *dir,
		      size_t *lo, size_t *hi);

#endif
