/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * utf8: where a valid UTF-8 sequence ends, for the writers that escape
 * or replace what their format cannot hold (json.c, xml.c, tag-value's
 * replacements).  Valid: the shortest form, no surrogate, nothing past
 * U+10FFFF.  Pure functions: any thread.
 */
#ifndef SPDXFS_UTF8_H
#define SPDXFS_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * The length of the valid UTF-8 sequence at @s (at most @len bytes, @len
 * > 0), its code point in *@cp when @cp is not NULL; or 0 when the byte
 * at @s does not start one: overlong forms, surrogates and code points
 * past U+10FFFF are not valid.
 */
size_t utf8_seq(const unsigned char *s, size_t len, uint32_t *cp);

/* Is the string @s valid UTF-8 throughout? */
int utf8_valid(const char *s);

#endif
