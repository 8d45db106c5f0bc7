// SPDX-License-Identifier: GPL-2.0-only
/*
 * exclude: scripts/spdxexclude, matched the way scripts/spdxcheck.py
 * matches it (see exclude.h).
 */
#include <errno.h>
#include <stdint.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "source/exclude.h"
#include "source/source.h"

enum rule_kind { RULE_DOT, RULE_DIR, RULE_PATH, RULE_NAME };

struct rule {
	enum rule_kind kind;
	char *pattern;
	size_t len;
	size_t prefix;		/* bytes before the first wildcard */
	int literal;		/* no wildcard: compare, not fnmatch() */
	int star_only;		/* '*' the only wildcard: star_match() */
};

struct exclude {
	struct rule *rules;
	size_t nrules;
};

static int add_rule(struct exclude *ex, const char *line, size_t n)
{
	struct rule *r, *rules;

	rules = realloc(ex->rules, (ex->nrules + 1) * sizeof(*rules));
	if (!rules)
		return -ENOMEM;
	ex->rules = rules;
	r = &rules[ex->nrules];
	if (n == 2 && !memcmp(line, ".*", 2)) {
		r->kind = RULE_DOT;
	} else if (line[n - 1] == '/') {
		r->kind = RULE_DIR;
		n--;
	} else if (line[0] == '/') {
		r->kind = RULE_PATH;
		line++;
		n--;
	} else {
		r->kind = RULE_NAME;
	}
	r->pattern = strndup(line, n);
	if (!r->pattern)
		return -ENOMEM;
	r->len = n;
	r->prefix = strcspn(r->pattern, "*?[\\");
	r->literal = r->prefix == n;
	r->star_only = !strpbrk(r->pattern, "?[\\");
	ex->nrules++;
	return 0;
}

int exclude_parse(struct exclude **out, const char *text, size_t len)
{
	struct exclude *ex = calloc(1, sizeof(*ex));
	const char *p = text, *end = text + len;

	if (!ex)
		return -ENOMEM;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *e = nl ? nl : end;
		const char *s = p;

		p = nl ? nl + 1 : end;
		while (s < e && (*s == ' ' || *s == '\t'))
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (s == e || *s == '#')
			continue;
		if (add_rule(ex, s, e - s)) {
			exclude_free(ex);
			return -ENOMEM;
		}
	}
	*out = ex;
	return 0;
}

