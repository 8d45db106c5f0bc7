// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_copyright: unit tests for index/copyright.c, a table of file heads
 * with the exact statements expected (joined by "\n"; NULL for none).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "copyright.h"
#include "tap.h"

#define IN(s)	(s), (sizeof(s) - 1)

struct ccase {
	const char *name;
	const char *in;
	size_t len;
	int truncated;
	const char *want;
	unsigned n;
	int more;
};

#define X14 "x;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\nx;\n"
#define C20 " * x\n * x\n * x\n * x\n * x\n * x\n * x\n * x\n * x\n * x\n" \
	    " * x\n * x\n * x\n * x\n * x\n * x\n * x\n * x\n * x\n * x\n"

static const struct ccase cases[] = {
	{ "Copyright (c) in a C block",
	  IN("// SPDX-License-Identifier: GPL-2.0\n/*\n"
	     " * Copyright (c) 2001 Foo Bar <foo@bar.org>\n */\n"), 0,
	  "Copyright (c) 2001 Foo Bar <foo@bar.org>", 1, 0 },
	{ "Copyright (C) after //",
	  IN("// Copyright (C) 2002-2004 Foo Inc.\n"), 0,
	  "Copyright (C) 2002-2004 Foo Inc.", 1, 0 },
	{ "Copyright(c) with no space",
	  IN("/* Copyright(c) 1999 - 2006 Intel Corporation. */\n"), 0,
	  "Copyright(c) 1999 - 2006 Intel Corporation.", 1, 0 },
	{ "(C) and a year after #",
	  IN("# (C) 2003 Foo\n"), 0, "(C) 2003 Foo", 1, 0 },
	{ "(C) Copyright",
	  IN(" * (C) Copyright 2002 IBM Corp.\n"), 0,
	  "(C) Copyright 2002 IBM Corp.", 1, 0 },
	{ "\u00a9 after ;",
	  IN("; \xc2\xa9 2004 Foo\n"), 0, "\xc2\xa9 2004 Foo", 1, 0 },
	{ "Copyright \u00a9 after --",
	  IN("-- Copyright \xc2\xa9 2005 Foo\n"), 0,
	  "Copyright \xc2\xa9 2005 Foo", 1, 0 },
	{ "Copr. after %",
	  IN("% Copr. 2006 Foo\n"), 0, "Copr. 2006 Foo", 1, 0 },
	{ "Copyright: after dnl",
	  IN("dnl Copyright: 2007 Foo\n"), 0, "Copyright: 2007 Foo", 1, 0 },
	{ "COPYRIGHT in capitals",
	  IN("# COPYRIGHT (C) 2008 FOO CORP\n"), 0,
	  "COPYRIGHT (C) 2008 FOO CORP", 1, 0 },
	{ "lowercase copyright with a year",
	  IN("# copyright 2009 foo\n"), 0, "copyright 2009 foo", 1, 0 },
	{ "SPDX-FileCopyrightText: the text after the tag",
	  IN("/* SPDX-FileCopyrightText: Alexander Shiyan, <shc@mail.ru> */\n"), 0,
	  "Alexander Shiyan, <shc@mail.ru>", 1, 0 },
	{ "SPDX-FileCopyrightText: with a Copyright and All rights reserved",
	  IN("// SPDX-FileCopyrightText: Copyright (c) 2020-2024 NVIDIA "
	     "CORPORATION & AFFILIATES. All rights reserved.\n"), 0,
	  "Copyright (c) 2020-2024 NVIDIA CORPORATION & AFFILIATES.", 1, 0 },
	{ "All rights reserved and its comma cut, closer cut",
	  IN("/* Copyright (c) 2008 Foo, Inc., All Rights Reserved */\n"), 0,
	  "Copyright (c) 2008 Foo, Inc.", 1, 0 },
	{ "All rights reserved on a line of its own",
	  IN(" * Copyright (c) 2001 Foo\n * All rights reserved.\n"), 0,
	  "Copyright (c) 2001 Foo", 1, 0 },
	{ "white space collapsed",
	  IN(" *  Copyright (C) 1991, 1992\tLinus  Torvalds\n"), 0,
	  "Copyright (C) 1991, 1992 Linus Torvalds", 1, 0 },
	{ "continuation aligned with the holder",
	  IN(" * Copyright (C) 2008 Foo <foo@a.org>\n"
	     " *                    Bar <bar@b.org>\n"
	     " * Author: Baz\n */\n"), 0,
	  "Copyright (C) 2008 Foo <foo@a.org> Bar <bar@b.org>", 1, 0 },
	{ "an indented line left of the holder is no continuation",
	  IN(" * Copyright (C) 2008 Foo\n *   Written by Bar\n"), 0,
	  "Copyright (C) 2008 Foo", 1, 0 },
	{ "continuation after a comma",
	  IN(" * Copyright (C) 1999, 2000,\n * 2001 Foo\n"), 0,
	  "Copyright (C) 1999, 2000, 2001 Foo", 1, 0 },
	{ "continuation while no holder is named",
	  IN(" * Copyright (c) 2001\n *   Foo Corp.\n *\n * Bar\n"), 0,
	  "Copyright (c) 2001 Foo Corp.", 1, 0 },
	{ "continuation stops at a blank comment line",
	  IN(" * Copyright (c) 2001 Foo and\n *\n * Bar\n"), 0,
	  "Copyright (c) 2001 Foo and", 1, 0 },
	{ "several, in order, a repeat dropped",
	  IN("# Copyright 2001 A\n# Copyright 2002 B\n# Copyright 2001 A\n"), 0,
	  "Copyright 2001 A\nCopyright 2002 B", 2, 0 },
	{ "e-mail addresses kept as written",
	  IN("# Copyright 2001 Foo <foo at bar dot org>, (bar@baz)\n"), 0,
	  "Copyright 2001 Foo <foo at bar dot org>, (bar@baz)", 1, 0 },
	{ "lines about copyright are no statements",
	  IN(" * the above copyright notice and this\n * Copyright holders\n"
	     " * copyright law\n * Copyright\n * Copyright is held by Foo\n"
	     " * copyrighted by Foo\n"), 0,
	  NULL, 0, 0 },
	{ "(c) in an enumeration is no statement",
	  IN(" * (c) You must retain\n"), 0, NULL, 0, 0 },
	{ "a marker with nothing after it is dropped",
	  IN(" * Copyright (C)\n *\n"), 0, NULL, 0, 0 },
	{ "Latin-1 read as such",
	  IN("/* Copyright (C) 1994 J\xf6rg */\n"), 0,
	  "Copyright (C) 1994 J\xc3\xb6rg", 1, 0 },
	{ "UTF-8 kept",
	  IN("/* Copyright (C) 1994 J\xc3\xb6rg */\n"), 0,
	  "Copyright (C) 1994 J\xc3\xb6rg", 1, 0 },
	{ "CRLF",
	  IN("// Copyright 2001 Foo\r\n"), 0, "Copyright 2001 Foo", 1, 0 },
	{ "xml comment",
	  IN("<?xml version=\"1.0\"?>\n<!-- Copyright 2001 Foo -->\n"), 0,
	  "Copyright 2001 Foo", 1, 0 },
	{ "rst comment",
	  IN(".. Copyright 2001 Foo\n"), 0, "Copyright 2001 Foo", 1, 0 },
	{ "the comment block past 15 lines",
	  IN("/*\n" C20 " * Copyright 2001 Y\n */\n"), 0,
	  "Copyright 2001 Y", 1, 0 },
	{ "past the comment block and 15 lines: not looked at",
	  IN("/* x */\n" X14 "/* Copyright 2001 X */\n"), 0, NULL, 0, 0 },
	{ "#include ends the comment block",
	  IN("// x\n#include <a.h>\n" X14 "// Copyright 2001 X\n"), 0,
	  NULL, 0, 0 },
	{ "code after a closer ends the comment block",
	  IN("/* x */ int a;\n" X14 "// Copyright 2001 X\n"), 0, NULL, 0, 0 },
	{ "a text file's first 15 lines",
	  IN("Title\n=====\n\nCopyright 2001 Foo\n"), 0,
	  "Copyright 2001 Foo", 1, 0 },
	{ "binary",
	  IN("Copyright 2001 X\n\0"), 0, NULL, 0, 0 },
	{ "the comment block goes on past the head",
	  IN("/*\n * Copyright 2001 X\n * y\n"), 1, "Copyright 2001 X", 1, 1 },
	{ "the comment block ends in the head",
	  IN("/*\n * Copyright 2001 X\n */\n" X14), 1,
	  "Copyright 2001 X", 1, 0 },
	{ "fewer than 15 lines in the head of a longer file",
	  IN("/*\n * Copyright 2001 X\n */\nint a;\n"), 1,
	  "Copyright 2001 X", 1, 1 },
	{ "a comment from before line 15 on past it, after code",
	  IN("#ifndef A_H\n#define A_H\n\n/* Generated file\n" C20
	     "Copyright (C) 2013-2022 by the following authors:\n"
	     "- Rob Clark\n*/\nint a;\n"), 0,
	  "Copyright (C) 2013-2022 by the following authors:", 1, 0 },
	{ "(c) and a holder, the year after",
	  IN("/*\n    (c) Rebel.com, 1998-1999\n*/\n"), 0,
	  "(c) Rebel.com, 1998-1999", 1, 0 },
	{ "the whole file",
	  IN("/*\n * Copyright 2001 X\n"), 0, "Copyright 2001 X", 1, 0 },
	{ "a BOM",
	  IN("\xef\xbb\xbf// Copyright 2001 X\n"), 0, "Copyright 2001 X", 1, 0 },
};

