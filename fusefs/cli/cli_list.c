// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_list: the "list" command, one line per file (report.h).
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_list.h"
#include "filter.h"
#include "index.h"
#include "report.h"

static const char list_help[] =
	"Print one line per regular file of TREE, sorted by path:\n"
	"PATH<TAB>STATUS<TAB>LINE<TAB>EXPRESSION (as written; empty if none),\n"
	"with -z PATH<NUL>STATUS<TAB>LINE<TAB>EXPRESSION<NUL>.\n"
	"STATUS is tagged, misplaced, untagged, invalid, excluded or error.\n\n"
	"      --copyright  add a column: the file's copyright statements, ' / '\n"
	"                   between them (--json has them always)\n";

/* list's options: the filters, and --copyright. */
struct list_args {
	struct file_filter flt;
	unsigned cols;		/* enum report_col */
};

static int list_args_opt(int c, void *arg)
{
	struct list_args *a = arg;

	if (c == 'c') {
		a->cols |= REPORT_COL_COPYRIGHT;
		return 1;
	}
	return cli_filter_opt(c, &a->flt);
}

int cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_COMMON_OPTS, CLI_FILTER_OPTS, CLI_REV_OPT,
		{ "copyright", no_argument, NULL, 'c' }, { 0 }
	};
	static const char *const help[] = {
		list_help, cli_tree_help, "\n", cli_filter_help, cli_index_help,
		cli_rev_help, cli_nul_help, cli_common_help, cli_quoting_help, NULL
	};
	struct list_args la = { { 0 }, 0 };
	struct file_filter *flt = &la.flt;
	const struct cli_cmd_opts co = {
		"list", "[OPTION]... [TREE [PATH]... | PATH...]", "aj:qhz",
		longopts, help, 0, SIZE_MAX, list_args_opt, &la
	};
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files;
	enum report_format fmt;
	struct cli_tree t;
	size_t n;
	int r;

	r = cli_parse_cmd_tree(argc, argv, &co, &o, &fmt, &t);
	if (r >= 0)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, flt, &files, &n);
	if (!r)
		report_files_cols(stdout, fmt, t.idx, files, n, la.cols);
	free(files);
	file_filter_release(flt);
	cli_tree_close(&t);
	return r;
}
