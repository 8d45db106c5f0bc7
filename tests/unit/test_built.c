// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_built: built_collect() on small build directories, and on each way
 * one can be broken: every failure fills the error, naming what is wrong.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbom/built.h"
#include "util/error.h"
#include "fixture.h"
#include "tap.h"

/* One archive member header, as ar(1) writes it: 60 bytes. */
static size_t ar_header(char *buf, size_t size, const char *name,
			unsigned long datasize)
{
	char sz[16];

	snprintf(sz, sizeof(sz), "%lu", datasize);
	return snprintf(buf, size, "%-16s%-12s%-6s%-6s%-8s%-10s`\n", name, "0",
			"0", "0", "644", sz);
}

/* A thin archive of @n members named @names (each under 16 bytes). */
static void thin_archive(char *buf, size_t size, const char *const *names,
			 size_t n)
{
	size_t len = snprintf(buf, size, "!<thin>\n");

	for (size_t i = 0; i < n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "%s/", names[i]);
		len += ar_header(buf + len, size - len, name, 0);
	}
}

static int write_archive(const char *dir, const char *rel,
			 const char *const *names, size_t n)
{
	char buf[1024];

	thin_archive(buf, sizeof(buf), names, n);
	return fixture_write(dir, rel, buf);
}

/* built_collect(@dir/@sub) fails with @code and the message @fmt, in
 * which "%1$s" stands for the build directory. */
static void expect_fail(const char *dir, const char *sub, int code,
			const char *fmt, const char *name)
{
	char build[PATH_MAX], want[PATH_MAX + 128];
	struct spdx_error err = { 0 };
	struct built *b = NULL;

	snprintf(build, sizeof(build), "%s%s", dir, sub);
	snprintf(want, sizeof(want), fmt, build);
	is_int(built_collect(&b, build, &err), code, "%s: %s", name,
	       strerror(-code));
	is_int(err.code, code, "%s: the error's code", name);
	is_str(err.msg, want, "%s: the message", name);
	ok(!b, "%s: nothing collected", name);
	is_int(built_collect(&b, build, NULL), code, "%s: no error wanted", name);
}

/* A fresh build directory holding @files; the test's, when @dir is "". */
static int fresh(char *dir, const struct fixture_file *files, size_t n)
{
	fixture_remove(dir);
	strcpy(dir, "/tmp/spdxfs-test-built.XXXXXX");
	return fixture_make(dir, files, n);
}

/* built_thin_members()'s names, '|' after each, into @out. */
static int names_to(const char *name, size_t len, void *arg)
{
	char *out = arg;

	snprintf(out + strlen(out), 256 - strlen(out), "%.*s|", (int)len, name);
	return 0;
}

/* The archive reader alone: what GNU ar writes, and what it does not. */
static void test_members(void)
{
	char buf[1024], names[256] = "";
	const char *why;
	size_t n, at;

	/* a symbol table (odd size, padded), long names, a short name, a
	 * long name as "ar mPiT" rewrites it ('/' at the field's end) */
	n = snprintf(buf, sizeof(buf), "!<thin>\n");
	n += ar_header(buf + n, sizeof(buf) - n, "/", 3);
	n += snprintf(buf + n, sizeof(buf) - n, "abc\n");
	n += ar_header(buf + n, sizeof(buf) - n, "/SYM64/", 0);
	n += ar_header(buf + n, sizeof(buf) - n, "//", 14);
	n += snprintf(buf + n, sizeof(buf) - n, "dir/a.o/\nb.o/\n");
	n += ar_header(buf + n, sizeof(buf) - n, "short.o/", 1234);
	n += ar_header(buf + n, sizeof(buf) - n, "/9", 0);
	memcpy(buf + n - 60 + 15, "/", 1);
	n += ar_header(buf + n, sizeof(buf) - n, "/0", 0);
	is_int(built_thin_members(buf, n, names_to, names, &at, &why), 0,
	       "a thin archive as GNU ar writes it");
	is_str(names, "short.o|b.o|dir/a.o|", "its members, in order");

	is_int(built_thin_members("!<arch>\n", 8, names_to, names, &at, &why),
	       -ENOTSUP, "a regular archive: -ENOTSUP");
	is_int(built_thin_members(buf, n - 1, names_to, names, &at, &why),
	       -EINVAL, "cut by one byte: -EINVAL");
	is_int(at, n - 60, "at the last header");
	is_str(why, "a member header cut short", "why");
	buf[n - 2] = '!';
	is_int(built_thin_members(buf, n, names_to, names, &at, &why), -EINVAL,
	       "a header without its \"`\\n\": -EINVAL");
	is_str(why, "not a member header", "why");
}

