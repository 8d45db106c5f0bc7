// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_scan: the "scan" command, a tree's summary and its charts (report.h,
 * chart.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "history/chart.h"
#include "cli/cli.h"
#include "cli/cli_scan.h"
#include "util/error.h"
#include "index.h"
#include "modscan.h"
#include "report.h"
#include "reuse/reuse.h"

/* Chart @backlog or the licenses' of @idx into @path; 0, or 2 after a
 * one-line error. */
static int write_svg(const char *path, int backlog, const struct summary *s,
		     const struct spdx_index *idx)
{
	FILE *f = path ? fopen(path, "w") : NULL;
	int ret, bad;

	if (!path)
		return 0;
	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return 2;
	}
	ret = backlog ? chart_backlog_svg(f, idx, 1) : chart_licenses_svg(f, s);
	bad = ferror(f);
	errno = EIO;
	if ((fclose(f) || bad) && !ret)
		ret = -errno;
	if (ret)
		cli_error("%s: %s", path, strerror(-ret));
	return ret ? 2 : 0;
}

static const char scan_help[] =
	"Build or refresh the index of TREE and print a summary.\n\n"
	"      --svg FILE   also write the chart of files per license\n"
	"                   to FILE (SVG), as the mount's charts/licenses.svg\n"
	"      --backlog-svg FILE  the chart of tagged and untagged files\n"
	"                   per top-level directory, as charts/backlog.svg\n"
	"      --modules    also count the MODULE_LICENSE() calls per class,\n"
	"                   as 'check --modules' (reads whole .c files)\n";

/* scan --svg FILE, --backlog-svg FILE: where the charts go, or NULL;
 * scan --modules. */
struct svg_opts {
	const char *licenses, *backlog;
	int modules;
};

static int svg_opt(int c, void *arg)
{
	struct svg_opts *svg = arg;

	if (c == 'M')
		return (svg->modules = 1);
	if (c != 'G' && c != 'B')
		return 0;
	*(c == 'G' ? &svg->licenses : &svg->backlog) = optarg;
	return 1;
}

/* scan --modules: the module counts of @files into @s; 0 or 2 after a
 * message. */
static int scan_modules(struct summary *s, struct cli_tree *t,
			const struct spdx_file **files, size_t n,
			const struct cli_index_opts *o)
{
	struct spdx_error err = { 0 };
	struct modscan *m;

	if (modscan_run(&m, t->src, t->idx, files, n, o->nthreads, NULL, &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	summary_add_modules(s, m->count, m->nfiles);
	modscan_free(m);
	return 0;
}

int cmd_scan(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_COMMON_OPTS, CLI_REV_OPT,
		{ "svg", required_argument, NULL, 'G' },
		{ "backlog-svg", required_argument, NULL, 'B' },
		{ "modules", no_argument, NULL, 'M' },
		{ 0 }
	};
	static const char *const help[] = {
		scan_help, cli_tree_help, "\n", cli_index_help, cli_rev_help,
		cli_common_help, NULL
	};
	struct svg_opts svg = { 0 };
	const struct cli_cmd_opts co = {
		"scan", "[OPTION]... [TREE [PATH]... | PATH...]", "aj:qh",
		longopts, help, 0, SIZE_MAX, svg_opt, &svg
	};
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files;
	enum report_format fmt;
	struct cli_tree t;
	struct summary s;
	size_t n;
	int r;

	r = cli_parse_cmd_tree(argc, argv, &co, &o, &fmt, &t);
	if (r >= 0)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, NULL, &files, &n);
	if (r)
		goto out;
	if (summary_compute_under(&s, t.idx, files, n, t.where.under)) {
		cli_error("out of memory");
		r = 2;
	} else if (svg.modules && (r = scan_modules(&s, &t, files, n, &o))) {
		summary_release(&s);
	} else {
		report_summary(stdout, fmt, &s);
		r = write_svg(svg.licenses, 0, &s, t.idx);
		r = r ? r : write_svg(svg.backlog, 1, &s, t.idx);
		summary_release(&s);
	}
	free(files);
	if (!o.quiet && fmt == REPORT_TEXT && reuse_tree_is(t.idx))
		fputs("spdxfs: layout: a REUSE tree (LICENSES/<ID>.txt), read as "
		      "REUSE 3.3 defines it\n", stderr);
	if (!o.quiet && fmt == REPORT_TEXT && isatty(STDERR_FILENO))
		fprintf(stderr, "spdxfs: %zu of %zu files read\n",
			t.idx->rescanned, t.idx->nfiles);
out:
	cli_tree_close(&t);
	return r;
}
