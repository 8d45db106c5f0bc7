// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_expr: SPDX expression parsing, printing, validation, spdxcheck's
 * stricter grammar, modern ids and "usable under".  Validation runs
 * against a fixture LICENSES/ tree in a temporary directory, and against
 * the real kernel tree when it is there (SPDXFS_KERNEL_TREE overrides).
 */
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "spdx/expr.h"
#include "spdx/licenses.h"
#include "source/source.h"
#include "fixture.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- fixture --------------------------------------------------------- */

static const struct fixture_file fixture[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\n"
	  "Valid-License-Identifier: GPL-2.0-only\n"
	  "Valid-License-Identifier: GPL-2.0+\n"
	  "Valid-License-Identifier: GPL-2.0-or-later\n"
	  "SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n"
	  "Usage-Guide:\n  SPDX-License-Identifier: GPL-2.0\n"
	  "License-Text:\n\nGNU GENERAL PUBLIC LICENSE\n" },
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\nLicense-Text:\nMIT License\n" },
	{ "LICENSES/preferred/BSD-3-Clause",
	  "Valid-License-Identifier: BSD-3-Clause\nLicense-Text:\n" },
	{ "LICENSES/preferred/LGPL-2.1",
	  "Valid-License-Identifier: LGPL-2.1\n"
	  "Valid-License-Identifier: LGPL-2.1+\nLicense-Text:\n" },
	{ "LICENSES/deprecated/GPL-1.0",
	  "Valid-License-Identifier: GPL-1.0+\nLicense-Text:\n" },
	{ "LICENSES/dual/Fixture",
	  "Valid-License-Identifier: LicenseRef-Fixture-1\nLicense-Text:\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
	  "SPDX-Exception-Identifier: Linux-syscall-note\n"
	  "SPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0+, GPL-1.0+, LGPL-2.1, LGPL-2.1+\n"
	  "License-Text:\n" },
	{ "LICENSES/exceptions/GCC-exception-2.0",
	  "SPDX-Exception-Identifier: GCC-exception-2.0\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0+\nLicense-Text:\n" },
};



static struct licenses *load_tree(const char *root)
{
	struct source *src;
	struct licenses *lic = NULL;
	struct spdx_error err;

	if (source_open(&src, &(struct source_spec){
			.type = SOURCE_DIR, .path = root }, NULL))
		return NULL;
	if (licenses_load(&lic, src, &err))
		printf("# licenses_load(%s): %s\n", root, err.msg);
	source_free(src);
	return lic;
}

/* ---- parsing and canonical form -------------------------------------- */

struct good {
	const char *in, *canon;
	unsigned flags;
};

