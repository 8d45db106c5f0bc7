// SPDX-License-Identifier: GPL-2.0-only
/*
 * precedent: the tree's own tags, per license wording; canonical
 * expressions and the spelling the series writes them in.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "series/boilerplate.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "series/precedent.h"
#include "source/source.h"
#include "series/tag_expr.h"

#define MAX_OPS		16

enum {
	C_DROP_NOTE	= 1u << 0,	/* leave Linux-syscall-note out */
	C_ADD_NOTE	= 1u << 1,	/* add it to GPL-family licenses */
	C_LEGACY	= 1u << 2,	/* GPL-2.0, GPL-2.0+: the old spelling */
};

struct operand {
	char text[PREC_EXPR_MAX];
	enum expr_kind kind;
};

static int cmp_ops(const void *a, const void *b)
{
	const struct operand *x = *(struct operand *const *)a;
	const struct operand *y = *(struct operand *const *)b;
	int gx = boilerplate_is_gpl_family(x->text);
	int gy = boilerplate_is_gpl_family(y->text), c;

	if (gx != gy)
		return gy - gx;
	c = strcasecmp(x->text, y->text);
	return c ? c : strcmp(x->text, y->text);
}

/* The operands of the AND or OR at node @i, flattened, into @ops. */
static int gather(const struct expr *e, int i, enum expr_kind kind, int *ops,
		  int *n)
{
	const struct expr_node *nd = &e->nodes[i];

	if (nd->kind != kind) {
		if (*n == MAX_OPS)
			return -ERANGE;
		ops[(*n)++] = i;
		return 0;
	}
	if (gather(e, nd->left, kind, ops, n))
		return -ERANGE;
	return gather(e, nd->right, kind, ops, n);
}

static int put(char *buf, size_t size, const char *fmt, const char *a,
	       const char *b)
{
	return (size_t)snprintf(buf, size, fmt, a, b) < size ? 0 : -ERANGE;
}

static int emit(const struct expr *e, int i, unsigned flags, char *buf,
		size_t size, enum expr_kind *kind);

/* An operand of AND or OR as it is written there. */
static const char *operand(const struct operand *o, char *buf, size_t size)
{
	if (o->kind == EXPR_LICENSE)
		return o->text;
	snprintf(buf, size, "(%s)", o->text);
	return buf;
}

/* AND or OR at node @i: operands sorted, duplicates dropped, nested to
 * the left. */
static int emit_list(const struct expr *e, int i, unsigned flags, char *buf,
		     size_t size, enum expr_kind *kind)
{
	enum expr_kind k = e->nodes[i].kind;
	const char *op = k == EXPR_AND ? "AND" : "OR";
	struct operand ops[MAX_OPS], *p[MAX_OPS];
	char acc[PREC_EXPR_MAX], tmp[PREC_EXPR_MAX], w[PREC_EXPR_MAX + 2];
	int idx[MAX_OPS], n = 0, m = 0;

	if (gather(e, i, k, idx, &n))
		return -ERANGE;
	for (int j = 0; j < n; j++) {
		if (emit(e, idx[j], flags, ops[j].text, sizeof(ops[j].text),
			 &ops[j].kind))
			return -ERANGE;
		p[j] = &ops[j];
	}
	qsort(p, n, sizeof(*p), cmp_ops);
	for (int j = 0; j < n; j++)
		if (!m || strcasecmp(p[m - 1]->text, p[j]->text))
			p[m++] = p[j];
	if (m == 1) {		/* "A OR A" is A */
		*kind = p[0]->kind;
		return put(buf, size, "%s%s", p[0]->text, "");
	}
	if (put(acc, sizeof(acc), "%s%s", operand(p[0], w, sizeof(w)), ""))
		return -ERANGE;
	for (int j = 1; j < m; j++) {
		if ((size_t)snprintf(tmp, sizeof(tmp), j > 1 ? "(%s) %s %s" : "%s %s %s",
				     acc, op, operand(p[j], w, sizeof(w))) >= sizeof(tmp))
			return -ERANGE;
		strcpy(acc, tmp);
	}
	*kind = k;
	return put(buf, size, "%s%s", acc, "");
}

