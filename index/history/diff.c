// SPDX-License-Identifier: GPL-2.0-only
/*
 * diff: the license changes between two indexes (diff.h).  A merge of
 * the two sorted file lists, with renames looked up by binary search.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "history/diff.h"
#include "util/grow.h"
#include "index.h"
#include "util/json.h"
#include "util/quote.h"
#include "report.h"

static const char *const class_names[DIFF__COUNT] = {
	[DIFF_ADDED]	= "added",
	[DIFF_REMOVED]	= "removed",
	[DIFF_TAGGED]	= "tagged",
	[DIFF_UNTAGGED]	= "untagged",
	[DIFF_CHANGED]	= "changed",
	[DIFF_FIXED]	= "fixed",
	[DIFF_BROKEN]	= "broken",
};

const char *diff_class_name(enum diff_class cls)
{
	return (unsigned)cls < DIFF__COUNT ? class_names[cls] : NULL;
}

int diff_class_parse(const char *name, size_t len)
{
	for (int i = 0; i < DIFF__COUNT; i++)
		if (strlen(class_names[i]) == len &&
		    !memcmp(class_names[i], name, len))
			return i;
	return -EINVAL;
}

static const char *file_expr(const struct spdx_index *idx,
			     const struct spdx_file *f)
{
	const struct spdx_expr *e = f ? index_file_expr(idx, f) : NULL;

	return e ? e->text : NULL;
}

/* The class of the change from @a to @b, or -1 when nothing differs. */
static int classify(const struct diff_side *old, const struct spdx_file *a,
		    const struct diff_side *new, const struct spdx_file *b)
{
	const char *ea, *eb;

	if (!a)
		return DIFF_ADDED;
	if (!b)
		return DIFF_REMOVED;
	ea = file_expr(old->idx, a);
	eb = file_expr(new->idx, b);
	if (a->status == b->status &&
	    (ea == eb || (ea && eb && !strcmp(ea, eb))))
		return -1;
	if (b->status == ST_UNTAGGED && ea)
		return DIFF_UNTAGGED;
	if (b->status == ST_INVALID && a->status != ST_INVALID)
		return DIFF_BROKEN;
	if (a->status == ST_UNTAGGED && spdx_file_counted(b))
		return DIFF_TAGGED;
	if (a->status == ST_INVALID && spdx_file_counted(b))
		return DIFF_FIXED;
	return DIFF_CHANGED;
}

static int by_from(const void *x, const void *y)
{
	const struct diff_rename *const *a = x, *const *b = y;

	return strcmp((*a)->from, (*b)->from);
}

static int by_to(const void *x, const void *y)
{
	const struct diff_rename *const *a = x, *const *b = y;

	return strcmp((*a)->to, (*b)->to);
}

/* The rename in @sorted (by @cmp) whose path is @path, or NULL. */
static const struct diff_rename *
rename_find(const struct diff_rename *const *sorted, size_t n, int to,
	    const char *path)
{
	struct diff_rename key = { .from = (char *)path, .to = (char *)path };
	const struct diff_rename *k = &key;
	const struct diff_rename *const *hit;

	hit = bsearch(&k, sorted, n, sizeof(*sorted), to ? by_to : by_from);
	return hit ? *hit : NULL;
}