static const struct good goods[] = {
	/* Documentation/process/license-rules.rst */
	{ "GPL-2.0+", "GPL-2.0+", 0 },
	{ "LGPL-2.1+", "LGPL-2.1+", 0 },
	{ "GPL-2.0 WITH Linux-syscall-note", "GPL-2.0 WITH Linux-syscall-note", 0 },
	{ "GPL-2.0+ WITH Linux-syscall-note", "GPL-2.0+ WITH Linux-syscall-note", 0 },
	{ "GPL-2.0 WITH mif-exception", "GPL-2.0 WITH mif-exception", 0 },
	{ "GPL-2.0+ WITH GCC-exception-2.0", "GPL-2.0+ WITH GCC-exception-2.0", 0 },
	{ "GPL-2.0 OR BSD-3-Clause", "GPL-2.0 OR BSD-3-Clause", 0 },
	{ "GPL-2.0 OR MIT", "GPL-2.0 OR MIT", 0 },
	{ "GPL-2.0 OR BSD-2-Clause", "GPL-2.0 OR BSD-2-Clause", 0 },
	{ "GPL-2.0 OR Apache-2.0", "GPL-2.0 OR Apache-2.0", 0 },
	{ "GPL-2.0 OR MPL-1.1", "GPL-2.0 OR MPL-1.1", 0 },
	{ "(GPL-2.0 WITH Linux-syscall-note) OR MIT",
	  "(GPL-2.0 WITH Linux-syscall-note) OR MIT", 0 },
	{ "GPL-1.0+ OR BSD-3-Clause OR OpenSSL",
	  "GPL-1.0+ OR BSD-3-Clause OR OpenSSL", 0 },
	{ "(GPL-2.0 WITH Linux-syscall-note) AND MIT",
	  "(GPL-2.0 WITH Linux-syscall-note) AND MIT", 0 },
	{ "GPL-1.0+ AND LGPL-2.1+", "GPL-1.0+ AND LGPL-2.1+", 0 },
	/* precedence and associativity */
	{ "A OR B AND C", "A OR B AND C", 0 },
	{ "A AND B OR C", "A AND B OR C", 0 },
	{ "(A AND B) OR C", "A AND B OR C", 0 },
	{ "A OR (B AND C)", "A OR B AND C", 0 },
	{ "(A OR B) AND C", "(A OR B) AND C", 0 },
	{ "A AND (B OR C)", "A AND (B OR C)", 0 },
	{ "(A OR B) OR C", "A OR B OR C", 0 },
	{ "A OR (B OR C)", "A OR (B OR C)", 0 },
	{ "A AND (B AND C)", "A AND (B AND C)", 0 },
	{ "(A OR B) AND (C OR D)", "(A OR B) AND (C OR D)", 0 },
	{ "A WITH X OR B", "(A WITH X) OR B", 0 },
	{ "B OR A WITH X", "B OR (A WITH X)", 0 },
	{ "A AND B+ WITH X", "A AND (B+ WITH X)", 0 },
	{ "(GPL-2.0 OR MIT)", "GPL-2.0 OR MIT", 0 },
	/* operator case */
	{ "GPL-2.0 or MIT", "GPL-2.0 OR MIT", EXPR_F_LOWER_OP },
	{ "GPL-2.0 Or MIT", "GPL-2.0 OR MIT", EXPR_F_LOWER_OP },
	{ "gpl-2.0 with linux-syscall-note", "gpl-2.0 WITH linux-syscall-note",
	  EXPR_F_LOWER_OP },
	{ "GPL-2.0 OR MIT and BSD-3-Clause", "GPL-2.0 OR MIT AND BSD-3-Clause",
	  EXPR_F_LOWER_OP | EXPR_F_MIXED_OP },
	{ "(GPL-2.0 with Linux-syscall-note) OR MIT",
	  "(GPL-2.0 WITH Linux-syscall-note) OR MIT",
	  EXPR_F_LOWER_OP | EXPR_F_MIXED_OP },
	/* redundant parentheses */
	{ "(GPL-2.0)", "GPL-2.0", EXPR_F_REDUNDANT_PARENS },
	{ "((A OR B))", "A OR B", EXPR_F_REDUNDANT_PARENS },
	{ "(GPL-2.0 WITH Linux-syscall-note)", "GPL-2.0 WITH Linux-syscall-note",
	  EXPR_F_REDUNDANT_PARENS },
	{ "(MIT) OR GPL-2.0", "MIT OR GPL-2.0", EXPR_F_REDUNDANT_PARENS },
	{ "A AND ((B OR C))", "A AND (B OR C)", EXPR_F_REDUNDANT_PARENS },
	{ "GPL-2.0 OR(MIT)", "GPL-2.0 OR MIT", EXPR_F_REDUNDANT_PARENS },
	{ "(GPL-2.0 or MIT)", "GPL-2.0 OR MIT", EXPR_F_LOWER_OP },
	/* spacing */
	{ "  GPL-2.0   OR\tMIT ", "GPL-2.0 OR MIT", 0 },
	{ "(A OR B)AND C", "(A OR B) AND C", 0 },
	/* LicenseRef / DocumentRef */
	{ "LicenseRef-foo", "LicenseRef-foo", 0 },
	{ "MIT OR LicenseRef-Fixture-1", "MIT OR LicenseRef-Fixture-1", 0 },
	{ "DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2",
	  "DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2", 0 },
};

static void test_good(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(goods); i++) {
		struct expr *e = NULL;
		struct expr_error err = { 0 };
		char buf[256];
		int ret;

		ret = expr_parse(&e, goods[i].in, strlen(goods[i].in), &err);
		is_int(ret, 0, "parse '%s'%s%s", goods[i].in,
		       ret ? ": " : "", ret ? err.msg : "");
		if (ret)
			continue;
		expr_canonical(e, NULL, buf, sizeof(buf));
		is_str(buf, goods[i].canon, "canonical '%s'", goods[i].in);
		is_int(e->flags, goods[i].flags, "flags '%s'", goods[i].in);
		expr_free(e);
	}
}

