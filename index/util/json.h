/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json: one way to write JSON, to a FILE * the caller hands in.
 *
 * The writer keeps the nesting, the commas and the escaping, so callers
 * only say what comes next.  Each container is opened in one of two
 * layouts: JSON_BLOCK puts every member on a line of its own, indented
 * two spaces per level; JSON_INLINE keeps the members on one line,
 * separated by ", ".  A writer made with JSON_COMPACT ignores the layouts
 * and writes no white space at all; one made with JSON_PRETTY writes
 * every container as a block.
 *
 * Strings are written as UTF-8.  A byte that is not part of a valid UTF-8
 * sequence (a file name in another encoding) is written as the escape
 * \udcXX, XX its value in hex: the "surrogateescape" convention of
 * Python's PEP 383, which JSON parsers accept and which maps back to the
 * original bytes.  NUL and the other control characters are escaped too,
 * so any byte string round-trips and no output line can be forged.
 *
 * The writer checks its own use: a member without a key in an object, a
 * key in an array, a close that does not match, more than JSON_MAX_DEPTH
 * levels.  Such a misuse is a bug in the caller: it is recorded in
 * w->misuse (tests assert it stays 0) and the output goes on as best it
 * can.  Write errors are the FILE's: check ferror() at the end.
 */
#ifndef SPDXFS_JSON_H
#define SPDXFS_JSON_H

#include <stdint.h>
#include <stdio.h>

enum json_layout {
	JSON_BLOCK,
	JSON_INLINE,
};

enum json_mode {
	JSON_AS_ASKED,		/* each container as its layout says */
	JSON_COMPACT,		/* no white space */
	JSON_PRETTY,		/* every container as a block */
};

#define JSON_MAX_DEPTH 32

struct json_writer {
	FILE *out;
	enum json_mode mode;
	int depth;
	int misuse;		/* how often the caller broke the rules */
	/* per open level: is it an object, a block, still empty; does a
	 * key wait for its value? */
	uint64_t object, block, empty;
	int want_value;
};

void json_init(struct json_writer *w, FILE *out, enum json_mode mode);

void json_object_begin(struct json_writer *w, enum json_layout layout);
void json_object_end(struct json_writer *w);
void json_array_begin(struct json_writer *w, enum json_layout layout);
void json_array_end(struct json_writer *w);

/* The key of the next member of the current object. */
void json_key(struct json_writer *w, const char *key);

void json_string(struct json_writer *w, const char *s);
void json_string_len(struct json_writer *w, const char *s, size_t len);
void json_uint(struct json_writer *w, uint64_t v);
void json_int(struct json_writer *w, int64_t v);
void json_bool(struct json_writer *w, int v);
void json_null(struct json_writer *w);
/* @s, or null when @s is NULL. */
void json_string_or_null(struct json_writer *w, const char *s);

/* Finish the document: a newline after the top-level value.  Returns 0,
 * or -EINVAL when containers are still open or the writer was misused. */
int json_end(struct json_writer *w);

/* A key and its value in one call. */
static inline void json_kv_string(struct json_writer *w, const char *k,
				  const char *s)
{
	json_key(w, k);
	json_string(w, s);
}

static inline void json_kv_uint(struct json_writer *w, const char *k, uint64_t v)
{
	json_key(w, k);
	json_uint(w, v);
}

static inline void json_kv_bool(struct json_writer *w, const char *k, int v)
{
	json_key(w, k);
	json_bool(w, v);
}

/* Write @s as a JSON string literal, escaped as above, with no writer. */
void json_quote(FILE *out, const char *s, size_t len);

#endif
