// SPDX-License-Identifier: GPL-2.0-only
/*
 * index: walk a tree, scan the head of each file on several threads,
 * resolve each distinct expression once, and freeze the result.
 *
 * The build runs in phases, each with a single owner of the data:
 *  1. walk (this thread): every entry's path goes into the pool;
 *  2. sort by path; match against the previous index, so unchanged files
 *     keep their scan result;
 *  3. scan (N threads): each claims files by an atomic counter and writes
 *     only its own files' slots;
 *  4. resolve (this thread): intern leaders and expressions, parse and
 *     validate each expression once, set statuses and counts.
 */
#include <errno.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <uthash.h>

#include "exclude.h"
#include "expr.h"
#include "index.h"
#include "licenses.h"
#include "source.h"
#include "strpool.h"

struct intern {
	const char *key;
	int32_t id;
	UT_hash_handle hh;
};

/* A file while the index is being built. */
struct slot {
	char *expr;		/* expression text: malloc'd by scan, or
				   borrowed from prev when !owned */
	int owned;
	int need_scan;
	char leader[16];
	int err;		/* -errno of a failed read */
};

struct builder {
	struct source *src;
	const struct index_opts *opts;
	struct spdx_index *idx;
	struct strpool *pool;
	struct exclude *ex;
	struct slot *slots;
	size_t cap;
	size_t *todo;		/* indices of files to scan */
	size_t ntodo;
	atomic_size_t next;
	atomic_size_t done;
	char **links, **others;
	size_t cap_links, cap_others;
};

int path_is_uapi(const char *path)
{
	const char *p = path;

	while ((p = strstr(p, "uapi"))) {
		if ((p == path || p[-1] == '/') && (p[4] == '/' || p[4] == '\0'))
			return 1;
		p += 4;
	}
	return 0;
}

