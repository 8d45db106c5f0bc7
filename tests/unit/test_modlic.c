// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_modlic: the MODULE_LICENSE table read from license-rules.rst text,
 * the families expressions grant, and the calls found in C text.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "spdx/expr.h"
#include "fixture.h"
#include "modlic.h"
#include "tap.h"

/* The 6.1 table, descriptions cut, with a trap: "EXPORT_SYMBOL_GPL". */
static const char rst[] =
	"Intro mentions MODULE_LICENSE() before the heading.\n\n"
	"_`MODULE_LICENSE`\n-----------------\n\n"
	"   The valid license strings for MODULE_LICENSE() are:\n\n"
	"    ============================= ===================================\n"
	"    \"GPL\"\t\t\t  Module is licensed under GPL version 2.\n\n"
	"    \"GPL v2\"\t\t\t  Same as \"GPL\". It exists for historic\n"
	"\t\t\t\t  reasons.\n\n"
	"    \"GPL and additional rights\"   Historical variant of expressing\n"
	"\t\t\t\t  a GPL v2 variant and MIT license.\n\n"
	"    \"Dual BSD/GPL\"\t\t  a GPL v2 variant or BSD license choice.\n\n"
	"    \"Dual MPL/GPL\"\t\t  a GPL v2 variant or Mozilla Public\n"
	"\t\t\t\t  License (MPL) choice.\n\n"
	"    \"Proprietary\"\t\t  The module is under a proprietary license.\n"
	"\t\t\t\t  symbols exported with EXPORT_SYMBOL_GPL().\n"
	"    ============================= ===================================\n\n"
	"    \"After\"  not a row: the table has ended.\n";

static void test_table(void)
{
	struct modlic_table t;
	struct spdx_error err = { 0 };
	static const struct { const char *s; unsigned fam; } want[] = {
		{ "GPL", MODLIC_F_GPL },
		{ "GPL v2", MODLIC_F_GPL },
		{ "GPL and additional rights", MODLIC_F_GPL | MODLIC_F_MIT },
		{ "Dual BSD/GPL", MODLIC_F_GPL | MODLIC_F_BSD },
		{ "Dual MPL/GPL", MODLIC_F_GPL | MODLIC_F_MPL },
		{ "Proprietary", MODLIC_F_PROPRIETARY },
	};

	is_int(modlic_table_parse(&t, rst, strlen(rst), &err), 0, "table parses");
	is_int(t.nrows, 6, "six rows, none after the closing border");
	for (size_t i = 0; i < t.nrows && i < 6; i++) {
		is_str(t.rows[i].string, want[i].s, "row %zu string", i);
		is_int(t.rows[i].families, want[i].fam, "row %zu families", i);
	}
	ok(modlic_table_find(&t, "Dual BSD/GPL") == &t.rows[3], "find a row");
	ok(!modlic_table_find(&t, "GPL v3"), "an unknown string");
	modlic_table_release(&t);

	is_int(modlic_table_parse(&t, "MODULE_LICENSE\nno table\n", 24, &err),
	       -ENOENT, "no table: -ENOENT");
	is_str(err.msg, "Documentation/process/license-rules.rst: no "
	       "MODULE_LICENSE table", "and says so");
	is_int(t.nrows, 0, "nothing left behind");
}

static unsigned families(const char *text)
{
	struct expr *e;
	unsigned f;

	if (expr_parse(&e, text, strlen(text), NULL))
		return ~0u;
	f = modlic_expr_families(e);
	expr_free(e);
	return f;
}

static void test_families(void)
{
	is_int(families("GPL-2.0-only"), MODLIC_F_GPL, "GPL-2.0-only");
	is_int(families("GPL-2.0+ WITH Linux-syscall-note"), MODLIC_F_GPL,
	       "WITH counts as its license");
	is_int(families("GPL-1.0+"), MODLIC_F_GPL, "GPL-1.0+ includes v2");
	is_int(families("GPL-1.0"), 0, "GPL-1.0 alone does not");
	is_int(families("LGPL-2.1"), MODLIC_F_GPL, "LGPL-2.1 converts to GPL");
	is_int(families("GPL-3.0-only"), 0, "GPL-3.0 is no v2 variant");
	is_int(families("GPL-2.0 OR MIT"), MODLIC_F_GPL | MODLIC_F_MIT, "OR");
	is_int(families("GPL-2.0 AND BSD-3-Clause"), MODLIC_F_GPL | MODLIC_F_BSD,
	       "AND");
	is_int(families("Linux-OpenIB OR 0BSD"), MODLIC_F_BSD, "BSD family");
	is_int(families("MPL-1.1"), MODLIC_F_MPL, "MPL");
	is_int(families("ISC"), 0, "ISC grants none of the table's");
	is_int(modlic_expr_families(NULL), 0, "no expression");
}

