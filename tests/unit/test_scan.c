// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_scan: unit tests for index/spdx/scan.c.
 *
 * Part 1 is a table of file heads with the exact result expected.
 * Part 2 scans every regular file of a real kernel tree
 * (where kernel-tree-scripts/fetch puts it, see fixture.h) and
 * checks the scanner against an independent awk mimic of spdxcheck.py's
 * first-15-lines rule, run at test time; skipped when there is no tree.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "spdx/scan.h"
#include "tap.h"

#define IN(s)	(s), (sizeof(s) - 1)

struct scase {
	const char *name;
	const char *in;
	size_t len;
	int truncated;
	enum spdx_status status;
	unsigned line;
	unsigned col;
	const char *leader;
	const char *expr;
	unsigned flags;
	unsigned ntags;
	unsigned second_line;
};

#define TAGL "SPDX-License-Identifier:"
#define L16 "abcdefghijklmno\n"	/* sixteen bytes */

static const struct scase cases[] = {
	{ "C source //", IN("// " TAGL " GPL-2.0\nint x;\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", 0, 1, 0 },
	{ "C header /* */", IN("/* " TAGL " GPL-2.0 WITH Linux-syscall-note */\n"), 0,
	  ST_TAGGED, 1, 28, "/*", "GPL-2.0 WITH Linux-syscall-note", 0, 1, 0 },
	{ "script #", IN("# " TAGL " GPL-2.0-only\n"), 0,
	  ST_TAGGED, 1, 27, "#", "GPL-2.0-only", 0, 1, 0 },
	{ "rst ..", IN(".. " TAGL " GPL-2.0\n\n====\n"), 0,
	  ST_TAGGED, 1, 28, "..", "GPL-2.0", 0, 1, 0 },
	{ "TeX/matlab %", IN("% " TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 1, 27, "%", "GPL-2.0", 0, 1, 0 },
	{ "asm ;", IN("; " TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 1, 27, ";", "GPL-2.0", 0, 1, 0 },
	{ "sql --", IN("-- " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 28, "--", "MIT", 0, 1, 0 },
	{ "html <!-- -->", IN("<!-- " TAGL " GPL-2.0 -->\n"), 0,
	  ST_TAGGED, 1, 30, "<!--", "GPL-2.0", 0, 1, 0 },
	{ "jinja {# #}", IN("{# " TAGL " GPL-2.0 #}\n"), 0,
	  ST_TAGGED, 1, 28, "{#", "GPL-2.0", 0, 1, 0 },
	{ "SH magic LIST \"", IN("LIST \"" TAGL " GPL-2.0\"\nLIST \"x\"\n"), 0,
	  ST_TAGGED, 1, 31, "LIST \"", "GPL-2.0", 0, 1, 0 },
	{ "doubled leader #//", IN("#// " TAGL " GPL-2.0\n#/*\n"), 0,
	  ST_TAGGED, 1, 29, "#//", "GPL-2.0", SCAN_F_BAD_LEADER, 1, 0 },
	{ "SuperH asm !", IN("! " TAGL " GPL-2.0\n! entry.S\n"), 0,
	  ST_TAGGED, 1, 27, "!", "GPL-2.0", 0, 1, 0 },
	{ "ARM asm @ on line 2", IN("#define A 1\n@ " TAGL " GPL-2.0\n"), 0,
	  ST_MISPLACED, 2, 27, "@", "GPL-2.0", 0, 1, 0 },
	{ "m4 dnl", IN("dnl " TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 1, 29, "dnl", "GPL-2.0", 0, 1, 0 },
	{ "batch @REM", IN("@REM " TAGL " MIT\r\n"), 0,
	  ST_TAGGED, 1, 30, "@REM", "MIT", SCAN_F_CRLF, 1, 0 },
	{ "bare tag in text", IN(TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 1, 25, "", "GPL-2.0", SCAN_F_BAD_LEADER, 1, 0 },
	{ "broken rst leader .", IN(". " TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 1, 27, ".", "GPL-2.0", SCAN_F_BAD_LEADER, 1, 0 },
	{ "long leader cut to 15 bytes",
	  IN("this file is under the " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 48, "this file is un", "MIT", SCAN_F_BAD_LEADER, 1, 0 },
	{ "shebang, tag on line 2", IN("#!/bin/sh\n# " TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 2, 27, "#", "GPL-2.0", SCAN_F_SHEBANG, 1, 0 },
	{ "shebang, tag on line 3",
	  IN("#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# " TAGL " GPL-2.0\n"), 0,
	  ST_MISPLACED, 3, 27, "#", "GPL-2.0", SCAN_F_SHEBANG, 1, 0 },
	{ "<?xml first line",
	  IN("<?xml version=\"1.0\"?>\n<!-- " TAGL " GPL-2.0 -->\n<svg/>\n"), 0,
	  ST_TAGGED, 2, 30, "<!--", "GPL-2.0", SCAN_F_XMLDECL, 1, 0 },
	{ "UTF-8 BOM", IN("\xef\xbb\xbf.. " TAGL " GPL-2.0\n"), 0,
	  ST_TAGGED, 1, 28, "..", "GPL-2.0", SCAN_F_BOM, 1, 0 },
	{ "BOM then shebang", IN("\xef\xbb\xbf#!/bin/sh\n# " TAGL " MIT\n"), 0,
	  ST_TAGGED, 2, 27, "#", "MIT", SCAN_F_BOM | SCAN_F_SHEBANG, 1, 0 },
	{ "CRLF", IN("// " TAGL " GPL-2.0 OR MIT\r\nint x;\r\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0 OR MIT", SCAN_F_CRLF, 1, 0 },
	{ "lone CR at end, no LF", IN("// " TAGL " MIT\r"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT", 0, 1, 0 },
	{ "*/ left on a // line", IN("// " TAGL " GPL-2.0 */\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", SCAN_F_STRAY_TERM, 1, 0 },
	{ "*/ left on a # line", IN("# " TAGL " GPL-2.0 OR BSD-2-Clause */\n"), 0,
	  ST_TAGGED, 1, 27, "#", "GPL-2.0 OR BSD-2-Clause", SCAN_F_STRAY_TERM, 1, 0 },
	{ "--> left on a # line", IN("# " TAGL " MIT -->\n"), 0,
	  ST_TAGGED, 1, 27, "#", "MIT", SCAN_F_STRAY_TERM, 1, 0 },
	{ "#} left on a // line", IN("// " TAGL " MIT #}\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT", SCAN_F_STRAY_TERM, 1, 0 },
	{ "/* not closed on the tag line",
	  IN("/* " TAGL " GPL-2.0\n *\n * Copyright\n */\n"), 0,
	  ST_TAGGED, 1, 28, "/*", "GPL-2.0", SCAN_F_UNCLOSED, 1, 0 },
	{ "/* closed without blank", IN("/* " TAGL " (GPL-2.0 OR MIT)*/\n"), 0,
	  ST_TAGGED, 1, 28, "/*", "(GPL-2.0 OR MIT)", 0, 1, 0 },
	{ "line 2 inside a /* block", IN("/*\n * " TAGL " GPL-2.0\n *\n */\n"), 0,
	  ST_MISPLACED, 2, 28, "*", "GPL-2.0", 0, 1, 0 },
	{ "line 2 of a block, closed there", IN("/*\n * " TAGL " GPL-2.0+ */\n"), 0,
	  ST_MISPLACED, 2, 28, "*", "GPL-2.0+", 0, 1, 0 },
	{ "tag on line 7",
	  IN("/*\n * foo.c\n *\n * (C) 2020\n *\n *\n * " TAGL " GPL-2.0\n */\n"), 0,
	  ST_MISPLACED, 7, 28, "*", "GPL-2.0", 0, 1, 0 },
	{ "tag on line 15",
	  IN("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n"
	     "    " TAGL " GPL-2.0\n"), 0,
	  ST_MISPLACED, 15, 29, "", "GPL-2.0", SCAN_F_BAD_LEADER, 1, 0 },
	{ "tag on line 16 is not seen",
	  IN("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n"
	     "// " TAGL " GPL-2.0\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "two tags",
	  IN("// " TAGL " GPL-2.0\n/* x */\n// " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", SCAN_F_MULTIPLE, 2, 3 },
	{ "three tags, misplaced first",
	  IN("x\n# " TAGL " A\n# " TAGL " B\n# " TAGL " C\n"), 0,
	  ST_MISPLACED, 2, 27, "#", "A", SCAN_F_MULTIPLE, 3, 3 },
	{ "near miss SPDX-License_Identifier",
	  IN("# SPDX-License_Identifier: GPL-2.0\nobj-y += x.o\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_NEAR_MISS, 0, 0 },
	{ "near miss: no colon", IN("// SPDX-License-Identifier GPL-2.0\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_NEAR_MISS, 0, 0 },
	{ "near miss: lowercase", IN("# spdx-license-identifier: MIT\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_NEAR_MISS, 0, 0 },
	{ "near miss next to a real tag",
	  IN("// " TAGL " GPL-2.0\n// SPDX_License_Identifier: MIT\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", SCAN_F_NEAR_MISS, 1, 0 },
	{ "two tags on one line count once",
	  IN("// " TAGL " MIT " TAGL " MIT\nint x;\n// " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT " TAGL " MIT", SCAN_F_MULTIPLE, 2, 3 },
	{ "near miss after a tag on its line",
	  IN("// " TAGL " MIT spdx-license-identifier\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT spdx-license-identifier",
	  SCAN_F_NEAR_MISS, 1, 0 },
	{ "near miss in the 15th line, not the 16th",
	  IN("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n"
	     "SPDX-License_Identifier\nSPDX-License-Identifier MIT\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_NEAR_MISS, 0, 0 },
	{ "tag in the 16th line is not seen",
	  IN("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n"
	     "// " TAGL " MIT\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "tag split by a line break is no tag",
	  IN("// SPDX-License-\nIdentifier: MIT\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "prose is not a near miss", IN("# add an SPDX license identifier\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "empty expression", IN("// " TAGL "\nint x;\n"), 0,
	  ST_TAGGED, 1, 27, "//", "", SCAN_F_EMPTY_EXPR, 1, 0 },
	{ "empty expression in /* */", IN("/* " TAGL " */\n"), 0,
	  ST_TAGGED, 1, 28, "/*", "", SCAN_F_EMPTY_EXPR, 1, 0 },
	{ "tag in a binary file",
	  IN("// " TAGL " GPL-2.0\n\x7f" "ELF\0\0\0\x01\x02\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", SCAN_F_BINARY, 1, 0 },
	{ "binary file, NUL in the tag line",
	  IN("\0\0// " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 30, "", "MIT", SCAN_F_BINARY | SCAN_F_BAD_LEADER, 1, 0 },
	{ "binary file without tag", IN("\x7f" "ELF\0\x02\x01\n\0"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_BINARY, 0, 0 },
	{ "tag line not UTF-8",
	  IN("// " TAGL " GPL-2.0+ (c) M\xfcller\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0+ (c) M\xfcller", SCAN_F_NOT_UTF8, 1, 0 },
	{ "other line not UTF-8 is fine",
	  IN("// " TAGL " GPL-2.0\n// (c) M\xfcller\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", 0, 1, 0 },
	{ "valid UTF-8 tag line", IN("// " TAGL " GPL-2.0 \xe2\x80\x94 M\xc3\xbcller\n"), 0,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0 \xe2\x80\x94 M\xc3\xbcller", 0, 1, 0 },
	{ "UTF-8 cut short at the end of the line",
	  IN("// " TAGL " MIT M\xc3\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT M\xc3", SCAN_F_NOT_UTF8, 1, 0 },
	{ "bad byte among the last seven of a long line",
	  IN("// " TAGL " MIT abcdefgh\xff\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT abcdefgh\xff", SCAN_F_NOT_UTF8, 1, 0 },
	{ "overlong UTF-8", IN("// " TAGL " MIT \xc0\xaf\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT \xc0\xaf", SCAN_F_NOT_UTF8, 1, 0 },
	{ "truncated head", IN("// " TAGL " GPL-2.0\nint a;\nint b"), 1,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0", SCAN_F_TRUNCATED, 1, 0 },
	{ "truncated head, untagged", IN("int a;\nint b;\n"), 1,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_TRUNCATED | SCAN_F_LONG_LINE, 0, 0 },
	{ "truncated head, tag line cut",
	  IN("// " TAGL " GPL-2.0 OR MIT"), 1,
	  ST_TAGGED, 1, 28, "//", "GPL-2.0 OR MIT",
	  SCAN_F_TRUNCATED | SCAN_F_LONG_LINE, 1, 0 },
	{ "truncated head, tag line cut before its LF",
	  IN("#!/bin/sh\n# " TAGL " MIT\r"), 1,
	  ST_TAGGED, 2, 27, "#", "MIT",
	  SCAN_F_TRUNCATED | SCAN_F_LONG_LINE | SCAN_F_SHEBANG, 1, 0 },
	{ "truncated head, tag line whole, a later line cut",
	  IN("// " TAGL " MIT\nint a"), 1,
	  ST_TAGGED, 1, 28, "//", "MIT", SCAN_F_TRUNCATED, 1, 0 },
	{ "head with 15 full lines is not truncated",
	  IN("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16"), 1,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "no final newline", IN("// " TAGL " MIT"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT", 0, 1, 0 },
	{ "empty file", IN(""), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "blank lines only", IN("\n\n\n"), 0,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
	{ "tag cut by the end of the head", IN("// SPDX-License-Identi"), 1,
	  ST_UNTAGGED, 0, 0, "", NULL, SCAN_F_TRUNCATED | SCAN_F_LONG_LINE, 0, 0 },
	/* White space around the expression is what Python's str.strip()
	 * takes away, as spdxcheck strips it; columns count characters. */
	{ "no-break spaces around the expression",
	  IN("//\xc2\xa0" TAGL "\xc2\xa0MIT\xc2\xa0\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT", 0, 1, 0 },
	{ "ideographic and em spaces, line and paragraph separators",
	  IN("// " TAGL "\xe3\x80\x80\xe2\x80\x83GPL-2.0 OR MIT"
	     "\xe2\x80\xa8\xe2\x80\xa9\xe2\x80\xaf\xe2\x81\x9f\xe1\x9a\x80"
	     "\xc2\x85\n"), 0,
	  ST_TAGGED, 1, 29, "//", "GPL-2.0 OR MIT", 0, 1, 0 },
	{ "ASCII separators \\x1c-\\x1f are white space too",
	  IN("// " TAGL " \x1c\x1dMIT\x1e\x1f\n"), 0,
	  ST_TAGGED, 1, 30, "//", "MIT", 0, 1, 0 },
	{ "white space before a comment terminator",
	  IN("/* " TAGL " MIT\xe2\x80\x82*/\xc2\xa0\n"), 0,
	  ST_TAGGED, 1, 28, "/*", "MIT", 0, 1, 0 },
	{ "zero-width space and BOM are not white space",
	  IN("// " TAGL " \xe2\x80\x8bMIT\xef\xbb\xbf\n"), 0,
	  ST_TAGGED, 1, 28, "//", "\xe2\x80\x8bMIT\xef\xbb\xbf", 0, 1, 0 },
	{ "column in characters after a multibyte leader",
	  IN("# \xc3\xa9t\xc3\xa9 " TAGL " OR MIT\n"), 0,
	  ST_TAGGED, 1, 31, "# \xc3\xa9t\xc3\xa9", "OR MIT",
	  SCAN_F_BAD_LEADER, 1, 0 },
	{ "column without bytes that do not decode",
	  IN("//\xff\xe2\x82 " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 28, "//\xff\xe2\x82", "MIT",
	  SCAN_F_BAD_LEADER | SCAN_F_NOT_UTF8, 1, 0 },
	{ "NUL in the expression is kept as U+FFFD",
	  IN("// " TAGL " MIT\0\n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT\xef\xbf\xbd", SCAN_F_BINARY, 1, 0 },
	{ "NULs inside and around the expression",
	  IN("// " TAGL " \0GPL-2.0\0OR MIT \0\n"), 0,
	  ST_TAGGED, 1, 28, "//",
	  "\xef\xbf\xbdGPL-2.0\xef\xbf\xbdOR MIT \xef\xbf\xbd",
	  SCAN_F_BINARY, 1, 0 },
	{ "tabs around the expression", IN("#\t" TAGL "\tGPL-2.0\t\n"), 0,
	  ST_TAGGED, 1, 27, "#", "GPL-2.0", 0, 1, 0 },
	{ "leading blanks before //", IN("\t  // " TAGL " MIT\n"), 0,
	  ST_TAGGED, 1, 31, "//", "MIT", 0, 1, 0 },
	/* The scanner's fast paths: eight ASCII bytes at a time, an ASCII
	 * last byte settling the trailing white space, a terminator's last
	 * byte tried first. */
	{ "column past a long ASCII run, then bytes that do not decode",
	  IN("/* Copyright ACME \xc3\xa9\xff\xe2\x82 " TAGL " MIT */\n"), 0,
	  ST_TAGGED, 1, 45, "/* Copyright AC", "MIT",
	  SCAN_F_BAD_LEADER | SCAN_F_NOT_UTF8, 1, 0 },
	{ "ASCII and no-break spaces mixed at the end",
	  IN("// " TAGL " MIT \xc2\xa0\t\xe3\x80\x80 \n"), 0,
	  ST_TAGGED, 1, 28, "//", "MIT", 0, 1, 0 },
	{ "a terminator's last byte alone is kept",
	  IN("/* " TAGL " MIT x/\n"), 0,
	  ST_TAGGED, 1, 28, "/*", "MIT x/", SCAN_F_UNCLOSED, 1, 0 },
	/* Cutting lines: a CR and its LF on either side of a sixteen-byte
	 * boundary, lines that end on one, the fifteen-line cap. */
	{ "CRLF across a sixteen-byte boundary",
	  IN("#!/bin/sh -e  x\r\n# " TAGL " MIT\r\n"), 0,
	  ST_TAGGED, 2, 27, "#", "MIT", SCAN_F_SHEBANG | SCAN_F_CRLF, 1, 0 },
	{ "line 15 after fourteen lines of sixteen bytes",
	  IN(L16 L16 L16 L16 L16 L16 L16 L16 L16 L16 L16 L16 L16 L16
	     "// " TAGL " MIT\n// " TAGL " GPL-2.0\n"), 0,
	  ST_MISPLACED, 15, 28, "//", "MIT", 0, 1, 0 },
	{ "sixteen LFs in a row: fifteen lines taken, no more",
	  IN("\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n// " TAGL " MIT\n"), 1,
	  ST_UNTAGGED, 0, 0, "", NULL, 0, 0, 0 },
};

static void check_case(const struct scase *c)
{
	struct scan_result r;
	/* an exact-size copy, so ASan and valgrind see any overread */
	char *in = malloc(c->len ? c->len : 1);
	int err;

	if (!in) {
		ok(0, "%s: malloc", c->name);
		return;
	}
	memcpy(in, c->in, c->len);
	err = scan_head(in, c->len, c->truncated, &r);
	free(in);
	is_int(err, 0, "%s: returns 0", c->name);
	is_str(spdx_status_name(r.status), spdx_status_name(c->status),
	       "%s: status", c->name);
	is_int(r.line, c->line, "%s: line", c->name);
	is_int(r.col, c->col, "%s: col", c->name);
	is_str(r.leader, c->leader, "%s: leader", c->name);
	is_str(r.expr, c->expr, "%s: expr", c->name);
	is_int(r.flags & ~SCAN_F_PLAIN, c->flags, "%s: flags", c->name);
	is_int(r.ntags, c->ntags, "%s: ntags", c->name);
	is_int(r.second_line, c->second_line, "%s: second line", c->name);
	scan_result_release(&r);
	ok(r.expr == NULL, "%s: release clears expr", c->name);
}

static void check_names(void)
{
	static const char *const want[] = {
		"tagged", "misplaced", "untagged", "invalid", "excluded", "error",
	};
	unsigned i, j, nflags = 0;
	const char *msg[32];

	for (i = 0; i < ST__COUNT; i++)
		is_str(spdx_status_name(i), want[i], "status name %u", i);
	ok(spdx_status_name(ST__COUNT) == NULL, "status name out of range");
	ok(spdx_status_name((enum spdx_status)-1) == NULL, "status name -1");

	for (i = 0; i <= 14; i++) {
		msg[i] = scan_flag_message(1u << i);
		ok(msg[i] && *msg[i], "flag 1<<%u has a message", i);
		nflags++;
	}
	for (i = 0; i < nflags; i++)
		for (j = i + 1; j < nflags; j++)
			if (msg[i] && msg[j] && !strcmp(msg[i], msg[j]))
				ok(0, "flags %u and %u share a message", i, j);
	ok(scan_flag_message(1u << 15) == NULL, "unknown flag has no message");
	ok(scan_flag_message(0) == NULL, "flag 0 has no message");
	is_str(scan_flag_message(SCAN_F_BOM),
	       "UTF-8 byte-order mark before the tag", "BOM message");
	is_str(scan_flag_message(SCAN_F_MULTIPLE), "more than one SPDX tag",
	       "multiple message");
}

/* A head of exactly SCAN_HEAD_BYTES with the tag at its very end. */
static void check_full_head(void)
{
	static char buf[SCAN_HEAD_BYTES];
	const char *tag = "// " TAGL " MIT";
	struct scan_result r;
	size_t n = strlen(tag);

	memset(buf, 'x', sizeof(buf));
	buf[0] = '\n';
	memcpy(buf + sizeof(buf) - n, tag, n);
	buf[sizeof(buf) - n - 1] = '\n';
	is_int(scan_head(buf, sizeof(buf), 1, &r), 0, "full head: returns 0");
	is_int(r.line, 3, "full head: tag on line 3");
	is_str(r.expr, "MIT", "full head: expr at the last byte");
	is_int(r.flags, SCAN_F_TRUNCATED | SCAN_F_PLAIN | SCAN_F_LONG_LINE,
	       "full head: truncated, the tag line may go on");
	scan_result_release(&r);
}

/*
 * Lines of every length from 0 to 40 bytes: a LF, and a CR before it,
 * at every place in the 16-byte blocks split_lines() compares at once.
 * Line 15 holds the tag (MISPLACED, so line 15 is counted right), and a
 * line more before it leaves the file untagged (the 16th line is never
 * looked at).  Each head is scanned as it is and cut short inside its
 * last line.
 */
static void check_line_cuts(void)
{
	static const char tag[] = "# " TAGL " MIT\r\n";
	char buf[1024];
	struct scan_result r;
	int bad = 0;

	for (int len = 0; len <= 40; len++) {
		for (int extra = 0; extra <= 1; extra++) {
			size_t n = 0;

			for (int line = 1; line < 15 + extra; line++) {
				memset(buf + n, line == 1 ? 'a' : 'b',
				       line == 1 ? len : (len + line) % 23);
				n += line == 1 ? len : (len + line) % 23;
				buf[n++] = '\n';
			}
			memcpy(buf + n, tag, sizeof(tag) - 1);
			n += sizeof(tag) - 1;
			/* and a line after it, so that every LF before it
			 * lies in a whole block */
			memcpy(buf + n, "cccccccccccccccc\n", 17);
			for (size_t m = n; m <= n + 17; m += 17) {
				if (scan_head(buf, m, 0, &r) ||
				    r.status != (extra ? ST_UNTAGGED : ST_MISPLACED) ||
				    r.line != (extra ? 0u : 15u) ||
				    r.flags != (extra ? 0u : SCAN_F_CRLF | SCAN_F_PLAIN) ||
				    (!extra && strcmp(r.expr, "MIT")))
					bad++;
				scan_result_release(&r);
			}
			/* cut before the last LF: the tag line may go on; a
			 * 16th line is still not read */
			if (scan_head(buf, n - 1, 1, &r) ||
			    r.line != (extra ? 0u : 15u) ||
			    r.flags != (extra ? 0u : SCAN_F_TRUNCATED |
					SCAN_F_LONG_LINE | SCAN_F_PLAIN))
				bad++;
			scan_result_release(&r);
		}
	}
	is_int(bad, 0, "lines of 0 to 40 bytes: line 15 found, CRLF seen, "
	       "line 16 never read");
}

/* SCAN_F_PLAIN: the tag line in checkpatch.pl's form, and near misses. */
static void check_plain(void)
{
	static const struct {
		const char *in;
		int plain;
	} t[] = {
		{ "// " TAGL " GPL-2.0\n", 1 },
		{ "/* " TAGL " GPL-2.0 */\n", 1 },
		{ "# " TAGL " GPL-2.0\n", 1 },
		{ ".. " TAGL " GPL-2.0\n", 1 },
		{ "#!/bin/sh\n# " TAGL " GPL-2.0\n", 1 },
		{ "// " TAGL "  GPL-2.0\n", 1 },	/* checkpatch: a prefix */
		{ "/*\n * " TAGL " GPL-2.0\n */\n", 0 },	/* indented */
		{ "//" TAGL " GPL-2.0\n", 0 },
		{ "//  " TAGL " GPL-2.0\n", 0 },
		{ "//\t" TAGL " GPL-2.0\n", 0 },
		{ " // " TAGL " GPL-2.0\n", 0 },
		{ "// " TAGL "GPL-2.0\n", 0 },
		{ "// " TAGL "\tGPL-2.0\n", 0 },
		{ "// " TAGL "\n", 0 },
		{ "// " TAGL " \n", 1 },
		{ TAGL " GPL-2.0\n", 0 },
		{ "\357\273\277// " TAGL " GPL-2.0\n", 0 },	/* BOM */
		{ "\357\273\277\n// " TAGL " GPL-2.0\n", 1 },
		/* the form only: which leader is right is the caller's */
		{ "int x; // " TAGL " GPL-2.0\n", 1 },
	};
	struct scan_result r;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (scan_head(t[i].in, strlen(t[i].in), 0, &r)) {
			ok(0, "plain %zu: scan", i);
			continue;
		}
		is_int(!!(r.flags & SCAN_F_PLAIN), t[i].plain, "plain %zu: %s", i,
		       t[i].plain ? "plain" : "not plain");
		scan_result_release(&r);
	}
}

/* ---- part 2: the real kernel tree ---- */

struct tree_stats {
	FILE *out;
	unsigned long files, empty, st[ST__COUNT], lor, bom, near, multi;
	unsigned long read_errors, flag[13];
	struct leader_count { char leader[16]; unsigned long n; } lead[64];
	unsigned nlead;
};

static struct tree_stats ts;

/* Lowercase "or" as an operator word, as the awk mimic tests it. */
static int has_lower_or(const char *e)
{
	const char *p;

	for (p = e; (p = strstr(p, "or")); p++) {
		int before = p == e || p[-1] == ' ' || p[-1] == '\t' || p[-1] == '(';
		int after = !p[2] || p[2] == ' ' || p[2] == '\t' || p[2] == ')';

		if (before && after)
			return 1;
	}
	return 0;
}

static void count_leader(const char *leader)
{
	unsigned i;

	for (i = 0; i < ts.nlead; i++)
		if (!strcmp(ts.lead[i].leader, leader))
			break;
	if (i == ts.nlead) {
		if (ts.nlead == sizeof(ts.lead) / sizeof(ts.lead[0]))
			return;
		strcpy(ts.lead[ts.nlead++].leader, leader);
	}
	ts.lead[i].n++;
}

static int read_head(const char *path, char *buf, size_t *len, int *truncated)
{
	struct stat st;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_NOFOLLOW);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		close(fd);
		return -errno;
	}
	*len = 0;
	while (*len < SCAN_HEAD_BYTES) {
		n = read(fd, buf + *len, SCAN_HEAD_BYTES - *len);
		if (n < 0) {
			close(fd);
			return -errno;
		}
		if (n == 0)
			break;
		*len += n;
	}
	*truncated = st.st_size > (off_t)*len;
	close(fd);
	return 0;
}

static int visit(const char *path, const struct stat *sb, int type,
		 struct FTW *ftw)
{
	static char buf[SCAN_HEAD_BYTES];
	struct scan_result r;
	size_t len = 0;
	int trunc = 0, lor;
	unsigned i;

	if (type == FTW_D && !strcmp(path + ftw->base, ".git"))
		return FTW_SKIP_SUBTREE;
	if (type != FTW_F || !S_ISREG(sb->st_mode))
		return FTW_CONTINUE;
	ts.files++;
	if (read_head(path, buf, &len, &trunc) < 0) {
		ts.read_errors++;
		return FTW_CONTINUE;
	}
	if (scan_head(buf, len, trunc, &r) < 0) {
		ts.read_errors++;
		return FTW_CONTINUE;
	}
	ts.st[r.status]++;
	for (i = 0; i < 13; i++)
		ts.flag[i] += !!(r.flags & (1u << i));
	lor = r.expr && has_lower_or(r.expr);
	ts.lor += lor;
	ts.bom += !!(r.flags & SCAN_F_BOM);
	ts.near += !!(r.flags & SCAN_F_NEAR_MISS);
	ts.multi += !!(r.flags & SCAN_F_MULTIPLE);
	if (r.status != ST_UNTAGGED)
		count_leader(r.leader);
	if (!len)
		ts.empty++;	/* awk never sees an empty file */
	else
		fprintf(ts.out, "%s\t%u\t%u\t%d\t%d\t%d\t%s\t%s\t%s\n",
			spdx_status_name(r.status), r.line, r.ntags,
			!!(r.flags & SCAN_F_NEAR_MISS), lor,
			!!(r.flags & SCAN_F_BOM), r.leader,
			r.expr ? r.expr : "", path);
	scan_result_release(&r);
	return FTW_CONTINUE;
}

/*
 * The independent mimic: spdxcheck.py's rule over the first 15 lines of
 * the first 4096 bytes, written from the spec in awk, one record a file.
 */
static const char mimic_awk[] =
	"function out() {\n"
	"	if (fname == \"\") return\n"
	"	st = tl == 0 ? \"untagged\" : tl == conv ? \"tagged\" : \"misplaced\"\n"
	"	printf \"%s\\t%d\\t%d\\t%d\\t%d\\t%d\\t%s\\t%s\\t%s\\n\", st, tl, nt, nm, lor, bom, substr(ld, 1, 15), ex, fname\n"
	"}\n"
	"function rtrim(s) { sub(/[ \\t\\r\\v\\f]+$/, \"\", s); return s }\n"
	"FNR == 1 { out(); fname = FILENAME; off = 0; conv = 1; tl = 0; nt = 0; nm = 0; lor = 0; bom = 0; ld = \"\"; ex = \"\" }\n"
	"{\n"
	"	if (off >= 4096 || FNR > 15) nextfile\n"
	"	l = substr($0, 1, 4096 - off); off += length($0) + 1\n"
	"	if (FNR == 1 && substr(l, 1, 3) == \"\\357\\273\\277\") { l = substr(l, 4); bom = 1 }\n"
	"	if (FNR == 1 && (substr(l, 1, 2) == \"#!\" || substr(l, 1, 5) == \"<?xml\")) conv = 2\n"
	"	c = l; gsub(/SPDX-License-Identifier:/, \"\", c)\n"
	"	if (tolower(c) ~ /spdx[-_]license[-_]identifier/) nm = 1\n"
	"	p = index(l, \"SPDX-License-Identifier:\")\n"
	"	if (p == 0) next\n"
	"	if (++nt > 1) next\n"
	"	tl = FNR; ld = substr(l, 1, p - 1); gsub(/^[ \\t\\r\\v\\f]+|[ \\t\\r\\v\\f]+$/, \"\", ld)\n"
	"	e = substr(l, p + 24); sub(/^[ \\t\\r\\v\\f]+/, \"\", e); e = rtrim(e)\n"
	"	if (e ~ /\\*\\/$/) e = rtrim(substr(e, 1, length(e) - 2))\n"
	"	if (e ~ /-->$/) e = rtrim(substr(e, 1, length(e) - 3))\n"
	"	if (e ~ /#}$/) e = rtrim(substr(e, 1, length(e) - 2))\n"
	"	if (ld == \"LIST \\\"\" && e ~ /\"$/) e = rtrim(substr(e, 1, length(e) - 1))\n"
	"	ex = e\n"
	"	if (e ~ /(^|[ \\t(])or([ \\t)]|$)/) lor = 1\n"
	"}\n"
	"END { out() }\n";

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -errno : 0;
}

/* Run @cmd and parse "name value" lines into @vals by @names. */
static int run_facts(const char *cmd, const char *const *names,
		     unsigned long *vals, unsigned n)
{
	char line[512], name[64];
	unsigned long v;
	unsigned i;
	FILE *p = popen(cmd, "r");

	if (!p)
		return -errno;
	while (fgets(line, sizeof(line), p)) {
		if (sscanf(line, "%63s %lu", name, &v) != 2)
			continue;
		for (i = 0; i < n; i++)
			if (!strcmp(name, names[i]))
				vals[i] = v;
	}
	return pclose(p) == 0 ? 0 : -EIO;
}

static void show_leaders(void)
{
	unsigned i, j;

	for (i = 0; i < ts.nlead; i++)
		for (j = i + 1; j < ts.nlead; j++)
			if (ts.lead[j].n > ts.lead[i].n) {
				struct leader_count t = ts.lead[i];

				ts.lead[i] = ts.lead[j];
				ts.lead[j] = t;
			}
	printf("# leaders of tagged and misplaced files:\n");
	for (i = 0; i < ts.nlead; i++)
		printf("#   %7lu  '%s'\n", ts.lead[i].n, ts.lead[i].leader);
}

static void check_tree(const char *root)
{
	static const char *const names[] = {
		"files", "tagged", "misplaced", "lor", "bom", "near", "multi",
		"diffs",
	};
	unsigned long want[8];
	char dir[] = "/tmp/test_scan.XXXXXX", cmd[4096], path[128];
	unsigned i;
	int err;

	for (i = 0; i < 8; i++)
		want[i] = -1ul;	/* a fact the pipeline did not print fails */
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp: %s", strerror(errno));
		return;
	}
	if (chdir(root) < 0) {
		ok(0, "chdir %.200s: %s", root, strerror(errno));
		return;
	}
	snprintf(path, sizeof(path), "%s/scan.txt", dir);
	ts.out = fopen(path, "w");
	if (!ts.out) {
		ok(0, "fopen %s", path);
		return;
	}
	err = nftw(".", visit, 64, FTW_PHYS | FTW_ACTIONRETVAL);
	fclose(ts.out);
	is_int(err, 0, "walked %.200s", root);
	is_int(ts.read_errors, 0, "no read or scan errors");

	snprintf(path, sizeof(path), "%s/mimic.awk", dir);
	is_int(write_file(path, mimic_awk), 0, "wrote the awk mimic");
	snprintf(cmd, sizeof(cmd),
		 "set -e; export LC_ALL=C; D='%s'\n"
		 "find . -path ./.git -prune -o -type f -print0 | xargs -0 awk -f \"$D/mimic.awk\" > \"$D/awk.txt\"\n"
		 "echo files $(find . -path ./.git -prune -o -type f -print | wc -l)\n"
		 "awk -F'\\t' '{ n[$1]++; lor += $5; bom += $6; near += $4; multi += ($3 > 1) }"
		 " END { print \"tagged\", n[\"tagged\"] + 0; print \"misplaced\", n[\"misplaced\"] + 0;"
		 " print \"lor\", lor + 0; print \"bom\", bom + 0; print \"near\", near + 0;"
		 " print \"multi\", multi + 0 }' \"$D/awk.txt\"\n"
		 "sort \"$D/awk.txt\" > \"$D/a\"; sort \"$D/scan.txt\" > \"$D/b\"\n"
		 "echo diffs $(diff \"$D/a\" \"$D/b\" | grep -c '^[<>]' || true)\n"
		 "diff \"$D/a\" \"$D/b\" | head -20 | sed 's/^/# /' >&2 || true\n",
		 dir);
	is_int(run_facts(cmd, names, want, 8), 0, "ran the shell pipeline");

	is_int(ts.files, want[0], "tree: regular files (find)");
	is_int(ts.st[ST_TAGGED], want[1], "tree: tagged files");
	is_int(ts.st[ST_MISPLACED], want[2], "tree: misplaced files");
	is_int(ts.st[ST_UNTAGGED], want[0] - want[1] - want[2],
	       "tree: untagged files (the rest)");
	is_int(ts.lor, want[3], "tree: files with a lowercase 'or'");
	is_int(ts.bom, want[4], "tree: files with a BOM");
	is_int(ts.near, want[5], "tree: files with a near-miss spelling");
	is_int(ts.multi, want[6], "tree: files with several tags");
	is_int(want[7], 0, "tree: every file agrees with the awk mimic");
	ok(ts.st[ST_TAGGED] > 0, "tree: found tagged files");

	printf("# files %lu (empty %lu): tagged %lu misplaced %lu untagged %lu\n",
		ts.files, ts.empty, ts.st[ST_TAGGED], ts.st[ST_MISPLACED],
		ts.st[ST_UNTAGGED]);
	printf("# lowercase or %lu, bom %lu, near miss %lu, multiple %lu\n",
		ts.lor, ts.bom, ts.near, ts.multi);
	show_leaders();
	printf("# files per flag:\n");
	for (i = 0; i < 13; i++)
		printf("#   %7lu  %s\n", ts.flag[i], scan_flag_message(1u << i));

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

int main(void)
{
	char buf[PATH_MAX];
	const char *root = fixture_kernel_tree(buf, sizeof(buf));
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i]);
	check_names();
	check_full_head();
	check_line_cuts();
	check_plain();

	if (getenv("SPDXFS_SKIP_TREE"))
		root = NULL;
	if (!root)
		ok(1, "# skip no kernel tree");
	else
		check_tree(root);
	return tap_done();
}