struct bad {
	const char *in;
	unsigned col;
	const char *msg;
};

static const struct bad bads[] = {
	{ "", 0, "Unfinished license expression" },
	{ "   \t", 0, "Unfinished license expression" },
	{ "GPL-2.0 OR", 0, "Unfinished license expression" },
	{ "(GPL-2.0", 0, "Unfinished license expression" },
	{ "GPL-2.0 WITH", 0, "Unfinished license expression" },
	{ "GPL-2.0 MIT", 8, "Syntax error: MIT" },
	{ "GPL-2.0 OR MIT)", 14, "Syntax error: )" },
	{ "OR MIT", 0, "Syntax error: OR" },
	{ "GPL-2.0 OR OR MIT", 11, "Syntax error: OR" },
	{ "GPL-2.0 or and MIT", 11, "Syntax error: and" },
	{ "(A OR B) WITH X", 9, "Syntax error: WITH" },
	{ "(A) WITH X", 4, "Syntax error: WITH" },
	{ "A WITH B WITH C", 9, "Syntax error: WITH" },
	{ "A WITH (B)", 7, "Syntax error: (" },
	{ "A WITH OR B", 7, "Syntax error: OR" },
	{ "()", 1, "Syntax error: )" },
	{ "A (B)", 2, "Syntax error: (" },
	{ "GPL-2.0,MIT", 7, "Invalid token: ," },
	{ "GPL-2.0; MIT", 7, "Invalid token: ;" },
	{ "GPL-2.0 OR MIT */", 15, "Invalid token: *" },
	{ "GPL-2.0 \xc3\xa9", 8, "Invalid token: \xc3\xa9" },
	{ "GPL-2.0++", 7, "Invalid token: +" },
	{ "(GPL-2.0+OR MIT)", 8, "Invalid token: +" },
	{ "+", 0, "Invalid token: +" },
	{ "A WITH X+", 8, "Invalid token: +" },
	{ "LicenseRef-foo+", 14, "Invalid token: +" },
	{ "LicenseRef-", 0, "Syntax error: LicenseRef-" },
	{ "MIT OR DocumentRef-x", 7, "Syntax error: DocumentRef-x" },
	{ "Foo:Bar", 3, "Invalid token: :" },
	{ "DocumentRef-x:MIT", 13, "Invalid token: :" },
};

static void test_bad(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bads); i++) {
		struct expr *e = (struct expr *)&e;
		struct expr_error err = { 0 };
		int ret;

		ret = expr_parse(&e, bads[i].in, strlen(bads[i].in), &err);
		is_int(ret, -EINVAL, "reject '%s'", bads[i].in);
		ok(e == NULL, "no expression for '%s'", bads[i].in);
		is_str(err.msg, bads[i].msg, "message for '%s'", bads[i].in);
		is_int(err.col, bads[i].col, "column for '%s'", bads[i].in);
		expr_free(e);
	}
}

/* The AST itself: node kinds, strings, columns. */
static void test_ast(void)
{
	const char *in = "GPL-2.0+ WITH Linux-syscall-note OR (MIT AND bsd-3-clause)";
	const struct expr_node *root, *w, *l, *a;
	struct expr_error err;
	struct expr *e;
	char buf[8];

	if (expr_parse(&e, in, strlen(in), &err)) {
		ok(0, "parse AST sample: %s", err.msg);
		return;
	}
	root = &e->nodes[e->root];
	is_int(root->kind, EXPR_OR, "root is OR");
	is_int(e->nnodes, 6, "six nodes");
	w = &e->nodes[root->left];
	a = &e->nodes[root->right];
	is_int(w->kind, EXPR_WITH, "left is WITH");
	is_str(w->exception, "Linux-syscall-note", "exception string");
	is_int(w->exc_col, 14, "exception column");
	l = &e->nodes[w->left];
	is_int(l->kind, EXPR_LICENSE, "WITH's left is a license");
	is_str(l->id, "GPL-2.0", "id without +");
	is_str(l->text, "GPL-2.0+", "text with +");
	is_int(l->plus, 1, "plus");
	is_int(l->col, 0, "license column");
	is_int(a->kind, EXPR_AND, "right is AND");
	is_int(a->col, 37, "AND column is its first id's");
	is_str(e->nodes[a->right].id, "bsd-3-clause", "id as written");
	is_int(e->nodes[a->right].plus, 0, "no plus");
	ok(e->nodes[a->right].text == e->nodes[a->right].id,
	   "text is id without +");
	is_int(expr_canonical(e, NULL, buf, sizeof(buf)), 58,
	       "canonical length as snprintf");
	is_str(buf, "(GPL-2.", "canonical truncated and terminated");
	is_int(expr_canonical(e, NULL, NULL, 0), 58, "canonical sizing call");
	expr_free(e);
}