static int emit(const struct expr *e, int i, unsigned flags, char *buf,
		size_t size, enum expr_kind *kind)
{
	const struct expr_node *nd = &e->nodes[i];
	char id[128], tmp[PREC_EXPR_MAX];
	enum expr_kind k;
	const char *name;

	switch (nd->kind) {
	case EXPR_LICENSE:
		spdx_modern_id(nd->id, nd->plus, id, sizeof(id));
		name = flags & C_LEGACY ? tag_legacy_id(id) : id;
		if ((flags & C_ADD_NOTE) && boilerplate_is_gpl_family(id)) {
			*kind = EXPR_WITH;
			return put(buf, size, "%s WITH %s", name, TAG_SYSCALL_NOTE);
		}
		*kind = EXPR_LICENSE;
		return put(buf, size, "%s%s", name, "");
	case EXPR_WITH:
		if ((flags & C_DROP_NOTE) && !strcasecmp(nd->exception, TAG_SYSCALL_NOTE))
			return emit(e, nd->left, flags, buf, size, kind);
		if (emit(e, nd->left, flags & ~C_ADD_NOTE, tmp, sizeof(tmp), &k))
			return -ERANGE;
		*kind = EXPR_WITH;
		return put(buf, size, "%s WITH %s", tmp, nd->exception);
	default:
		return emit_list(e, i, flags, buf, size, kind);
	}
}

int precedent_canon(const struct expr *e, char *buf, size_t size)
{
	enum expr_kind k;

	return emit(e, e->root, C_DROP_NOTE, buf, size, &k);
}

int precedent_canon_text(const char *text, char *buf, size_t size)
{
	struct expr *e;
	int ret = expr_parse(&e, text, strlen(text), NULL);

	if (ret)
		return ret;
	ret = precedent_canon(e, buf, size);
	expr_free(e);
	return ret;
}

int precedent_write(const char *canon, int uapi, const struct licenses *lic,
		    char *buf, size_t size)
{
	struct expr *e;
	int ret = expr_parse(&e, canon, strlen(canon), NULL);

	if (ret)
		return ret;
	ret = -EINVAL;
	for (unsigned legacy = 0; legacy <= C_LEGACY && ret == -EINVAL; legacy += C_LEGACY) {
		struct expr_error err;
		enum expr_kind k;

		if (emit(e, e->root, legacy | (uapi ? C_ADD_NOTE : 0), buf, size, &k)) {
			ret = -ERANGE;
			break;
		}
		ret = tag_expr_check(buf, lic, &err);
	}
	expr_free(e);
	return ret;
}

/* Learning */

struct sample {
	uint64_t fp;
	const char *canon;	/* one of the canonical expressions */
	const char *path;	/* the index's */
};

static int cmp_sample(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;
	int c;

	if (x->fp != y->fp)
		return x->fp < y->fp ? -1 : 1;
	c = strcmp(x->canon, y->canon);
	return c ? c : strcmp(x->path, y->path);
}

/* The canonical form of each valid expression of @idx, NULL for the others. */
static int canon_all(const struct spdx_index *idx, char ***out)
{
	char **c = calloc(idx->nexprs + 1, sizeof(*c));

	if (!c)
		return -ENOMEM;
	for (size_t i = 0; i < idx->nexprs; i++) {
		char buf[PREC_EXPR_MAX];

		if (!idx->exprs[i].valid || !idx->exprs[i].ast ||
		    precedent_canon(idx->exprs[i].ast, buf, sizeof(buf)))
			continue;
		c[i] = strdup(buf);
		if (!c[i]) {
			while (i--)
				free(c[i]);
			free(c);
			return -ENOMEM;
		}
	}
	*out = c;
	return 0;
}

/*
 * The two longest runs of equal canonical expressions among @n samples
 * of @size bytes at @base, sorted, each with its expression at byte
 * @off: the first's start and length into *@best and *@bestn, the
 * second's into *@second and *@secondn (0 when there is none).
 */
static void two_longest_runs(const void *base, size_t size, size_t off, size_t n,
			     size_t *best, size_t *bestn, size_t *second,
			     size_t *secondn)
{
	const char *b = base;

#define CANON(i) (*(const char *const *)(b + (i) * size + off))
	*best = *bestn = *second = *secondn = 0;
	for (size_t i = 0, run; i < n; i += run) {
		for (run = 1; i + run < n && !strcmp(CANON(i), CANON(i + run)); run++)
			;
		if (run > *bestn) {
			*second = *best, *secondn = *bestn;
			*best = i, *bestn = run;
		} else if (run > *secondn) {
			*second = i, *secondn = run;
		}
	}
#undef CANON
}

/* One rule from the samples [s, s + n) of one wording, sorted. */
static int add_rule(struct precedent *p, size_t *cap, const struct sample *s,
		    size_t n)
{
	size_t best, bestn, second, secondn;
	struct prec_rule *r;

	two_longest_runs(s, sizeof(*s), offsetof(struct sample, canon), n,
			 &best, &bestn, &second, &secondn);
	r = grow(p->rules, p->nrules, cap, sizeof(*p->rules), 64);
	if (!r)
		return -ENOMEM;
	p->rules = r;
	r = &p->rules[p->nrules];
	memset(r, 0, sizeof(*r));
	r->fp = s[0].fp;
	r->n = n;
	r->k = bestn;
	r->k2 = secondn;
	r->contested = (size_t)bestn * 100 < (size_t)PREC_MIN_PERCENT * n;
	r->expr = strdup(s[best].canon);
	r->example = strdup(s[best].path);
	r->second = secondn ? strdup(s[second].canon) : NULL;
	if (!r->expr || !r->example || (secondn && !r->second)) {
		free(r->expr);
		free(r->example);
		free(r->second);
		return -ENOMEM;
	}
	p->nrules++;
	return 0;
}

