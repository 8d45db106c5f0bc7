// SPDX-License-Identifier: GPL-2.0-only
/*
 * report: every output about an index, in each format (see report.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "util/json.h"
#include "spdx/licenses.h"
#include "modscan.h"
#include "util/pathsearch.h"
#include "util/quote.h"
#include "report.h"
#include "show.h"
#include "util/version.h"

struct id_walk {
	const struct licenses *lic;
	unsigned char *hit;	/* one flag per license file */
};

static int mark_id(const char *id, size_t len, int plus, int is_exception, void *arg)
{
	struct id_walk *w = arg;
	const struct license_file *lf;
	char buf[256];

	if (!w->lic || len + 2 > sizeof(buf))
		return 0;
	memcpy(buf, id, len);
	if (plus)
		buf[len++] = '+';
	buf[len] = '\0';
	lf = licenses_lookup(w->lic, buf, len);
	if (lf && w->hit)
		w->hit[lf - w->lic->files] = 1;
	return 0;
}

static int cmp_expr_count(const void *a, const void *b)
{
	const struct expr_count *x = a, *y = b;

	if (x->files != y->files)
		return x->files > y->files ? -1 : 1;
	return strcmp(x->expr->text, y->expr->text);
}

/* Per-expression counts, gathered in one pass over the files. */
struct tally {
	size_t *files;		/* files written with it, not excluded */
	size_t *counted;	/* of them, tagged or misplaced */
	size_t *counted_uapi;	/* of those, uapi headers */
};

static void tally_file(struct summary *s, struct tally *t,
		       const struct spdx_index *idx, const struct spdx_file *f)
{
	const struct spdx_expr *e = index_file_expr(idx, f);

	s->count[f->status]++;
	if (f->flags & IDX_F_UAPI) {
		s->uapi_files++;
		s->uapi_count[f->status]++;
	}
	if (f->status == ST_EXCLUDED)
		return;
	if (e) {
		t->files[f->expr]++;
		if (e->expr_flags & EXPR_F_LOWER_OP)
			s->lowercase_ops++;
		if (spdx_file_counted(f)) {
			t->counted[f->expr]++;
			if (file_is_uapi_header(f))
				t->counted_uapi[f->expr]++;
		}
	}
	if (f->flags & IDX_F_STRICT)
		s->strict_failures++;
	if (f->flags & SCAN_F_MULTIPLE)
		s->multiple_tags++;
	if (f->copyright)
		s->copyright_files++;
}

/*
 * Per license file, the files whose expression names one of its ids;
 * uapi headers under a GPL-family license without the syscall note.
 * Each expression is walked once, and adds its count of files.
 */
static int license_counts(struct summary *s, const struct spdx_index *idx,
			  const struct tally *t)
{
	const struct licenses *lic = idx->lic;
	size_t nlic = lic ? lic->nfiles : 0;
	unsigned char *hits;

	s->licenses = calloc(nlic ? nlic : 1, sizeof(*s->licenses));
	hits = calloc(nlic ? nlic : 1, 1);
	if (!s->licenses || !hits) {
		free(hits);
		return -ENOMEM;
	}
	s->nlicenses = nlic;
	for (size_t l = 0; l < nlic; l++) {
		s->licenses[l].name = lic->files[l].name;
		s->licenses[l].dir = lic->files[l].dir;
	}
	for (size_t k = 0; k < idx->nexprs; k++) {
		struct id_walk w = { .lic = lic, .hit = hits };

		if (!t->counted[k])
			continue;
		memset(hits, 0, nlic);
		if (idx->exprs[k].ast)
			expr_foreach_id(idx->exprs[k].ast, mark_id, &w);
		for (size_t l = 0; l < nlic; l++)
			if (hits[l])
				s->licenses[l].files += t->counted[k];
		if (t->counted_uapi[k] && idx->exprs[k].ast &&
		    expr_needs_syscall_note(idx->exprs[k].ast))
			s->uapi_without_note += t->counted_uapi[k];
	}
	free(hits);
	return 0;
}

