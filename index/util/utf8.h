/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * utf8: UTF-8 for the whole library, one definition of it: where a
 * valid sequence ends, for the writers that escape or replace what their
 * format cannot hold (json.c, xml.c, tag-value's replacements); whether
 * a span is valid and how many characters it holds, for the scanner
 * (scan.c), inline with an ASCII fast path since it runs on every tag
 * line; a code point encoded (toml.c's escapes); and a looser guess at
 * text (reuse_text.c).  Valid: the shortest form, no surrogate, nothing
 * past U+10FFFF.  Pure functions: any thread.
 */
#ifndef SPDXFS_UTF8_H
#define SPDXFS_UTF8_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The length of the valid UTF-8 sequence at @s (at most @len bytes, @len
 * > 0), its code point in *@cp when @cp is not NULL; or 0 when the byte
 * at @s does not start one: overlong forms, surrogates and code points
 * past U+10FFFF are not valid.
 */
size_t utf8_seq(const unsigned char *s, size_t len, uint32_t *cp);

/* Is the string @s valid UTF-8 throughout? */
int utf8_valid(const char *s);

/*
 * The length of the sequence at @s (at most @len bytes, @len > 0) that a
 * first byte 0xc2-0xf4 starts and enough continuation bytes follow, or 0
 * (ASCII too).  Looser than utf8_seq(): overlong 3- and 4-byte forms,
 * surrogates and code points past U+10FFFF pass, which is enough to tell
 * text from binary.
 */
size_t utf8_seq_loose(const unsigned char *s, size_t len);

/* Code point @cp (at most U+10FFFF) as UTF-8 into @buf (room for 4
 * bytes); returns the bytes written. */
size_t utf8_put(char *buf, uint32_t cp);

/* Are the next 8 bytes at @s (at least 8 there) all ASCII? */
static inline int utf8_ascii8(const unsigned char *s)
{
	uint64_t eight;

	memcpy(&eight, s, 8);
	return !(eight & 0x8080808080808080ull);
}

/* Is [@s, @s + @len) valid UTF-8 throughout?  ASCII 8 bytes at a time. */
static inline int utf8_valid_span(const unsigned char *s, size_t len)
{
	while (len) {
		size_t n;

		if (len >= 8 && utf8_ascii8(s)) {
			s += 8, len -= 8;
			continue;
		}
		if (*s < 0x80)
			n = 1;
		else if (!(n = utf8_seq(s, len, NULL)))
			return 0;
		s += n, len -= n;
	}
	return 1;
}

/*
 * The characters in [@s, @s + @len) as a decoder that drops what does
 * not decode counts them (Python's errors="ignore"): a valid sequence
 * counts one, an invalid byte (or the valid start of a cut sequence)
 * none.  ASCII 8 bytes at a time.
 */
static inline size_t utf8_chars(const unsigned char *s, size_t len)
{
	size_t count = 0;

	while (len) {
		size_t n;

		if (len >= 8 && utf8_ascii8(s)) {
			s += 8, len -= 8, count += 8;
			continue;
		}
		if (*s < 0x80)
			n = 1;
		else if (!(n = utf8_seq(s, len, NULL))) {
			s++, len--;	/* dropped */
			continue;
		}
		s += n, len -= n, count++;
	}
	return count;
}

#endif
