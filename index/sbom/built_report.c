// SPDX-License-Identifier: GPL-2.0-only
/*
 * built_report: "spdxfs built" and "spdxfs built --modules" in text and
 * JSON (built_report.h).
 */
#include <errno.h>
#include <string.h>

#include "sbom/built.h"
#include "sbom/built_modules.h"
#include "sbom/built_report.h"
#include "spdx/expr.h"
#include "index.h"
#include "util/json.h"
#include "util/quote.h"

size_t report_built_files(const struct spdx_index *idx, const struct built *b,
			  const struct spdx_file **files, size_t *missing)
{
	size_t n = 0;

	*missing = 0;
	for (size_t i = 0; i < b->npaths; i++) {
		const struct spdx_file *f = index_find(idx, b->paths[i].path);

		if (f)
			files[n++] = f;
		else
			++*missing;
	}
	return n;
}

/* Of @files, how many are in @b for each why, into @count. */
static void built_why_counts(const struct built *b,
			     const struct spdx_file *const *files, size_t n,
			     size_t count[BUILT_NWHY])
{
	memset(count, 0, BUILT_NWHY * sizeof(*count));
	for (size_t i = 0; i < n; i++) {
		int why = built_why_of(b, files[i]->path);

		if (why >= 0)
			count[why]++;
	}
}

static void built_text(FILE *out, const struct summary *s,
		       const struct built *b, const struct spdx_file *const *files,
		       size_t n, size_t missing)
{
	size_t count[BUILT_NWHY];
	int header = 0;

	fprintf(out, "built into vmlinux%s%s: %zu tree files from %zu objects"
		" (%zu generated files outside the tree, %zu not indexed",
		b->boot_image ? " and " : "", b->boot_image ? b->boot_image : "",
		n, b->nobjects, b->ngenerated, missing);
	if (b->noutside)
		fprintf(out, ", %zu paths outside the tree and the build"
			" directory left out", b->noutside);
	fputs(")\n", out);
	built_why_counts(b, files, n, count);
	fputs("why:", out);
	for (int w = 0; w < BUILT_NWHY; w++)
		fprintf(out, "%s %zu %s", w ? "," : "", count[w], built_why_name(w));
	fputs("\n\n", out);
	report_summary(out, REPORT_TEXT, s);
	for (size_t i = 0; i < n; i++) {
		if (!spdx_file_lacks_tag(files[i]))
			continue;
		if (!header++)
			fprintf(out, "\nfiles without a valid tag\n");
		fputs("  ", out);
		quote_path(out, files[i]->path, strlen(files[i]->path));
		fprintf(out, "\t%s\n", spdx_status_name(files[i]->status));
	}
	header = 0;
	for (size_t i = 0; i < n; i++) {
		int why = built_why_of(b, files[i]->path);

		if (why <= BUILT_COMPILED)
			continue;
		if (!header++)
			fprintf(out, "\nfiles not compiled into vmlinux itself\n");
		fputs("  ", out);
		quote_path(out, files[i]->path, strlen(files[i]->path));
		fprintf(out, "\t%s\t%s\n", built_why_name(why),
			spdx_status_name(files[i]->status));
	}
}

/* The summary, then "why": the files per why, and "not_compiled": those
 * there for another reason, with it and their status. */
static void built_json(FILE *out, const struct summary *s,
		       const struct built *b, const struct spdx_file *const *files,
		       size_t n)
{
	size_t count[BUILT_NWHY];
	struct json_writer w;

	report_json_object(&w, out);
	report_summary_members(&w, s);
	built_why_counts(b, files, n, count);
	json_key(&w, "why");
	json_object_begin(&w, JSON_INLINE);
	for (int k = 0; k < BUILT_NWHY; k++)
		json_kv_uint(&w, built_why_name(k), count[k]);
	json_object_end(&w);
	json_key(&w, "not_compiled");
	json_array_begin(&w, JSON_BLOCK);
	for (size_t i = 0; i < n; i++) {
		int why = built_why_of(b, files[i]->path);

		if (why <= BUILT_COMPILED)
			continue;
		json_object_begin(&w, JSON_INLINE);
		json_kv_string(&w, "path", files[i]->path);
		json_kv_string(&w, "why", built_why_name(why));
		json_kv_string(&w, "status", spdx_status_name(files[i]->status));
		json_object_end(&w);
	}
	json_array_end(&w);
	json_object_end(&w);
	json_end(&w);
}

void report_built(FILE *out, enum report_format fmt, const struct summary *s,
		  const struct built *b, const struct spdx_file *const *files,
		  size_t n, size_t missing)
{
	if (fmt == REPORT_JSON)
		built_json(out, s, b, files, n);
	else
		built_text(out, s, b, files, n, missing);
}

