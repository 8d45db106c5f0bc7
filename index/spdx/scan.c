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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "spdx/scan.h"
#include "util/utf8.h"

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
#define LEADER(s)	{ s, sizeof(s) - 1 }
static const struct {
	const char *text;
	size_t len;
} known_leaders[] = {
	LEADER("//"), LEADER("/*"), LEADER("*"), LEADER("#"), LEADER(".."),
	LEADER("%"), LEADER(";"), LEADER("--"), LEADER("<!--"), LEADER("{#"),
	LEADER("LIST \""), LEADER("!"), LEADER("@"), LEADER("dnl"),
	LEADER("REM"), LEADER("@REM"), LEADER(".\\\""),
};

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

static int leader_is_known(const char *s, const char *e)
{
	size_t i, n = e - s;

	for (i = 0; i < sizeof(known_leaders) / sizeof(known_leaders[0]); i++)
		if (known_leaders[i].len == n &&
		    !memcmp(known_leaders[i].text, s, n))
			return 1;
	return 0;
}

/* Is @c one of the ASCII bytes str.strip() takes away? */
static int ascii_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/*
 * Bytes of the white space character at @p (@n bytes left), or 0: what
 * Python's str.strip(), which spdxcheck applies to the expression, takes
 * away.  That is ASCII \t \n \v \f \r, \x1c-\x1f and space, and in
 * UTF-8 U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
 * U+205F and U+3000 (not U+200B or U+FEFF).
 */
static size_t space_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;

	if (*p < 0x80)		/* the usual case: one test settles it */
		return ascii_space(*p);
	if (n >= 2 && p[0] == 0xc2 && (p[1] == 0x85 || p[1] == 0xa0))
		return 2;
	if (n < 3)
		return 0;
	if ((p[0] == 0xe1 && p[1] == 0x9a && p[2] == 0x80) ||
	    (p[0] == 0xe2 && p[1] == 0x80 &&
	     ((p[2] >= 0x80 && p[2] <= 0x8a) || p[2] == 0xa8 || p[2] == 0xa9 ||
	      p[2] == 0xaf)) ||
	    (p[0] == 0xe2 && p[1] == 0x81 && p[2] == 0x9f) ||
	    (p[0] == 0xe3 && p[1] == 0x80 && p[2] == 0x80))
		return 3;
	return 0;
}

/*
 * Trim [*s, *e) of str.strip()'s white space.  Every multi-byte space
 * ends in a byte above 0x7f, so an ASCII last byte is the whole answer.
 */
