// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_check: what check.h selects, diagnoses and counts per directory,
 * and what report.h prints of it in each format, against exact bytes, on
 * a fixture tree whose names hold the byte-order traps ("a-b/" sorts
 * before "a/", "a.c" between them).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "report.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\nSPDX-URL: x\nUsage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\nSPDX-URL: x\nUsage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "a-b/x.c", "int x;\n" },
	{ "a/b.c", "// SPDX-License-Identifier: GPL-1.0\n" },
	{ "a/b/c.c", "// SPDX-License-Identifier: MIT\n// SPDX-License-Identifier: MIT\n" },
	{ "a/z.c", "/*\n * SPDX-License-Identifier: GPL-2.0 OR MIT OR GPL-2.0\n */\n" },
	{ "links/", "" },
	{ "links/l.c -> ../a.c", "" },
};

/* What @call writes to out_ in format fmt_, into @buf, each NUL turned
 * into '|' so that the string can be compared. */
#define CAPTURE(buf, fmt, call) do {					\
	size_t len_ = 0;						\
	FILE *out_ = open_memstream(&(buf), &len_);			\
	enum report_format fmt_ = (fmt);				\
	(void)fmt_;							\
	call;								\
	fclose(out_);							\
	for (size_t i_ = 0; i_ < len_; i_++)				\
		if (!(buf)[i_])						\
			(buf)[i_] = '|';				\
} while (0)

static const char *paths_of(const struct spdx_file *const *f, size_t n)
{
	static char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
				i ? " " : "", f[i]->path);
	return buf;
}

/* check_select()'s paths and the files it selects, one per case. */
struct select_case {
	const char *paths[3];
	size_t n;
	const char *want;
};

static void select_cases(const struct spdx_index *idx, const struct spdx_index *git,
			 const struct select_case *cases, size_t ncases)
{
	const char *what = git ? "select with git" : "select";
	const struct spdx_file **sel;
	struct spdx_error err;
	size_t n;
	int ret;

	for (size_t k = 0; k < ncases; k++) {
		ret = check_select(idx, git, cases[k].paths, cases[k].n, &sel, &n, &err);
		is_int(ret, 0, "%s %zu: %s...", what, k,
		       cases[k].n ? cases[k].paths[0] : "nothing");
		if (ret)
			continue;
		is_str(paths_of(sel, n), cases[k].want, "%s %zu: the files", what, k);
		free(sel);
	}
}

static void test_select(const struct spdx_index *idx)
{
	static const struct select_case cases[] = {
		{ { 0 }, 0, "LICENSES/preferred/GPL-2.0 LICENSES/preferred/MIT "
			    "a-b/x.c a.c a/b.c a/b/c.c a/z.c" },
		{ { "a" }, 1, "a/b.c a/b/c.c a/z.c" },
		{ { "./a/", "a/b" }, 2, "a/b.c a/b/c.c a/z.c" },
		{ { "a/b/c.c", "a", "a/b/c.c" }, 3, "a/b.c a/b/c.c a/z.c" },
		{ { "a/z.c", "a-b" }, 2, "a-b/x.c a/z.c" },
		{ { "." }, 1, "LICENSES/preferred/GPL-2.0 LICENSES/preferred/MIT "
			      "a-b/x.c a.c a/b.c a/b/c.c a/z.c" },
		{ { "./a.c/" }, 1, "a.c" },
		{ { "links" }, 1, "" },
	};
	const struct spdx_file **sel;
	struct spdx_error err;
	size_t n;
	int ret;

	select_cases(idx, NULL, cases, ARRAY_SIZE(cases));
	ret = check_select(idx, NULL, (const char *[]){ "a", "nope/x.c" }, 2, &sel, &n,
			   &err);
	is_int(ret, -ENOENT, "a path that is not there: -ENOENT");
	ok(!strncmp(err.msg, "nope/x.c: no such file in ", 26),
	   "and says which: '%.100s'", err.msg);
	is_int(check_select(idx, NULL, (const char *[]){ "a/b.c/x" }, 1, &sel, &n, &err),
	       -ENOENT, "beneath a file: -ENOENT");
}

