// SPDX-License-Identifier: GPL-2.0-only
/*
 * reuse: a REUSE tree's files with their copyright and licensing
 * information from wherever it comes (reuse.h), and "reuse lint"'s
 * verdict on them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "spdx/expr.h"
#include "spdx/licenses.h"
#include "reuse/reuse.h"
#include "reuse/reuse_global.h"
#include "reuse/reuse_text.h"
#include "source/source.h"
#include "spdx/spdx_index.h"
#include "spdx/spdxlist.h"

#define FILE_MAX	(256u << 20)

/*
 * The SPDX License List's deprecated identifiers: spdx-license-ids 3.0.23
 * and spdx-exceptions 2.5.0 deprecated.json (CC0-1.0), with the list's
 * "+" forms that those leave out.  Sorted (strcmp).
 */
static const char *const deprecated_ids[] = {
	"AGPL-1.0", "AGPL-3.0", "BSD-2-Clause-FreeBSD", "BSD-2-Clause-NetBSD",
	"GFDL-1.1", "GFDL-1.2", "GFDL-1.3", "GPL-1.0", "GPL-1.0+", "GPL-2.0",
	"GPL-2.0+", "GPL-2.0-with-GCC-exception",
	"GPL-2.0-with-autoconf-exception", "GPL-2.0-with-bison-exception",
	"GPL-2.0-with-classpath-exception", "GPL-2.0-with-font-exception",
	"GPL-3.0", "GPL-3.0+", "GPL-3.0-with-GCC-exception",
	"GPL-3.0-with-autoconf-exception", "LGPL-2.0", "LGPL-2.0+",
	"LGPL-2.1", "LGPL-2.1+", "LGPL-3.0", "LGPL-3.0+", "Net-SNMP",
	"Nokia-Qt-exception-1.1", "Nunit", "StandardML-NJ", "bzip2-1.0.5",
	"eCos-2.0", "wxWindows",
};

static int is_deprecated(const char *id)
{
	for (size_t i = 0; i < sizeof(deprecated_ids) / sizeof(*deprecated_ids); i++)
		if (!strcmp(deprecated_ids[i], id))
			return 1;
	return 0;
}

static int has_prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

int reuse_tree_is(const struct spdx_index *idx)
{
	int direct = 0;

	if (idx->layout == INDEX_LAYOUT_REUSE)
		return 1;
	if (index_find(idx, "scripts/spdxcheck.py"))
		return 0;
	if (idx->lic && idx->lic->nfiles)
		return 0;
	for (size_t i = 0; i < idx->nfiles && !direct; i++)
		direct = has_prefix(idx->files[i].path, "LICENSES/") &&
			 !strchr(idx->files[i].path + 9, '/');
	return direct || index_find(idx, "REUSE.toml") ||
	       index_find(idx, ".reuse/dep5");
}

const char *reuse_src_name(enum reuse_src s)
{
	static const char *const names[] = {
		[REUSE_SRC_HEADER] = "file-header",
		[REUSE_SRC_SIDECAR] = "dot-license",
		[REUSE_SRC_TOML] = "reuse-toml",
		[REUSE_SRC_DEP5] = "dep5",
	};
	return names[s];
}

/* @name (@len bytes) is @pre followed by nothing, or by '-' or '.' and
 * anything. */
