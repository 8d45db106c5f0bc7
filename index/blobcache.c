// SPDX-License-Identifier: GPL-2.0-only
/*
 * blobcache: scan results by blob id, kept as a saved index of its own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "blobcache.h"
#include "util/error.h"
#include "util/grow.h"
#include "util/hash.h"
#include "index.h"
#include "util/pathsearch.h"
#include "source/source.h"
#include "store.h"
#include "util/strpool.h"

/* A record's name: the blob id, '.', the object store's key (st.ino). */
#define HEX_BYTES	(2 * FILE_ID_BYTES + 1 + 16 + 1)

static const uint8_t zero_id[FILE_ID_BYTES];

static int has_id(const struct file_stat *st)
{
	return memcmp(st->id, zero_id, sizeof(zero_id)) != 0;
}

/* A result of the run: the file as the build left it, its path unset,
 * its leader and copyright statements in the run's pool, its expr an
 * index in the run's texts. */
struct run_blob {
	struct spdx_file f;
	UT_hash_handle hh;		/* keyed by f.st.id */
};

/* An expression text of the run, by text. */
struct run_text {
	const char *text;		/* in the run's pool */
	int32_t k;			/* in texts[] */
	UT_hash_handle hh;
};

struct blobcache_run {
	struct run_blob *blobs;		/* head of the uthash */
	struct run_text *by_text;	/* head of the uthash */
	const char **texts;		/* by run_text.k */
	size_t ntexts, cap;
	struct strpool *pool;
};

int blobcache_applies(struct source *src)
{
	struct src_entry root;

	return !src->ops->stat(src, "", &root) && has_id(&root.st);
}

/*
 * A record's name: "ID.KEY", the blob id and the key of the object store
 * that read it (file_stat.ino of the git source, in 16 hex digits), so
 * that names sort as (id, key).  A blob id is not checked against the
 * bytes read (git does not either): a store's result answers for that
 * store alone, and a repository that forges a blob's bytes forges only
 * its own answers.
 */
static void id_hex(const struct file_stat *st, char *hex)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < FILE_ID_BYTES; i++) {
		hex[2 * i] = digits[st->id[i] >> 4];
		hex[2 * i + 1] = digits[st->id[i] & 15];
	}
	hex[2 * FILE_ID_BYTES] = '.';
	for (int i = 0; i < 16; i++)
		hex[2 * FILE_ID_BYTES + 1 + i] = digits[st->ino >> (60 - 4 * i) & 15];
	hex[HEX_BYTES - 1] = '\0';
}

/* The cache's record of blob @st->id read from @st->ino's store, or NULL. */
static const struct spdx_file *cache_find(const struct path_array *byid,
					  const struct file_stat *st)
{
	char hex[HEX_BYTES];
	size_t k;

	if (!byid->n)
		return NULL;
	id_hex(st, hex);
	k = path_bsearch(byid, hex);
	return k == PATH_NONE ? NULL : (const struct spdx_file *)
	       ((const char *)byid->base + k * byid->stride);
}

