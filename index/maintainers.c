// SPDX-License-Identifier: GPL-2.0-only
/*
 * maintainers: MAINTAINERS parsed once into entries and precompiled
 * patterns, F: patterns bucketed by the directory their literal start
 * names, so that a path tries only the patterns of its own directories
 * (and the few that start with a wildcard) instead of all seven
 * thousand.
 */
#include <errno.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "util/grow.h"
#include "maintainers.h"
#include "source/source.h"

#define NAME_MAX_LEN	200

/* Characters of an N: pattern that make it a regex rather than a literal. */
#define RE_CHARS	"*?[](){}+|^$\\"

/* Characters that make an F:/X: pattern a glob rather than a literal:
 * get_maintainer.pl's two wildcards, and the sets the tree writes
 * ("altera_edac.[ch]", "da[79]*.h"). */
#define GLOB_CHARS	"*?["

struct pat {
	size_t entry;
	char type;		/* 'F', 'X' or 'N' */
	char *text;		/* the value as written */
	int depth;		/* get_maintainer.pl's value_pd */
	int dir;		/* ends in '/': matches the whole subtree */
	int slashes;		/* '/' count */
	char *glob;		/* F:/X: with a wildcard: the pattern, its
				   '/' added when it names a directory */
	char *lit;		/* the pattern when it is literal, else NULL */
	char *need;		/* N: a regex: text every match contains,
				   or NULL (a quick test before regexec()) */
	size_t litlen;
	regex_t re;		/* otherwise, compiled */
	int has_re;
};

/* F: patterns of one literal directory start ("drivers/net/", or ""). */
struct bucket {
	char *key;
	size_t keylen;
	size_t first, n;	/* into maint.fidx */
};

struct entry_priv {
	struct maint_entry pub;
	char **m, **r, **l;	/* NULL-terminated */
	size_t cm, cr, cl;
	size_t *xs;		/* its X: patterns, into maint.pats */
	size_t nxs, cxs;
};

struct maint {
	struct entry_priv *ent;
	struct maint_entry *pub;	/* copies of ent[].pub, contiguous */
	size_t nent, cent;
	struct pat *pats;
	size_t npats, cpats;
	size_t *fidx;		/* F: patterns sorted by bucket key */
	struct bucket *buckets;	/* sorted by key */
	size_t nbuckets;
	size_t *byname;		/* entries sorted by name */
	size_t *nidx;		/* N: patterns */
	size_t nn;
	struct maint_refusal *refused;	/* patterns left out */
	size_t nrefused, crefused;
	size_t nregex;		/* N: patterns kept */
};

static int count_slashes(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

static void pat_release(struct pat *p)
{
	free(p->text);
	free(p->glob);
	free(p->lit);
	free(p->need);
	if (p->has_re)
		regfree(&p->re);
}

static void entry_release(struct entry_priv *e)
{
	for (size_t i = 0; e->m && e->m[i]; i++)
		free(e->m[i]);
	for (size_t i = 0; e->r && e->r[i]; i++)
		free(e->r[i]);
	for (size_t i = 0; e->l && e->l[i]; i++)
		free(e->l[i]);
	free(e->m);
	free(e->r);
	free(e->l);
	free(e->xs);
	free((char *)e->pub.title);
	free((char *)e->pub.name);
	free((char *)e->pub.status);
}

void maint_free(struct maint *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nent; i++)
		entry_release(&m->ent[i]);
	for (size_t i = 0; i < m->npats; i++)
		pat_release(&m->pats[i]);
	for (size_t i = 0; i < m->nbuckets; i++)
		free(m->buckets[i].key);
	free(m->ent);
	free(m->pub);
	free(m->pats);
	free(m->fidx);
	free(m->buckets);
	free(m->nidx);
	free(m->byname);
	free(m->refused);
	free(m);
}

/* Append @s (@len bytes) to the NULL-terminated list *@list. */
static int list_add(char ***list, size_t *n, size_t *cap, const char *s,
		    size_t len)
{
	char **p = grow(*list, *n + 1, cap, sizeof(**list), 4);
	char *copy;

	if (!p)
		return -ENOMEM;
	*list = p;	/* moved: keep it before anything else can fail */
	p[*n] = NULL;	/* still a list if the copy fails */
	copy = strndup(s, len);
	if (!copy)
		return -ENOMEM;
	p[(*n)++] = copy;
	p[*n] = NULL;
	return 0;
}

