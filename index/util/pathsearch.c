// SPDX-License-Identifier: GPL-2.0-only
/*
 * pathsearch: binary search of sorted paths within one directory's range.
 */
#include <string.h>

#include "util/pathsearch.h"

static const char *elem(const struct path_array *a, size_t i)
{
	return *(const char *const *)((const char *)a->base + i * a->stride +
				      a->off);
}

/* First element in [lo, hi) whose path from @skip on is >= @key. */
static size_t lower_bound(const struct path_array *a, size_t lo, size_t hi,
			  size_t skip, const char *key, size_t keylen)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(elem(a, mid) + skip, key, keylen) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * First element of the cursor's range whose path from @skip on is >= @key:
 * from c->pos on, galloping, when everything before c->pos is smaller.
 */
static size_t seek(const struct path_array *a, struct path_cursor *c,
		   size_t skip, const char *key, size_t keylen)
{
	size_t lo = c->lo, hi = c->hi;

	if (c->pos > lo && c->pos <= hi &&
	    strncmp(elem(a, c->pos - 1) + skip, key, keylen) < 0) {
		lo = c->pos;
		for (size_t step = 1; lo + step - 1 < hi; step *= 2) {
			size_t probe = lo + step - 1;

			if (strncmp(elem(a, probe) + skip, key, keylen) >= 0) {
				hi = probe + 1;
				break;
			}
			lo = probe + 1;
		}
	}
	return c->pos = lower_bound(a, lo, hi, skip, key, keylen);
}

/* Where @path stands against every path beneath @dir (of @len bytes):
 * < 0 before them, 0 among them, > 0 after.  Their first @skip bytes are
 * known to be equal. */
static int cmp_under(const char *path, const char *dir, size_t len,
		     size_t skip)
{
	int c = strncmp(path + skip, dir + skip, len - skip);

	return c ? c : (unsigned char)path[len] - '/';
}

/* First element in [lo, hi) not before the paths beneath @dir (@after 0),
 * or after them (@after 1). */
static size_t bound_under(const struct path_array *a, size_t lo, size_t hi,
			  const char *dir, size_t len, size_t skip, int after)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_under(elem(a, mid), dir, len, skip) < after)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t path_bsearch(const struct path_array *a, const char *path)
{
	size_t k = lower_bound(a, 0, a->n, 0, path, strlen(path) + 1);

	return k < a->n && !strcmp(elem(a, k), path) ? k : PATH_NONE;
}

/*
 * The nearest directory the cursor entered that contains @dir (@len
 * bytes), or the whole array; the ones below it are forgotten.  A range
 * is checked against its first element, so an empty one is passed over.
 */
static struct path_range *nearest(const struct path_array *a,
				  struct path_cursor *c, const char *dir,
				  size_t len)
{
	while (c->depth > 0) {
		struct path_range *r = &c->up[c->depth - 1];

		if (!r->skip && r->hi == a->n)
			return r;
		if (r->skip && r->skip <= len && r->lo < r->hi && r->hi <= a->n &&
		    !memcmp(elem(a, r->lo), dir, r->skip))
			return r;
		c->depth--;
	}
	c->up[0] = (struct path_range){ 0, a->n, 0, 0 };
	c->depth = 1;
	return &c->up[0];
}

/* The first element of [@from, @hi) not before the paths beneath @dir
 * (@after 0), or after them (@after 1), galloping from @from. */
static size_t gallop_under(const struct path_array *a, size_t from, size_t hi,
			   const char *dir, size_t len, size_t skip, int after)
{
	for (size_t step = 1; from < hi; step *= 2) {
		size_t probe = from + step - 1 < hi ? from + step - 1 : hi - 1;

		if (cmp_under(elem(a, probe), dir, len, skip) >= after)
			return bound_under(a, from, probe, dir, len, skip, after);
		from = probe + 1;
	}
	return hi;
}