int main(void)
{
	static const char *const self[] = { "vmlinux.a" };
	static const char *const one[] = { "x.o" };
	char dir[64] = "", path[PATH_MAX], text[PATH_MAX + 64];
	struct spdx_error err = { 0 };
	struct built *b = NULL;
	size_t n;
	int ret;

	/* A directory that is no build. */
	ret = fresh(dir, (struct fixture_file[]){ { "README", "hi\n" } }, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "/missing", -ENOENT, "%s: No such file or directory",
		    "a missing directory");
	expect_fail(dir, "", -ENOENT,
		    "%s: no vmlinux.a: not a built kernel build directory",
		    "no vmlinux.a");

	/* A regular archive, not a thin one. */
	ret = fresh(dir, (struct fixture_file[]){ { "vmlinux.a", "!<arch>\n" } }, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -ENOTSUP, "%s/vmlinux.a: not a thin archive",
		    "a regular archive");

	/* .vmlinux.o.cmd links an archive that is not there. */
	ret = fresh(dir, (struct fixture_file[]){ { ".vmlinux.o.cmd",
		"cmd_vmlinux.o := ld -r -o vmlinux.o vmlinux.a lib/lib.a\n" } }, 1);
	if (!ret)
		ret = write_archive(dir, "vmlinux.a", NULL, 0);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -ENOENT, "%s/lib/lib.a: No such file or directory",
		    "a linked archive missing");

	/* .vmlinux.o.cmd that cannot be read. */
	ret = fresh(dir, (struct fixture_file[]){ { ".vmlinux.o.cmd/", "" } }, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -EISDIR, "%s/.vmlinux.o.cmd: Is a directory",
		    "an unreadable .vmlinux.o.cmd");

	/* An archive that holds itself. */
	ret = fresh(dir, NULL, 0);
	if (!ret)
		ret = write_archive(dir, "vmlinux.a", self, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -ELOOP, "%s/vmlinux.a: an archive that holds itself",
		    "an archive in itself");

	/* A member named past the end of the long names. */
	n = snprintf(text, sizeof(text), "!<thin>\n");
	n += ar_header(text + n, sizeof(text) - n, "//", 4);
	n += snprintf(text + n, sizeof(text) - n, "x/\n\n");
	ar_header(text + n, sizeof(text) - n, "/99", 0);
	ret = fresh(dir, (struct fixture_file[]){ { "vmlinux.a", text } }, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -EINVAL,
		    "%s/vmlinux.a: offset 72: a member name past the long-names table",
		    "a bad long-name offset");

	/* An object's record that cannot be read. */
	ret = fresh(dir, (struct fixture_file[]){ { ".x.o.cmd/", "" } }, 1);
	if (!ret)
		ret = write_archive(dir, "vmlinux.a", one, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -EISDIR, "%s/.x.o.cmd: Is a directory",
		    "an unreadable record");

	/* A failure no step names itself: the build directory and errno. */
	memset(text, 'a', sizeof(text) - 1);
	memcpy(text, "source_x.o := ", 14);
	text[sizeof(text) - 2] = '\n';
	text[sizeof(text) - 1] = '\0';
	ret = fresh(dir, (struct fixture_file[]){ { ".x.o.cmd", text } }, 1);
	if (!ret)
		ret = write_archive(dir, "vmlinux.a", one, 1);
	is_int(ret, 0, "fixture made");
	expect_fail(dir, "", -ENAMETOOLONG, "%s: File name too long",
		    "a dependency path too long");

	/* A good one: an in-tree build, so relative paths are the tree's. */
	snprintf(text, sizeof(text), "source_x.o := x.c\n\ndeps_x.o := \\\n"
		 "  include/a.h \\\n  include/generated/autoconf.h \\\n\n");
	ret = fresh(dir, (struct fixture_file[]){ { ".x.o.cmd", text } }, 1);
	if (!ret)
		ret = write_archive(dir, "vmlinux.a", one, 1);
	is_int(ret, 0, "fixture made");
	err.code = 1;
	strcpy(err.msg, "untouched");
	ret = built_collect(&b, dir, &err);
	is_int(ret, 0, "a build directory: collected");
	is_int(err.code, 1, "success leaves the error's code alone");
	is_str(err.msg, "untouched", "... and its message");
	if (!ret) {
		ok(realpath(dir, path) && !strcmp(b->srctree, path),
		   "in-tree: the build directory is the tree");
		is_int(b->npaths, 2, "two tree files");
		is_str(b->paths[0].path, "include/a.h", "... sorted");
		is_str(b->paths[1].path, "x.c", "... both");
		is_int(b->ngenerated, 1, "one generated header");
		is_int(b->nobjects, 1, "one record read");
	}
	built_free(b);
	fixture_remove(dir);
	test_members();
	return tap_done();
}