static int tally_new(struct tally *t, size_t nexprs)
{
	t->files = calloc(3 * (nexprs ? nexprs : 1), sizeof(*t->files));
	if (!t->files)
		return -ENOMEM;
	t->counted = t->files + (nexprs ? nexprs : 1);
	t->counted_uapi = t->counted + (nexprs ? nexprs : 1);
	return 0;
}

/* The expressions by file count, and the license counts. */
static int summary_finish(struct summary *s, const struct spdx_index *idx,
			  struct tally *t)
{
	int ret;

	s->exprs = alloc_array(idx->nexprs, sizeof(*s->exprs));
	if (!s->exprs) {
		free(t->files);
		return -ENOMEM;
	}
	for (size_t k = 0; k < idx->nexprs; k++) {
		if (!t->files[k])
			continue;
		s->exprs[s->nexprs].expr = &idx->exprs[k];
		s->exprs[s->nexprs++].files = t->files[k];
	}
	qsort(s->exprs, s->nexprs, sizeof(*s->exprs), cmp_expr_count);
	ret = license_counts(s, idx, t);
	free(t->files);
	return ret;
}

int summary_compute_files(struct summary *s, const struct spdx_index *idx,
			  const struct spdx_file *const *files, size_t nfiles)
{
	struct tally t;

	memset(s, 0, sizeof(*s));
	s->files = nfiles;
	if (tally_new(&t, idx->nexprs))
		return -ENOMEM;
	for (size_t i = 0; i < nfiles; i++)
		tally_file(s, &t, idx, files[i]);
	return summary_finish(s, idx, &t);
}

int summary_compute(struct summary *s, const struct spdx_index *idx)
{
	struct tally t;
	int ret;

	memset(s, 0, sizeof(*s));
	s->files = idx->nfiles;
	if (tally_new(&t, idx->nexprs))
		return -ENOMEM;
	for (size_t i = 0; i < idx->nfiles; i++)
		tally_file(s, &t, idx, &idx->files[i]);
	ret = summary_finish(s, idx, &t);
	if (!ret) {
		s->symlinks = idx->nsymlinks;
		s->others = idx->nothers;
	}
	return ret;
}

/* How many of the sorted @paths lie beneath directory @under. */
static size_t count_under(char **paths, size_t n, const char *under)
{
	struct path_array a = { paths, n, sizeof(*paths), 0 };
	size_t lo, hi;

	path_range_under(&a, under, &lo, &hi);
	return hi - lo;
}

int summary_compute_under(struct summary *s, const struct spdx_index *idx,
			  const struct spdx_file *const *files, size_t nfiles,
			  const char *under)
{
	int ret = summary_compute_files(s, idx, files, nfiles);

	if (!ret) {
		s->symlinks = count_under(idx->symlinks, idx->nsymlinks, under);
		s->others = count_under(idx->others, idx->nothers, under);
	}
	return ret;
}

void summary_release(struct summary *s)
{
	free(s->licenses);
	free(s->exprs);
	memset(s, 0, sizeof(*s));
}

void summary_add_modules(struct summary *s, const size_t *count, size_t files)
{
	s->have_modules = 1;
	s->module_files = files;
	for (int c = 0; c < MODLIC__NCLASSES; c++)
		s->modules[c] = count[c];
}

/* The total of the module counts. */
static size_t module_calls(const struct summary *s)
{
	size_t n = 0;

	for (int c = 0; c < MODLIC__NCLASSES; c++)
		n += s->modules[c];
	return n;
}

static const char *const module_title[MODLIC__NCLASSES] = {
	[MODLIC_CONSISTENT] = "consistent",
	[MODLIC_CONTRADICTION] = "contradiction",
	[MODLIC_UNTAGGED] = "untagged or invalid",
	[MODLIC_UNKNOWN] = "unknown string",
};

static void modules_text(FILE *out, const struct summary *s)
{
	if (!s->have_modules)
		return;
	fprintf(out, "\n%-22s %8zu\n", "MODULE_LICENSE() calls", module_calls(s));
	fprintf(out, "  %-20s %8zu\n", "in files", s->module_files);
	for (int c = 0; c < MODLIC__NCLASSES; c++)
		fprintf(out, "  %-20s %8zu\n", module_title[c], s->modules[c]);
}