/* Where the set "[...]" at @p ends (past its ']'), or NULL when it does
 * not: a '^' first negates it, a ']' first is a member, "a-z" a range. */
static const char *set_end(const char *p)
{
	p += 1 + (p[1] == '^');
	if (!*p)
		return NULL;
	do {
		if (p[1] == '-' && p[2] && p[2] != ']')
			p += 2;
		p++;
	} while (*p && *p != ']');
	return *p ? p + 1 : NULL;
}

/* Is @c in the set at @p (which set_end() accepted)?  *@end is past it. */
static int set_has(const char *p, unsigned char c, const char **end)
{
	int neg = p[1] == '^', in = 0;

	p += 1 + neg;
	do {
		unsigned char lo = *p, hi = lo;

		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 2;
		}
		in |= c >= lo && c <= hi;
		p++;
	} while (*p != ']');
	*end = p + 1;
	return in != neg;
}

/*
 * Does glob @g match the start of @s?  As get_maintainer.pl's regex
 * (m@^$pattern@ with '*' made ".*" and '?' "."): '*' any run of
 * characters, '/' too, '?' any one, neither a newline; "[...]" a set.
 * One '*' to go back to is enough, the last one: a later '*' can take
 * whatever an earlier one would have.  So the cost is at most the
 * lengths of @g and @s multiplied, never exponential.
 */
static int glob_prefix(const char *g, const char *s)
{
	const char *star = NULL, *from = NULL, *next;

	for (;;) {
		if (!*g)
			return 1;
		if (*g == '*') {
			star = ++g;
			from = s;
			continue;
		}
		if (*s && (*g == '?' ? *s != '\n' :
			   *g == '[' ? set_has(g, *s, &next) : *s == *g)) {
			g = *g == '[' ? next : g + 1;
			s++;
			continue;
		}
		if (!star || !*from || *from == '\n')
			return 0;
		g = star;
		s = ++from;
	}
}

/*
 * The F:/X: pattern @v as get_maintainer.pl reads it: anchored at the
 * start, '*' and '?' wildcards, "[...]" a set, every other character
 * itself.  get_maintainer.pl hands the rest of regex syntax to Perl, but
 * the tree writes none of it and MAINTAINERS documents none: "+", "{",
 * "(" and "|" are literal here, so no pattern costs more than
 * glob_prefix() says.  A literal pattern is kept as text.  -EINVAL with
 * *@why set for a pattern refused.
 */
static int pat_compile_file(struct pat *p, const char *v, int is_dir,
			    const char **why)
{
	size_t len = strlen(v);
	int add_slash;

	if (len > MAINT_PATTERN_MAX) {
		*why = "longer than " MAINT_PATTERN_MAX_TEXT " bytes";
		return -EINVAL;
	}
	for (const char *q = strchr(v, '['); q; q = strchr(q, '[')) {
		if (!(q = set_end(q))) {
			*why = "a '[' without its ']'";
			return -EINVAL;
		}
	}
	p->dir = len && v[len - 1] == '/';
	add_slash = !p->dir && is_dir;
	p->dir |= is_dir;
	p->slashes = count_slashes(v) + add_slash;
	p->depth = v[0] == '*' ? -1 : p->slashes + !p->dir;
	p->glob = malloc(len + 2);
	if (!p->glob)
		return -ENOMEM;
	memcpy(p->glob, v, len + 1);
	if (add_slash)
		strcpy(p->glob + len, "/");
	if (!strpbrk(v, GLOB_CHARS)) {
		p->lit = p->glob;
		p->glob = NULL;
		p->litlen = strlen(p->lit);
	}
	return 0;
}

/* Skip the bracket expression at @re[i] ('['): the index of its ']', or
 * of the NUL when it has none (regcomp() will say so). */
static size_t skip_bracket(const char *re, size_t i)
{
	i++;
	i += re[i] == '^';
	i += re[i] == ']';
	while (re[i] && re[i] != ']') {
		if (re[i] == '[' && re[i + 1] && strchr(":.=", re[i + 1])) {
			char d = re[i + 1];

			for (i += 2; re[i] && !(re[i] == d && re[i + 1] == ']'); i++)
				;
			i += !!re[i];
		}
		i += !!re[i];
	}
	return i;
}