/* ---- spdxcheck's grammar --------------------------------------------- */

static const struct bad stricts[] = {
	/* col/msg empty: accepted */
	{ "GPL-2.0 WITH Linux-syscall-note", 0, NULL },
	{ "(GPL-2.0 WITH Linux-syscall-note) OR MIT", 0, NULL },
	{ "(GPL-2.0 WITH Linux-syscall-note) AND MIT", 0, NULL },
	{ "GPL-1.0+ AND LGPL-2.1+", 0, NULL },
	{ "GPL-2.0 or MIT", 0, NULL },
	{ "GPL-2.0 Or MIT", 0, NULL },
	{ "(GPL-2.0)", 0, NULL },
	{ "((A OR B))", 0, NULL },
	{ "(A OR B) OR (C AND D)", 0, NULL },
	{ "A OR B WITH C", 0, NULL },
	{ "MIT OR GPL-2.0 WITH Linux-syscall-note", 0, NULL },
	{ "\tGPL-2.0  OR\tMIT  ", 0, NULL },
	{ "GPL-2.0++", 0, NULL },
	/* rejected, exactly as scripts/spdxcheck.py says */
	{ "GPL-1.0+ OR BSD-3-Clause OR OpenSSL", 25, "Syntax error: OR" },
	{ "A AND B OR C", 8, "Syntax error: OR" },
	{ "(A OR B OR C)", 8, "Syntax error: OR" },
	{ "(A) AND (B) AND (C)", 12, "Syntax error: AND" },
	{ "GPL-2.0 WITH Linux-syscall-note OR MIT", 32,
	  "Missing parentheses: OR" },
	{ "GPL-2.0 WITH Linux-syscall-note AND", 32,
	  "Missing parentheses: AND" },
	{ "A WITH B C", 9, "Missing parentheses: C" },
	{ "A WITH B)", 8, "Syntax error: )" },
	{ "(A OR B) WITH C", 9, "Syntax error: WITH" },
	{ "A WITH WITH", 7, "Syntax error: WITH" },
	{ "A WITH (B)", 7, "Syntax error: (" },
	{ "A (B)", 2, "Syntax error: (" },
	{ "A)", 1, "Syntax error: )" },
	{ "and", 0, "Syntax error: and" },
	{ "GPL-2.0+OR MIT", 11, "Syntax error: MIT" },
	{ "", 0, "Unfinished license expression" },
	{ "A AND", 0, "Unfinished license expression" },
	{ "(A", 0, "Unfinished license expression" },
	{ "GPL-2.0 , MIT", 8, "Invalid token: ," },
	{ "GPL-2.0 OR MIT */", 15, "Invalid token: *" },
	{ "DocumentRef-a:LicenseRef-b", 13, "Invalid token: :" },
	{ "GPL-2.0\r", 7, "Invalid token: \r" },
};

static void test_strict(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stricts); i++) {
		const struct bad *t = &stricts[i];
		struct expr_error err = { 0 };
		int ret;

		ret = expr_kernel_strict(t->in, strlen(t->in), &err);
		if (!t->msg) {
			is_int(ret, 0, "spdxcheck accepts '%s'%s%s", t->in,
			       ret ? ": " : "", ret ? err.msg : "");
			continue;
		}
		is_int(ret, -EINVAL, "spdxcheck rejects '%s'", t->in);
		is_str(err.msg, t->msg, "spdxcheck message for '%s'", t->in);
		is_int(err.col, t->col, "spdxcheck column for '%s'", t->in);
	}
}

/* ---- validation ------------------------------------------------------ */

