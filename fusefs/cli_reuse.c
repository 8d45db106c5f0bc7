// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_reuse: "spdxfs check" on a REUSE tree.
 */
#include <stdio.h>

#include "cli.h"
#include "cli_reuse.h"
#include "error.h"
#include "report_reuse.h"
#include "reuse.h"

int cli_reuse_check(struct cli_tree *t, enum report_format fmt, int verbose)
{
	struct reuse_tree *rt;
	struct spdx_error err;
	struct reuse_lint l;
	int r;

	r = reuse_read(&rt, t->src, t->idx, &err);
	if (r) {
		cli_error("%s", err.msg);
		return 2;
	}
	if (reuse_lint(&l, rt)) {
		reuse_free(rt);
		cli_error("out of memory");
		return 2;
	}
	report_reuse_check(stdout, fmt, verbose, rt, &l);
	r = l.compliant ? 0 : 1;
	reuse_lint_release(&l);
	reuse_free(rt);
	return r;
}