/*
 * Why N: regex @re is refused, or NULL.  glibc's regcomp() copies a
 * group for each repetition it carries, so repeated groups nested
 * deeply grow exponentially (20 deep "((a)+)+": 850 MB, 5 s), and its
 * back-references match in exponential time.  The tree's N: lines are
 * short words with a set or a '?' or '*' at most; these bounds leave
 * them far behind.
 */
static const char *regex_refusal(const char *re)
{
	size_t len = strlen(re), reps = 0;
	int depth = 0;

	if (len > MAINT_PATTERN_MAX)
		return "longer than " MAINT_PATTERN_MAX_TEXT " bytes";
	for (size_t i = 0; i < len; i++) {
		unsigned long lo, hi;
		char *e;

		switch (re[i]) {
		case '\\':
			if (re[i + 1] >= '1' && re[i + 1] <= '9')
				return "a back-reference";
			i += !!re[i + 1];
			break;
		case '[':
			i = skip_bracket(re, i);
			if (!re[i])
				return NULL;
			break;
		case '(':
			if (++depth > MAINT_REGEX_DEPTH)
				return "groups nested more than "
				       MAINT_REGEX_DEPTH_TEXT " deep";
			break;
		case ')':
			depth -= depth > 0;
			break;
		case '{':
			if (re[i + 1] < '0' || re[i + 1] > '9')
				break;
			if (i && re[i - 1] == ')')
				return "a group repeated by count";
			lo = hi = strtoul(re + i + 1, &e, 10);
			if (*e == ',')
				hi = e[1] >= '0' && e[1] <= '9' ?
				     strtoul(e + 1, NULL, 10) : 0;
			if (lo > MAINT_REGEX_REPS || hi > MAINT_REGEX_REPS)
				return "a repetition count over "
				       MAINT_REGEX_REPS_TEXT;
			/* fall through */
		case '*': case '+': case '?':
			if (++reps > MAINT_REGEX_REPS)
				return "more than " MAINT_REGEX_REPS_TEXT
				       " repetitions";
			break;
		}
	}
	return NULL;
}

/*
 * The longest run of literal characters every match of extended regex
 * @re holds, or NULL (none of two characters or more, or a regex this
 * reading does not follow: alternatives, groups, escapes).  A character
 * a '?', '*' or '{' follows is optional, so it ends a run unread.
 */
static char *required_text(const char *re)
{
	size_t best = 0, bestat = 0, run = 0, at = 0;

	if (strpbrk(re, "|()\\"))
		return NULL;
	for (size_t i = 0; re[i]; i++) {
		char c = re[i];

		if (c == '[') {
			i += re[i + 1] == '^';
			i += re[i + 1] == ']';
			while (re[i + 1] && re[i + 1] != ']')
				i++;
			i += !!re[i + 1];
			run = 0;
		} else if (c == '?' || c == '*' || c == '{') {
			if (run)
				run--;	/* the one before was optional */
			if (run > best)
				best = run, bestat = at;
			run = 0;
			if (c == '{')
				while (re[i + 1] && re[i] != '}')
					i++;
			continue;
		} else if (strchr(".^$+", c)) {
			run = 0;
		} else {
			if (!run)
				at = i;
			run++;
			/* a quantifier may follow: judged there */
			if (re[i + 1] && strchr("?*{", re[i + 1]))
				continue;
		}
		if (run > best)
			best = run, bestat = at;
	}
	return best >= 2 ? strndup(re + bestat, best) : NULL;
}

/* An N: regex: Perl's /x drops unescaped white space.  -EINVAL with
 * *@why set for one refused. */
static int pat_compile_regex(struct pat *p, const char *v, const char **why)
{
	size_t len = strlen(v);
	char *re = malloc(len + 1), *o = re;
	int ret;

	if (!re)
		return -ENOMEM;
	for (const char *s = v; *s; s++) {
		if (*s == '\\' && s[1]) {
			*o++ = *s++;
			*o++ = *s;
		} else if (*s != ' ' && *s != '\t') {
			*o++ = *s;
		}
	}
	*o = '\0';
	if (!strpbrk(re, RE_CHARS ".")) {
		p->lit = re;
		p->litlen = strlen(re);
		return 0;
	}
	*why = regex_refusal(re);
	if (*why) {
		free(re);
		return -EINVAL;
	}
	ret = regcomp(&p->re, re, REG_EXTENDED | REG_NOSUB);
	if (ret) {
		free(re);
		*why = "does not compile";
		return ret == REG_ESPACE ? -ENOMEM : -EINVAL;
	}
	p->has_re = 1;
	p->need = required_text(re);
	free(re);
	return 0;
}

