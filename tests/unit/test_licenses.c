// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_licenses: LICENSES/ metatags read through a struct source, from
 * fixture trees made in a temporary directory, and from the real kernel
 * tree when it is there (SPDXFS_KERNEL_TREE overrides the path).
 */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "spdx/licenses.h"
#include "source/source.h"
#include "fixture.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))



static int load_from(const char *root, struct licenses **lic,
		     struct spdx_error *err)
{
	struct source *src;
	int ret;

	*lic = NULL;
	ret = source_open(&src, &(struct source_spec){
			.type = SOURCE_DIR, .path = root }, err);
	if (ret)
		return ret;
	ret = licenses_load(lic, src, err);
	source_free(src);
	return ret;
}

/* Write @files into a new temporary tree and load its LICENSES/. */
static int load_fixture(const struct fixture_file *files, size_t n,
			struct licenses **lic, struct spdx_error *err)
{
	char dir[] = "/tmp/test_licenses.XXXXXX";
	int ret;

	*lic = NULL;
	ret = fixture_make(dir, files, n);
	if (!ret)
		ret = load_from(dir, lic, err);
	fixture_remove(dir);
	return ret;
}

#define GPL2_HEAD \
	"Valid-License-Identifier: GPL-2.0\n" \
	"Valid-License-Identifier: GPL-2.0-only\n" \
	"Valid-License-Identifier: GPL-2.0+\n" \
	"Valid-License-Identifier: GPL-2.0-or-later\n" \
	"SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n" \
	"Usage-Guide:\n" \
	"  To use this license in source code, put one of the following SPDX\n" \
	"  tag/value pairs into a comment:\n" \
	"    SPDX-License-Identifier: GPL-2.0\n" \
	"License-Text:\n"
#define GPL2_BODY "\n\t\t    GNU GENERAL PUBLIC LICENSE\n"

static const struct fixture_file good_tree[] = {
	{ "LICENSES/preferred/GPL-2.0", GPL2_HEAD GPL2_BODY },
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\r\n"
	  "SPDX-URL: https://spdx.org/licenses/MIT.html\r\n"
	  "Usage-Guide:\r\n  SPDX-License-Identifier: MIT\r\n"
	  "License-Text:\r\nMIT License\r\n" },
	{ "LICENSES/dual/Apache-2.0",
	  "Valid-License-Identifier:   Apache-2.0  \n"
	  "License-Text:\nApache License\n" },
	{ "LICENSES/deprecated/GPL-1.0",
	  "Valid-License-Identifier: GPL-1.0+\n"
	  "SPDX-URL: https://spdx.org/licenses/GPL-1.0.html\n"
	  "License-Text:\n" },
	{ "LICENSES/deprecated/NoText",
	  "Valid-License-Identifier: LicenseRef-NoText\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
	  "SPDX-Exception-Identifier: Linux-syscall-note\n"
	  "SPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0+, GPL-1.0+,\tGPL-2.0-only, "
	  "GPL-2.0-or-later\n"
	  "Usage-Guide:\n  Valid-License-Identifier: not-a-tag-here\n"
	  "License-Text:\n   NOTE! This copyright does *not* cover\n" },
	/* Ignored: outside the four directories, or not a regular file. */
	{ "LICENSES/other/Ignored", "Valid-License-Identifier: Ignored\n" },
	{ "LICENSES/README", "Valid-License-Identifier: Readme\n" },
	{ "LICENSES/dual/empty-dir/", "" },
};

static const struct license_file *file_named(const struct licenses *lic,
					     const char *name)
{
	int i;

	for (i = 0; i < lic->nfiles; i++)
		if (!strcmp(lic->files[i].name, name))
			return &lic->files[i];
	return NULL;
}

