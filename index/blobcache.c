// SPDX-License-Identifier: GPL-2.0-only
/*
 * blobcache: scan results by blob id, kept as a saved index of its own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blobcache.h"
#include "grow.h"
#include "index.h"
#include "pathsearch.h"
#include "source.h"
#include "strpool.h"

#define HEX_BYTES	(2 * FILE_ID_BYTES + 1)

static const uint8_t zero_id[FILE_ID_BYTES];

static int has_id(const struct file_stat *st)
{
	return memcmp(st->id, zero_id, sizeof(zero_id)) != 0;
}

int blobcache_applies(struct source *src)
{
	struct src_entry root;

	return !src->ops->stat(src, "", &root) && has_id(&root.st);
}

static void id_hex(const uint8_t *id, char *hex)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < FILE_ID_BYTES; i++) {
		hex[2 * i] = digits[id[i] >> 4];
		hex[2 * i + 1] = digits[id[i] & 15];
	}
	hex[2 * FILE_ID_BYTES] = '\0';
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(((const struct spdx_file *)a)->path,
		      ((const struct spdx_file *)b)->path);
}

struct prev_build {
	const struct spdx_index *blobs;
	struct path_array byid;
	struct spdx_file *files;
	size_t n, cap;
	struct strpool *pool;
};

/* A file of the source whose blob the cache knows: a record of prev. */
static int add_known(const struct src_entry *ent, void *arg)
{
	struct prev_build *pb = arg;
	char hex[HEX_BYTES];
	struct spdx_file *f;
	size_t k;

	if (ent->kind != SRC_REG || !has_id(&ent->st))
		return 0;
	id_hex(ent->st.id, hex);
	k = path_bsearch(&pb->byid, hex);
	if (k == PATH_NONE)
		return 0;
	f = grow(pb->files, pb->n, &pb->cap, sizeof(*f), 1024);
	if (!f)
		return -ENOMEM;
	pb->files = f;
	f = &pb->files[pb->n];
	*f = pb->blobs->files[k];
	f->path = strpool_str(pb->pool, ent->path);
	if (!f->path)
		return -ENOMEM;
	f->st = ent->st;	/* as the build's walk will see it */
	f->status = f->scan_status;
	f->error = NULL;
	pb->n++;
	return 0;
}

int blobcache_prev(struct spdx_index **out, struct source *src,
		   const struct spdx_index *blobs)
{
	struct prev_build pb = {
		.blobs = blobs,
		.byid = { blobs->files, blobs->nfiles, sizeof(*blobs->files),
			  offsetof(struct spdx_file, path) },
		.pool = strpool_new(),
	};
	struct spdx_index *prev = calloc(1, sizeof(*prev));
	int ret = -ENOMEM;

	if (!prev || !pb.pool)
		goto fail;
	prev->pool = pb.pool;
	prev->root = strdup(src->root);
	prev->exprs = alloc_array(blobs->nexprs ? blobs->nexprs : 1,
				  sizeof(*prev->exprs));
	if (!prev->root || !prev->exprs)
		goto fail;
	/* The texts are the cache's, which outlives prev. */
	if (blobs->nexprs)
		memcpy(prev->exprs, blobs->exprs,
		       blobs->nexprs * sizeof(*prev->exprs));
	prev->nexprs = blobs->nexprs;
	ret = src->ops->walk(src, "", SRC_WALK_STAT, add_known, &pb);
	if (ret)
		goto fail;
	if (pb.n)	/* none known: pb.files is NULL */
		qsort(pb.files, pb.n, sizeof(*pb.files), cmp_path);
	prev->files = pb.files;
	prev->nfiles = pb.n;
	*out = prev;
	return 0;
fail:
	free(pb.files);
	if (prev)
		index_free(prev);
	else
		strpool_free(pb.pool);
	return ret;
}

/* A result to keep: a file of the cache or of the build. */
struct rec {
	const struct spdx_file *f;
	const char *expr;	/* its text, or NULL */
	int fresh;		/* the build's */
};

static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c = memcmp(x->f->st.id, y->f->st.id, FILE_ID_BYTES);

	return c ? c : y->fresh - x->fresh;	/* the build's first */
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Add the results of @idx worth keeping to @r (room for them). */
static size_t collect(struct rec *r, size_t n, const struct spdx_index *idx,
		      int fresh)
{
	for (size_t i = 0; idx && i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (f->error || f->status == ST_EXCLUDED || !has_id(&f->st))
			continue;
		r[n++] = (struct rec){ f, f->expr >= 0 ?
				       idx->exprs[f->expr].text : NULL, fresh };
	}
	return n;
}

/* The distinct expression texts of @r, sorted, into @out->exprs. */
static int merge_exprs(struct spdx_index *out, const struct rec *r, size_t n)
{
	const char **texts = alloc_array(n ? n : 1, sizeof(*texts));
	size_t m = 0, u = 0;

	if (!texts)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (r[i].expr)
			texts[m++] = r[i].expr;
	qsort(texts, m, sizeof(*texts), cmp_str);
	for (size_t i = 0; i < m; i++)
		if (!u || strcmp(texts[u - 1], texts[i]))
			texts[u++] = texts[i];
	out->exprs = calloc(u ? u : 1, sizeof(*out->exprs));
	if (!out->exprs) {
		free(texts);
		return -ENOMEM;
	}
	for (size_t i = 0; i < u; i++)
		out->exprs[i].text = texts[i];
	out->nexprs = u;
	free(texts);
	return 0;
}

/* The index of expression text @text in @out->exprs. */
static int32_t expr_at(const struct spdx_index *out, const char *text)
{
	size_t lo = 0, hi = out->nexprs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(out->exprs[mid].text, text);

		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The records @r, one per blob, as @out's files. */
static int merge_files(struct spdx_index *out, const struct rec *r, size_t n)
{
	char hex[HEX_BYTES];

	out->files = alloc_array(n ? n : 1, sizeof(*out->files));
	if (!out->files)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		struct spdx_file *f = &out->files[out->nfiles];

		if (i && !memcmp(r[i].f->st.id, r[i - 1].f->st.id, FILE_ID_BYTES))
			continue;
		*f = *r[i].f;
		id_hex(f->st.id, hex);
		f->path = strpool_str(out->pool, hex);
		if (!f->path)
			return -ENOMEM;
		f->expr = r[i].expr ? expr_at(out, r[i].expr) : -1;
		f->status = f->scan_status;
		out->nfiles++;
	}
	return 0;
}

int blobcache_merge(struct spdx_index **out, const struct spdx_index *blobs,
		    const struct spdx_index *idx)
{
	size_t n = (blobs ? blobs->nfiles : 0) + idx->nfiles;
	struct rec *r = alloc_array(n ? n : 1, sizeof(*r));
	struct spdx_index *m = calloc(1, sizeof(*m));
	int ret = -ENOMEM;

	if (!r || !m || !(m->pool = strpool_new()) ||
	    !(m->root = strdup(BLOBCACHE_ROOT)))
		goto fail;
	n = collect(r, 0, idx, 1);
	n = collect(r, n, blobs, 0);
	qsort(r, n, sizeof(*r), cmp_rec);
	ret = merge_exprs(m, r, n);
	if (!ret)
		ret = merge_files(m, r, n);
	if (ret)
		goto fail;
	free(r);
	*out = m;
	return 0;
fail:
	free(r);
	if (m)
		index_free(m);
	return ret;
}
