/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pathsearch: find paths in a sorted array of paths, fast when the paths
 * asked about come a directory at a time, as a tree walk gives them.
 *
 * All paths under "dir/" are contiguous in byte order.  A walk points a
 * cursor at the directory it lists (one search, narrowed to the range of
 * the nearest directory entered before that contains it) and then asks
 * about names: each search compares only the names after "dir/", galloping
 * forward from where the last one ended, so names asked about in sorted
 * order (as a walk in git's tree order gives them) cost one comparison
 * each when present.  Any order gives the right answer.
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

/*
 * The elements beneath one directory, and beneath the directories entered
 * before it that contain it, nearest last: a walk that enters "a/b", then
 * "a/b/c", then "a/d" searches only a's range for "a/d", and from the end
 * of "a/b"'s on, so that directories entered in path order cost a few
 * comparisons near the last.  One per thread, zeroed before first use; a
 * copy saves and restores a position.
 */
#define PATH_CURSOR_DEPTH	16

struct path_range {
	size_t lo, hi;		/* the elements under "dir/" */
	size_t skip;		/* the length of "dir/", 0 for the top */
	size_t mark;		/* the end of the last subdirectory entered,
				   where the next one's search starts */
};

struct path_cursor {
	size_t lo, hi;		/* the elements under "dir/" */
	size_t pos;		/* where the last search ended, lo..hi */
	size_t skip;		/* the length of "dir/", 0 for the top */
	struct path_range up[PATH_CURSOR_DEPTH];	/* ancestors */
	int depth;
};

#define PATH_NONE ((size_t)-1)

/* The element whose path is @path, or PATH_NONE: one binary search, no
 * cursor, for lookups in no particular order. */
size_t path_bsearch(const struct path_array *a, const char *path);

/* Point @c at directory @dir, its first @len bytes ("" for the top). */
void path_cursor_enter(const struct path_array *a, struct path_cursor *c,
		       const char *dir, size_t len);

/* The element whose path is the cursor's "dir/" followed by @name, or
 * PATH_NONE. */
size_t path_find_name(const struct path_array *a, struct path_cursor *c,
		      const char *name);

/* The element whose path is @path, or PATH_NONE: path_find_name() in
 * @path's directory, entered only when @c is elsewhere. */
size_t path_find(const struct path_array *a, struct path_cursor *c,
		 const char *path);

/* Whether some element's path lies beneath "dir/@name/". */
int path_has_under_name(const struct path_array *a, struct path_cursor *c,
			const char *name);

/* The first element whose path lies beneath "dir/@name/", or PATH_NONE. */
size_t path_under_name(const struct path_array *a, struct path_cursor *c,
		       const char *name);

/* The elements whose paths lie beneath directory @dir ("" for the top:
 * all of them), which are contiguous: [*@lo, *@hi), empty when none. */
void path_range_under(const struct path_array *a, const char *dir,
		      size_t *lo, size_t *hi);

#endif