static void test_good_tree(void)
{
	const struct license_file *f, *e;
	struct licenses *lic;
	struct spdx_error err = { 0 };
	int ret, i, sorted = 1;

	ret = load_fixture(good_tree, ARRAY_SIZE(good_tree), &lic, &err);
	is_int(ret, 0, "fixture loads%s%.100s", *err.msg ? ": " : "", err.msg);
	if (ret)
		return;
	is_int(lic->nfiles, 6, "six files");
	is_int(lic->nlicense_ids, 8, "eight license ids");
	is_int(lic->nexception_ids, 1, "one exception id");
	for (i = 1; i < lic->nfiles; i++)
		if (strcmp(lic->files[i - 1].name, lic->files[i].name) > 0)
			sorted = 0;
	ok(sorted, "files sorted by name");
	is_str(lic->files[0].name, "Apache-2.0", "first file");

	f = file_named(lic, "GPL-2.0");
	ok(f != NULL, "GPL-2.0 file present");
	if (f) {
		is_str(f->dir, "preferred", "GPL-2.0 dir");
		is_str(f->path, "LICENSES/preferred/GPL-2.0", "GPL-2.0 path");
		is_int(f->exception, 0, "GPL-2.0 is no exception");
		is_int(f->nids, 4, "GPL-2.0 declares four ids");
		is_str(f->ids[2], "GPL-2.0+", "GPL-2.0 third id");
		is_str(f->url, "https://spdx.org/licenses/GPL-2.0.html",
		       "GPL-2.0 url");
		is_int(f->text_offset, strlen(GPL2_HEAD), "text offset");
		is_int(f->size, strlen(GPL2_HEAD GPL2_BODY), "file size");
	}
	f = file_named(lic, "MIT");
	ok(f && f->nids == 1 && !strcmp(f->ids[0], "MIT"),
	   "CRLF: MIT id without CR");
	f = file_named(lic, "Apache-2.0");
	ok(f && !strcmp(f->ids[0], "Apache-2.0") && !f->url,
	   "id trimmed; no SPDX-URL is NULL");
	f = file_named(lic, "NoText");
	ok(f && f->text_offset == f->size, "no License-Text: all tags");

	e = file_named(lic, "Linux-syscall-note");
	ok(e != NULL, "exception file present");
	if (e) {
		is_int(e->exception, 1, "exception flag");
		is_str(e->dir, "exceptions", "exception dir");
		is_int(e->nids, 1, "one exception id");
		is_int(e->nallowed, 5, "five SPDX-Licenses");
		is_str(e->allowed[3], "GPL-2.0-only", "tab-separated entry");
		is_str(e->allowed[4], "GPL-2.0-or-later", "last entry");
		ok(licenses_exception_allows(e, "gpl-2.0+", 8),
		   "allows gpl-2.0+ (any case)");
		ok(licenses_exception_allows(e, "GPL-2.0+ OR", 8),
		   "allows uses only len bytes");
		ok(!licenses_exception_allows(e, "MIT", 3), "refuses MIT");
		ok(!licenses_exception_allows(e, "GPL-2.0-o", 9),
		   "refuses a prefix");
	}

	f = licenses_lookup(lic, "gpl-2.0-OR-LATER", 16);
	ok(f && !strcmp(f->name, "GPL-2.0"), "lookup any case");
	f = licenses_lookup(lic, "MITxyz", 3);
	ok(f && !strcmp(f->name, "MIT"), "lookup uses len bytes");
	ok(!licenses_lookup(lic, "GPL-2", 5), "lookup: no prefix match");
	ok(!licenses_lookup(lic, "Ignored", 7), "other/ is not read");
	ok(!licenses_lookup(lic, "Readme", 6), "LICENSES/README is not read");
	f = licenses_lookup(lic, "LINUX-SYSCALL-NOTE", 18);
	ok(f && f->exception, "lookup finds exceptions");
	is_str(licenses_spelling(lic, "apache-2.0", 10), "Apache-2.0",
	       "declared spelling");
	is_str(licenses_spelling(lic, "licenseref-notext", 17),
	       "LicenseRef-NoText", "declared LicenseRef spelling");
	ok(!licenses_spelling(lic, "BSD-3-Clause", 12), "undeclared: NULL");
	ok(!licenses_lookup(NULL, "MIT", 3), "lookup on NULL licenses");
	licenses_free(lic);
}

struct bad_tree {
	const char *name;
	struct fixture_file files[3];
	int ret;
	const char *msg;
};

