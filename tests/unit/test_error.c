// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_error: the library's error type and alloc_array().
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>

#include "error.h"
#include "grow.h"
#include "tap.h"

/* A function with a format of its own, as a library module has. */
static int fail(struct spdx_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct spdx_error *err, int code, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = spdx_error_vset(err, code, fmt, ap);
	va_end(ap);
	return ret;
}

int main(void)
{
	struct spdx_error err;
	char big[2 * SPDX_ERROR_MAX];
	void *p;

	spdx_error_clear(&err);
	is_int(err.code, 0, "cleared: no code");
	is_str(err.msg, "", "cleared: no message");
	is_int(spdx_error_set(&err, -ENOENT, "%s: no LICENSES/ directory", "t"),
	       -ENOENT, "set returns its code");
	is_int(err.code, -ENOENT, "set fills the code");
	is_str(err.msg, "t: no LICENSES/ directory", "set fills the message");
	is_int(spdx_error_errno(&err, -EACCES, "%s", "a/b.c"), -EACCES,
	       "errno form returns its code");
	is_str(err.msg, "a/b.c: Permission denied", "errno form appends strerror");
	is_int(spdx_error_set(NULL, -EINVAL, "x"), -EINVAL, "NULL error: code only");
	is_int(fail(&err, -ENOTSUP, "%s/%s: not a thin archive", "b", "x.a"),
	       -ENOTSUP, "vset returns its code");
	is_int(err.code, -ENOTSUP, "vset fills the code");
	is_str(err.msg, "b/x.a: not a thin archive", "vset fills the message");
	is_int(fail(NULL, -EIO, "x"), -EIO, "vset, NULL error: code only");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	spdx_error_set(&err, -E2BIG, "%s", big);
	is_int(strlen(err.msg), SPDX_ERROR_MAX - 1, "long message cut, terminated");
	spdx_error_errno(&err, -EIO, "%s", big);
	is_int(strlen(err.msg), SPDX_ERROR_MAX - 1, "long errno message cut, terminated");

	p = alloc_array(0, 8);
	ok(p != NULL, "alloc_array(0) gives room for one");
	free(p);
	ok(alloc_array(SIZE_MAX / 4 + 1, 4) == NULL, "alloc_array refuses an overflow");
	p = alloc_array(16, 16);
	ok(p != NULL, "alloc_array(16, 16)");
	free(p);
	return tap_done();
}
