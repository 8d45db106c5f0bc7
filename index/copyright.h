/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * copyright: the copyright statements in the head of one file.
 *
 * A pure function over a buffer, as scan.h's scan_head(): no I/O, the
 * one string it returns malloc'd (copyright_result_release()).
 * Thread-safe.
 *
 * Where it looks (the region):
 *  - a head holding a NUL byte is binary: no statement, nothing more;
 *  - the first SCAN_MAXLINES lines (scan.h), whatever they hold; and
 *  - the comment going on at the last of them, however long: the lines
 *    after it while each is blank or a comment line: inside a block
 *    comment ("/" "*" to "*" "/", "<!--" to "-->", "{#" to "#}"), or,
 *    after white space, starting with a line comment leader: "//", "*",
 *    "#" not followed by a letter ("#include" is code), ";", "--", "%",
 *    "dnl", "!", "@", "REM", ".\\\"", or ".." (with the indented lines
 *    after it, rst); a "#!" or "<?xml" line 1 counts as one.  The first
 *    other line ends it, and so does a line closing a block comment with
 *    code after the closer.
 * copyright_result.more says the buffer of a file that goes on ended
 * before that: within the first SCAN_MAXLINES lines or in that comment.
 * A caller may read further (the index reads up to COPYRIGHT_MAX_BYTES,
 * a step at a time while copyright_found.settled is not said) and scan
 * again, or go on with copyright_scanner_feed().  A NUL byte past what
 * was read is not looked for: a file whose statements were settled
 * before it is not binary for them.
 *
 * What starts a statement, the first of these on a line of the region
 * (words at word boundaries, "copyright" in any case):
 *  - "SPDX-FileCopyrightText:": the statement is the text after it;
 *  - "Copyright" or "COPYRIGHT", then optionally ":", "(c)", "(C)" or
 *    "©", then a year or a holder: anything but the end of the line
 *    or a word saying the line is about copyright rather than a notice
 *    ("notice", "holder", "owner", "law", "and", "of", ...); lowercase
 *    "copyright" only with "(c)", "©" or a digit next;
 *  - "(c)" or "(C)" followed by a year or by "Copyright" ("(C) Copyright
 *    2002 IBM"), or by a word on a line that holds a year, 19xx or 20xx
 *    ("(c) Rebel.com, 1998-1999"; "(c) You must" is no notice);
 *  - "©" followed by anything;
 *  - "Copr." followed by white space.
 * The statement is the text from there (the tag left out) to the end
 * of the line, and takes the next lines of the region as continuations
 * while each is not blank once its comment leader is taken away, holds
 * no statement of its own, does not start with "All rights reserved",
 * and either the statement so far names no holder yet (nothing but
 * years after its marker) or ends in ",", "&" or "and", or the line's
 * text starts (tabs at multiples of 8) at or right of the column where
 * the holder starts on the statement's first line, as an aligned list
 * of authors does; at most COPYRIGHT_MAX_CONT of them.
 *
 * Each statement is cleaned: comment leaders of continuations and
 * closers ("*" "/", "-->", "#}") at line ends go, runs of white space
 * and control characters become one space, a trailing "All rights
 * reserved" (any case, with its "."), and the "," or ";" before it, is
 * cut, as is white space at both ends; e-mail addresses and everything
 * else stay as written.  Bytes that are not UTF-8 are read as Latin-1
 * (old files say "J\xf6rg") and written as UTF-8, so every statement is
 * valid UTF-8.  A statement with no letter or digit after its marker is
 * dropped.  A statement is cut, at a character boundary, to
 * COPYRIGHT_MAX_STMT bytes; at most COPYRIGHT_MAX_STATEMENTS per file,
 * in file order, each kept once (an exact repeat is dropped).
 */
#ifndef SPDXFS_COPYRIGHT_H
#define SPDXFS_COPYRIGHT_H

#include <stddef.h>

#define COPYRIGHT_MAX_BYTES	16384	/* the most the index reads for a
					   leading comment block longer than
					   the head it read for the tag */
#define COPYRIGHT_MAX_STMT	512
#define COPYRIGHT_MAX_STATEMENTS 64
#define COPYRIGHT_MAX_CONT	4

struct copyright_result {
	char *text;		/* the statements joined by "\n" (none ends
				   in one); NULL when there is none;
				   malloc'd */
	unsigned n;		/* statements in text */
	int more;		/* the leading comment block reaches the end
				   of a buffer the file goes on past */
};

/*
 * The statements in @len bytes at @buf, the head of a file; @truncated
 * says the file goes on past @len.  Fills @out; returns 0 or -ENOMEM.
 */
int copyright_scan(const char *buf, size_t len, int truncated,
		   struct copyright_result *out);

void copyright_result_release(struct copyright_result *res);

/*
 * The same scan of a head that may be read further: a first call with
 * the bytes read, and when they call for more (copyright_found.more),
 * another with more of the file, its first bytes those of the call
 * before.  Each call gives what copyright_scan() would of its buffer,
 * without scanning again the lines it settled before (the ones ending
 * in an LF, in a scope going on past them).  One scanner serves one
 * file at a time, on one thread; it is reused for the next after
 * copyright_scanner_start().
 */
struct copyright_scanner;

struct copyright_found {
	const char *text;	/* as copyright_result's, but the
				   scanner's: valid until its next call */
	unsigned n;
	int more;
	int settled;		/* no byte after the buffer could change
				   text: the file ends with it, or the
				   scope ended on a line that ends in it
				   (a NUL further on aside) */
};

struct copyright_scanner *copyright_scanner_new(void);	/* NULL: ENOMEM */
void copyright_scanner_free(struct copyright_scanner *cs);

/* Start on a new file, whose first @text bytes are known to hold no NUL
 * byte (scan.h: a head not SCAN_F_BINARY), or 0. */
void copyright_scanner_start(struct copyright_scanner *cs, size_t text);

/* As copyright_scan() into @out; @len is at least that of the call
 * before since copyright_scanner_start().  Returns 0 or -ENOMEM. */
int copyright_scanner_feed(struct copyright_scanner *cs, const char *buf,
			   size_t len, int truncated,
			   struct copyright_found *out);

#endif