static void modules_json(struct json_writer *w, const struct summary *s)
{
	if (!s->have_modules)
		return;
	json_key(w, "modules");
	json_object_begin(w, JSON_INLINE);
	json_kv_uint(w, "calls", module_calls(s));
	json_kv_uint(w, "files", s->module_files);
	for (int c = 0; c < MODLIC__NCLASSES; c++)
		json_kv_uint(w, modlic_class_key(c), s->modules[c]);
	json_object_end(w);
}

static const char *const status_title[] = {
	"tagged", "misplaced", "untagged", "invalid", "excluded", "unreadable",
};

static void summary_text(FILE *out, const struct summary *s)
{
	fprintf(out, "%-22s %8zu\n", "files", s->files);
	for (int st = 0; st < ST__COUNT; st++)
		fprintf(out, "  %-20s %8zu\n", status_title[st], s->count[st]);
	fprintf(out, "%-22s %8zu\n", "symlinks (unfollowed)", s->symlinks);
	if (s->others)
		fprintf(out, "%-22s %8zu\n", "special files", s->others);
	fprintf(out, "%-22s %8zu\n", "lowercase operators", s->lowercase_ops);
	fprintf(out, "%-22s %8zu\n", "multiple tags", s->multiple_tags);
	fprintf(out, "%-22s %8zu\n", "spdxcheck syntax", s->strict_failures);
	fprintf(out, "%-22s %8zu\n", "with copyright", s->copyright_files);
	fprintf(out, "\nuapi %17s %8zu\n", "files", s->uapi_files);
	for (int st = 0; st < ST__COUNT; st++)
		fprintf(out, "  %-20s %8zu\n", status_title[st], s->uapi_count[st]);
	fprintf(out, "  %-20s %8zu\n", "without syscall note", s->uapi_without_note);
	modules_text(out, s);
	fprintf(out, "\nfiles per license\n");
	for (size_t l = 0; l < s->nlicenses; l++)
		fprintf(out, "  %-30s %-11s %8zu\n", s->licenses[l].name,
			s->licenses[l].dir, s->licenses[l].files);
	fprintf(out, "\nfiles per expression, as written\n");
	for (size_t k = 0; k < s->nexprs; k++)
		fprintf(out, "  %8zu  %s%s\n", s->exprs[k].files, s->exprs[k].expr->text,
			s->exprs[k].expr->valid ? "" : "   [invalid]");
}

static void json_counts(struct json_writer *w, const size_t *count)
{
	json_object_begin(w, JSON_INLINE);
	for (int st = 0; st < ST__COUNT; st++)
		json_kv_uint(w, spdx_status_name(st), count[st]);
	json_object_end(w);
}

void report_json_version(struct json_writer *w)
{
	json_kv_string(w, "version", SPDXFS_VERSION);
}

void report_json_object(struct json_writer *w, FILE *out)
{
	json_init(w, out, JSON_AS_ASKED);
	json_object_begin(w, JSON_BLOCK);
	report_json_version(w);
}

void report_json_begin(struct json_writer *w, FILE *out, const char *key)
{
	report_json_object(w, out);
	json_key(w, key);
	json_array_begin(w, JSON_BLOCK);
}

int report_json_end(struct json_writer *w)
{
	json_array_end(w);
	json_object_end(w);
	return json_end(w);
}

/* The summary's members, into the open object of @w. */

static void summary_json(FILE *out, const struct summary *s)
{
	struct json_writer w;

	report_json_object(&w, out);
	report_summary_members(&w, s);
	json_object_end(&w);
	json_end(&w);
}

