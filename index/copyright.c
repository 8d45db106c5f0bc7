// SPDX-License-Identifier: GPL-2.0-only
/*
 * copyright: the copyright statements of a file's head, by the rules
 * copyright.h states.  Pure: no I/O; the statements are assembled in a
 * buffer on the stack and the result allocated once.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif

#include "copyright.h"
#include "spdx/scan.h"
#include "util/utf8.h"

#define SFCT		"SPDX-FileCopyrightText:"
#define SFCT_LEN	(sizeof(SFCT) - 1)
#define NO_COL		(~0u)

static int is_alpha(unsigned char c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static int is_alnum(unsigned char c)
{
	return is_alpha(c) || is_digit(c);
}

static int is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

static const char *skip_space(const char *s, const char *e)
{
	while (s < e && is_space(*s))
		s++;
	return s;
}

/* [s, e) without white space at its end. */
static const char *trim_end(const char *s, const char *e)
{
	while (e > s && is_space(e[-1]))
		e--;
	return e;
}

/*
 * The helpers below are mostly called with string literals: inlined,
 * strlen() folds and memcmp() of a few bytes becomes a compare or two,
 * where calls cost more than the comparing (a scan of the 6.1 tree calls
 * them millions of times).
 */
#define INLINE	static inline __attribute__((always_inline))

INLINE int starts(const char *s, const char *e, const char *p)
{
	size_t n = strlen(p);

	return (size_t)(e - s) >= n && !memcmp(s, p, n);
}

/* Does [s, e) start with lowercase @p, in any case? */
INLINE int starts_ci(const char *s, const char *e, const char *p)
{
	size_t n = strlen(p);

	if ((size_t)(e - s) < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((is_alpha(s[i]) ? s[i] | 0x20 : s[i]) != p[i])
			return 0;
	return 1;
}

/* Does [s, e) start with "copyright", in any case?  Eight bytes at once:
 * OR-ing 0x20 makes a lowercase letter of its two cases and of no other
 * byte. */
static inline int copyright_ci(const char *s, const char *e)
{
	uint64_t v, want;

	if (e - s < 9)
		return 0;
	memcpy(&v, s, 8);
	memcpy(&want, "copyrigh", 8);
	return (v | 0x2020202020202020ull) == want && (s[8] | 0x20) == 't';
}

/* @p at @s as a word: what follows is the end, white space or
 * punctuation other than '-' and '_'. */
INLINE int starts_word(const char *s, const char *e, const char *p)
{
	size_t n = strlen(p);

	return starts(s, e, p) && (s + n == e || (!is_alnum(s[n]) &&
						 s[n] != '-' && s[n] != '_'));
}

static int is_copy_sign(const char *s, const char *e)
{
	return e - s >= 2 && (unsigned char)s[0] == 0xc2 &&
	       (unsigned char)s[1] == 0xa9;
}

/* @needle (a closer: two or three bytes) in [s, e), or NULL: where
 * SSE2 is there, the closer's first two bytes are looked for 16
 * positions at a time (a comment line is mostly text, without them). */
static const char *find(const char *s, const char *e, const char *needle)
{
	size_t n = needle[2] ? 3 : 2;

#ifdef __SSE2__
	const __m128i c0 = _mm_set1_epi8(needle[0]), c1 = _mm_set1_epi8(needle[1]);

	/* The last 16 positions at once too, those looked at before masked
	 * off: a line's end is no byte at a time. */
	if (e - s >= 17) {
		const char *last = e - 17;

		for (;; s += 16) {
			const char *t = s < last ? s : last;
			unsigned bits = _mm_movemask_epi8(_mm_and_si128(
				_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)t), c0),
				_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(t + 1)),
					       c1)));

			bits &= ~0u << (s - t);
			for (; bits; bits &= bits - 1) {
				const char *p = t + __builtin_ctz(bits);

				if (n == 2 || (e - p >= 3 && p[2] == needle[2]))
					return p;
			}
			if (t == last)
				return NULL;
		}
	}
#endif
	for (; e - s >= (long)n; s++)
		if (s[0] == needle[0] && s[1] == needle[1] &&
		    (n == 2 || s[2] == needle[2]))
			return s;
	return NULL;
}

/*
 * The leading comment block, line by line: which block comment is
 * open, and whether the last comment line was an rst "..", whose
 * indented lines go on with it.
 */
enum { BLK_NONE, BLK_C, BLK_XML, BLK_JINJA };

static const char *const closers[] = {
	[BLK_C] = "*/", [BLK_XML] = "-->", [BLK_JINJA] = "#}",
};

struct region {
	int block;
	int rst;
};

enum { LINE_CODE, LINE_COMMENT, LINE_LAST, LINE_BLANK };