static int name_family(const char *name, const char *pre)
{
	size_t n = strlen(pre);

	return !strncmp(name, pre, n) &&
	       (!name[n] || name[n] == '-' || name[n] == '.');
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

/* ".spdx.rdf" and the like, '.' before the format being any byte. */
static int spdx_document(const char *name)
{
	static const char *const fmts[] = { "rdf", "json", "xml", "yaml", "yml" };
	size_t n = strlen(name);

	if (ends_with(name, ".spdx"))
		return 1;
	for (size_t i = 0; i < sizeof(fmts) / sizeof(*fmts); i++) {
		size_t k = strlen(fmts[i]);

		if (n >= k + 6 && !strncmp(name + n - k - 6, ".spdx", 5) &&
		    !strcmp(name + n - k, fmts[i]))
			return 1;
	}
	return 0;
}

static int file_name_ignored(const char *name)
{
	return name_family(name, "LICENSE") || name_family(name, "LICENCE") ||
	       name_family(name, "COPYING") || !strcmp(name, ".git") ||
	       !strcmp(name, ".hgtags") || ends_with(name, ".license") ||
	       !strcmp(name, "REUSE.toml") || spdx_document(name) ||
	       (has_prefix(name, "CAL-1.0") &&
		(!name[7] || (name[7] == '.' && name[8]) ||
		 (has_prefix(name + 7, "-Combined-Work-Exception") &&
		  (!name[31] || (name[31] == '.' && name[32]))))) ||
	       (has_prefix(name, "SHL-2.1") &&
		(!name[7] || (name[7] == '.' && name[8])));
}

static int dir_name_ignored(const char *name, size_t len, const char *parent,
			    size_t plen)
{
	static const char *const dirs[] = { ".git", ".hg", ".sl", "LICENSES",
					    ".reuse" };

	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++)
		if (strlen(dirs[i]) == len && !memcmp(name, dirs[i], len))
			return 1;
	return plen == 11 && !memcmp(parent, "subprojects", 11);
}

/* Is @path a file the specification covers (size aside)?  Also the
 * answer for a REUSE.toml's directory, with @name_too 0. */
static int path_covered(const char *path, int name_too)
{
	const char *s = path, *parent = NULL, *slash;
	size_t plen = 0;

	while ((slash = strchr(s, '/'))) {
		if (dir_name_ignored(s, slash - s, parent, plen))
			return 0;
		parent = s;
		plen = slash - s;
		s = slash + 1;
	}
	return !name_too || !file_name_ignored(s);
}

static int item_add(struct reuse_item **arr, size_t *n, const char *value,
		    const char *from, enum reuse_src src)
{
	struct reuse_item *a;
	struct expr *e;

	for (size_t i = 0; i < *n; i++)
		if ((*arr)[i].src == src && !strcmp((*arr)[i].value, value))
			return 0;
	a = realloc(*arr, (*n + 1) * sizeof(*a));
	if (!a)
		return -ENOMEM;
	*arr = a;
	a += (*n)++;
	a->value = strdup(value);
	a->from = from;
	a->src = src;
	a->valid = 0;
	if (!a->value) {
		(*n)--;
		return -ENOMEM;
	}
	if (expr_parse(&e, value, strlen(value), NULL) == 0) {
		a->valid = 1;
		expr_free(e);
	}
	return 0;
}

static int add_all(struct reuse_file *rf, char **exprs, size_t nexprs,
		   char **cps, size_t ncps, const char *from, enum reuse_src src)
{
	int r = 0;

	for (size_t i = 0; !r && i < nexprs; i++)
		r = item_add(&rf->exprs, &rf->nexprs, exprs[i], from, src);
	for (size_t i = 0; !r && i < ncps; i++)
		r = item_add(&rf->copyrights, &rf->ncopyrights, cps[i], from, src);
	return r;
}

static int add_hit(struct reuse_file *rf, const struct reuse_hit *h,
		   int exprs, int cps)
{
	const struct reuse_annotation *a = h->ann;

	return add_all(rf, a->exprs, exprs ? a->nexprs : 0, a->copyrights,
		       cps ? a->ncopyrights : 0, h->file->path,
		       h->file->dep5 ? REUSE_SRC_DEP5 : REUSE_SRC_TOML);
}