/*
 * With the index as git sees it: a path git has selects git's files
 * only, a path it lacks (named although git ignores it) all beneath it.
 * @dir's tree loses a/b/ and a-b/ to make git's index.
 */
static void test_select_git(const struct spdx_index *idx, struct source *src,
			    const char *dir)
{
	static const struct select_case cases[] = {
		{ { 0 }, 0, "LICENSES/preferred/GPL-2.0 LICENSES/preferred/MIT "
			    "a.c a/b.c a/z.c" },
		{ { "a" }, 1, "a/b.c a/z.c" },
		{ { "a", "a/b" }, 2, "a/b.c a/b/c.c a/z.c" },
		{ { "a/b/c.c" }, 1, "a/b/c.c" },
		{ { "a-b", "a.c" }, 2, "a-b/x.c a.c" },
		{ { "a/b/c.c", "." }, 2, "LICENSES/preferred/GPL-2.0 "
			"LICENSES/preferred/MIT a.c a/b.c a/b/c.c a/z.c" },
	};
	struct index_opts opts = { .nthreads = 1 };
	struct spdx_index *git = NULL;
	struct spdx_error err;
	char path[PATH_MAX];
	int ret = 0;

	for (const char *const *p = (const char *[]){ "a/b/c.c", "a/b", "a-b/x.c",
						      "a-b", NULL }; *p && !ret; p++) {
		snprintf(path, sizeof(path), "%s/%s", dir, *p);
		ret = remove(path) ? -errno : 0;
	}
	if (!ret)
		ret = index_build(&git, src, &opts, &err);
	is_int(ret, 0, "git's index built");
	if (ret)
		return;
	select_cases(idx, git, cases, ARRAY_SIZE(cases));
	index_free(git);
}

static void test_dirs(const struct spdx_index *idx)
{
	const struct spdx_file *all[16];
	struct check_dir *d;
	size_t n, nd;
	char got[256];

	n = idx->nfiles;
	for (size_t i = 0; i < n; i++)
		all[i] = &idx->files[i];
	for (int depth = -1; depth <= 1; depth++) {
		size_t len = 0;

		is_int(check_dirs(&d, &nd, all, n, depth), 0, "dirs, depth %d", depth);
		got[0] = '\0';
		for (size_t k = 0; k < nd; k++)
			len += snprintf(got + len, sizeof(got) - len, "%s%s %zu/%zu",
					k ? ", " : "", d[k].name, d[k].tagged,
					d[k].files);
		is_str(got, depth < 0 ? "./ 1/1, ./a-b/ 0/1, ./a/ 1/2, ./a/b/ 1/1" :
			    depth == 0 ? "./ 3/5" : "./ 1/1, ./a-b/ 0/1, ./a/ 2/3",
		       "dirs, depth %d, sorted as './DIR/' strings", depth);
		check_dirs_free(d, nd);
	}
}

/* The first files of @idx, at most @max, into @sel; returns how many. */
static size_t select_all(const struct spdx_index *idx,
			 const struct spdx_file **sel, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < idx->nfiles && n < max; i++)
		sel[n++] = &idx->files[i];
	return n;
}

