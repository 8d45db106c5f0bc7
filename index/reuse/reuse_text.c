// SPDX-License-Identifier: GPL-2.0-only
/*
 * reuse_text: copyright notices and license expressions in a file's text,
 * line by line, as the REUSE specification places them: anywhere in the
 * file, not only in its first lines (the kernel's rule, scan.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reuse/reuse_text.h"
#include "util/utf8.h"

#define BINARY_PROBE	2048
#define IGNORE_START	"REUSE-IgnoreStart"
#define IGNORE_END	"REUSE-IgnoreEnd"
#define COPYRIGHT_SIGN	"\xc2\xa9"

/* The length of the UTF-8 sequence of a printable character at @s (at
 * most @n bytes, @n > 0), or 0. */
static size_t text_char_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	if (u[0] < 0x80)
		return u[0] >= 0x20 && u[0] < 0x7f;
	return utf8_seq_loose(u, n);
}

/*
 * The REUSE tool asks an encoding detector, which finds no encoding for
 * images and archives but does for text with a stray NUL.  Close enough:
 * the signatures of the common image formats, or more than one byte in
 * ten of the first 2 KiB neither a character of UTF-8 text nor a control
 * character text uses (so Latin-1 text with a few accents stays text).
 */
int reuse_text_is_binary(const char *buf, size_t len)
{
	static const char *const magic[] = {
		"\x89PNG", "\xff\xd8\xff", "GIF8", "PK\x03\x04", "\x1f\x8b",
	};
	size_t n = len < BINARY_PROBE ? len : BINARY_PROBE, ctl = 0;

	for (size_t i = 0; i < sizeof(magic) / sizeof(*magic); i++)
		if (n >= strlen(magic[i]) && !memcmp(buf, magic[i], strlen(magic[i])))
			return 1;
	for (size_t i = 0; i < n;) {
		unsigned char c = buf[i];
		size_t k = text_char_len(buf + i, n - i);

		if (k) {
			i += k;
			continue;
		}
		ctl += (c < 0x20 && !strchr("\t\n\r\f\v\b\x1b", c)) ||
		       c >= 0x7f;
		i++;
	}
	return ctl * 10 > n;
}

int reuse_strv_add(char ***arr, size_t *n, const char *s, size_t len)
{
	char **a, *copy;

	for (size_t i = 0; i < *n; i++)
		if (strlen((*arr)[i]) == len && !memcmp((*arr)[i], s, len))
			return 0;
	copy = strndup(s, len);
	if (!copy)
		return -ENOMEM;
	a = realloc(*arr, (*n + 1) * sizeof(*a));
	if (!a) {
		free(copy);
		return -ENOMEM;
	}
	a[(*n)++] = copy;
	*arr = a;
	return 0;
}

void reuse_strv_free(char **arr, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(arr[i]);
	free(arr);
}

void reuse_text_release(struct reuse_text *t)
{
	reuse_strv_free(t->exprs, t->nexprs);
	reuse_strv_free(t->copyrights, t->ncopyrights);
	memset(t, 0, sizeof(*t));
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}

static const char *find(const char *s, const char *end, const char *what)
{
	return memmem(s, end - s, what, strlen(what));
}

/* The text with what REUSE-IgnoreStart ... REUSE-IgnoreEnd encloses (the
 * markers too) left out, and CRLF and CR made LF: a new buffer. */
static char *drop_ignored(const char *buf, size_t len, size_t *outlen)
{
	const char *s = buf, *end = buf + len;
	char *out = malloc(len + 1), *o = out;

	if (!out)
		return NULL;
	while (s < end) {
		const char *start = find(s, end, IGNORE_START), *stop;
		const char *upto = start ? start : end;

		while (s < upto) {
			const char *cr = memchr(s, '\r', upto - s);
			const char *to = cr ? cr : upto;

			memcpy(o, s, to - s);	/* a run without CR at once */
			o += to - s;
			s = to;
			if (!cr)
				break;
			*o++ = '\n';
			s += s + 1 < upto && s[1] == '\n' ? 2 : 1;
		}
		if (!start)
			break;
		stop = find(start, end, IGNORE_END);
		s = stop ? stop + strlen(IGNORE_END) : end;
	}
	*o = '\0';
	*outlen = o - out;
	return out;
}

/* "SPDX-" at @p followed by a run of non-space bytes holding a ':' after
 * its first byte: a tag of some kind. */
static int spdx_tag_at(const char *p, const char *end)
{
	const char *q = p + 5;

	if (end - p < 7 || memcmp(p, "SPDX-", 5))
		return 0;
	for (q++; q < end && !is_space(*q); q++)
		if (*q == ':')
			return 1;
	return 0;
}

/* Where the first tag, "Copyright" or copyright sign starts in the line,
 * or NULL. */
static const char *first_marker(const char *s, const char *end)
{
	for (const char *p = s; p < end; p++) {
		if (*p == 'S' && spdx_tag_at(p, end))
			return p;
		if (*p == 'C' && end - p >= 9 && !memcmp(p, "Copyright", 9))
			return p;
		if (*p == '\xc2' && end - p >= 2 && p[1] == '\xa9')
			return p;
	}
	return NULL;
}