static int comment_rest(struct region *r, const char *p, const char *e);

/* A block comment opened before @p: a comment line, and the block's
 * still open unless closed before @e. */
static int in_block(struct region *r, const char *p, const char *e)
{
	const char *c = find(p, e, closers[r->block]);

	if (!c)
		return LINE_COMMENT;
	p = c + (r->block == BLK_XML ? 3 : 2);
	r->block = BLK_NONE;
	return comment_rest(r, p, e);
}

/* After a comment closed at @p: nothing, another comment, or code. */
static int comment_rest(struct region *r, const char *p, const char *e)
{
	p = skip_space(p, e);
	if (p == e || starts(p, e, "//"))
		return LINE_COMMENT;
	if (starts(p, e, "/*")) {
		r->block = BLK_C;
		return in_block(r, p + 2, e);
	}
	return LINE_LAST;
}

/* A leader that must be followed by white space or end the line. */
INLINE int leader_word(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);

	return starts(p, e, w) && (p + n == e || is_space(p[n]));
}

/* Is line @lineno, [s, e), in the leading comment block? */
static int comment_line(struct region *r, const char *s, const char *e,
			unsigned lineno)
{
	const char *p = skip_space(s, e);

	if (r->block)
		return in_block(r, p, e);
	if (p == e)
		return LINE_BLANK;	/* goes on as it was */
	if (r->rst && p > s)
		return LINE_COMMENT;
	r->rst = 0;
	switch (*p) {
	case '/':
		if (starts(p, e, "//"))
			return LINE_COMMENT;
		if (!starts(p, e, "/*"))
			return LINE_CODE;
		r->block = BLK_C;
		return in_block(r, p + 2, e);
	case '<':
		if (starts(p, e, "<!--")) {
			r->block = BLK_XML;
			return in_block(r, p + 4, e);
		}
		return lineno == 1 && starts(p, e, "<?xml") ? LINE_COMMENT :
		       LINE_CODE;
	case '{':
		if (!starts(p, e, "{#"))
			return LINE_CODE;
		r->block = BLK_JINJA;
		return in_block(r, p + 2, e);
	case '.':
		if (leader_word(p, e, "..")) {
			r->rst = 1;
			return LINE_COMMENT;
		}
		return starts(p, e, ".\\\"") ? LINE_COMMENT : LINE_CODE;
	case '*':
	case ';':
	case '%':
		return LINE_COMMENT;
	case '-':
		return leader_word(p, e, "--") ? LINE_COMMENT : LINE_CODE;
	case 'd':
		return leader_word(p, e, "dnl") ? LINE_COMMENT : LINE_CODE;
	case 'R':
		return leader_word(p, e, "REM") ? LINE_COMMENT : LINE_CODE;
	case '!':
	case '@':
		return p + 1 == e || is_space(p[1]) ? LINE_COMMENT : LINE_CODE;
	case '#':
		if (lineno == 1 && starts(p, e, "#!"))
			return LINE_COMMENT;
		return p + 1 == e || !is_alpha(p[1]) ? LINE_COMMENT : LINE_CODE;
	}
	return LINE_CODE;
}

/* The first LF in [p, e), or NULL.  Lines are short: 16 bytes at a time
 * where SSE2 is there, with no call to make. */
static const char *newline(const char *p, const char *e)
{
#ifdef __SSE2__
	const __m128i lf = _mm_set1_epi8('\n');

	for (; e - p >= 16; p += 16) {
		unsigned bits = _mm_movemask_epi8(_mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)p), lf));

		if (bits)
			return p + __builtin_ctz(bits);
	}
#endif
	for (; p < e; p++)
		if (*p == '\n')
			return p;
	return NULL;
}

/*
 * Inside a C block comment, the LF that ends the line at @s when no
 * closer comes before it, else NULL (also when there is too little left
 * to look at 16 bytes at a time): a line of a long comment looked at
 * once, not for its end and then for a closer.
 */
static const char *block_line_end(const char *s, const char *end)
{
#ifdef __SSE2__
	const __m128i lf = _mm_set1_epi8('\n'), star = _mm_set1_epi8('*');
	const __m128i slash = _mm_set1_epi8('/');

	for (; end - s >= 17; s += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)s);
		__m128i w = _mm_loadu_si128((const __m128i *)(s + 1));
		unsigned l = _mm_movemask_epi8(_mm_cmpeq_epi8(v, lf));
		unsigned c = _mm_movemask_epi8(_mm_and_si128(
			_mm_cmpeq_epi8(v, star), _mm_cmpeq_epi8(w, slash)));

		if (c && (!l || __builtin_ctz(c) < __builtin_ctz(l)))
			return NULL;
		if (l)
			return s + __builtin_ctz(l);
	}