/* A statement longer than COPYRIGHT_MAX_STMT is cut at a character. */
static void test_long(void)
{
	char buf[COPYRIGHT_MAX_STMT * 2 + 64], *p = buf;
	struct copyright_result r;

	p += sprintf(p, "# Copyright 2001 ");
	for (int i = 0; i < COPYRIGHT_MAX_STMT; i++)
		p += sprintf(p, "\xc3\xb6");
	*p++ = '\n';
	is_int(copyright_scan(buf, p - buf, 0, &r), 0, "long: scanned");
	ok(r.text && strlen(r.text) <= COPYRIGHT_MAX_STMT &&
	   strlen(r.text) % 2 == 1, "long: cut to %d bytes, at a character",
	   COPYRIGHT_MAX_STMT);
	copyright_result_release(&r);
}

/* At most COPYRIGHT_MAX_STATEMENTS. */
static void test_many(void)
{
	char buf[COPYRIGHT_MAX_STATEMENTS * 40], *p = buf;
	struct copyright_result r;

	for (int i = 0; i < COPYRIGHT_MAX_STATEMENTS + 5; i++)
		p += sprintf(p, "# Copyright %d X\n", 1000 + i);
	is_int(copyright_scan(buf, p - buf, 0, &r), 0, "many: scanned");
	is_int(r.n, COPYRIGHT_MAX_STATEMENTS, "many: capped");
	copyright_result_release(&r);
}