/* Does F:/X: pattern @p match @path (with @slashes '/')? */
static int pat_match_file(const struct pat *p, const char *path, int slashes)
{
	if (!p->dir && slashes != p->slashes)
		return 0;
	if (p->lit)
		return !strncmp(path, p->lit, p->litlen);
	return glob_prefix(p->glob, path);
}

static int pat_match_regex(const struct pat *p, const char *path)
{
	if (p->lit)
		return strstr(path, p->lit) != NULL;
	if (p->need && !strstr(path, p->need))
		return 0;
	return !regexec(&p->re, path, 0, NULL, 0);
}

/* The entry's file name from its title, unique among the names so far. */
static int entry_name(struct maint *m, struct entry_priv *e)
{
	char buf[NAME_MAX_LEN + 16];
	size_t n = 0, base;
	int gap = 0;

	for (const char *s = e->pub.title; *s && n < NAME_MAX_LEN; s++) {
		int keep = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			   (*s >= '0' && *s <= '9') || *s == '_' ||
			   (n && (*s == '.' || *s == '-' || *s == '+'));

		if (!keep) {
			gap = 1;
			continue;
		}
		if (gap && n)
			buf[n++] = '_';
		gap = 0;
		buf[n++] = *s;
	}
	if (!n)
		n = (size_t)snprintf(buf, sizeof(buf), "entry");
	buf[n] = '\0';
	base = n;
	for (int k = 2; maint_find_name(m, buf) >= 0; k++)
		snprintf(buf + base, sizeof(buf) - base, "-%d", k);
	e->pub.name = strdup(buf);
	return e->pub.name ? 0 : -ENOMEM;
}

static struct entry_priv *entry_new(struct maint *m, const char *title,
				    size_t len, unsigned line)
{
	struct entry_priv *p = grow(m->ent, m->nent, &m->cent, sizeof(*m->ent), 256);

	if (!p)
		return NULL;
	m->ent = p;
	p = &m->ent[m->nent];
	memset(p, 0, sizeof(*p));
	p->pub.title = strndup(title, len);
	p->pub.line = line;
	p->pub.status = strdup("");
	if (!p->pub.title || !p->pub.status) {
		entry_release(p);
		return NULL;
	}
	m->nent++;
	return p;
}

struct parse_ctx {
	struct maint *m;
	maint_is_dir_fn is_dir;
	void *arg;
};

/* Pattern @type of line @line is left out, for @why. */
static int refuse(struct maint *m, unsigned line, char type, const char *why)
{
	struct maint_refusal *r = grow(m->refused, m->nrefused, &m->crefused,
				       sizeof(*r), 8);

	if (!r)
		return -ENOMEM;
	m->refused = r;
	r[m->nrefused++] = (struct maint_refusal){ line, type, why };
	return 0;
}

