// SPDX-License-Identifier: GPL-2.0-only
/*
 * views_files: the generated files of a snapshot's views (summary,
 * summary.json, backlog, uapi/WITHOUT-SYSCALL-NOTE, charts/, built/SUMMARY),
 * each the text of the report it repeats (report.h, chart.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbom/built_report.h"
#include "history/chart.h"
#include "util/grow.h"
#include "index.h"
#include "maintainers.h"
#include "modscan.h"
#include "util/quote.h"
#include "report.h"
#include "views_build.h"

int views_untagged_entries(struct view_builder *b)
{
	if (b->have_entries)
		return 0;
	free(b->entry_of);	/* what a failed call left */
	b->entry_of = alloc_array(b->hi - b->lo, sizeof(*b->entry_of));
	if (!b->entry_of)
		return -ENOMEM;
	for (size_t i = b->lo; i < b->hi; i++) {
		long e = -1;

		if (b->idx->files[i].status == ST_UNTAGGED)
			e = maint_first(b->maint, b->idx->files[i].path);
		if (e == -ENOMEM)
			return -ENOMEM;
		b->entry_of[i - b->lo] = e < 0 ? -1 : e;
	}
	b->have_entries = 1;
	return 0;
}

struct entrycount {
	const char *title;
	size_t untagged;
};

static int cmp_entrycount(const void *a, const void *b)
{
	const struct entrycount *x = a, *y = b;

	if (x->untagged != y->untagged)
		return x->untagged > y->untagged ? -1 : 1;
	return strcmp(x->title, y->title);
}

/* The backlog's second table: untagged files per entry, largest first. */
static int write_backlog_entries(struct view_builder *b, FILE *out)
{
	struct entrycount *ec;
	const struct maint_entry *ents;
	size_t nent, none = 0;
	int ret = views_untagged_entries(b);

	if (ret)
		return ret;
	ents = maint_entries(b->maint, &nent);
	ec = alloc_array(nent, sizeof(*ec));
	if (!ec)
		return -ENOMEM;
	for (size_t i = 0; i < nent; i++)
		ec[i] = (struct entrycount){ ents[i].title, 0 };
	for (size_t i = b->lo; i < b->hi; i++) {
		long e = b->entry_of[i - b->lo];

		if (e >= 0)
			ec[e].untagged++;
		else if (b->idx->files[i].status == ST_UNTAGGED)
			none++;
	}
	qsort(ec, nent, sizeof(*ec), cmp_entrycount);
	fprintf(out, "\n%8s  %s\n", "untagged", "MAINTAINERS entry");
	for (size_t i = 0; i < nent && ec[i].untagged; i++)
		fprintf(out, "%8zu  %s\n", ec[i].untagged, ec[i].title);
	if (none)
		fprintf(out, "%8zu  (no entry)\n", none);
	free(ec);
	return 0;
}

/* The module counts of the files the views show into b->sum. */
static void module_counts(struct view_builder *b)
{
	size_t count[MODLIC__NCLASSES] = { 0 }, nfiles = 0;

	for (size_t i = 0; i < b->mods->nfiles; i++) {
		const struct modscan_file *mf = &b->mods->files[i];
		size_t k = mf->f - b->idx->files;

		if (k < b->lo || k >= b->hi)
			continue;
		nfiles++;
		for (size_t c = 0; c < mf->ncalls; c++)
			count[mf->cls[c]]++;
	}
	summary_add_modules(&b->sum, count, nfiles);
}

/* The summary of the files the views show, computed once for summary
 * and summary.json; NULL when memory is short. */
static const struct summary *builder_summary(struct view_builder *b)
{
	const struct spdx_file **files;
	int ret;

	if (b->have_sum)
		return &b->sum;
	files = alloc_array(b->hi - b->lo ? b->hi - b->lo : 1, sizeof(*files));
	if (!files)
		return NULL;
	for (size_t i = b->lo; i < b->hi; i++)
		files[i - b->lo] = &b->idx->files[i];
	ret = summary_compute_under(&b->sum, b->idx, files, b->hi - b->lo,
				    b->under);
	free(files);
	if (!ret && b->mods)
		module_counts(b);
	if (ret) {
		summary_release(&b->sum);
		return NULL;
	}
	b->have_sum = 1;
	return &b->sum;
}

int views_write_summary(struct view_builder *b, FILE *out)
{
	const struct summary *sum = builder_summary(b);

	if (!sum)
		return -ENOMEM;
	report_summary(out, REPORT_TEXT, sum);
	return 0;
}

int views_write_summary_json(struct view_builder *b, FILE *out)
{
	const struct summary *sum = builder_summary(b);

	if (!sum)
		return -ENOMEM;
	report_summary(out, REPORT_JSON, sum);
	return 0;
}

/* A run of files of one directory. */
struct dircount {
	const char *path;	/* a file path; the directory is its first len bytes */
	size_t len;
	size_t files, untagged;
};

static int cmp_dircount(const void *a, const void *b)
{
	const struct dircount *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->path, y->path, n);

	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* The runs of one directory added up. */
