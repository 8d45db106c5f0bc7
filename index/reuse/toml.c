// SPDX-License-Identifier: GPL-2.0-only
/*
 * toml: REUSE.toml's subset of TOML (see toml.h for what is accepted and
 * what is refused).  A hand-written recursive-descent reader over one
 * buffer; every refusal names the line.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/grow.h"
#include "util/quote.h"
#include "reuse/toml.h"
#include "util/utf8.h"

struct toml_parser {
	const char *s, *end;
	unsigned line;
	const char *name;
	struct spdx_error *err;
	struct toml_doc *doc;
	size_t tcap, pcap;	/* of doc->tables, of the last table's pairs */
};

static int fail(struct toml_parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct toml_parser *p, const char *fmt, ...)
{
	char what[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return spdx_error_set(p->err, -EINVAL, "%s:%u: %s", p->name, p->line,
			      what);
}

static int at_end(const struct toml_parser *p)
{
	return p->s >= p->end;
}

/* Does the text left start with @lit?  The text is no C string: it
 * ends at p->end, with no NUL after it. */
static int looking_at(const struct toml_parser *p, const char *lit)
{
	size_t n = strlen(lit);

	return (size_t)(p->end - p->s) >= n && !memcmp(p->s, lit, n);
}

static void skip_ws(struct toml_parser *p)
{
	while (!at_end(p) && (*p->s == ' ' || *p->s == '\t'))
		p->s++;
}

/* A line's end: white space, an optional comment, then LF, CRLF or the
 * end of the text. */
static int line_end(struct toml_parser *p)
{
	skip_ws(p);
	if (!at_end(p) && *p->s == '#') {
		while (!at_end(p) && *p->s != '\n') {
			if ((unsigned char)*p->s < 0x20 && *p->s != '\t' &&
			    *p->s != '\r')
				return fail(p, "control character in a comment");
			p->s++;
		}
	}
	if (!at_end(p) && *p->s == '\r' && p->s + 1 < p->end && p->s[1] == '\n')
		p->s++;
	if (at_end(p))
		return 0;
	if (*p->s != '\n')
		return fail(p, "unexpected text after a value");
	p->s++;
	p->line++;
	return 0;
}

static int is_bare(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static int unicode_escape(struct toml_parser *p, int digits, char *out,
			  size_t *n)
{
	unsigned long cp = 0;

	if (p->end - p->s < digits)
		return fail(p, "unfinished \\u escape");
	for (int i = 0; i < digits; i++) {
		char c = *p->s++;
		int v = c >= '0' && c <= '9' ? c - '0' :
			c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (v < 0)
			return fail(p, "bad \\u escape");
		cp = cp << 4 | v;
	}
	if (!cp || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return fail(p, "bad \\u escape");
	*n += utf8_put(out + *n, cp);
	return 0;
}

static int escape(struct toml_parser *p, char *out, size_t *n)
{
	static const char from[] = "btnfr\"\\", to[] = "\b\t\n\f\r\"\\";
	const char *k;
	char c;

	if (at_end(p))
		return fail(p, "unfinished string");
	c = *p->s++;
	if (c == 'u' || c == 'U')
		return unicode_escape(p, c == 'u' ? 4 : 8, out, n);
	k = c ? strchr(from, c) : NULL;
	if (!k)
		return fail(p, "bad escape \\%c in a string", c >= 0x20 ? c : '?');
	out[(*n)++] = to[k - from];
	return 0;
}

/* A basic or literal string at p->s (its opening quote), into *@out. */
static int string(struct toml_parser *p, char **out)
{
	char q = *p->s;
	size_t n = 0;
	char *buf;
	int r = 0;

	if (p->end - p->s >= 3 && p->s[1] == q && p->s[2] == q)
		return fail(p, "unsupported TOML: multi-line string");
	p->s++;
	/* Escapes only shrink, except \uXXXX (6 bytes, at most 3) and
	 * \UXXXXXXXX (10 bytes, 4): the rest of the text is room enough. */
	buf = malloc(p->end - p->s + 1);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		unsigned char c;

		if (at_end(p) || *p->s == '\n') {
			r = fail(p, "unfinished string");
			break;
		}
		c = *p->s++;
		if (c == (unsigned char)q)
			break;
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			r = fail(p, "control character in a string");
			break;
		}
		if (c == '\\' && q == '"') {
			if ((r = escape(p, buf, &n)))
				break;
			continue;
		}
		buf[n++] = c;
	}
	if (r) {
		free(buf);
		return r;
	}
	buf[n] = '\0';
	*out = buf;
	return 0;
}

static int add_str(struct toml_value *v, char *s)
{
	char **a = realloc(v->str, (v->nstr + 1) * sizeof(*a));

	if (!a) {
		free(s);
		return -ENOMEM;
	}
	v->str = a;
	a[v->nstr++] = s;
	return 0;
}

/* Blank lines and comments inside an array. */
static int array_space(struct toml_parser *p)
{
	int r;

	for (;;) {
		skip_ws(p);
		if (at_end(p))
			return fail(p, "unfinished array");
		if (*p->s != '#' && *p->s != '\n' && *p->s != '\r')
			return 0;
		if ((r = line_end(p)))
			return r;
	}
}

static int array(struct toml_parser *p, struct toml_value *v)
{
	char *s;
	int r;

	v->type = TOML_ARRAY;
	p->s++;
	for (;;) {
		if ((r = array_space(p)))
			return r;
		if (*p->s == ']')
			break;
		if (*p->s == '[' || *p->s == '{')
			return fail(p, "unsupported TOML: an array of anything but strings");
		if (*p->s != '"' && *p->s != '\'')
			return fail(p, "unsupported TOML: an array of anything but strings");
		if ((r = string(p, &s)) || (r = add_str(v, s)))
			return r;
		if ((r = array_space(p)))
			return r;
		if (*p->s == ']')
			break;
		if (*p->s != ',')
			return fail(p, "expected ',' or ']' in an array");
		p->s++;
	}
	p->s++;
	return 0;
}

static int integer(struct toml_parser *p, struct toml_value *v)
{
	const char *start = p->s;
	long long num = 0;
	int neg = 0;

	if (*p->s == '+' || *p->s == '-')
		neg = *p->s++ == '-';
	if (at_end(p) || *p->s < '0' || *p->s > '9')
		return fail(p, "unsupported TOML: a value that is no string, array or integer");
	if (*p->s == '0' && p->s + 1 < p->end && p->s[1] >= '0' && p->s[1] <= '9')
		return fail(p, "unsupported TOML: a date, or an integer with a leading zero");
	while (!at_end(p) && ((*p->s >= '0' && *p->s <= '9') || *p->s == '_')) {
		if (*p->s != '_') {
			if (num > (__LONG_LONG_MAX__ - 9) / 10)
				return fail(p, "integer too large");
			num = num * 10 + (*p->s - '0');
		}
		p->s++;
	}
	if (!at_end(p) && (is_bare(*p->s) || *p->s == '.' || *p->s == ':'))
		return fail(p, "unsupported TOML: %s", p->s - start == 4 &&
			    *p->s == '-' ? "a date" : "a float or a date");
	v->type = TOML_INT;
	v->num = neg ? -num : num;
	return 0;
}

static int value(struct toml_parser *p, struct toml_value *v)
{
	char *s;
	int r;

	if (at_end(p) || *p->s == '\n' || *p->s == '\r' || *p->s == '#')
		return fail(p, "a key without a value");
	switch (*p->s) {
	case '"':
	case '\'':
		v->type = TOML_STRING;
		if ((r = string(p, &s)))
			return r;
		return add_str(v, s);
	case '[':
		return array(p, v);
	case '{':
		return fail(p, "unsupported TOML: inline table");
	case 't':
	case 'f':
		return fail(p, "unsupported TOML: boolean");
	}
	if (looking_at(p, "inf") || looking_at(p, "nan") ||
	    looking_at(p, "+inf") || looking_at(p, "-inf") ||
	    looking_at(p, "+nan") || looking_at(p, "-nan"))
		return fail(p, "unsupported TOML: float");
	return integer(p, v);
}

static void value_release(struct toml_value *v)
{
	for (size_t i = 0; i < v->nstr; i++)
		free(v->str[i]);
	free(v->str);
}

static int key(struct toml_parser *p, char **out)
{
	const char *start = p->s;

	if (!at_end(p) && (*p->s == '"' || *p->s == '\''))
		return string(p, out);
	while (!at_end(p) && is_bare(*p->s))
		p->s++;
	if (p->s == start)
		return fail(p, "expected a key, a [[table]] header or a comment");
	*out = strndup(start, p->s - start);
	return *out ? 0 : -ENOMEM;
}

static struct toml_table *cur_table(struct toml_parser *p)
{
	return &p->doc->tables[p->doc->ntables - 1];
}

static int pair(struct toml_parser *p)
{
	struct toml_table *t = cur_table(p);
	struct toml_pair kv = { .line = p->line };
	char q[128];
	void *np = NULL;
	int r;

	if ((r = key(p, &kv.key)))
		return r;
	skip_ws(p);
	if (!at_end(p) && *p->s == '.')
		r = fail(p, "unsupported TOML: dotted key");
	else if (at_end(p) || *p->s != '=')
		r = fail(p, "expected '=' after key %s",
			 quote_path_str(q, sizeof(q), kv.key));
	else if (toml_get(t, kv.key))
		r = fail(p, "key %s given twice",
			 quote_path_str(q, sizeof(q), kv.key));
	if (!r) {
		p->s++;
		skip_ws(p);
		r = value(p, &kv.val);
	}
	if (!r)
		r = line_end(p);
	if (!r && !(np = grow(t->pairs, t->npairs, &p->pcap, sizeof(kv), 8)))
		r = -ENOMEM;
	if (r) {
		free(kv.key);
		value_release(&kv.val);
		return r;
	}
	t->pairs = np;
	t->pairs[t->npairs++] = kv;
	return 0;
}

static int new_table(struct toml_parser *p, char *name)
{
	struct toml_table *np;

	np = grow(p->doc->tables, p->doc->ntables, &p->tcap, sizeof(*np), 8);
	if (!np) {
		free(name);
		return -ENOMEM;
	}
	p->doc->tables = np;
	np[p->doc->ntables++] = (struct toml_table){ .name = name,
						     .line = p->line };
	p->pcap = 0;
	return 0;
}

static int header(struct toml_parser *p)
{
	char *name, q[128];
	int r;

	if (p->end - p->s < 2 || p->s[1] != '[')
		return fail(p, "unsupported TOML: [table] header (only [[array]] ones)");
	p->s += 2;
	skip_ws(p);
	if ((r = key(p, &name)))
		return r;
	skip_ws(p);
	if (p->end - p->s < 2 || p->s[0] != ']' || p->s[1] != ']') {
		free(name);
		return fail(p, !at_end(p) && *p->s == '.' ?
			    "unsupported TOML: dotted table name" :
			    "expected ]] after the table's name");
	}
	for (size_t i = 0; i < p->doc->tables[0].npairs; i++)
		if (!strcmp(p->doc->tables[0].pairs[i].key, name)) {
			free(name);
			return fail(p, "%s is a key and a table",
				    quote_path_str(q, sizeof(q), p->doc->tables[0].pairs[i].key));
		}
	p->s += 2;
	if ((r = new_table(p, name)))
		return r;
	return line_end(p);
}

static int document(struct toml_parser *p)
{
	int r = 0;

	if (memchr(p->s, '\0', p->end - p->s))
		return fail(p, "a NUL byte in the file");
	if (p->end - p->s >= 3 && !memcmp(p->s, "\xef\xbb\xbf", 3))
		p->s += 3;
	while (!r && !at_end(p)) {
		skip_ws(p);
		if (at_end(p))
			break;
		if (*p->s == '#' || *p->s == '\n' || *p->s == '\r')
			r = line_end(p);
		else if (*p->s == '[')
			r = header(p);
		else
			r = pair(p);
	}
	return r;
}

int toml_parse(struct toml_doc **out, const char *text, size_t len,
	       const char *name, struct spdx_error *err)
{
	struct toml_parser p = {
		.s = text, .end = text + len, .line = 1, .name = name,
		.err = err,
	};
	int r;

	*out = NULL;
	p.doc = calloc(1, sizeof(*p.doc));
	if (!p.doc)
		return -ENOMEM;
	r = new_table(&p, NULL);
	if (!r)
		r = document(&p);
	if (r) {
		toml_free(p.doc);
		if (r == -ENOMEM)
			spdx_error_set(err, r, "%s: out of memory", name);
		return r;
	}
	*out = p.doc;
	return 0;
}

void toml_free(struct toml_doc *doc)
{
	if (!doc)
		return;
	for (size_t i = 0; i < doc->ntables; i++) {
		struct toml_table *t = &doc->tables[i];

		for (size_t k = 0; k < t->npairs; k++) {
			free(t->pairs[k].key);
			value_release(&t->pairs[k].val);
		}
		free(t->pairs);
		free(t->name);
	}
	free(doc->tables);
	free(doc);
}

const struct toml_value *toml_get(const struct toml_table *t, const char *key)
{
	for (size_t i = 0; i < t->npairs; i++)
		if (!strcmp(t->pairs[i].key, key))
			return &t->pairs[i].val;
	return NULL;
}