#endif
	return NULL;
}

/*
 * Where statements are looked for: the end of the first SCAN_MAXLINES
 * lines, or of the comment going on at the last of them, whichever comes
 * later.  Found a line at a time, so that a head read further goes on
 * from the line where the shorter one stopped: the state after each
 * line depends on the lines before it alone.
 */
struct scope {
	struct region r;
	unsigned lineno;
	int comment;		/* the last line that was not blank was */
	size_t at;		/* where the first line not taken starts */
	int done;		/* the scope ends at @at */
};

/*
 * Take the lines from @buf + sc->at to @end: with @whole only those that
 * end in an LF (the last one may go on past a buffer the file goes on
 * after), else all of them.
 */
static void scope_take(struct scope *sc, const char *buf, const char *end,
		       int whole)
{
	const char *s = buf + sc->at;

	while (!sc->done && s < end) {
		const char *nl = NULL, *e;
		int kind;

		if (sc->r.block == BLK_C)
			nl = block_line_end(s, end);
		if (nl) {	/* no closer: the block goes on */
			kind = LINE_COMMENT;
			++sc->lineno;
		} else {
			nl = newline(s, end);
			e = nl ? nl : end;
			if (!nl && whole)
				break;
			if (e > s && e[-1] == '\r')
				e--;
			kind = comment_line(&sc->r, s, e, ++sc->lineno);
		}
		if (sc->lineno > SCAN_MAXLINES && (!sc->comment || kind == LINE_CODE)) {
			sc->done = 1;
			break;
		}
		if (kind != LINE_BLANK)
			sc->comment = kind == LINE_COMMENT;
		s = nl ? nl + 1 : end;
	}
	sc->at = s - buf;
}

/* Did the lines taken, all of a buffer, end before the scope did? */
static int scope_more(const struct scope *sc)
{
	return !sc->done && (sc->lineno < SCAN_MAXLINES || sc->comment);
}

/* The line of [lo, hi) holding @p: [*s, *e) without its CR, and where
 * the next one starts into *@next. */
static void line_at(const char *lo, const char *hi, const char *p,
		    const char **s, const char **e, const char **next)
{
	const char *nl = memrchr(lo, '\n', p - lo);

	*s = nl ? nl + 1 : lo;
	nl = newline(p, hi);
	*e = nl ? nl : hi;
	*next = nl ? nl + 1 : hi;
	if (*e > *s && (*e)[-1] == '\r')
		--*e;
}

/* Words never after a "Copyright" that starts a notice. */
static const char *const not_holders[] = {
	"notice", "notices", "holder", "holders", "owner", "owners",
	"ownership", "law", "laws", "and", "or", "of", "on", "in", "is",
	"are", "was", "to", "for", "statement", "statements", "license",
	"licence", "licenses", "licensing", "information", "protection",
	"assignment", "assignments", "text", "file", "files", "terms",
	"header", "headers", "section", "status", "line", "lines", "date",
	"policy", "permission", "permissions", "claim", "claims", "info",
	"message", "messages", "string", "year", "years", "field",
};

static int not_holder(const char *p, const char *e)
{
	size_t n = 0;

	while (p + n < e && is_alpha(p[n]))
		n++;
	for (size_t i = 0; i < sizeof(not_holders) / sizeof(*not_holders); i++)
		if (strlen(not_holders[i]) == n && starts_ci(p, e, not_holders[i]))
			return 1;
	return 0;
}

/* Past "(c)" or "©" at @p, else @p. */
static const char *skip_sign(const char *p, const char *e)
{
	if (starts_ci(p, e, "(c)"))
		return p + 3;
	if (is_copy_sign(p, e))
		return p + 2;
	return p;
}

/* Is the word "copyright" at @p the start of a statement? */
static int copyright_word(const char *p, const char *e)
{
	const char *q = p + 9, *r;
	int lower = p[0] == 'c';

	if (!(q == e || is_space(*q) || *q == ':' || *q == '(' ||
	      is_copy_sign(q, e)))
		return 0;
	if (!(lower || starts(p, e, "Copyright") || starts(p, e, "COPYRIGHT")))
		return 0;
	q = skip_space(q, e);
	if (q < e && *q == ':')
		q = skip_space(q + 1, e);
	r = skip_sign(q, e);
	if (r != q)
		return 1;
	if (q == e)
		return 0;
	if (is_digit(*q))
		return 1;
	return !lower && !not_holder(q, e);
}