static void test_reports(const struct spdx_index *idx)
{
	const struct spdx_file *sel[16];
	struct check_opts strict = { .strict = 1, .warnings = 1 };
	struct check_opts quiet = { 0 };
	struct check_dir dirs[] = {
		{ "./", 1, 1 }, { "./a/", 3, 2 },
	};
	char *buf = NULL;
	size_t n = select_all(idx, sel, ARRAY_SIZE(sel)), r = 0;

	CAPTURE(buf, REPORT_TEXT, r = report_check(out_, fmt_, idx, sel, n, &strict, NULL));
	is_str(buf,
	       "a/b.c: 1:28 Invalid License ID: GPL-1.0\n"
	       "a/b/c.c: 2:0 warning: second SPDX tag (first on line 1)\n"
	       "a/z.c: 2:28 warning: tag on line 2, expected on line 1\n"
	       "a/z.c: 2:43 Syntax error: OR (scripts/spdxcheck.py)\n",
	       "check, text");
	is_int(r, 2, "check: two errors");
	free(buf);
	CAPTURE(buf, REPORT_NUL, r = report_check(out_, fmt_, idx, sel, n, &quiet, NULL));
	is_str(buf, "a/b.c|1:28 Invalid License ID: GPL-1.0|", "check, -z");
	is_int(r, 1, "check, no warnings: one error");
	free(buf);
	CAPTURE(buf, REPORT_JSON, r = report_check(out_, fmt_, idx, sel, n, &quiet, NULL));
	is_str(buf,
	       JSON_RECORDS("diagnostics")
	       "    {\"path\": \"a/b.c\", \"line\": 1, \"col\": 28, \"severity\": \"error\", "
	       "\"class\": \"invalid\", \"message\": \"Invalid License ID: GPL-1.0\"}\n"
	       JSON_RECORDS_END, "check, JSON");
	free(buf);

	CAPTURE(buf, REPORT_TEXT, r = report_lacking(out_, fmt_, sel, n));
	is_str(buf, "a-b/x.c\na/b.c\n", "files without a valid tag, text");
	is_int(r, 2, "two of them");
	free(buf);
	CAPTURE(buf, REPORT_NUL, report_lacking(out_, fmt_, sel, n));
	is_str(buf, "a-b/x.c|a/b.c|", "files without a valid tag, -z");
	free(buf);
	CAPTURE(buf, REPORT_JSON, report_lacking(out_, fmt_, sel, 2));
	is_str(buf, JSON_RECORDS("files") JSON_RECORDS_END,
	       "none of the first two, JSON: an empty array");
	free(buf);

	CAPTURE(buf, REPORT_TEXT, r = report_dirs(out_, fmt_, dirs, 2));
	is_str(buf, "Incomplete directories: SPDX in Files\n"
	       "    ./a/                                                                            :"
	       "     2 of     3   66%\n", "dirs, text");
	is_int(r, 1, "one incomplete directory");
	free(buf);
	CAPTURE(buf, REPORT_NUL, report_dirs(out_, fmt_, dirs, 2));
	is_str(buf, "./a/|2 of 3 66%|", "dirs, -z: no header");
	free(buf);
	CAPTURE(buf, REPORT_JSON, report_dirs(out_, fmt_, dirs, 2));
	is_str(buf, JSON_RECORDS("dirs")
	       "    {\"dir\": \"./a/\", \"files\": 3, \"tagged\": 2}\n"
	       JSON_RECORDS_END, "dirs, JSON");
	free(buf);

	CAPTURE(buf, REPORT_TEXT, report_files(out_, fmt_, idx, sel + 2, 2));
	is_str(buf, "a-b/x.c\tuntagged\t0\t\na.c\ttagged\t1\tGPL-2.0\n", "files, text");
	free(buf);
	CAPTURE(buf, REPORT_NUL, report_files(out_, fmt_, idx, sel + 2, 2));
	is_str(buf, "a-b/x.c|untagged\t0\t|a.c|tagged\t1\tGPL-2.0|", "files, -z");
	free(buf);
	CAPTURE(buf, REPORT_JSON, report_files(out_, fmt_, idx, sel + 3, 2));
	is_str(buf, JSON_RECORDS("files")
	       "    {\"path\": \"a.c\", \"status\": \"tagged\", \"line\": 1, \"col\": 28, "
	       "\"leader\": \"//\", \"expression\": \"GPL-2.0\", \"canonical\": \"GPL-2.0\", "
	       "\"uapi\": false, \"copyright\": []},\n"
	       "    {\"path\": \"a/b.c\", \"status\": \"invalid\", \"line\": 1, \"col\": 28, "
	       "\"leader\": \"//\", \"expression\": \"GPL-1.0\", \"canonical\": \"GPL-1.0\", "
	       "\"error\": \"Invalid License ID: GPL-1.0\", \"uapi\": false, "
	       "\"copyright\": []}\n"
	       JSON_RECORDS_END, "files, JSON");
	free(buf);
}

