// SPDX-License-Identifier: GPL-2.0-only
/*
 * modlic: MODULE_LICENSE() declarations against SPDX tags (modlic.h):
 * the table of license-rules.rst, the families an expression grants, and
 * a small C lexer that finds the calls.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/error.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "modlic.h"
#include "source/source.h"

static const char *const class_keys[MODLIC__NCLASSES] = {
	[MODLIC_CONSISTENT] = "consistent",
	[MODLIC_CONTRADICTION] = "contradiction",
	[MODLIC_UNTAGGED] = "untagged",
	[MODLIC_UNKNOWN] = "unknown",
};

const char *modlic_class_key(enum modlic_class c)
{
	return c < MODLIC__NCLASSES ? class_keys[c] : "?";
}

void modlic_print_declared(FILE *out, const struct modlic_call *c)
{
	if (c->resolved)
		fputc('"', out);
	for (const char *p = c->declared; *p; p++)
		fputc((unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p, out);
	if (c->resolved)
		fputc('"', out);
}

/* The table */

/* ASCII, as the C locale's isalnum(), without its table lookup: the
 * lexer below asks for every byte of the files. */
static inline int is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Does the word @w (no case) stand alone somewhere in @s[0..len)? */
static int has_word(const char *s, size_t len, const char *w)
{
	size_t wl = strlen(w);

	for (size_t i = 0; i + wl <= len; i++) {
		if (strncasecmp(s + i, w, wl))
			continue;
		if ((i && is_ident((unsigned char)s[i - 1])) ||
		    (i + wl < len && is_ident((unsigned char)s[i + wl])))
			continue;
		return 1;
	}
	return 0;
}

/* The families a row's description names; "Same as "X"" names X's. */
static unsigned desc_families(const struct modlic_table *t, const char *d,
			      size_t len)
{
	static const struct { const char *word; unsigned fam; } words[] = {
		{ "GPL", MODLIC_F_GPL }, { "MIT", MODLIC_F_MIT },
		{ "BSD", MODLIC_F_BSD }, { "MPL", MODLIC_F_MPL },
		{ "Mozilla", MODLIC_F_MPL },
		{ "proprietary", MODLIC_F_PROPRIETARY },
	};
	const char *same = NULL;
	unsigned fam = 0;

	for (size_t i = 0; i + 9 < len && !same; i++)
		if (!strncasecmp(d + i, "same as \"", 9))
			same = d + i + 9;
	if (same) {
		const char *end = memchr(same, '"', len - (same - d));

		for (size_t r = 0; end && r < t->nrows; r++)
			if (strlen(t->rows[r].string) == (size_t)(end - same) &&
			    !memcmp(t->rows[r].string, same, end - same))
				return t->rows[r].families;
	}
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (has_word(d, len, words[i].word))
			fam |= words[i].fam;
	return fam;
}

/* The line at *@p (without its newline), *@p moved past it. */
static const char *next_line(const char **p, const char *end, size_t *len)
{
	const char *s = *p, *nl;

	if (s >= end)
		return NULL;
	nl = memchr(s, '\n', end - s);
	*len = (nl ? nl : end) - s;
	*p = nl ? nl + 1 : end;
	return s;
}

/* @s without leading blanks; @len adjusted. */
static const char *skip_blank(const char *s, size_t *len)
{
	while (*len && (*s == ' ' || *s == '\t')) {
		s++;
		(*len)--;
	}
	return s;
}

static int is_border(const char *s, size_t len)
{
	s = skip_blank(s, &len);
	return len >= 3 && !strncmp(s, "===", 3);
}

/* Add the row whose line (blanks skipped) is @s: the quoted string, the
 * description that follows and its continuation lines up to @dend. */
