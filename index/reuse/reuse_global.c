// SPDX-License-Identifier: GPL-2.0-only
/*
 * reuse_global: REUSE.toml files and .reuse/dep5, read into annotations,
 * and the annotations that apply to a path.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/grow.h"
#include "reuse/reuse_global.h"
#include "reuse/reuse_text.h"
#include "source/source.h"
#include "reuse/toml.h"

#define GLOBAL_MAX	(16u << 20)
#define DEP5_PATH	".reuse/dep5"

enum { GLOB_STAR = -1, GLOB_GLOBSTAR = -2, GLOB_ONE = -3 };

/*
 * REUSE.toml's glob as tokens (a byte, GLOB_STAR, GLOB_GLOBSTAR), the
 * way the reference implementation reads it: "**" swallows the '/' and
 * '*' that follow it, "\\*" is a star, "\\\\" a backslash, and any other
 * backslash is dropped.  @tok has room for strlen(@glob) + 1 tokens.
 */
static size_t toml_glob_tokens(const char *glob, int *tok)
{
	int escaping = 0, globstar = 0;
	char prev = 0;
	size_t n = 0;

	for (const char *g = glob; *g; prev = *g++) {
		char c = *g;

		if (c == '\\') {
			if (prev == '\\' && escaping) {
				escaping = 0;
				tok[n++] = '\\';
			} else {
				escaping = 1;
			}
		} else if (c == '*') {
			if (escaping) {
				tok[n++] = '*';
				escaping = 0;
			} else if (prev == '*' && !globstar) {
				globstar = 1;
				tok[n++] = GLOB_GLOBSTAR;
			}
		} else if (c == '/') {
			if (!globstar) {
				if (prev == '*')
					tok[n++] = GLOB_STAR;
				tok[n++] = '/';
			}
			escaping = 0;
		} else {
			if (prev == '*' && !globstar)
				tok[n++] = GLOB_STAR;
			tok[n++] = (unsigned char)c;
			globstar = escaping = 0;
		}
	}
	if (prev == '*' && !globstar)
		tok[n++] = GLOB_STAR;
	return n;
}

/*
 * Does the token list match all of @s?  The tokens run as an automaton,
 * a flag per position, one step per byte of @s: time is the product of
 * the two lengths, whatever the stars (a backtracking matcher takes time
 * exponential in their number, and a repository chooses its globs).
 */
static int tokens_match(const int *t, size_t nt, const char *s,
			unsigned char *state)
{
	unsigned char *cur = state, *next = state + nt + 1, *swap;

	memset(cur, 0, nt + 1);
	for (cur[0] = 1;; s++) {
		int alive = 0;

		/* a star also matches nothing: its successor is live too */
		for (size_t i = 0; i < nt; i++)
			if (cur[i] && t[i] < 0 && t[i] != GLOB_ONE)
				cur[i + 1] = 1;
		if (!*s)
			break;
		memset(next, 0, nt + 1);
		for (size_t i = 0; i < nt; i++) {
			if (!cur[i])
				continue;
			if (t[i] == GLOB_GLOBSTAR || (t[i] == GLOB_STAR && *s != '/'))
				alive = next[i] = 1;
			else if (t[i] == GLOB_ONE || t[i] == (unsigned char)*s)
				alive = next[i + 1] = 1;
		}
		if (!alive)
			break;
		swap = cur, cur = next, next = swap;
	}
	return !*s && cur[nt];
}

/* @glob's tokens and the automaton's two rows of flags, one block. */
static int glob_match(const char *glob, const char *path,
		      size_t (*tokens)(const char *, int *))
{
	size_t len = strlen(glob) + 1;
	int *tok = alloc_array(len, sizeof(*tok) + 2), r;

	if (!tok)
		return 0;
	r = tokens_match(tok, tokens(glob, tok), path,
			 (unsigned char *)(tok + len));
	free(tok);
	return r;
}

int reuse_toml_glob_match(const char *glob, const char *path)
{
	return glob_match(glob, path, toml_glob_tokens);
}

/*
 * dep5's glob (Debian copyright format) as tokens: '*' any run, '/'
 * included, '?' one byte, '\\' quotes the next.
 */