/*
 * The kernel's rules on a second tree: spdxcheck's grammar, checkpatch's
 * comment style per file type, its line, new files; prose in COPYING.
 */
static const struct fixture_file kfiles[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0-only\n"
	  "SPDX-URL: x\nUsage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\nSPDX-URL: x\nUsage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "COPYING", "The kernel is provided under:\n\n"
	  "\tSPDX-License-Identifier: GPL-2.0\n" },
	{ "notes.txt", "SPDX-License-Identifier: MIT\n" },
	{ "ok.c", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "ok.h", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
	{ "block.c", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
	{ "three.c", "// SPDX-License-Identifier: GPL-2.0-only OR MIT OR GPL-2.0\n" },
	{ "new.c", "int n;\n" },
	{ "new.h", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "old.c", "int o;\n" },
	{ "run", "#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\n" },
	{ "late.sh", "#!/bin/sh\n\n# SPDX-License-Identifier: GPL-2.0\n" },
	{ "Kconfig", "\n# SPDX-License-Identifier: GPL-2.0\n" },
	{ "x.rst", "SPDX-License-Identifier: GPL-2.0\n" },
	{ "Documentation/devicetree/bindings/a.yaml",
	  "# SPDX-License-Identifier: GPL-2.0\n" },
	{ "Documentation/devicetree/bindings/b.yaml",
	  "# SPDX-License-Identifier: (GPL-2.0 OR MIT)\n" },
	{ "empty.c", "" },
	{ "tab\tname.c", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
};

/* The new files are those whose name starts with "new". */
static int is_new(const struct spdx_file *f, void *arg)
{
	++*(int *)arg;
	return !strncmp(f->path, "new", 3);
}

static void test_kernel_rules(void)
{
	struct fixture fx;
	struct spdx_index *idx;
	const struct spdx_file *sel[32];
	struct check_tally tally = { 0 };
	int asked = 0;
	struct check_opts kernel = { .warnings = 1, .kernel = 1,
				     .is_new = is_new, .new_arg = &asked };
	struct check_opts spdx = { .warnings = 1 };
	char *buf = NULL;
	size_t n = 0, r = 0;
	int ret;

	ret = fixture_open(&fx, "check", kfiles, ARRAY_SIZE(kfiles));
	is_int(ret, 0, "kernel tree built %.100s", fx.err.msg);
	if (ret)
		goto out;
	idx = fx.idx;
	ok(!check_kernel_tree(idx), "no scripts/spdxcheck.py: not a kernel tree");
	n = select_all(idx, sel, ARRAY_SIZE(sel));

	CAPTURE(buf, REPORT_TEXT, r = report_check(out_, fmt_, idx, sel, n, &kernel, NULL));
	is_str(buf,
	       "Documentation/devicetree/bindings/a.yaml: 1:0 warning: DT binding documents "
	       "should be licensed (GPL-2.0-only OR BSD-2-Clause) (scripts/checkpatch.pl)\n"
	       "Documentation/devicetree/bindings/b.yaml: 1:0 warning: DT binding documents "
	       "should be licensed (GPL-2.0-only OR BSD-2-Clause) (scripts/checkpatch.pl)\n"
	       "Kconfig: 2:27 warning: tag on line 2, expected on line 1\n"
	       "block.c: 1:0 warning: Improper SPDX comment style for 'block.c', please use "
	       "'//' instead (scripts/checkpatch.pl)\n"
	       "block.c: 1:0 warning: Missing or malformed SPDX-License-Identifier tag in "
	       "line 1 (scripts/checkpatch.pl)\n"
	       "late.sh: 2:0 warning: Missing or malformed SPDX-License-Identifier tag in "
	       "line 2 (scripts/checkpatch.pl)\n"
	       "late.sh: 3:0 warning: Misplaced SPDX-License-Identifier tag - use line 2 "
	       "instead (scripts/checkpatch.pl)\n"
	       "new.c: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 "
	       "(scripts/checkpatch.pl)\n"
	       "new.h: 1:0 Improper SPDX comment style for 'new.h', please use '/*' instead "
	       "(scripts/checkpatch.pl)\n"
	       "new.h: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 "
	       "(scripts/checkpatch.pl)\n"
	       "old.c: 1:0 warning: Missing or malformed SPDX-License-Identifier tag in "
	       "line 1 (scripts/checkpatch.pl)\n"
	       "\"tab\\tname.c\": 1:0 warning: Improper SPDX comment style for "
	       "'\"tab\\tname.c\"', please use '//' instead (scripts/checkpatch.pl)\n"
	       "\"tab\\tname.c\": 1:0 warning: Missing or malformed SPDX-License-Identifier "
	       "tag in line 1 (scripts/checkpatch.pl)\n"
	       "three.c: 1:48 Syntax error: OR (scripts/spdxcheck.py)\n"
	       "x.rst: 1:0 warning: Missing or malformed SPDX-License-Identifier tag in "
	       "line 1 (scripts/checkpatch.pl)\n",
	       "kernel rules: checkpatch.pl's messages, errors for new files only; "
	       "a name in a message quoted too");
	is_int(r, 4, "kernel rules: four errors");
	is_int(asked, 9, "newness asked only about the 9 files checkpatch.pl flags");
	free(buf);

	CAPTURE(buf, REPORT_TEXT, r = report_check(out_, fmt_, idx, sel, n, &kernel, &tally));
	is_str(buf,
	       "new.c: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 "
	       "(scripts/checkpatch.pl)\n"
	       "new.h: 1:0 Improper SPDX comment style for 'new.h', please use '/*' instead "
	       "(scripts/checkpatch.pl)\n"
	       "new.h: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 "
	       "(scripts/checkpatch.pl)\n"
	       "three.c: 1:48 Syntax error: OR (scripts/spdxcheck.py)\n",
	       "with a tally: the errors only");
	is_int(r, 4, "the same four errors");
	free(buf);
	CAPTURE(buf, REPORT_TEXT, r = report_check_tally(out_, &tally));
	is_str(buf,
	       "warning: 1 file: tag not on the first line that can hold it\n"
	       "warning: 5 files: Missing or malformed SPDX-License-Identifier tag (checkpatch.pl)\n"
	       "warning: 2 files: Improper SPDX comment style (checkpatch.pl)\n"
	       "warning: 1 file: Misplaced SPDX-License-Identifier tag (checkpatch.pl)\n"
	       "warning: 2 files: DT binding documents should be licensed (GPL-2.0-only OR "
	       "BSD-2-Clause) (checkpatch.pl)\n"
	       "hint: 'spdxfs check -v' lists each warning\n",
	       "the tally: one line per class");
	is_int(r, 11, "eleven warnings");
	free(buf);

	CAPTURE(buf, REPORT_TEXT, r = report_check(out_, fmt_, idx, sel, n, &spdx, NULL));
	is_str(buf,
	       "Kconfig: 2:27 warning: tag on line 2, expected on line 1\n"
	       "late.sh: 3:27 warning: tag on line 3, expected on line 2\n"
	       "x.rst: 1:25 warning: tag not preceded by a known comment leader\n",
	       "SPDX reading: no grammar error, no checkpatch.pl, nothing about COPYING");
	is_int(r, 0, "SPDX reading: no error");
	free(buf);
out:
	fixture_close(&fx);
}

int main(void)
{
	struct fixture fx;
	int ret;

	ret = fixture_open(&fx, "check", files, ARRAY_SIZE(files));
	is_int(ret, 0, "fixture made and indexed %.100s", fx.err.msg);
	if (!ret) {
		test_select(fx.idx);
		test_dirs(fx.idx);
		test_reports(fx.idx);
		test_select_git(fx.idx, fx.src, fx.dir);
		test_kernel_rules();
	}
	fixture_close(&fx);
	return tap_done();
}