/* What the index gets of @in read in two: its first @k bytes, then all
 * @len when those call for more; into @got ("" when none). */
static int two_reads(struct copyright_scanner *cs, const char *in, size_t k,
		     size_t len, int truncated, char *got, size_t size)
{
	struct copyright_found f;

	copyright_scanner_start(cs, 0);
	if (copyright_scanner_feed(cs, in, k, 1, &f))
		return -1;
	if (f.more && copyright_scanner_feed(cs, in, len, truncated, &f))
		return -1;
	snprintf(got, size, "%s", f.text ? f.text : "");
	return f.more;
}

/* What copyright_scan() gives of the buffer the index would end with. */
static void one_read(const char *in, size_t k, size_t len, int truncated,
		     char *want, size_t size)
{
	struct copyright_result r;

	copyright_scan(in, k, 1, &r);
	if (r.more) {
		copyright_result_release(&r);
		copyright_scan(in, len, truncated, &r);
	}
	snprintf(want, size, "%s", r.text ? r.text : "");
	copyright_result_release(&r);
}

/* Does a head whose first @k bytes say so (copyright_found.settled) give
 * what all @len give?  Into @got what the @k gave, else "". */
static int settled_early(struct copyright_scanner *cs, const char *in,
			 size_t k, char *got, size_t size)
{
	struct copyright_found f;

	copyright_scanner_start(cs, 0);
	copyright_scanner_feed(cs, in, k, 1, &f);
	snprintf(got, size, "%s", f.text ? f.text : "");
	return !f.more && f.settled;
}

/* Read in two at every byte, each head gives what one scan of the
 * buffer the index ends with gives: nothing settled too early.  And a
 * first read that calls itself settled gives what the whole head does. */
static void test_every_split(const char *name, const char *in, size_t len,
			     int truncated)
{
	struct copyright_scanner *cs = copyright_scanner_new();
	struct copyright_result all;
	char got[4096], want[4096];
	size_t bad = 0, first = 0, early = 0, settled = 0;

	copyright_scan(in, len, truncated, &all);
	for (size_t k = 0; cs && k <= len; k++) {
		two_reads(cs, in, k, len, truncated, got, sizeof(got));
		one_read(in, k, len, truncated, want, sizeof(want));
		if (strcmp(got, want) && !bad++)
			first = k;
		if (settled_early(cs, in, k, got, sizeof(got)) &&
		    !memchr(in, '\0', len)) {
			settled++;
			if (strcmp(got, all.text ? all.text : ""))
				early++;
		}
	}
	ok(cs && !bad, "%s: read in two at each of %zu bytes as in one%s%zu",
	   name, len + 1, bad ? ", first differs at " : "", bad ? first : 0);
	ok(!early, "%s: each of %zu settled first reads as the whole head",
	   name, settled);
	copyright_result_release(&all);
	copyright_scanner_free(cs);
}