static int add_row(struct modlic_table *t, size_t *cap, const char *s,
		   size_t len, const char *dend)
{
	const char *q = memchr(s + 1, '"', len - 1);
	struct modlic_row *rows;
	char *str;

	if (!q)
		return 0;
	rows = grow(t->rows, t->nrows, cap, sizeof(*rows), 8);
	if (!rows)
		return -ENOMEM;
	t->rows = rows;
	str = strndup(s + 1, q - s - 1);
	if (!str)
		return -ENOMEM;
	rows[t->nrows].families = desc_families(t, q + 1, dend - q - 1);
	rows[t->nrows++].string = str;
	return 0;
}

/* The start of the table: its first border after a MODULE_LICENSE
 * heading or mention, or NULL. */
static const char *table_start(const char *rst, const char *end)
{
	const char *p = rst, *s;
	size_t len;

	p = memmem(rst, end - rst, "_`MODULE_LICENSE`", 17);
	if (!p)
		p = memmem(rst, end - rst, "MODULE_LICENSE", 14);
	while (p && (s = next_line(&p, end, &len)))
		if (is_border(s, len))
			return p;
	return NULL;
}

int modlic_table_parse(struct modlic_table *t, const char *rst, size_t len,
		       struct spdx_error *err)
{
	const char *end = rst + len, *p, *s, *row = NULL;
	size_t cap = 0, l, rowl = 0;
	int r = 0;

	memset(t, 0, sizeof(*t));
	p = table_start(rst, end);
	while (p && (s = next_line(&p, end, &l))) {
		size_t bl = l;
		const char *b = skip_blank(s, &bl);

		if (is_border(s, l) || (bl && *b == '"')) {
			if (row && (r = add_row(t, &cap, row, rowl, s)))
				goto fail;
			row = NULL;
			if (is_border(s, l))
				break;
			row = b;
			rowl = bl;
		}
	}
	if (!t->nrows) {
		r = spdx_error_set(err, -ENOENT, "%s: no MODULE_LICENSE table",
				   MODLIC_RULES_PATH);
		goto fail;
	}
	return 0;
fail:
	if (r == -ENOMEM)
		spdx_error_set(err, r, "out of memory");
	modlic_table_release(t);
	return r;
}

int modlic_table_read(struct modlic_table *t, struct source *src,
		      struct spdx_error *err)
{
	char *buf;
	size_t len;
	int r;

	memset(t, 0, sizeof(*t));
	r = source_read_all(src, MODLIC_RULES_PATH, 4u << 20, &buf, &len);
	if (r)
		return spdx_error_errno(err, r, "%s", MODLIC_RULES_PATH);
	r = modlic_table_parse(t, buf, len, err);
	free(buf);
	return r;
}

void modlic_table_release(struct modlic_table *t)
{
	for (size_t i = 0; i < t->nrows; i++)
		free(t->rows[i].string);
	free(t->rows);
	t->rows = NULL;
	t->nrows = 0;
}

const struct modlic_row *modlic_table_find(const struct modlic_table *t,
					   const char *declared)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (!strcmp(t->rows[i].string, declared))
			return &t->rows[i];
	return NULL;
}

/* Expressions */

static int prefix(const char *s, const char *p)
{
	return !strncasecmp(s, p, strlen(p));
}

/* The family of one license id as written (@plus: a "+" followed). */
static unsigned id_family(const char *id, int plus)
{
	if (prefix(id, "GPL-2.0") || prefix(id, "LGPL-2.0") ||
	    prefix(id, "LGPL-2.1"))
		return MODLIC_F_GPL;
	if (prefix(id, "GPL-1.0") &&
	    (plus || !strcasecmp(id, "GPL-1.0-or-later")))
		return MODLIC_F_GPL;
	if (!strcasecmp(id, "MIT"))
		return MODLIC_F_MIT;
	if (prefix(id, "BSD-") || !strcasecmp(id, "0BSD") ||
	    !strcasecmp(id, "Linux-OpenIB"))
		return MODLIC_F_BSD;
	if (prefix(id, "MPL-"))
		return MODLIC_F_MPL;
	return 0;
}

