// SPDX-License-Identifier: GPL-2.0-only
/*
 * index_resolve: phase 3 of an index build (index.c): the files copied
 * into the index in path order, their leaders, expressions and
 * copyright statements interned, each distinct expression parsed and
 * validated once, statuses and counts set (index_build.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "spdx/expr.h"
#include "util/grow.h"
#include "util/hash.h"
#include "index_build.h"
#include "index_resolve.h"
#include "spdx/licenses.h"
#include "spdx/spdx_index.h"
#include "util/strpool.h"

struct intern {
	const char *key;
	int32_t id;
	UT_hash_handle hh;
};

/*
 * The hash of the tables below: eight bytes at a time, mixed (hash.h;
 * uthash's own takes the key a byte at a time, and an add took it twice).  Their
 * order is the order of the adds whatever the hash.
 */
static unsigned intern_hash(const char *s, size_t len)
{
	return (unsigned)hash_bytes(s, len);
}

static const char *intern(struct intern **tab, struct strpool *pool,
			  const char *s, int32_t *id, int32_t *next_id)
{
	struct intern *it;
	size_t len = strlen(s);
	unsigned hashv = intern_hash(s, len);
	int hash_oom = 0;

	HASH_FIND_BYHASHVALUE(hh, *tab, s, len, hashv, it);
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
	HASH_ADD_KEYPTR_BYHASHVALUE(hh, *tab, it->key, len, hashv, it);
	if (hash_oom) {		/* not added: the table is as it was */
		free(it);
		return NULL;
	}
	it->id = next_id ? (*next_id)++ : 0;
	if (id)
		*id = it->id;
	return it->key;
}

void index_expr_resolve(struct spdx_expr *e, const struct licenses *lic,
			void *pool)
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

/*
 * Interning the files' leaders and expressions.  A tree has a few dozen
 * leaders: they are compared as 16 NUL-padded bytes with those met so far
 * before the hash table is asked.  An expression borrowed from the
 * previous index is known by its index there.
 */
#define LEADER_MEMO	64

struct interner {
	struct strpool *pool;
	struct intern *leaders, *exprs, *copyrights;	/* hash tables */
	const char *last_copyright;	/* the last statements interned */
	int32_t nexprs;				/* ids given so far */
	struct {
		char text[16];
		const char *str;
	} memo[LEADER_MEMO];
	int nmemo, last;			/* last: the last one found */
	int32_t *from_prev;	/* id of prev->exprs[k], -1 if none yet */
	const char *last_expr;	/* the last expression interned by text */
	int32_t last_id;
};

static const char *intern_leader(struct interner *in, const char *text)
{
	const char *str;

	if (in->nmemo && !memcmp(in->memo[in->last].text, text, 16))
		return in->memo[in->last].str;
	for (int k = 0; k < in->nmemo; k++) {
		if (!memcmp(in->memo[k].text, text, 16)) {
			in->last = k;
			return in->memo[k].str;
		}
	}
	str = intern(&in->leaders, in->pool, text, NULL, NULL);
	if (str && in->nmemo < LEADER_MEMO) {
		memcpy(in->memo[in->nmemo].text, text, 16);
		in->memo[in->nmemo].str = str;
		in->last = in->nmemo++;
	}
	return str;
}

/* The id of the previous index's expression @k into *@id. */
static int intern_prev_expr(struct interner *in, const struct spdx_index *prev,
			    int32_t k, int32_t *id)
{
	int32_t *known = &in->from_prev[k];

	if (*known < 0 &&
	    !intern(&in->exprs, in->pool, prev->exprs[k].text, known, &in->nexprs))
		return -ENOMEM;
	*id = *known;
	return 0;
}

/* The id of slot @s's expression into *@id.  Returns 0 or -ENOMEM. */
static int intern_expr(struct interner *in, const struct spdx_index *prev,
		       const struct slot *s, int32_t *id)
{
	if (s->prev_expr >= 0 && in->from_prev)
		return intern_prev_expr(in, prev, s->prev_expr, id);
	/* Neighbours in path order mostly share their expression. */
	if (in->last_expr && !strcmp(s->expr, in->last_expr)) {
		*id = in->last_id;
		return 0;
	}
	in->last_expr = intern(&in->exprs, in->pool, s->expr, id, &in->nexprs);
	if (!in->last_expr)
		return -ENOMEM;
	in->last_id = *id;
	return 0;
}

/* Copyright statements @text in the index's pool, once per text:
 * neighbours in path order often share theirs. */
static const char *intern_copyright(struct interner *in, const char *text)
{
	if (in->last_copyright && !strcmp(in->last_copyright, text))
		return in->last_copyright;
	in->last_copyright = intern(&in->copyrights, in->pool, text, NULL, NULL);
	return in->last_copyright;
}

static void interner_release(struct interner *in)
{
	struct intern *it, *tmp;

	HASH_ITER(hh, in->leaders, it, tmp) {
		HASH_DEL(in->leaders, it);
		free(it);
	}
	HASH_ITER(hh, in->exprs, it, tmp) {
		HASH_DEL(in->exprs, it);
		free(it);
	}
	HASH_ITER(hh, in->copyrights, it, tmp) {
		HASH_DEL(in->copyrights, it);
		free(it);
	}
	free(in->from_prev);
}

/*
 * A file the previous index has unchanged: its record, copied unless
 * @in_place, with this build's index flags and expression id.
 */