static size_t find(const char *text, struct modlic_call **calls)
{
	size_t n = 99;

	if (modlic_find(text, strlen(text), calls, &n))
		return 99;
	return n;
}

static void test_find(void)
{
	struct modlic_call *c;
	size_t n;

	n = find("/* MODULE_LICENSE(\"A\") */\n// MODULE_LICENSE(\"B\")\n"
		 "s = \"MODULE_LICENSE(\\\"C\\\")\"; c = '\"';\n"
		 "#define MODULE_LICENSE(x)\n#if 0 \\\n MODULE_LICENSE(\"D\")\n"
		 "#endif\nMODULE_LICENSE (\n \"Dual \" /* x */ \"BSD/GPL\" ) ;\n"
		 "MY_MODULE_LICENSE(\"E\"); MODULE_LICENSE;\n", &c);
	is_int(n, 1, "comments, strings, directives, other names skipped");
	if (n == 1) {
		is_int(c[0].line, 8, "the line of MODULE_LICENSE");
		is_int(c[0].resolved, 1, "a literal");
		is_str(c[0].declared, "Dual BSD/GPL", "literals joined");
	}
	free(c);

	n = find("#define LIC \\\n\t\"GPL\" \\\n\t\" v2\"\n#define OTHER 1\n"
		 "MODULE_LICENSE(LIC);\nMODULE_LICENSE(OTHER);\n"
		 "MODULE_LICENSE(LATER);\n#define LATER \"GPL\"\n", &c);
	is_int(n, 3, "three calls through macros");
	if (n == 3) {
		is_str(c[0].declared, "GPL v2", "a #define across lines");
		is_int(c[0].line, 5, "its line");
		is_int(c[1].resolved, 0, "a macro with no string");
		is_str(c[1].declared, "OTHER", "is named");
		is_int(c[2].resolved, 1, "a #define after the call");
	}
	free(c);

	/* The lexer's fast paths: runs of plain bytes, comments skipped up
	 * to their '*' and newlines, an M inside an identifier. */
	n = find("/**\n * MODULE_LICENSE(\"A\") **\n */\nXMODULE_LICENSE(\"B\");\n"
		 "  # define L \"GPL\"\nint M; MODULE_LICENSE(L); M1MODULE_LICENSE(L);\n",
		 &c);
	is_int(n, 1, "only the call that stands alone");
	if (n == 1) {
		is_int(c[0].line, 6, "lines counted through the comment");
		is_str(c[0].declared, "GPL", "a directive after blanks");
	}
	free(c);

	n = find("MODULE_LICENSE(A);\nMODULE_LICENSE(B);\n", &c);
	is_int(n, 2, "two calls through macros");
	if (n == 2) {
		const char *h = "/* #define A \"no\" */\n#define A \"GPL\"\n";

		is_int(modlic_resolve(c, n, h, strlen(h)), 0, "a header resolves");
		is_str(c[0].declared, "GPL", "what it defines");
		is_int(c[1].resolved, 0, "and only that");
	}
	free(c);

	is_int(find("int x;\n", &c), 0, "no call");
	ok(!c, "no array");
}

/* A directory source that counts the files it opens. */
struct counting {
	struct source src;
	struct source *fs;
	struct source_ops ops;
	unsigned opens;
	size_t bytes;
};

static int counting_open(struct source *src, const char *path,
			 const struct file_stat *expect, struct src_file **out,
			 struct file_stat *st)
{
	struct counting *c = (struct counting *)src;

	c->opens++;
	return c->fs->ops->open(c->fs, path, expect, out, st);
}