static unsigned node_families(const struct expr *e, int n)
{
	const struct expr_node *node;

	if (n < 0 || n >= e->nnodes)
		return 0;
	node = &e->nodes[n];
	switch (node->kind) {
	case EXPR_LICENSE:
		return id_family(node->id, node->plus);
	case EXPR_WITH:
		return node_families(e, node->left);
	case EXPR_AND:
	case EXPR_OR:
		return node_families(e, node->left) |
		       node_families(e, node->right);
	}
	return 0;
}

unsigned modlic_expr_families(const struct expr *e)
{
	return e ? node_families(e, e->root) : 0;
}

enum modlic_class modlic_classify(const struct modlic_table *t,
				  const struct spdx_index *idx,
				  const struct spdx_file *f,
				  const struct modlic_call *c)
{
	const struct modlic_row *row;
	const struct spdx_expr *x;
	unsigned granted;

	row = c->resolved ? modlic_table_find(t, c->declared) : NULL;
	if (!row)
		return MODLIC_UNKNOWN;
	if (!spdx_file_counted(f))
		return MODLIC_UNTAGGED;
	x = index_file_expr(idx, f);
	granted = x ? modlic_expr_families(x->ast) : 0;
	if (row->families & ~granted)
		return MODLIC_CONTRADICTION;
	return MODLIC_CONSISTENT;
}

/* Finding the calls */

/* A C lexer's position: the text, where it is, its line. */
struct lex {
	const char *start, *p, *end;
	unsigned line;
	int bol;		/* only blanks since the line began */
	int directive;		/* in a preprocessor line */
};

/* #define NAME "literal" seen in the file. */
struct define {
	const char *name;
	size_t len;
	char value[MODLIC_DECL_MAX];
};

struct finder {
	struct modlic_call *calls;
	size_t ncalls, cap;
	struct define *defs;
	size_t ndefs, dcap;
};

/* Step past one character, keeping line, bol and directive. */
static void lex_step(struct lex *lx)
{
	char c = *lx->p++;

	if (c == '\n') {
		/* a directive goes on after a backslash-newline */
		if (lx->p - 2 < lx->start || lx->p[-2] != '\\')
			lx->directive = 0;
		lx->line++;
		lx->bol = 1;
	} else if (c == '#' && lx->bol) {
		lx->directive = 1;
		lx->bol = 0;
	} else if (c != ' ' && c != '\t' && c != '\r' && c != '\f') {
		lx->bol = 0;
	}
}

/*
 * Step to @to over bytes with no newline, as lex_step() on each would:
 * only the first byte that is not blank matters, a '#' there starting a
 * directive when the line had nothing else yet.
 */
static void lex_skip(struct lex *lx, const char *to)
{
	if (lx->bol) {
		const char *q = lx->p;

		while (q < to && (*q == ' ' || *q == '\t' || *q == '\r' ||
				  *q == '\f'))
			q++;
		if (q < to) {
			lx->directive |= *q == '#';
			lx->bol = 0;
		}
	}
	lx->p = to;
}

/* Is @c a byte a token can start with that the lexer must look at: a
 * newline, comment, literal, directive or MODULE_LICENSE? */
static inline int lex_special(unsigned char c)
{
	return c == '\n' || c == '/' || c == '"' || c == '\'' || c == '#' ||
	       c == 'M';
}

/* Skip a comment at lx->p, if there is one; 1 if one was skipped. */
static int skip_comment(struct lex *lx)
{
	if (lx->end - lx->p < 2 || lx->p[0] != '/')
		return 0;
	if (lx->p[1] == '/') {
		while (lx->p < lx->end && *lx->p != '\n')
			lx->p++;
		return 1;
	}
	if (lx->p[1] != '*')
		return 0;
	lx->p += 2;
	while (lx->p < lx->end) {
		const char *q = lx->p;

		while (q < lx->end && *q != '*' && *q != '\n')
			q++;
		lex_skip(lx, q);
		if (q == lx->end ||
		    (*q == '*' && lx->end - q >= 2 && q[1] == '/'))
			break;
		lex_step(lx);
	}
	lx->p = lx->p < lx->end ? lx->p + 2 : lx->end;
	return 1;
}

