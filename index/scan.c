// SPDX-License-Identifier: GPL-2.0-only
/*
 * scan: find the SPDX tag in the head of one file, following
 * scripts/spdxcheck.py (first SCAN_MAXLINES lines, first line containing
 * the tag name followed by a colon) and Documentation/process/license-rules.rst
 * (placement and comment style).  Pure: no I/O, no per-line allocation.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

#define TAG		"SPDX-License-" "Identifier:"	/* split: not a tag here */
#define TAG_LEN		(sizeof(TAG) - 1)
/* "spdx-license-identifier" without the colon */
#define STEM_LEN	(TAG_LEN - 1)

/* One line of the head: [start, end), end excludes LF and a CR before it. */
struct line {
	const char *start;
	const char *end;
	int crlf;
};

/*
 * Comment leaders found in front of tags in the 6.1 tree, plus the usual
 * ones of file types the tree may grow (m4, batch, jinja, sql, ini, and
 * roff's ".\"" for man pages).
 * "*" is the continuation of a block comment (tag on line 2 of a C block comment).
 * "@" and "!" are the ARM and SuperH assembler comment characters.
 * Left out on purpose: "" (a bare tag in plain text, used by 6 zh_TW .txt
 * files, LICENSES/ and COPYING), "." (a broken rst comment) and "#//"
 * (a doubled leader in drivers/scsi/elx/Makefile).
 */
static const char *const known_leaders[] = {
	"//", "/*", "*", "#", "..", "%", ";", "--", "<!--", "{#",
	"LIST \"", "!", "@", "dnl", "REM", "@REM",
	".\\\"",
};

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

static int has_prefix(const char *s, const char *e, const char *p)
{
	size_t n = strlen(p);

	return (size_t)(e - s) >= n && !memcmp(s, p, n);
}

static int has_suffix(const char *s, const char *e, const char *p)
{
	size_t n = strlen(p);

	return (size_t)(e - s) >= n && !memcmp(e - n, p, n);
}

/* Case-insensitive compare of @n bytes of @s with lowercase @p. */
static int ci_eq(const char *s, const char *p, size_t n)
{
	while (n--)
		if (lower(*s++) != *p++)
			return 0;
	return 1;
}

static int is_dash(char c)
{
	return c == '-' || c == '_';
}

/*
 * A near miss: "spdx[-_]license[-_]identifier" in any case that is not the
 * exact tag with its colon, e.g. "SPDX-License_Identifier:" or
 * "SPDX-License-Identifier GPL-2.0".  Is there one at @p, before @e?
 */
static int near_miss_at(const char *p, const char *e)
{
	if (e - p < (long)STEM_LEN || !ci_eq(p, "spdx", 4) || !is_dash(p[4]) ||
	    !ci_eq(p + 5, "license", 7) || !is_dash(p[12]) ||
	    !ci_eq(p + 13, "identifier", 10))
		return 0;
	return !(e - p >= (long)TAG_LEN && !memcmp(p, TAG, TAG_LEN));
}

