// SPDX-License-Identifier: GPL-2.0-only
/*
 * quote: git's quoting of unusual paths (see quote.h).
 */
#include <string.h>

#include "util/quote.h"

/* The letter of a C escape for @c, or 0 when it has none. */
static char escape_letter(unsigned char c)
{
	static const char letters[] = "\a\b\t\n\v\f\r\"\\";
	static const char names[] = "abtnvfr\"\\";
	const char *p = c ? memchr(letters, c, sizeof(letters) - 1) : NULL;

	return p ? names[p - letters] : 0;
}

static int must_quote(unsigned char c)
{
	return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f;
}

int quote_needed(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (must_quote(s[i]))
			return 1;
	return 0;
}

/* The bytes of @s, escaped, with no quotes around them. */
static size_t write_escaped(FILE *out, const char *s, size_t len)
{
	size_t n = 0, run = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		char letter;

		if (!must_quote(c)) {
			run++;
			continue;
		}
		fwrite(s + i - run, 1, run, out);
		n += run;
		run = 0;
		letter = escape_letter(c);
		if (letter)
			n += fprintf(out, "\\%c", letter);
		else
			n += fprintf(out, "\\%03o", c);
	}
	fwrite(s + len - run, 1, run, out);
	return n + run;
}

size_t quote_path(FILE *out, const char *s, size_t len)
{
	size_t n;

	if (!quote_needed(s, len)) {
		fwrite(s, 1, len, out);
		return len;
	}
	fputc('"', out);
	n = write_escaped(out, s, len);
	fputc('"', out);
	return n + 2;
}

const char *quote_path_str(char *buf, size_t size, const char *s)
{
	FILE *f = size ? fmemopen(buf, size, "w") : NULL;
	size_t n;

	if (!f) {		/* no memory for the stream: the bare bytes */
		if (size)
			snprintf(buf, size, "%s", quote_needed(s, strlen(s)) ? "?" : s);
		return buf;
	}
	n = quote_path(f, s, strlen(s));
	fclose(f);
	buf[n < size ? n : size - 1] = '\0';
	return buf;
}

size_t quote_dir(FILE *out, const char *dir, size_t len)
{
	int q = quote_needed(dir, len);
	size_t n;

	if (q)
		fputc('"', out);
	fputs("./", out);
	n = write_escaped(out, dir, len);
	if (len)
		fputc('/', out);
	if (q)
		fputc('"', out);
	return n + 2 + !!len + 2 * q;
}