static const struct bad checks[] = {
	{ "GPL-2.0 WITH Linux-syscall-note", 0, NULL },
	{ "gpl-2.0+ with linux-syscall-note", 0, NULL },
	{ "GPL-1.0+ WITH Linux-syscall-note OR MIT", 0, NULL },
	{ "GPL-2.0-only OR GPL-2.0-or-later", 0, NULL },
	{ "LGPL-2.1+ WITH Linux-syscall-note", 0, NULL },
	{ "MIT OR LicenseRef-Fixture-1", 0, NULL },
	{ "licenseref-fixture-1", 0, NULL },
	{ "GPL-1.0-or-later", 0, "Invalid License ID: GPL-1.0-or-later" },
	{ "GPL-1.0", 0, "Invalid License ID: GPL-1.0" },
	{ "MIT+", 0, "Invalid License ID: MIT+" },
	{ "MIT OR Foo", 7, "Invalid License ID: Foo" },
	{ "Foo OR Bar", 0, "Invalid License ID: Foo" },
	{ "(GPL-2.0 WITH Linux-syscall-note) OR Foo", 37,
	  "Invalid License ID: Foo" },
	{ "Linux-syscall-note", 0, "Invalid License ID: Linux-syscall-note" },
	{ "LicenseRef-Other", 0, "Invalid License ID: LicenseRef-Other" },
	{ "MIT WITH Linux-syscall-note", 9,
	  "Exception not valid for license MIT: Linux-syscall-note" },
	{ "mit WITH linux-syscall-note", 9,
	  "Exception not valid for license MIT: linux-syscall-note" },
	{ "LGPL-2.1 WITH GCC-exception-2.0", 14,
	  "Exception not valid for license LGPL-2.1: GCC-exception-2.0" },
	{ "GPL-2.0-only WITH GCC-exception-2.0", 18,
	  "Exception not valid for license GPL-2.0-ONLY: GCC-exception-2.0" },
	{ "GPL-2.0 WITH MIT", 13, "Invalid Exception ID: MIT" },
	{ "GPL-2.0 WITH mif-exception", 13,
	  "Invalid Exception ID: mif-exception" },
	{ "Foo WITH Bar", 0, "Invalid License ID: Foo" },
};

static void test_validate(struct licenses *lic)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(checks); i++) {
		const struct bad *t = &checks[i];
		struct expr_error err = { 0 };
		struct expr *e;
		int ret;

		if (expr_parse(&e, t->in, strlen(t->in), &err)) {
			ok(0, "parse '%s': %s", t->in, err.msg);
			continue;
		}
		ret = expr_validate(e, lic, &err);
		if (!t->msg) {
			is_int(ret, 0, "valid '%s'%s%s", t->in,
			       ret ? ": " : "", ret ? err.msg : "");
		} else {
			is_int(ret, -EINVAL, "invalid '%s'", t->in);
			is_str(err.msg, t->msg, "message for '%s'", t->in);
			is_int(err.col, t->col, "column for '%s'", t->in);
		}
		expr_free(e);
	}
}

static const struct good spellings[] = {
	{ "gpl-2.0+ or mit", "GPL-2.0+ OR MIT", 0 },
	{ "gpl-2.0 with linux-syscall-note", "GPL-2.0 WITH Linux-syscall-note", 0 },
	{ "mit+ AND (bsd-3-clause OR lgpl-2.1+)",
	  "MIT+ AND (BSD-3-Clause OR LGPL-2.1+)", 0 },
	{ "unknown-1.0 OR licenseref-fixture-1",
	  "unknown-1.0 OR LicenseRef-Fixture-1", 0 },
};

static void test_spelling(struct licenses *lic)
{
	struct expr_error err;
	struct expr *e;
	size_t i;
	char buf[128];

	for (i = 0; i < ARRAY_SIZE(spellings); i++) {
		const char *in = spellings[i].in;

		if (expr_parse(&e, in, strlen(in), &err)) {
			ok(0, "parse '%s': %s", in, err.msg);
			continue;
		}
		expr_canonical(e, lic, buf, sizeof(buf));
		is_str(buf, spellings[i].canon, "declared spelling of '%s'", in);
		expr_free(e);
	}
	if (!expr_parse(&e, "MIT", 3, &err)) {
		is_int(expr_validate(e, NULL, &err), -EINVAL,
		       "no LICENSES: every id invalid");
		is_str(err.msg, "Invalid License ID: MIT", "... with its message");
		expr_free(e);
	}
}