static const struct bad_tree bad_trees[] = {
	{ "duplicate id, other case",
	  { { "LICENSES/preferred/GPL-2.0", GPL2_HEAD },
	    { "LICENSES/deprecated/GPL-2.0-copy",
	      "Valid-License-Identifier: gpl-2.0\nLicense-Text:\n" } },
	  -EINVAL, "LICENSES/deprecated/GPL-2.0-copy: duplicate identifier "
		   "gpl-2.0 (also in LICENSES/preferred/GPL-2.0)" },
	{ "duplicate within a file",
	  { { "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\n"
	      "Valid-License-Identifier: MIT\nLicense-Text:\n" } },
	  -EINVAL, "LICENSES/preferred/MIT: duplicate identifier MIT "
		   "(also in LICENSES/preferred/MIT)" },
	{ "exception id clashes with a license id",
	  { { "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\n" },
	    { "LICENSES/exceptions/MIT-note", "SPDX-Exception-Identifier: MIT\n"
	      "SPDX-Licenses: MIT\n" } },
	  -EINVAL, "LICENSES/exceptions/MIT-note: duplicate identifier MIT "
		   "(also in LICENSES/preferred/MIT)" },
	{ "exception without SPDX-Licenses",
	  { { "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\n" },
	    { "LICENSES/exceptions/Foo-note",
	      "SPDX-Exception-Identifier: Foo-note\nLicense-Text:\n"
	      "SPDX-Licenses: MIT\n" } },
	  -EINVAL, "LICENSES/exceptions/Foo-note: no SPDX-Licenses" },
	{ "exception with an empty SPDX-Licenses",
	  { { "LICENSES/exceptions/Foo-note",
	      "SPDX-Exception-Identifier: Foo-note\nSPDX-Licenses: , \n" } },
	  -EINVAL, "LICENSES/exceptions/Foo-note: no SPDX-Licenses" },
	{ "exception naming an undeclared license",
	  { { "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\n" },
	    { "LICENSES/exceptions/Foo-note",
	      "SPDX-Exception-Identifier: Foo-note\n"
	      "SPDX-Licenses: MIT, GPL-9.0\n" } },
	  -EINVAL, "LICENSES/exceptions/Foo-note: SPDX-Licenses names "
		   "undeclared license GPL-9.0" },
	{ "file without identifiers",
	  { { "LICENSES/preferred/Empty", "SPDX-URL: x\nLicense-Text:\n"
	      "Valid-License-Identifier: Late\n" } },
	  -EINVAL, "LICENSES/preferred/Empty: no Valid-License-Identifier" },
	{ "empty identifier",
	  { { "LICENSES/preferred/Blank", "Valid-License-Identifier:  \n" } },
	  -EINVAL, "LICENSES/preferred/Blank:1: empty identifier tag" },
	{ "empty exception identifier, line counted",
	  { { "LICENSES/exceptions/Blank", "SPDX-URL: x\r\n\n"
	      "SPDX-Exception-Identifier:\t\r\n" } },
	  -EINVAL, "LICENSES/exceptions/Blank:3: empty identifier tag" },
	{ "identifier with a slash",
	  { { "LICENSES/preferred/Slash", "SPDX-URL: x\n"
	      "Valid-License-Identifier: a/b\n" } },
	  -EINVAL, "LICENSES/preferred/Slash:2: invalid identifier \"a/b\" (an "
		   "SPDX identifier is letters, digits, '.' and '-')" },
	{ "identifier \".\"",
	  { { "LICENSES/preferred/Dot", "Valid-License-Identifier: MIT\n"
	      "Valid-License-Identifier: .\n" } },
	  -EINVAL, "LICENSES/preferred/Dot:2: invalid identifier \".\" (an "
		   "SPDX identifier is letters, digits, '.' and '-')" },
	{ "identifier \"..\"",
	  { { "LICENSES/preferred/Dots", "Valid-License-Identifier: ..\n" } },
	  -EINVAL, "LICENSES/preferred/Dots:1: invalid identifier \"..\" (an "
		   "SPDX identifier is letters, digits, '.' and '-')" },
	{ "a '+' only at the end",
	  { { "LICENSES/preferred/Plus", "Valid-License-Identifier: GPL+2.0\n" } },
	  -EINVAL, "LICENSES/preferred/Plus:1: invalid identifier \"GPL+2.0\" "
		   "(an SPDX identifier is letters, digits, '.' and '-')" },
	{ "no '+' on an exception",
	  { { "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\n" },
	    { "LICENSES/exceptions/Note", "SPDX-Exception-Identifier: Note+\n"
	      "SPDX-Licenses: MIT\n" } },
	  -EINVAL, "LICENSES/exceptions/Note:1: invalid identifier \"Note+\" "
		   "(an SPDX identifier is letters, digits, '.' and '-')" },
	{ "words of an expression, one space apart",
	  { { "LICENSES/preferred/Sp", "Valid-License-Identifier: GPL-2.0 OR MIT\n"
	      "Valid-License-Identifier: GPL-2.0  OR MIT\n" } },
	  -EINVAL, "LICENSES/preferred/Sp:2: invalid identifier \"GPL-2.0  OR MIT\" "
		   "(an SPDX identifier is letters, digits, '.' and '-')" },
	{ "... each an idstring",
	  { { "LICENSES/preferred/Sp", "Valid-License-Identifier: GPL-2.0 OR ../x\n" } },
	  -EINVAL, "LICENSES/preferred/Sp:1: invalid identifier \"GPL-2.0 OR ../x\" "
		   "(an SPDX identifier is letters, digits, '.' and '-')" },
	{ "control characters are not printed",
	  { { "LICENSES/preferred/Esc", "Valid-License-Identifier: \x1b[2Jx y\n" } },
	  -EINVAL, "LICENSES/preferred/Esc:1: invalid identifier \"?[2Jx y\" "
		   "(an SPDX identifier is letters, digits, '.' and '-')" },
	{ "both kinds of identifier",
	  { { "LICENSES/preferred/Both", "Valid-License-Identifier: A\n"
	      "SPDX-Exception-Identifier: B\nSPDX-Licenses: A\n" } },
	  -EINVAL, "LICENSES/preferred/Both: declares both license and "
		   "exception identifiers" },
	{ "no LICENSES/ at all",
	  { { "README", "hello\n" } },
	  -ENOENT, "LICENSES: No such file or directory" },
};

