// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_expr: libFuzzer harness for index/spdx/expr.c.  The input is an
 * expression of exactly its size (libFuzzer's buffer ends where the input
 * does, so ASan sees any read past @len); what parses is also printed,
 * walked and asked about, and spdxcheck's grammar runs on it either way.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spdx/expr.h"

static int count_id(const char *id, size_t len, int plus, int is_exception,
		    void *arg)
{
	(*(size_t *)arg) += len + plus + is_exception;
	return strlen(id) == len ? 0 : 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct expr_error err;
	struct expr *e;
	char buf[64];
	size_t n = 0, need;

	expr_kernel_strict(text, size, &err);
	if (expr_parse(&e, text, size, &err))
		return 0;
	need = expr_canonical(e, NULL, buf, sizeof(buf));
	if (need >= sizeof(buf) && strlen(buf) != sizeof(buf) - 1)
		__builtin_trap();	/* truncated, but not terminated */
	if (expr_foreach_id(e, count_id, &n))
		__builtin_trap();	/* an id whose length is not its length */
	expr_usable_under(e, "GPL-2.0-only");
	expr_usable_under(e, "LGPL-2.1+");
	expr_free(e);
	return 0;
}