static void strip_space(const char **s, const char **e)
{
	size_t k;

	while (*s < *e && (k = space_len(*s, *e - *s)))
		*s += k;
	while (*e > *s) {
		unsigned char last = (*e)[-1];

		if (last < 0x80) {
			if (!ascii_space(last))
				return;
			--*e;
			continue;
		}
		for (k = 1; k <= 3 && k <= (size_t)(*e - *s); k++)
			if (space_len(*e - k, k) == k)
				break;
		if (k > 3 || k > (size_t)(*e - *s))
			return;
		*e -= k;
	}
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
 * Strip @term, @n bytes, from the end of the expression [s, *e) if
 * present; flag it as stray when @legit is false.  Returns 1 if something
 * was stripped.
 */
static int strip_term(const char *s, const char **e, const char *term,
		      size_t n, int legit, unsigned *flags)
{
	/* The last byte first: it rules out nearly every expression. */
	if ((size_t)(*e - s) < n || (*e)[-1] != term[n - 1] ||
	    memcmp(*e - n, term, n))
		return 0;
	*e -= n;
	strip_space(&s, e);
	if (!legit)
		*flags |= SCAN_F_STRAY_TERM;
	return 1;
}

/*
 * The expression [s, e) as a C string into *@out, each NUL byte replaced
 * by U+FFFD: a NUL would end the string early ("MIT\0" would read as
 * "MIT"), while the replacement character fails to parse at the NUL's
 * column, as spdxcheck fails it ("Invalid token").
 */
static int copy_expr(const char *s, const char *e, char **out)
{
	size_t nul = 0;
	const char *p;
	char *d;

	for (p = s; (p = memchr(p, '\0', e - p)); p++)
		nul++;
	*out = d = malloc(e - s + 2 * nul + 1);
	if (!d)
		return -ENOMEM;
	if (!nul) {
		*(char *)mempcpy(d, s, e - s) = '\0';
		return 0;
	}
	for (p = s; p < e; p++) {
		if (*p)
			*d++ = *p;
		else
			d = mempcpy(d, "\xef\xbf\xbd", 3);
	}
	*d = '\0';
	return 0;
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
	if (!utf8_valid_span((const unsigned char *)ln->start,
			     ln->end - ln->start))
		out->flags |= SCAN_F_NOT_UTF8;

	strip_space(&ls, &le);
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

	strip_space(&es, &ee);
	strip_term(es, &ee, "*/", 2, block, &out->flags);
	strip_term(es, &ee, "-->", 3, xml, &out->flags);
	strip_term(es, &ee, "#}", 2, jinja, &out->flags);
	if (le - ls == 6 && !memcmp(ls, "LIST \"", 6) && has_suffix(es, ee, "\""))
		ee--;
	strip_space(&es, &ee);

	if (es == ee)
		out->flags |= SCAN_F_EMPTY_EXPR;
	/* the column as spdxcheck counts it: it decodes the line dropping
	 * what does not decode */
	out->col = utf8_chars((const unsigned char *)ln->start, es - ln->start);
	return copy_expr(es, ee, &out->expr);
}

/* Line @ln is [start, nl): a LF ends it, and a CR before that LF is cut. */
static void cut_line(struct line *ln, const char *start, const char *nl)
{
	ln->start = start;
	ln->crlf = nl > start && nl[-1] == '\r';
	ln->end = nl - ln->crlf;
}

/*
 * Cut the first SCAN_MAXLINES lines out of [pos, end) into @lines; returns
 * how many, and counts those a LF ended in *complete.
 *
 * Lines are short (a few dozen bytes in the kernel's heads), so one
 * memchr() call per line costs more in calling than in searching: where
 * SSE2 is there (every x86-64), 16 bytes are compared at a time and each
 * LF taken from the mask, and memchr() only looks at the last few bytes.
 */
static unsigned split_lines(const char *pos, const char *end,
			    struct line *lines, unsigned *complete)
{
	const char *from = pos;	/* where the search for the next LF goes on */
	unsigned n = 0;

	*complete = 0;
#ifdef __SSE2__
	for (; end - from >= 16; from += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)from);
		unsigned m = _mm_movemask_epi8(_mm_cmpeq_epi8(v,
						_mm_set1_epi8('\n')));

		for (; m; m &= m - 1) {
			const char *nl = from + __builtin_ctz(m);

			cut_line(&lines[n++], pos, nl);
			pos = nl + 1;
			if (n == SCAN_MAXLINES) {
				*complete = n;
				return n;
			}
		}
	}
	*complete = n;
#endif
	while (n < SCAN_MAXLINES && pos < end) {
		const char *nl = memchr(from, '\n', end - from);

		if (!nl) {
			lines[n] = (struct line){ pos, end, 0 };
			return n + 1;
		}
		cut_line(&lines[n++], pos, nl);
		++*complete;
		pos = from = nl + 1;
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
	     (p = memchr(p, 'x', end - p)); p++) {
		/* the d of "spdx" first: most x's are in other words */
		if ((p[-1] | 0x20) == 'd' && near_miss_at(p - 3, end))
			out->flags |= SCAN_F_NEAR_MISS;
	}
	if (truncated && complete_lines < SCAN_MAXLINES)
		out->flags |= SCAN_F_TRUNCATED;
	/* More lines may hold the first tag, or the tag line is cut. */
	if ((out->flags & SCAN_F_TRUNCATED) &&
	    (!tag || (tagline == n - 1 && complete_lines < n)))
		out->flags |= SCAN_F_LONG_LINE;
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
	case SCAN_F_LONG_LINE:
		return "line goes on past the bytes read";
	}
	return NULL;
}
