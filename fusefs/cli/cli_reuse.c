// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_reuse: "spdxfs check" on a REUSE tree.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "cli/cli.h"
#include "cli/cli_reuse.h"
#include "util/error.h"
#include "util/grow.h"
#include "index.h"
#include "report_reuse.h"
#include "reuse/reuse.h"

/* Does @f lack what REUSE asks of a file: the lint names it? */
static int lacks_reuse(const struct spdx_file *f, void *arg)
{
	const struct reuse_file *rf = reuse_lookup(arg, f->path);

	if (!rf)
		return f->status == ST_ERROR;
	return rf->error || !rf->ncopyrights || !rf->nexprs;
}

static int report_lacking_or_dirs(const struct cli_reuse_opts *o,
			const struct reuse_tree *rt,
			const struct spdx_file *const *files, size_t n)
{
	struct check_dir *dirs;
	size_t ndirs, found;

	if (!o->dirs)
		return report_lacking_by(stdout, o->fmt, files, n, lacks_reuse,
					 (void *)rt) ? 1 : 0;
	if (check_dirs_by(&dirs, &ndirs, files, n, o->depth, lacks_reuse,
			  (void *)rt)) {
		cli_error("out of memory");
		return 2;
	}
	found = report_dirs(stdout, o->fmt, dirs, ndirs);
	check_dirs_free(dirs, ndirs);
	return found ? 1 : 0;
}

static int lint(const struct cli_reuse_opts *o, const struct reuse_tree *rt,
		const struct spdx_file *const *files, size_t n)
{
	const struct reuse_file **sel = NULL;
	struct reuse_lint l;
	size_t nsel = 0;
	int r;

	if (!o->whole) {
		sel = alloc_array(n ? n : 1, sizeof(*sel));
		if (!sel) {
			cli_error("out of memory");
			return 2;
		}
		for (size_t i = 0; i < n; i++) {
			const struct reuse_file *rf = reuse_lookup(rt, files[i]->path);

			if (rf)
				sel[nsel++] = rf;
		}
	}
	if (reuse_lint_files(&l, rt, sel, nsel)) {
		free(sel);
		cli_error("out of memory");
		return 2;
	}
	report_reuse_check(stdout, o->fmt, o->verbose, rt, &l);
	r = l.compliant ? 0 : 1;
	reuse_lint_release(&l);
	free(sel);
	return r;
}

int cli_reuse_check(struct cli_tree *t, const struct cli_reuse_opts *o,
		    const struct spdx_file *const *files, size_t n)
{
	struct reuse_tree *own = NULL;
	const struct reuse_tree *rt = t->idx->reuse;
	struct spdx_error err;
	int r;

	/* The build's reading, unless the index was made without it. */
	if (!rt) {
		if (reuse_read(&own, t->src, t->idx, &err)) {
			cli_error("%s", err.msg);
			return 2;
		}
		rt = own;
	}
	if (o->files || o->dirs)
		r = report_lacking_or_dirs(o, rt, files, n);
	else
		r = lint(o, rt, files, n);
	reuse_free(own);
	return r;
}