/*
 * Where a marker is found: the "yr" of "copyright" in any case (and of
 * "SPDX-FileCopyrightText:"), "(c" or "(C" of "(c)", the two bytes of
 * "\xc2\xa9" ("©"), the "r." of "Copr.".  The anchor is the first byte
 * of the pair.  Text has few such pairs (it has many a "y", "(" and
 * "."), so the search skips from one to the next instead of trying
 * every byte.
 */
static int is_anchor(const char *p, const char *e)
{
	unsigned char c = p[0], d;

	if (e - p < 2)
		return 0;
	d = p[1];
	return ((c | 0x20) == 'y' && (d | 0x20) == 'r') ||
	       (c == '(' && (d | 0x20) == 'c') ||
	       (c == 0xc2 && d == 0xa9) || (c == 'r' && d == '.');
}

/* The first anchor in [p, e), or NULL: where SSE2 is there (every
 * x86-64), 16 positions compared at a time, as scan.c splits lines. */
static const char *next_anchor_sse2(const char *p, const char *e)
{
#ifdef __SSE2__
	const __m128i y = _mm_set1_epi8('y'), r = _mm_set1_epi8('r');
	const __m128i c = _mm_set1_epi8('c'), case_bit = _mm_set1_epi8(0x20);
	const __m128i paren = _mm_set1_epi8('('), dot = _mm_set1_epi8('.');
	const __m128i c2 = _mm_set1_epi8((char)0xc2);
	const __m128i a9 = _mm_set1_epi8((char)0xa9);

	for (; e - p >= 17; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		__m128i w = _mm_loadu_si128((const __m128i *)(p + 1));
		__m128i vl = _mm_or_si128(v, case_bit);
		__m128i wl = _mm_or_si128(w, case_bit);
		__m128i m = _mm_or_si128(
			_mm_or_si128(
				_mm_and_si128(_mm_cmpeq_epi8(vl, y),
					      _mm_cmpeq_epi8(wl, r)),
				_mm_and_si128(_mm_cmpeq_epi8(v, paren),
					      _mm_cmpeq_epi8(wl, c))),
			_mm_or_si128(
				_mm_and_si128(_mm_cmpeq_epi8(v, c2),
					      _mm_cmpeq_epi8(w, a9)),
				_mm_and_si128(_mm_cmpeq_epi8(v, r),
					      _mm_cmpeq_epi8(w, dot))));
		unsigned bits = _mm_movemask_epi8(m);

		if (bits)
			return p + __builtin_ctz(bits);
	}
#endif
	for (; p < e; p++)
		if (is_anchor(p, e))
			return p;
	return NULL;
}

#ifdef HAVE_AVX2_PATH
/* Does the CPU run AVX2 code?  Asked once; threads racing to ask all
 * store the same answer. */
static int have_avx2(void)
{
	static int known;	/* 0: not asked; 1: no; 2: yes */
	int k = __atomic_load_n(&known, __ATOMIC_RELAXED);

	if (!k) {
		k = __builtin_cpu_supports("avx2") ? 2 : 1;
		__atomic_store_n(&known, k, __ATOMIC_RELAXED);
	}
	return k == 2;
}

/* next_anchor_sse2() 32 positions at a time, where AVX2 is there; the
 * last ones as it does them. */
__attribute__((target("avx2")))
static const char *next_anchor_avx2(const char *p, const char *e)
{
	const __m256i y = _mm256_set1_epi8('y'), r = _mm256_set1_epi8('r');
	const __m256i c = _mm256_set1_epi8('c'), case_bit = _mm256_set1_epi8(0x20);
	const __m256i paren = _mm256_set1_epi8('('), dot = _mm256_set1_epi8('.');
	const __m256i c2 = _mm256_set1_epi8((char)0xc2);
	const __m256i a9 = _mm256_set1_epi8((char)0xa9);

	for (; e - p >= 33; p += 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)p);
		__m256i w = _mm256_loadu_si256((const __m256i *)(p + 1));
		__m256i vl = _mm256_or_si256(v, case_bit);
		__m256i wl = _mm256_or_si256(w, case_bit);
		__m256i m = _mm256_or_si256(
			_mm256_or_si256(
				_mm256_and_si256(_mm256_cmpeq_epi8(vl, y),
						 _mm256_cmpeq_epi8(wl, r)),
				_mm256_and_si256(_mm256_cmpeq_epi8(v, paren),
						 _mm256_cmpeq_epi8(wl, c))),
			_mm256_or_si256(
				_mm256_and_si256(_mm256_cmpeq_epi8(v, c2),
						 _mm256_cmpeq_epi8(w, a9)),
				_mm256_and_si256(_mm256_cmpeq_epi8(v, r),
						 _mm256_cmpeq_epi8(w, dot))));
		unsigned bits = (unsigned)_mm256_movemask_epi8(m);

		if (bits)
			return p + __builtin_ctz(bits);
	}
	return next_anchor_sse2(p, e);
}
#endif