static int push_path(char ***arr, size_t *n, size_t *cap, struct strpool *pool,
		     const char *path)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		char **a = realloc(*arr, ncap * sizeof(*a));

		if (!a)
			return -ENOMEM;
		*arr = a;
		*cap = ncap;
	}
	(*arr)[*n] = strpool_str(pool, path);
	if (!(*arr)[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

static int on_entry(const struct src_entry *ent, void *arg)
{
	struct builder *b = arg;
	struct spdx_index *idx = b->idx;
	struct spdx_file *f;

	switch (ent->kind) {
	case SRC_DIR:
		return 0;
	case SRC_SYMLINK:
		return push_path(&b->links, &idx->nsymlinks, &b->cap_links,
				 b->pool, ent->path);
	case SRC_OTHER:
		return push_path(&b->others, &idx->nothers, &b->cap_others,
				 b->pool, ent->path);
	case SRC_REG:
		break;
	}
	if (idx->nfiles == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 4096;
		struct spdx_file *files = realloc(idx->files, ncap * sizeof(*files));

		if (!files)
			return -ENOMEM;
		idx->files = files;
		b->cap = ncap;
	}
	f = &idx->files[idx->nfiles];
	memset(f, 0, sizeof(*f));
	f->path = strpool_str(b->pool, ent->path);
	if (!f->path)
		return -ENOMEM;
	f->size = ent->size;
	f->mtime_ns = ent->mtime_ns;
	f->ino = ent->ino;
	f->mode = ent->mode;
	f->expr = -1;
	idx->nfiles++;
	return 0;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct spdx_file *)a)->path,
		      ((const struct spdx_file *)b)->path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

const struct spdx_file *index_find(const struct spdx_index *idx, const char *path)
{
	size_t lo = 0, hi = idx->nfiles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(path, idx->files[mid].path);

		if (!c)
			return &idx->files[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Phase 2: keep what the previous index knew of unchanged files. */
static int plan(struct builder *b)
{
	const struct spdx_index *prev = b->opts ? b->opts->prev : NULL;
	struct spdx_index *idx = b->idx;

	b->slots = calloc(idx->nfiles ? idx->nfiles : 1, sizeof(*b->slots));
	b->todo = malloc((idx->nfiles ? idx->nfiles : 1) * sizeof(*b->todo));
	if (!b->slots || !b->todo)
		return -ENOMEM;
	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		const struct spdx_file *old;

		if (exclude_match(b->ex, f->path)) {
			f->status = ST_EXCLUDED;
			f->scan_status = ST_UNTAGGED;
			continue;
		}
		old = prev ? index_find(prev, f->path) : NULL;
		if (old && old->size == f->size && old->mtime_ns == f->mtime_ns &&
		    old->ino == f->ino && old->mode == f->mode && !old->error) {
			struct slot *s = &b->slots[i];

			f->scan_status = old->scan_status;
			f->line = old->line;
			f->col = old->col;
			f->second_line = old->second_line;
			f->flags = old->flags & 0xffffff;
			snprintf(s->leader, sizeof(s->leader), "%s", old->leader);
			if (old->expr >= 0)
				s->expr = (char *)prev->exprs[old->expr].text;
			continue;
		}
		b->slots[i].need_scan = 1;
		b->todo[b->ntodo++] = i;
	}
	return 0;
}

static void scan_one(struct builder *b, size_t i, char *buf)
{
	struct spdx_file *f = &b->idx->files[i];
	struct slot *s = &b->slots[i];
	struct src_entry ent = { 0 };
	struct scan_result res;
	ssize_t n;

	n = b->src->ops->head(b->src, f->path, buf, SCAN_HEAD_BYTES, &ent);
	if (n < 0) {
		s->err = (int)n;
		f->scan_status = ST_UNTAGGED;
		return;
	}
	f->size = ent.size;
	f->mtime_ns = ent.mtime_ns;
	f->ino = ent.ino;
	f->mode = ent.mode;
	if (scan_head(buf, n, ent.size > (uint64_t)n, &res)) {
		s->err = -ENOMEM;
		f->scan_status = ST_UNTAGGED;
		return;
	}
	f->scan_status = res.status;
	f->line = res.line;
	f->col = res.col;
	f->second_line = res.second_line;
	f->flags = res.flags;
	memcpy(s->leader, res.leader, sizeof(s->leader));
	s->leader[sizeof(s->leader) - 1] = '\0';
	s->expr = res.expr;	/* ownership moves to the slot */
	s->owned = 1;
	res.expr = NULL;
	scan_result_release(&res);
}

static void *scan_worker(void *arg)
{
	struct builder *b = arg;
	char buf[SCAN_HEAD_BYTES];
	size_t k;

	while ((k = atomic_fetch_add(&b->next, 1)) < b->ntodo) {
		scan_one(b, b->todo[k], buf);
		atomic_fetch_add(&b->done, 1);
	}
	return NULL;
}

/* Phase 3: the calling thread scans too, and reports progress. */
static int scan_all(struct builder *b)
{
	int n = b->opts && b->opts->nthreads > 0 ? b->opts->nthreads :
		(int)sysconf(_SC_NPROCESSORS_ONLN);
	pthread_t tids[64];
	int started = 0;
	char buf[SCAN_HEAD_BYTES];
	size_t k;

	if (n < 1)
		n = 1;
	if (n > 64)
		n = 64;
	if ((size_t)n > b->ntodo / 256 + 1)
		n = b->ntodo / 256 + 1;
	for (int t = 1; t < n; t++) {
		if (pthread_create(&tids[started], NULL, scan_worker, b))
			break;
		started++;
	}
	while ((k = atomic_fetch_add(&b->next, 1)) < b->ntodo) {
		scan_one(b, b->todo[k], buf);
		atomic_fetch_add(&b->done, 1);
		if (b->opts && b->opts->progress && !(k & 1023))
			b->opts->progress(atomic_load(&b->done), b->ntodo,
					  b->opts->progress_arg);
	}
	for (int t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
	if (b->opts && b->opts->progress)
		b->opts->progress(b->ntodo, b->ntodo, b->opts->progress_arg);
	b->idx->rescanned = b->ntodo;
	return 0;
}

static const char *intern(struct intern **tab, struct strpool *pool,
			  const char *s, int32_t *id, int32_t *next_id)
{
	struct intern *it;
	size_t len = strlen(s);

	HASH_FIND(hh, *tab, s, len, it);
	if (it) {
		if (id)
			*id = it->id;
		return it->key;
	}
	it = malloc(sizeof(*it));
	if (!it)
		return NULL;
	it->key = strpool_add(pool, s, len);
	if (!it->key) {
		free(it);
		return NULL;
	}
	it->id = next_id ? (*next_id)++ : 0;
	HASH_ADD_KEYPTR(hh, *tab, it->key, len, it);
	if (id)
		*id = it->id;
	return it->key;
}

static void resolve_expr(struct spdx_expr *e, const struct licenses *lic,
			 struct strpool *pool)
{
	struct expr_error err;
	size_t len = strlen(e->text), need;
	char buf[512];

	if (expr_parse(&e->ast, e->text, len, &err)) {
		e->ast = NULL;
		e->valid = 0;
		e->col = err.col;
		e->error = strpool_str(pool, err.msg);
	} else {
		e->expr_flags = e->ast->flags;
		need = expr_canonical(e->ast, lic, buf, sizeof(buf));
		if (need < sizeof(buf)) {
			e->canonical = strpool_str(pool, buf);
		} else {
			char *big = malloc(need + 1);

			if (big) {
				expr_canonical(e->ast, lic, big, need + 1);
				e->canonical = strpool_str(pool, big);
				free(big);
			}
		}
		if (!lic) {
			e->valid = 0;
			e->col = 0;
			e->error = "no LICENSES/ directory to validate against";
		} else if (expr_validate(e->ast, lic, &err)) {
			e->valid = 0;
			e->col = err.col;
			e->error = strpool_str(pool, err.msg);
		} else {
			e->valid = 1;
		}
	}
	if (expr_kernel_strict(e->text, len, &err)) {
		e->strict_error = strpool_str(pool, err.msg);
		e->strict_col = err.col;
	}
}

static int cmp_expr(const void *a, const void *b)
{
	return strcmp(((const struct spdx_expr *)a)->text,
		      ((const struct spdx_expr *)b)->text);
}

/* Phase 4: intern, resolve each distinct expression, decide statuses. */
static int resolve(struct builder *b)
{
	struct spdx_index *idx = b->idx;
	struct intern *leaders = NULL, *exprs = NULL, *it, *tmp;
	int32_t nexpr = 0, *remap = NULL;
	int ret = -ENOMEM;

	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		struct slot *s = &b->slots[i];

		f->leader = intern(&leaders, b->pool, s->leader, NULL, NULL);
		if (!f->leader)
			goto out;
		if (s->err) {
			f->error = strpool_str(b->pool, strerror(-s->err));
			if (!f->error)
				goto out;
		}
		if (s->expr && !intern(&exprs, b->pool, s->expr, &f->expr, &nexpr))
			goto out;
	}
	idx->nexprs = nexpr;
	idx->exprs = calloc(nexpr ? nexpr : 1, sizeof(*idx->exprs));
	remap = malloc((nexpr ? nexpr : 1) * sizeof(*remap));
	if (!idx->exprs || !remap)
		goto out;
	HASH_ITER(hh, exprs, it, tmp) {
		idx->exprs[it->id].text = it->key;
		idx->exprs[it->id].nfiles = it->id; /* old id, for remapping */
	}
	qsort(idx->exprs, nexpr, sizeof(*idx->exprs), cmp_expr);
	for (int32_t k = 0; k < nexpr; k++) {
		remap[idx->exprs[k].nfiles] = k;
		idx->exprs[k].nfiles = 0;
		resolve_expr(&idx->exprs[k], idx->lic, b->pool);
	}
	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		const struct spdx_expr *e;

		if (f->expr >= 0) {
			f->expr = remap[f->expr];
			idx->exprs[f->expr].nfiles++;
		}
		if (path_is_uapi(f->path))
			f->flags |= IDX_F_UAPI;
		if (f->status == ST_EXCLUDED)
			goto count;
		if (f->error)
			f->status = ST_ERROR;
		else if (f->expr < 0)
			f->status = ST_UNTAGGED;
		else if (!(e = &idx->exprs[f->expr])->valid)
			f->status = ST_INVALID;
		else
			f->status = f->scan_status;
		if (f->expr >= 0 && idx->exprs[f->expr].strict_error)
			f->flags |= IDX_F_STRICT;
count:
		idx->count[f->status]++;
	}
	ret = 0;
out:
	HASH_ITER(hh, leaders, it, tmp) {
		HASH_DEL(leaders, it);
		free(it);
	}
	HASH_ITER(hh, exprs, it, tmp) {
		HASH_DEL(exprs, it);
		free(it);
	}
	free(remap);
	return ret;
}

static void builder_release(struct builder *b)
{
	if (b->slots) {
		for (size_t i = 0; i < b->idx->nfiles; i++)
			if (b->slots[i].owned)
				free(b->slots[i].expr);
	}
	free(b->slots);
	free(b->todo);
	exclude_free(b->ex);
}

int index_build(struct spdx_index **out, struct source *src,
		const struct index_opts *opts, char *errbuf, size_t errlen)
{
	struct builder b = { .src = src, .opts = opts };
	struct spdx_index *idx;
	unsigned wflags = opts && opts->prev ? SRC_WALK_STAT : 0;
	int ret;

	idx = calloc(1, sizeof(*idx));
	if (!idx)
		return -ENOMEM;
	b.idx = idx;
	b.pool = strpool_new();
	idx->pool = b.pool;
	idx->root = strdup(src->root);
	if (!b.pool || !idx->root) {
		ret = -ENOMEM;
		goto fail;
	}
	ret = licenses_load(&idx->lic, src, errbuf, errlen);
	if (ret == -ENOENT) {
		idx->lic = NULL;
		idx->lic_error = strdup("no LICENSES/ directory");
	} else if (ret) {
		goto fail;	/* an unreadable or broken LICENSES/ */
	}
	ret = exclude_load(&b.ex, src);
	if (ret) {
		snprintf(errbuf, errlen, "scripts/spdxexclude: %s", strerror(-ret));
		goto fail;
	}
	ret = src->ops->walk(src, "", wflags, on_entry, &b);
	if (ret) {
		snprintf(errbuf, errlen, "%s: %s", src->root, strerror(-ret));
		goto fail;
	}
	idx->symlinks = b.links;
	idx->others = b.others;
	qsort(idx->files, idx->nfiles, sizeof(*idx->files), cmp_file);
	qsort(idx->symlinks, idx->nsymlinks, sizeof(char *), cmp_str);
	qsort(idx->others, idx->nothers, sizeof(char *), cmp_str);
	ret = plan(&b);
	if (!ret)
		ret = scan_all(&b);
	if (!ret)
		ret = resolve(&b);
	if (ret) {
		snprintf(errbuf, errlen, "%s: %s", src->root, strerror(-ret));
		goto fail;
	}
	builder_release(&b);
	*out = idx;
	return 0;
fail:
	builder_release(&b);
	idx->symlinks = b.links;
	idx->others = b.others;
	index_free(idx);
	return ret;
}

void index_free(struct spdx_index *idx)
{
	if (!idx)
		return;
	for (size_t k = 0; k < idx->nexprs; k++)
		expr_free(idx->exprs[k].ast);
	free(idx->exprs);
	free(idx->files);
	free(idx->symlinks);
	free(idx->others);
	licenses_free(idx->lic);
	free(idx->lic_error);
	free(idx->root);
	strpool_free(idx->pool);
	free(idx);
}