static void test_bad_trees(void)
{
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(bad_trees); i++) {
		const struct bad_tree *t = &bad_trees[i];
		struct licenses *lic = (struct licenses *)&lic;
		struct spdx_error err = { 0 };
		int ret;

		for (n = 0; n < ARRAY_SIZE(t->files) && t->files[n].path; n++)
			;
		ret = load_fixture(t->files, n, &lic, &err);
		is_int(ret, t->ret, "%s: error code", t->name);
		is_int(err.code, t->ret, "%s: the error's code", t->name);
		is_str(err.msg, t->msg, "%s: message", t->name);
		ok(lic == NULL, "%s: no table", t->name);
	}
}

static void test_empty_dirs(void)
{
	static const struct fixture_file files[] = {
		{ "LICENSES/preferred/", "" },
		{ "LICENSES/exceptions/", "" },
	};
	struct licenses *lic;
	struct spdx_error err;
	int ret;

	ret = load_fixture(files, ARRAY_SIZE(files), &lic, &err);
	is_int(ret, 0, "empty LICENSES/ loads");
	if (lic) {
		is_int(lic->nfiles, 0, "... with no files");
		ok(!licenses_lookup(lic, "MIT", 3), "... and no ids");
	}
	licenses_free(lic);
}

/* The Debian linux-source-6.1 tree: 18 + 2 files, 31 + 2 ids. */
static void test_kernel_tree(void)
{
	const struct license_file *f;
	struct licenses *lic;
	struct spdx_error err = { 0 };
	char path[PATH_MAX];
	int i, nlic = 0, nexc = 0, ret;
	const char *tree = fixture_kernel_tree(path, sizeof(path));

	if (!tree) {
		printf("ok %d # skip no kernel tree at %s\n", ++tap_count, path);
		return;
	}
	ret = load_from(tree, &lic, &err);
	is_int(ret, 0, "kernel LICENSES/ loads%s%.100s", *err.msg ? ": " : "",
	       err.msg);
	if (ret)
		return;
	for (i = 0; i < lic->nfiles; i++)
		lic->files[i].exception ? nexc++ : nlic++;
	is_int(nlic, 18, "kernel: 18 license files");
	is_int(nexc, 2, "kernel: 2 exception files");
	is_int(lic->nlicense_ids, 31, "kernel: 31 license ids");
	is_int(lic->nexception_ids, 2, "kernel: 2 exception ids");
	f = licenses_lookup(lic, "gpl-1.0+", 8);
	ok(f && !strcmp(f->path, "LICENSES/deprecated/GPL-1.0"),
	   "kernel: GPL-1.0+ is deprecated/GPL-1.0");
	ok(!licenses_lookup(lic, "GPL-1.0-or-later", 16),
	   "kernel: GPL-1.0-or-later is not declared");
	ok(!licenses_lookup(lic, "GPL-1.0", 7), "kernel: bare GPL-1.0 neither");
	f = licenses_lookup(lic, "GPL-2.0 OR GFDL-1.1-no-invariants-or-later",
			    42);
	ok(f && !strcmp(f->name, "GFDL-1.1"),
	   "kernel: GFDL-1.1 declares a whole expression as an id");
	f = licenses_lookup(lic, "Linux-syscall-note", 18);
	ok(f && f->exception && f->nallowed == 9,
	   "kernel: Linux-syscall-note allows 9 licenses");
	ok(f && licenses_exception_allows(f, "LGPL-2.0+", 9) &&
	   !licenses_exception_allows(f, "LGPL-2.1-or-later", 17),
	   "kernel: Linux-syscall-note allows LGPL-2.0+, not LGPL-2.1-or-later");
	f = licenses_lookup(lic, "GCC-exception-2.0", 17);
	ok(f && f->exception && f->nallowed == 4,
	   "kernel: GCC-exception-2.0 allows 4 licenses");
	licenses_free(lic);
}

int main(void)
{
	test_good_tree();
	test_bad_trees();
	test_empty_dirs();
	test_kernel_tree();
	return tap_done();
}