static int learn_files(struct precedent *p, struct source *src,
		       const struct spdx_index *idx, char **canon,
		       struct sample **out, size_t *nout)
{
	struct sample *s = NULL;
	size_t n = 0, cap = 0;
	char *buf = malloc(BP_HEAD_BYTES);

	if (!buf)
		return -ENOMEM;
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		struct sample *t;
		ssize_t len;
		uint64_t fp;

		if (f->status != ST_TAGGED || f->expr < 0 || !canon[f->expr])
			continue;
		len = source_read_head(src, f->path, buf, BP_HEAD_BYTES);
		if (len <= 0)
			continue;
		fp = boilerplate_fingerprint(buf, len, NULL, 0);
		if (!fp)
			continue;
		t = grow(s, n, &cap, sizeof(*s), 1024);
		if (!t) {
			free(s);
			free(buf);
			return -ENOMEM;
		}
		s = t;
		s[n++] = (struct sample){ fp, canon[f->expr], f->path };
	}
	free(buf);
	p->learned = n;
	*out = s;
	*nout = n;
	return 0;
}

/* Each rule's wording, as its example file has it, for the cover letter. */
static int rule_words(struct precedent *p, struct source *src)
{
	char *buf = malloc(BP_HEAD_BYTES), words[PREC_WORDS_MAX];

	if (!buf)
		return -ENOMEM;
	for (size_t i = 0; i < p->nrules; i++) {
		ssize_t len = source_read_head(src, p->rules[i].example, buf,
					  BP_HEAD_BYTES);

		words[0] = '\0';
		if (len > 0)
			boilerplate_fingerprint(buf, len, words, sizeof(words));
		p->rules[i].words = strdup(words);
		if (!p->rules[i].words) {
			free(buf);
			return -ENOMEM;
		}
	}
	free(buf);
	return 0;
}

/* Directories */

struct dir_sample {
	const char *path;	/* the file's; its first len bytes: the dir */
	size_t len;
	const char *canon;
};

static int cmp_dir_sample(const void *a, const void *b)
{
	const struct dir_sample *x = a, *y = b;
	int c = memcmp(x->path, y->path, x->len < y->len ? x->len : y->len);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return strcmp(x->canon, y->canon);
}

/* One directory from its samples [s, s + n), sorted by expression. */
static int add_dir(struct precedent *p, size_t *cap, const struct dir_sample *s,
		   size_t n)
{
	size_t best, bestn, second, secondn;
	struct prec_dir *d;

	two_longest_runs(s, sizeof(*s), offsetof(struct dir_sample, canon), n,
			 &best, &bestn, &second, &secondn);
	d = grow(p->dirs, p->ndirs, cap, sizeof(*p->dirs), 256);
	if (!d)
		return -ENOMEM;
	p->dirs = d;
	d = &p->dirs[p->ndirs];
	memset(d, 0, sizeof(*d));
	d->n = n;
	d->k = bestn;
	d->k2 = secondn;
	d->split = (size_t)bestn * 100 < (size_t)PREC_MIN_PERCENT * n;
	d->dir = strndup(s[0].path, s[0].len);
	d->expr = strdup(s[best].canon);
	d->second = secondn ? strdup(s[second].canon) : NULL;
	if (!d->dir || !d->expr || (secondn && !d->second)) {
		free(d->dir);
		free(d->expr);
		free(d->second);
		return -ENOMEM;
	}
	p->ndirs++;
	return 0;
}

/* Every tagged file's expression counted in each directory above it. */
static int learn_dirs(struct precedent *p, const struct spdx_index *idx,
		      char **canon)
{
	struct dir_sample *s = NULL, *t;
	size_t n = 0, cap = 0, dcap = 0;
	int ret = 0;

	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		const char *c;

		if (f->status != ST_TAGGED || f->expr < 0 || !canon[f->expr])
			continue;
		for (c = f->path; ; c++) {
			if (*c && *c != '/')
				continue;
			if (!*c)
				break;
			t = grow(s, n, &cap, sizeof(*s), 4096);
			if (!t)
				goto nomem;
			s = t;
			s[n++] = (struct dir_sample){ f->path, c - f->path, canon[f->expr] };
		}
		t = grow(s, n, &cap, sizeof(*s), 4096);
		if (!t)
			goto nomem;
		s = t;
		s[n++] = (struct dir_sample){ f->path, 0, canon[f->expr] };
	}
	if (n)
		qsort(s, n, sizeof(*s), cmp_dir_sample);
	for (size_t i = 0, run; i < n && !ret; i += run) {
		for (run = 1; i + run < n && s[i + run].len == s[i].len &&
		     !memcmp(s[i + run].path, s[i].path, s[i].len); run++)
			;
		if (run >= PREC_DIR_MIN_FILES)
			ret = add_dir(p, &dcap, s + i, run);
	}
	free(s);
	return ret;
