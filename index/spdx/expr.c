// SPDX-License-Identifier: GPL-2.0-only
/*
 * expr: parse, print and check SPDX license expressions.
 *
 * A recursive-descent parser over a one-token-lookahead lexer builds a
 * temporary node array holding offsets into the text; expr_finish() then
 * packs nodes and strings into one allocation.  expr_kernel_strict() is a
 * separate recogniser that mirrors scripts/spdxcheck.py token for token.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "spdx/expr.h"
#include "util/grow.h"
#include "spdx/licenses.h"

#define EXPR_MAX_DEPTH	64	/* nested parentheses */

/* ---- errors ---------------------------------------------------------- */

static int expr_fail(struct expr_error *err, size_t col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int expr_fail(struct expr_error *err, size_t col, const char *fmt, ...)
{
	va_list ap;

	if (err) {
		err->col = col;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/* Bytes of the (UTF-8) character at @s, at most @left. */
static size_t char_len(const char *s, size_t left)
{
	unsigned char c = *s;
	size_t n = 1;

	if (c >= 0xc0)
		while (n < left && n < 4 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n++;
	return n;
}

static int invalid_token(struct expr_error *err, const char *text,
			 size_t len, size_t off)
{
	return expr_fail(err, off, "Invalid token: %.*s",
			 (int)char_len(text + off, len - off), text + off);
}

int expr_is_idchar(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '-';
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
	       c == '\v' || c == '\f';
}

static int word_is(const char *s, size_t n, const char *kw)
{
	return strlen(kw) == n && !strncasecmp(s, kw, n);
}

/* Do the @n bytes at @s start with @prefix, in any case?  Never reads
 * past @n: the text need not be NUL-terminated. */
static int starts_ci(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !strncasecmp(s, prefix, k);
}

static int all_upper(const char *s, size_t n)
{
	while (n--)
		if (s[n] >= 'a' && s[n] <= 'z')
			return 0;
	return 1;
}

/* ---- lexer ----------------------------------------------------------- */

enum tok_kind { T_END, T_LPAR, T_RPAR, T_WORD, T_AND, T_OR, T_WITH };

struct token {
	enum tok_kind kind;
	size_t off, len;
};

/* A temporary node: strings are offsets into the text. */
struct pnode {
	enum expr_kind kind;
	int left, right;
	size_t id_off, id_len;		/* LICENSE, without the "+" */
	size_t exc_off, exc_len;	/* WITH */
	int plus, paren;
	unsigned col, exc_col;
};

struct parser {
	const char *text;
	size_t len, pos;
	struct token tok;	/* the lookahead */
	struct pnode *nodes;
	int n;
	size_t cap;
	int depth;
	int saw_upper, saw_lower;
	unsigned flags;
	struct expr_error *err;
};

/* Length of an idstring at @s, at most @n bytes. */
static size_t idstring_len(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && expr_is_idchar(s[i]))
		i++;
	return i;
}

/* "[DocumentRef-x:]LicenseRef-y" with a non-empty x and y, exactly @n. */
static int is_license_ref(const char *s, size_t n)
{
	size_t k;

	if (n > 12 && starts_ci(s, n, "DocumentRef-")) {
		k = idstring_len(s + 12, n - 12);
		if (!k || 12 + k >= n || s[12 + k] != ':')
			return 0;
		s += 13 + k;
		n -= 13 + k;
	}
	if (n <= 11 || !starts_ci(s, n, "LicenseRef-"))
		return 0;
	return idstring_len(s + 11, n - 11) == n - 11;
}

/*
 * Check a word of [A-Za-z0-9.:+-] characters: '+' only last and not on a
 * LicenseRef, ':' only in DocumentRef-x:LicenseRef-y.
 */
static int check_word(struct parser *p, size_t off, size_t n)
{
	const char *s = p->text + off;
	size_t body = n, i;

	if (s[n - 1] == '+')
		body--;
	for (i = 0; i < body; i++)
		if (s[i] == '+')
			return invalid_token(p->err, p->text, p->len, off + i);
	if (!body)
		return invalid_token(p->err, p->text, p->len, off);
	if (!memchr(s, ':', body) && !starts_ci(s, body, "LicenseRef-") &&
	    !starts_ci(s, body, "DocumentRef-"))
		return 0;
	if (!is_license_ref(s, body)) {
		const char *colon = memchr(s, ':', body);

		if (colon)
			return invalid_token(p->err, p->text, p->len,
					     off + (colon - s));
		return expr_fail(p->err, off, "Syntax error: %.*s",
				 (int)n, s);
	}
	if (body != n)
		return invalid_token(p->err, p->text, p->len, off + body);
	return 0;
}

/* Read the next token into p->tok. */
static int lex(struct parser *p)
{
	const char *t = p->text;
	size_t start, end;

	while (p->pos < p->len && is_blank(t[p->pos]))
		p->pos++;
	start = p->pos;
	p->tok.off = start;
	p->tok.len = 0;
	if (start == p->len) {
		p->tok.kind = T_END;
		return 0;
	}
	if (t[start] == '(' || t[start] == ')') {
		p->tok.kind = t[start] == '(' ? T_LPAR : T_RPAR;
		p->tok.len = 1;
		p->pos++;
		return 0;
	}
	end = start;
	while (end < p->len && (expr_is_idchar(t[end]) || t[end] == '+' ||
				t[end] == ':'))
		end++;
	if (end == start)
		return invalid_token(p->err, t, p->len, start);
	p->pos = end;
	p->tok.len = end - start;
	if (word_is(t + start, end - start, "AND"))
		p->tok.kind = T_AND;
	else if (word_is(t + start, end - start, "OR"))
		p->tok.kind = T_OR;
	else if (word_is(t + start, end - start, "WITH"))
		p->tok.kind = T_WITH;
	else
		p->tok.kind = T_WORD;
	if (p->tok.kind == T_WORD)
		return check_word(p, start, end - start);
	return 0;
}

/* ---- parser ---------------------------------------------------------- */

/* The current token cannot be used here. */
static int unexpected(struct parser *p)
{
	if (p->tok.kind == T_END)
		return expr_fail(p->err, 0, EXPR_UNFINISHED);
	return expr_fail(p->err, p->tok.off, "Syntax error: %.*s",
			 (int)p->tok.len, p->text + p->tok.off);
}

/* Consume an operator token, noting its case. */
static int take_operator(struct parser *p)
{
	if (all_upper(p->text + p->tok.off, p->tok.len))
		p->saw_upper = 1;
	else
		p->saw_lower = 1;
	return lex(p);
}

static int new_node(struct parser *p, enum expr_kind kind)
{
	struct pnode *n = grow(p->nodes, p->n, &p->cap, sizeof(*p->nodes), 8);

	if (!n)
		return -ENOMEM;
	p->nodes = n;
	n = &p->nodes[p->n];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->left = n->right = -1;
	return p->n++;
}

static int parse_or(struct parser *p);

/* license = simple id, "+" kept apart */
static int parse_license(struct parser *p)
{
	struct pnode *n;
	int i;

	if (p->tok.kind != T_WORD)
		return unexpected(p);
	i = new_node(p, EXPR_LICENSE);
	if (i < 0)
		return i;
	n = &p->nodes[i];
	n->col = p->tok.off;
	n->id_off = p->tok.off;
	n->id_len = p->tok.len;
	if (p->text[p->tok.off + p->tok.len - 1] == '+') {
		n->plus = 1;
		n->id_len--;
	}
	return i;
}

/* primary = "(" or-expr ")" | license */
static int parse_primary(struct parser *p)
{
	int i, ret;

	if (p->tok.kind != T_LPAR) {
		i = parse_license(p);
		if (i >= 0 && (ret = lex(p)) < 0)
			return ret;
		return i;
	}
	if (++p->depth > EXPR_MAX_DEPTH)	/* no spdxcheck words for it */
		return unexpected(p);
	ret = lex(p);
	if (ret < 0)
		return ret;
	i = parse_or(p);
	if (i < 0)
		return i;
	if (p->tok.kind != T_RPAR)
		return unexpected(p);
	p->depth--;
	if (p->nodes[i].paren || p->nodes[i].kind == EXPR_LICENSE)
		p->flags |= EXPR_F_REDUNDANT_PARENS;
	p->nodes[i].paren = 1;
	ret = lex(p);
	return ret < 0 ? ret : i;
}

/* with-expr = license "WITH" exception | primary */
static int parse_with(struct parser *p)
{
	int l, w, ret;

	l = parse_primary(p);
	if (l < 0 || p->tok.kind != T_WITH)
		return l;
	if (p->nodes[l].kind != EXPR_LICENSE || p->nodes[l].paren)
		return unexpected(p);
	ret = take_operator(p);
	if (ret < 0)
		return ret;
	if (p->tok.kind != T_WORD)
		return unexpected(p);
	if (p->text[p->tok.off + p->tok.len - 1] == '+')
		return invalid_token(p->err, p->text, p->len,
				     p->tok.off + p->tok.len - 1);
	w = new_node(p, EXPR_WITH);
	if (w < 0)
		return w;
	p->nodes[w].left = l;
	p->nodes[w].col = p->nodes[l].col;
	p->nodes[w].exc_off = p->tok.off;
	p->nodes[w].exc_len = p->tok.len;
	p->nodes[w].exc_col = p->tok.off;
	ret = lex(p);
	return ret < 0 ? ret : w;
}

/* Left-associative chain of @sub separated by @op. */
static int parse_chain(struct parser *p, enum tok_kind op, enum expr_kind kind,
		       int (*sub)(struct parser *))
{
	int l, r, n, ret;

	l = sub(p);
	while (l >= 0 && p->tok.kind == op) {
		ret = take_operator(p);
		if (ret < 0)
			return ret;
		r = sub(p);
		if (r < 0)
			return r;
		n = new_node(p, kind);
		if (n < 0)
			return n;
		p->nodes[n].left = l;
		p->nodes[n].right = r;
		p->nodes[n].col = p->nodes[l].col;
		l = n;
	}
	return l;
}

static int parse_and(struct parser *p)
{
	return parse_chain(p, T_AND, EXPR_AND, parse_with);
}

static int parse_or(struct parser *p)
{
	return parse_chain(p, T_OR, EXPR_OR, parse_and);
}

/* Pack the parser's nodes and their strings into one struct expr. */
static int expr_finish(struct parser *p, int root, struct expr **out)
{
	size_t strbytes = 0, hdr;
	struct expr *e;
	char *s;
	int i;

	for (i = 0; i < p->n; i++)
		strbytes += 2 * p->nodes[i].id_len + 3 + p->nodes[i].exc_len + 1;
	hdr = sizeof(*e) + p->n * sizeof(struct expr_node);
	e = malloc(hdr + strbytes);
	if (!e)
		return -ENOMEM;
	e->root = root;
	e->nnodes = p->n;
	e->flags = p->flags;
	e->nodes = (struct expr_node *)(e + 1);
	s = (char *)e + hdr;
	for (i = 0; i < p->n; i++) {
		const struct pnode *pn = &p->nodes[i];
		struct expr_node *n = &e->nodes[i];

		memset(n, 0, sizeof(*n));
		n->kind = pn->kind;
		n->left = pn->left;
		n->right = pn->right;
		n->col = pn->col;
		n->exc_col = pn->exc_col;
		n->plus = pn->plus;
		if (pn->kind == EXPR_LICENSE) {
			n->id = s;
			s = mempcpy(s, p->text + pn->id_off, pn->id_len);
			*s++ = '\0';
			n->text = n->id;
			if (pn->plus) {
				n->text = s;
				s = mempcpy(s, p->text + pn->id_off,
					    pn->id_len + 1);
				*s++ = '\0';
			}
		} else if (pn->kind == EXPR_WITH) {
			n->exception = s;
			s = mempcpy(s, p->text + pn->exc_off, pn->exc_len);
			*s++ = '\0';
		}
	}
	*out = e;
	return 0;
}

int expr_parse(struct expr **out, const char *text, size_t len,
	       struct expr_error *err)
{
	struct parser p = { .text = text, .len = len, .err = err };
	int root, ret;

	*out = NULL;
	ret = lex(&p);
	if (ret < 0)
		goto out;
	root = parse_or(&p);
	if (root < 0) {
		ret = root;
		goto out;
	}
	if (p.tok.kind != T_END) {
		ret = unexpected(&p);
		goto out;
	}
	if (p.nodes[root].paren && p.nodes[root].kind == EXPR_WITH)
		p.flags |= EXPR_F_REDUNDANT_PARENS;
	if (p.saw_lower)
		p.flags |= EXPR_F_LOWER_OP;
	if (p.saw_lower && p.saw_upper)
		p.flags |= EXPR_F_MIXED_OP;
	ret = expr_finish(&p, root, out);
out:
	free(p.nodes);
	return ret;
}

void expr_free(struct expr *e)
{
	free(e);
}

/* ---- canonical form -------------------------------------------------- */

struct outbuf {
	char *buf;
	size_t size, len;
};

static void out_put(struct outbuf *o, const char *s, size_t n)
{
	if (o->len + 1 < o->size) {
		size_t room = o->size - 1 - o->len;

		memcpy(o->buf + o->len, s, n < room ? n : room);
	}
	o->len += n;
}

static void out_str(struct outbuf *o, const char *s)
{
	out_put(o, s, strlen(s));
}

/* A license id as LICENSES/ spells it, else as written. */
static void put_license(struct outbuf *o, const struct expr_node *n,
			const struct licenses *lic)
{
	const char *sp = NULL;

	if (lic) {
		sp = licenses_spelling(lic, n->text, strlen(n->text));
		if (!sp && n->plus) {
			sp = licenses_spelling(lic, n->id, strlen(n->id));
			if (sp) {
				out_str(o, sp);
				out_str(o, "+");
				return;
			}
		}
	}
	out_str(o, sp ? sp : n->text);
}

static void put_node(struct outbuf *o, const struct expr *e, int i,
		     const struct licenses *lic);

static void put_child(struct outbuf *o, const struct expr *e, int i,
		      int parens, const struct licenses *lic)
{
	if (parens)
		out_str(o, "(");
	put_node(o, e, i, lic);
	if (parens)
		out_str(o, ")");
}

static void put_node(struct outbuf *o, const struct expr *e, int i,
		     const struct licenses *lic)
{
	const struct expr_node *n = &e->nodes[i];
	const char *sp = NULL;
	enum expr_kind lk, rk;

	switch (n->kind) {
	case EXPR_LICENSE:
		put_license(o, n, lic);
		break;
	case EXPR_WITH:
		put_license(o, &e->nodes[n->left], lic);
		out_str(o, " WITH ");
		if (lic)
			sp = licenses_spelling(lic, n->exception,
					       strlen(n->exception));
		out_str(o, sp ? sp : n->exception);
		break;
	case EXPR_AND:
	case EXPR_OR:
		lk = e->nodes[n->left].kind;
		rk = e->nodes[n->right].kind;
		put_child(o, e, n->left, lk == EXPR_WITH ||
			  (n->kind == EXPR_AND && lk == EXPR_OR), lic);
		out_str(o, n->kind == EXPR_AND ? " AND " : " OR ");
		put_child(o, e, n->right, rk == EXPR_WITH || rk == n->kind ||
			  (n->kind == EXPR_AND && rk == EXPR_OR), lic);
		break;
	}
}

size_t expr_canonical(const struct expr *e, const struct licenses *lic,
		      char *buf, size_t size)
{
	struct outbuf o = { .buf = buf, .size = size };

	put_node(&o, e, e->root, lic);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len;
}

/* ---- validation ------------------------------------------------------ */

static const struct license_file *find_license(const struct licenses *lic,
					       const char *id)
{
	const struct license_file *f;

	if (!lic)
		return NULL;
	f = licenses_lookup(lic, id, strlen(id));
	return f && !f->exception ? f : NULL;
}

static int validate_node(const struct expr *e, int i,
			 const struct licenses *lic, struct expr_error *err)
{
	const struct expr_node *n = &e->nodes[i];
	const struct expr_node *l;
	const struct license_file *f;
	char upper[64];
	size_t k;
	int ret;

	switch (n->kind) {
	case EXPR_LICENSE:
		if (!find_license(lic, n->text))
			return expr_fail(err, n->col, "Invalid License ID: %s",
					 n->text);
		return 0;
	case EXPR_WITH:
		l = &e->nodes[n->left];
		ret = validate_node(e, n->left, lic, err);
		if (ret)
			return ret;
		f = licenses_lookup(lic, n->exception, strlen(n->exception));
		if (!f || !f->exception)
			return expr_fail(err, n->exc_col,
					 "Invalid Exception ID: %s",
					 n->exception);
		if (licenses_exception_allows(f, l->text, strlen(l->text)))
			return 0;
		for (k = 0; l->text[k] && k + 1 < sizeof(upper); k++)
			upper[k] = l->text[k] >= 'a' && l->text[k] <= 'z' ?
				   l->text[k] - 'a' + 'A' : l->text[k];
		upper[k] = '\0';
		return expr_fail(err, n->exc_col,
				 "Exception not valid for license %s: %s",
				 upper, n->exception);
	case EXPR_AND:
	case EXPR_OR:
		ret = validate_node(e, n->left, lic, err);
		return ret ? ret : validate_node(e, n->right, lic, err);
	}
	return 0;
}

int expr_validate(const struct expr *e, const struct licenses *lic,
		  struct expr_error *err)
{
	return validate_node(e, e->root, lic, err);
}

/* ---- spdxcheck's grammar --------------------------------------------- */

enum ks_tok { KS_END, KS_LPAR, KS_RPAR, KS_ID, KS_EXC, KS_AND, KS_OR, KS_WITH };

/*
 * Recogniser states; the digit says whether the operand being read is the
 * first or the second of this parenthesis level (nonassoc allows two).
 */
enum ks_state {
	KS_OPERAND1, KS_AFTER_ID1, KS_EXC1, KS_TERM1,
	KS_OPERAND2, KS_AFTER_ID2, KS_EXC2, KS_TERM2,
};

struct ks {
	const char *text;
	size_t len, pos;
	enum ks_tok last;	/* spdxcheck's lasttok */
	int have_last;
	enum ks_tok kind;
	size_t off, tlen;
	struct expr_error *err;
};

static int ks_is_idchar(char c)
{
	return expr_is_idchar(c) || c == '+';
}

/* spdxcheck's lexer: t_ignore, t_LPAR, t_RPAR, t_ID, t_error. */
static int ks_lex(struct ks *k)
{
	const char *t = k->text;
	size_t end;

	while (k->pos < k->len && (t[k->pos] == ' ' || t[k->pos] == '\t'))
		k->pos++;
	k->off = k->pos;
	k->tlen = 1;
	if (k->pos == k->len) {
		k->kind = KS_END;
		return 0;
	}
	if (t[k->pos] == '(' || t[k->pos] == ')') {
		k->kind = t[k->pos++] == '(' ? KS_LPAR : KS_RPAR;
		goto done;
	}
	for (end = k->pos; end < k->len && ks_is_idchar(t[end]); end++)
		;
	if (end == k->pos)
		return invalid_token(k->err, t, k->len, k->pos);
	k->tlen = end - k->pos;
	k->pos = end;
	if (k->have_last && k->last == KS_EXC)
		return expr_fail(k->err, k->off, "Missing parentheses: %.*s",
				 (int)k->tlen, t + k->off);
	if (word_is(t + k->off, k->tlen, "AND"))
		k->kind = KS_AND;
	else if (word_is(t + k->off, k->tlen, "OR"))
		k->kind = KS_OR;
	else if (word_is(t + k->off, k->tlen, "WITH"))
		k->kind = KS_WITH;
	else if (k->have_last && k->last == KS_WITH)
		k->kind = KS_EXC;
	else
		k->kind = KS_ID;
done:
	k->last = k->kind;
	k->have_last = 1;
	return 0;
}

static int ks_syntax(struct ks *k)
{
	if (k->kind == KS_END)
		return expr_fail(k->err, 0, EXPR_UNFINISHED);
	return expr_fail(k->err, k->off, "Syntax error: %.*s", (int)k->tlen,
			 k->text + k->off);
}

/*
 * One step of the recogniser on token k->kind.  @stack holds, per open
 * parenthesis, which operand it stands for.  Returns 1 when accepted, 0
 * to go on, -EINVAL at a syntax error.
 */
static int ks_step(struct ks *k, enum ks_state *st, unsigned char *stack,
		   int *depth)
{
	int second = *st >= KS_OPERAND2;

	switch (*st) {
	case KS_OPERAND1:
	case KS_OPERAND2:
		if (k->kind == KS_ID) {
			*st = second ? KS_AFTER_ID2 : KS_AFTER_ID1;
			return 0;
		}
		if (k->kind != KS_LPAR || *depth >= EXPR_MAX_DEPTH)
			return ks_syntax(k);
		stack[(*depth)++] = second;
		*st = KS_OPERAND1;
		return 0;
	case KS_AFTER_ID1:
	case KS_AFTER_ID2:
		if (k->kind == KS_WITH) {
			*st = second ? KS_EXC2 : KS_EXC1;
			return 0;
		}
		*st = second ? KS_TERM2 : KS_TERM1;
		return ks_step(k, st, stack, depth);
	case KS_EXC1:
	case KS_EXC2:
		if (k->kind != KS_EXC)
			return ks_syntax(k);
		*st = second ? KS_TERM2 : KS_TERM1;
		return 0;
	case KS_TERM1:
	case KS_TERM2:
		if (!second && (k->kind == KS_AND || k->kind == KS_OR)) {
			*st = KS_OPERAND2;
			return 0;
		}
		if (k->kind == KS_END && !*depth)
			return 1;
		if (k->kind != KS_RPAR || !*depth)
			return ks_syntax(k);
		*st = stack[--(*depth)] ? KS_TERM2 : KS_TERM1;
		return 0;
	}
	return ks_syntax(k);
}

int expr_kernel_strict(const char *text, size_t len, struct expr_error *err)
{
	struct ks k = { .text = text, .len = len, .err = err };
	unsigned char stack[EXPR_MAX_DEPTH];
	enum ks_state st = KS_OPERAND1;
	int depth = 0, ret;

	do {
		ret = ks_lex(&k);
		if (ret < 0)
			return ret;
		ret = ks_step(&k, &st, stack, &depth);
	} while (ret == 0);
	return ret < 0 ? ret : 0;
}

/* ---- modern ids, usability, enumeration ------------------------------ */

static const char *const gnu_families[] = {
	"GPL-1.0", "GPL-2.0", "GPL-3.0", "LGPL-2.0", "LGPL-2.1", "LGPL-3.0",
	"AGPL-3.0", "GFDL-1.1", "GFDL-1.2", "GFDL-1.3",
};

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !strncasecmp(s + n - k, suffix, k);
}

char *spdx_modern_id(const char *id, int plus, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < sizeof(gnu_families) / sizeof(gnu_families[0]); i++) {
		if (strcasecmp(id, gnu_families[i]))
			continue;
		snprintf(buf, size, "%s%s", gnu_families[i],
			 plus ? "-or-later" : "-only");
		return buf;
	}
	snprintf(buf, size, "%s%s", id, plus ? "+" : "");
	return buf;
}

/*
 * Where @s (@n bytes, "GPL-2.0") is in gnu_families[], or -1.  A
 * family's versions are listed together, oldest first, so of two
 * entries of one family the later one is the later version.
 */
static int gnu_version(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < sizeof(gnu_families) / sizeof(gnu_families[0]); i++)
		if (strlen(gnu_families[i]) == n && !strncasecmp(s, gnu_families[i], n))
			return i;
	return -1;
}

