// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_pathsearch: path_find_name(), path_has_under_name() and
 * path_range_under() against a linear search, on paths chosen for the
 * byte-order traps ("a/b.c" sorts between "a/b" and "a/b/c"), with one
 * cursor carried across every query, entering each query's directory as
 * a walk would: from its parent's range, a sibling's, or none.
 */
#include <stdlib.h>
#include <string.h>

#include "util/pathsearch.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

struct elem {
	int tag;
	const char *path;
};

static const char *const tree[] = {
	"Makefile", "README", "a-b", "a.c", "a/b", "a/b-c/x", "a/b.c",
	"a/b/c", "a/b/c.h", "a/b/d/e", "a/b0", "a/bb/f", "a0/g", "b/x/y/z",
	"include/uapi/linux/a.h", "include/uapi/linux/b.h",
	"include/uapi/linux/bb/c.h", "include/linux/a.h", "z",
};

static const char *const absent[] = {
	"", "a", "a/", "a/b/", "a/b/x", "a/bb", "b/x", "b/x/y", "b/x/y/zz",
	"include/uapi/linux/c.h", "include/uapi/linux/bb", "zz", "0", "a/a",
	"include/uapi/linux", "include/linux/b.h", "Makefile/x",
};

static const char *const dirs[] = {
	"a", "a/b", "a/b/d", "a/b-c", "a/bb", "a0", "b", "b/x", "b/x/y",
	"include", "include/uapi", "include/uapi/linux/bb", "include/linux",
	/* not directories of any path: */
	"a/b/c", "a/b0", "a-b", "c", "include/uapi/linux/b", "a/b/d/e",
	"include/uapi/lin", "b/x/y/z",
};

static int cmp_elem(const void *x, const void *y)
{
	return strcmp(((const struct elem *)x)->path,
		      ((const struct elem *)y)->path);
}

static size_t linear_find(const struct elem *e, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(e[i].path, path))
			return i;
	return PATH_NONE;
}

/* As a walk asks: enter @path's directory, then look its name up. */
static size_t find(const struct path_array *a, struct path_cursor *c,
		   const char *path)
{
	const char *slash = strrchr(path, '/');

	path_cursor_enter(a, c, path, slash ? (size_t)(slash - path) : 0);
	return path_find_name(a, c, slash ? slash + 1 : path);
}

static int has_under(const struct path_array *a, struct path_cursor *c,
		     const char *dir)
{
	const char *slash = strrchr(dir, '/');

	path_cursor_enter(a, c, dir, slash ? (size_t)(slash - dir) : 0);
	return path_has_under_name(a, c, slash ? slash + 1 : dir);
}

static int linear_under(const struct elem *e, size_t n, const char *dir)
{
	size_t len = strlen(dir);

	for (size_t i = 0; i < n; i++)
		if (!strncmp(e[i].path, dir, len) && e[i].path[len] == '/')
			return 1;
	return 0;
}