/* The file at @path of side @s, or NULL. */
static const struct spdx_file *side_find(const struct diff_side *s,
					 const char *path)
{
	size_t lo = 0, hi = s->nfiles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(s->files[mid]->path, path);

		if (!c)
			return s->files[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The state diff_build() carries through its merge. */
struct diff_build {
	struct diff_result *d;
	const struct diff_side *old, *new;
	size_t cap;
	/* the renames that hold (old path in old alone, new path in new
	 * alone), sorted by old path and by new path */
	const struct diff_rename **from, **to;
	size_t nren;
};

static int line_add(struct diff_build *b, const struct spdx_file *a,
		    const struct spdx_file *f)
{
	struct diff_result *d = b->d;
	int cls = classify(b->old, a, b->new, f);
	struct diff_line *p;

	if (cls < 0)
		return 0;
	p = grow(d->lines, d->nlines, &b->cap, sizeof(*d->lines), 256);
	if (!p)
		return -ENOMEM;
	d->lines = p;
	d->lines[d->nlines++] = (struct diff_line){ a, f, cls };
	d->count[cls]++;
	return 0;
}

/* Keep the renames that can be followed, sorted both ways. */
static int renames_sort(struct diff_build *b, const struct diff_rename *r,
			size_t n)
{
	b->from = alloc_array(n, sizeof(*b->from));
	b->to = alloc_array(n, sizeof(*b->to));
	if (!b->from || !b->to)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		if (!side_find(b->old, r[i].from) || side_find(b->new, r[i].from) ||
		    !side_find(b->new, r[i].to) || side_find(b->old, r[i].to))
			continue;
		b->from[b->nren] = b->to[b->nren] = &r[i];
		b->nren++;
	}
	qsort(b->from, b->nren, sizeof(*b->from), by_from);
	qsort(b->to, b->nren, sizeof(*b->to), by_to);
	/* one old path renamed twice, or two to one new path: follow none
	 * of them rather than guess */
	for (size_t i = 1; i < b->nren; i++)
		if (!strcmp(b->from[i - 1]->from, b->from[i]->from) ||
		    !strcmp(b->to[i - 1]->to, b->to[i]->to))
			return -EINVAL;
	return 0;
}

/* A path of the old side alone (@a) or of the new side alone (@f). */
static int one_side(struct diff_build *b, const struct spdx_file *a,
		    const struct spdx_file *f)
{
	const struct diff_rename *r;

	if (a) {
		if (rename_find(b->from, b->nren, 0, a->path))
			return 0;	/* its line comes at the new path */
		return line_add(b, a, NULL);
	}
	r = rename_find(b->to, b->nren, 1, f->path);
	if (r) {
		b->d->renames++;
		return line_add(b, side_find(b->old, r->from), f);
	}
	return line_add(b, NULL, f);
}

static int merge(struct diff_build *b)
{
	const struct diff_side *o = b->old, *n = b->new;
	size_t i = 0, j = 0;
	int ret = 0;

	while (!ret && (i < o->nfiles || j < n->nfiles)) {
		int c = i == o->nfiles ? 1 : j == n->nfiles ? -1 :
			strcmp(o->files[i]->path, n->files[j]->path);

		if (c < 0)
			ret = one_side(b, o->files[i++], NULL);
		else if (c > 0)
			ret = one_side(b, NULL, n->files[j++]);
		else
			ret = line_add(b, o->files[i++], n->files[j++]);
	}
	return ret;
}

/* A side of a transition (diff.h). */
static const char *picture(const struct diff_side *s, const struct spdx_file *f)
{
	if (!f)
		return "-";
	if (spdx_file_counted(f))
		return file_expr(s->idx, f);
	return spdx_status_name(f->status);
}

static int trans_by_pair(const void *x, const void *y)
{
	const struct diff_transition *a = x, *b = y;
	int c = strcmp(a->from, b->from);

	return c ? c : strcmp(a->to, b->to);
}

static int trans_by_count(const void *x, const void *y)
{
	const struct diff_transition *a = x, *b = y;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return trans_by_pair(x, y);
}

static int transitions(struct diff_build *b)
{
	struct diff_result *d = b->d;
	size_t n = 0;

	d->trans = alloc_array(d->nlines, sizeof(*d->trans));
	if (!d->trans)
		return -ENOMEM;
	for (size_t i = 0; i < d->nlines; i++)
		d->trans[i] = (struct diff_transition){
			picture(b->old, d->lines[i].old),
			picture(b->new, d->lines[i].new), 1
		};
	qsort(d->trans, d->nlines, sizeof(*d->trans), trans_by_pair);
	for (size_t i = 0; i < d->nlines; i++) {
		if (n && !trans_by_pair(&d->trans[n - 1], &d->trans[i]))
			d->trans[n - 1].n++;
		else
			d->trans[n++] = d->trans[i];
	}
	d->ntrans = n;
	qsort(d->trans, n, sizeof(*d->trans), trans_by_count);
	return 0;
}

int diff_build(struct diff_result *out, const struct diff_side *old,
	       const struct diff_side *new, const struct diff_rename *renames,
	       size_t nrenames)
{
	struct diff_build b = { .d = out, .old = old, .new = new };
	int ret;

	memset(out, 0, sizeof(*out));
	ret = renames_sort(&b, renames, nrenames);
	if (ret == -EINVAL) {
		b.nren = 0;
		ret = 0;
	}
	if (!ret)
		ret = merge(&b);
	if (!ret)
		ret = transitions(&b);
	free(b.from);
	free(b.to);
	if (ret)
		diff_release(out);
	return ret;
}

void diff_release(struct diff_result *d)
{
	free(d->lines);
	free(d->trans);
	memset(d, 0, sizeof(*d));
}

static void text_side(FILE *out, const struct spdx_index *idx,
		      const struct spdx_file *f)
{
	const char *e = file_expr(idx, f);

	fprintf(out, "\t%s\t%s", f ? spdx_status_name(f->status) : "-",
		e ? e : "");
}

static void text_line(FILE *out, const struct diff_line *l,
		      const struct spdx_index *oi, const struct spdx_index *ni)
{
	const struct spdx_file *f = l->new ? l->new : l->old;

	quote_path(out, f->path, strlen(f->path));
	text_side(out, oi, l->old);
	text_side(out, ni, l->new);
	fprintf(out, "\t%s", class_names[l->cls]);
	if (l->old && l->new && strcmp(l->old->path, l->new->path)) {
		fputs("\trenamed from ", out);
		quote_path(out, l->old->path, strlen(l->old->path));
	}
	fputc('\n', out);
}

void diff_write_text(FILE *out, const struct diff_result *d,
		     const struct diff_side *old, const struct diff_side *new,
		     unsigned what)
{
	if (what & DIFF_OUT_LINES)
		for (size_t i = 0; i < d->nlines; i++)
			text_line(out, &d->lines[i], old->idx, new->idx);
	if (!(what & DIFF_OUT_SUMMARY))
		return;
	for (int c = 0; c < DIFF__COUNT; c++)
		fprintf(out, "class\t%s\t%zu\n", class_names[c], d->count[c]);
	fprintf(out, "renamed\t%zu\n", d->renames);
	for (size_t i = 0; i < d->ntrans; i++)
		fprintf(out, "transition\t%s\t%s\t%zu\n", d->trans[i].from,
			d->trans[i].to, d->trans[i].n);
}

static void json_side(struct json_writer *w, const struct spdx_index *idx,
		      const struct spdx_file *f)
{
	if (!f) {
		json_null(w);
		return;
	}
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "status", spdx_status_name(f->status));
	json_key(w, "expression");
	json_string_or_null(w, file_expr(idx, f));
	json_object_end(w);
}

