/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * toml: the subset of TOML 1.0 that a REUSE.toml file uses, and nothing
 * more.  Debian 12 ships no C TOML library, so spdxfs reads this much
 * itself and refuses the rest with one line naming the file, the line and
 * what is not supported, rather than guessing.
 *
 * Accepted:
 *  - comments ("# ..." to the end of a line), blank lines, LF or CRLF;
 *  - "key = value" pairs, a key bare ([A-Za-z0-9_-]+) or a basic string;
 *  - values: a basic string ("...", with the escapes \b \t \n \f \r \" \\
 *    \uXXXX \UXXXXXXXX), a literal string ('...'), a decimal integer, an
 *    array of strings (one or more lines, a trailing comma allowed);
 *  - "[[name]]" headers: each starts a new table of the array @name.
 * Refused (-EINVAL, "FILE:LINE: unsupported TOML: WHAT"): "[table]"
 * headers, dotted keys, inline tables, multi-line strings, floats,
 * booleans, dates, arrays of anything but strings, nested arrays; also a
 * key given twice in one table, a control character in a string, a NUL
 * byte anywhere, text after a value.
 *
 * The parser is a pure function over a buffer; the document it returns
 * is owned by the caller (toml_free()) and never changes, so any number
 * of threads may read it.
 */
#ifndef SPDXFS_TOML_H
#define SPDXFS_TOML_H

#include <stddef.h>

struct spdx_error;

enum toml_type {
	TOML_INT,
	TOML_STRING,		/* str[0], nstr 1 */
	TOML_ARRAY,		/* of strings: str[0..nstr) */
};

struct toml_value {
	enum toml_type type;
	long long num;		/* TOML_INT */
	char **str;		/* NUL-terminated UTF-8 (a string may hold no
				   NUL: \u0000 is refused) */
	size_t nstr;
};

struct toml_pair {
	char *key;
	unsigned line;		/* 1-based, for messages */
	struct toml_value val;
};

/* The top-level table (name NULL, always tables[0]) or one element of an
 * array of tables, in the order of the file. */
struct toml_table {
	char *name;
	unsigned line;
	struct toml_pair *pairs;
	size_t npairs;
};

struct toml_doc {
	struct toml_table *tables;
	size_t ntables;		/* >= 1 */
};

/*
 * Parse @len bytes at @text; @name is the file's name for messages.
 * Returns 0 with *@out set, -EINVAL with @err filled as above, or
 * -ENOMEM.
 */
int toml_parse(struct toml_doc **out, const char *text, size_t len,
	       const char *name, struct spdx_error *err);
void toml_free(struct toml_doc *doc);

/* The value of @key in @t, or NULL. */
const struct toml_value *toml_get(const struct toml_table *t, const char *key);

#endif
