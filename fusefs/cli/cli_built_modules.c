// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_built_modules: "spdxfs built --modules": per module of a build, the
 * license it declares, the .ko's, its sources and a verdict.
 */
#include <stdio.h>

#include "sbom/built_modules.h"
#include "sbom/built_report.h"
#include "cli/cli.h"
#include "cli/cli_built_modules.h"
#include "util/error.h"
#include "index.h"
#include "report.h"

int built_modules_main(const char *build_dir, const char *tree,
		       const struct cli_index_opts *o, enum report_format fmt)
{
	struct built_modules *bm = NULL;
	struct modlic_table table = { 0 };
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct spdx_error err = { 0 };
	size_t errors = 0;
	int r = 2;

	if (built_modules_collect(&bm, build_dir, &err)) {
		cli_error("%s", err.msg);
		goto out;
	}
	if (cli_open_index(tree ? tree : bm->srctree, o, &src, &idx))
		goto out;
	if (modlic_table_read(&table, src, &err)) {
		cli_error("%s", err.msg);
		goto out;
	}
	if (built_modules_judge(bm, &table, idx, src)) {
		cli_error("out of memory");
		goto out;
	}
	for (size_t i = 0; i < bm->n; i++)
		errors += bm->mods[i].verdict == BMOD_ERROR;
	report_built_modules(stdout, fmt, bm, idx);
	r = ferror(stdout) ? 2 : errors ? 1 : 0;
out:
	modlic_table_release(&table);
	built_modules_free(bm);
	index_free(idx);
	source_free(src);
	return r;
}