/* What the file's own text (or its sidecar's) says, into @txt. */
static int file_text(struct reuse_file *rf, struct source *src,
		     const struct spdx_index *idx, struct reuse_text *txt,
		     const char **from, enum reuse_src *kind)
{
	const struct spdx_file *side;
	char sidecar[4096];
	size_t len;
	char *buf;
	int r;

	memset(txt, 0, sizeof(*txt));
	*from = rf->path;
	*kind = REUSE_SRC_HEADER;
	if ((size_t)snprintf(sidecar, sizeof(sidecar), "%s.license", rf->path) <
	    sizeof(sidecar) && (side = index_find(idx, sidecar))) {
		*from = side->path;
		*kind = REUSE_SRC_SIDECAR;
	}
	r = source_read_all(src, *from, FILE_MAX, &buf, &len);
	if (r == -ENOMEM)
		return r;
	if (r) {
		rf->error = strerror(-r);
		return 0;
	}
	r = 0;
	if (*kind == REUSE_SRC_SIDECAR || !reuse_text_is_binary(buf, len))
		r = reuse_text_extract(txt, buf, len);
	free(buf);
	return r;
}

/*
 * The closest REUSE.toml's copyright and licensing, each from the
 * innermost file that has it, then what the file lacks of it:
 * everything when it has neither, else the other half of the outermost
 * such annotation.
 */
static int add_closest(struct reuse_file *rf, const struct reuse_hit *hits,
		       size_t n, int has_cp, int has_lic)
{
	const struct reuse_hit *cp = NULL, *lic = NULL, *first;
	int r = 0;

	for (size_t i = n; i-- > 0;) {
		if (hits[i].ann->prec != REUSE_CLOSEST)
			continue;
		if (!cp && hits[i].ann->ncopyrights)
			cp = &hits[i];
		if (!lic && hits[i].ann->nexprs)
			lic = &hits[i];
	}
	if (!cp && !lic)
		return 0;
	if (!has_cp && !has_lic) {
		if (lic)
			r = add_hit(rf, lic, 1, 0);
		if (!r && cp)
			r = add_hit(rf, cp, 0, 1);
		return r;
	}
	if (has_cp && has_lic)
		return 0;
	first = cp && lic ? (cp < lic ? cp : lic) : cp ? cp : lic;
	if (has_cp)
		return first == lic ? add_hit(rf, lic, 1, 0) : 0;
	return first == cp ? add_hit(rf, cp, 0, 1) : 0;
}

static int file_read(struct reuse_file *rf, struct source *src,
		     const struct spdx_index *idx, const struct reuse_global *g,
		     struct reuse_hit *hits)
{
	size_t n = reuse_global_match(g, rf->path, hits);
	int override = n && hits[n - 1].ann->prec == REUSE_OVERRIDE;
	struct reuse_text txt = { 0 };
	enum reuse_src kind = REUSE_SRC_HEADER;
	const char *from = rf->path;
	int r = 0;

	if (!override && (r = file_text(rf, src, idx, &txt, &from, &kind)))
		return r;
	for (size_t i = 0; !r && i < n; i++)
		if (hits[i].ann->prec != REUSE_CLOSEST)
			r = add_hit(rf, &hits[i], 1, 1);
	if (!r)
		r = add_all(rf, txt.exprs, txt.nexprs, txt.copyrights,
			    txt.ncopyrights, from, kind);
	if (!r)
		r = add_closest(rf, hits, n, txt.ncopyrights > 0, txt.nexprs > 0);
	reuse_text_release(&txt);
	return r;
}

static int license_add(struct reuse_tree *t, const char *path)
{
	const char *name = strrchr(path, '/') + 1, *dot = strrchr(name, '.');
	struct reuse_license *l, *nl;

	if (ends_with(name, ".license"))
		return 0;
	nl = realloc(t->lics, (t->nlics + 1) * sizeof(*nl));
	if (!nl)
		return -ENOMEM;
	t->lics = nl;
	l = &nl[t->nlics];
	memset(l, 0, sizeof(*l));
	l->path = path;
	/* A dot file's name is all stem, as Python's pathlib reads it. */
	if (dot == name)
		dot = NULL;
	l->no_extension = !dot;
	l->id = dot ? strndup(name, dot - name) : strdup(name);
	if (!l->id)
		return -ENOMEM;
	t->nlics++;
	return 0;
}

