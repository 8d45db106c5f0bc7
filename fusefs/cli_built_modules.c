// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_built_modules: "spdxfs built --modules": per module of a build, the
 * license it declares, the .ko's, its sources and a verdict.
 */
#include <stdio.h>
#include <string.h>

#include "built_modules.h"
#include "cli.h"
#include "cli_built_modules.h"
#include "error.h"
#include "index.h"
#include "json.h"
#include "modlic.h"
#include "quote.h"
#include "scan.h"
#include "version.h"

/* A source's expression, or its status in parentheses. */
static const char *source_expr(const struct spdx_index *idx,
			       const struct bmod_source *s, char *buf, size_t size)
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

static const char *source_class(const struct bmod *m, const struct bmod_source *s)
{
	if (!s->file || !m->declared[0])
		return "-";
	return modlic_class_key(s->cls);
}

static void text_module(const struct spdx_index *idx, const struct bmod *m)
{
	char buf[64];

	printf("%s\t%s\t%s\t%s", m->name, m->declared[0] ? m->declared : "-",
	       m->license ? m->license : "-", bmod_verdict_key(m->verdict));
	if (m->error)
		printf(": %s", m->error);
	putchar('\n');
	for (size_t i = 0; i < m->nsrcs; i++) {
		const struct bmod_source *s = &m->srcs[i];

		fputs("  ", stdout);
		quote_path(stdout, s->path, strlen(s->path));
		printf("\t%s\t%s\n", source_expr(idx, s, buf, sizeof(buf)),
		       source_class(m, s));
	}
}

static void text_report(const struct spdx_index *idx, const struct built_modules *bm,
			const size_t *count)
{
	printf("modules: %zu", bm->n);
	for (int v = 0; v < BMOD__NVERDICTS; v++)
		printf("%s%zu %s", v ? ", " : " (", count[v], bmod_verdict_key(v));
	printf(")\n");
	for (size_t i = 0; i < bm->n; i++)
		text_module(idx, &bm->mods[i]);
}

static void json_module(struct json_writer *w, const struct spdx_index *idx,
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

		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "path", s->path);
		json_key(w, "status");
		json_string_or_null(w, s->file ? spdx_status_name(s->file->status) : NULL);
		json_key(w, "expression");
		json_string_or_null(w, x ? x->text : NULL);
		json_key(w, "class");
		json_string_or_null(w, strcmp(source_class(m, s), "-") ?
				    source_class(m, s) : NULL);
		json_object_end(w);
	}
	json_array_end(w);
	json_object_end(w);
}

static int json_report(const struct spdx_index *idx, const struct built_modules *bm,
		       const size_t *count)
{
	struct json_writer w;

	json_init(&w, stdout, JSON_AS_ASKED);
	json_object_begin(&w, JSON_BLOCK);
	json_kv_string(&w, "version", SPDXFS_VERSION);
	json_kv_uint(&w, "modules", bm->n);
	json_key(&w, "verdicts");
	json_object_begin(&w, JSON_INLINE);
	for (int v = 0; v < BMOD__NVERDICTS; v++)
		json_kv_uint(&w, bmod_verdict_key(v), count[v]);
	json_object_end(&w);
	json_key(&w, "list");
	json_array_begin(&w, JSON_BLOCK);
	for (size_t i = 0; i < bm->n; i++)
		json_module(&w, idx, &bm->mods[i]);
	json_array_end(&w);
	json_object_end(&w);
	return json_end(&w);
}

int built_modules_main(const char *build_dir, const char *tree,
		       const struct cli_index_opts *o, enum report_format fmt)
{
	struct built_modules *bm = NULL;
	struct modlic_table table = { 0 };
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct spdx_error err = { 0 };
	size_t count[BMOD__NVERDICTS] = { 0 };
	int r = 2;

	if (built_modules_collect(&bm, build_dir, &err)) {
		cli_error("%s", err.msg);
		goto out;
	}
	if (cli_open_index(tree ? tree : bm->srctree, o, &src, &idx))
		goto out;
	if (modlic_table_read(&table, src, &err)) {
		cli_error("%s", err.msg);
		goto out;
	}
	if (built_modules_judge(bm, &table, idx, src)) {
		cli_error("out of memory");
		goto out;
	}
	for (size_t i = 0; i < bm->n; i++)
		count[bm->mods[i].verdict]++;
	if (fmt == REPORT_JSON)
		json_report(idx, bm, count);
	else
		text_report(idx, bm, count);
	r = ferror(stdout) ? 2 : count[BMOD_ERROR] ? 1 : 0;
out:
	modlic_table_release(&table);
	built_modules_free(bm);
	index_free(idx);
	source_free(src);
	return r;
}
