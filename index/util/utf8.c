// SPDX-License-Identifier: GPL-2.0-only
/*
 * utf8: UTF-8 sequences checked and written (utf8.h).
 */
#include <string.h>

#include "util/utf8.h"

size_t utf8_seq(const unsigned char *s, size_t len, uint32_t *cpp)
{
	uint32_t cp;
	size_t n;

	if (s[0] < 0x80) {
		n = 1, cp = s[0];
		goto out;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n > len)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
out:
	if (cpp)
		*cpp = cp;
	return n;
}

int utf8_valid(const char *s)
{
	return utf8_valid_span((const unsigned char *)s, strlen(s));
}

size_t utf8_seq_loose(const unsigned char *s, size_t len)
{
	size_t n = s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : s[0] >= 0xe0 && s[0] < 0xf0 ? 3 :
		   s[0] >= 0xf0 && s[0] < 0xf5 ? 4 : 0;

	if (!n || n > len)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

size_t utf8_put(char *buf, uint32_t cp)
{
	if (cp < 0x80) {
		buf[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		buf[0] = 0xc0 | cp >> 6;
		buf[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		buf[0] = 0xe0 | cp >> 12;
		buf[1] = 0x80 | (cp >> 6 & 0x3f);
		buf[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	buf[0] = 0xf0 | cp >> 18;
	buf[1] = 0x80 | (cp >> 12 & 0x3f);
	buf[2] = 0x80 | (cp >> 6 & 0x3f);
	buf[3] = 0x80 | (cp & 0x3f);
	return 4;
}
