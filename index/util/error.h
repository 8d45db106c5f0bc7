/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * error: the one error type of the library.
 *
 * A function that can fail for a reason a person must read takes a
 * struct spdx_error * (last argument, may be NULL when the caller does
 * not want the message) and returns 0 or a negative errno.  On failure it
 * always fills the error: the same negative errno in @code and one line
 * in @msg that names the file and what was wrong, with no trailing
 * newline and no "spdxfs: " prefix (the command layer adds that).  On
 * success it leaves the error alone.  The library never prints it.
 *
 * A function whose steps say why for some failures only notes that they
 * did, and says "NAME: strerror" for the others, so that no failure goes
 * unsaid (built.c's collect_fail(), licenses.c's load_fail()).  A result
 * that carries warnings rather than a failure holds them as errors of
 * their own (struct index_refresh_result).  One detail type stays beside
 * this one: struct expr_error (expr.h), an expression's column and
 * spdxcheck's words, for the code that reports expressions.
 */
#ifndef SPDXFS_ERROR_H
#define SPDXFS_ERROR_H

#include <stdarg.h>

#define SPDX_ERROR_MAX 512

struct spdx_error {
	int code;		/* -errno; 0 while nothing failed */
	char msg[SPDX_ERROR_MAX];
};

/*
 * Fill @err (when not NULL) with @code and the formatted message, and
 * return @code, so that a failure path reads
 *	return spdx_error_set(err, -ENOENT, "%s: no LICENSES/ directory", root);
 * A message too long for the buffer is cut, never left unterminated.
 */
int spdx_error_set(struct spdx_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The same with strerror(-@code) appended after ": ". */
int spdx_error_errno(struct spdx_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* spdx_error_set() for a function that takes a format and arguments of
 * its own. */
int spdx_error_vset(struct spdx_error *err, int code, const char *fmt,
		    va_list ap) __attribute__((format(printf, 3, 0)));

static inline void spdx_error_clear(struct spdx_error *err)
{
	if (err) {
		err->code = 0;
		err->msg[0] = '\0';
	}
}

#endif