/* Skip blanks, newlines and comments. */
static void skip_space(struct lex *lx)
{
	while (lx->p < lx->end) {
		if (isspace((unsigned char)*lx->p))
			lex_step(lx);
		else if (!skip_comment(lx))
			return;
	}
}

/* Read a string or character literal at lx->p (its quote), appending a
 * string's bytes to @out (of @size, cut, NUL-terminated) when not NULL. */
static void read_literal(struct lex *lx, char *out, size_t size)
{
	char q = *lx->p;
	size_t n = out ? strlen(out) : 0;

	lex_step(lx);
	while (lx->p < lx->end && *lx->p != q && *lx->p != '\n') {
		if (*lx->p == '\\' && lx->end - lx->p >= 2)
			lex_step(lx);
		if (out && n + 1 < size) {
			out[n++] = *lx->p;
			out[n] = '\0';
		}
		lex_step(lx);
	}
	if (lx->p < lx->end && *lx->p == q)
		lex_step(lx);
}

/* Skip blanks and backslash-newlines, not newlines (in a directive). */
static void skip_blanks(struct lex *lx)
{
	while (lx->p < lx->end) {
		if (*lx->p == '\\' && lx->end - lx->p >= 2 && lx->p[1] == '\n')
			lex_step(lx);
		else if (*lx->p != ' ' && *lx->p != '\t')
			return;
		lex_step(lx);
	}
}

/* Adjacent string literals at lx->p into @out, on one line only when
 * @one_line (a directive); 1 if there was one. */
static int read_strings(struct lex *lx, char *out, size_t size, int one_line)
{
	int any = 0;

	out[0] = '\0';
	for (;;) {
		if (one_line)
			skip_blanks(lx);
		else
			skip_space(lx);
		if (lx->p >= lx->end || *lx->p != '"')
			return any;
		read_literal(lx, out, size);
		any = 1;
	}
}

/* An identifier at lx->p: its length, lx->p moved past it. */
static size_t read_ident(struct lex *lx, const char **id)
{
	*id = lx->p;
	while (lx->p < lx->end && is_ident((unsigned char)*lx->p))
		lx->p++;
	return lx->p - *id;
}

/* After "#": a "define NAME "literal"" line is remembered. */
static int read_define(struct lex *lx, struct finder *fd)
{
	struct define d, *defs;
	const char *w;

	skip_blanks(lx);
	if (read_ident(lx, &w) != 6 || strncmp(w, "define", 6))
		return 0;
	skip_blanks(lx);
	d.len = read_ident(lx, &d.name);
	if (!d.len || (lx->p < lx->end && *lx->p == '('))
		return 0;
	if (!read_strings(lx, d.value, sizeof(d.value), 1))
		return 0;
	defs = grow(fd->defs, fd->ndefs, &fd->dcap, sizeof(*defs), 8);
	if (!defs)
		return -ENOMEM;
	fd->defs = defs;
	defs[fd->ndefs++] = d;
	return 0;
}

/* After "MODULE_LICENSE" on line @line: the call, if it is one. */
static int read_call(struct lex *lx, struct finder *fd, unsigned line)
{
	struct modlic_call c = { .line = line, .resolved = 1 };
	struct modlic_call *calls;
	const char *id;
	size_t n;

	skip_space(lx);
	if (lx->p >= lx->end || *lx->p != '(')
		return 0;
	lex_step(lx);
	if (!read_strings(lx, c.declared, sizeof(c.declared), 0)) {
		n = read_ident(lx, &id);
		if (!n)
			return 0;
		c.resolved = 0;
		c.macro = 1;
		if (n >= sizeof(c.declared))
			n = sizeof(c.declared) - 1;
		memcpy(c.declared, id, n);
		c.declared[n] = '\0';
		skip_space(lx);
	}
	if (lx->p >= lx->end || *lx->p != ')')
		return 0;
	calls = grow(fd->calls, fd->ncalls, &fd->cap, sizeof(*calls), 4);
	if (!calls)
		return -ENOMEM;
	fd->calls = calls;
	calls[fd->ncalls++] = c;
	return 0;
}