static const char *next_anchor(const char *p, const char *e)
{
#ifdef HAVE_AVX2_PATH
	if (e - p >= 33 && have_avx2())
		return next_anchor_avx2(p, e);
#endif
	return next_anchor_sse2(p, e);
}

/* Could the anchor @p, in [lo, hi), be part of a marker?  What
 * marker_at() tests first, without the line. */
static int maybe_marker(const char *lo, const char *hi, const char *p)
{
	switch ((unsigned char)*p) {
	case '(':
		return hi - p >= 3 && p[2] == ')';
	case 0xc2:
		return 1;
	case 'r':
		return p - lo >= 3 && !memcmp(p - 3, "Copr", 4);
	}
	/* "copyright", also in "SPDX-FileCopyrightText:" */
	return p - lo >= 3 && copyright_ci(p - 3, hi);
}

/* Does [s, e) hold a year, 19xx or 20xx, as a word? */
static int has_year(const char *s, const char *e)
{
	for (const char *p = s; p + 4 <= e; p++)
		if ((p[0] == '1' || p[0] == '2') &&
		    (p[1] == '9' || p[1] == '0') && p[0] + p[1] != '1' + '0' &&
		    p[0] + p[1] != '2' + '9' && is_digit(p[2]) &&
		    is_digit(p[3]) && (p == s || !is_alnum(p[-1])) &&
		    (p + 4 == e || !is_alnum(p[4])))
			return 1;
	return 0;
}

/* Does a word start at @p, a line of [s, ...)? */
static int word_start(const char *s, const char *p)
{
	return p == s || !is_alnum(p[-1]);
}

/*
 * Is the anchor @p of line [s, e) part of a marker?  Its start into *@at
 * and where its text starts into *@text (past the tag of an
 * SPDX-FileCopyrightText line).
 */
static int marker_at(const char *s, const char *e, const char *p,
		     const char **at, const char **text)
{
	unsigned char c = *p;
	const char *q;

	*at = *text = NULL;
	if ((c | 0x20) == 'y') {
		if (p - s >= 12 && starts(p - 12, e, SFCT)) {
			*at = p - 12;
			*text = skip_space(p - 12 + SFCT_LEN, e);
		} else if (p - s >= 3 && copyright_ci(p - 3, e) &&
			   word_start(s, p - 3) && copyright_word(p - 3, e)) {
			*at = *text = p - 3;
		}
	} else if (c == '(') {
		q = skip_space(p + 3, e);
		if (starts_ci(p, e, "(c)") && word_start(s, p) && q > p + 3 &&
		    q < e && (is_digit(*q) || starts_word(q, e, "Copyright") ||
			      starts_word(q, e, "COPYRIGHT") ||
			      (is_alpha(*q) && has_year(s, e))))
			*at = *text = p;
	} else if (c == 0xc2) {
		if (is_copy_sign(p, e) && skip_space(p + 2, e) < e)
			*at = *text = p;
	} else if (c == 'r') {
		if (p - s >= 3 && starts(p - 3, e, "Copr.") &&
		    word_start(s, p - 3) && p + 2 < e && is_space(p[2]))
			*at = *text = p - 3;
	}
	return *at != NULL;
}

/* Does line [s, e) hold a statement? */
static int has_marker(const char *s, const char *e)
{
	const char *at, *text;

	for (const char *p = s; (p = next_anchor(p, e)); p++)
		if (marker_at(s, e, p, &at, &text))
			return 1;
	return 0;
}

/*
 * Past the marker words at @p ("Copyright", "Copr.", "(c)", "©", ":")
 * and, with @years, the years after them.
 */
static const char *skip_marker(const char *p, const char *e, int years)
{
	for (;;) {
		const char *q = skip_space(p, e);

		if (q == e)
			return q;
		if (years) {	/* a run of them at once: "1999-2001, 2004" */
			for (p = q; p < e && (is_digit(*p) || *p == ',' ||
					      *p == '-' || *p == '/'); p++)
				;
			if (p > q)
				continue;
		}
		switch (*q) {
		case 'C':
		case 'c':
			if (copyright_ci(q, e))
				p = q + 9;
			else if (starts(q, e, "Copr."))
				p = q + 5;
			else
				return q;
			break;
		case '(':
		case '\xc2':
			if ((p = skip_sign(q, e)) == q)
				return q;
			break;
		case ':':
			p = q + 1;
			break;
		case '\xe2':	/* en dash */
			if (!years || !starts(q, e, "\xe2\x80\x93"))
				return q;
			p = q + 3;
			break;
		default:
			return q;
		}
	}
}

