// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_error: the library's error type and alloc_array().
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/grow.h"
#include "tap.h"

/*
 * The VmFlags of the mapping holding all of [@p, @p + @size), from
 * /proc/self/smaps, into @flags; "" when no one mapping holds it.
 */
static const char *vm_flags(const void *p, size_t size, char *flags, size_t len)
{
	uintptr_t a = (uintptr_t)p, lo, hi;
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	int in = 0;

	flags[0] = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &lo, &hi) == 2 &&
		    strchr(line, '-') < strchr(line, ' '))
			in = lo <= a && a + size <= hi;
		else if (in && !strncmp(line, "VmFlags:", 8))
			snprintf(flags, len, "%.200s", line + 8);
	}
	if (f)
		fclose(f);
	return flags;
}

/* Does the kernel give transparent huge pages to those who ask? */
static int thp_on_request(void)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	char buf[128] = "";

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
	}
	return strstr(buf, "[madvise]") != NULL;
}

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
	/* 7 MB, as the kernel tree's file records: in huge pages, and its
	 * mapping still one piece, which realloc() can mremap(). */
	p = alloc_array(78000, 88);
	if (thp_on_request()) {
		char flags[256];

		ok(p && strstr(vm_flags(p, 78000 * 88, flags, sizeof(flags)), " hg"),
		   "alloc_array of 7 MB: one mapping, advised huge pages");
	} else {
		ok(1, "# SKIP transparent huge pages not given on request");
	}
	free(p);
	return tap_done();
}