/* A call through a macro takes the macro's string, when defined. */
static void resolve(struct finder *fd)
{
	for (size_t i = 0; i < fd->ncalls; i++) {
		struct modlic_call *c = &fd->calls[i];

		for (size_t d = 0; !c->resolved && d < fd->ndefs; d++)
			if (strlen(c->declared) == fd->defs[d].len &&
			    !memcmp(c->declared, fd->defs[d].name,
				    fd->defs[d].len)) {
				strcpy(c->declared, fd->defs[d].value);
				c->resolved = 1;
			}
	}
}

/* One token of the file at lx->p. */
static int lex_token(struct lex *lx, struct finder *fd)
{
	unsigned line = lx->line;
	const char *id;
	size_t n;

	if (skip_comment(lx))
		return 0;
	if (*lx->p == '"' || *lx->p == '\'') {
		read_literal(lx, NULL, 0);
		return 0;
	}
	if (*lx->p == '#' && lx->bol) {
		lex_step(lx);
		return read_define(lx, fd);
	}
	if (!lex_special(*lx->p)) {
		const char *q = lx->p + 1;

		while (q < lx->end && !lex_special(*q))
			q++;
		lex_skip(lx, q);
		return 0;
	}
	if (*lx->p != 'M') {
		lex_step(lx);
		return 0;
	}
	/* An M inside an identifier: the bytes before it were plain text */
	if (lx->p > lx->start && is_ident((unsigned char)lx->p[-1])) {
		read_ident(lx, &id);
		return 0;
	}
	n = read_ident(lx, &id);
	lx->bol = 0;
	if (lx->directive || n != 14 || memcmp(id, "MODULE_LICENSE", 14))
		return 0;
	return read_call(lx, fd, line);
}

int modlic_resolve(struct modlic_call *calls, size_t ncalls, const char *buf,
		   size_t len)
{
	struct lex lx = { buf, buf, buf + len, 1, 1, 0 };
	struct finder fd = { .calls = calls, .ncalls = ncalls };
	int r = 0;

	while (!r && lx.p < lx.end) {
		if (*lx.p == '#' && lx.bol) {
			lex_step(&lx);
			r = read_define(&lx, &fd);
		} else if (!skip_comment(&lx)) {
			if (*lx.p == '"' || *lx.p == '\'')
				read_literal(&lx, NULL, 0);
			else
				lex_step(&lx);
		}
	}
	if (!r)
		resolve(&fd);
	free(fd.defs);
	return r;
}

int modlic_find(const char *buf, size_t len, struct modlic_call **calls,
		size_t *ncalls)
{
	struct lex lx = { buf, buf, buf + len, 1, 1, 0 };
	struct finder fd = { 0 };
	int r = 0;

	*calls = NULL;
	*ncalls = 0;
	if (!memmem(buf, len, "MODULE_LICENSE", 14))
		return 0;
	while (!r && lx.p < lx.end)
		r = lex_token(&lx, &fd);
	if (r) {
		free(fd.calls);
		free(fd.defs);
		return r;
	}
	resolve(&fd);
	free(fd.defs);
	*calls = fd.calls;
	*ncalls = fd.ncalls;
	return 0;
}

int modlic_wanted(const struct spdx_file *f)
{
	size_t n = strlen(f->path);

	return n > 2 && !strcmp(f->path + n - 2, ".c") && f->status != ST_ERROR;
}

