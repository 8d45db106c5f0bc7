// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_toml: REUSE.toml's TOML subset read exactly, and each refusal's
 * one line; then the REUSE.toml and dep5 globs and the extraction of
 * REUSE information from a file's text (reuse_global.h, reuse_text.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "reuse/reuse_global.h"
#include "reuse/reuse_text.h"
#include "tap.h"
#include "reuse/toml.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void test_accepted(void)
{
	static const char text[] =
		"\xef\xbb\xbf# a comment\r\n"
		"version = 1\n"
		"\n"
		"[[annotations]]\n"
		"path = [\"a/*.c\", 'b\\**',   # two\n"
		"   \"c\\u00e9\\\"\\\\\",\n"
		"]\n"
		"\"SPDX-License-Identifier\" = \"MIT\" # trailing\n"
		"[[ annotations ]]\n"
		"path = \"x\"\n"
		"n = -1_000\n";
	struct spdx_error err = { 0 };
	struct toml_doc *d;
	const struct toml_value *v;
	int r = toml_parse(&d, text, sizeof(text) - 1, "REUSE.toml", &err);

	is_int(r, 0, "a document of the subset parses");
	if (r) {
		printf("# %s\n", err.msg);
		return;
	}
	is_int(d->ntables, 3, "the top table and two [[annotations]]");
	v = toml_get(&d->tables[0], "version");
	ok(v && v->type == TOML_INT && v->num == 1, "version = 1");
	is_str(d->tables[1].name, "annotations", "the table's name");
	v = toml_get(&d->tables[1], "path");
	ok(v && v->type == TOML_ARRAY && v->nstr == 3, "an array of three, over lines");
	if (v && v->nstr == 3) {
		is_str(v->str[0], "a/*.c", "a basic string");
		is_str(v->str[1], "b\\**", "a literal string keeps its backslash");
		is_str(v->str[2], "c\xc3\xa9\"\\", "escapes");
	}
	v = toml_get(&d->tables[1], "SPDX-License-Identifier");
	ok(v && v->type == TOML_STRING && !strcmp(v->str[0], "MIT"), "a quoted key");
	v = toml_get(&d->tables[2], "n");
	ok(v && v->type == TOML_INT && v->num == -1000, "an integer with _");
	is_int(d->tables[2].pairs[0].line, 10, "pairs know their line");
	toml_free(d);
}

static const struct {
	const char *text, *msg;
} refused[] = {
	{ "[table]\n", "R:1: unsupported TOML: [table] header (only [[array]] ones)" },
	{ "a.b = 1\n", "R:1: unsupported TOML: dotted key" },
	{ "a = {x = 1}\n", "R:1: unsupported TOML: inline table" },
	{ "\na = \"\"\"x\"\"\"\n", "R:2: unsupported TOML: multi-line string" },
	{ "a = 1.5\n", "R:1: unsupported TOML: a float or a date" },
	{ "a = 1979-05-27\n", "R:1: unsupported TOML: a date" },
	{ "a = true\n", "R:1: unsupported TOML: boolean" },
	{ "a = inf\n", "R:1: unsupported TOML: float" },
	{ "a = [1]\n", "R:1: unsupported TOML: an array of anything but strings" },
	{ "a = [[\"x\"]]\n", "R:1: unsupported TOML: an array of anything but strings" },
	{ "a = 1\na = 2\n", "R:2: key a given twice" },
	{ "a = \"x\n", "R:1: unfinished string" },
	{ "a = \"\\q\"\n", "R:1: bad escape \\q in a string" },
	{ "a = \"\\u0000\"\n", "R:1: bad \\u escape" },
	{ "a = 1 b\n", "R:1: unexpected text after a value" },
	{ "a =\n", "R:1: a key without a value" },
	{ "a = [\"x\"\n", "R:2: unfinished array" },
	{ "= 1\n", "R:1: expected a key, a [[table]] header or a comment" },
	{ "a = 0123\n", "R:1: unsupported TOML: a date, or an integer with a leading zero" },
	{ "a = 1\n[[a]]\n", "R:2: a is a key and a table" },
	{ "[[a.b]]\n", "R:1: unsupported TOML: dotted table name" },
	{ "[[", "R:1: expected a key, a [[table]] header or a comment" },
	{ "[[a", "R:1: expected ]] after the table's name" },
	{ "a", "R:1: expected '=' after key a" },
	/* a quoted key is echoed as a path is, never as a line of its own */
	{ " \"\\n/*/a0= \"", "R:1: expected '=' after key \"\\n/*/a0= \"" },
	{ "\"a\\nb\" = 1\n\"a\\nb\" = 2\n", "R:2: key \"a\\nb\" given twice" },
	{ "\"\\t\" = 1\n[[\"\\t\"]]\n", "R:2: \"\\t\" is a key and a table" },
	{ "a = ", "R:1: a key without a value" },
	{ "a = [", "R:1: unfinished array" },
	{ "a = '", "R:1: unfinished string" },
	{ "a = -", "R:1: unsupported TOML: a value that is no string, array or integer" },
};

