// SPDX-License-Identifier: GPL-2.0-only
/*
 * tag_split: a plan cut into one series per MAINTAINERS entry, each a
 * struct tag_plan of its own so that tag.c writes it as it writes the
 * whole.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "maintainers.h"
#include "series/tag_split.h"

struct owned {
	long entry;
	size_t item;
};

static int cmp_owned(const void *a, const void *b)
{
	const struct owned *x = a, *y = b;
	/* no entry (-1) last */
	unsigned long ex = (unsigned long)x->entry, ey = (unsigned long)y->entry;

	if (ex != ey)
		return ex < ey ? -1 : 1;
	return x->item < y->item ? -1 : x->item > y->item;
}

/* The deepest directory holding all of @p's items, without its '/'. */
static char *common_dir(const struct tag_plan *p)
{
	const char *first = p->items[0].path;
	size_t len = strlen(first);

	for (size_t i = 1; i < p->nitems; i++) {
		const char *q = p->items[i].path;
		size_t k = 0;

		while (k < len && first[k] == q[k])
			k++;
		len = k;
	}
	while (len && first[len - 1] != '/')
		len--;
	return strndup(first, len ? len - 1 : 0);
}

/* @a and @b's values joined as git format-patch folds a header. */
static char *join(const char *const *a, const char *const *b)
{
	size_t len = 1;
	char *s, *o;

	for (const char *const *v = a; v && *v; v++)
		len += strlen(*v) + 6;
	for (const char *const *v = b; v && *v; v++)
		len += strlen(*v) + 6;
	s = o = malloc(len);
	if (!s)
		return NULL;
	*o = '\0';
	for (const char *const *v = a; v && *v; v++)
		o += sprintf(o, "%s%s", o == s ? "" : ",\n    ", *v);
	for (const char *const *v = b; v && *v; v++)
		o += sprintf(o, "%s%s", o == s ? "" : ",\n    ", *v);
	return s;
}

static int series_headers(struct tag_series *s, const struct maint *m,
			  char *const *prefixes)
{
	size_t n;
	const struct maint_entry *e = maint_entries(m, &n);

	if (s->entry < 0) {
		s->to = strdup("");
		s->cc = strdup("");
	} else if (e[s->entry].nm) {
		s->to = join(e[s->entry].m, NULL);
		s->cc = join(e[s->entry].r, e[s->entry].l);
	} else {
		s->to = join(e[s->entry].l, NULL);
		s->cc = join(e[s->entry].r, NULL);
	}
	if (s->entry >= 0 && prefixes && prefixes[s->entry])
		s->prefix = strdup(prefixes[s->entry]);
	else
		s->prefix = common_dir(&s->plan);
	return s->to && s->cc && s->prefix ? 0 : -ENOMEM;
}

static int series_name(struct tag_series *s, const struct maint *m)
{
	size_t n;
	const struct maint_entry *e = maint_entries(m, &n);

	if (s->entry >= 0) {
		s->title = e[s->entry].title;
		s->dir = strdup(e[s->entry].name);
	} else {
		s->title = "(no entry)";
		/* an entry may have the name: then "-2", as names do */
		s->dir = strdup(maint_find_name(m, TAG_SPLIT_NO_ENTRY) >= 0 ?
				TAG_SPLIT_NO_ENTRY "-2" : TAG_SPLIT_NO_ENTRY);
	}
	return s->dir ? 0 : -ENOMEM;
}

/* The items @o[0..@k) of @p (one entry's) as series @s. */
static int series_fill(struct tag_series *s, const struct tag_plan *p,
		       const struct owned *o, size_t k)
{
	struct tag_plan *sp = &s->plan;
	int no = 0;

	sp->items = alloc_array(k, sizeof(*sp->items));
	if (!sp->items)
		return -ENOMEM;
	for (size_t i = 0; i < k; i++) {
		const struct tag_item *it = &p->items[o[i].item];

		sp->items[sp->nitems++] = *it;
		sp->nkind[it->kind]++;
		if (it->kind != TAG_K_REVIEW && it->kind != TAG_K_LICENSES)
			s->tagged++;
		if (it->diff && memmem(it->diff, it->diff_len, "\r\n", 2))
			sp->crlf++;
	}
	for (int kind = TAG_K_FIRST_PATCH; kind <= TAG_K_LAST_PATCH; kind++)
		sp->patchno[kind] = sp->nkind[kind] ? ++no : 0;
	sp->npatches = no;
	sp->candidates = k;
	sp->prec = p->prec;
	return 0;
}

