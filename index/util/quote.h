/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * quote: paths in text output, quoted as git quotes them (core.quotePath
 * true, its default), so that no file name can forge a line or a field.
 *
 * A path holding a byte below 0x20, '"', '\\', DEL (0x7f) or a byte from
 * 0x80 up is written between double quotes, each such byte escaped: \a
 * \b \t \n \v \f \r \" \\ for those characters, \ooo (three octal digits)
 * for the others, so a UTF-8 "é" is "\303\251".  Any other path, spaces
 * included, is written as it is.  These are the bytes "git ls-files"
 * prints for the same names.
 */
#ifndef SPDXFS_QUOTE_H
#define SPDXFS_QUOTE_H

#include <stddef.h>
#include <stdio.h>

/* Whether the @len bytes at @s must be quoted. */
int quote_needed(const char *s, size_t len);

/* Write the @len bytes at @s, quoted if needed; returns the bytes written. */
size_t quote_path(FILE *out, const char *s, size_t len);

/* The same bytes as quote_path() for the string @s into @buf of @size
 * bytes, cut to fit and NUL-terminated: for a message (error.h). */
const char *quote_path_str(char *buf, size_t size, const char *s);

/* Room for a quoted path of PATH_MAX bytes: each may take four. */
#define QUOTE_PATH_ROOM (4 * 4096 + 3)

/* Write "./DIR/" for the directory of @len bytes at @dir ("./" when @len
 * is 0), quoted as one path if needed; returns the bytes written. */
size_t quote_dir(FILE *out, const char *dir, size_t len);

#endif
