// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_history: "spdxfs history [--first-parent] [-n MAX] REPO [RANGE]".
 *
 * Each commit is indexed as "--rev ID REPO" is, through index_refresh()
 * and so through the blob cache (blobcache.h): after the first commit
 * only the blobs a commit changed are read.  The rows are kept until the
 * end because --csv has one column per license any commit names.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli_history.h"
#include "error.h"
#include "history.h"
#include "index.h"
#include "json.h"
#include "report.h"

static const char history_help[] =
	"For each commit of RANGE of the git repository REPO (A..B, or one\n"
	"revision meaning its history; default HEAD), oldest first, print\n"
	"its commit date (ISO 8601, UTC), id, the counts 'spdxfs scan --rev\n"
	"ID REPO' reports (files, tagged, misplaced, untagged, invalid,\n"
	"excluded) and its subject; with --csv or --json also the files per\n"
	"license.\n\n"
	"      --first-parent  follow only the first parent of merges\n"
	"  -n, --max-count MAX the newest MAX commits only\n"
	"      --csv           print CSV\n"
	"      --json          print JSON\n"
	"  -h, --help          this help\n";

static const char usage_args[] = "[OPTION]... REPO [RANGE]";

enum { OUT_TABLE, OUT_CSV, OUT_JSON };

static const int shown[] = {
	ST_TAGGED, ST_MISPLACED, ST_UNTAGGED, ST_INVALID, ST_EXCLUDED
};
static const char *const shown_name[] = {
	"tagged", "misplaced", "untagged", "invalid", "excluded"
};
#define NSHOWN (sizeof(shown) / sizeof(shown[0]))

struct row {
	size_t files, count[NSHOWN];
	char **lic;		/* license names, for this row */
	size_t *lic_files, nlic;
};

struct history_args {
	int first_parent, out;
	size_t max;
	const char *repo, *range;
};

/* 0 to go on, else the exit status. */
static int history_parse(int argc, char **argv, struct history_args *a)
{
	static const struct option longopts[] = {
		{ "first-parent", no_argument, NULL, 'F' },
		{ "max-count", required_argument, NULL, 'n' },
		{ "csv", no_argument, NULL, 'C' },
		{ "json", no_argument, NULL, 'J' },
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
			a->out = OUT_CSV;
			break;
		case 'J':
			a->out = OUT_JSON;
			break;
		case 'h':
			printf("usage: spdxfs history %s\n%s", usage_args,
			       history_help);
			return 0;
		default:
			return cli_bad_usage("history", usage_args);
		}
	}
	if (argc - optind < 1 || argc - optind > 2)
		return cli_bad_usage("history", usage_args);
	a->repo = argv[optind];
	a->range = argc - optind == 2 ? argv[optind + 1] : NULL;
	return 0;
}

static void row_release(struct row *r)
{
	for (size_t i = 0; i < r->nlic; i++)
		free(r->lic[i]);
	free(r->lic);
	free(r->lic_files);
}

/* The counts of summary @s into @r. */
static int row_fill(struct row *r, const struct summary *s)
{
	r->files = s->files;
	for (size_t i = 0; i < NSHOWN; i++)
		r->count[i] = s->count[shown[i]];
	r->lic = calloc(s->nlicenses + 1, sizeof(*r->lic));
	r->lic_files = calloc(s->nlicenses + 1, sizeof(*r->lic_files));
	if (!r->lic || !r->lic_files)
		return -1;
	for (size_t i = 0; i < s->nlicenses; i++) {
		if (!s->licenses[i].files)
			continue;
		r->lic[r->nlic] = strdup(s->licenses[i].name);
		if (!r->lic[r->nlic])
			return -1;
		r->lic_files[r->nlic++] = s->licenses[i].files;
	}
	return 0;
}

/* Commit @id of @repo indexed and counted into @r. */
static int row_build(struct row *r, const char *repo, const char *id)
{
	struct cli_index_opts o = { .quiet = 1, .rev = id };
	const struct spdx_file **files;
	struct cli_tree t;
	struct summary s;
	size_t n;
	int ret;

	ret = cli_tree_open(&t, repo, &o);
	if (ret)
		return ret;
	ret = cli_tree_select(&t, NULL, NULL, 0, NULL, &files, &n);
	if (ret)
		goto out;
	if (summary_compute_under(&s, t.idx, files, n, t.where.under)) {
		ret = 2;
	} else {
		ret = row_fill(r, &s) ? 2 : 0;
		summary_release(&s);
	}
	if (ret)
		cli_error("out of memory");
	free(files);
out:
	cli_tree_close(&t);
	return ret;
}

static void date_format(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) ||
	    !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "-");
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted union of the rows' license names, into *@out (names not
 * copied). */