static size_t dep5_glob_tokens(const char *glob, int *tok)
{
	size_t n = 0;

	for (; *glob; glob++) {
		if (*glob == '*')
			tok[n++] = GLOB_GLOBSTAR;
		else if (*glob == '?')
			tok[n++] = GLOB_ONE;
		else if (*glob == '\\' && glob[1])
			tok[n++] = (unsigned char)*++glob;
		else
			tok[n++] = (unsigned char)*glob;
	}
	return n;
}

int reuse_dep5_glob_match(const char *glob, const char *path)
{
	return glob_match(glob, path, dep5_glob_tokens);
}

static void annotation_release(struct reuse_annotation *a)
{
	reuse_strv_free(a->globs, a->nglobs);
	reuse_strv_free(a->copyrights, a->ncopyrights);
	reuse_strv_free(a->exprs, a->nexprs);
}

static void global_file_release(struct reuse_global_file *f)
{
	for (size_t i = 0; i < f->nanns; i++)
		annotation_release(&f->anns[i]);
	free(f->anns);
	free(f->path);
	free(f->dir);
}

void reuse_global_release(struct reuse_global *g)
{
	for (size_t i = 0; i < g->nfiles; i++)
		global_file_release(&g->files[i]);
	free(g->files);
	memset(g, 0, sizeof(*g));
}

/* A string or an array of strings into a string array. */
static int toml_strings(const struct toml_value *v, char ***out, size_t *n,
			const char *file, const char *key, unsigned line,
			struct spdx_error *err)
{
	if (v->type == TOML_INT)
		return spdx_error_set(err, -EINVAL,
				      "%s:%u: %s must be a string or a list of strings",
				      file, line, key);
	for (size_t i = 0; i < v->nstr; i++)
		if (reuse_strv_add(out, n, v->str[i], strlen(v->str[i])))
			return -ENOMEM;
	return 0;
}

static const struct toml_pair *pair_of(const struct toml_table *t,
				       const char *key)
{
	for (size_t i = 0; i < t->npairs; i++)
		if (!strcmp(t->pairs[i].key, key))
			return &t->pairs[i];
	return NULL;
}

static int toml_precedence(const struct toml_table *t, const char *file,
			   enum reuse_precedence *prec, struct spdx_error *err)
{
	static const char *const names[] = {
		[REUSE_CLOSEST] = "closest",
		[REUSE_AGGREGATE] = "aggregate",
		[REUSE_OVERRIDE] = "override",
	};
	const struct toml_pair *kv = pair_of(t, "precedence");

	*prec = REUSE_CLOSEST;
	if (!kv)
		return 0;
	for (int i = 0; kv->val.type == TOML_STRING && i < 3; i++)
		if (!strcmp(kv->val.str[0], names[i])) {
			*prec = i;
			return 0;
		}
	return spdx_error_set(err, -EINVAL,
			      "%s:%u: precedence must be one of closest, aggregate, override",
			      file, kv->line);
}

static int toml_annotation(struct reuse_annotation *a,
			   const struct toml_table *t, const char *file,
			   struct spdx_error *err)
{
	static const char cp[] = "SPDX-FileCopyrightText",
			  li[] = "SPDX-License-Identifier";
	const struct toml_pair *kv = pair_of(t, "path");
	int r;

	if (!kv || !kv->val.nstr)
		return spdx_error_set(err, -EINVAL,
				      "%s:%u: an [[annotations]] table without a path",
				      file, t->line);
	r = toml_strings(&kv->val, &a->globs, &a->nglobs, file, "path",
			 kv->line, err);
	if (!r)
		r = toml_precedence(t, file, &a->prec, err);
	if (!r && (kv = pair_of(t, cp)))
		r = toml_strings(&kv->val, &a->copyrights, &a->ncopyrights,
				 file, cp, kv->line, err);
	if (!r && (kv = pair_of(t, li)))
		r = toml_strings(&kv->val, &a->exprs, &a->nexprs, file, li,
				 kv->line, err);
	return r;
}