/* Are gnu_families[] entries @a and @b of one family ("LGPL-")? */
static int gnu_same_family(int a, int b)
{
	const char *x = gnu_families[a], *y = gnu_families[b];

	return strchr(x, '-') - x == strchr(y, '-') - y &&
	       !strncmp(x, y, strchr(x, '-') - x);
}

/*
 * Does leaf @n accept the modern id @want?  An "or later" leaf of a GNU
 * family (GPL-1.0+, LGPL-2.0-or-later) accepts that version and every
 * later one of its family, "-only" or "-or-later": GPL-1.0+ is usable
 * under GPL-2.0-only and GPL-2.0-or-later.  Any other "+" leaf accepts
 * its own version only, having no known later ones.
 */
static int leaf_usable(const struct expr_node *n, const char *want)
{
	char have[128];
	size_t hl, wl, base, wbase;
	int hv, wv;

	spdx_modern_id(n->id, n->plus, have, sizeof(have));
	if (!strcasecmp(have, want))
		return 1;
	hl = strlen(have);
	wl = strlen(want);
	if (ends_with(have, hl, "-or-later"))
		base = hl - 9;
	else if (have[hl - 1] == '+')
		base = hl - 1;
	else
		return 0;
	if (ends_with(want, wl, "-only"))
		wbase = wl - 5;
	else if (ends_with(want, wl, "-or-later"))
		wbase = wl - 9;
	else
		return 0;
	hv = gnu_version(have, base);
	wv = gnu_version(want, wbase);
	if (hv >= 0 && wv >= 0)
		return gnu_same_family(hv, wv) && wv >= hv;
	return wbase == base && !strncasecmp(have, want, base);
}

