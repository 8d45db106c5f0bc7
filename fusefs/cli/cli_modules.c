// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_modules: "spdxfs check --modules", each MODULE_LICENSE() call of a
 * tree against its file's SPDX tag (index/modlic.h).  The files are read
 * on several threads; the report is printed in path order.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_modules.h"
#include "util/error.h"
#include "index.h"
#include "modscan.h"
#include "report.h"

static const char modules_help[] =
	"Check each MODULE_LICENSE() call in the .c files of TREE (default: the\n"
	"current directory), or of the PATHs named, against its file's SPDX\n"
	"tag, with the table of valid strings read from the tree's\n"
	"Documentation/process/license-rules.rst.  One line per call:\n"
	"'PATH:LINE: \"DECLARED\" vs EXPRESSION: CLASS', CLASS one of\n"
	"consistent, contradiction (the declaration claims a license the tag\n"
	"does not grant), untagged (no valid tag: EXPRESSION is (untagged),\n"
	"(invalid) or (unreadable)), unknown (a string not in the table).\n"
	"Recognised: MODULE_LICENSE(\"...\") and MODULE_LICENSE(NAME) with\n"
	"#define NAME \"...\" in the same file or in a header it includes from\n"
	"its directory.  These are warnings: the exit status is 0 unless the\n"
	"command fails (2).  By default only the findings are listed, the\n"
	"contradictions and unknown strings; the counts of every class go to\n"
	"stderr unless -q.\n\n"
	"      --modules    this check (required)\n"
	"      --class CLASS,...\n"
	"                   list the calls of these classes instead: consistent,\n"
	"                   contradiction, untagged, unknown, or all\n"
	"      --consistent also the consistent calls\n"
	"  -a, --all        also files git ignores\n"
	"  -j, --jobs N     read files on N threads (default: one per CPU)\n"
	"      --no-cache   neither load nor save the saved index\n"
	"  -q, --quiet      no progress, no counts on stderr\n"
	"      --json       print JSON instead of text\n"
	"  -h, --help       this help\n";

#define USAGE_ARGS "--modules [OPTION]... [TREE [PATH]... | PATH...]"

/* The classes listed by default: the findings. */
#define FINDINGS (1u << MODLIC_CONTRADICTION | 1u << MODLIC_UNKNOWN)

struct modules_args {
	struct cli_index_opts index;
	enum report_format fmt;	/* text or JSON */
	unsigned classes;	/* 1u << enum modlic_class listed */
	char *const *args;	/* the operands */
	size_t nargs;
};

/* --class's comma-separated classes into @a: 0, or -1 after a one-line
 * error. */
static int class_parse(struct modules_args *a, const char *arg)
{
	a->classes = 0;
	for (const char *p = arg; ; p++) {
		size_t len = strcspn(p, ",");
		int c;

		for (c = 0; c < MODLIC__NCLASSES; c++)
			if (strlen(modlic_class_key(c)) == len &&
			    !strncmp(p, modlic_class_key(c), len))
				break;
		if (len == 3 && !strncmp(p, "all", 3)) {
			a->classes = ~0u;
		} else if (c == MODLIC__NCLASSES) {
			cli_error("--class: unknown class '%.*s' (consistent, "
				  "contradiction, untagged, unknown, all)",
				  (int)len, p);
			return -1;
		} else {
			a->classes |= 1u << c;
		}
		p += len;
		if (!*p)
			return 0;
	}
}

static void print_counts(const size_t *count, size_t nfiles)
{
	size_t calls = 0;

	for (int c = 0; c < MODLIC__NCLASSES; c++)
		calls += count[c];
	fprintf(stderr, "MODULE_LICENSE(): %zu calls in %zu files: %zu consistent, "
		"%zu contradictions, %zu untagged or invalid, %zu unknown\n",
		calls, nfiles, count[MODLIC_CONSISTENT],
		count[MODLIC_CONTRADICTION], count[MODLIC_UNTAGGED],
		count[MODLIC_UNKNOWN]);
}

/* Options into @a; -1 to go on, else an exit status. */
static int modules_parse(int argc, char **argv, struct modules_args *a)
{
	static const struct option longopts[] = {
		CLI_INDEX_OPTS,
		{ "modules", no_argument, NULL, 'M' },
		{ "consistent", no_argument, NULL, 'v' },
		{ "class", required_argument, NULL, 'c' },
		CLI_REV_OPT,
		{ "json", no_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qh", longopts, NULL)) != -1) {
		if (c == 'h') {
			printf("usage: spdxfs check %s\n", USAGE_ARGS);
			fputs(modules_help, stdout);
			fputs(cli_rev_help, stdout);
			return 0;
		}
		if (c == 'M')
			continue;
		if (c == 'J') {
			a->fmt = REPORT_JSON;
			continue;
		}
		if (c == 'v') {
			a->classes |= 1u << MODLIC_CONSISTENT;
			continue;
		}
		if (c == 'c' && class_parse(a, optarg))
			return 2;
		if (c == 'c')
			continue;
		r = cli_index_opt(c, &a->index);
		if (r < 0)
			return 2;
		if (!r)
			return cli_bad_usage("check", USAGE_ARGS);
	}
	a->args = argv + optind;
	a->nargs = argc - optind;
	return -1;
}

int cmd_check_modules(int argc, char **argv)
{
	struct modules_args a = { .classes = FINDINGS };
	const struct spdx_file **files = NULL;
	struct spdx_error err = { 0 };
	struct modscan *m = NULL;
	struct cli_tree t;
	size_t n = 0;
	int r;

	r = modules_parse(argc, argv, &a);
	if (r >= 0)
		return r;
	r = cli_tree_open_args(&t, a.args, a.nargs, &a.index, 0);
	if (r)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, NULL, &files, &n);
	if (r)
		goto out;
	r = 2;
	if (modscan_run(&m, t.src, t.idx, files, n, a.index.nthreads, NULL,
			&err)) {
		cli_error("%s", err.msg);
		goto out;
	}
	if (report_modules(stdout, a.fmt, m, a.classes)) {
		cli_error("out of memory");
		goto out;
	}
	fflush(stdout);
	if (!a.index.quiet)
		print_counts(m->count, m->nfiles);
	r = ferror(stdout) ? 2 : 0;
out:
	modscan_free(m);
	free(files);
	cli_tree_close(&t);
	return r;
}
