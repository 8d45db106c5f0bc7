/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scan: find the SPDX tag in the head of one file.
 *
 * A pure function over a buffer: no I/O, no allocation that outlives the
 * call except the strings it returns in struct scan_result (freed with
 * scan_result_release()).  Thread-safe.
 *
 * The rules are those of the kernel's Documentation/process/license-rules.rst
 * and scripts/spdxcheck.py:
 *  - a tag is a line containing the tag name and a colon (exact case)
 *    within the first SCAN_MAXLINES lines;
 *  - the conventional line is 1, or 2 when line 1 is a "#!" line or an
 *    "<?xml" declaration;
 *  - the first tag found decides the status: TAGGED on the conventional
 *    line, MISPLACED on any other line; no tag: UNTAGGED.
 * INVALID and EXCLUDED are decided later by the index (expression
 * validation, scripts/spdxexclude); ERROR marks a file that could not be
 * read.
 *
 * Details scan.c settles: a UTF-8 BOM is skipped and columns count from
 * after it; NEAR_MISS looks at all SCAN_MAXLINES lines, tag or not;
 * TRUNCATED means fewer than SCAN_MAXLINES LF-terminated lines fit in the
 * head of a longer file; LONG_LINE says reading more could change the
 * result; BAD_LEADER is set for anything but "//", "/" "*",
 * "*", "#", "..", "%", ";", "--", "<!--", "{#", "LIST \"", "!", "@",
 * "dnl", "REM", "@REM", ".\\\"" -- so also for an empty leader (a bare
 * tag in a text file), "." and "#//".
 */
#ifndef SPDXFS_SCAN_H
#define SPDXFS_SCAN_H

#include <stddef.h>
#include <stdint.h>

#define SCAN_MAXLINES	15	/* as scripts/spdxcheck.py's default -m */
#define SCAN_FIRST_BYTES 1024	/* what the index reads of a file first:
				   99.8% of the 6.1 tree's files have their
				   SCAN_MAXLINES lines in it */
#define SCAN_HEAD_BYTES	4096	/* what it reads when they are not (the
				   scan says SCAN_F_TRUNCATED) */
#define SCAN_LINE_MAX	65536	/* the most it reads to finish the line
				   that decides the status, since spdxcheck
				   reads whole lines (SCAN_F_LONG_LINE); a
				   tag line longer than that is an error */

enum spdx_status {
	ST_TAGGED,
	ST_MISPLACED,
	ST_UNTAGGED,
	ST_INVALID,
	ST_EXCLUDED,
	ST_ERROR,
	ST__COUNT
};

/* Diagnostic flags (struct scan_result.flags). */
enum scan_flag {
	SCAN_F_BOM		= 1u << 0,  /* UTF-8 byte-order mark skipped */
	SCAN_F_CRLF		= 1u << 1,  /* tag line ends in CRLF */
	SCAN_F_BINARY		= 1u << 2,  /* NUL byte in the bytes read (the
					       first 1 KiB, or up to 4 KiB
					       when 15 lines need more) */
	SCAN_F_SHEBANG		= 1u << 3,  /* line 1 is "#!" */
	SCAN_F_XMLDECL		= 1u << 4,  /* line 1 is "<?xml" */
	SCAN_F_MULTIPLE		= 1u << 5,  /* more than one tag line */
	SCAN_F_STRAY_TERM	= 1u << 6,  /* "*" "/", "-->" or "#}" with no
					       matching opener on the line */
	SCAN_F_UNCLOSED		= 1u << 7,  /* "/" "*" not closed on the tag line */
	SCAN_F_NEAR_MISS	= 1u << 8,  /* e.g. "SPDX-License_Identifier" */
	SCAN_F_EMPTY_EXPR	= 1u << 9,  /* tag with nothing after the colon */
	SCAN_F_NOT_UTF8		= 1u << 10, /* tag line is not valid UTF-8 */
	SCAN_F_TRUNCATED	= 1u << 11, /* head ended before SCAN_MAXLINES
					       lines and the file is longer */
	SCAN_F_BAD_LEADER	= 1u << 12, /* leader is not a comment leader the
					       tree's file types use */
	SCAN_F_LONG_LINE	= 1u << 13, /* the head ends inside a line that
					       decides the status, the file
					       going on: the tag line, or any
					       of the first SCAN_MAXLINES when
					       no tag was seen; more bytes may
					       change the result */
	SCAN_F_PLAIN		= 1u << 14, /* the tag line starts, at its first
					       byte, with a non-empty leader,
					       one space, the tag and a space:
					       "// SPDX-License-Identifier: ",
					       the form checkpatch.pl wants */
};

struct scan_result {
	enum spdx_status status;	/* TAGGED, MISPLACED or UNTAGGED */
	unsigned flags;			/* enum scan_flag */
	unsigned line;			/* 1-based line of the first tag, 0 if none */
	unsigned col;			/* 0-based column of the expression in
					   that line, in characters as
					   spdxcheck counts them: UTF-8 code
					   points, bytes that do not decode
					   not counted */
	unsigned ntags;			/* tag lines seen in the first
					   SCAN_MAXLINES lines */
	unsigned second_line;		/* line of the second tag, 0 if none */
	char leader[16];		/* comment leader as written, trimmed:
					   "//", "/" "*", "#", "..", "%", ";", "--",
					   "<!--", "{#", "*", "LIST \"", ... */
	char *expr;			/* expression as written, terminators and
					   surrounding white space (Python's
					   str.strip(), as spdxcheck) stripped,
					   a NUL byte replaced by U+FFFD; NULL
					   when untagged; malloc'd */
};

/*
 * Scan @len bytes at @buf, the head of a file.  @truncated says the file
 * continues past @len.  Fills @out; returns 0, or -ENOMEM.
 */
int scan_head(const char *buf, size_t len, int truncated, struct scan_result *out);

void scan_result_release(struct scan_result *res);

/* Short names: "tagged", "misplaced", "untagged", "invalid", "excluded",
 * "error".  NULL for an out-of-range value. */
const char *spdx_status_name(enum spdx_status st);

/* One short human sentence per flag, for diagnostics; NULL if unknown. */
const char *scan_flag_message(enum scan_flag flag);

#endif