/* Are all of @calls resolved? */
static int all_resolved(const struct modlic_call *calls, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!calls[i].resolved)
			return 0;
	return 1;
}

/* The headers one file names, each read once: a hash set of names
 * (pointers into the file's text), twice as many slots as names. */
#define INCLUDE_SLOTS (2 * MODLIC_INCLUDES_MAX)

struct includes {
	const char *name[INCLUDE_SLOTS];
	size_t len[INCLUDE_SLOTS];
	size_t n;
	size_t budget;		/* header bytes still allowed */
};

/* Is header @name (@len bytes) in @inc already?  If not, add it.  1 when
 * it was, or when the set is full (MODLIC_INCLUDES_MAX names), else 0. */
static int include_seen(struct includes *inc, const char *name, size_t len)
{
	uint32_t h = 2166136261u;	/* FNV-1a */
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	for (i = h % INCLUDE_SLOTS; inc->name[i]; i = (i + 1) % INCLUDE_SLOTS)
		if (inc->len[i] == len && !memcmp(inc->name[i], name, len))
			return 1;
	if (inc->n == MODLIC_INCLUDES_MAX)
		return 1;
	inc->name[i] = name;
	inc->len[i] = len;
	inc->n++;
	return 0;
}

/*
 * Resolve what is left of @calls of file @path (text @buf) with the
 * headers it includes as #include "NAME" from its own directory, one
 * level deep.  A header that cannot be read is passed over.  The work is
 * bounded whatever the file holds: each header read once, the first
 * MODLIC_INCLUDES_MAX headers named only, and MODLIC_INCLUDE_BYTES of
 * them at most in all (a header that would go past it is not read).
 */
static int resolve_includes(struct source *src, const char *path,
			    const char *buf, size_t len,
			    struct modlic_call *calls, size_t n)
{
	const char *p = buf, *end = buf + len, *s, *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path + 1) : 0, l;
	struct includes *inc;
	char hpath[PATH_MAX], *h;
	int r = 0;

	inc = calloc(1, sizeof(*inc));
	if (!inc)
		return -ENOMEM;
	inc->budget = MODLIC_INCLUDE_BYTES;
	while (!r && !all_resolved(calls, n) && (s = next_line(&p, end, &l))) {
		const char *q, *e;
		size_t hl;

		s = skip_blank(s, &l);
		if (!l || *s != '#')
			continue;
		l--;
		s = skip_blank(s + 1, &l);
		if (l < 8 || strncmp(s, "include", 7))
			continue;
		l -= 7;
		q = skip_blank(s + 7, &l);
		if (!l || *q != '"' || !(e = memchr(q + 1, '"', l - 1)))
			continue;
		if (dirlen + (e - q - 1) >= sizeof(hpath) || !inc->budget ||
		    include_seen(inc, q + 1, e - q - 1))
			continue;
		memcpy(hpath, path, dirlen);
		memcpy(hpath + dirlen, q + 1, e - q - 1);
		hpath[dirlen + (e - q - 1)] = '\0';
		if (source_read_all(src, hpath, inc->budget, &h, &hl))
			continue;
		inc->budget -= hl;
		r = modlic_resolve(calls, n, h, hl);
		free(h);
	}
	free(inc);
	return r;
}

int modlic_file(struct source *src, const struct spdx_file *f,
		struct modlic_call **calls, size_t *ncalls)
{
	char *buf;
	size_t len;
	int r;

	*calls = NULL;
	*ncalls = 0;
	r = source_read_all(src, f->path, MODLIC_FILE_BYTES, &buf, &len);
	if (r)
		return r == -ENOMEM ? r : 0;
	r = modlic_find(buf, len, calls, ncalls);
	if (!r && !all_resolved(*calls, *ncalls))
		r = resolve_includes(src, f->path, buf, len, *calls, *ncalls);
	if (r) {
		free(*calls);
		*calls = NULL;
		*ncalls = 0;
	}
	free(buf);
	return r;
}
