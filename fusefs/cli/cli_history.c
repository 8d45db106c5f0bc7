// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_history: "spdxfs history [--first-parent] [-n MAX] REPO [RANGE]".
 *
 * The rows are history_rows()' (history.h): the counts "scan --rev ID
 * REPO" gives, made incrementally from tree-to-tree diffs.  They are kept
 * until the end because --csv has one column per license any commit
 * names.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history/chart.h"
#include "cli/cli.h"
#include "cli/cli_history.h"
#include "cli/cli_rev.h"
#include "util/error.h"
#include "git/gitinfo.h"
#include "history/history.h"
#include "report.h"

static const char history_help[] =
	"For each commit of RANGE of the git repository REPO (A..B, or one\n"
	"revision meaning its history; default HEAD), oldest first, print\n"
	"its commit date (ISO 8601, UTC), id, the counts 'spdxfs scan --rev\n"
	"ID REPO' reports (files, tagged, misplaced, untagged, invalid,\n"
	"excluded) and its subject; with --csv or --json also the files per\n"
	"license.  REPO defaults to the repository of the current directory:\n"
	"one operand is RANGE when it names revisions there and is no\n"
	"repository (both: REPO, said in one line on stderr).\n\n"
	"      --first-parent  follow only the first parent of merges\n"
	"  -n, --max-count MAX the newest MAX commits only\n"
	"      --csv           print CSV\n"
	"      --json          print JSON\n"
	"      --svg FILE      also write a chart of the untagged files and\n"
	"                      of the files per license over the commits\n"
	"  -h, --help          this help\n";

static const char usage_args[] = "[OPTION]... [REPO] [RANGE]";

struct history_args {
	int first_parent;
	enum report_format out;	/* text (a table), CSV or JSON */
	size_t max;
	const char *repo, *range, *svg;
	char *cwd_repo;		/* the current directory's, when REPO is it */
};

/* Is @dir a git repository, its top or its git directory? */
static int is_repo(const char *dir)
{
	char id[41];
	struct spdx_error err;
	int r;

	if (!cli_is_dir(dir))
		return 0;
	r = gitinfo_resolve(id, dir, NULL, &err);
	return !r || r == -ENODATA || r == -ENOENT;
}

/*
 * The operands @args (@n, at most one): REPO, or RANGE of the current
 * directory's repository, into @a.  0 to go on, else the exit status.
 */
static int history_operands(struct history_args *a, char *const *args,
			    size_t n)
{
	int repo, range;

	if (cli_cwd_repo(&a->cwd_repo))
		a->cwd_repo = NULL;
	if (!n) {
		if (!a->cwd_repo) {
			cli_error("the current directory is in no git "
				  "repository: name REPO");
			return 2;
		}
		a->repo = a->cwd_repo;
		return 0;
	}
	repo = is_repo(args[0]);
	range = a->cwd_repo && cli_is_rev(a->cwd_repo, args[0]);
	if (repo && range)
		fprintf(stderr, "spdxfs: %s read as a repository, not as a "
			"revision of %s (for that: spdxfs history %s %s)\n",
			args[0], a->cwd_repo, a->cwd_repo, args[0]);
	if (repo || !range) {
		a->repo = args[0];	/* not one: its open says why */
		return 0;
	}
	a->repo = a->cwd_repo;
	a->range = args[0];
	return 0;
}

/* 0 to go on, else the exit status. */
static int history_parse(int argc, char **argv, struct history_args *a)
{
	static const struct option longopts[] = {
		{ "first-parent", no_argument, NULL, 'F' },
		{ "max-count", required_argument, NULL, 'n' },
		{ "csv", no_argument, NULL, 'C' },
		{ "json", no_argument, NULL, 'J' },
		{ "svg", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	char *end;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'F':
			a->first_parent = 1;
			break;
		case 'n':
			a->max = strtoul(optarg, &end, 10);
			if (*end || !*optarg || *optarg == '-' || !a->max) {
				cli_error("-n: '%s' is not a positive number",
					  optarg);
				return 2;
			}
			break;
		case 'C':
			a->out = REPORT_CSV;
			break;
		case 'J':
			a->out = REPORT_JSON;
			break;
		case 'S':
			a->svg = optarg;
			break;
		case 'h':
			printf("usage: spdxfs history %s\n%s", usage_args,
			       history_help);
			return 0;
		default:
			return cli_bad_usage("history", usage_args);
		}
	}
	if (argc - optind > 2)
		return cli_bad_usage("history", usage_args);
	if (argc - optind < 2)
		return history_operands(a, argv + optind, argc - optind);
	a->repo = argv[optind];
	a->range = argv[optind + 1];
	return 0;
}

/* The chart into file @path: 0, or 2 after a one-line error. */
static int write_svg(const char *path, const struct history_commit *c,
		     const struct history_row *rows, size_t n)
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return 2;
	}
	if (chart_history_svg(f, c, rows, n)) {
		fclose(f);
		cli_error("out of memory");
		return 2;
	}
	bad = ferror(f);
	if (fclose(f) || bad) {
		cli_error("%s: %s", path, strerror(errno ? errno : EIO));
		return 2;
	}
	return 0;
}

int cmd_history(int argc, char **argv)
{
	struct history_args a = { 0 };
	struct spdx_error err = { 0 };
	struct history_commit *c = NULL;
	struct history_opts ho = { 0 };
	struct history_row *rows = NULL;
	size_t n = 0;
	int r;

	r = history_parse(argc, argv, &a);
	if (r || !a.repo) {
		free(a.cwd_repo);
		return r;
	}
	if (history_list(&c, &n, a.repo, a.range, a.first_parent, a.max,
			 &err)) {
		cli_error("%s", err.msg);
		free(a.cwd_repo);
		return 2;
	}
	for (size_t i = 0; i < n; i++)
		if (c[i].shallow) {	/* once: the oldest such */
			cli_error("%s: a shallow clone: its history stops at "
				  "%.12s, the commits before it are not there",
				  a.repo, c[i].id);
			break;
		}
	if (history_rows(&rows, a.repo, c, n, &ho, &err)) {
		cli_error("%s", err.msg);
		r = 2;
		goto out;
	}
	if (a.svg) {
		errno = 0;
		r = write_svg(a.svg, c, rows, n);
		if (r)
			goto out;
	}
	if (history_write(stdout, a.out, c, rows, n)) {
		cli_error("out of memory");
		r = 2;
		goto out;
	}
	if (fflush(stdout) || ferror(stdout)) {
		cli_error("writing the output failed");
		r = 2;
	}
out:
	history_rows_free(rows, rows ? n : 0);
	history_free(c, n);
	free(a.cwd_repo);
	return r;
}