static void test_fixture(void)
{
	char dir[] = "/tmp/test_expr.XXXXXX";
	struct licenses *lic;
	int ret;

	ret = fixture_make(dir, fixture, ARRAY_SIZE(fixture));
	is_int(ret, 0, "fixture LICENSES/ written");
	lic = load_tree(dir);
	ok(lic != NULL, "fixture LICENSES/ loads");
	if (lic) {
		test_validate(lic);
		test_spelling(lic);
	}
	licenses_free(lic);
	fixture_remove(dir);
}

/* The real 6.1 tree: the GPL-1.0-or-later case from the kernel loop. */
static void test_kernel_tree(void)
{
	const char *line = "// SPDX-License-Identifier: GPL-1.0-or-later";
	const char *ex = strstr(line, ": ") + 2;
	struct licenses *lic;
	struct expr_error err;
	struct expr *e;
	char path[PATH_MAX];
	const char *tree = fixture_kernel_tree(path, sizeof(path));

	if (!tree) {
		printf("ok %d # skip no kernel tree at %s\n", ++tap_count, path);
		return;
	}
	lic = load_tree(tree);
	ok(lic != NULL, "kernel LICENSES/ loads");
	if (!lic)
		return;
	if (!expr_parse(&e, ex, strlen(ex), &err)) {
		is_int(expr_validate(e, lic, &err), -EINVAL,
		       "kernel: GPL-1.0-or-later is invalid");
		is_str(err.msg, "Invalid License ID: GPL-1.0-or-later",
		       "kernel: its message");
		is_int(ex - line + err.col, 28, "kernel: column 28 of the line");
		expr_free(e);
	}
	if (!expr_parse(&e, "GPL-1.0+ OR BSD-3-Clause OR OpenSSL", 35, &err)) {
		expr_validate(e, lic, &err);
		is_str(err.msg, "Invalid License ID: OpenSSL",
		       "kernel: OpenSSL is not in LICENSES/");
		is_int(err.col, 28, "kernel: OpenSSL column");
		expr_free(e);
	}
	if (!expr_parse(&e, "GPL-2.0-or-later WITH Linux-syscall-note", 40,
			&err)) {
		is_int(expr_validate(e, lic, &err), 0,
		       "kernel: GPL-2.0-or-later WITH Linux-syscall-note");
		expr_free(e);
	}
	licenses_free(lic);
}

/* ---- modern ids, usable-under, enumeration --------------------------- */

static void test_modern(void)
{
	static const struct {
		const char *id;
		int plus;
		const char *want;
	} t[] = {
		{ "GPL-2.0", 0, "GPL-2.0-only" },
		{ "GPL-2.0", 1, "GPL-2.0-or-later" },
		{ "gpl-2.0", 0, "GPL-2.0-only" },
		{ "GPL-1.0", 1, "GPL-1.0-or-later" },
		{ "GPL-3.0", 0, "GPL-3.0-only" },
		{ "LGPL-2.0", 0, "LGPL-2.0-only" },
		{ "LGPL-2.1", 1, "LGPL-2.1-or-later" },
		{ "LGPL-3.0", 1, "LGPL-3.0-or-later" },
		{ "AGPL-3.0", 0, "AGPL-3.0-only" },
		{ "GFDL-1.1", 0, "GFDL-1.1-only" },
		{ "GFDL-1.2", 1, "GFDL-1.2-or-later" },
		{ "GFDL-1.3", 0, "GFDL-1.3-only" },
		{ "GPL-2.0-only", 0, "GPL-2.0-only" },
		{ "GPL-2.0-or-later", 0, "GPL-2.0-or-later" },
		{ "GFDL-1.1-no-invariants-or-later", 0,
		  "GFDL-1.1-no-invariants-or-later" },
		{ "MIT", 0, "MIT" },
		{ "MPL-1.1", 1, "MPL-1.1+" },
		{ "BSD-3-Clause", 0, "BSD-3-Clause" },
	};
	char buf[64], small[8];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		is_str(spdx_modern_id(t[i].id, t[i].plus, buf, sizeof(buf)),
		       t[i].want, "modern id of %s%s", t[i].id,
		       t[i].plus ? "+" : "");
	ok(spdx_modern_id("GPL-2.0", 0, small, sizeof(small)) == small,
	   "modern id returns buf");
	is_str(small, "GPL-2.0", "modern id truncates");
}

