// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_show: the "show" command, all that is known of some files (show.h).
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_show.h"
#include "util/error.h"
#include "util/grow.h"
#include "index.h"
#include "modscan.h"
#include "report.h"
#include "show.h"
#include "source/source.h"
#include "series/suggest.h"

static const char show_help[] =
	"All spdxfs knows of each file PATH names: its status and tag line, the\n"
	"expression as written and in today's SPDX spelling, the LICENSES/\n"
	"files it names, the licenses of LICENSES/ under which the file may be\n"
	"used, whether it is a uapi file and names Linux-syscall-note, its\n"
	"MODULE_LICENSE() calls with their class as 'check --modules' gives\n"
	"them (in a tree with license-rules.rst's table), and for\n"
	"an untagged file what 'spdxfs tag' would write, and why.  A directory\n"
	"shows each file beneath it.  PATHs are relative to the current\n"
	"directory, or absolute; the tree is the one holding the first PATH\n"
	"(its root found as for 'spdxfs scan').\n\n";

static int file_ptr_cmp(const void *a, const void *b)
{
	const struct spdx_file *x = *(const struct spdx_file *const *)a;
	const struct spdx_file *y = *(const struct spdx_file *const *)b;

	return x < y ? -1 : x > y;
}

/*
 * The MODULE_LICENSE() calls of @files, classed as check --modules
 * does, into *@m: NULL in a tree without license-rules.rst's table.
 * modscan_find() wants them in the index's order, which is their
 * addresses' order.  0, or 2 after a one-line error.
 */
static int show_modules(struct cli_tree *t, const struct spdx_file *const *files,
			size_t n, struct modscan **m)
{
	const struct spdx_file **sorted = alloc_array(n ? n : 1, sizeof(*sorted));
	struct spdx_error err = { 0 };
	int ret;

	*m = NULL;
	if (!sorted) {
		cli_error("out of memory");
		return 2;
	}
	memcpy(sorted, files, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), file_ptr_cmp);
	ret = modscan_run(m, t->src, t->idx, sorted, n, t->opts.nthreads, NULL,
			  &err);
	free(sorted);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		cli_error("%s", err.msg);
	return ret ? 2 : 0;
}

/* What show says of each of @files, printed. */
static int show_files(struct cli_tree *t, enum report_format fmt,
		      const struct spdx_file *const *files, size_t n)
{
	struct show_info *si = alloc_array(n ? n : 1, sizeof(*si));
	struct modscan *m = NULL;
	size_t done = 0;
	int r;

	if (!si) {
		cli_error("out of memory");
		return 2;
	}
	r = show_modules(t, files, n, &m);
	for (; !r && done < n; done++) {
		if (show_file(&si[done], t->idx, files[done])) {
			cli_error("out of memory");
			r = 2;
			break;
		}
		if (show_suggest(&si[done], t->src, t->idx, files[done])) {
			show_info_release(&si[done]);
			cli_error("out of memory");
			r = 2;
			break;
		}
		si[done].module = m ? modscan_find(m, files[done]) : NULL;
	}
	if (!r)
		report_show(stdout, fmt, si, n);
	for (size_t i = 0; i < done; i++)
		show_info_release(&si[i]);
	modscan_free(m);
	free(si);
	return r;
}

int cmd_show(int argc, char **argv)
{
	static const struct option longopts[] = { CLI_COMMON_OPTS, { 0 } };
	static const char *const help[] = {
		show_help, cli_index_help, cli_common_help, NULL
	};
	static const struct cli_cmd_opts co = {
		"show", "[OPTION]... PATH...", "aj:qh", longopts, help,
		1, SIZE_MAX, NULL, NULL
	};
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files = NULL;
	enum report_format fmt;
	struct cli_tree t;
	size_t n;
	int r;

	r = cli_parse_cmd(argc, argv, &co, &o, &fmt);
	if (r >= 0)
		return r;
	r = cli_tree_open_args(&t, argv + optind, argc - optind, &o,
			       CLI_PATHS_ONLY);
	if (r)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, NULL, &files, &n);
	if (!r)
		r = show_files(&t, fmt, files, n);
	free(files);
	cli_tree_close(&t);
	return r;
}
