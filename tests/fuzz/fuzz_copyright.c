// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_copyright: libFuzzer harness for index/copyright.c.  The first
 * byte says whether the file goes on past the head (its low bit), the
 * rest is the head; the result is checked against what copyright.h
 * promises of it.  The other bits say where a first read of it ends: the
 * head read in two by a scanner (copyright_scanner_feed()) must give
 * what one copyright_scan() gives of the buffer the index ends with, and
 * a first read that says it is settled what the whole head gives.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "copyright.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Is [s, s + n) valid UTF-8, as every statement must be? */
static int valid_utf8(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned c = s[i], k = c < 0x80 ? 0 : c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;

		if ((c >= 0x80 && c < 0xc2) || c > 0xf4 || i + k >= n + (k ? 0 : 1))
			return 0;
		for (unsigned j = 1; j <= k; j++)
			if ((s[i + j] & 0xc0) != 0x80)
				return 0;
		i += k + 1;
	}
	return 1;
}

/* Read in two, at @k of the head @in, @len bytes: as in one. */
static void check_split(const char *in, size_t len, int truncated, size_t k)
{
	static struct copyright_scanner *cs;
	struct copyright_found f;
	struct copyright_result r;

	if (!cs && !(cs = copyright_scanner_new()))
		return;
	copyright_scanner_start(cs, 0);
	if (copyright_scanner_feed(cs, in, k, 1, &f))
		return;
	if (copyright_scan(in, k, 1, &r))
		return;
	if (f.more != r.more)
		__builtin_trap();
	if (!f.more && f.settled && !memchr(in, '\0', len)) {
		/* settled: what all of the head gives, read or not */
		struct copyright_result all;

		if (copyright_scan(in, len, truncated, &all))
			return;
		if ((f.text == NULL) != (all.text == NULL) ||
		    (f.text && strcmp(f.text, all.text)))
			__builtin_trap();
		copyright_result_release(&all);
	}
	if (r.more) {
		copyright_result_release(&r);
		if (copyright_scanner_feed(cs, in, len, truncated, &f) ||
		    copyright_scan(in, len, truncated, &r))
			return;
	}
	if ((f.text == NULL) != (r.text == NULL) || f.n != r.n ||
	    f.more != r.more || (f.text && strcmp(f.text, r.text)))
		__builtin_trap();
	copyright_result_release(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct copyright_result r;
	const char *p;
	unsigned n = 0;

	if (!size)
		return 0;
	if (copyright_scan((const char *)data + 1, size - 1, data[0] & 1, &r))
		return 0;
	if ((r.text != NULL) != (r.n != 0) || r.n > COPYRIGHT_MAX_STATEMENTS ||
	    (r.more && !(data[0] & 1)))
		__builtin_trap();
	for (p = r.text; p && *p; n++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		/* no empty statement, no space at either end, none too long */
		if (!len || len > COPYRIGHT_MAX_STMT || p[0] == ' ' ||
		    p[len - 1] == ' ' || !valid_utf8((const unsigned char *)p, len))
			__builtin_trap();
		p += len + (nl != NULL);
	}
	if (n != r.n)
		__builtin_trap();
	copyright_result_release(&r);
	check_split((const char *)data + 1, size - 1, data[0] & 1,
		    (size - 1) * (data[0] >> 1) / 127);
	return 0;
}