static int names_union(const struct row *rows, size_t n, char ***out,
		       size_t *nout)
{
	size_t total = 0, k = 0;
	char **v;

	for (size_t i = 0; i < n; i++)
		total += rows[i].nlic;
	v = calloc(total + 1, sizeof(*v));
	if (!v)
		return -1;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < rows[i].nlic; j++)
			v[k++] = rows[i].lic[j];
	qsort(v, k, sizeof(*v), str_cmp);
	*nout = 0;
	for (size_t i = 0; i < k; i++)
		if (!*nout || strcmp(v[*nout - 1], v[i]))
			v[(*nout)++] = v[i];
	*out = v;
	return 0;
}

static size_t row_license(const struct row *r, const char *name)
{
	for (size_t i = 0; i < r->nlic; i++)
		if (!strcmp(r->lic[i], name))
			return r->lic_files[i];
	return 0;
}

/* A CSV field: quoted when it holds a comma, a quote or a line end. */
static void csv_field(FILE *out, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	putc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			putc('"', out);
		putc(*s, out);
	}
	putc('"', out);
}

static int print_csv(const struct history_commit *c, const struct row *rows,
		     size_t n)
{
	char date[32], **names;
	size_t nnames;

	if (names_union(rows, n, &names, &nnames))
		return -1;
	fputs("date,id,subject,files", stdout);
	for (size_t i = 0; i < NSHOWN; i++)
		printf(",%s", shown_name[i]);
	for (size_t i = 0; i < nnames; i++) {
		putchar(',');
		csv_field(stdout, names[i]);
	}
	putchar('\n');
	for (size_t k = 0; k < n; k++) {
		date_format(date, sizeof(date), c[k].time);
		printf("%s,%s,", date, c[k].id);
		csv_field(stdout, c[k].subject);
		printf(",%zu", rows[k].files);
		for (size_t i = 0; i < NSHOWN; i++)
			printf(",%zu", rows[k].count[i]);
		for (size_t i = 0; i < nnames; i++)
			printf(",%zu", row_license(&rows[k], names[i]));
		putchar('\n');
	}
	free(names);
	return 0;
}

static void print_json(const struct history_commit *c, const struct row *rows,
		       size_t n)
{
	struct json_writer w;
	char date[32];

	report_json_begin(&w, stdout, "commits");
	for (size_t k = 0; k < n; k++) {
		date_format(date, sizeof(date), c[k].time);
		json_object_begin(&w, JSON_BLOCK);
		json_kv_string(&w, "date", date);
		json_kv_string(&w, "id", c[k].id);
		json_kv_string(&w, "subject", c[k].subject);
		json_kv_uint(&w, "files", rows[k].files);
		for (size_t i = 0; i < NSHOWN; i++)
			json_kv_uint(&w, shown_name[i], rows[k].count[i]);
		json_key(&w, "licenses");
		json_object_begin(&w, JSON_INLINE);
		for (size_t i = 0; i < rows[k].nlic; i++)
			json_kv_uint(&w, rows[k].lic[i], rows[k].lic_files[i]);
		json_object_end(&w);
		json_object_end(&w);
	}
	report_json_end(&w);
}

static void print_table(const struct history_commit *c,
			const struct row *rows, size_t n)
{
	char date[32];

	printf("%-20s  %-12s  %7s", "DATE", "ID", "FILES");
	for (size_t i = 0; i < NSHOWN; i++)
		printf("  %9s", shown_name[i]);
	printf("  SUBJECT\n");
	for (size_t k = 0; k < n; k++) {
		date_format(date, sizeof(date), c[k].time);
		printf("%-20s  %.12s  %7zu", date, c[k].id, rows[k].files);
		for (size_t i = 0; i < NSHOWN; i++)
			printf("  %9zu", rows[k].count[i]);
		printf("  %s\n", c[k].subject);
	}
}

int cmd_history(int argc, char **argv)
{
	struct history_args a = { 0 };
	struct spdx_error err = { 0 };
	struct history_commit *c = NULL;
	struct row *rows = NULL;
	size_t n = 0, k = 0;
	int r;

	r = history_parse(argc, argv, &a);
	if (r || !a.repo)
		return r;
	if (history_list(&c, &n, a.repo, a.range, a.first_parent, a.max,
			 &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	rows = calloc(n + 1, sizeof(*rows));
	if (!rows) {
		cli_error("out of memory");
		r = 2;
		goto out;
	}
	for (k = 0; k < n && !r; k++)
		r = row_build(&rows[k], a.repo, c[k].id);
	if (r)
		goto out;
	if (a.out == OUT_CSV && print_csv(c, rows, n)) {
		cli_error("out of memory");
		r = 2;
		goto out;
	}
	if (a.out == OUT_JSON)
		print_json(c, rows, n);
	else if (a.out == OUT_TABLE)
		print_table(c, rows, n);
	if (fflush(stdout) || ferror(stdout)) {
		cli_error("writing the output failed");
		r = 2;
	}
out:
	for (size_t i = 0; rows && i < k; i++)
		row_release(&rows[i]);
	free(rows);
	history_free(c, n);
	return r;
}