void report_summary_members(struct json_writer *w, const struct summary *s)
{
	json_kv_uint(w, "files", s->files);
	json_key(w, "status");
	json_counts(w, s->count);
	json_kv_uint(w, "symlinks", s->symlinks);
	json_kv_uint(w, "special", s->others);
	json_kv_uint(w, "lowercase_operators", s->lowercase_ops);
	json_kv_uint(w, "multiple_tags", s->multiple_tags);
	json_kv_uint(w, "spdxcheck_syntax", s->strict_failures);
	json_kv_uint(w, "copyright", s->copyright_files);
	json_key(w, "uapi");
	json_object_begin(w, JSON_INLINE);
	json_kv_uint(w, "files", s->uapi_files);
	json_key(w, "status");
	json_counts(w, s->uapi_count);
	json_kv_uint(w, "without_syscall_note", s->uapi_without_note);
	json_object_end(w);
	modules_json(w, s);
	json_key(w, "licenses");
	json_array_begin(w, JSON_BLOCK);
	for (size_t l = 0; l < s->nlicenses; l++) {
		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "name", s->licenses[l].name);
		json_kv_string(w, "dir", s->licenses[l].dir);
		json_kv_uint(w, "files", s->licenses[l].files);
		json_object_end(w);
	}
	json_array_end(w);
	json_key(w, "expressions");
	json_array_begin(w, JSON_BLOCK);
	for (size_t k = 0; k < s->nexprs; k++) {
		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "expression", s->exprs[k].expr->text);
		json_kv_uint(w, "files", s->exprs[k].files);
		json_kv_bool(w, "valid", s->exprs[k].expr->valid);
		json_object_end(w);
	}
	json_array_end(w);
}

void report_summary(FILE *out, enum report_format fmt, const struct summary *s)
{
	if (fmt == REPORT_JSON)
		summary_json(out, s);
	else
		summary_text(out, s);
}

/*
 * A list of records, in any format: in JSON one line per record in the
 * array @key of report_json_begin()'s document, or text records.  Between
 * records_begin() and records_end(), a record is written with the helpers
 * below or through r->json.
 */
struct records {
	FILE *out;
	enum report_format fmt;
	struct json_writer json;
};

static void records_begin(struct records *r, FILE *out, enum report_format fmt,
			  const char *key)
{
	r->out = out;
	r->fmt = fmt;
	if (fmt == REPORT_JSON)
		report_json_begin(&r->json, out, key);
}

static void records_end(struct records *r)
{
	if (r->fmt == REPORT_JSON)
		report_json_end(&r->json);
}

/* A text record's path, quoted, then @sep ("\t", ": "); with -z the
 * path as it is, then NUL.  Returns the length of the path written. */
static size_t text_path(struct records *r, const char *path, const char *sep)
{
	size_t n;

	if (r->fmt == REPORT_NUL) {
		n = strlen(path);
		fwrite(path, 1, n + 1, r->out);
		return n;
	}
	n = quote_path(r->out, path, strlen(path));
	fputs(sep, r->out);
	return n;
}

/* The end of a text record. */
static void text_end(struct records *r)
{
	fputc(r->fmt == REPORT_NUL ? '\0' : '\n', r->out);
}

/* A text record that is a path alone: the NUL after the path ends it. */
static void text_path_record(struct records *r, const char *path)
{
	text_path(r, path, "\n");
}

/* Copyright statements @text (NULL: none), a JSON array of strings. */
static void copyright_json(struct json_writer *w, const char *text)
{
	json_array_begin(w, JSON_INLINE);
	while (text) {
		const char *nl = strchr(text, '\n');

		json_string_len(w, text, nl ? (size_t)(nl - text) : strlen(text));
		text = nl ? nl + 1 : NULL;
	}
	json_array_end(w);
}

/* Copyright statements @text (NULL: none) on one line, " / " between
 * them (statements hold no tab or newline: copyright.h). */
static void copyright_line(FILE *out, const char *text)
{
	for (; text && *text; text++) {
		if (*text == '\n')
			fputs(" / ", out);
		else
			fputc(*text, out);
	}
}

static void file_record(struct records *r, const struct spdx_index *idx,
			const struct spdx_file *f, unsigned cols)
{
	const struct spdx_expr *e = index_file_expr(idx, f);
	struct json_writer *w = &r->json;

	if (r->fmt != REPORT_JSON) {
		text_path(r, f->path, "\t");
		fprintf(r->out, "%s\t%u\t%s", spdx_status_name(f->status),
			f->line, e ? e->text : "");
		if (cols & REPORT_COL_COPYRIGHT) {
			fputc('\t', r->out);
			copyright_line(r->out, f->copyright);
		}
		text_end(r);
		return;
	}
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "path", f->path);
	json_kv_string(w, "status", spdx_status_name(f->status));
	json_kv_uint(w, "line", f->line);
	json_kv_uint(w, "col", f->col);
	json_kv_string(w, "leader", f->leader);
	json_key(w, "expression");
	json_string_or_null(w, e ? e->text : NULL);
	if (e && e->canonical)
		json_kv_string(w, "canonical", e->canonical);
	/* A file that could not be read has no expression, so at most one
	 * of these. */
	if (e && e->error)
		json_kv_string(w, "error", e->error);
	else if (f->error)
		json_kv_string(w, "error", f->error);
	json_kv_bool(w, "uapi", f->flags & IDX_F_UAPI);
	json_key(w, "copyright");
	copyright_json(w, f->copyright);
	json_object_end(w);
}