/* The REUSE.toml files of @idx that no ignored directory holds. */
static int find_tomls(const struct spdx_index *idx, const char ***out,
		      size_t *n)
{
	const char **a = NULL, **na;

	*n = 0;
	for (size_t i = 0; i < idx->nfiles; i++) {
		const char *p = idx->files[i].path, *name = strrchr(p, '/');

		name = name ? name + 1 : p;
		if (strcmp(name, "REUSE.toml") || !path_covered(p, 0))
			continue;
		na = realloc(a, (*n + 1) * sizeof(*na));
		if (!na) {
			free(a);
			return -ENOMEM;
		}
		a = na;
		a[(*n)++] = p;
	}
	*out = a;
	return 0;
}

static int globals(struct reuse_tree *t, struct reuse_global *g,
		   struct source *src, const struct spdx_index *idx)
{
	const char **tomls;
	struct spdx_error gerr;
	int dep5 = index_find(idx, ".reuse/dep5") != NULL, r;
	size_t n;

	memset(g, 0, sizeof(*g));
	if ((r = find_tomls(idx, &tomls, &n)))
		return r;
	if (dep5 && n) {
		free(tomls);
		t->global_error = strdup(".reuse/dep5 and REUSE.toml both "
					 "present: use only one");
		return t->global_error ? 0 : -ENOMEM;
	}
	r = reuse_global_read(g, src, tomls, n, dep5, &gerr);
	free(tomls);
	if (r == -ENOMEM)
		return r;
	if (r) {
		t->global_error = strdup(gerr.msg);
		return t->global_error ? 0 : -ENOMEM;
	}
	return 0;
}