static int toml_file(struct reuse_global_file *f, const char *text,
		     size_t len, struct spdx_error *err)
{
	const struct toml_pair *ver;
	struct toml_doc *doc;
	int r;

	r = toml_parse(&doc, text, len, f->path, err);
	if (r)
		return r;
	ver = pair_of(&doc->tables[0], "version");
	if (!ver || ver->val.type != TOML_INT || ver->val.num != 1) {
		r = spdx_error_set(err, -EINVAL, "%s:%u: version must be 1",
				   f->path, ver ? ver->line : 1);
		goto out;
	}
	f->anns = calloc(doc->ntables, sizeof(*f->anns));
	if (!f->anns) {
		r = -ENOMEM;
		goto out;
	}
	for (size_t i = 1; !r && i < doc->ntables; i++) {
		if (strcmp(doc->tables[i].name, "annotations"))
			continue;
		r = toml_annotation(&f->anns[f->nanns++], &doc->tables[i],
				    f->path, err);
	}
out:
	toml_free(doc);
	return r;
}

/* dep5: one field's value, its continuation lines joined by '\n'. */
struct dep5_para {
	const char *files, *copyright, *license;
	size_t nfiles, ncopyright, nlicense;
};

static int dep5_field(const char *line, const char *eol, const char *name,
		      const char **val)
{
	size_t n = strlen(name);

	if ((size_t)(eol - line) <= n || strncasecmp(line, name, n) ||
	    line[n] != ':')
		return 0;
	*val = line + n + 1;
	return 1;
}

/* Split @s..@end at white space, adding each word to the globs. */
static int dep5_globs(struct reuse_annotation *a, const char *s,
		      const char *end)
{
	while (s < end) {
		const char *w;

		while (s < end && strchr(" \t\n", *s))
			s++;
		for (w = s; s < end && !strchr(" \t\n", *s); s++)
			;
		if (s > w && reuse_strv_add(&a->globs, &a->nglobs, w, s - w))
			return -ENOMEM;
	}
	return 0;
}

/* Each line of a Copyright: value, trimmed; " ." is an empty line. */
static int dep5_copyrights(struct reuse_annotation *a, const char *s,
			   const char *end)
{
	while (s < end) {
		const char *nl = memchr(s, '\n', end - s), *e = nl ? nl : end;

		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (e > s && !(e - s == 1 && *s == '.') &&
		    reuse_strv_add(&a->copyrights, &a->ncopyrights, s, e - s))
			return -ENOMEM;
		s = nl ? nl + 1 : end;
	}
	return 0;
}

static int dep5_add(struct reuse_global_file *f, const struct dep5_para *p)
{
	struct reuse_annotation *a, *na;
	const char *e;
	int r;

	na = realloc(f->anns, (f->nanns + 1) * sizeof(*na));
	if (!na)
		return -ENOMEM;
	f->anns = na;
	a = &na[f->nanns++];
	memset(a, 0, sizeof(*a));
	a->prec = REUSE_AGGREGATE;
	r = dep5_globs(a, p->files, p->files + p->nfiles);
	if (!r && p->copyright)
		r = dep5_copyrights(a, p->copyright, p->copyright + p->ncopyright);
	if (!r && p->license) {
		const char *s = p->license;

		e = memchr(s, '\n', p->nlicense);
		e = e ? e : s + p->nlicense;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		while (e > s && strchr(" \t\r", e[-1]))
			e--;
		r = reuse_strv_add(&a->exprs, &a->nexprs, s, e - s);
	}
	return r;
}

/* The fields of one paragraph starting at *@s, which moves past it. */
static void dep5_paragraph(const char **s, const char *end,
			   struct dep5_para *p)
{
	const char **cur = NULL;
	size_t *curlen = NULL;
	int seen = 0;

	memset(p, 0, sizeof(*p));
	while (*s < end) {
		const char *nl = memchr(*s, '\n', end - *s);
		const char *eol = nl ? nl : end, *v = NULL, *q;

		for (q = *s; q < eol && strchr(" \t\r", *q); q++)
			;
		if (q == eol) {
			*s = nl ? nl + 1 : end;
			if (seen)
				return;
			continue;
		}
		seen = 1;
		if ((**s == ' ' || **s == '\t') && cur) {
			*curlen = eol - *cur;
		} else if (dep5_field(*s, eol, "Files", &v)) {
			cur = &p->files, curlen = &p->nfiles;
		} else if (dep5_field(*s, eol, "Copyright", &v)) {
			cur = &p->copyright, curlen = &p->ncopyright;
		} else if (dep5_field(*s, eol, "License", &v)) {
			cur = &p->license, curlen = &p->nlicense;
		} else {
			cur = NULL;
		}
		if (cur && !(**s == ' ' || **s == '\t')) {
			*cur = v;
			*curlen = eol - v;
		}
		*s = nl ? nl + 1 : end;
	}
}