static ssize_t counting_pread(struct source *src, struct src_file *f,
			      void *buf, size_t len, uint64_t off)
{
	struct counting *c = (struct counting *)src;
	ssize_t r = c->fs->ops->pread(c->fs, f, buf, len, off);

	c->bytes += r > 0 ? r : 0;
	return r;
}

static void counting_close(struct source *src, struct src_file *f)
{
	struct source *fs = ((struct counting *)src)->fs;

	fs->ops->close(fs, f);
}

/* The calls of @path in @c's tree; their number, or 99 on failure. */
static size_t file_calls(struct counting *c, const char *path,
			 struct modlic_call **calls)
{
	struct spdx_file f = { .path = path, .status = ST_UNTAGGED };
	size_t n;

	c->opens = 0;
	c->bytes = 0;
	if (modlic_file(&c->src, &f, calls, &n))
		return 99;
	return n;
}

/* A header of about @size bytes, "#define NAME "GPL"" at its end when
 * @name. */
static char *big_header(size_t size, const char *name)
{
	char *h = malloc(size + 64);
	size_t n = 0;

	if (!h)
		return NULL;
	while (n + 16 < size)
		n += sprintf(h + n, "int x%010zu;\n", n);
	sprintf(h + n, name ? "#define %s \"GPL\"\n" : "\n", name);
	return h;
}

/* The headers of a file: each read once, and so many bytes in all. */
static void test_includes(void)
{
	char dir[] = "/tmp/test_modlic.XXXXXX", *many, *a, *b;
	struct counting c = { .opens = 0 };
	struct source_spec spec = { .type = SOURCE_DIR, .path = dir };
	struct modlic_call *calls = NULL;
	struct spdx_error err;
	size_t n, len = 0;

	many = malloc(40 * 1600 + 64);	/* room for the lines below */
	a = big_header(MODLIC_INCLUDE_BYTES * 3 / 4, NULL);
	b = big_header(MODLIC_INCLUDE_BYTES * 3 / 4, "LIC");
	if (!many || !a || !b)
		goto out;
	for (int i = 0; i < 1600; i++)
		len += sprintf(many + len, "#include \"%s.h\"\n",
			       i % 2 ? "none" : "small");
	strcpy(many + len, "#include \"lic.h\"\nMODULE_LICENSE(LIC);\n");
	{
		const struct fixture_file files[] = {
			{ "d/many.c", many },
			{ "d/small.h", "#define OTHER \"GPL\"\n" },
			{ "d/lic.h", "#define LIC \"GPL v2\"\n" },
			{ "d/budget.c", "#include \"a.h\"\n#include \"b.h\"\n"
					"MODULE_LICENSE(LIC);\n" },
			{ "d/a.h", a },
			{ "d/b.h", b },
			{ "d/small.c", "#include \"b.h\"\nMODULE_LICENSE(LIC);\n" },
		};

		if (fixture_make(dir, files, sizeof(files) / sizeof(files[0])) ||
		    source_open(&c.fs, &spec, &err)) {
			ok(0, "fixture");
			goto out;
		}
	}
	c.ops = *c.fs->ops;
	c.ops.open = counting_open;
	c.ops.pread = counting_pread;
	c.ops.close = counting_close;
	c.src.ops = &c.ops;

	n = file_calls(&c, "d/many.c", &calls);
	is_int(n, 1, "1,600 includes: one call");
	if (n == 1)
		is_str(calls[0].declared, "GPL v2", "the last header resolves it");
	is_int(c.opens, 4, "the file and each of its three headers opened once");
	ok(c.bytes < 64 * 1024, "%zu bytes read", c.bytes);
	free(calls);

	n = file_calls(&c, "d/small.c", &calls);
	is_int(n, 1, "a header of 3/4 the budget");
	if (n == 1)
		is_str(calls[0].declared, "GPL", "resolves");
	free(calls);

	n = file_calls(&c, "d/budget.c", &calls);
	is_int(n, 1, "two such headers");
	if (n == 1)
		is_int(calls[0].resolved, 0, "the second is past the budget");
	ok(c.bytes < MODLIC_INCLUDE_BYTES, "and not read");
	free(calls);
out:
	source_free(c.fs);
	fixture_remove(dir);
	free(many);
	free(a);
	free(b);
}

int main(void)
{
	test_table();
	test_families();
	test_find();
	test_includes();
	return tap_done();
}