/* One "T:\tvalue" field of entry @e, on line @line. */
static int add_field(struct parse_ctx *c, struct entry_priv *e, char type,
		     const char *v, size_t len, unsigned line)
{
	struct maint *m = c->m;
	struct pat *p;
	char *val;
	const char *why = NULL;
	size_t ei = e - m->ent;
	int ret = 0;

	switch (type) {
	case 'M':
		return list_add(&e->m, &e->pub.nm, &e->cm, v, len);
	case 'R':
		return list_add(&e->r, &e->pub.nr, &e->cr, v, len);
	case 'L': {
		size_t k = 0;

		while (k < len && v[k] != ' ' && v[k] != '\t')
			k++;
		return list_add(&e->l, &e->pub.nl, &e->cl, v, k);
	}
	case 'S':
		val = strndup(v, len);
		if (!val)
			return -ENOMEM;
		free((char *)e->pub.status);
		e->pub.status = val;
		return 0;
	case 'F': case 'X': case 'N':
		break;
	default:
		return 0;
	}
	p = grow(m->pats, m->npats, &m->cpats, sizeof(*m->pats), 1024);
	if (!p)
		return -ENOMEM;
	m->pats = p;
	val = strndup(v, len);
	if (!val)
		return -ENOMEM;
	p = &m->pats[m->npats];
	memset(p, 0, sizeof(*p));
	p->entry = ei;
	p->type = type;
	p->text = val;
	if (type == 'N' && m->nregex == MAINT_REGEX_COUNT) {
		why = "more than " MAINT_REGEX_COUNT_TEXT " N: lines";
		ret = -EINVAL;
	} else if (type == 'N') {
		p->depth = 0;
		ret = pat_compile_regex(p, val, &why);
		m->nregex += !ret;
	} else {
		/* get_maintainer.pl's "-d": only a pattern with no '.', '*'
		 * or '?' can name a directory once converted */
		int is_dir = c->is_dir && len && val[len - 1] != '/' &&
			     !strpbrk(val, ".*?") && c->is_dir(val, c->arg) > 0;

		ret = pat_compile_file(p, val, is_dir, &why);
	}
	if (ret == -EINVAL) {
		pat_release(p);
		return refuse(m, line, type, why);
	}
	if (ret) {
		pat_release(p);
		return ret;
	}
	m->npats++;
	if (type == 'X') {
		size_t *x = grow(e->xs, e->nxs, &e->cxs, sizeof(*e->xs), 4);

		if (!x)
			return -ENOMEM;
		e->xs = x;
		e->xs[e->nxs++] = p - m->pats;
	} else {
		e->pub.nfiles++;
	}
	return 0;
}


/* Where the text of line @s ends, without its CR. */
static size_t line_len(const char *s, const char *end)
{
	const char *nl = memchr(s, '\n', end - s);
	size_t n = (nl ? nl : end) - s;

	if (n && s[n - 1] == '\r')
		n--;
	return n;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

/* The fields and entries of @buf into c->m. */
static int parse_lines(struct parse_ctx *c, const char *buf, size_t len,
		       struct spdx_error *err)
{
	const char *s = buf, *end = buf + len, *title = NULL;
	struct entry_priv *cur = NULL;
	size_t tlen = 0;
	unsigned line = 0, tline = 0;
	int ret;

	for (; s < end; s += line_len(s, end), s += s < end) {
		size_t n = line_len(s, end), k;

		line++;
		if (n >= 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == ':') {
			if (!cur && !title)
				continue;	/* no entry to hold it */
			if (!cur) {
				cur = entry_new(c->m, title, tlen, tline);
				if (!cur)
					goto nomem;
				title = NULL;
			}
			for (k = 2; k < n && is_space(s[k]); k++)
				;
			ret = add_field(c, cur, s[0], s + k, n - k, line);
			if (ret)
				goto nomem;
			continue;
		}
		for (k = 0; k < n && is_space(s[k]); k++)
			;
		if (k == n || s[k] == '#')
			continue;	/* skipped: neither ends nor splits */
		title = s;
		tlen = n;
		tline = line;
		cur = NULL;
	}
	return 0;
nomem:
	return spdx_error_set(err, -ENOMEM, "%s: out of memory", MAINT_FILE);
}

struct keyed {
	const char *key;
	size_t len;
	size_t pat;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->key, y->key, n);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->pat < y->pat ? -1 : x->pat > y->pat;
}

/* The directory an F: pattern's literal start names: every path it
 * matches starts with it. */
static size_t pat_key_len(const struct pat *p)
{
	size_t n = strcspn(p->text, GLOB_CHARS);

	while (n && p->text[n - 1] != '/')
		n--;
	return n;
}