static int dep5_file(struct reuse_global_file *f, const char *text,
		     size_t len, struct spdx_error *err)
{
	const char *s = text, *end = text + len;
	struct dep5_para p;
	int r = 0, first = 1;

	while (!r && s < end) {
		dep5_paragraph(&s, end, &p);
		if (first && !p.files && !p.license) {
			first = 0;
			continue;	/* the header paragraph */
		}
		first = 0;
		if (!p.files)
			continue;
		if (!p.license)
			return spdx_error_set(err, -EINVAL,
					      "%s: a Files paragraph without License",
					      f->path);
		r = dep5_add(f, &p);
	}
	return r;
}

static int global_file(struct reuse_global *g, struct source *src,
		       const char *path, int dep5, struct spdx_error *err)
{
	struct reuse_global_file *f;
	const char *slash = strrchr(path, '/');
	size_t len;
	char *text;
	int r;

	f = &g->files[g->nfiles];
	memset(f, 0, sizeof(*f));
	f->dep5 = dep5;
	f->path = strdup(path);
	f->dir = dep5 || !slash ? strdup("") : strndup(path, slash + 1 - path);
	if (!f->path || !f->dir) {
		global_file_release(f);
		return -ENOMEM;
	}
	r = source_read_all(src, path, GLOBAL_MAX, &text, &len);
	if (r) {
		global_file_release(f);
		return spdx_error_errno(err, r, "%s", path);
	}
	r = dep5 ? dep5_file(f, text, len, err) : toml_file(f, text, len, err);
	free(text);
	if (r) {
		if (r == -ENOMEM)
			spdx_error_set(err, r, "%s: out of memory", path);
		global_file_release(f);
		return r;
	}
	g->nfiles++;
	return 0;
}

static int depth(const char *path)
{
	int n = 0;

	for (; *path; path++)
		n += *path == '/';
	return n;
}

static int by_depth(const void *a, const void *b)
{
	const struct reuse_global_file *x = a, *y = b;
	int dx = depth(x->path), dy = depth(y->path);

	return dx != dy ? dx - dy : strcmp(x->path, y->path);
}

int reuse_global_read(struct reuse_global *g, struct source *src,
		      const char *const *tomls, size_t ntomls, int dep5,
		      struct spdx_error *err)
{
	size_t n = dep5 ? 1 : ntomls;
	int r = 0;

	memset(g, 0, sizeof(*g));
	if (!n)
		return 0;
	g->files = calloc(n, sizeof(*g->files));
	if (!g->files)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	if (dep5)
		r = global_file(g, src, DEP5_PATH, 1, err);
	for (size_t i = 0; !r && !dep5 && i < ntomls; i++)
		r = global_file(g, src, tomls[i], 0, err);
	if (r) {
		reuse_global_release(g);
		return r;
	}
	qsort(g->files, g->nfiles, sizeof(*g->files), by_depth);
	return 0;
}

/* The last annotation of @f matching @rel, or NULL. */
static const struct reuse_annotation *
last_match(const struct reuse_global_file *f, const char *rel)
{
	for (size_t i = f->nanns; i-- > 0;)
		for (size_t k = 0; k < f->anns[i].nglobs; k++)
			if (f->dep5 ? reuse_dep5_glob_match(f->anns[i].globs[k], rel) :
			    reuse_toml_glob_match(f->anns[i].globs[k], rel))
				return &f->anns[i];
	return NULL;
}

size_t reuse_global_match(const struct reuse_global *g, const char *path,
			  struct reuse_hit *hits)
{
	size_t n = 0;

	for (size_t i = 0; i < g->nfiles; i++) {
		const struct reuse_global_file *f = &g->files[i];
		size_t dl = strlen(f->dir);
		const struct reuse_annotation *a;

		if (strncmp(path, f->dir, dl))
			continue;
		a = last_match(f, path + dl);
		if (!a)
			continue;
		hits[n++] = (struct reuse_hit){ .ann = a, .file = f };
		if (a->prec == REUSE_OVERRIDE)
			break;
	}
	return n;
}