static int keep_file(struct spdx_file *f, const struct ford *o,
		     const struct spdx_index *prev, int in_place,
		     struct interner *in)
{
	if (!in_place)
		*f = prev->files[o->prev];
	f->flags = (f->flags & IDX_F_SCAN_MASK) | o->flags;
	f->status = f->scan_status;
	f->error = NULL;
	return f->expr >= 0 ? intern_prev_expr(in, prev, f->expr, &f->expr) : 0;
}

/* Put the files into the index in @order, interning as they go. */
static int copy_files(struct spdx_index *idx, const struct ford *order,
		      const struct spdx_index *prev, int in_place,
		      struct interner *in)
{
	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		const struct slot *s;

		if (!order[i].fresh) {
			if (keep_file(f, &order[i], prev, in_place, in))
				return -ENOMEM;
			continue;
		}
		s = &order[i].fresh->s;
		*f = order[i].fresh->f;
		f->leader = intern_leader(in, s->leader);
		if (!f->leader)
			return -ENOMEM;
		if (s->err) {
			f->error = strpool_str(idx->pool,
				s->err == -ENAMETOOLONG && spdx_file_is_dir(f) ?
				"File name too long: paths in it pass PATH_MAX "
				"(4096 bytes)" : strerror(-s->err));
			if (!f->error)
				return -ENOMEM;
		}
		if (s->expr && intern_expr(in, prev, s, &f->expr))
			return -ENOMEM;
		if (s->copyright &&
		    !(f->copyright = intern_copyright(in, s->copyright)))
			return -ENOMEM;
	}
	return 0;
}

/* @in empty, interning into @pool; @prev's expressions, if any, marked
 * not interned yet (-1), for intern_prev_expr(). */
static int interner_init(struct interner *in, struct strpool *pool,
			 const struct spdx_index *prev)
{
	*in = (struct interner){ .pool = pool };
	if (!prev)
		return 0;
	in->from_prev = alloc_array(prev->nexprs, sizeof(*in->from_prev));
	if (!in->from_prev)
		return -ENOMEM;
	memset(in->from_prev, 0xff, prev->nexprs * sizeof(*in->from_prev));
	return 0;
}

/*
 * The distinct expressions @in interned, as idx->exprs sorted by text, so
 * that an expression's number depends on the tree alone, not on which
 * thread met which file first; and into *@remap, for each id copy_files()
 * gave, the expression's place in that order.
 */
static int sort_exprs(struct spdx_index *idx, const struct interner *in,
		      int32_t **remap)
{
	int32_t n = in->nexprs;
	struct intern *it, *tmp;

	idx->exprs = calloc(n ? n : 1, sizeof(*idx->exprs));
	*remap = alloc_array(n, sizeof(**remap));
	if (!idx->exprs || !*remap)
		return -ENOMEM;
	idx->nexprs = n;	/* index_free() frees that many */
	/* nfiles holds the id through the sort: counted afresh below. */
	HASH_ITER(hh, in->exprs, it, tmp) {
		idx->exprs[it->id].text = it->key;
		idx->exprs[it->id].nfiles = it->id;
	}
	qsort(idx->exprs, n, sizeof(*idx->exprs), cmp_expr);
	for (int32_t k = 0; k < n; k++) {
		(*remap)[idx->exprs[k].nfiles] = k;
		idx->exprs[k].nfiles = 0;
	}
	return 0;
}

/* Parse, print and validate each distinct expression once, not once per
 * file: the kernel's 78,000 files share about a hundred. */
static void resolve_exprs(struct spdx_index *idx)
{
	for (size_t k = 0; k < idx->nexprs; k++)
		index_expr_resolve(&idx->exprs[k], idx->lic, idx->pool);
}

/*
 * What file @f is, now that its expression is resolved: a file the
 * exclusions name stays excluded whatever it holds; a read error comes
 * before the tag the head might have had; an invalid expression before
 * where the tag stands.
 */
static enum spdx_status file_status(const struct spdx_file *f,
				    const struct spdx_index *idx)
{
	if (f->status == ST_EXCLUDED)
		return ST_EXCLUDED;
	if (f->error)
		return ST_ERROR;
	if (f->expr < 0)
		return ST_UNTAGGED;
	if (!idx->exprs[f->expr].valid)
		return ST_INVALID;
	return f->scan_status;
}

/* Point each file at its expression's place in the sorted table, decide
 * its status, and count files per expression and per status. */
static void decide_files(struct spdx_index *idx, const int32_t *remap)
{
	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];

		if (f->expr >= 0) {
			f->expr = remap[f->expr];
			idx->exprs[f->expr].nfiles++;
		}
		f->status = file_status(f, idx);
		/* spdxcheck.py never reads an excluded file. */
		if (f->status != ST_EXCLUDED && f->expr >= 0 &&
		    idx->exprs[f->expr].strict_error)
			f->flags |= IDX_F_STRICT;
		idx->count[f->status]++;
	}
}

int index_resolve(struct spdx_index *idx, const struct ford *order,
		  const struct spdx_index *prev, int in_place)
{
	struct interner in;
	int32_t *remap = NULL;
	int ret;

	ret = interner_init(&in, idx->pool, prev);
	if (!ret)
		ret = copy_files(idx, order, prev, in_place, &in);
	if (!ret)
		ret = sort_exprs(idx, &in, &remap);
	if (!ret) {
		resolve_exprs(idx);
		decide_files(idx, remap);
	}
	interner_release(&in);
	free(remap);
	return ret;
}