static void test_refused(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(refused); i++) {
		struct spdx_error err = { 0 };
		struct toml_doc *d = (void *)1;
		int r = toml_parse(&d, refused[i].text, strlen(refused[i].text),
				   "R", &err);

		ok(r == -EINVAL && !d, "refused: %s", refused[i].msg);
		is_str(err.msg, refused[i].msg, "its message");
	}
	{
		struct spdx_error err = { 0 };
		struct toml_doc *d;

		ok(toml_parse(&d, "a = 1\0", 6, "R", &err) == -EINVAL &&
		   !strcmp(err.msg, "R:1: a NUL byte in the file"), "a NUL byte");
	}
	{
		/* The text ends where its length says, no NUL after it:
		 * "-n" is no "-nan" read past the end (found by fuzz_toml). */
		struct spdx_error err = { 0 };
		struct toml_doc *d = (void *)1;
		char *text = malloc(5);

		ok(text != NULL, "a text of 5 bytes");
		if (!text)
			return;
		memcpy(text, "a =-n", 5);
		ok(toml_parse(&d, text, 5, "R", &err) == -EINVAL && !d,
		   "a value cut short at the end of the text: refused");
		free(text);
	}
}

static const struct {
	const char *glob, *path;
	int toml, dep5;
} globs[] = {
	{ "*.c", "a.c", 1, 1 },
	{ "*.c", "d/a.c", 0, 1 },
	{ "docs/reuse*.rst", "docs/reuse-lint.rst", 1, 1 },
	{ "tests/resources/**", "tests/resources/a/b.png", 1, 1 },
	{ "changelog.d/**/*.md", "changelog.d/added/x.md", 1, 1 },
	{ "changelog.d/**/*.md", "changelog.d/x.md", 1, 0 },
	{ "src/**", "src", 0, 0 },
	{ "a\\*b", "a*b", 1, 1 },
	{ "a\\*b", "axb", 0, 0 },
	{ "f?o", "foo", 0, 1 },
	{ "**", "any/thing", 1, 1 },
	{ "x", "x", 1, 1 },
	{ "x", "xy", 0, 0 },
	{ "", "", 1, 1 },
	{ "", "a", 0, 0 },
	{ "*", "", 1, 1 },
	{ "a*", "a/b", 0, 1 },
	{ "a/*", "a/b/c", 0, 1 },
	{ "a/**/c", "a/b/d/c", 1, 1 },
	{ "a?c", "a/c", 0, 1 },
	{ "a?", "a", 0, 0 },
	{ "a\\", "a\\", 0, 1 },
	{ "a\\", "a", 1, 0 },
	{ "a\\b", "ab", 1, 1 },
	{ "*b*b", "abcb", 1, 1 },
	{ "*b*b", "abcba", 0, 0 },
};

static void test_globs(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(globs); i++) {
		is_int(reuse_toml_glob_match(globs[i].glob, globs[i].path),
		       globs[i].toml, "REUSE.toml: %s %s", globs[i].glob,
		       globs[i].path);
		is_int(reuse_dep5_glob_match(globs[i].glob, globs[i].path),
		       globs[i].dep5, "dep5: %s %s", globs[i].glob,
		       globs[i].path);
	}
}

/*
 * A repository chooses its globs: twenty stars against a 4,000-byte
 * path took a backtracking matcher longer than any timeout (C(4020, 20)
 * ways to place them; found by fuzz_toml); the automaton takes one pass.
 */
