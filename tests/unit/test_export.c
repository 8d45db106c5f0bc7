// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_export: the SPDX License List lookups (spdxlist.h), the checksums
 * (digest.h) against known values, and what export.h writes of an
 * expression: whole, operators upper case, LicenseRef- for ids off the
 * list, today's spelling for the declared license, and the failures.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "digest.h"
#include "util/error.h"
#include "sbom/export.h"
#include "fixture.h"
#include "spdx/spdxlist.h"
#include "tap.h"

static void test_spdxlist(void)
{
	int sorted = 1;

	ok(spdxlist_has_license("GPL-2.0", 7), "GPL-2.0 (deprecated) is on the list");
	ok(spdxlist_has_license("gpl-2.0-only", 12), "ids match without case");
	ok(spdxlist_has_license("Linux-OpenIB", 12), "Linux-OpenIB is on the list");
	ok(spdxlist_has_license("0BSD", 4), "the first id");
	ok(spdxlist_has_license("GPL-2.0+", 7), "@len bytes only: GPL-2.0");
	ok(!spdxlist_has_license("GPL-2.0+", 8), "GPL-2.0+ is not an id");
	ok(!spdxlist_has_license("GPL-2", 5), "a prefix is not an id");
	ok(!spdxlist_has_license("Linux-syscall-note", 18), "an exception is no license");
	ok(spdxlist_has_exception("linux-syscall-note", 18), "Linux-syscall-note is an exception");
	ok(spdxlist_has_exception("GCC-exception-2.0", 17), "GCC-exception-2.0 too");
	ok(!spdxlist_has_exception("Linux-Foo-note", 14), "an unknown exception");
	for (size_t i = 1; i < spdxlist_licenses_count; i++)
		if (strcasecmp(spdxlist_licenses[i - 1], spdxlist_licenses[i]) >= 0)
			sorted = 0;
	for (size_t i = 1; i < spdxlist_exceptions_count; i++)
		if (strcasecmp(spdxlist_exceptions[i - 1], spdxlist_exceptions[i]) >= 0)
			sorted = 0;
	ok(sorted, "both lists sorted without case, no id twice");
}

static const struct fixture_file tree[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0+\n"
	  "Valid-License-Identifier: GPL-2.0-only\nLicense-Text:\nThe GPL.\n" },
	{ "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\nLicense-Text:\nMIT.\n" },
	{ "LICENSES/deprecated/Foo",
	  "Valid-License-Identifier: Foo-1.0\nValid-License-Identifier: Foo-1.0+\n"
	  "License-Text:\n\nThe Foo text.\n" },
	{ "Makefile", "# top\nVERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\nEXTRAVERSION =\nNAME = x\n" },
	{ "COPYING", "SPDX-License-Identifier: GPL-2.0\n" },
	{ "abc", "abc" },
	{ "empty", "" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0 or (MIT and foo-1.0)\n" },
	{ "plus.c", "// SPDX-License-Identifier: Foo-1.0+\n" },
};

