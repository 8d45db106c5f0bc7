// SPDX-License-Identifier: GPL-2.0-only
/*
 * history_csv: the rows of a history (history.h) as CSV, for "spdxfs
 * history --csv" and the mount's history/backlog.csv, which must be the
 * same bytes; and as the table and the JSON of "spdxfs history".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history/history.h"
#include "util/json.h"
#include "report.h"

static const int shown[] = {
	ST_TAGGED, ST_MISPLACED, ST_UNTAGGED, ST_INVALID, ST_EXCLUDED
};
static const char *const shown_name[] = {
	"tagged", "misplaced", "untagged", "invalid", "excluded"
};
#define NSHOWN (sizeof(shown) / sizeof(shown[0]))

void history_date(char *buf, size_t len, int64_t t)
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
static int names_union(const struct history_row *rows, size_t n, char ***out,
		       size_t *nout)
{
	size_t total = 0, k = 0;
	char **v;

	for (size_t i = 0; i < n; i++)
		total += rows[i].nlic;
	v = calloc(total + 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < rows[i].nlic; j++)
			v[k++] = rows[i].lic[j].name;
	qsort(v, k, sizeof(*v), str_cmp);
	*nout = 0;
	for (size_t i = 0; i < k; i++)
		if (!*nout || strcmp(v[*nout - 1], v[i]))
			v[(*nout)++] = v[i];
	*out = v;
	return 0;
}

static size_t row_license(const struct history_row *r, const char *name)
{
	for (size_t i = 0; i < r->nlic; i++)
		if (!strcmp(r->lic[i].name, name))
			return r->lic[i].files;
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

int history_write_csv(FILE *out, const struct history_commit *c,
		      const struct history_row *rows, size_t n)
{
	char date[32], **names;
	size_t nnames;

	if (names_union(rows, n, &names, &nnames))
		return -ENOMEM;
	fputs("date,id,subject,files", out);
	for (size_t i = 0; i < NSHOWN; i++)
		fprintf(out, ",%s", shown_name[i]);
	for (size_t i = 0; i < nnames; i++) {
		putc(',', out);
		csv_field(out, names[i]);
	}
	putc('\n', out);
	for (size_t k = 0; k < n; k++) {
		history_date(date, sizeof(date), c[k].time);
		fprintf(out, "%s,%s,", date, c[k].id);
		csv_field(out, c[k].subject);
		fprintf(out, ",%zu", rows[k].files);
		for (size_t i = 0; i < NSHOWN; i++)
			fprintf(out, ",%zu", rows[k].count[shown[i]]);
		for (size_t i = 0; i < nnames; i++)
			fprintf(out, ",%zu", row_license(&rows[k], names[i]));
		putc('\n', out);
	}
	free(names);
	return 0;
}

static void write_json(FILE *out, const struct history_commit *c,
		       const struct history_row *rows, size_t n)
{
	struct json_writer w;
	char date[32];

	report_json_begin(&w, out, "commits");
	for (size_t k = 0; k < n; k++) {
		history_date(date, sizeof(date), c[k].time);
		json_object_begin(&w, JSON_BLOCK);
		json_kv_string(&w, "date", date);
		json_kv_string(&w, "id", c[k].id);
		json_kv_string(&w, "subject", c[k].subject);
		json_kv_uint(&w, "files", rows[k].files);
		for (size_t i = 0; i < NSHOWN; i++)
			json_kv_uint(&w, shown_name[i],
				     rows[k].count[shown[i]]);
		json_key(&w, "licenses");
		json_object_begin(&w, JSON_INLINE);
		for (size_t i = 0; i < rows[k].nlic; i++)
			json_kv_uint(&w, rows[k].lic[i].name,
				     rows[k].lic[i].files);
		json_object_end(&w);
		json_object_end(&w);
	}
	report_json_end(&w);
}

static void write_table(FILE *out, const struct history_commit *c,
			const struct history_row *rows, size_t n)
{
	char date[32];

	fprintf(out, "%-20s  %-12s  %7s", "DATE", "ID", "FILES");
	for (size_t i = 0; i < NSHOWN; i++)
		fprintf(out, "  %9s", shown_name[i]);
	fprintf(out, "  SUBJECT\n");
	for (size_t k = 0; k < n; k++) {
		history_date(date, sizeof(date), c[k].time);
		fprintf(out, "%-20s  %.12s  %7zu", date, c[k].id, rows[k].files);
		for (size_t i = 0; i < NSHOWN; i++)
			fprintf(out, "  %9zu", rows[k].count[shown[i]]);
		fprintf(out, "  %s\n", c[k].subject);
	}
}

int history_write(FILE *out, enum report_format fmt,
		  const struct history_commit *c, const struct history_row *rows,
		  size_t n)
{
	switch (fmt) {
	case REPORT_CSV:
		return history_write_csv(out, c, rows, n);
	case REPORT_JSON:
		write_json(out, c, rows, n);
		return 0;
	case REPORT_TEXT:
	case REPORT_NUL:
		break;
	}
	write_table(out, c, rows, n);
	return 0;
}
