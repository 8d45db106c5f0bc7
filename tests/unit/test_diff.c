// SPDX-License-Identifier: GPL-2.0-only
/*
 * diff.c: every class from every pair of statuses, renames that can and
 * cannot be followed, the transitions and their order, the JSON.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "history/diff.h"
#include "index.h"
#include "util/json.h"
#include "tap.h"
#include "util/version.h"

/* Two tiny indexes made by hand: exprs[0] "GPL-2.0", exprs[1] "MIT". */
static struct spdx_expr exprs[] = { { .text = "GPL-2.0" }, { .text = "MIT" } };

#define F(p, st, e) { .path = (p), .status = (st), .expr = (e) }

static void side(struct diff_side *s, struct spdx_index *idx,
		 const struct spdx_file **ptrs, struct spdx_file *files, size_t n)
{
	memset(idx, 0, sizeof(*idx));
	idx->exprs = exprs;
	idx->nexprs = 2;
	idx->files = files;
	idx->nfiles = n;
	for (size_t i = 0; i < n; i++)
		ptrs[i] = &files[i];
	*s = (struct diff_side){ idx, ptrs, n, "x" };
}

/* The class of one file going from (@s1, @e1) to (@s2, @e2), -1: no line. */
static int class_of(int s1, int e1, int s2, int e2)
{
	struct spdx_file a[] = { F("f.c", s1, e1) }, b[] = { F("f.c", s2, e2) };
	const struct spdx_file *pa[1], *pb[1];
	struct spdx_index ia, ib;
	struct diff_side sa, sb;
	struct diff_result d;
	int cls;

	side(&sa, &ia, pa, a, 1);
	side(&sb, &ib, pb, b, 1);
	if (diff_build(&d, &sa, &sb, NULL, 0))
		return -2;
	cls = d.nlines ? (int)d.lines[0].cls : -1;
	diff_release(&d);
	return cls;
}

static void test_classes(void)
{
	is_int(class_of(ST_TAGGED, 0, ST_TAGGED, 0), -1, "the same: no line");
	is_int(class_of(ST_UNTAGGED, -1, ST_UNTAGGED, -1), -1, "untagged both: no line");
	is_int(class_of(ST_UNTAGGED, -1, ST_TAGGED, 1), DIFF_TAGGED, "untagged -> tagged");
	is_int(class_of(ST_UNTAGGED, -1, ST_MISPLACED, 1), DIFF_TAGGED, "untagged -> misplaced: tagged");
	is_int(class_of(ST_TAGGED, 0, ST_UNTAGGED, -1), DIFF_UNTAGGED, "tagged -> untagged");
	is_int(class_of(ST_INVALID, 0, ST_UNTAGGED, -1), DIFF_UNTAGGED, "invalid -> untagged: lost its tag");
	is_int(class_of(ST_TAGGED, 0, ST_TAGGED, 1), DIFF_CHANGED, "another expression: changed");
	is_int(class_of(ST_TAGGED, 0, ST_MISPLACED, 0), DIFF_CHANGED, "tagged -> misplaced: changed");
	is_int(class_of(ST_INVALID, 0, ST_TAGGED, 0), DIFF_FIXED, "invalid -> tagged: fixed");
	is_int(class_of(ST_TAGGED, 0, ST_INVALID, 0), DIFF_BROKEN, "tagged -> invalid: broken");
	is_int(class_of(ST_UNTAGGED, -1, ST_INVALID, 1), DIFF_BROKEN, "untagged -> invalid: broken");
	is_int(class_of(ST_INVALID, 0, ST_INVALID, 1), DIFF_CHANGED, "invalid, another expression: changed");
	is_int(class_of(ST_EXCLUDED, -1, ST_TAGGED, 0), DIFF_CHANGED, "excluded -> tagged: changed");
	is_int(class_of(ST_TAGGED, 0, ST_ERROR, -1), DIFF_CHANGED, "tagged -> error: changed");
}

static void test_names(void)
{
	is_int(diff_class_parse("broken,x", 6), DIFF_BROKEN, "a class parsed from a list");
	is_int(diff_class_parse("renamed", 7), -EINVAL, "no class 'renamed'");
	is_int(diff_class_parse("add", 3), -EINVAL, "no prefix of a class");
	is_str(diff_class_name(DIFF_ADDED), "added", "class names");
	ok(!diff_class_name(DIFF__COUNT), "no name out of range");
}