/* Bucket the F: patterns by key and list the N: ones. */
static int build_buckets(struct maint *m)
{
	struct keyed *k = alloc_array(m->npats, sizeof(*k));
	size_t nk = 0;

	m->fidx = alloc_array(m->npats, sizeof(*m->fidx));
	m->nidx = alloc_array(m->npats, sizeof(*m->nidx));
	m->buckets = alloc_array(m->npats, sizeof(*m->buckets));
	if (!k || !m->fidx || !m->nidx || !m->buckets) {
		free(k);
		return -ENOMEM;
	}
	for (size_t i = 0; i < m->npats; i++) {
		const struct pat *p = &m->pats[i];

		if (p->type == 'N')
			m->nidx[m->nn++] = i;
		else if (p->type == 'F')
			k[nk++] = (struct keyed){ p->text, pat_key_len(p), i };
	}
	if (nk)
		qsort(k, nk, sizeof(*k), cmp_keyed);
	for (size_t i = 0; i < nk; i++) {
		struct bucket *b = m->nbuckets ? &m->buckets[m->nbuckets - 1] : NULL;

		m->fidx[i] = k[i].pat;
		if (b && b->keylen == k[i].len && !memcmp(b->key, k[i].key, k[i].len)) {
			b->n++;
			continue;
		}
		b = &m->buckets[m->nbuckets];
		b->key = strndup(k[i].key, k[i].len);
		if (!b->key) {
			free(k);
			return -ENOMEM;
		}
		b->keylen = k[i].len;
		b->first = i;
		b->n = 1;
		m->nbuckets++;
	}
	free(k);
	return 0;
}

static const char *const no_values[] = { NULL };

static int cmp_name(const void *a, const void *b, void *arg)
{
	const struct maint *m = arg;

	return strcmp(m->pub[*(const size_t *)a].name,
		      m->pub[*(const size_t *)b].name);
}

/* Names, the public array, the by-name index. */
static int finish_entries(struct maint *m)
{
	for (size_t i = 0; i < m->nent; i++)
		if (entry_name(m, &m->ent[i]))
			return -ENOMEM;
	m->pub = alloc_array(m->nent, sizeof(*m->pub));
	m->byname = alloc_array(m->nent, sizeof(*m->byname));
	if (!m->pub || !m->byname)
		return -ENOMEM;
	for (size_t i = 0; i < m->nent; i++) {
		struct entry_priv *e = &m->ent[i];

		m->pub[i] = e->pub;
		m->pub[i].m = e->m ? (const char *const *)e->m : no_values;
		m->pub[i].r = e->r ? (const char *const *)e->r : no_values;
		m->pub[i].l = e->l ? (const char *const *)e->l : no_values;
		m->byname[i] = i;
	}
	if (m->nent)
		qsort_r(m->byname, m->nent, sizeof(*m->byname), cmp_name, m);
	return 0;
}

int maint_parse(struct maint **out, const char *buf, size_t len,
		maint_is_dir_fn is_dir, void *arg, struct spdx_error *err)
{
	struct parse_ctx c = { .is_dir = is_dir, .arg = arg };
	int ret;

	*out = NULL;
	if (memchr(buf, '\0', len))
		return spdx_error_set(err, -EINVAL, "%s: a NUL byte: not a text file",
				      MAINT_FILE);
	c.m = calloc(1, sizeof(*c.m));
	if (!c.m)
		return spdx_error_set(err, -ENOMEM, "%s: out of memory", MAINT_FILE);
	ret = parse_lines(&c, buf, len, err);
	if (ret)
		goto out_free;
	if (build_buckets(c.m) || finish_entries(c.m)) {
		ret = spdx_error_set(err, -ENOMEM, "%s: out of memory", MAINT_FILE);
		goto out_free;
	}
	*out = c.m;
	return 0;
out_free:
	maint_free(c.m);
	return ret;
}

static int source_is_dir(const char *path, void *arg)
{
	struct source *src = arg;
	struct src_entry ent;

	return !src->ops->stat(src, path, &ent) && ent.kind == SRC_DIR;
}

int maint_load(struct maint **out, struct source *src, struct spdx_error *err)
{
	char *buf = NULL;
	size_t len;
	int ret = source_read_all(src, MAINT_FILE, MAINT_MAX_SIZE, &buf, &len);

	*out = NULL;
	if (ret)
		return spdx_error_errno(err, ret, "%s/%s", src->root, MAINT_FILE);
	ret = maint_parse(out, buf, len, source_is_dir, src, err);
	free(buf);
	return ret;
}

const struct maint_entry *maint_entries(const struct maint *m, size_t *n)
{
	*n = m->nent;
	return m->pub;
}

const struct maint_refusal *maint_refused(const struct maint *m, size_t *n)
{
	*n = m->nrefused;
	return m->refused;
}