static int has_letter(const char *s, const char *e)
{
	for (; s < e; s++)
		if (is_alpha(*s) || (unsigned char)*s >= 0x80)
			return 1;
	return 0;
}

/* The display column of @p in a line starting at @s, tabs every 8. */
static unsigned column(const char *s, const char *p)
{
	unsigned col = 0;

	for (; s < p; s++)
		col = *s == '\t' ? (col | 7) + 1 : col + 1;
	return col;
}

/* [*s, *e) without the comment closers and white space at its end. */
static void cut_closers(const char *s, const char **e)
{
	for (;;) {
		size_t n = (*e = trim_end(s, *e)) - s;

		if (n >= 2 && !memcmp(*e - 2, "*/", 2))
			*e -= 2;
		else if (n >= 3 && !memcmp(*e - 3, "-->", 3))
			*e -= 3;
		else if (n >= 2 && !memcmp(*e - 2, "#}", 2))
			*e -= 2;
		else
			return;
	}
}

/* Past the comment leaders at the start of a continuation line. */
static const char *skip_leaders(const char *p, const char *e)
{
#define LEADER(s)	{ s, sizeof(s) - 1 }
	static const struct {
		const char *s;
		size_t n;
	} leaders[] = {
		LEADER("/*"), LEADER("//"), LEADER("<!--"), LEADER("{#"),
		LEADER("*"), LEADER("#"), LEADER(";"), LEADER("--"),
		LEADER("%"), LEADER("!"), LEADER("@"), LEADER(".\\\""),
		LEADER(".."), LEADER("dnl"), LEADER("REM"),
	};
#undef LEADER

	for (int round = 0; round < 4; round++) {
		size_t i, n = sizeof(leaders) / sizeof(*leaders);

		p = skip_space(p, e);
		for (i = 0; i < n; i++)
			if ((size_t)(e - p) >= leaders[i].n &&
			    *p == *leaders[i].s &&
			    !memcmp(p, leaders[i].s, leaders[i].n))
				break;
		if (i == n)
			break;
		p += leaders[i].n;
	}
	return skip_space(p, e);
}

/* A statement being assembled: valid UTF-8, white space collapsed. */
struct stmt {
	char b[COPYRIGHT_MAX_STMT];
	size_t n;
	int full;		/* cut at COPYRIGHT_MAX_STMT */
	int holder;		/* names a holder */
	unsigned holder_col;	/* where it starts on the first line */
};

static void put_bytes(struct stmt *st, const void *p, size_t k)
{
	if (st->full || st->n + k > sizeof(st->b)) {
		st->full = 1;
		return;
	}
	memcpy(st->b + st->n, p, k);
	st->n += k;
}

/* @k bytes of ASCII: as many as fit, since any cut is at a boundary. */
static void put_ascii(struct stmt *st, const void *p, size_t k)
{
	size_t room = sizeof(st->b) - st->n;

	if (st->full)
		return;
	if (k > room) {
		k = room;
		st->full = 1;
	}
	memcpy(st->b + st->n, p, k);
	st->n += k;
}

/* [s, e) onto @st after a space, as copyright.h says it is cleaned:
 * runs of printable ASCII, most of a statement, copied whole, words and
 * the single spaces between them at once. */
static void put_text(struct stmt *st, const char *s, const char *e)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *q = (const unsigned char *)e;

	if (st->n && st->b[st->n - 1] != ' ')
		put_bytes(st, " ", 1);
	while (p < q) {
		const unsigned char *r = p;
		unsigned c = *p;
		size_t k;

		while (r < q && *r < 0x7f && (*r > ' ' || (*r == ' ' && r > p &&
			r + 1 < q && r[1] > ' ' && r[1] < 0x7f)))
			r++;
		if (r > p) {
			put_ascii(st, p, r - p);
			p = r;
		} else if (c <= ' ' || c == 0x7f) {
			if (st->n && st->b[st->n - 1] != ' ')
				put_bytes(st, " ", 1);
			p++;
		} else if ((k = utf8_seq(p, q - p, NULL))) {
			put_bytes(st, p, k);
			p += k;
		} else {
			char cp[4];

			/* Latin-1 */
			put_bytes(st, cp, utf8_put(cp, c));
			p++;
		}
	}
}

/* The statement's end cleaned: its "All rights reserved" and the
 * punctuation before it, white space. */