/* Strict UTF-8: no overlongs, no surrogates, nothing above U+10FFFF. */
static int valid_utf8(const unsigned char *s, const unsigned char *e)
{
	while (s < e) {
		unsigned c = *s, n, min, cp, i;
		uint64_t eight;

		if (e - s >= 8 && (memcpy(&eight, s, 8),
				   !(eight & 0x8080808080808080ull))) {
			s += 8;		/* eight ASCII bytes */
			continue;
		}
		if (c < 0x80) {
			s++;
			continue;
		}
		if ((c & 0xe0) == 0xc0) {
			n = 1, min = 0x80, cp = c & 0x1f;
		} else if ((c & 0xf0) == 0xe0) {
			n = 2, min = 0x800, cp = c & 0x0f;
		} else if ((c & 0xf8) == 0xf0) {
			n = 3, min = 0x10000, cp = c & 0x07;
		} else {
			return 0;
		}
		if ((size_t)(e - s) <= n)
			return 0;
		for (i = 1; i <= n; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		s += n + 1;
	}
	return 1;
}

static int leader_is_known(const char *s, const char *e)
{
	size_t i, n = e - s;

	for (i = 0; i < sizeof(known_leaders) / sizeof(known_leaders[0]); i++)
		if (strlen(known_leaders[i]) == n &&
		    !memcmp(known_leaders[i], s, n))
			return 1;
	return 0;
}

static void trim(const char **s, const char **e)
{
	while (*s < *e && is_blank(**s))
		(*s)++;
	while (*e > *s && is_blank((*e)[-1]))
		(*e)--;
}

/* Does [s, e) contain @needle?  For a few bytes: memmem() would spend
 * more on setting up than on searching. */
static int has(const char *s, const char *e, const char *needle)
{
	size_t n = strlen(needle);

	for (; e - s >= (long)n; s++)
		if (*s == *needle && !memcmp(s, needle, n))
			return 1;
	return 0;
}

/* Does the trimmed leader [s, e) contain @opener? */
static int leader_has(const char *s, const char *e, const char *opener)
{
	return has(s, e, opener);
}

/*
 * Strip @term from the end of the expression [s, *e) if present; flag it
 * as stray when @legit is false.  Returns 1 if something was stripped.
 */
static int strip_term(const char *s, const char **e, const char *term,
		      int legit, unsigned *flags)
{
	if (!has_suffix(s, *e, term))
		return 0;
	*e -= strlen(term);
	while (*e > s && is_blank((*e)[-1]))
		(*e)--;
	if (!legit)
		*flags |= SCAN_F_STRAY_TERM;
	return 1;
}

/*
 * Fill leader, expr, col and the per-line flags from the tag line @ln whose
 * tag starts at @tag.  Returns 0 or -ENOMEM.
 */
static int parse_tag_line(const struct line *ln, const char *tag,
			  struct scan_result *out)
{
	const char *ls = ln->start, *le = tag;
	const char *es = tag + TAG_LEN, *ee = ln->end;
	int block, xml, jinja;
	size_t n;

	if (ln->crlf)
		out->flags |= SCAN_F_CRLF;
	if (!valid_utf8((const unsigned char *)ln->start,
			(const unsigned char *)ln->end))
		out->flags |= SCAN_F_NOT_UTF8;

	trim(&ls, &le);
	n = le - ls;
	if (n >= sizeof(out->leader))
		n = sizeof(out->leader) - 1;
	memcpy(out->leader, ls, n);
	out->leader[n] = '\0';
	if (!leader_is_known(ls, le))
		out->flags |= SCAN_F_BAD_LEADER;
	/* a BOM before line 1 is part of that line for checkpatch.pl */
	if (ls == ln->start && le > ls && tag - le == 1 && *le == ' ' &&
	    tag + TAG_LEN < ln->end && tag[TAG_LEN] == ' ' &&
	    !(out->line == 1 && (out->flags & SCAN_F_BOM)))
		out->flags |= SCAN_F_PLAIN;

	block = leader_has(ls, le, "/*") || (le > ls && *ls == '*');
	xml = leader_has(ls, le, "<!--");
	jinja = leader_has(ls, le, "{#");
	if (leader_has(ls, le, "/*") && !has(tag, ln->end, "*/"))
		out->flags |= SCAN_F_UNCLOSED;

	trim(&es, &ee);
	strip_term(es, &ee, "*/", block, &out->flags);
	strip_term(es, &ee, "-->", xml, &out->flags);
	strip_term(es, &ee, "#}", jinja, &out->flags);
	if (le - ls == 6 && !memcmp(ls, "LIST \"", 6) && has_suffix(es, ee, "\""))
		ee--;
	trim(&es, &ee);

	if (es == ee)
		out->flags |= SCAN_F_EMPTY_EXPR;
	out->col = es - ln->start;
	out->expr = malloc(ee - es + 1);
	if (!out->expr)
		return -ENOMEM;
	memcpy(out->expr, es, ee - es);
	out->expr[ee - es] = '\0';
	return 0;
}

/*
 * Cut the first SCAN_MAXLINES lines out of [pos, end) into @lines; returns
 * how many, and counts those a LF ended in *complete.
 */
static unsigned split_lines(const char *pos, const char *end,
			    struct line *lines, unsigned *complete)
{
	unsigned n = 0;

	*complete = 0;
	while (n < SCAN_MAXLINES && pos < end) {
		const char *nl = memchr(pos, '\n', end - pos);
		struct line *ln = &lines[n++];

		ln->start = pos;
		ln->end = nl ? nl : end;
		ln->crlf = nl && nl > pos && nl[-1] == '\r';
		ln->end -= ln->crlf;
		if (!nl)
			break;
		++*complete;
		pos = nl + 1;
	}
	return n;
}

int scan_head(const char *buf, size_t len, int truncated,
	      struct scan_result *out)
{
	const char *pos = buf, *end = buf + len, *p;
	struct line lines[SCAN_MAXLINES];
	unsigned n, i = 0, conv = 1, complete_lines, tagline = 0, last = 0;
	const char *tag = NULL;

	memset(out, 0, sizeof(*out));
	out->status = ST_UNTAGGED;
	if (len && memchr(buf, '\0', len))
		out->flags |= SCAN_F_BINARY;
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3)) {
		pos += 3;
		out->flags |= SCAN_F_BOM;
	}
	n = split_lines(pos, end, lines, &complete_lines);
	if (n && has_prefix(lines[0].start, lines[0].end, "#!")) {
		conv = 2;
		out->flags |= SCAN_F_SHEBANG;
	} else if (n && has_prefix(lines[0].start, lines[0].end, "<?xml")) {
		conv = 2;
		out->flags |= SCAN_F_XMLDECL;
	}
	end = n ? lines[n - 1].end : pos;

	/*
	 * Every tag and near miss has the x of "spdx" at its fourth byte, a
	 * tag an 'X': memchr() finds the few candidates, so no byte-by-byte
	 * pass and no memmem().  Neither spans lines; a line holding two
	 * tags counts once.
	 */
	for (p = pos + 3; p < end && (p = memchr(p, 'X', end - p)); p++) {
		const char *t = p - 3;

		if (end - t < (long)TAG_LEN || memcmp(t, TAG, TAG_LEN)) {
			if (near_miss_at(t, end))
				out->flags |= SCAN_F_NEAR_MISS;
			continue;
		}
		while (lines[i].end < t + TAG_LEN)
			i++;
		if (i + 1 == last)
			continue;	/* this line has been counted */
		last = i + 1;
		if (++out->ntags == 1) {
			tag = t;
			tagline = i;
			out->line = i + 1;
		} else if (out->ntags == 2) {
			out->second_line = i + 1;
		}
	}
	for (p = pos + 3; !(out->flags & SCAN_F_NEAR_MISS) && p < end &&
	     (p = memchr(p, 'x', end - p)); p++)
		if (near_miss_at(p - 3, end))
			out->flags |= SCAN_F_NEAR_MISS;
	if (truncated && complete_lines < SCAN_MAXLINES)
		out->flags |= SCAN_F_TRUNCATED;
	if (out->ntags > 1)
		out->flags |= SCAN_F_MULTIPLE;
	if (!tag)
		return 0;
	out->status = out->line == conv ? ST_TAGGED : ST_MISPLACED;
	return parse_tag_line(&lines[tagline], tag, out);
}