static int tree_files(struct reuse_tree *t, struct source *src,
		      const struct spdx_index *idx, const struct reuse_global *g)
{
	struct reuse_hit *hits = calloc(g->nfiles + 1, sizeof(*hits));
	int r = 0;

	t->files = calloc(idx->nfiles + 1, sizeof(*t->files));
	if (!hits || !t->files) {
		free(hits);
		return -ENOMEM;
	}
	for (size_t i = 0; !r && i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (has_prefix(f->path, "LICENSES/")) {
			r = license_add(t, f->path);
			continue;
		}
		if (!f->st.size || !path_covered(f->path, 1))
			continue;
		t->files[t->nfiles].path = f->path;
		r = file_read(&t->files[t->nfiles++], src, idx, g, hits);
	}
	free(hits);
	return r;
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct id_set {
	char ***ids;
	size_t *n;
};

static int note_id(const char *id, size_t len, int plus, int is_exception,
		   void *arg)
{
	struct id_set *set = arg;
	char buf[256];

	if (len + 2 > sizeof(buf))
		return 0;
	memcpy(buf, id, len);
	strcpy(buf + len, plus ? "+" : "");
	return reuse_strv_add(set->ids, set->n, buf, strlen(buf));
}

static int is_used(char *const *used, size_t nused, const char *id)
{
	return nused && bsearch(&id, used, nused, sizeof(*used), by_str);
}

/* The identifiers the valid expressions of @f name, added to @set. */
static int file_used(const struct reuse_file *f, struct id_set *set)
{
	for (size_t k = 0; k < f->nexprs; k++) {
		const struct reuse_item *it = &f->exprs[k];
		struct expr *e;
		int r;

		if (!it->valid)
			continue;
		r = expr_parse(&e, it->value, strlen(it->value), NULL);
		if (r)
			return r;
		r = expr_foreach_id(e, note_id, set);
		expr_free(e);
		if (r)
			return r;
	}
	return 0;
}

/* The identifiers the files' valid expressions name, sorted; which
 * license files they use. */
static int tree_used(struct reuse_tree *t)
{
	struct id_set set = { &t->used, &t->nused };

	for (size_t i = 0; i < t->nfiles; i++) {
		int r = file_used(&t->files[i], &set);

		if (r)
			return r;
	}
	if (t->nused)
		qsort(t->used, t->nused, sizeof(*t->used), by_str);
	for (size_t i = 0; i < t->nlics; i++)
		t->lics[i].used = is_used(t->used, t->nused, t->lics[i].id);
	return 0;
}

int reuse_read(struct reuse_tree **out, struct source *src,
	       const struct spdx_index *idx, struct spdx_error *err)
{
	struct reuse_tree *t = calloc(1, sizeof(*t));
	int r;

	*out = NULL;
	if (t && !(t->global = calloc(1, sizeof(*t->global)))) {
		free(t);
		t = NULL;
	}
	if (!t)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	r = globals(t, t->global, src, idx);
	if (!r)
		r = tree_files(t, src, idx, t->global);
	if (!r)
		r = tree_used(t);
	if (r) {
		reuse_free(t);
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	*out = t;
	return 0;
}

static void items_free(struct reuse_item *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(a[i].value);
	free(a);
}

void reuse_free(struct reuse_tree *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nfiles; i++) {
		items_free(t->files[i].exprs, t->files[i].nexprs);
		items_free(t->files[i].copyrights, t->files[i].ncopyrights);
	}
	free(t->files);
	for (size_t i = 0; i < t->nlics; i++)
		free(t->lics[i].id);
	free(t->lics);
	reuse_strv_free(t->used, t->nused);
	free(t->global_error);
	if (t->global)
		reuse_global_release(t->global);
	free(t->global);
	free(t);
}

static int by_path(const void *key, const void *elt)
{
	return strcmp(key, ((const struct reuse_file *)elt)->path);
}

const struct reuse_file *reuse_lookup(const struct reuse_tree *t,
				      const char *path)
{
	return bsearch(path, t->files, t->nfiles, sizeof(*t->files), by_path);
}

/* lint */

static const struct {
	const char *key, *title;
} lint_classes[REUSE__NCLASSES] = {
	[REUSE_BAD_LICENSE] = { "bad_licenses", "Bad licenses" },
	[REUSE_DEPRECATED_LICENSE] = { "deprecated_licenses", "Deprecated licenses" },
	[REUSE_LICENSE_NO_EXTENSION] = { "licenses_without_extension",
					 "Licenses without file extension" },
	[REUSE_MISSING_LICENSE] = { "missing_licenses", "Missing licenses" },
	[REUSE_UNUSED_LICENSE] = { "unused_licenses", "Unused licenses" },
	[REUSE_READ_ERROR] = { "read_errors", "Read errors" },
	[REUSE_NO_COPYRIGHT] = { "missing_copyright_info",
				 "Files without copyright information" },
	[REUSE_NO_LICENSE] = { "missing_licensing_info",
			       "Files without licensing information" },
	[REUSE_GLOBAL_ERROR] = { "global_licensing_error",
				 "Bulk annotations refused" },
};

const char *reuse_lint_key(enum reuse_lint_class c)
{
	return lint_classes[c].key;
}

const char *reuse_lint_title(enum reuse_lint_class c)
{
	return lint_classes[c].title;
}

static int note(struct reuse_lint *l, enum reuse_lint_class c, const char *s)
{
	return reuse_strv_add(&l->items[c], &l->nitems[c], s, strlen(s));
}

static int spdx_known(const char *id)
{
	size_t n = strlen(id);

	if (has_prefix(id, "LicenseRef-"))
		return n > 11;
	if (n && id[n - 1] == '+')
		n--;
	return spdxlist_has_license(id, n) || spdxlist_has_exception(id, n);
}

static const struct reuse_license *license_of(const struct reuse_tree *t,
					      const char *id)
{
	for (size_t i = 0; i < t->nlics; i++)
		if (!strcmp(t->lics[i].id, id))
			return &t->lics[i];
	return NULL;
}

/* A path of a class: the files are distinct, so no search for a copy. */
static int note_path(struct reuse_lint *l, enum reuse_lint_class c,
		     const char *s)
{
	char **a, *copy = strdup(s);

	if (!copy)
		return -ENOMEM;
	a = realloc(l->items[c], (l->nitems[c] + 1) * sizeof(*a));
	if (!a) {
		free(copy);
		return -ENOMEM;
	}
	a[l->nitems[c]++] = copy;
	l->items[c] = a;
	return 0;
}

/*
 * The license classes of @t, or with a selection (l->sel) those of the
 * licenses its files name only: bad, deprecated, without extension and
 * missing, never unused.
 */
static int lint_licenses(struct reuse_lint *l, const struct reuse_tree *t)
{
	char *const *used = l->sel ? l->used : t->used;
	size_t nused = l->sel ? l->nused : t->nused;
	int r = 0;

	for (size_t i = 0; !r && i < nused; i++) {
		if (!spdx_known(used[i]))
			r = note(l, REUSE_BAD_LICENSE, used[i]);
		if (!r && !license_of(t, used[i]))
			r = note(l, REUSE_MISSING_LICENSE, used[i]);
	}
	for (size_t i = 0; !r && i < t->nlics; i++) {
		const struct reuse_license *lic = &t->lics[i];

		if (l->sel && !is_used(used, nused, lic->id))
			continue;
		if (!spdx_known(lic->id))
			r = note(l, REUSE_BAD_LICENSE, lic->id);
		if (!r && is_deprecated(lic->id))
			r = note(l, REUSE_DEPRECATED_LICENSE, lic->id);
		if (!r && lic->no_extension &&
		    spdxlist_has_license(lic->id, strlen(lic->id)))
			r = note(l, REUSE_LICENSE_NO_EXTENSION, lic->id);
		if (!r && !lic->used && !l->sel)
			r = note(l, REUSE_UNUSED_LICENSE, lic->id);
	}
	return r;
}

static int lint_files(struct reuse_lint *l, const struct reuse_tree *t)
{
	size_t n = l->sel ? l->nsel : t->nfiles;
	int r = 0;

	for (size_t i = 0; !r && i < n; i++) {
		const struct reuse_file *f = l->sel ? l->sel[i] : &t->files[i];

		if (f->error)
			r = note_path(l, REUSE_READ_ERROR, f->path);
		if (!r && !f->ncopyrights)
			r = note_path(l, REUSE_NO_COPYRIGHT, f->path);
		if (!r && !f->nexprs)
			r = note_path(l, REUSE_NO_LICENSE, f->path);
		l->with_license += f->nexprs > 0;
		l->with_copyright += f->ncopyrights > 0;
	}
	if (!r && t->global_error)
		r = note(l, REUSE_GLOBAL_ERROR, t->global_error);
	return r;
}

/* The identifiers @l's selection names, sorted, into l->used. */
static int selection_used(struct reuse_lint *l)
{
	struct id_set set = { &l->used, &l->nused };

	for (size_t i = 0; i < l->nsel; i++) {
		int r = file_used(l->sel[i], &set);

		if (r)
			return r;
	}
	if (l->nused)
		qsort(l->used, l->nused, sizeof(*l->used), by_str);
	return 0;
}

int reuse_lint_files(struct reuse_lint *out, const struct reuse_tree *t,
		     const struct reuse_file *const *sel, size_t nsel)
{
	int r = 0;

	memset(out, 0, sizeof(*out));
	out->sel = sel;
	out->nsel = sel ? nsel : t->nfiles;
	if (sel)
		r = selection_used(out);
	if (!r)
		r = lint_licenses(out, t);
	if (!r)
		r = lint_files(out, t);
	if (r) {
		reuse_lint_release(out);
		return r;
	}
	out->compliant = 1;
	for (int c = 0; c < REUSE__NCLASSES; c++) {
		if (out->nitems[c] > 1)
			qsort(out->items[c], out->nitems[c], sizeof(char *),
			      by_str);
		if (out->nitems[c])
			out->compliant = 0;
	}
	return 0;
}

int reuse_lint(struct reuse_lint *out, const struct reuse_tree *t)
{
	return reuse_lint_files(out, t, NULL, 0);
}

void reuse_lint_release(struct reuse_lint *l)
{
	for (int c = 0; c < REUSE__NCLASSES; c++)
		reuse_strv_free(l->items[c], l->nitems[c]);
	reuse_strv_free(l->used, l->nused);
	memset(l, 0, sizeof(*l));
}