static int usable_node(const struct expr *e, int i, const char *want)
{
	const struct expr_node *n = &e->nodes[i];

	switch (n->kind) {
	case EXPR_LICENSE:
		return leaf_usable(n, want);
	case EXPR_WITH:
		return usable_node(e, n->left, want);
	case EXPR_AND:
		return usable_node(e, n->left, want) &&
		       usable_node(e, n->right, want);
	case EXPR_OR:
		return usable_node(e, n->left, want) ||
		       usable_node(e, n->right, want);
	}
	return 0;
}

int expr_usable_under(const struct expr *e, const char *modern_id)
{
	char id[128], want[128];
	size_t n = strlen(modern_id);
	int plus = n && modern_id[n - 1] == '+';

	if (n - plus >= sizeof(id))
		return 0;
	memcpy(id, modern_id, n - plus);
	id[n - plus] = '\0';
	spdx_modern_id(id, plus, want, sizeof(want));
	return usable_node(e, e->root, want);
}

/* Is @n's id (or exception) named further left in the text already? */
static int seen_before(const struct expr *e, const struct expr_node *n)
{
	int exc = n->kind == EXPR_WITH, j;

	for (j = 0; j < e->nnodes; j++) {
		const struct expr_node *m = &e->nodes[j];

		if (exc && m->kind == EXPR_WITH && m->exc_col < n->exc_col &&
		    !strcasecmp(m->exception, n->exception))
			return 1;
		if (!exc && m->kind == EXPR_LICENSE && m->col < n->col &&
		    m->plus == n->plus && !strcasecmp(m->id, n->id))
			return 1;
	}
	return 0;
}

typedef int (*expr_id_fn)(const char *id, size_t len, int plus,
			  int is_exception, void *arg);

/* Leaves in text order: a WITH's exception after its license. */
static int foreach_node(const struct expr *e, int i, expr_id_fn fn, void *arg)
{
	const struct expr_node *n = &e->nodes[i];
	int ret;

	switch (n->kind) {
	case EXPR_LICENSE:
		if (seen_before(e, n))
			return 0;
		return fn(n->id, strlen(n->id), n->plus, 0, arg);
	case EXPR_WITH:
		ret = foreach_node(e, n->left, fn, arg);
		if (ret || seen_before(e, n))
			return ret;
		return fn(n->exception, strlen(n->exception), 0, 1, arg);
	case EXPR_AND:
	case EXPR_OR:
		ret = foreach_node(e, n->left, fn, arg);
		return ret ? ret : foreach_node(e, n->right, fn, arg);
	}
	return 0;
}

int expr_foreach_id(const struct expr *e, expr_id_fn fn, void *arg)
{
	return foreach_node(e, e->root, fn, arg);
}
