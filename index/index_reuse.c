// SPDX-License-Identifier: GPL-2.0-only
/*
 * index_reuse: a REUSE tree's per-file reading put into its index (see
 * index_reuse.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index_resolve.h"
#include "index_reuse.h"
#include "spdx/licenses.h"
#include "reuse/reuse.h"
#include "spdx/spdx_index.h"
#include "spdx/spdxlist.h"
#include "util/strpool.h"

int index_origin_names(unsigned bits, char *buf, size_t size)
{
	static const enum reuse_src order[] = {
		REUSE_SRC_HEADER, REUSE_SRC_SIDECAR, REUSE_SRC_TOML,
		REUSE_SRC_DEP5,
	};
	size_t len = 0;

	if (size)
		buf[0] = '\0';
	for (size_t i = 0; i < sizeof(order) / sizeof(*order); i++) {
		if (!(bits & (1u << order[i])))
			continue;
		len += snprintf(len < size ? buf + len : NULL,
				len < size ? size - len : 0, "%s%s",
				len ? "," : "", reuse_src_name(order[i]));
	}
	return (int)len;
}

/* The licenses of @t's LICENSES/ into *@out. */
static int tree_licenses(struct licenses **out, const struct reuse_tree *t,
			 const struct spdx_index *idx, struct spdx_error *err)
{
	struct license_decl *d = calloc(t->nlics ? t->nlics : 1, sizeof(*d));
	int ret;

	if (!d)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < t->nlics; i++) {
		const struct spdx_file *f = index_find(idx, t->lics[i].path);

		d[i] = (struct license_decl){
			.id = t->lics[i].id, .path = t->lics[i].path,
			.size = f ? (size_t)f->st.size : 0,
			.exception = spdxlist_has_exception(t->lics[i].id,
						strlen(t->lics[i].id)),
		};
	}
	ret = licenses_from_decls(out, d, (int)t->nlics, err);
	free(d);
	return ret;
}

/* Is @s one token (an id, with no operator to bind)? */
static int is_simple(const char *s)
{
	return !strpbrk(s, " \t()");
}

/* @rf's expressions joined by " AND " into @pool, or NULL when none. */
static const char *joined_exprs(const struct reuse_file *rf,
				struct strpool *pool, int *oom)
{
	size_t len = 1;
	char *buf, *p;
	const char *ret;

	if (!rf->nexprs)
		return NULL;
	if (rf->nexprs == 1) {
		ret = strpool_str(pool, rf->exprs[0].value);
		*oom = !ret;
		return ret;
	}
	for (size_t i = 0; i < rf->nexprs; i++)
		len += strlen(rf->exprs[i].value) + 7;
	p = buf = malloc(len);
	if (!buf) {
		*oom = 1;
		return NULL;
	}
	for (size_t i = 0; i < rf->nexprs; i++) {
		const char *v = rf->exprs[i].value;
		int paren = !is_simple(v);

		p += sprintf(p, "%s%s%s%s", i ? " AND " : "", paren ? "(" : "",
			     v, paren ? ")" : "");
	}
	ret = strpool_str(pool, buf);
	*oom = !ret;
	free(buf);
	return ret;
}

/* @rf's copyright notices, one a line, into @pool, or NULL when none. */
static const char *joined_copyrights(const struct reuse_file *rf,
				     struct strpool *pool, int *oom)
{
	size_t len = 1;
	char *buf, *p;
	const char *ret;

	if (!rf->ncopyrights)
		return NULL;
	for (size_t i = 0; i < rf->ncopyrights; i++)
		len += strlen(rf->copyrights[i].value) + 1;
	p = buf = malloc(len);
	if (!buf) {
		*oom = 1;
		return NULL;
	}
	for (size_t i = 0; i < rf->ncopyrights; i++)
		p += sprintf(p, "%s%s", i ? "\n" : "", rf->copyrights[i].value);
	ret = strpool_str(pool, buf);
	*oom = !ret;
	free(buf);
	return ret;
}

static unsigned origin_of(const struct reuse_file *rf)
{
	unsigned o = 0;

	for (size_t i = 0; i < rf->nexprs; i++)
		o |= 1u << rf->exprs[i].src;
	for (size_t i = 0; i < rf->ncopyrights; i++)
		o |= 1u << (4 + rf->copyrights[i].src);
	return o;
}