/* Does a copyright notice start at @p?  Then how long its keyword is. */
static size_t copyright_at(const char *p, const char *end)
{
	static const char *const tags[] = {
		"SPDX-FileCopyrightText:", "SPDX-SnippetCopyrightText:",
		COPYRIGHT_SIGN,
	};
	const char *q;

	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if ((size_t)(end - p) >= strlen(tags[i]) &&
		    !memcmp(p, tags[i], strlen(tags[i])))
			return strlen(tags[i]);
	if (end - p < 9 || memcmp(p, "Copyright", 9))
		return 0;
	q = p + 9;
	if (q < end && is_space(*q))
		return 9;
	while (q < end && is_space(*q))
		q++;
	if (end - q >= 2 && !memcmp(q, COPYRIGHT_SIGN, 2))
		return q + 2 - p;
	if (end - q >= 3 && q[0] == '(' && (q[1] == 'c' || q[1] == 'C') &&
	    q[2] == ')')
		return q + 3 - p;
	return 0;
}

/* Length of a comment closer ending at @end (after @s), or 0: those the
 * REUSE tool strips after a value. */
static size_t closer_len(const char *s, const char *end)
{
	static const char *const plain[] = {
		"=#", "-->", "}", "--%>", "*)", "-/", "*#", "#}", ":)", "'/",
		"--}}", "*/",
	};
	const char *q;

	for (size_t i = 0; i < sizeof(plain) / sizeof(plain[0]); i++) {
		size_t n = strlen(plain[i]);

		if ((size_t)(end - s) >= n && !memcmp(end - n, plain[i], n))
			return n;
	}
	q = end;
	if (q > s && q[-1] == '>') {	/* a quote, blanks, slashes, ">" */
		for (q--; q > s && q[-1] == '/'; q--)
			;
		while (q > s && is_space(q[-1]))
			q--;
		if (q > s && (q[-1] == '"' || q[-1] == '\''))
			return end - q + 1;
		q = end;
	}
	if (q > s && (q[-1] == ')' || q[-1] == ':')) { /* "\s*) or ]\s*:: */
		int paren = q[-1] == ')';

		if (!paren && !(q - 1 > s && q[-2] == ':'))
			return 0;
		q -= paren ? 1 : 2;
		while (q > s && is_space(q[-1]))
			q--;
		if (q > s && q[-1] == (paren ? '"' : ']'))
			return end - q + 1;
	}
	return 0;
}

/* The end of a value once white space and comment closers are cut. */
static const char *value_end(const char *s, const char *end)
{
	size_t n;

	while (end > s && is_space(end[-1]))
		end--;
	while ((n = closer_len(s, end)))
		end -= n;
	while (end > s && is_space(end[-1]))
		end--;
	return end;
}

/* One line: a copyright notice, an expression, or nothing. */
static int line(struct reuse_text *out, const char *s, const char *end)
{
	static const char lic[] = "SPDX-License-Identifier:";
	const char *m = first_marker(s, end), *ps, *pe, *p;

	if (!m)
		return 0;
	/* A comment opener before the marker, mirrored at the line's end
	 * ("/" "*" ... "*" "/"), is cut first. */
	for (ps = s; ps < m && is_space(*ps); ps++)
		;
	for (pe = m; pe > ps && is_space(pe[-1]); pe--)
		;
	if (pe > ps && end - m >= pe - ps) {
		size_t n = pe - ps, i;

		for (i = 0; i < n && end[-1 - (long)i] == ps[i]; i++)
			;
		if (i == n)
			end -= n;
	}
	for (p = s; p < end; p++) {
		size_t k = copyright_at(p, end);

		if (k)
			return reuse_strv_add(&out->copyrights, &out->ncopyrights,
					      p, value_end(p, end) - p);
	}
	p = find(s, end, lic);
	if (!p)
		return 0;
	for (p += strlen(lic); p < end && is_space(*p); p++)
		;
	return reuse_strv_add(&out->exprs, &out->nexprs, p,
			      value_end(p, end) - p);
}

/*
 * The first place at or after @s where a line can hold a marker
 * (first_marker(): "SPDX-", "Copyright", a copyright sign), or NULL.
 * @at caches each one's next place (NULL: none left).  A line without
 * one holds nothing, so only the lines with one are read.
 */
static const char *next_candidate(const char *s, const char *end,
				  const char *at[3], int gone[3])
{
	static const char *const what[3] = { "SPDX-", "Copyright", COPYRIGHT_SIGN };
	const char *first = NULL;

	for (int i = 0; i < 3; i++) {
		if (gone[i])
			continue;
		if (!at[i] || at[i] < s)
			at[i] = find(s, end, what[i]);
		if (!at[i])
			gone[i] = 1;
		else if (!first || at[i] < first)
			first = at[i];
	}
	return first;
}

int reuse_text_extract(struct reuse_text *out, const char *buf, size_t len)
{
	size_t n;
	char *text = drop_ignored(buf, len, &n);
	const char *s, *end, *at[3] = { NULL, NULL, NULL };
	int r = 0, gone[3] = { 0, 0, 0 };

	memset(out, 0, sizeof(*out));
	if (!text)
		return -ENOMEM;
	for (s = text, end = text + n; !r && s < end;) {
		const char *c = next_candidate(s, end, at, gone), *nl, *bol;

		if (!c)
			break;
		bol = memrchr(s, '\n', c - s);
		bol = bol ? bol + 1 : s;
		nl = memchr(c, '\n', end - c);
		r = line(out, bol, nl ? nl : end);
		s = nl ? nl + 1 : end;
	}
	free(text);
	if (r)
		reuse_text_release(out);
	return r;
}