/* built --modules */

/* A module source's expression, or its status in parentheses. */
static const char *bmod_source_expr(const struct spdx_index *idx,
				    const struct bmod_source *s, char *buf,
				    size_t size)
{
	const struct spdx_expr *x;

	if (!s->file) {
		snprintf(buf, size, "(%s)", s->in_tree ? "not indexed" : "outside the tree");
		return buf;
	}
	x = spdx_file_counted(s->file) ? index_file_expr(idx, s->file) : NULL;
	if (x)
		return x->text;
	snprintf(buf, size, "(%s)", spdx_status_name(s->file->status));
	return buf;
}

/* The class of a module source's tag against the declared license, or
 * "-" when it has no file or the module declares none. */
static const char *bmod_source_class(const struct bmod *m,
				     const struct bmod_source *s)
{
	if (!s->file || !m->declared[0])
		return "-";
	return modlic_class_key(s->cls);
}

static void bmod_text(FILE *out, const struct spdx_index *idx,
		      const struct bmod *m)
{
	char buf[64];

	fprintf(out, "%s\t%s\t%s\t%s", m->name, m->declared[0] ? m->declared : "-",
		m->license ? m->license : "-", bmod_verdict_key(m->verdict));
	if (m->error)
		fprintf(out, ": %s", m->error);
	putc('\n', out);
	for (size_t i = 0; i < m->nsrcs; i++) {
		const struct bmod_source *s = &m->srcs[i];

		fputs("  ", out);
		quote_path(out, s->path, strlen(s->path));
		fprintf(out, "\t%s\t%s\n", bmod_source_expr(idx, s, buf, sizeof(buf)),
			bmod_source_class(m, s));
	}
}

static void bmod_json(struct json_writer *w, const struct spdx_index *idx,
		      const struct bmod *m)
{
	json_object_begin(w, JSON_BLOCK);
	json_kv_string(w, "name", m->name);
	json_kv_string(w, "ko", m->ko);
	json_key(w, "declared");
	json_string_or_null(w, m->declared[0] ? m->declared : NULL);
	json_key(w, "declared_in");
	json_string_or_null(w, m->declared_in);
	json_key(w, "license");
	json_string_or_null(w, m->license);
	json_kv_string(w, "verdict", bmod_verdict_key(m->verdict));
	json_key(w, "error");
	json_string_or_null(w, m->error);
	json_key(w, "sources");
	json_array_begin(w, JSON_BLOCK);
	for (size_t i = 0; i < m->nsrcs; i++) {
		const struct bmod_source *s = &m->srcs[i];
		const struct spdx_expr *x = s->file && spdx_file_counted(s->file) ?
			index_file_expr(idx, s->file) : NULL;
		const char *cls = bmod_source_class(m, s);

		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "path", s->path);
		json_key(w, "status");
		json_string_or_null(w, s->file ? spdx_status_name(s->file->status) : NULL);
		json_key(w, "expression");
		json_string_or_null(w, x ? x->text : NULL);
		json_key(w, "class");
		json_string_or_null(w, strcmp(cls, "-") ? cls : NULL);
		json_object_end(w);
	}
	json_array_end(w);
	json_object_end(w);
}

int report_built_modules(FILE *out, enum report_format fmt,
			 const struct built_modules *bm,
			 const struct spdx_index *idx)
{
	size_t count[BMOD__NVERDICTS] = { 0 };
	struct json_writer w;

	for (size_t i = 0; i < bm->n; i++)
		count[bm->mods[i].verdict]++;
	if (fmt != REPORT_JSON) {
		fprintf(out, "modules: %zu", bm->n);
		for (int v = 0; v < BMOD__NVERDICTS; v++)
			fprintf(out, "%s%zu %s", v ? ", " : " (", count[v],
				bmod_verdict_key(v));
		fputs(")\n", out);
		for (size_t i = 0; i < bm->n; i++)
			bmod_text(out, idx, &bm->mods[i]);
		return 0;
	}
	report_json_object(&w, out);
	json_kv_uint(&w, "modules", bm->n);
	json_key(&w, "verdicts");
	json_object_begin(&w, JSON_INLINE);
	for (int v = 0; v < BMOD__NVERDICTS; v++)
		json_kv_uint(&w, bmod_verdict_key(v), count[v]);
	json_object_end(&w);
	json_key(&w, "list");
	json_array_begin(&w, JSON_BLOCK);
	for (size_t i = 0; i < bm->n; i++)
		bmod_json(&w, idx, &bm->mods[i]);
	json_array_end(&w);
	json_object_end(&w);
	return json_end(&w) ? -EINVAL : 0;
}