static int cmp_text(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_expr_text(const void *key, const void *elt)
{
	return strcmp(key, ((const struct spdx_expr *)elt)->text);
}

/*
 * The distinct texts of @texts[0..@n) (NULL: none), sorted, as a new
 * expression table resolved against @lic, into *@out of *@nout.
 */
static int expr_table(struct spdx_expr **out, size_t *nout,
		      const char **texts, size_t n, const struct licenses *lic,
		      struct strpool *pool)
{
	const char **sorted = alloc_array(n ? n : 1, sizeof(*sorted));
	struct spdx_expr *e;
	size_t k = 0;

	if (!sorted)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (texts[i])
			sorted[k++] = texts[i];
	qsort(sorted, k, sizeof(*sorted), cmp_text);
	e = calloc(k ? k : 1, sizeof(*e));
	if (!e) {
		free(sorted);
		return -ENOMEM;
	}
	*nout = 0;
	for (size_t i = 0; i < k; i++) {
		if (*nout && !strcmp(e[*nout - 1].text, sorted[i]))
			continue;
		e[*nout].text = sorted[i];
		index_expr_resolve(&e[*nout], lic, pool);
		(*nout)++;
	}
	free(sorted);
	*out = e;
	return 0;
}

static enum spdx_status reuse_status(const struct spdx_file *f,
				     const struct spdx_index *idx)
{
	if (f->error)
		return ST_ERROR;
	if (f->expr < 0)
		return ST_UNTAGGED;
	return idx->exprs[f->expr].valid ? ST_TAGGED : ST_INVALID;
}

/* @idx's files given @t's reading, their texts @texts and notices @cps. */
static void set_files(struct spdx_index *idx, const struct reuse_tree *t,
		      const char **texts, const char **cps)
{
	memset(idx->count, 0, sizeof(idx->count));
	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		const struct reuse_file *rf = reuse_lookup(t, f->path);
		struct spdx_expr *e = NULL;

		f->expr = -1;
		f->line = f->col = f->second_line = 0;
		f->leader = "";
		f->flags &= IDX_F_UAPI;
		f->copyright = cps[i];
		f->origin = rf ? origin_of(rf) : 0;
		if (rf && rf->error)
			f->error = rf->error;
		if (texts[i])
			e = bsearch(texts[i], idx->exprs, idx->nexprs,
				    sizeof(*e), cmp_expr_text);
		if (e) {
			f->expr = (int32_t)(e - idx->exprs);
			e->nfiles++;
		}
		f->scan_status = f->expr < 0 ? ST_UNTAGGED : ST_TAGGED;
		f->status = rf || f->error ? reuse_status(f, idx) : ST_EXCLUDED;
		idx->count[f->status]++;
	}
}

int index_reuse_apply(struct spdx_index *idx, struct source *src, int keep,
		      struct spdx_error *err)
{
	const char **texts = NULL, **cps = NULL;
	struct licenses *lic = NULL;
	struct reuse_tree *t = NULL;
	struct spdx_expr *exprs = NULL;
	size_t nexprs = 0;
	int ret, oom = 0;

	if (idx->layout == INDEX_LAYOUT_REUSE || !reuse_tree_is(idx))
		return 0;
	ret = reuse_read(&t, src, idx, err);
	if (ret)
		return ret;
	ret = tree_licenses(&lic, t, idx, err);
	if (ret)
		goto out;
	texts = calloc(idx->nfiles + 1, sizeof(*texts));
	cps = calloc(idx->nfiles + 1, sizeof(*cps));
	ret = -ENOMEM;
	if (!texts || !cps)
		goto oom;
	for (size_t i = 0; i < idx->nfiles && !oom; i++) {
		const struct reuse_file *rf = reuse_lookup(t, idx->files[i].path);

		if (!rf)
			continue;
		texts[i] = joined_exprs(rf, idx->pool, &oom);
		if (!oom)
			cps[i] = joined_copyrights(rf, idx->pool, &oom);
	}
	if (oom || expr_table(&exprs, &nexprs, texts, idx->nfiles, lic,
			      idx->pool))
		goto oom;
	for (size_t k = 0; k < idx->nexprs; k++)
		expr_free(idx->exprs[k].ast);
	free(idx->exprs);
	idx->exprs = exprs;
	idx->nexprs = nexprs;
	if (!idx->lic_shared)
		licenses_free(idx->lic);
	idx->lic = lic;
	idx->lic_shared = 0;
	lic = NULL;
	free(idx->lic_error);
	idx->lic_error = NULL;
	set_files(idx, t, texts, cps);
	idx->layout = INDEX_LAYOUT_REUSE;
	if (keep) {
		idx->reuse = t;
		t = NULL;
	}
	ret = 0;
	goto out;
oom:
	spdx_error_set(err, ret, "%s: out of memory", idx->root);
out:
	free(texts);
	free(cps);
	licenses_free(lic);
	reuse_free(t);
	return ret;
}