nomem:
	free(s);
	return -ENOMEM;
}

static int cmp_dir_key(const void *key, const void *elem)
{
	return strcmp(key, ((const struct prec_dir *)elem)->dir);
}

const struct prec_dir *precedent_dir(const struct precedent *p, const char *path)
{
	char dir[4096];
	size_t n = strlen(path);

	if (!p || !p->ndirs || n >= sizeof(dir))
		return NULL;
	memcpy(dir, path, n + 1);
	for (;;) {
		const struct prec_dir *d;
		char *slash = strrchr(dir, '/');

		if (slash)
			*slash = '\0';
		else
			dir[0] = '\0';
		d = bsearch(dir, p->dirs, p->ndirs, sizeof(*p->dirs), cmp_dir_key);
		if (d || !dir[0])
			return d;
	}
}

/* @path's extension (".tbl"), or NULL when its name has none or one
 * too long to be kept. */
static const char *path_ext(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base || strlen(dot) >= sizeof(((struct prec_ext *)0)->ext))
		return NULL;
	return dot;
}

/* struct prec_ext of each extension of the tagged files with a comment
 * leader of their tag's own. */
static void learn_leaders(struct precedent *p, const struct spdx_index *idx)
{
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		const char *ext = path_ext(f->path), *l = f->leader;
		struct prec_ext *e = NULL;

		if (f->status != ST_TAGGED || !ext || !l ||
		    (strcmp(l, "#") && strcmp(l, "//") && strcmp(l, "/*")))
			continue;
		for (size_t k = 0; k < p->nexts; k++)
			if (!strcmp(p->exts[k].ext, ext))
				e = &p->exts[k];
		if (!e) {
			if (p->nexts == PREC_EXT_MAX)
				continue;
			e = &p->exts[p->nexts++];
			snprintf(e->ext, sizeof(e->ext), "%s", ext);
			snprintf(e->leader, sizeof(e->leader), "%s", l);
		} else if (strcmp(e->leader, l)) {
			e->leader[0] = '\0';
		}
		e->n++;
	}
}

const char *precedent_leader(const struct precedent *p, const char *path)
{
	const char *ext = p ? path_ext(path) : NULL;

	for (size_t k = 0; ext && k < p->nexts; k++)
		if (!strcmp(p->exts[k].ext, ext))
			return p->exts[k].n >= PREC_EXT_MIN_FILES &&
			       p->exts[k].leader[0] ? p->exts[k].leader : NULL;
	return NULL;
}

int precedent_learn(struct precedent **out, struct source *src,
		    const struct spdx_index *idx)
{
	struct precedent *p = calloc(1, sizeof(*p));
	struct sample *s = NULL;
	char **canon = NULL;
	size_t n = 0, cap = 0;
	int ret = -ENOMEM;

	if (!p || canon_all(idx, &canon))
		goto out;
	ret = learn_files(p, src, idx, canon, &s, &n);
	if (ret)
		goto out;
	if (n)
		qsort(s, n, sizeof(*s), cmp_sample);
	for (size_t i = 0, run; i < n && !ret; i += run) {
		for (run = 1; i + run < n && s[i + run].fp == s[i].fp; run++)
			;
		if (run >= PREC_MIN_FILES)
			ret = add_rule(p, &cap, s + i, run);
	}
	if (!ret)
		ret = rule_words(p, src);
	if (!ret)
		ret = learn_dirs(p, idx, canon);
	if (!ret)
		learn_leaders(p, idx);
out:
	free(s);
	if (canon)
		for (size_t i = 0; i < idx->nexprs; i++)
			free(canon[i]);
	free(canon);
	if (ret) {
		precedent_free(p);
		return ret;
	}
	*out = p;
	return 0;
}

void precedent_free(struct precedent *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nrules; i++) {
		free(p->rules[i].expr);
		free(p->rules[i].second);
		free(p->rules[i].example);
		free(p->rules[i].words);
	}
	free(p->rules);
	for (size_t i = 0; i < p->ndirs; i++) {
		free(p->dirs[i].dir);
		free(p->dirs[i].expr);
		free(p->dirs[i].second);
	}
	free(p->dirs);
	free(p);
}

const struct prec_rule *precedent_find(const struct precedent *p, uint64_t fp)
{
	size_t lo = 0, hi = p ? p->nrules : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->rules[mid].fp == fp)
			return &p->rules[mid];
		if (p->rules[mid].fp < fp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