void report_list(FILE *out, enum report_format fmt, const struct spdx_index *idx)
{
	struct records r;

	records_begin(&r, out, fmt, "files");
	for (size_t i = 0; i < idx->nfiles; i++)
		file_record(&r, idx, &idx->files[i], 0);
	records_end(&r);
}

void report_files_cols(FILE *out, enum report_format fmt,
		       const struct spdx_index *idx,
		       const struct spdx_file *const *files, size_t n,
		       unsigned cols)
{
	struct records r;

	records_begin(&r, out, fmt, "files");
	for (size_t i = 0; i < n; i++)
		file_record(&r, idx, files[i], cols);
	records_end(&r);
}

void report_files(FILE *out, enum report_format fmt, const struct spdx_index *idx,
		  const struct spdx_file *const *files, size_t n)
{
	report_files_cols(out, fmt, idx, files, n, 0);
}

/* report_check's state: the records, and the tally when counting. */
struct diag_out {
	struct records r;
	struct check_tally *tally;
};

static void diag_record(const struct check_diag *d, void *arg)
{
	static const char *const severity[] = {
		[CHECK_ERROR] = "error", [CHECK_WARNING] = "warning",
	};
	struct diag_out *o = arg;
	struct records *r = &o->r;
	struct json_writer *w = &r->json;

	if (o->tally && d->severity == CHECK_WARNING) {
		o->tally->warnings[d->cls]++;
		return;
	}
	if (r->fmt != REPORT_JSON) {
		text_path(r, d->file->path, ": ");
		fprintf(r->out, "%u:%u %s%s", d->line, d->col,
			d->severity == CHECK_ERROR ? "" : "warning: ", d->message);
		text_end(r);
		return;
	}
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "path", d->file->path);
	json_kv_uint(w, "line", d->line);
	json_kv_uint(w, "col", d->col);
	json_kv_string(w, "severity", severity[d->severity]);
	json_kv_string(w, "class", check_class_key(d->cls));
	json_kv_string(w, "message", d->message);
	json_object_end(w);
}

size_t report_check(FILE *out, enum report_format fmt, const struct spdx_index *idx,
		    const struct spdx_file *const *files, size_t n,
		    const struct check_opts *o, struct check_tally *tally)
{
	struct diag_out d = { .tally = tally };
	size_t errors = 0;

	records_begin(&d.r, out, fmt, "diagnostics");
	for (size_t i = 0; i < n; i++)
		errors += check_file(idx, files[i], o, diag_record, &d);
	records_end(&d.r);
	return errors;
}

size_t report_check_tally(FILE *out, const struct check_tally *t)
{
	size_t total = 0;

	for (int c = 0; c < CHECK__NCLASSES; c++) {
		if (!t->warnings[c])
			continue;
		fprintf(out, "warning: %zu file%s: %s\n", t->warnings[c],
			t->warnings[c] == 1 ? "" : "s", check_class_name(c));
		total += t->warnings[c];
	}
	if (total)
		fputs("hint: 'spdxfs check -v' lists each warning\n", out);
	return total;
}

static int lacks_tag(const struct spdx_file *f, void *arg)
{
	return spdx_file_lacks_tag(f);
}

size_t report_lacking(FILE *out, enum report_format fmt,
		      const struct spdx_file *const *files, size_t n)
{
	return report_lacking_by(out, fmt, files, n, lacks_tag, NULL);
}