static void test_digest(const char *dir, struct source *src)
{
	static const char *const paths[] = { "abc", "empty", "abc" };
	struct file_digest d[3];
	struct spdx_error err = { 0 };
	char hex[65];
	int r;

	r = digest_file(src, "abc", DIGEST_SHA1 | DIGEST_SHA256 | DIGEST_GITOID, &d[0], &err);
	is_int(r, 0, "digest_file");
	digest_hex(d[0].sha1, 20, hex);
	is_str(hex, "a9993e364706816aba3e25717850c26c9cd0d89d", "SHA1 of abc");
	digest_hex(d[0].sha256, 32, hex);
	is_str(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	       "SHA256 of abc");
	digest_hex(d[0].gitoid, 20, hex);
	is_str(hex, "f2ba8f84ab5c1bce84a7b441cb1959cfc7093b7f", "git's blob id of abc");
	is_int((int)d[0].size, 3, "size read");

	memset(d, 0, sizeof(d));
	r = digest_files(src, paths, 3, DIGEST_GITOID, 2, d, &err);
	is_int(r, 0, "digest_files on two threads");
	digest_hex(d[1].gitoid, 20, hex);
	is_str(hex, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", "the empty blob, in its slot");
	ok(!memcmp(d[0].gitoid, d[2].gitoid, 20), "the same file, the same id");

	r = digest_file(src, "nope", DIGEST_SHA1, &d[0], &err);
	is_int(r, -ENOENT, "a missing file");
	is_str(err.msg, "nope: No such file or directory", "its error names it");
	(void)dir;
}

/* Export @idx as spdx-json into a string; NULL when prepare fails. */
static char *export_string(struct source *src, const struct spdx_index *idx,
			   const char *declared, struct spdx_error *err)
{
	const struct spdx_file **files = calloc(idx->nfiles, sizeof(*files));
	struct export_opts o = {
		.format = EXPORT_SPDX_JSON, .declared = declared, .created = 0,
		.nthreads = 1, .tool = "spdxfs-test",
	};
	struct export_doc *doc = NULL;
	char *buf = NULL;
	size_t len;
	FILE *f;

	for (size_t i = 0; i < idx->nfiles; i++)
		files[i] = &idx->files[i];
	if (!export_prepare(&doc, src, idx, files, idx->nfiles, &o, err)) {
		f = open_memstream(&buf, &len);
		if (export_write(f, doc))
			fputs("write failed", f);
		fclose(f);
	}
	export_free(doc);
	free(files);
	return buf;
}

static void test_export(struct source *src, const struct spdx_index *idx)
{
	struct spdx_error err = { 0 };
	char version[64], *s;

	is_int(export_kernel_version(src, version, sizeof(version)), 0, "a kernel version");
	is_str(version, "6.12.0", "VERSION.PATCHLEVEL.SUBLEVEL, no EXTRAVERSION");

	/* Foo-1.0+ cannot be written: a "+" after a LicenseRef. */
	s = export_string(src, idx, NULL, &err);
	ok(!s, "an id off the list with a + cannot be exported");
	is_str(err.msg, "plus.c: 'Foo-1.0+': Foo-1.0+: a \"+\" after an identifier "
	       "not on the SPDX License List", "the error names the file and why");
	is_int(err.code, -EINVAL, "-EINVAL");
	free(s);
}

static void test_export_ok(struct source *src, const struct spdx_index *idx)
{
	struct spdx_error err = { 0 };
	char *s;

	s = export_string(src, idx, NULL, &err);
	ok(s != NULL, "export of a tree whose ids can all be written");
	if (!s)
		return;
	ok(strstr(s, "\"licenseInfoInFiles\":[\"GPL-2.0 OR (MIT AND LicenseRef-Foo-1.0)\"]") != NULL,
	   "whole, operators upper case, LicenseRef- in the declared spelling");
	ok(strstr(s, "\"licenseId\":\"LicenseRef-Foo-1.0\",\"extractedText\":\"\\u000aThe Foo text.\\u000a\"") != NULL,
	   "the LicenseRef is declared once, with the text after License-Text:");
	ok(strstr(s, "\"licenseDeclared\":\"GPL-2.0-only\"") != NULL,
	   "the declared license from COPYING, in today's spelling");
	ok(strstr(s, "\"created\":\"1970-01-01T00:00:00Z\"") != NULL, "created as given");
	ok(strstr(s, "\"name\":\"linux-6.12.0\"") != NULL, "the document's name");
	free(s);
	s = export_string(src, idx, "GPL-2.0+ with Linux-syscall-note", &err);
	ok(s && strstr(s, "\"licenseDeclared\":\"GPL-2.0-or-later WITH Linux-syscall-note\""),
	   "--declared, in today's spelling");
	free(s);
	s = export_string(src, idx, "GPL-2.0 OR", &err);
	ok(!s, "a declared license that does not parse");
	is_str(err.msg, "declared license 'GPL-2.0 OR': Unfinished license expression",
	       "its error");
	free(s);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-export.XXXXXX";
	struct spdx_error err = { 0 };
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	char path[PATH_MAX];

	test_spdxlist();
	if (fixture_make(dir, tree, sizeof(tree) / sizeof(tree[0])) ||
	    fixture_index(dir, 0, &src, &idx, &err)) {
		ok(0, "fixture");
		fprintf(stderr, "# %s\n", err.msg);
		goto out;
	}
	test_digest(dir, src);
	test_export(src, idx);
	index_free(idx);
	idx = NULL;
	snprintf(path, sizeof(path), "%s/plus.c", dir);
	unlink(path);
	if (index_build(&idx, src, &(struct index_opts){ .nthreads = 1 }, &err)) {
		ok(0, "fixture");
		fprintf(stderr, "# %s\n", err.msg);
		goto out;
	}
	test_export_ok(src, idx);
out:
	index_free(idx);
	source_free(src);
	fixture_remove(dir);
	return tap_done();
}
