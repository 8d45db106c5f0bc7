// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_diff: "spdxfs diff REV1 REV2 [REPO]" and "spdxfs diff DIR1 DIR2":
 * the license changes between two trees (diff.h), renames followed
 * between revisions as git finds them.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_diff.h"
#include "cli/cli_rev.h"
#include "history/diff.h"
#include "util/error.h"
#include "index.h"
#include "util/json.h"
#include "report.h"

static const char diff_help[] =
	"Print the license changes between two revisions REV1 and REV2 of\n"
	"the git repository REPO (default: the current directory), read from\n"
	"its objects with no checkout, or between two directories DIR1 and\n"
	"DIR2: one line per file whose status or expression differs,\n"
	"PATH<TAB>OLD_STATUS<TAB>OLD_EXPR<TAB>NEW_STATUS<TAB>NEW_EXPR<TAB>CLASS\n"
	"(status '-' where the file is not), then '<TAB>renamed from OLD' for a\n"
	"file that moved; then the summary: 'class<TAB>CLASS<TAB>N' for each\n"
	"class, 'renamed<TAB>N', 'transition<TAB>FROM<TAB>TO<TAB>N'.\n"
	"CLASS is added, removed, tagged (was untagged), untagged (lost its\n"
	"tag), changed (the expression, or another status), fixed (was\n"
	"invalid), broken (became invalid).  Renames are followed: between\n"
	"revisions as git finds them, between directories where a file's\n"
	"content moved unchanged.  Two operands are read as directories when\n"
	"both are, else as revisions of the current directory's repository;\n"
	"when both readings are possible, one line on stderr says which was\n"
	"taken.\n\n"
	"  -l, --lines      the lines only, no summary\n"
	"  -s, --summary    the summary only\n"
	"      --fail-on CLASS,...\n"
	"                   exit status 1 when a line has one of these classes\n"
	"      --json       print JSON instead of text\n"
	"  -h, --help       this help\n";

static const char usage_args[] =
	"[OPTION]... REV1 REV2 [REPO] | [OPTION]... DIR1 DIR2";

struct diff_args {
	struct cli_index_opts io;
	unsigned what;
	enum report_format fmt;	/* text or JSON */
	unsigned fail_on;	/* 1u << class */
	const char *names[3];
	int nnames;
	char *repo;		/* the current directory's, when REPO is it */
};

/* --fail-on's comma-separated classes into @a. */
static int fail_on_parse(struct diff_args *a, const char *arg)
{
	const char *p = arg;

	for (;;) {
		size_t len = strcspn(p, ",");
		int cls = diff_class_parse(p, len);

		if (cls < 0) {
			cli_error("--fail-on: unknown class '%.*s' (added, removed, "
				  "tagged, untagged, changed, fixed, broken)",
				  (int)len, p);
			return -1;
		}
		a->fail_on |= 1u << cls;
		if (!p[len])
			return 0;
		p += len + 1;
	}
}

/* Why the two operands of @a are neither two directories nor two
 * revisions of @repo (NULL: no repository here): one line, 2. */
static int neither(const struct diff_args *a, const char *repo)
{
	if (repo && cli_repo_check(repo))
		return 2;
	for (int k = 0; k < 2; k++) {
		const char *x = a->names[k];

		if (cli_is_dir(x) || (repo && cli_is_rev(repo, x)))
			continue;
		if (repo)
			cli_error("%s: neither a directory nor a revision of %s",
				  x, repo);
		else
			cli_error("%s: not a directory, and the current directory "
				  "is in no git repository (REV1 REV2 REPO)", x);
		return 2;
	}
	cli_error("%s, %s: a directory and a revision: name two of one kind",
		  a->names[0], a->names[1]);
	return 2;
}

/*
 * DIR1 DIR2, or REV1 REV2 of the current directory's repository: the
 * directories when both are, saying so when both are revisions too.
 * -1 to go on (a->names[2] the repository for revisions), else the exit
 * status.
 */
static int diff_reading(struct diff_args *a)
{
	int dirs = cli_is_dir(a->names[0]) && cli_is_dir(a->names[1]), revs;
	char *repo = NULL;

	if (cli_cwd_repo(&repo))
		repo = NULL;
	revs = repo && cli_is_rev(repo, a->names[0]) &&
	       cli_is_rev(repo, a->names[1]);
	if (dirs && revs)
		fprintf(stderr, "spdxfs: %s and %s read as directories, not as "
			"revisions of %s (for those: spdxfs diff %s %s %s)\n",
			a->names[0], a->names[1], repo, a->names[0],
			a->names[1], repo);
	if (!dirs && revs) {
		a->repo = repo;
		a->names[2] = repo;
		a->nnames = 3;
		return -1;
	}
	if (!dirs) {
		int r = neither(a, repo);

		free(repo);
		return r;
	}
	free(repo);
	return -1;
}