size_t report_lacking_by(FILE *out, enum report_format fmt,
			 const struct spdx_file *const *files, size_t n,
			 int (*lacks)(const struct spdx_file *, void *),
			 void *arg)
{
	struct records r;
	size_t listed = 0;

	records_begin(&r, out, fmt, "files");
	for (size_t i = 0; i < n; i++) {
		if (!lacks(files[i], arg))
			continue;
		if (fmt == REPORT_JSON)
			json_string(&r.json, files[i]->path);
		else
			text_path_record(&r, files[i]->path);
		listed++;
	}
	records_end(&r);
	return listed;
}

static void dir_record(struct records *r, const struct check_dir *d)
{
	int pct = (int)(100 * d->tagged / d->files);
	size_t n;

	switch (r->fmt) {
	case REPORT_TEXT:
		/* spdxcheck's "%-80s", with the name quoted */
		fputs("    ", r->out);
		n = text_path(r, d->name, "");
		fprintf(r->out, "%*s: %5zu of %5zu  %3d%%\n",
			n < 80 ? (int)(80 - n) : 0, "", d->tagged, d->files, pct);
		break;
	case REPORT_CSV:	/* no report of this file's: as text */
	case REPORT_NUL:
		text_path(r, d->name, "");
		fprintf(r->out, "%zu of %zu %d%%", d->tagged, d->files, pct);
		text_end(r);
		break;
	case REPORT_JSON:
		json_object_begin(&r->json, JSON_INLINE);
		json_kv_string(&r->json, "dir", d->name);
		json_kv_uint(&r->json, "files", d->files);
		json_kv_uint(&r->json, "tagged", d->tagged);
		json_object_end(&r->json);
		break;
	}
}

size_t report_dirs(FILE *out, enum report_format fmt,
		   const struct check_dir *dirs, size_t n)
{
	struct records r;
	size_t listed = 0;

	records_begin(&r, out, fmt, "dirs");
	if (fmt == REPORT_TEXT)
		fputs("Incomplete directories: SPDX in Files\n", out);
	for (size_t k = 0; k < n; k++) {
		if (dirs[k].tagged == dirs[k].files)
			continue;
		dir_record(&r, &dirs[k]);
		listed++;
	}
	records_end(&r);
	return listed;
}

/* "spdxfs show": a key of the text's block, and its value to follow. */
static void show_key(FILE *out, const char *key)
{
	fprintf(out, "  %-13s ", key);
}

static const char *yes_no(int v)
{
	return v ? "yes" : "no";
}

/* What the series would write, as user.spdx.suggested says it. */
static void suggestion_text(FILE *out, const struct show_info *si)
{
	switch (si->suggest) {
	case SHOW_TAG:
		fputs(si->suggest_expr, out);
		break;
	case SHOW_REVIEW:
		fprintf(out, "review%s%s", si->suggest_expr[0] ? ": " : "",
			si->suggest_expr);
		break;
	case SHOW_NONE:
		fputs("none", out);
		break;
	}
}

/* "module  line N: "DECLARED" CLASS", a line per call, as check
 * --modules classes them. */
static void show_module_text(FILE *out, const struct modscan_file *mf)
{
	for (size_t k = 0; mf && k < mf->ncalls; k++) {
		show_key(out, "module");
		fprintf(out, "line %u: ", mf->calls[k].line);
		modlic_print_declared(out, &mf->calls[k]);
		fprintf(out, " %s\n", modlic_class_key(mf->cls[k]));
	}
}

static void show_module_json(struct json_writer *w,
			     const struct modscan_file *mf)
{
	if (!mf)
		return;
	json_key(w, "module_license");
	json_array_begin(w, JSON_INLINE);
	for (size_t k = 0; k < mf->ncalls; k++) {
		json_object_begin(w, JSON_INLINE);
		json_kv_uint(w, "line", mf->calls[k].line);
		json_kv_string(w, "declared", mf->calls[k].declared);
		json_kv_bool(w, "resolved", mf->calls[k].resolved);
		json_kv_string(w, "class", modlic_class_key(mf->cls[k]));
		json_object_end(w);
	}
	json_array_end(w);
}