static void test_renames(void)
{
	struct spdx_file a[] = {
		F("a.c", ST_TAGGED, 0), F("b.c", ST_UNTAGGED, -1),
		F("c.c", ST_TAGGED, 0), F("keep.c", ST_TAGGED, 1),
	};
	struct spdx_file b[] = {
		F("keep.c", ST_TAGGED, 1), F("x/a.c", ST_TAGGED, 0),
		F("x/b.c", ST_TAGGED, 1), F("x/c.c", ST_TAGGED, 1),
	};
	struct diff_rename r[] = {
		{ "a.c", "x/a.c" }, { "b.c", "x/b.c" },
		{ "keep.c", "x/c.c" },	/* keep.c is still there: not followed */
		{ "nosuch.c", "x/c.c" },
	};
	const struct spdx_file *pa[4], *pb[4];
	struct spdx_index ia, ib;
	struct diff_side sa, sb;
	struct diff_result d;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	side(&sa, &ia, pa, a, 4);
	side(&sb, &ib, pb, b, 4);
	is_int(diff_build(&d, &sa, &sb, r, 4), 0, "diff with renames");
	is_int(d.renames, 2, "two renames followed");
	out = open_memstream(&buf, &len);
	diff_write_text(out, &d, &sa, &sb, DIFF_OUT_LINES | DIFF_OUT_SUMMARY);
	fclose(out);
	is_str(buf,
	       "c.c\ttagged\tGPL-2.0\t-\t\tremoved\n"
	       "x/b.c\tuntagged\t\ttagged\tMIT\ttagged\trenamed from b.c\n"
	       "x/c.c\t-\t\ttagged\tMIT\tadded\n"
	       "class\tadded\t1\nclass\tremoved\t1\nclass\ttagged\t1\n"
	       "class\tuntagged\t0\nclass\tchanged\t0\nclass\tfixed\t0\n"
	       "class\tbroken\t0\nrenamed\t2\n"
	       "transition\t-\tMIT\t1\n"
	       "transition\tGPL-2.0\t-\t1\n"
	       "transition\tuntagged\tMIT\t1\n",
	       "lines at the new path, a rename with no change has none");
	free(buf);
	diff_release(&d);

	/* two renames of one file: none followed rather than a guess */
	r[2] = (struct diff_rename){ "a.c", "x/c.c" };
	is_int(diff_build(&d, &sa, &sb, r, 3), 0, "diff with an ambiguous rename");
	is_int(d.renames, 0, "no rename followed");
	is_int(d.count[DIFF_ADDED], 3, "... the new paths are added");
	is_int(d.count[DIFF_REMOVED], 3, "... the old ones removed");
	diff_release(&d);
}

static void test_json(void)
{
	struct spdx_file a[] = { F("a\nb.c", ST_UNTAGGED, -1) };
	struct spdx_file b[] = { F("a\nb.c", ST_TAGGED, 0) };
	const struct spdx_file *pa[1], *pb[1];
	struct spdx_index ia, ib;
	struct diff_side sa, sb;
	struct diff_result d;
	struct json_writer w;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	side(&sa, &ia, pa, a, 1);
	side(&sb, &ib, pb, b, 1);
	diff_build(&d, &sa, &sb, NULL, 0);
	out = open_memstream(&buf, &len);
	json_init(&w, out, JSON_COMPACT);
	diff_write_json(&w, &d, &sa, &sb);
	is_int(json_end(&w), 0, "the JSON writer was used right");
	fclose(out);
	is_str(buf, "{\"version\":\"" SPDXFS_VERSION "\",\"old\":\"x\",\"new\":\"x\",\"files\":[{\"path\":\"a\\u000ab.c\","
	       "\"class\":\"tagged\",\"renamed_from\":null,\"old\":{\"status\":"
	       "\"untagged\",\"expression\":null},\"new\":{\"status\":\"tagged\","
	       "\"expression\":\"GPL-2.0\"}}],\"summary\":{\"added\":0,"
	       "\"removed\":0,\"tagged\":1,\"untagged\":0,\"changed\":0,"
	       "\"fixed\":0,\"broken\":0,\"renamed\":0},\"transitions\":"
	       "[{\"from\":\"untagged\",\"to\":\"GPL-2.0\",\"files\":1}]}\n",
	       "the JSON, escaped");
	free(buf);
	buf = NULL;
	out = open_memstream(&buf, &len);
	diff_write_text(out, &d, &sa, &sb, DIFF_OUT_LINES);
	fclose(out);
	is_str(buf, "\"a\\nb.c\"\tuntagged\t\ttagged\tGPL-2.0\ttagged\n",
	       "a path quoted as git quotes it");
	free(buf);
	diff_release(&d);
}

/* A file alone on one side, its id made of the byte @b. */
static struct diff_lone lone(const char *path, unsigned char b)
{
	struct diff_lone l = { .path = path };

	memset(l.id, b, sizeof(l.id));
	return l;
}

/* Exact renames as git pairs them: by id, each new file in path order
 * taking an unused old one, its own base name first. */
static void test_exact(void)
{
	struct diff_lone gone[] = {
		lone("z/moved.c", 1), lone("a/t1.c", 2), lone("a/t2.c", 2),
		lone("a/twin.c", 2), lone("a/only_old.c", 3), lone("a/dup.c", 4),
	};
	struct diff_lone came[] = {
		lone("b/twin.c", 2), lone("b/t3.c", 2), lone("b/moved.c", 1),
		lone("b/only_new.c", 5), lone("b/dup1.c", 4), lone("b/dup2.c", 4),
	};
	static const char *const want[][2] = {
		{ "z/moved.c", "b/moved.c" },
		{ "a/t1.c", "b/t3.c" },		/* first in path order */
		{ "a/twin.c", "b/twin.c" },	/* its own base name */
		{ "a/dup.c", "b/dup1.c" },	/* one old file, taken once */
	};
	struct diff_rename *r;
	size_t n, k = 0;
	int ret = diff_exact_renames(gone, 6, came, 6, &r, &n);

	is_int(ret, 0, "exact renames: 0");
	is_int(n, 4, "exact renames: 4 pairs");
	for (size_t i = 0; i < n && i < 4; i++)
		for (size_t j = 0; j < 4; j++)
			k += !strcmp(r[i].from, want[j][0]) && !strcmp(r[i].to, want[j][1]);
	is_int(k, 4, "exact renames: the pairs git makes");
	diff_renames_free(r, n);
	is_int(diff_exact_renames(gone, 0, came, 6, &r, &n), 0, "no old files: 0");
	is_int(n, 0, "no old files: no pairs");
	diff_renames_free(r, n);
}

int main(void)
{
	test_exact();
	test_classes();
	test_names();
	test_renames();
	test_json();
	return tap_done();
}