int main(void)
{
	struct elem e[ARRAY_SIZE(tree)];
	size_t n = ARRAY_SIZE(tree);
	struct path_array a;
	struct path_cursor cur = { 0 };

	for (size_t i = 0; i < n; i++)
		e[i] = (struct elem){ (int)i, tree[i] };
	qsort(e, n, sizeof(*e), cmp_elem);
	a = (struct path_array){ e, n, sizeof(*e), offsetof(struct elem, path) };

	/* Each path twice, in sorted order then reversed: hits and misses of
	 * the cursor's directory. */
	for (int round = 0; round < 2; round++)
		for (size_t k = 0; k < n; k++) {
			size_t i = round ? n - 1 - k : k;
			size_t got = find(&a, &cur, e[i].path);

			is_int(got, i, "find %s (round %d)", e[i].path, round);
		}
	for (size_t k = 0; k < ARRAY_SIZE(absent); k++) {
		is_int(linear_find(e, n, absent[k]), PATH_NONE,
		       "reference: %s absent", absent[k]);
		is_int(find(&a, &cur, absent[k]), PATH_NONE,
		       "find %s: absent", absent[k]);
		is_int(path_bsearch(&a, absent[k]), PATH_NONE,
		       "bsearch %s: absent", absent[k]);
	}
	/* path_find(): whole paths, the cursor entered only on a change of
	 * directory; a cursor left in another directory by a miss too. */
	for (int round = 0; round < 2; round++) {
		struct path_cursor pc = { 0 };

		for (size_t k = 0; k < n; k++) {
			size_t i = round ? n - 1 - k : k;

			is_int(path_find(&a, &pc, e[i].path), i,
			       "path_find %s (round %d)", e[i].path, round);
			is_int(path_find(&a, &pc, absent[k % ARRAY_SIZE(absent)]),
			       PATH_NONE, "path_find %s: absent (round %d)",
			       absent[k % ARRAY_SIZE(absent)], round);
		}
	}
	for (size_t i = 0; i < n; i++)
		is_int(path_bsearch(&a, e[i].path), i, "bsearch %s", e[i].path);
	/* Interleave finds and directory checks on one cursor. */
	for (size_t k = 0; k < ARRAY_SIZE(dirs); k++) {
		int want = linear_under(e, n, dirs[k]);

		is_int(has_under(&a, &cur, dirs[k]), want,
		       "under %s: %d", dirs[k], want);
		is_int(find(&a, &cur, tree[k % n]),
		       linear_find(e, n, tree[k % n]), "find %s after %s",
		       tree[k % n], dirs[k]);
	}
	/* The range beneath each directory, and beneath what is none. */
	for (size_t k = 0; k < ARRAY_SIZE(dirs) + ARRAY_SIZE(absent); k++) {
		const char *d = k < ARRAY_SIZE(dirs) ? dirs[k] :
				absent[k - ARRAY_SIZE(dirs)];
		size_t lo, hi, want = 0, first = PATH_NONE, len = strlen(d);

		for (size_t i = 0; i < n; i++)
			if (!len || (!strncmp(e[i].path, d, len) && e[i].path[len] == '/')) {
				want++;
				if (first == PATH_NONE)
					first = i;
			}
		path_range_under(&a, d, &lo, &hi);
		ok(hi - lo == want && (!want || lo == first),
		   "range under '%s': [%zu, %zu), want %zu from %zu", d, lo, hi,
		   want, first);
	}

	/* The two known answers the reference itself must give. */
	ok(linear_under(e, n, "a/b") && !linear_under(e, n, "a/b0"),
	   "reference: a/b holds paths, a/b0 is a file");

	/* A directory of 1000 files entered once and asked about in order,
	 * with gaps and names that fall between: the gallop from the last
	 * position; then backwards. */
	{
		static char names[1000][24];
		static struct elem big[1000];
		struct path_cursor bc = { 0 };
		struct path_array ba = { big, 1000, sizeof(*big),
					 offsetof(struct elem, path) };
		int bad = 0, checked = 0;
		char q[32];

		for (int i = 0; i < 1000; i++) {
			snprintf(names[i], sizeof(names[i]), "big/f%04d", i);
			big[i] = (struct elem){ i, names[i] };
		}
		path_cursor_enter(&ba, &bc, "big", 3);
		for (int i = 0; i < 1000; i += 1 + i % 7) {
			snprintf(q, sizeof(q), "f%04dx", i);
			bad += path_find_name(&ba, &bc, q) != PATH_NONE;
			bad += path_find_name(&ba, &bc, names[i] + 4) != (size_t)i;
			checked += 2;
		}
		for (int i = 999; i >= 0; i -= 13) {
			bad += path_find_name(&ba, &bc, names[i] + 4) != (size_t)i;
			checked++;
		}
		is_int(bad, 0, "1000 names, %d lookups in order and back", checked);
	}

	/* Directories 20 deep, more than a cursor remembers, entered down
	 * and back up one at a time, each with a file and a sibling file. */
	{
		static char paths[42][128];
		static struct elem deep[42];
		struct path_cursor dc = { 0 };
		struct path_array da = { deep, 42, sizeof(*deep),
					 offsetof(struct elem, path) };
		char d[128] = "";
		size_t len = 0;
		int bad = 0;

		for (int i = 0; i < 21; i++) {
			snprintf(paths[2 * i], sizeof(paths[0]), "%s%sf", d,
				 len ? "/" : "");
			snprintf(paths[2 * i + 1], sizeof(paths[0]), "%s%sz", d,
				 len ? "/" : "");
			len += snprintf(d + len, sizeof(d) - len, "%sd%d",
					len ? "/" : "", i % 10);
		}
		for (int i = 0; i < 42; i++)
			deep[i] = (struct elem){ i, paths[i] };
		qsort(deep, 42, sizeof(*deep), cmp_elem);
		for (int round = 0; round < 2; round++)
			for (int k = 0; k < 21; k++) {
				int i = round ? 20 - k : k;
				const char *f = paths[2 * i];

				bad += find(&da, &dc, f) != linear_find(deep, 42, f);
				bad += path_find_name(&da, &dc, "z") !=
				       linear_find(deep, 42, paths[2 * i + 1]);
			}
		is_int(bad, 0, "21 levels down and up: every file found");
	}

	/* An empty array. */
	a.n = 0;
	memset(&cur, 0, sizeof(cur));
	is_int(find(&a, &cur, "a/b"), PATH_NONE, "empty: find");
	is_int(has_under(&a, &cur, "a"), 0, "empty: under");
	{
		size_t lo = 1, hi = 1;

		path_range_under(&a, "a", &lo, &hi);
		ok(lo == 0 && hi == 0, "empty: range under a");
	}
	return tap_done();
}
