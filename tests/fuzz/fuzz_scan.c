// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_scan: libFuzzer harness for index/spdx/scan.c.  The first byte says
 * whether the file goes on past the head (its low bit), the rest is the
 * head; the expression found is then parsed and checked, as the index
 * would.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spdx/expr.h"
#include "spdx/scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scan_result r;
	struct expr_error err;
	struct expr *e;

	if (!size)
		return 0;
	if (scan_head((const char *)data + 1, size - 1, data[0] & 1, &r))
		return 0;
	if (r.line > SCAN_MAXLINES || r.ntags > SCAN_MAXLINES ||
	    (r.status != ST_UNTAGGED) != (r.expr != NULL) ||
	    strnlen(r.leader, sizeof(r.leader)) == sizeof(r.leader) ||
	    ((r.flags & SCAN_F_LONG_LINE) && !(r.flags & SCAN_F_TRUNCATED)))
		__builtin_trap();	/* a result scan.h says cannot be */
	if (r.expr) {
		if (r.col > size)
			__builtin_trap();
		expr_kernel_strict(r.expr, strlen(r.expr), &err);
		if (!expr_parse(&e, r.expr, strlen(r.expr), &err))
			expr_free(e);
	}
	scan_result_release(&r);
	return 0;
}