#define BOUNDARY_HEAD \
	"// SPDX-License-Identifier: GPL-2.0\n" \
	"/*\n" \
	" * A driver.\n" \
	" *\n" \
	" * Copyright (C) 2001, 2002 First Holder <first@example.org>,\n" \
	" *                          Second Holder <second@example.org>,\n" \
	" *                          Third Holder\n" \
	" * (c) 2004 Fourth, Inc.\n" \
	" */\n" \
	"#include <x.h>\n"

/*
 * The index's first read ends inside a statement's line, or between a
 * statement and its continuation lines: the second read gives the
 * whole statement, as one read of all would.
 */
static void test_boundary(void)
{
	static const char head[] = BOUNDARY_HEAD;
	static const char want[] =
		"Copyright (C) 2001, 2002 First Holder <first@example.org>, "
		"Second Holder <second@example.org>, Third Holder\n"
		"(c) 2004 Fourth, Inc.";
	size_t len = sizeof(head) - 1;
	const char *in_line = strstr(head, "First Holder");
	const char *between = strstr(head, " *      ");
	struct copyright_scanner *cs = copyright_scanner_new();
	char got[1024];

	ok(cs != NULL, "boundary: a scanner");
	if (!cs)
		return;
	/* The head ends inside the statement's first line. */
	is_int(two_reads(cs, head, in_line - head, len, 0, got, sizeof(got)), 0,
	       "boundary: cut in the statement's line: no more after all");
	is_str(got, want, "boundary: cut in the statement's line: whole");
	/* The head ends right after it: its continuations are past it. */
	is_int(two_reads(cs, head, between - head, len, 0, got, sizeof(got)), 0,
	       "boundary: cut before the continuations: no more after all");
	is_str(got, want, "boundary: cut before the continuations: taken");
	/* The head ends inside the second continuation line. */
	two_reads(cs, head, strstr(head, "Third") - head, len, 0, got,
		  sizeof(got));
	is_str(got, want, "boundary: cut in a continuation: whole");
	/* The first read alone: what it holds, and that it wants more. */
	{
		struct copyright_found f;

		copyright_scanner_start(cs, 0);
		copyright_scanner_feed(cs, head, between - head, 1, &f);
		is_str(f.text, "Copyright (C) 2001, 2002 First Holder "
		       "<first@example.org>,", "boundary: the first read's own");
		is_int(f.more, 1, "boundary: the first read wants more");
	}
	copyright_scanner_free(cs);
	test_every_split("boundary", head, len, 0);
	test_every_split("boundary, file goes on", head, len, 1);
}

/*
 * Past the 15th line, a first read ending in "/" of a "//" line: the
 * scope ends there as far as it knows, but not settled: the line is a
 * comment, and its statement is found once it is read whole.
 */
static void test_partial_line(void)
{
	static const char head[] = "// x\n// x\n// x\n// x\n// x\n"
		"// x\n// x\n// x\n// x\n// x\n// x\n// x\n// x\n// x\n"
		"// x\n// Copyright 2001 Late Holder\nint x;\n";
	struct copyright_scanner *cs = copyright_scanner_new();
	size_t k = strstr(head, "// Copyright") - head + 1;
	struct copyright_found f;

	copyright_scanner_start(cs, 0);
	copyright_scanner_feed(cs, head, k, 1, &f);
	is_int(f.more, 0, "partial line: the scope seems to end");
	is_int(f.settled, 0, "partial line: not settled");
	copyright_scanner_feed(cs, head, sizeof(head) - 1, 0, &f);
	is_str(f.text, "Copyright 2001 Late Holder", "partial line: read whole");
	copyright_scanner_free(cs);
	test_every_split("partial line", head, sizeof(head) - 1, 1);
}

/* A NUL past the first read: a binary file after all, no statement. */
static void test_nul_later(void)
{
	static const char head[] = "/*\n * Copyright 2001 X\n" C20 "\0 */\n";
	struct copyright_scanner *cs = copyright_scanner_new();
	char got[256];

	two_reads(cs, head, 30, sizeof(head) - 1, 0, got, sizeof(got));
	is_str(got, "", "NUL in the second read: none");
	copyright_scanner_free(cs);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct ccase *c = &cases[i];
		struct copyright_result r;

		is_int(copyright_scan(c->in, c->len, c->truncated, &r), 0,
		       "%s: scanned", c->name);
		is_str(r.text, c->want, "%s: statements", c->name);
		is_int(r.n, c->n, "%s: count", c->name);
		is_int(r.more, c->more, "%s: more", c->name);
		copyright_result_release(&r);
	}
	test_long();
	test_many();
	test_boundary();
	test_nul_later();
	test_partial_line();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		test_every_split(cases[i].name, cases[i].in, cases[i].len,
				 cases[i].truncated);
	return tap_done();
}