void scan_result_release(struct scan_result *res)
{
	if (!res)
		return;
	free(res->expr);
	res->expr = NULL;
}

const char *spdx_status_name(enum spdx_status st)
{
	static const char *const names[ST__COUNT] = {
		[ST_TAGGED]	= "tagged",
		[ST_MISPLACED]	= "misplaced",
		[ST_UNTAGGED]	= "untagged",
		[ST_INVALID]	= "invalid",
		[ST_EXCLUDED]	= "excluded",
		[ST_ERROR]	= "error",
	};

	if ((unsigned)st >= ST__COUNT)
		return NULL;
	return names[st];
}

const char *scan_flag_message(enum scan_flag flag)
{
	switch (flag) {
	case SCAN_F_BOM:
		return "UTF-8 byte-order mark before the tag";
	case SCAN_F_CRLF:
		return "tag line ends in CRLF";
	case SCAN_F_BINARY:
		return "NUL byte in the file head (binary file)";
	case SCAN_F_SHEBANG:
		return "line 1 is a #! line, the tag belongs on line 2";
	case SCAN_F_XMLDECL:
		return "line 1 is an <?xml declaration, the tag belongs on line 2";
	case SCAN_F_MULTIPLE:
		return "more than one SPDX tag";
	case SCAN_F_STRAY_TERM:
		return "comment terminator left on a line that did not open it";
	case SCAN_F_UNCLOSED:
		return "/* comment not closed on the tag line";
	case SCAN_F_NEAR_MISS:
		return "misspelled tag, e.g. SPDX-License_Identifier";
	case SCAN_F_EMPTY_EXPR:
		return "nothing after SPDX-License-Identifier:";
	case SCAN_F_NOT_UTF8:
		return "tag line is not valid UTF-8";
	case SCAN_F_TRUNCATED:
		return "file head ended before line 15";
	case SCAN_F_BAD_LEADER:
		return "tag not preceded by a known comment leader";
	case SCAN_F_PLAIN:
		return "tag line in the form checkpatch.pl wants";
	}
	return NULL;
}