static void test_usable(void)
{
	static const struct {
		const char *expr, *under;
		int want;
	} t[] = {
		{ "GPL-2.0 OR BSD-3-Clause", "BSD-3-Clause", 1 },
		{ "GPL-2.0 OR BSD-3-Clause", "GPL-2.0-only", 1 },
		{ "GPL-2.0 OR BSD-3-Clause", "GPL-2.0-or-later", 0 },
		{ "GPL-2.0 OR BSD-3-Clause", "MIT", 0 },
		{ "GPL-2.0+", "GPL-2.0-only", 1 },
		{ "GPL-2.0+", "GPL-2.0-or-later", 1 },
		{ "GPL-2.0-or-later", "GPL-2.0-only", 1 },
		/* "or later" reaches every later version of its family */
		{ "GPL-2.0+", "GPL-3.0-only", 1 },
		{ "GPL-2.0+", "GPL-3.0-or-later", 1 },
		{ "GPL-1.0+", "GPL-2.0-only", 1 },
		{ "GPL-1.0+", "GPL-2.0-or-later", 1 },
		{ "GPL-1.0-or-later", "gpl-2.0", 1 },
		{ "LGPL-2.0+", "LGPL-2.1-only", 1 },
		{ "LGPL-2.0+", "LGPL-2.1-or-later", 1 },
		{ "LGPL-2.0+", "LGPL-3.0-only", 1 },
		{ "GFDL-1.1+", "GFDL-1.3-only", 1 },
		{ "GPL-2.0+ WITH Linux-syscall-note", "GPL-3.0-only", 1 },
		/* ... but not to an earlier one, nor to another family */
		{ "GPL-2.0+", "GPL-1.0-only", 0 },
		{ "GPL-2.0+", "GPL-1.0-or-later", 0 },
		{ "LGPL-2.1+", "LGPL-2.0-only", 0 },
		{ "GPL-2.0+", "LGPL-2.0-only", 0 },
		{ "LGPL-2.0+", "GPL-2.0-only", 0 },
		{ "GPL-2.0+", "AGPL-3.0-only", 0 },
		{ "GPL-1.0", "GPL-2.0-only", 0 },
		{ "GPL-2.0-only", "GPL-3.0-only", 0 },
		{ "GPL-1.0+ AND MIT", "GPL-2.0-only", 0 },
		{ "GPL-1.0+ AND GPL-2.0", "GPL-2.0-only", 1 },
		/* a "+" outside the GNU families: its own version only */
		{ "MPL-1.1+", "MPL-1.1-only", 1 },
		{ "MPL-1.1+", "MPL-2.0-only", 0 },
		{ "GPL-2.0", "GPL-2.0-or-later", 0 },
		{ "GPL-2.0-only", "GPL-2.0", 1 },
		{ "GPL-2.0-only", "GPL-2.0+", 0 },
		{ "GPL-2.0 AND MIT", "GPL-2.0-only", 0 },
		{ "GPL-2.0 AND MIT", "MIT", 0 },
		{ "GPL-2.0 AND GPL-2.0+", "GPL-2.0-only", 1 },
		{ "GPL-2.0 WITH Linux-syscall-note", "GPL-2.0-only", 1 },
		{ "(GPL-2.0+ WITH Linux-syscall-note) OR MIT", "MIT", 1 },
		{ "(GPL-2.0+ WITH Linux-syscall-note) OR MIT", "GPL-2.0-only", 1 },
		{ "LGPL-2.1+ OR MIT", "lgpl-2.1-only", 1 },
		{ "mit", "MIT", 1 },
		{ "GPL-1.0+ OR BSD-3-Clause OR OpenSSL", "OpenSSL", 1 },
		{ "(GPL-2.0 OR MIT) AND BSD-3-Clause", "MIT", 0 },
	};
	struct expr_error err;
	struct expr *e;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		if (expr_parse(&e, t[i].expr, strlen(t[i].expr), &err)) {
			ok(0, "parse '%s': %s", t[i].expr, err.msg);
			continue;
		}
		is_int(expr_usable_under(e, t[i].under), t[i].want,
		       "'%s' usable under %s", t[i].expr, t[i].under);
		expr_free(e);
	}
}