static void finish_text(struct stmt *st)
{
	static const char arr[] = "all rights reserved";
	size_t n = st->n, k = sizeof(arr) - 1;

	while (n && st->b[n - 1] == ' ')
		n--;
	if (n && st->b[n - 1] == '.')
		n--;
	if (n >= k && starts_ci(st->b + n - k, st->b + n, arr) &&
	    (n == k || !is_alnum(st->b[n - k - 1]))) {
		n -= k;
		while (n && (st->b[n - 1] == ' ' || st->b[n - 1] == ',' ||
			     st->b[n - 1] == ';'))
			n--;
	} else {
		n = st->n;
		while (n && st->b[n - 1] == ' ')
			n--;
	}
	st->n = n;
}

/* Does the statement so far call for more: a "," "&" or "and" at its end? */
static int open_ended(const struct stmt *st)
{
	const char *e = st->b + st->n;

	if (!st->n)
		return 0;
	if (e[-1] == ',' || e[-1] == '&')
		return 1;
	return st->n >= 4 && !memcmp(e - 4, " and", 4);
}

/* Does line [s, e) go on with statement @st?  Its text into [*ts, *te). */
static int continues(const struct stmt *st, const char *s, const char *e,
		     const char **ts, const char **te)
{
	*ts = skip_leaders(s, e);
	*te = e;
	cut_closers(*ts, te);
	if (*ts == *te || has_marker(s, e) ||
	    starts_ci(*ts, *te, "all rights reserved"))
		return 0;
	if (!st->holder || open_ended(st))
		return 1;
	return st->holder_col != NO_COL && column(s, *ts) >= st->holder_col &&
	       (is_alpha(**ts) || **ts == '<' || (unsigned char)**ts >= 0x80);
}

/* Does the cleaned statement hold a letter or digit past its marker? */
static int says_something(const struct stmt *st)
{
	const char *p = skip_marker(st->b, st->b + st->n, 0);

	for (; p < st->b + st->n; p++)
		if (is_alnum(*p) || (unsigned char)*p >= 0x80)
			return 1;
	return 0;
}

/* The statements found so far. */
struct found {
	char *text;
	size_t len, cap;
	unsigned n;
	size_t at[COPYRIGHT_MAX_STATEMENTS];	/* where each starts */
};

static int add_statement(struct found *f, const struct stmt *st)
{
	size_t need = f->len + st->n + 2;

	for (unsigned i = 0; i < f->n; i++) {
		size_t end = i + 1 < f->n ? f->at[i + 1] - 1 : f->len;

		if (end - f->at[i] == st->n &&
		    !memcmp(f->text + f->at[i], st->b, st->n))
			return 0;
	}
	if (need > f->cap) {
		size_t cap = need < 256 ? 256 : need * 2;
		char *t = realloc(f->text, cap);

		if (!t)
			return -ENOMEM;
		f->text = t;
		f->cap = cap;
	}
	if (f->n)
		f->text[f->len++] = '\n';
	f->at[f->n++] = f->len;
	memcpy(f->text + f->len, st->b, st->n);
	f->len += st->n;
	f->text[f->len] = '\0';
	return 0;
}

/*
 * The statement whose text starts at @text on line [s, e), with its
 * continuations from @next on, before @scope, into @st; returns where
 * the line after the last it took starts.  *@cut says it stopped for
 * want of lines: a longer scope might give it more.
 */
static const char *read_statement(struct stmt *st, const char *s,
				  const char *e, const char *text,
				  const char *next, const char *scope, int *cut)
{
	const char *holder = skip_marker(text, e, 1), *te = e, *cs, *ce;
	int k;

	st->n = 0;		/* b[] is written as it fills */
	st->full = 0;
	st->holder = has_letter(holder, e);
	st->holder_col = st->holder ? column(s, holder) : NO_COL;
	cut_closers(text, &te);
	put_text(st, text, te);
	for (k = 0; k < COPYRIGHT_MAX_CONT && next < scope; k++) {
		const char *ns, *ne, *after;

		line_at(next, scope, next, &ns, &ne, &after);
		if (!continues(st, ns, ne, &cs, &ce))
			break;
		put_text(st, cs, ce);
		st->holder |= has_letter(cs, ce);
		next = after;
	}
	*cut = k < COPYRIGHT_MAX_CONT && next >= scope;
	finish_text(st);
	return next;
}

/*
 * A scan of one file's head that a longer read of it may go on with.
 * What is settled, from lines that end in the buffer and a scope that
 * reaches past them, is kept; what the buffer's end decided (its last
 * line, the statements that took lines up to it, the end of the scope)
 * is found again each time, past what is settled.
 */
struct copyright_scanner {
	struct found f;		/* the settled statements, then the others */
	unsigned settled_n;	/* how many of f are settled */
	size_t settled_len;
	struct scope sc;	/* the settled lines */
	size_t anchor;		/* where the settled search for markers
				   goes on */
	size_t pos;		/* where the text starts (past a BOM) */
	size_t len;		/* the bytes of the last call */
	size_t text;		/* the first bytes known to hold no NUL */
	int started;		/* pos is known */
	int binary;
};