/* The notes of files upstream tags (tag_plan.upstream_changed) that
 * belong to @s. */
static int series_notes(struct tag_series *s, const struct tag_plan *p,
			const struct maint *m)
{
	struct tag_plan *sp = &s->plan;

	for (size_t i = 0; i < p->nupstream_changed; i++) {
		long e = maint_first(m, p->upstream_changed[i].path);
		struct tag_note *v;

		if (e == -ENOMEM)
			return -ENOMEM;
		if ((e < 0 ? -1 : e) != s->entry)
			continue;
		v = grow(sp->upstream_changed, sp->nupstream_changed,
			 &sp->upstream_cap, sizeof(*v), 8);
		if (!v)
			return -ENOMEM;
		sp->upstream_changed = v;
		v[sp->nupstream_changed++] = p->upstream_changed[i];
	}
	return 0;
}

static int cmp_series_entry(const void *key, const void *elem)
{
	unsigned long e = (unsigned long)*(const long *)key;
	unsigned long f = (unsigned long)((const struct tag_series *)elem)->entry;

	return e < f ? -1 : e > f;
}

/*
 * Count each file @p left alone in the series of its entry, as the whole
 * series counts them, so that each cover letter tells its own.  Series
 * are in cmp_owned()'s order of entries.
 */
static int series_skips(struct tag_series *s, size_t ns,
			const struct tag_plan *p, const struct maint *m)
{
	for (size_t i = 0; i < p->nskips; i++) {
		long e = maint_first(m, p->skips[i].path);
		struct tag_series *cur;

		if (e == -ENOMEM)
			return -ENOMEM;
		e = e < 0 ? -1 : e;
		cur = bsearch(&e, s, ns, sizeof(*s), cmp_series_entry);
		if (!cur)
			continue;	/* an entry with no series */
		cur->plan.skipped[p->skips[i].reason]++;
		cur->plan.candidates++;
	}
	return 0;
}

void tag_split_free(struct tag_series *s, size_t n)
{
	for (size_t i = 0; s && i < n; i++) {
		free(s[i].dir);
		free(s[i].prefix);
		free(s[i].to);
		free(s[i].cc);
		free(s[i].plan.items);
		free(s[i].plan.upstream_changed);
	}
	free(s);
}

int tag_split_maintainers(struct tag_series **out, size_t *n,
			  const struct tag_plan *p, const struct maint *m,
			  char *const *prefixes)
{
	struct owned *o = alloc_array(p->nitems, sizeof(*o));
	struct tag_series *s = NULL;
	size_t ns = 0, cap = 0;
	int ret = 0;

	if (!o)
		return -ENOMEM;
	for (size_t i = 0; i < p->nitems && !ret; i++) {
		long e = maint_first(m, p->items[i].path);

		if (e == -ENOMEM)
			ret = -ENOMEM;
		o[i] = (struct owned){ e < 0 ? -1 : e, i };
	}
	if (p->nitems && !ret)
		qsort(o, p->nitems, sizeof(*o), cmp_owned);
	for (size_t i = 0, k; i < p->nitems && !ret; i += k) {
		struct tag_series *v, *cur;

		for (k = 1; i + k < p->nitems && o[i + k].entry == o[i].entry; k++)
			;
		v = grow(s, ns, &cap, sizeof(*s), 64);
		if (!v) {
			ret = -ENOMEM;
			break;
		}
		s = v;
		cur = &s[ns++];
		memset(cur, 0, sizeof(*cur));
		cur->entry = o[i].entry;
		ret = series_fill(cur, p, o + i, k);
		if (!ret && !cur->plan.npatches) {
			free(cur->plan.items);	/* review only: no series */
			ns--;
			continue;
		}
		if (!ret)
			ret = series_name(cur, m);
		if (!ret)
			ret = series_headers(cur, m, prefixes);
		if (!ret)
			ret = series_notes(cur, p, m);
	}
	free(o);
	if (!ret)
		ret = series_skips(s, ns, p, m);
	if (ret) {
		tag_split_free(s, ns);
		return ret;
	}
	*out = s;
	*n = ns;
	return 0;
}

int tag_split_write_index(FILE *out, const struct tag_series *s, size_t n)
{
	fprintf(out, "# entry\tfiles\tdirectory\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s\t%zu\t%s\n", s[i].title, s[i].tagged, s[i].dir);
	return ferror(out) ? -EIO : 0;
}