struct ids {
	char buf[256];
	int calls, stop_at;
};

static int id_cb(const char *id, size_t len, int plus, int is_exc, void *arg)
{
	struct ids *s = arg;
	size_t n = strlen(s->buf);

	snprintf(s->buf + n, sizeof(s->buf) - n, "%s%.*s%s%s",
		 n ? "|" : "", (int)len, id, plus ? "+" : "", is_exc ? "!" : "");
	return ++s->calls == s->stop_at ? 7 : 0;
}

static void test_foreach(void)
{
	const char *in = "GPL-2.0 WITH Linux-syscall-note OR gpl-2.0 AND MIT OR "
			 "(GPL-2.0+ WITH linux-syscall-note) OR mit";
	struct ids s = { .stop_at = 0 };
	struct expr_error err;
	struct expr *e;

	if (expr_parse(&e, in, strlen(in), &err)) {
		ok(0, "parse foreach sample: %s", err.msg);
		return;
	}
	is_int(expr_foreach_id(e, id_cb, &s), 0, "foreach returns 0");
	is_str(s.buf, "GPL-2.0|Linux-syscall-note!|MIT|GPL-2.0+",
	       "distinct ids left to right");
	memset(&s, 0, sizeof(s));
	s.stop_at = 2;
	is_int(expr_foreach_id(e, id_cb, &s), 7, "foreach stops at non-zero");
	is_int(s.calls, 2, "... after two calls");
	expr_free(e);
}

/* ---- bounds ---------------------------------------------------------- */

/*
 * Copy @n bytes of @s so that they end right before an inaccessible page:
 * a read past @n faults, with or without ASan.  Returns the copy, inside
 * the mapping *@map of *@maplen bytes, or NULL.
 */
static char *guarded_copy(const char *s, size_t n, void **map, size_t *maplen)
{
	size_t page = sysconf(_SC_PAGESIZE), data = (n + page - 1) / page * page;
	char *m;

	*maplen = data + page;
	m = mmap(NULL, *maplen, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	if (mprotect(m + data, page, PROT_NONE)) {
		munmap(m, *maplen);
		return NULL;
	}
	*map = m;
	memcpy(m + data - n, s, n);
	return m + data - n;
}

/* Texts whose every prefix is parsed from a buffer of exactly that size. */
static const char *const prefixed[] = {
	"lI", "LicenseRef-x", "licenseref-", "DocumentRef-a:LicenseRef-b",
	"documentref-", "GPL-2.0+ WITH Linux-syscall-note OR (MIT AND X)",
	"A OR (B AND", "Foo:Bar", "GPL-2.0 \xc3\xa9",
};

/* expr_parse() and expr_kernel_strict() read @len bytes and no more. */
static void test_bounds(void)
{
	struct expr_error err;
	struct expr *e;
	size_t i, n, maplen;
	void *map;
	char *buf;

	buf = guarded_copy("lI", 1, &map, &maplen);
	if (!buf) {
		ok(0, "guarded buffer: %s", strerror(errno));
		return;
	}
	is_int(expr_parse(&e, buf, 1, &err), 0, "'lI' with len 1 is 'l'");
	is_str(e ? e->nodes[e->root].id : NULL, "l", "... the id is 'l'");
	expr_free(e);
	munmap(map, maplen);
	for (i = 0; i < ARRAY_SIZE(prefixed); i++) {
		int nomap = 0;

		for (n = 0; n <= strlen(prefixed[i]); n++) {
			buf = guarded_copy(prefixed[i], n, &map, &maplen);
			if (!buf) {
				nomap++;
				continue;
			}
			if (!expr_parse(&e, buf, n, &err))
				expr_free(e);
			expr_kernel_strict(buf, n, &err);
			munmap(map, maplen);
		}
		is_int(nomap, 0, "every prefix of '%s' parsed within its bytes",
		       prefixed[i]);
	}
}

int main(void)
{
	test_good();
	test_bad();
	test_ast();
	test_strict();
	test_fixture();
	test_kernel_tree();
	test_modern();
	test_usable();
	test_foreach();
	test_bounds();
	return tap_done();
}
