// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_reuse: "spdxfs check" on a REUSE tree, in text and JSON.
 */
#include <string.h>

#include "util/json.h"
#include "util/quote.h"
#include "report_reuse.h"
#include "reuse/reuse.h"

static int lint_is_path(enum reuse_lint_class c)
{
	return c == REUSE_READ_ERROR ||
	       c == REUSE_NO_COPYRIGHT || c == REUSE_NO_LICENSE;
}

static const char *const text_what[REUSE__NCLASSES] = {
	[REUSE_BAD_LICENSE] = "bad license",
	[REUSE_DEPRECATED_LICENSE] = "deprecated license",
	[REUSE_LICENSE_NO_EXTENSION] = "license without file extension",
	[REUSE_MISSING_LICENSE] = "missing license",
	[REUSE_UNUSED_LICENSE] = "unused license",
	[REUSE_READ_ERROR] = "cannot be read",
	[REUSE_NO_COPYRIGHT] = "no copyright information",
	[REUSE_NO_LICENSE] = "no licensing information",
	[REUSE_GLOBAL_ERROR] = "bulk annotations refused",
};

/* A value on one line: a control character (a REUSE.toml string may
 * hold "\n") is written as '?', so that no value can forge a record. */
static void text_value(FILE *out, const char *s)
{
	for (; *s; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, out);
}

static void text_items(FILE *out, const struct reuse_file *f, const char *kind,
		       const struct reuse_item *it, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		quote_path(out, f->path, strlen(f->path));
		fprintf(out, ": %s ", kind);
		text_value(out, it[i].value);
		fprintf(out, "%s (%s ", it[i].valid || *kind == 'c' ? "" : " [invalid]",
			reuse_src_name(it[i].src));
		quote_path(out, it[i].from, strlen(it[i].from));
		fputs(")\n", out);
	}
}

/* The @i-th file @l linted. */
static const struct reuse_file *linted(const struct reuse_tree *t,
				       const struct reuse_lint *l, size_t i)
{
	return l->sel ? l->sel[i] : &t->files[i];
}

static void text_report(FILE *out, int verbose, const struct reuse_tree *t,
			const struct reuse_lint *l)
{
	char *const *used = l->sel ? l->used : t->used;
	size_t nused = l->sel ? l->nused : t->nused;

	for (size_t i = 0; verbose && i < l->nsel; i++) {
		const struct reuse_file *f = linted(t, l, i);

		text_items(out, f, "license", f->exprs, f->nexprs);
		text_items(out, f, "copyright", f->copyrights, f->ncopyrights);
	}
	for (int c = 0; c < REUSE__NCLASSES; c++)
		for (size_t i = 0; i < l->nitems[c]; i++) {
			const char *s = l->items[c][i];

			if (lint_is_path(c)) {
				quote_path(out, s, strlen(s));
				fprintf(out, ": %s\n", text_what[c]);
			} else {
				fprintf(out, "%s: ", text_what[c]);
				text_value(out, s);
				fputc('\n', out);
			}
		}
	if (l->sel)
		fprintf(out, "REUSE tree: %zu of %zu files checked", l->nsel,
			t->nfiles);
	else
		fprintf(out, "REUSE tree: %zu files", t->nfiles);
	fprintf(out, ", %zu with licensing information, "
		"%zu with copyright information\n",
		l->with_license, l->with_copyright);
	fputs("used licenses:", out);
	for (size_t i = 0; i < nused; i++)
		fprintf(out, "%s%s", i ? ", " : " ", used[i]);	/* idstrings */
	fprintf(out, "\n%scompliant with REUSE 3.3\n", l->compliant ? "" : "not ");
}

static void json_items(struct json_writer *w, const char *key,
		       const struct reuse_item *it, size_t n, int exprs)
{
	json_key(w, key);
	json_array_begin(w, JSON_BLOCK);
	for (size_t i = 0; i < n; i++) {
		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "value", it[i].value);
		if (exprs)
			json_kv_bool(w, "is_valid", it[i].valid);
		json_kv_string(w, "source", it[i].from);
		json_kv_string(w, "source_type", reuse_src_name(it[i].src));
		json_object_end(w);
	}
	json_array_end(w);
}

static void json_files(struct json_writer *w, const struct reuse_tree *t,
		       const struct reuse_lint *l)
{
	json_key(w, "files");
	json_array_begin(w, JSON_BLOCK);
	for (size_t i = 0; i < l->nsel; i++) {
		const struct reuse_file *f = linted(t, l, i);

		json_object_begin(w, JSON_BLOCK);
		json_kv_string(w, "path", f->path);
		json_items(w, "expressions", f->exprs, f->nexprs, 1);
		json_items(w, "copyrights", f->copyrights, f->ncopyrights, 0);
		if (f->error)
			json_kv_string(w, "error", f->error);
		json_object_end(w);
	}
	json_array_end(w);
}

static void json_strings(struct json_writer *w, const char *key,
			 char *const *s, size_t n)
{
	json_key(w, key);
	json_array_begin(w, JSON_INLINE);
	for (size_t i = 0; i < n; i++)
		json_string(w, s[i]);
	json_array_end(w);
}

static void json_report(FILE *out, const struct reuse_tree *t,
			const struct reuse_lint *l)
{
	struct json_writer w;

	report_json_object(&w, out);
	json_kv_string(&w, "layout", "reuse");
	json_files(&w, t, l);
	json_key(&w, "non_compliant");
	json_object_begin(&w, JSON_BLOCK);
	for (int c = 0; c < REUSE__NCLASSES; c++)
		json_strings(&w, reuse_lint_key(c), l->items[c], l->nitems[c]);
	json_object_end(&w);
	json_key(&w, "summary");
	json_object_begin(&w, JSON_BLOCK);
	json_kv_uint(&w, "files_total", l->nsel);
	if (l->sel)
		json_kv_uint(&w, "files_in_tree", t->nfiles);
	json_kv_uint(&w, "files_with_licensing_info", l->with_license);
	json_kv_uint(&w, "files_with_copyright_info", l->with_copyright);
	if (l->sel)
		json_strings(&w, "used_licenses", l->used, l->nused);
	else
		json_strings(&w, "used_licenses", t->used, t->nused);
	json_kv_bool(&w, "compliant", l->compliant);
	json_object_end(&w);
	json_object_end(&w);
	json_end(&w);
}

void report_reuse_check(FILE *out, enum report_format fmt, int verbose,
			const struct reuse_tree *t, const struct reuse_lint *l)
{
	if (fmt == REPORT_JSON)
		json_report(out, t, l);
	else
		text_report(out, verbose, t, l);
}
