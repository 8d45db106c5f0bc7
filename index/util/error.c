// SPDX-License-Identifier: GPL-2.0-only
/*
 * error: filling the library's error type (see error.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/error.h"

int spdx_error_vset(struct spdx_error *err, int code, const char *fmt,
		    va_list ap)
{
	if (err) {
		err->code = code;
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	}
	return code;
}

int spdx_error_set(struct spdx_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	spdx_error_vset(err, code, fmt, ap);
	va_end(ap);
	return code;
}

int spdx_error_errno(struct spdx_error *err, int code, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	if (!err)
		return code;
	va_start(ap, fmt);
	spdx_error_vset(err, code, fmt, ap);
	va_end(ap);
	n = strlen(err->msg);
	snprintf(err->msg + n, sizeof(err->msg) - n, ": %s", strerror(-code));
	return code;
}