/* -1 to go on, else the exit status (0 after --help). */
static int diff_parse(int argc, char **argv, struct diff_args *a)
{
	static const struct option longopts[] = {
		CLI_INDEX_OPTS,
		{ "lines", no_argument, NULL, 'l' },
		{ "summary", no_argument, NULL, 's' },
		{ "fail-on", required_argument, NULL, 'F' },
		{ "json", no_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, r;

	a->what = DIFF_OUT_LINES | DIFF_OUT_SUMMARY;
	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qlsh", longopts, NULL)) != -1) {
		r = cli_index_opt(c, &a->io);
		if (r < 0)
			return 2;
		if (r)
			continue;
		switch (c) {
		case 'l':
			a->what = DIFF_OUT_LINES;
			break;
		case 's':
			a->what = DIFF_OUT_SUMMARY;
			break;
		case 'F':
			if (fail_on_parse(a, optarg))
				return 2;
			break;
		case 'J':
			a->fmt = REPORT_JSON;
			break;
		case 'h':
			printf("usage: spdxfs diff %s\n%s%s", usage_args,
			       diff_help, cli_index_help);
			return 0;
		default:
			return cli_bad_usage("diff", usage_args);
		}
	}
	a->nnames = argc - optind;
	if (a->nnames == 1 || a->nnames == 0)
		cli_error("diff: %s: two revisions or two directories to "
			  "compare", a->nnames ? "one operand only" : "no operand");
	if (a->nnames < 2 || a->nnames > 3)
		return cli_bad_usage("diff", usage_args);
	for (int i = 0; i < a->nnames; i++)
		a->names[i] = argv[optind + i];
	return a->nnames == 2 ? diff_reading(a) : -1;
}

/* Side @k (0 old, 1 new) indexed into @t and described in @s. */
static int side_open(const struct diff_args *a, int k, struct cli_tree *t,
		     struct diff_side *s, const struct spdx_file ***files)
{
	struct cli_index_opts o = a->io;
	int r;

	if (a->nnames == 3)
		o.rev = a->names[k];
	r = cli_tree_open(t, a->nnames == 3 ? a->names[2] : a->names[k], &o);
	if (r)
		return r;
	r = cli_tree_select(t, NULL, NULL, 0, NULL, files, &s->nfiles);
	if (r) {
		cli_tree_close(t);
		return r;
	}
	s->idx = t->idx;
	s->files = *files;
	s->name = t->where.root;
	return 0;
}

static int diff_print(const struct diff_args *a, const struct diff_result *d,
		      const struct diff_side *old, const struct diff_side *new)
{
	struct json_writer w;

	if (a->fmt == REPORT_JSON) {
		json_init(&w, stdout, JSON_AS_ASKED);
		diff_write_json(&w, d, old, new);
		json_end(&w);
	} else {
		diff_write_text(stdout, d, old, new, a->what);
	}
	if (fflush(stdout) || ferror(stdout)) {
		cli_error("writing the output failed");
		return 2;
	}
	for (int c = 0; c < DIFF__COUNT; c++)
		if ((a->fail_on & 1u << c) && d->count[c])
			return 1;
	return 0;
}

/*
 * The renames between the two trees: as git finds them between
 * revisions, by identical content between directories (where a file
 * that cannot be hashed only costs the renames: a warning).
 */
static int renames_find(const struct diff_args *a, struct cli_tree *t1,
			const struct diff_side *s1, struct cli_tree *t2,
			const struct diff_side *s2, struct diff_rename **r,
			size_t *n)
{
	struct spdx_error err = { 0 };

	*r = NULL;
	*n = 0;
	if (a->nnames != 3) {
		if (diff_dir_renames(t1->src, s1, t2->src, s2, r, n, &err))
			fprintf(stderr, "spdxfs: warning: %s; renames not followed\n",
				err.msg);
		return 0;
	}
	if (diff_git_renames(a->names[2], a->names[0], a->names[1], r, n,
			     &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	struct diff_args a = { 0 };
	const struct spdx_file **f1 = NULL, **f2 = NULL;
	struct diff_side s1 = { 0 }, s2 = { 0 };
	struct cli_tree t1, t2;
	struct diff_rename *ren = NULL;
	struct diff_result d;
	size_t nren = 0;
	int r;

	r = diff_parse(argc, argv, &a);
	if (r >= 0)
		return r;
	r = side_open(&a, 0, &t1, &s1, &f1);
	if (r)
		goto out;
	r = side_open(&a, 1, &t2, &s2, &f2);
	if (r)
		goto out_close1;
	r = renames_find(&a, &t1, &s1, &t2, &s2, &ren, &nren);
	if (r)
		goto out_close2;
	if (diff_build(&d, &s1, &s2, ren, nren)) {
		cli_error("out of memory");
		r = 2;
		goto out_free;
	}
	r = diff_print(&a, &d, &s1, &s2);
	diff_release(&d);
out_free:
	diff_renames_free(ren, nren);
out_close2:
	free(f2);
	cli_tree_close(&t2);
out_close1:
	free(f1);
	cli_tree_close(&t1);
out:
	free(a.repo);
	return r;
}
