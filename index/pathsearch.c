// SPDX-License-Identifier: GPL-2.0-only
/*
 * pathsearch: binary search of sorted paths within one directory's range.
 */
#include <string.h>

#include "pathsearch.h"

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

/*
 * Point the cursor at the directory part of @path ("dir/" of "dir/name")
 * and return the offset of the name.
 */
static size_t seek_dir(const struct path_array *a, struct path_cursor *c,
		       const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t len = slash ? (size_t)(slash - path) + 1 : 0;

	if (c->valid && c->dirlen == len && !memcmp(c->dir, path, len))
		return len;
	if (len >= sizeof(c->dir)) {
		c->valid = 0;
		c->lo = c->pos = 0;
		c->hi = a->n;
		return 0;
	}
	memcpy(c->dir, path, len);
	c->dirlen = len;
	c->valid = 1;
	if (!len) {
		c->lo = c->pos = 0;
		c->hi = a->n;
		return 0;
	}
	/* Paths under "dir/" sort from "dir/" up to, not including, "dir0". */
	c->lo = lower_bound(a, 0, a->n, 0, path, len);
	/* The range ends before "dir0"; most directories are small, so
	 * gallop from its start rather than search the whole rest. */
	c->dir[len - 1] = '0';
	c->hi = c->lo;
	for (size_t step = 1; c->hi < a->n; step *= 2) {
		size_t probe = c->hi + step - 1 < a->n ? c->hi + step - 1 : a->n - 1;

		if (strncmp(elem(a, probe), c->dir, len) >= 0) {
			c->hi = lower_bound(a, c->hi, probe + 1, 0, c->dir, len);
			break;
		}
		c->hi = probe + 1;
	}
	c->dir[len - 1] = '/';
	c->pos = c->lo;
	return len;
}

size_t path_bsearch(const struct path_array *a, const char *path)
{
	size_t k = lower_bound(a, 0, a->n, 0, path, strlen(path) + 1);

	return k < a->n && !strcmp(elem(a, k), path) ? k : PATH_NONE;
}

size_t path_find(const struct path_array *a, struct path_cursor *c,
		 const char *path)
{
	size_t skip = seek_dir(a, c, path);
	const char *name = path + skip;
	size_t k = c->pos;

	/* In a sorted walk the next path is most often the next element. */
	if (k >= c->hi || strcmp(elem(a, k) + skip, name))
		k = seek(a, c, skip, name, strlen(name) + 1);
	if (k < c->hi && !strcmp(elem(a, k) + skip, name)) {
		c->pos = k + 1;
		return k;
	}
	return PATH_NONE;
}

int path_has_under(const struct path_array *a, struct path_cursor *c,
		   const char *dir)
{
	size_t skip = seek_dir(a, c, dir);
	const char *name = dir + skip;
	size_t n = strlen(name), k;

	/* The first path >= "dir/name/" starts with it if any does. */
	k = seek(a, c, skip, name, n);
	while (k < c->hi && !strncmp(elem(a, k) + skip, name, n)) {
		char next = elem(a, k)[skip + n];

		if (next == '/')
			return 1;
		if (next > '/')
			return 0;
		k++;
	}
	return 0;
}

/* Where @path stands against every path beneath @dir (of @len bytes):
 * < 0 before them, 0 among them, > 0 after. */
static int cmp_under(const char *path, const char *dir, size_t len)
{
	int c = strncmp(path, dir, len);

	return c ? c : (unsigned char)path[len] - '/';
}

void path_range_under(const struct path_array *a, const char *dir,
		      size_t *lo, size_t *hi)
{
	size_t len = strlen(dir), l = 0, h = a->n;

	if (!len) {
		*lo = 0;
		*hi = a->n;
		return;
	}
	while (l < h) {
		size_t mid = l + (h - l) / 2;

		if (cmp_under(elem(a, mid), dir, len) < 0)
			l = mid + 1;
		else
			h = mid;
	}
	*lo = l;
	for (h = a->n; l < h; ) {
		size_t mid = l + (h - l) / 2;

		if (cmp_under(elem(a, mid), dir, len) <= 0)
			l = mid + 1;
		else
			h = mid;
	}
	*hi = l;
}