static const struct run_blob *run_find(const struct blobcache_run *run,
				       const struct file_stat *st)
{
	struct run_blob *rb = NULL;

	if (run)
		HASH_FIND(hh, run->blobs, st->id, FILE_ID_BYTES, rb);
	return rb && rb->f.st.ino == st->ino ? rb : NULL;
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

	if (!c && x->f->st.ino != y->f->st.ino)
		c = x->f->st.ino < y->f->st.ino ? -1 : 1;
	return c ? c : y->fresh - x->fresh;	/* the build's first */
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A result to keep: read, not excluded, of a blob, from a known store
 * (records of caches before stores were told apart have none). */
static int worth_keeping(const struct spdx_file *f)
{
	return !f->error && f->status != ST_EXCLUDED && has_id(&f->st) &&
	       f->st.ino;
}

/* Add the results of @idx worth keeping to @r (room for them). */
static size_t collect(struct rec *r, size_t n, const struct spdx_index *idx,
		      int fresh)
{
	/* A REUSE reading is no scan result of a blob (index_reuse.h). */
	if (idx && idx->layout != INDEX_LAYOUT_KERNEL)
		return n;
	for (size_t i = 0; idx && i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (!worth_keeping(f))
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

		if (i && !memcmp(r[i].f->st.id, r[i - 1].f->st.id, FILE_ID_BYTES) &&
		    r[i].f->st.ino == r[i - 1].f->st.ino)
			continue;
		*f = *r[i].f;
		id_hex(&f->st, hex);
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

int blobcache_run_new(struct blobcache_run **out)
{
	struct blobcache_run *run = calloc(1, sizeof(*run));

	if (!run || !(run->pool = strpool_new())) {
		free(run);
		return -ENOMEM;
	}
	*out = run;
	return 0;
}

void blobcache_run_free(struct blobcache_run *run)
{
	struct run_blob *rb, *tmp;
	struct run_text *rt, *ttmp;

	if (!run)
		return;
	HASH_ITER(hh, run->blobs, rb, tmp) {
		HASH_DELETE(hh, run->blobs, rb);
		free(rb);
	}
	HASH_ITER(hh, run->by_text, rt, ttmp) {
		HASH_DELETE(hh, run->by_text, rt);
		free(rt);
	}
	free(run->texts);
	strpool_free(run->pool);
	free(run);
}

size_t blobcache_run_count(const struct blobcache_run *run)
{
	return run ? HASH_COUNT(run->blobs) : 0;
}

/* The index of expression text @text in @run's texts, added if new. */
static int run_text(struct blobcache_run *run, const char *text, int32_t *k)
{
	struct run_text *rt;
	const char **t;
	size_t len = strlen(text);
	int hash_oom = 0;

	HASH_FIND(hh, run->by_text, text, len, rt);
	if (rt) {
		*k = rt->k;
		return 0;
	}
	t = grow(run->texts, run->ntexts, &run->cap, sizeof(*t), 64);
	if (!t)
		return -ENOMEM;
	run->texts = t;
	rt = malloc(sizeof(*rt));
	if (!rt || !(rt->text = strpool_add(run->pool, text, len))) {
		free(rt);
		return -ENOMEM;
	}
	rt->k = run->ntexts;
	HASH_ADD_KEYPTR(hh, run->by_text, rt->text, len, rt);
	if (hash_oom) {
		free(rt);
		return -ENOMEM;
	}
	run->texts[run->ntexts++] = rt->text;
	*k = rt->k;
	return 0;
}

/* File @f of @idx, a result to keep, into @run. */
static int run_add_one(struct blobcache_run *run, const struct spdx_index *idx,
		       const struct spdx_file *f)
{
	struct run_blob *rb = malloc(sizeof(*rb));
	int hash_oom = 0;

	if (!rb)
		return -ENOMEM;
	rb->f = *f;
	rb->f.path = NULL;
	rb->f.status = f->scan_status;
	rb->f.expr = -1;
	if ((f->expr >= 0 &&
	     run_text(run, idx->exprs[f->expr].text, &rb->f.expr)) ||
	    !(rb->f.leader = strpool_str(run->pool, f->leader ? f->leader : "")) ||
	    (f->copyright &&
	     !(rb->f.copyright = strpool_str(run->pool, f->copyright)))) {
		free(rb);
		return -ENOMEM;
	}
	HASH_ADD(hh, run->blobs, f.st.id, FILE_ID_BYTES, rb);
	if (hash_oom) {
		free(rb);
		return -ENOMEM;
	}
	return 0;
}

int blobcache_run_add(struct blobcache_run *run,
		      const struct spdx_index *blobs,
		      const struct spdx_index *idx)
{
	struct path_array byid = {
		blobs ? blobs->files : NULL, blobs ? blobs->nfiles : 0,
		sizeof(struct spdx_file), offsetof(struct spdx_file, path)
	};

	if (idx->layout != INDEX_LAYOUT_KERNEL)
		return 0;	/* no scan result of a blob: index_reuse.h */
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		int ret;

		if (!worth_keeping(f) || run_find(run, &f->st) ||
		    cache_find(&byid, &f->st))
			continue;
		ret = run_add_one(run, idx, f);
		if (ret)
			return ret;
	}
	return 0;
}

const struct spdx_file *blobcache_known(const void *pair,
					const struct file_stat *st,
					const char **expr)
{
	const struct blobcache_pair *p = pair;
	const struct spdx_index *blobs = p->blobs;
	struct path_array byid = {
		blobs ? blobs->files : NULL, blobs ? blobs->nfiles : 0,
		sizeof(struct spdx_file), offsetof(struct spdx_file, path)
	};
	const struct spdx_file *f;
	const struct run_blob *rb;

	*expr = NULL;
	if (!has_id(st))
		return NULL;
	f = cache_find(&byid, st);
	if (f) {
		if (f->expr >= 0)
			*expr = blobs->exprs[f->expr].text;
		return f;
	}
	rb = run_find(p->run, st);
	if (!rb)
		return NULL;
	if (rb->f.expr >= 0)
		*expr = p->run->texts[rb->f.expr];
	return &rb->f;
}

/* @run as an index blobcache_merge() takes (paths unset: it names the
 * records by id), borrowing its strings. */
static int run_index(struct spdx_index *out, const struct blobcache_run *run)
{
	const struct run_blob *rb;
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	out->files = alloc_array(HASH_COUNT(run->blobs) + 1, sizeof(*out->files));
	out->exprs = calloc(run->ntexts + 1, sizeof(*out->exprs));
	if (!out->files || !out->exprs) {
		free(out->files);
		free(out->exprs);
		return -ENOMEM;
	}
	for (rb = run->blobs; rb; rb = rb->hh.next)
		out->files[n++] = rb->f;
	out->nfiles = n;
	for (size_t i = 0; i < run->ntexts; i++)
		out->exprs[i].text = run->texts[i];
	out->nexprs = run->ntexts;
	return 0;
}

int blobcache_run_absorb(struct blobcache_run *run,
			 const struct spdx_index *blobs,
			 const struct blobcache_run *from)
{
	struct spdx_index fi;
	int ret;

	if (!blobcache_run_count(from))
		return 0;
	ret = run_index(&fi, from);
	if (!ret)
		ret = blobcache_run_add(run, blobs, &fi);
	free(fi.files);
	free(fi.exprs);
	return ret;
}

int blobcache_run_save(const struct spdx_index *blobs,
		       const struct blobcache_run *run,
		       struct spdx_error *err)
{
	struct spdx_index ri, *merged = NULL;
	int ret;

	if (!blobcache_run_count(run))
		return 0;
	ret = run_index(&ri, run);
	if (!ret)
		ret = blobcache_merge(&merged, blobs, &ri);
	if (ret)
		return spdx_error_errno(err, ret, "%s", BLOBCACHE_ROOT);
	ret = store_save(merged, err);
	index_free(merged);
	free(ri.files);
	free(ri.exprs);
	return ret;
}