static void json_line(struct json_writer *w, const struct diff_line *l,
		      const struct diff_side *old, const struct diff_side *new)
{
	const struct spdx_file *f = l->new ? l->new : l->old;

	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "path", f->path);
	json_kv_string(w, "class", class_names[l->cls]);
	json_key(w, "renamed_from");
	json_string_or_null(w, l->old && l->new &&
			    strcmp(l->old->path, l->new->path) ?
			    l->old->path : NULL);
	json_key(w, "old");
	json_side(w, old->idx, l->old);
	json_key(w, "new");
	json_side(w, new->idx, l->new);
	json_object_end(w);
}

void diff_write_json(struct json_writer *w, const struct diff_result *d,
		     const struct diff_side *old, const struct diff_side *new)
{
	json_object_begin(w, JSON_BLOCK);
	report_json_version(w);
	json_key(w, "old");
	json_string_or_null(w, old->name);
	json_key(w, "new");
	json_string_or_null(w, new->name);
	json_key(w, "files");
	json_array_begin(w, JSON_BLOCK);
	for (size_t i = 0; i < d->nlines; i++)
		json_line(w, &d->lines[i], old, new);
	json_array_end(w);
	json_key(w, "summary");
	json_object_begin(w, JSON_BLOCK);
	for (int c = 0; c < DIFF__COUNT; c++)
		json_kv_uint(w, class_names[c], d->count[c]);
	json_kv_uint(w, "renamed", d->renames);
	json_object_end(w);
	json_key(w, "transitions");
	json_array_begin(w, JSON_BLOCK);
	for (size_t i = 0; i < d->ntrans; i++) {
		json_object_begin(w, JSON_INLINE);
		json_kv_string(w, "from", d->trans[i].from);
		json_kv_string(w, "to", d->trans[i].to);
		json_kv_uint(w, "files", d->trans[i].n);
		json_object_end(w);
	}
	json_array_end(w);
	json_object_end(w);
}

void diff_renames_free(struct diff_rename *r, size_t n)
{
	for (size_t i = 0; r && i < n; i++) {
		free(r[i].from);
		free(r[i].to);
	}
	free(r);
}