/*
 * The statements from @buf + *@anchor up to where @sc's lines end,
 * into @f.  With @settle, a statement that a longer scope might take
 * more lines into is left for later: *@anchor is left at its marker.
 */
static int find_statements(struct found *f, const char *buf, size_t pos,
			   const struct scope *sc, size_t *anchor, int settle)
{
	const char *lo = buf + pos, *scope = buf + sc->at;
	const char *p = buf + *anchor, *s, *e, *next, *at, *text;
	struct stmt st;
	int cut;

	for (; f->n < COPYRIGHT_MAX_STATEMENTS && (p = next_anchor(p, scope)); ) {
		if (!maybe_marker(lo, scope, p)) {
			p++;
			continue;
		}
		line_at(lo, scope, p, &s, &e, &next);
		if (p >= e || !marker_at(s, e, p, &at, &text)) {
			p++;
			continue;
		}
		next = read_statement(&st, s, e, text, next, scope, &cut);
		if (cut && settle && !sc->done)
			break;
		p = next;
		if (says_something(&st) && add_statement(f, &st))
			return -ENOMEM;
	}
	*anchor = (p ? p : scope) - buf;
	return 0;
}

static void scanner_start(struct copyright_scanner *cs, size_t text)
{
	cs->f.len = 0;		/* f.text and f.cap are kept for the next */
	cs->f.n = 0;		/* f.at[] is written as it fills */
	cs->settled_n = 0;
	cs->settled_len = 0;
	memset(&cs->sc, 0, sizeof(cs->sc));
	cs->anchor = cs->pos = cs->len = 0;
	cs->text = text;
	cs->started = cs->binary = 0;
}

static int scanner_feed(struct copyright_scanner *cs, const char *buf,
			size_t len, int truncated, struct copyright_found *out)
{
	struct scope sc;
	size_t anchor, from = cs->len > cs->text ? cs->len : cs->text;

	memset(out, 0, sizeof(*out));
	cs->f.n = cs->settled_n;	/* what the last call's end decided */
	cs->f.len = cs->settled_len;
	if (cs->f.text)
		cs->f.text[cs->f.len] = '\0';
	if (!len || cs->binary)
		return 0;
	if (len > from && memchr(buf + from, '\0', len - from)) {
		cs->binary = 1;
		return 0;
	}
	if (len > cs->len)
		cs->len = len;
	if (!cs->started && len >= 3) {
		cs->started = 1;
		cs->pos = !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
		cs->sc.at = cs->anchor = cs->pos;
	}
	if (cs->started) {
		scope_take(&cs->sc, buf, buf + len, 1);
		if (find_statements(&cs->f, buf, cs->pos, &cs->sc, &cs->anchor, 1))
			return -ENOMEM;
		cs->settled_n = cs->f.n;
		cs->settled_len = cs->f.len;
	}
	sc = cs->sc;
	anchor = cs->anchor;
	scope_take(&sc, buf, buf + len, 0);
	if (find_statements(&cs->f, buf, cs->pos, &sc, &anchor, 0))
		return -ENOMEM;
	out->text = cs->f.n ? cs->f.text : NULL;
	out->n = cs->f.n;
	out->more = truncated && scope_more(&sc);
	out->settled = !truncated || cs->sc.done;
	return 0;
}

struct copyright_scanner *copyright_scanner_new(void)
{
	return calloc(1, sizeof(struct copyright_scanner));
}

void copyright_scanner_free(struct copyright_scanner *cs)
{
	if (cs)
		free(cs->f.text);
	free(cs);
}

void copyright_scanner_start(struct copyright_scanner *cs, size_t text)
{
	scanner_start(cs, text);
}

int copyright_scanner_feed(struct copyright_scanner *cs, const char *buf,
			   size_t len, int truncated,
			   struct copyright_found *out)
{
	return scanner_feed(cs, buf, len, truncated, out);
}

int copyright_scan(const char *buf, size_t len, int truncated,
		   struct copyright_result *out)
{
	struct copyright_scanner cs;
	struct copyright_found found;
	int ret;

	cs.f.text = NULL;
	cs.f.cap = 0;
	scanner_start(&cs, 0);
	ret = scanner_feed(&cs, buf, len, truncated, &found);
	memset(out, 0, sizeof(*out));
	if (ret || !found.n)
		free(cs.f.text);
	else
		out->text = cs.f.text;
	out->n = found.n;
	out->more = found.more;
	return ret;
}

void copyright_result_release(struct copyright_result *res)
{
	if (!res)
		return;
	free(res->text);
	res->text = NULL;
	res->n = 0;
}