static void show_text(FILE *out, const struct show_info *si)
{
	const struct spdx_file *f = si->file;
	const struct spdx_expr *e = si->expr;

	quote_path(out, f->path, strlen(f->path));
	fputc('\n', out);
	if (si->reuse) {
		show_key(out, "layout");
		fprintf(out, "REUSE\n");
	}
	show_key(out, "status");
	fprintf(out, "%s\n", spdx_status_name(f->status));
	if (f->line) {
		show_key(out, "line");
		fprintf(out, "%u\n", f->line);
	}
	if (e) {
		show_key(out, "expression");
		fprintf(out, "%s\n", e->text);
	}
	if (si->modern) {
		show_key(out, "modern");
		fprintf(out, "%s\n", si->modern);
	}
	if (si->license_src[0]) {
		show_key(out, "license src");
		fprintf(out, "%s\n", si->license_src);
	}
	if (e && e->error && !f->line) {	/* a REUSE tree's: no tag line */
		show_key(out, "error");
		fprintf(out, "%s\n", e->error);
	} else if (e && e->error) {
		show_key(out, "error");
		fprintf(out, "%u:%u %s\n", f->line,
			strcmp(e->error, EXPR_UNFINISHED) ? f->col + e->col : 0,
			e->error);
	} else if (f->error) {
		show_key(out, "error");
		fprintf(out, "%s\n", f->error);
	}
	if (e && e->ast) {
		show_key(out, "licenses");
		for (size_t i = 0; i < si->nlicenses; i++)
			fprintf(out, "%s%s", i ? ", " : "", si->licenses[i]->path);
		fprintf(out, "%s\n", si->nlicenses ? "" : "none");
	}
	if (e && e->valid) {
		show_key(out, "usable under");
		for (size_t i = 0; i < si->nusable; i++)
			fprintf(out, "%s%s", i ? ", " : "", si->usable[i]);
		fprintf(out, "%s\n", si->nusable ? "" : "none");
	}
	show_key(out, "uapi");
	fprintf(out, "%s\n", yes_no(si->uapi));
	if (e && e->ast) {
		show_key(out, "syscall note");
		fprintf(out, "%s\n", yes_no(si->syscall_note));
	}
	show_module_text(out, si->module);
	for (const char *c = f->copyright; c; ) {
		const char *nl = strchr(c, '\n');

		show_key(out, "copyright");
		fprintf(out, "%.*s\n", (int)(nl ? nl - c : (long)strlen(c)), c);
		c = nl ? nl + 1 : NULL;
	}
	if (si->copyright_src[0]) {
		show_key(out, "copyright src");
		fprintf(out, "%s\n", si->copyright_src);
	}
	if (si->suggested) {
		show_key(out, "suggested");
		suggestion_text(out, si);
		fputc('\n', out);
		show_key(out, "why");
		fprintf(out, "%s\n", si->why);
	}
}

static void show_json(struct json_writer *w, const struct show_info *si)
{
	const struct spdx_file *f = si->file;
	const struct spdx_expr *e = si->expr;

	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "path", f->path);
	json_kv_string(w, "status", spdx_status_name(f->status));
	json_kv_uint(w, "line", f->line);
	json_key(w, "expression");
	json_string_or_null(w, e ? e->text : NULL);
	json_key(w, "modern");
	json_string_or_null(w, si->modern);
	if (e && e->error)
		json_kv_string(w, "error", e->error);
	else if (f->error)
		json_kv_string(w, "error", f->error);
	json_kv_bool(w, "valid", e && e->valid);
	json_key(w, "licenses");
	json_array_begin(w, JSON_INLINE);
	for (size_t i = 0; i < si->nlicenses; i++)
		json_string(w, si->licenses[i]->path);
	json_array_end(w);
	json_key(w, "usable_under");
	json_array_begin(w, JSON_INLINE);
	for (size_t i = 0; i < si->nusable; i++)
		json_string(w, si->usable[i]);
	json_array_end(w);
	json_kv_bool(w, "uapi", si->uapi);
	json_kv_bool(w, "syscall_note", si->syscall_note);
	show_module_json(w, si->module);
	json_key(w, "copyright");
	copyright_json(w, f->copyright);
	if (si->reuse) {
		json_kv_string(w, "layout", "reuse");
		json_kv_string(w, "license_source", si->license_src);
		json_kv_string(w, "copyright_source", si->copyright_src);
	}
	json_key(w, "suggested");
	if (!si->suggested) {
		json_null(w);
	} else {
		static const char *const kind[] = {
			[SHOW_TAG] = "tag", [SHOW_REVIEW] = "review",
			[SHOW_NONE] = "none",
		};

		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "kind", kind[si->suggest]);
		json_key(w, "expression");
		json_string_or_null(w, si->suggest == SHOW_TAG ? si->suggest_expr : NULL);
		if (si->suggest == SHOW_REVIEW)
			json_kv_string(w, "recognised", si->suggest_expr);
		json_kv_string(w, "why", si->why);
		json_object_end(w);
	}
	json_object_end(w);
}