int exclude_load(struct exclude **out, struct source *src)
{
	char *text;
	size_t len;
	int ret;

	ret = source_read_all(src, "scripts/spdxexclude", 1 << 20, &text, &len);
	if (ret == -ENOENT || ret == -ENOTDIR)	/* the license texts are no source */
		return exclude_parse(out, EXCLUDE_DEFAULT, strlen(EXCLUDE_DEFAULT));
	if (ret)
		return ret;
	ret = exclude_parse(out, text, len);
	free(text);
	return ret;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/*
 * fnmatch(@pat, the @len bytes at @s, 0) for a pattern whose only
 * wildcard is '*' (which, without FNM_PATHNAME, also matches '/'): the
 * usual greedy match that backtracks to the last star.
 */
static int star_match(const char *pat, const char *s, size_t len)
{
	const char *star = NULL, *end = s + len, *resume = NULL;

	while (s < end) {
		if (*pat == '*') {
			star = ++pat;
			resume = s;
		} else if (*pat && *pat == *s) {
			pat++;
			s++;
		} else if (star) {
			pat = star;
			s = ++resume;
		} else {
			return 0;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

/* Does @r's glob match the @len bytes at @s, as fnmatch() would? */
static int glob_match(const struct rule *r, const char *s, size_t len)
{
	char buf[4096];

	if (r->star_only)
		return star_match(r->pattern, s, len);
	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return !fnmatch(r->pattern, buf, 0);
}

static int match_dir(const struct rule *r, const char *path, const char *base)
{
	/* Most rules fail at the first byte: no call for those. */
	if (r->prefix && path[0] != r->pattern[0])
		return 0;
	/* A literal directory equal to the file's is also its prefix; a
	 * pattern matches only paths that start as it does. */
	if (r->literal || strncmp(path, r->pattern, r->prefix))
		return !strncmp(path, r->pattern, r->len);
	if (glob_match(r, path, base > path ? (size_t)(base - 1 - path) : 0))
		return 1;
	return !strncmp(path, r->pattern, r->len);
}

/* Does rule @r match @path, whose base name is at @base? */
static int rule_match(const struct rule *r, const char *path, const char *base)
{
	switch (r->kind) {
	case RULE_DOT:
		return base[0] == '.';
	case RULE_DIR:
		return match_dir(r, path, base);
	case RULE_PATH:
		if (r->prefix && path[0] != r->pattern[0])
			return 0;
		return r->literal ? !strcmp(path, r->pattern)
				  : glob_match(r, path, strlen(path));
	case RULE_NAME:
		return base[0] == r->pattern[0] && !strcmp(base, r->pattern);
	}
	return 0;
}

int exclude_match(const struct exclude *ex, const char *path)
{
	const char *base = base_name(path);

	for (size_t i = 0; i < ex->nrules; i++)
		if (rule_match(&ex->rules[i], path, base))
			return 1;
	return 0;
}

enum { NEVER, ALWAYS, DEPENDS };

/*
 * Whether the first @m bytes of a file's path equal those of @pat, for
 * every file of directory @dir (@len bytes; "" the root), for none, or
 * depending on the file's name: its path is "dir/name".
 */
static int prefix_state(const char *dir, size_t len, const char *pat, size_t m)
{
	if (!m)
		return ALWAYS;
	if (!len)
		return DEPENDS;
	if (m <= len)
		return strncmp(dir, pat, m) ? NEVER : ALWAYS;
	if (strncmp(dir, pat, len) || pat[len] != '/')
		return NEVER;
	return m == len + 1 ? ALWAYS : DEPENDS;
}

/* Rule @r for the files of directory @dir: NEVER, ALWAYS or DEPENDS. */
static int rule_for_dir(const struct rule *r, const char *dir, size_t len)
{
	int whole, gate, glob;

	switch (r->kind) {
	case RULE_DIR:
		/* match_dir(): "path starts with pattern", or the gate of
		 * the literal prefix and the glob on the directory. */
		whole = prefix_state(dir, len, r->pattern, r->len);
		if (whole == ALWAYS)
			return ALWAYS;
		gate = r->literal ? NEVER :
		       prefix_state(dir, len, r->pattern, r->prefix);
		glob = gate != NEVER && glob_match(r, dir, len);
		if (glob && gate == ALWAYS)
			return ALWAYS;
		return !glob && whole == NEVER ? NEVER : DEPENDS;
	case RULE_PATH:
		/* A literal path is a file of this directory only if it
		 * starts with "dir/"; a glob needs its literal prefix. */
		if (r->literal)
			return len && (r->len <= len + 1 ||
				       prefix_state(dir, len, r->pattern,
						    len + 1) == NEVER) ?
			       NEVER : DEPENDS;
		return prefix_state(dir, len, r->pattern, r->prefix) == NEVER ?
		       NEVER : DEPENDS;
	default:
		return DEPENDS;		/* the name decides */
	}
}

void exclude_dir_init(const struct exclude *ex, const char *dir, size_t len,
		      struct exclude_dir *xd)
{
	memset(xd, 0, sizeof(*xd));
	if (ex->nrules > 64) {
		xd->every_rule = 1;
		return;
	}
	for (size_t i = 0; i < ex->nrules; i++) {
		int st = rule_for_dir(&ex->rules[i], dir, len);

		if (st == ALWAYS)
			xd->all = 1;
		else if (st == DEPENDS)
			xd->maybe |= 1ull << i;
	}
}

int exclude_dir_match(const struct exclude *ex, const struct exclude_dir *xd,
		      const char *path, const char *name)
{
	if (xd->all)
		return 1;
	if (xd->every_rule)
		return exclude_match(ex, path);
	for (uint64_t m = xd->maybe; m; m &= m - 1)
		if (rule_match(&ex->rules[__builtin_ctzll(m)], path, name))
			return 1;
	return 0;
}

void exclude_free(struct exclude *ex)
{
	if (!ex)
		return;
	for (size_t i = 0; i < ex->nrules; i++)
		free(ex->rules[i].pattern);
	free(ex->rules);
	free(ex);
}
