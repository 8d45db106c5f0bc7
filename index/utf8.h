/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * utf8: where a valid UTF-8 sequence ends, for the writers that must
 * tell text from other bytes (json.c's escapes, tag-value's
 * replacements).  Valid: the shortest form, no surrogate, nothing past
 * U+10FFFF.  Pure functions: any thread.
 */
#ifndef SPDXFS_UTF8_H
#define SPDXFS_UTF8_H

#include <stddef.h>

/* The length of the valid UTF-8 sequence at @s (at most @len bytes), or
 * 0 when the byte at @s does not start one. */
size_t utf8_seq(const unsigned char *s, size_t len);

/* Is the string @s valid UTF-8 throughout? */
int utf8_valid(const char *s);

#endif