long maint_find_name(const struct maint *m, const char *name)
{
	size_t lo = 0, hi = m->nent;

	if (!m->byname) {
		/* while parsing: the names given so far */
		for (size_t i = 0; i < m->nent; i++)
			if (m->ent[i].pub.name && !strcmp(m->ent[i].pub.name, name))
				return i;
		return -ENOENT;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(name, m->pub[m->byname[mid]].name);

		if (!c)
			return m->byname[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -ENOENT;
}

/* A pattern that matched: its entry, and which line of it. */
struct cand {
	size_t entry, pat;
	int depth;
};

struct cands {
	struct cand *v;
	size_t n, cap;
	struct cand local[32];
};

static int cands_add(struct cands *c, const struct pat *p, size_t pat)
{
	if (c->n == c->cap) {
		size_t ncap = c->cap * 2;
		struct cand *v = alloc_array(ncap, sizeof(*v));

		if (!v)
			return -ENOMEM;
		memcpy(v, c->v, c->n * sizeof(*v));
		if (c->v != c->local)
			free(c->v);
		c->v = v;
		c->cap = ncap;
	}
	c->v[c->n++] = (struct cand){ p->entry, pat, p->depth };
	return 0;
}

static const struct bucket *find_bucket(const struct maint *m, const char *key,
					size_t len)
{
	size_t lo = 0, hi = m->nbuckets;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct bucket *b = &m->buckets[mid];
		size_t n = b->keylen < len ? b->keylen : len;
		int c = memcmp(key, b->key, n);

		if (!c && b->keylen != len)
			c = len < b->keylen ? -1 : 1;
		if (!c)
			return b;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* Every F: and N: line matching @path, from the buckets of its
 * directories and the N: list. */
static int collect(const struct maint *m, const char *path, struct cands *c)
{
	int slashes = count_slashes(path);
	size_t len = strlen(path);

	for (size_t k = 0; k <= len; k++) {
		const struct bucket *b;

		if (k && path[k - 1] != '/')
			continue;
		b = find_bucket(m, path, k);
		for (size_t i = 0; b && i < b->n; i++) {
			size_t pi = m->fidx[b->first + i];

			if (pat_match_file(&m->pats[pi], path, slashes) &&
			    cands_add(c, &m->pats[pi], pi))
				return -ENOMEM;
		}
	}
	for (size_t i = 0; i < m->nn; i++) {
		size_t pi = m->nidx[i];

		if (pat_match_regex(&m->pats[pi], path) &&
		    cands_add(c, &m->pats[pi], pi))
			return -ENOMEM;
	}
	return 0;
}

static int excluded(const struct maint *m, size_t entry, const char *path)
{
	const struct entry_priv *e = &m->ent[entry];
	int slashes = count_slashes(path);

	for (size_t i = 0; i < e->nxs; i++)
		if (pat_match_file(&m->pats[e->xs[i]], path, slashes))
			return 1;
	return 0;
}

static int cmp_cand_entry(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->entry != y->entry)
		return x->entry < y->entry ? -1 : 1;
	return x->pat < y->pat ? -1 : x->pat > y->pat;
}

static int cmp_cand_depth(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth > y->depth ? -1 : 1;
	return x->entry < y->entry ? -1 : x->entry > y->entry;
}

int maint_match(const struct maint *m, const char *path,
		struct maint_hit *hits, size_t max)
{
	struct cands c = { .n = 0, .cap = 32 };
	size_t n = 0;
	int ret;

	c.v = c.local;
	ret = collect(m, path, &c);
	if (ret)
		goto out;
	qsort(c.v, c.n, sizeof(*c.v), cmp_cand_entry);
	/* per entry, its last matching line decides; X: removes it */
	for (size_t i = 0; i < c.n; i++) {
		if (i + 1 < c.n && c.v[i + 1].entry == c.v[i].entry)
			continue;
		if (!excluded(m, c.v[i].entry, path))
			c.v[n++] = c.v[i];
	}
	qsort(c.v, n, sizeof(*c.v), cmp_cand_depth);
	for (size_t i = 0; i < n && i < max; i++)
		hits[i] = (struct maint_hit){ c.v[i].entry, c.v[i].depth };
	ret = n > INT32_MAX ? INT32_MAX : (int)n;
out:
	if (c.v != c.local)
		free(c.v);
	return ret;
}

long maint_first(const struct maint *m, const char *path)
{
	struct maint_hit h;
	int n = maint_match(m, path, &h, 1);

	if (n < 0)
		return n;
	return n ? (long)h.entry : -ENOENT;
}