struct dirtotal {
	const char *path;
	size_t len, untagged, files;
};

static int cmp_dirtotal(const void *a, const void *b)
{
	const struct dirtotal *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c;

	if (x->untagged != y->untagged)
		return x->untagged > y->untagged ? -1 : 1;
	c = memcmp(x->path, y->path, n);
	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* Count the files the views show (excluded files left out) into @dc,
 * one entry per run of files of one directory, sorted by directory;
 * returns the number of runs. */
static size_t count_runs(const struct view_builder *b, struct dircount *dc)
{
	size_t n = 0;

	for (size_t i = b->lo; i < b->hi; i++) {
		const struct spdx_file *fl = &b->idx->files[i];
		const char *slash = strrchr(fl->path, '/');
		size_t dlen = slash ? (size_t)(slash - fl->path) : 0;

		if (fl->status == ST_EXCLUDED)
			continue;
		/* Files of one directory are mostly adjacent: count runs. */
		if (n && dc[n - 1].len == dlen && !memcmp(dc[n - 1].path, fl->path, dlen)) {
			dc[n - 1].files++;
			dc[n - 1].untagged += fl->status == ST_UNTAGGED;
			continue;
		}
		dc[n].path = fl->path;
		dc[n].len = dlen;
		dc[n].files = 1;
		dc[n].untagged = fl->status == ST_UNTAGGED;
		n++;
	}
	qsort(dc, n, sizeof(*dc), cmp_dircount);
	return n;
}

/* Add up the sorted runs @dc[0..@n) per directory into @dt, largest
 * backlog first; returns the number of directories. */
static size_t total_runs(const struct dircount *dc, size_t n,
			 struct dirtotal *dt)
{
	size_t nt = 0;

	for (size_t i = 0; i < n; i++) {
		if (!nt || cmp_dircount(&dc[i], &(struct dircount){
				.path = dt[nt - 1].path, .len = dt[nt - 1].len })) {
			dt[nt].path = dc[i].path;
			dt[nt].len = dc[i].len;
			dt[nt].untagged = dt[nt].files = 0;
			nt++;
		}
		dt[nt - 1].files += dc[i].files;
		dt[nt - 1].untagged += dc[i].untagged;
	}
	qsort(dt, nt, sizeof(*dt), cmp_dirtotal);
	return nt;
}

/* backlog: per directory, untagged files and files (excluded files left
 * out), directories with untagged files only, largest first. */
int views_write_backlog(struct view_builder *b, FILE *out)
{
	const struct spdx_index *idx = b->idx;
	struct dircount *dc = calloc(idx->nfiles ? idx->nfiles : 1, sizeof(*dc));
	struct dirtotal *dt = calloc(idx->nfiles ? idx->nfiles : 1, sizeof(*dt));
	size_t nt;

	if (!dc || !dt) {
		free(dc);
		free(dt);
		return -ENOMEM;
	}
	nt = total_runs(dc, count_runs(b, dc), dt);
	fprintf(out, "%8s %8s  %s\n", "untagged", "files", "directory");
	for (size_t i = 0; i < nt && dt[i].untagged; i++) {
		fprintf(out, "%8zu %8zu  ", dt[i].untagged, dt[i].files);
		quote_dir(out, dt[i].path, dt[i].len);
		fputc('\n', out);
	}
	free(dc);
	free(dt);
	return b->maint ? write_backlog_entries(b, out) : 0;
}

/* The text "spdxfs built BUILD_DIR" prints for @files (@missing built
 * paths not in the index), into *@text. */
int views_built_summary(const struct spdx_index *idx, const struct built *bt,
			const struct spdx_file *const *files, size_t n,
			size_t missing, char **text, size_t *len)
{
	struct summary sum;
	FILE *f;

	*text = NULL;
	if (summary_compute_files(&sum, idx, files, n)) {
		summary_release(&sum);
		return -ENOMEM;
	}
	f = open_memstream(text, len);
	if (f)
		report_built(f, REPORT_TEXT, &sum, bt, files, n, missing);
	summary_release(&sum);
	if (!f || fclose(f) || !*text) {
		free(*text);
		*text = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* uapi/WITHOUT-SYSCALL-NOTE: the uapi headers the summary counts as
 * lacking the note they need, one path per line. */
int views_write_without_note(struct view_builder *b, FILE *out)
{
	const struct spdx_index *idx = b->idx;

	for (size_t i = b->lo; i < b->hi; i++) {
		const struct spdx_file *fl = &idx->files[i];

		if (file_needs_syscall_note(idx, fl)) {
			quote_path(out, fl->path, strlen(fl->path));
			fputc('\n', out);
		}
	}
	return 0;
}

int views_write_licenses_svg(struct view_builder *b, FILE *out)
{
	const struct summary *sum = builder_summary(b);

	return sum ? chart_licenses_svg(out, sum) : -ENOMEM;
}

/* The mount has no depth option: the top-level directories. */
int views_write_backlog_svg(struct view_builder *b, FILE *out)
{
	return chart_backlog_svg(out, b->idx, 1);
}

/* charts/: the summary and the backlog as pictures. */