void report_show(FILE *out, enum report_format fmt,
		 const struct show_info *si, size_t n)
{
	struct json_writer w;

	if (fmt != REPORT_JSON) {
		for (size_t i = 0; i < n; i++) {
			if (i)
				fputc('\n', out);
			show_text(out, &si[i]);
		}
		return;
	}
	report_json_begin(&w, out, "files");
	for (size_t i = 0; i < n; i++)
		show_json(&w, &si[i]);
	report_json_end(&w);
}

/* check --modules */

/* What stands for the expression of a file without a valid tag. */
static const char *module_expr_text(const struct spdx_index *idx,
				    const struct spdx_file *f)
{
	const struct spdx_expr *x = index_file_expr(idx, f);

	if (spdx_file_counted(f) && x)
		return x->text;
	if (f->status == ST_INVALID)
		return "(invalid)";
	if (f->status == ST_ERROR)
		return "(unreadable)";
	return "(untagged)";
}

static void module_call_text(FILE *out, const struct spdx_index *idx,
			     const struct spdx_file *f,
			     const struct modlic_call *c, enum modlic_class cls)
{
	quote_path(out, f->path, strlen(f->path));
	fprintf(out, ":%u: ", c->line);
	modlic_print_declared(out, c);
	fprintf(out, " vs %s: %s\n", module_expr_text(idx, f), modlic_class_key(cls));
}

static void module_call_json(struct json_writer *w, const struct spdx_index *idx,
			     const struct spdx_file *f,
			     const struct modlic_call *c, enum modlic_class cls)
{
	const struct spdx_expr *x = index_file_expr(idx, f);

	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "path", f->path);
	json_kv_uint(w, "line", c->line);
	json_kv_string(w, "declared", c->declared);
	json_kv_bool(w, "resolved", c->resolved);
	json_key(w, "expression");
	json_string_or_null(w, spdx_file_counted(f) && x ? x->text : NULL);
	json_kv_string(w, "status", spdx_status_name(f->status));
	json_kv_string(w, "class", modlic_class_key(cls));
	json_object_end(w);
}

int report_modules(FILE *out, enum report_format fmt, const struct modscan *m,
		   unsigned classes)
{
	struct json_writer w;

	if (fmt == REPORT_JSON) {
		report_json_object(&w, out);
		json_key(&w, "calls");
		json_array_begin(&w, JSON_BLOCK);
	}
	for (size_t i = 0; i < m->nfiles; i++) {
		const struct modscan_file *mf = &m->files[i];

		for (size_t k = 0; k < mf->ncalls; k++) {
			enum modlic_class cls = mf->cls[k];

			if (!(classes & 1u << cls))
				continue;
			if (fmt == REPORT_JSON)
				module_call_json(&w, m->idx, mf->f, &mf->calls[k], cls);
			else
				module_call_text(out, m->idx, mf->f, &mf->calls[k], cls);
		}
	}
	if (fmt == REPORT_JSON) {
		json_array_end(&w);
		json_kv_uint(&w, "files", m->nfiles);
		json_key(&w, "counts");
		json_object_begin(&w, JSON_INLINE);
		for (int c = 0; c < MODLIC__NCLASSES; c++)
			json_kv_uint(&w, modlic_class_key(c), m->count[c]);
		json_object_end(&w);
		json_object_end(&w);
		if (json_end(&w))
			return -EINVAL;
	}
	return 0;
}