static void test_glob_stars(void)
{
	char glob[64] = "", path[4001];

	for (int i = 0; i < 20; i++)
		strcat(glob, "*a");
	memset(path, 'a', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	is_int(reuse_toml_glob_match(glob, path), 1, "REUSE.toml: 20 stars, all a");
	is_int(reuse_dep5_glob_match(glob, path), 1, "dep5: 20 stars, all a");
	strcat(glob, "b");
	is_int(reuse_toml_glob_match(glob, path), 0, "REUSE.toml: 20 stars, no b");
	is_int(reuse_dep5_glob_match(glob, path), 0, "dep5: 20 stars, no b");
	strcpy(glob, "**/*a*a*a*a*a*a*a*a*a*a*/b");
	for (size_t i = 7; i < sizeof(path) - 1; i += 8)
		path[i] = '/';
	is_int(reuse_toml_glob_match(glob, path), 0,
	       "REUSE.toml: stars between slashes, no b");
}

/* What reuse-tool 6.2's extract_reuse_info() says of these lines. */
static const struct {
	const char *text, *expr, *copyright;
} lines[] = {
	{ "Copyright", NULL, NULL },
	{ "Copyright 2020 X", NULL, "Copyright 2020 X" },
	{ "copyright 2020 x", NULL, NULL },
	{ "# Copyright (C) 2020", NULL, "Copyright (C) 2020" },
	{ "Copyright(c) X", NULL, "Copyright(c) X" },
	{ "(C) 2020 X", NULL, NULL },
	{ "x \xc2\xa9 X", NULL, "\xc2\xa9 X" },
	{ "/* SPDX-FileCopyrightText: 2020 X */", NULL, "SPDX-FileCopyrightText: 2020 X" },
	{ "SPDX-FileCopyrightText:", NULL, "SPDX-FileCopyrightText:" },
	{ "SPDX-SnippetCopyrightText: me", NULL, "SPDX-SnippetCopyrightText: me" },
	{ "x Copyright: foo", NULL, NULL },
	{ "the Copyrightable", NULL, NULL },
	{ "// SPDX-License-Identifier: MIT */", "MIT", NULL },
	{ "<!-- SPDX-License-Identifier: MIT -->", "MIT", NULL },
	{ "/* SPDX-License-Identifier: MIT OR X */ */", "MIT OR X", NULL },
	{ "SPDX-License-Identifier:", "", NULL },
	{ "  :: SPDX-License-Identifier: MIT ::  ", "MIT ::", NULL },
	{ "[SPDX-License-Identifier: MIT] ::", "MIT", NULL },
	{ "(x \"SPDX-License-Identifier: MIT\" )", "MIT", NULL },
	{ "<tag v=\"SPDX-License-Identifier: MIT\" />", "MIT", NULL },
	{ "SPDX-License-Identifier: MIT AND", "MIT AND", NULL },
	{ "Copyright 2020 X SPDX-License-Identifier: MIT", NULL,
	  "Copyright 2020 X SPDX-License-Identifier: MIT" },
};

static void test_lines(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++) {
		struct reuse_text t;
		int r = reuse_text_extract(&t, lines[i].text, strlen(lines[i].text));

		ok(!r, "extract %s", lines[i].text);
		is_str(t.nexprs ? t.exprs[0] : NULL, lines[i].expr,
		       "its expression");
		is_str(t.ncopyrights ? t.copyrights[0] : NULL,
		       lines[i].copyright, "its copyright");
		reuse_text_release(&t);
	}
}

static void test_ignore_blocks(void)
{
	static const char text[] =
		"SPDX-License-Identifier: A\r\n"
		"REUSE-IgnoreStart\n"
		"SPDX-License-Identifier: B\n"
		"REUSE-IgnoreEnd SPDX-License-Identifier: C\n"
		"SPDX-License-Identifier: A\n"
		"REUSE-IgnoreStart\n"
		"SPDX-License-Identifier: D\n";
	struct reuse_text t;

	ok(!reuse_text_extract(&t, text, sizeof(text) - 1), "ignore blocks");
	is_int(t.nexprs, 2, "B and D ignored, A once");
	is_str(t.nexprs > 1 ? t.exprs[1] : NULL, "C", "after an end, on its line");
	reuse_text_release(&t);
	ok(!reuse_text_is_binary("PNG\0xxxxxxxxxx", 14), "one NUL: text");
	ok(reuse_text_is_binary("\x89PNG\r\n", 6), "a PNG signature: binary");
	ok(reuse_text_is_binary("\0\1\2\3\4 x", 7), "control bytes: binary");
	ok(!reuse_text_is_binary("text", 4), "text");
}

int main(void)
{
	test_accepted();
	test_refused();
	test_globs();
	test_glob_stars();
	test_lines();
	test_ignore_blocks();
	return tap_done();
}