void path_cursor_enter(const struct path_array *a, struct path_cursor *c,
		       const char *dir, size_t len)
{
	struct path_range *in;

	if (!len) {
		c->lo = c->pos = c->skip = 0;
		c->hi = a->n;
		c->up[0] = (struct path_range){ 0, a->n, 0, 0 };
		c->depth = 1;
		return;
	}
	in = nearest(a, c, dir, len);
	/* Past the last subdirectory entered in it, when this one comes
	 * after, as in a walk in path order; else before it. */
	if (in->mark > in->lo && in->mark <= in->hi &&
	    cmp_under(elem(a, in->mark - 1), dir, len, in->skip) < 0)
		c->lo = gallop_under(a, in->mark, in->hi, dir, len, in->skip, 0);
	else
		c->lo = bound_under(a, in->lo,
				    in->mark > in->lo && in->mark <= in->hi ?
				    in->mark : in->hi, dir, len, in->skip, 0);
	/* Most directories are small: gallop to the range's end. */
	c->hi = gallop_under(a, c->lo, in->hi, dir, len, in->skip, 1);
	c->pos = c->lo;
	c->skip = len + 1;
	in->mark = c->hi;
	if (c->depth == PATH_CURSOR_DEPTH) {	/* forget the farthest */
		memmove(c->up, c->up + 1, (PATH_CURSOR_DEPTH - 1) * sizeof(*c->up));
		c->depth--;
	}
	c->up[c->depth++] = (struct path_range){ c->lo, c->hi, c->skip, c->lo };
}

size_t path_find_name(const struct path_array *a, struct path_cursor *c,
		      const char *name)
{
	size_t k = c->pos, skip = c->skip;

	/* In a sorted walk the next name is most often the next element. */
	if (k >= c->hi || strcmp(elem(a, k) + skip, name)) {
		k = seek(a, c, skip, name, strlen(name) + 1);
		if (k >= c->hi || strcmp(elem(a, k) + skip, name))
			return PATH_NONE;
	}
	c->pos = k + 1;
	return k;
}

size_t path_under_name(const struct path_array *a, struct path_cursor *c,
		       const char *name)
{
	size_t skip = c->skip, n = strlen(name), k = c->pos;

	/* In a sorted walk the cursor stands at the subdirectory's paths. */
	if (k < c->hi && !strncmp(elem(a, k) + skip, name, n) &&
	    elem(a, k)[skip + n] == '/')
		return k;
	/* The first path >= "dir/name/" starts with it if any does. */
	k = seek(a, c, skip, name, n);
	while (k < c->hi && !strncmp(elem(a, k) + skip, name, n)) {
		unsigned char next = elem(a, k)[skip + n];

		if (next == '/')
			return k;
		if (next > '/')
			return PATH_NONE;
		k++;
	}
	return PATH_NONE;
}

int path_has_under_name(const struct path_array *a, struct path_cursor *c,
			const char *name)
{
	return path_under_name(a, c, name) != PATH_NONE;
}

void path_range_under(const struct path_array *a, const char *dir,
		      size_t *lo, size_t *hi)
{
	size_t len = strlen(dir);

	if (!len) {
		*lo = 0;
		*hi = a->n;
		return;
	}
	*lo = bound_under(a, 0, a->n, dir, len, 0, 0);
	*hi = bound_under(a, *lo, a->n, dir, len, 0, 1);
}

/* Is @c at the directory of @path, its first @len bytes? */
static int cursor_at(const struct path_array *a, const struct path_cursor *c,
		     const char *path, size_t len)
{
	if (!len)
		return !c->skip && !c->lo && c->hi == a->n;
	return c->skip == len + 1 && c->lo < c->hi &&
	       !strncmp(elem(a, c->lo), path, len + 1);
}

size_t path_find(const struct path_array *a, struct path_cursor *c,
		 const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t len = slash ? (size_t)(slash - path) : 0;

	if (!cursor_at(a, c, path, len))
		path_cursor_enter(a, c, path, len);
	return path_find_name(a, c, slash ? slash + 1 : path);
}
