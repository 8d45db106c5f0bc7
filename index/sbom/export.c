// SPDX-License-Identifier: GPL-2.0-only
/*
 * export: what an SPDX document of a tree says, settled once
 * (export_prepare()), then written in one of the formats (export.h) by
 * its writer: export_spdx2.c, export_rdf.c or export_spdx3.c.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <openssl/evp.h>

#include "sbom/built_modules.h"
#include "util/error.h"
#include "sbom/export.h"
#include "sbom/export_doc.h"
#include "sbom/export_rdf.h"
#include "sbom/export_spdx2.h"
#include "sbom/export_spdx3.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "spdx/licenses.h"
#include "util/quote.h"
#include "spdx/spdxlist.h"
#include "util/utf8.h"
#include "util/xml.h"

#define LICENSE_TEXT_MAX (4u << 20)

int export_kernel_version(struct source *src, char *buf, size_t size)
{
	static const char *const keys[] = {
		"VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION"
	};
	char val[4][64] = { "", "", "", "" };
	char *mk, *line, *save;
	size_t len;

	if (source_read_all(src, "Makefile", 1u << 20, &mk, &len))
		return -ENOENT;
	/* The assignments come first in the kernel's Makefile: "VERSION = 6" */
	for (line = strtok_r(mk, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		for (int k = 0; k < 4; k++) {
			size_t kl = strlen(keys[k]);
			char *v = line + kl;

			if (strncmp(line, keys[k], kl) || (*v != ' ' && *v != '='))
				continue;
			v += strspn(v, " ");
			if (*v++ != '=')
				continue;
			v += strspn(v, " \t");
			len = strcspn(v, " \t#");
			if (!val[k][0] && len < sizeof(val[k]))
				memcpy(val[k], v, len);
		}
	}
	free(mk);
	if (!val[0][0] || strspn(val[0], "0123456789") != strlen(val[0]))
		return -ENOENT;
	/* make kernelversion: $(VERSION).$(PATCHLEVEL).$(SUBLEVEL)$(EXTRAVERSION) */
	snprintf(buf, size, "%s%s%s%s%s%s", val[0], val[1][0] ? "." : "", val[1],
		 val[1][0] && val[2][0] ? "." : "", val[1][0] ? val[2] : "", val[3]);
	return 0;
}

/* A new ref at the end of @d's, with copies of @id, @name and @path
 * (d->nrefs not counting it yet); NULL when out of memory. */
static struct export_ref *ref_new(struct export_doc *d, const char *id,
				  const char *name, const char *path)
{
	struct export_ref *r, *grown;

	grown = grow(d->refs, d->nrefs, &d->caprefs, sizeof(*d->refs), 8);
	if (!grown)
		return NULL;
	d->refs = grown;
	r = &d->refs[d->nrefs];
	memset(r, 0, sizeof(*r));
	r->id = strdup(id);
	r->name = strdup(name);
	r->path = strdup(path);
	if (!r->id || !r->name || !r->path) {
		export_ref_release(r);
		return NULL;
	}
	return r;
}

/* The declared LicenseRef-/AdditionRef- for @id, added when new. */
static int ref_add(struct export_doc *d, const char *prefix, const char *id,
		   size_t len, const char **refid, struct spdx_error *err)
{
	const struct license_file *lf = licenses_lookup(d->idx->lic, id, len);
	const char *spelt = licenses_spelling(d->idx->lic, id, len);
	struct export_ref *r;
	char name[256];
	size_t tlen;
	int ret;

	if (!lf || !spelt)
		return spdx_error_set(err, -EINVAL, "%.*s is neither on the SPDX "
				      "License List nor in LICENSES/", (int)len, id);
	if (!strncasecmp(spelt, prefix, strlen(prefix)))
		snprintf(name, sizeof(name), "%s", spelt);
	else
		snprintf(name, sizeof(name), "%s%s", prefix, spelt);
	for (size_t i = 0; i < d->nrefs; i++)
		if (!strcasecmp(d->refs[i].id, name)) {
			*refid = d->refs[i].id;
			return 0;
		}
	r = ref_new(d, name, spelt, lf->path);
	if (!r)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	ret = source_read_all(d->src, lf->path, LICENSE_TEXT_MAX, &r->text, &tlen);
	if (ret) {
		export_ref_release(r);
		return spdx_error_errno(err, ret, "%s", lf->path);
	}
	if (lf->text_offset && lf->text_offset < tlen)
		memmove(r->text, r->text + lf->text_offset, tlen - lf->text_offset + 1);
	r->exception = lf->exception;
	d->nrefs++;
	*refid = r->id;
	return 0;
}

/* A span of an expression's text that the document writes otherwise. */
struct span {
	unsigned col, len;
	const char *with;	/* what goes there */
	char buf[128];		/* with, when it is made here */
};

static int span_cmp(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return (x->col > y->col) - (x->col < y->col);
}

/* The replacement of license node @nd; NULL with @err when none can be. */
static const char *map_license(struct export_doc *d, const struct expr_node *nd,
			       int modern, char *buf, size_t size, int *plus_kept,
			       struct spdx_error *err)
{
	const char *id = nd->id, *refid;
	size_t len = strlen(id);

	*plus_kept = nd->plus;
	if (!strncasecmp(id, "DocumentRef-", 12)) {
		spdx_error_set(err, -EINVAL, "%s: no document it refers to", id);
		return NULL;
	}
	if (!strncasecmp(id, "LicenseRef-", 11))
		return ref_add(d, "LicenseRef-", id, len, &refid, err) ? NULL : refid;
	if (modern) {
		id = spdx_modern_id(id, nd->plus, buf, size);
		*plus_kept = 0;
		len = strlen(id);
		if (spdxlist_has_license(id, len))
			return id;
		id = nd->id;
		len = strlen(id);
		*plus_kept = nd->plus;
	}
	if (spdxlist_has_license(id, len))
		return id;
	if (nd->plus) {
		spdx_error_set(err, -EINVAL, "%s+: a \"+\" after an identifier "
			       "not on the SPDX License List", id);
		return NULL;
	}
	return ref_add(d, "LicenseRef-", id, len, &refid, err) ? NULL : refid;
}

static const char *map_exception(struct export_doc *d, const char *id,
				 struct spdx_error *err)
{
	const char *refid;

	if (spdxlist_has_exception(id, strlen(id)))
		return id;
	if (d->o.format != EXPORT_SPDX3) {
		spdx_error_set(err, -EINVAL, "exception %s is not on the SPDX "
			       "License List, which SPDX 2.3 requires", id);
		return NULL;
	}
	return ref_add(d, "AdditionRef-", id, strlen(id), &refid, err) ? NULL : refid;
}

/* The spans of @e's identifiers to replace, in column order: their
 * count, or the -errno of @err, which the mappers fill on failure. */
static int map_spans(struct export_doc *d, const struct expr *e, int modern,
		     struct span *sp, struct spdx_error *err)
{
	int n = 0;

	for (int i = 0; i < e->nnodes; i++) {
		const struct expr_node *nd = &e->nodes[i];
		int plus;

		if (nd->kind == EXPR_LICENSE) {
			sp[n].col = nd->col;
			sp[n].len = strlen(nd->text);
			sp[n].with = map_license(d, nd, modern, sp[n].buf,
						 sizeof(sp[n].buf), &plus, err);
			if (!sp[n].with)
				return err->code;
			if (plus)
				sp[n].len = strlen(nd->id);	/* the "+" stays */
			n++;
		} else if (nd->kind == EXPR_WITH) {
			sp[n].col = nd->exc_col;
			sp[n].len = strlen(nd->exception);
			sp[n].with = map_exception(d, nd->exception, err);
			if (!sp[n].with)
				return err->code;
			n++;
		}
	}
	qsort(sp, n, sizeof(*sp), span_cmp);
	return n;
}

/*
 * @text as the document writes it: the identifiers mapped (map_spans()),
 * the operators between them in upper case, all else as written.  With
 * @modern, GNU licenses in today's spelling ("GPL-2.0-only").
 */
static int map_expr(struct export_doc *d, const char *text, int modern,
		    char **out, struct spdx_error *err)
{
	struct expr *e = NULL;
	struct expr_error xe;
	struct span *sp = NULL;
	size_t len = strlen(text), pos, outlen;
	FILE *f = NULL;
	int n, ret;

	*out = NULL;
	ret = expr_parse(&e, text, len, &xe);
	if (ret)
		return spdx_error_set(err, ret, "%s", ret == -EINVAL ? xe.msg :
				      "out of memory");
	sp = calloc(e->nnodes + 1, sizeof(*sp));
	f = open_memstream(out, &outlen);
	if (!sp || !f) {
		ret = spdx_error_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	n = map_spans(d, e, modern, sp, err);
	if (n < 0) {
		ret = n;
		goto out;
	}
	/* The white space around the expression is not part of it. */
	pos = strspn(text, " \t");
	while (len > pos && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	for (int i = 0; i <= n; i++) {
		size_t end = i < n ? sp[i].col : len;

		for (; pos < end; pos++)
			fputc(text[pos] >= 'a' && text[pos] <= 'z' ?
			      text[pos] - 'a' + 'A' : text[pos], f);
		if (i < n) {
			fputs(sp[i].with, f);
			pos = sp[i].col + sp[i].len;
		}
	}
	ret = 0;
out:
	if (f && fclose(f) && !ret)
		ret = spdx_error_set(err, -ENOMEM, "out of memory");
	if (ret) {
		free(*out);
		*out = NULL;
	}
	free(sp);
	expr_free(e);
	return ret;
}

/* d->same: distinct expressions are few (hundreds), a quadratic pass will do. */
static int same_exprs(struct export_doc *d, struct spdx_error *err)
{
	size_t n = d->idx->nexprs;

	d->same = alloc_array(n, sizeof(*d->same));
	if (!d->same)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < n; i++) {
		d->same[i] = i;
		if (!d->mapped[i])
			continue;
		for (size_t j = 0; j < i; j++)
			if (d->mapped[j] && !strcmp(d->mapped[j], d->mapped[i])) {
				d->same[i] = j;
				break;
			}
	}
	return 0;
}

/* The mapped expression of every distinct one the files' valid tags use. */
static int map_files_exprs(struct export_doc *d, struct spdx_error *err)
{
	const struct spdx_index *idx = d->idx;

	d->mapped = calloc(idx->nexprs ? idx->nexprs : 1, sizeof(*d->mapped));
	if (!d->mapped)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < d->n; i++) {
		const struct spdx_file *f = d->files[i];
		char q[QUOTE_PATH_ROOM];
		struct spdx_error xe;
		int ret;

		if (!export_file_has_license(f) || d->mapped[f->expr])
			continue;
		ret = map_expr(d, idx->exprs[f->expr].text, d->o.modern,
			       &d->mapped[f->expr], &xe);
		if (ret)
			return spdx_error_set(err, ret, "%s: '%s': %s",
					      quote_path_str(q, sizeof(q), f->path),
					      idx->exprs[f->expr].text, xe.msg);
	}
	return same_exprs(d, err);
}

/* The declared license: @o->declared, else COPYING's tag in today's spelling. */
static int map_declared(struct export_doc *d, struct spdx_error *err)
{
	const struct spdx_file *f;
	struct spdx_error xe;
	const char *text;
	int ret;

	if (d->o.declared) {
		text = d->o.declared;
	} else if (d->o.under && d->o.under[0]) {
		return 0;	/* COPYING speaks for the whole tree */
	} else {
		f = index_find(d->idx, "COPYING");
		if (!f || !export_file_has_license(f))
			return 0;
		text = d->idx->exprs[f->expr].text;
	}
	ret = map_expr(d, text, 1, &d->declared, &xe);
	if (ret)
		return spdx_error_set(err, ret, "declared license '%s': %s",
				      text, xe.msg);
	return 0;
}

#define POS_NONE SIZE_MAX		/* not in the document */
#define POS_ADDED (SIZE_MAX - 1)	/* a module's source not given */

/* The index's file of source @k of @m, or NULL (outside the tree or
 * not indexed). */
static const struct spdx_file *module_source(const struct bmod *m, size_t k,
					     const struct spdx_index *idx)
{
	return m->srcs[k].in_tree ? index_find(idx, m->srcs[k].path) : NULL;
}

/* Mark @m's sources in the index that @pos does not have yet. */
static void module_mark(const struct bmod *m, const struct spdx_index *idx,
			size_t *pos)
{
	for (size_t k = 0; k < m->nsrcs; k++) {
		const struct spdx_file *f = module_source(m, k, idx);

		if (f && pos[f - idx->files] == POS_NONE)
			pos[f - idx->files] = POS_ADDED;
	}
}

/* @m's sources in the index into @e, each once, at the positions of @pos. */
static int module_sources(struct export_module *e, const struct bmod *m,
			  const struct spdx_index *idx, const size_t *pos)
{
	e->m = m;
	e->srcs = alloc_array(m->nsrcs ? m->nsrcs : 1, sizeof(*e->srcs));
	if (!e->srcs)
		return -ENOMEM;
	for (size_t k = 0; k < m->nsrcs; k++) {
		const struct spdx_file *f = module_source(m, k, idx);
		size_t j;

		if (!f)
			continue;
		for (j = 0; j < e->nsrcs && e->srcs[j] != pos[f - idx->files]; j++)
			;
		if (j == e->nsrcs)
			e->srcs[e->nsrcs++] = pos[f - idx->files];
	}
	return 0;
}

/*
 * The image's modules: their sources among the files, those not given
 * added (the files given are the index's, in its order, which the
 * merged list keeps).
 */
static int add_modules(struct export_doc *d, struct spdx_error *err)
{
	const struct export_image *im = d->o.image;
	const struct spdx_index *idx = d->idx;
	size_t *pos, n = 0;
	int ret = -ENOMEM;

	d->mods = calloc(im->nmodules ? im->nmodules : 1, sizeof(*d->mods));
	pos = alloc_array(idx->nfiles ? idx->nfiles : 1, sizeof(*pos));
	if (!d->mods || !pos)
		goto out;
	for (size_t i = 0; i < idx->nfiles; i++)
		pos[i] = POS_NONE;
	for (size_t i = 0; i < d->n; i++)
		pos[d->files[i] - idx->files] = i;
	for (size_t i = 0; i < im->nmodules; i++)
		module_mark(im->modules[i], idx, pos);
	d->own_files = alloc_array(idx->nfiles ? idx->nfiles : 1, sizeof(*d->own_files));
	if (!d->own_files)
		goto out;
	for (size_t i = 0; i < idx->nfiles; i++)
		if (pos[i] != POS_NONE) {
			pos[i] = n;
			d->own_files[n++] = &idx->files[i];
		}
	d->files = d->own_files;
	d->n = n;
	for (size_t i = 0; i < im->nmodules; i++)
		if (module_sources(&d->mods[i], im->modules[i], idx, pos))
			goto out;
	ret = 0;
out:
	free(pos);
	return ret ? spdx_error_set(err, ret, "out of memory") : 0;
}

/* Has @d a ref of id @id (ids compare without case)? */
static int ref_taken(const struct export_doc *d, const char *id)
{
	for (size_t i = 0; i < d->nrefs; i++)
		if (!strcasecmp(d->refs[i].id, id))
			return 1;
	return 0;
}

/* A new LicenseRef- for module license= @lic: its characters outside
 * an idstring as "-", numbered when another ref has the id. */
static int module_ref_new(struct export_doc *d, const char *lic, size_t *at)
{
	struct export_ref *r;
	char id[256], base[200];
	size_t len = 0;

	for (const char *p = lic; *p && len < sizeof(base) - 1; p++)
		base[len++] = expr_is_idchar(*p) ? *p : '-';
	base[len] = '\0';
	snprintf(id, sizeof(id), "LicenseRef-MODULE-LICENSE-%s", base);
	for (unsigned k = 2; ref_taken(d, id); k++)
		snprintf(id, sizeof(id), "LicenseRef-MODULE-LICENSE-%s-%u", base, k);
	r = ref_new(d, id, lic, "the license= of a module's .modinfo, as "
		    "Documentation/process/license-rules.rst gives its meaning");
	if (!r)
		return -ENOMEM;
	if (asprintf(&r->text, "MODULE_LICENSE(\"%s\")", lic) < 0) {
		r->text = NULL;
		export_ref_release(r);
		return -ENOMEM;
	}
	r->module = 1;
	*at = d->nrefs++;
	return 0;
}

/* Each module's license= as a LicenseRef-, one per distinct string. */
static int module_refs(struct export_doc *d, struct spdx_error *err)
{
	for (size_t i = 0; i < d->o.image->nmodules; i++) {
		const char *lic = d->mods[i].m->license;
		size_t k;

		d->mods[i].ref = SIZE_MAX;
		if (!lic)
			continue;
		for (k = 0; k < d->nrefs; k++)
			if (d->refs[k].module && !strcmp(d->refs[k].name, lic))
				break;
		if (k == d->nrefs && module_ref_new(d, lic, &k))
			return spdx_error_set(err, -ENOMEM, "out of memory");
		d->mods[i].ref = k;
	}
	return 0;
}

/* The image's files and modules, and its .config when there is one. */
static int hash_image(struct export_doc *d, struct spdx_error *err)
{
	const struct export_image *im = d->o.image;
	size_t n = im->n + im->nmodules;
	const char **paths;
	int ret;

	d->image_dig = calloc(n ? n : 1, sizeof(*d->image_dig));
	paths = alloc_array(n ? n : 1, sizeof(*paths));
	if (!d->image_dig || !paths) {
		free(paths);
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < n; i++)
		paths[i] = i < im->n ? im->paths[i] : im->modules[i - im->n]->ko;
	ret = digest_files(im->build, paths, n, DIGEST_SHA1 | DIGEST_SHA256 |
			   DIGEST_GITOID, d->o.nthreads, d->image_dig, err);
	free(paths);
	if (ret)
		return ret;
	ret = digest_file(im->build, ".config", DIGEST_SHA256, &d->config, err);
	d->has_config = !ret;
	return ret == -ENOENT ? 0 : ret;
}

static int sha1_cmp(const void *a, const void *b)
{
	return memcmp(a, b, 20);
}

/*
 * SPDX 2.3's package verification code: the SHA1 of the files' SHA1s in
 * lower-case hex, sorted and concatenated.
 */
static int verification_code(const struct file_digest *dig, size_t n, char *out)
{
	unsigned char (*sums)[20], md[20];
	char hex[41];
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	int ret = -ENOMEM;

	sums = alloc_array(n, sizeof(*sums));
	if (!sums || !c)
		goto out;
	for (size_t i = 0; i < n; i++)
		memcpy(sums[i], dig[i].sha1, 20);
	qsort(sums, n, sizeof(*sums), sha1_cmp);
	ret = -EIO;
	if (!EVP_DigestInit_ex(c, EVP_sha1(), NULL))
		goto out;
	for (size_t i = 0; i < n; i++) {
		digest_hex(sums[i], 20, hex);
		if (!EVP_DigestUpdate(c, hex, 40))
			goto out;
	}
	if (!EVP_DigestFinal_ex(c, md, NULL))
		goto out;
	digest_hex(md, 20, out);
	ret = 0;
out:
	EVP_MD_CTX_free(c);
	free(sums);
	return ret;
}

/*
 * The namespace, from what the document says: the package, then each
 * file's path, SHA256 and license.  The same tree gives the same one.
 */
static int make_namespace(struct export_doc *d)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	unsigned char md[32];
	char hex[65];
	int ok;

	if (!c)
		return -ENOMEM;
	ok = EVP_DigestInit_ex(c, EVP_sha256(), NULL) &&
	     EVP_DigestUpdate(c, d->name, strlen(d->name) + 1) &&
	     EVP_DigestUpdate(c, d->version, strlen(d->version) + 1) &&
	     (!d->declared || EVP_DigestUpdate(c, d->declared, strlen(d->declared) + 1));
	for (size_t i = 0; ok && i < d->n; i++) {
		const char *m = export_file_license(d, i);

		ok = EVP_DigestUpdate(c, d->files[i]->path, strlen(d->files[i]->path) + 1) &&
		     EVP_DigestUpdate(c, d->dig[i].sha256, 32) &&
		     EVP_DigestUpdate(c, m ? m : "", m ? strlen(m) + 1 : 1);
	}
	for (size_t i = 0; ok && d->o.image && i < d->o.image->n; i++)
		ok = EVP_DigestUpdate(c, d->o.image->paths[i], strlen(d->o.image->paths[i]) + 1) &&
		     EVP_DigestUpdate(c, d->image_dig[i].sha256, 32);
	for (size_t i = 0; ok && d->o.image && i < d->o.image->nmodules; i++) {
		const char *m = export_module_license(d, i);

		ok = EVP_DigestUpdate(c, d->mods[i].m->ko, strlen(d->mods[i].m->ko) + 1) &&
		     EVP_DigestUpdate(c, d->image_dig[d->o.image->n + i].sha256, 32) &&
		     EVP_DigestUpdate(c, m ? m : "", m ? strlen(m) + 1 : 1);
	}
	ok = ok && EVP_DigestFinal_ex(c, md, NULL);
	EVP_MD_CTX_free(c);
	if (!ok)
		return -EIO;
	digest_hex(md, 16, hex);
	/* The name cut to 128 bytes: the hash makes the namespace unique,
	 * and an element's IRI stays short. */
	snprintf(d->ns, sizeof(d->ns), "https://spdx.org/spdxdocs/spdxfs/%.128s%s%s-%s",
		 d->name, d->version[0] ? "-" : "", d->version, hex);
	/* A directory's name in an IRI: idstring characters and '/'. */
	for (char *p = d->ns + strlen("https://spdx.org/spdxdocs/spdxfs/"); *p; p++)
		if (!expr_is_idchar(*p) && *p != '/')
			*p = '-';
	return 0;
}

static void make_created(struct export_doc *d)
{
	int64_t t = d->o.created;
	time_t tt;
	struct tm tm;

	if (t < 0) {
		int64_t ns = 0;

		for (size_t i = 0; i < d->n; i++)
			if (d->files[i]->st.mtime_ns > ns)
				ns = d->files[i]->st.mtime_ns;
		t = ns / 1000000000;
	}
	tt = (time_t)t;
	gmtime_r(&tt, &tm);
	strftime(d->created, sizeof(d->created), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * The package's name: "linux" for a kernel tree, else the root's name;
 * then "/" and the directory exported, when it is not the root.
 */
static int make_name(struct export_doc *d, struct source *src,
		     struct spdx_error *err)
{
	const char *root = src->root, *slash, *under = d->o.under;
	size_t len;

	if (!export_kernel_version(src, d->version, sizeof(d->version))) {
		snprintf(d->name, sizeof(d->name), "linux");
	} else {
		d->version[0] = '\0';
		slash = strrchr(root, '/');
		snprintf(d->name, sizeof(d->name), "%s",
			 slash && slash[1] ? slash + 1 : root);
		/* A name in the namespace IRI: idstring characters. */
		for (char *p = d->name; *p; p++)
			if (!expr_is_idchar(*p))
				*p = '-';
		if (!d->name[0])
			snprintf(d->name, sizeof(d->name), "tree");
	}
	if (!under || !under[0])
		return 0;
	len = strlen(d->name);
	if (snprintf(d->name + len, sizeof(d->name) - len, "/%s", under) >=
	    (int)(sizeof(d->name) - len))
		return spdx_error_set(err, -ENAMETOOLONG, "%s: a directory name "
				      "too long for a package name", under);
	return 0;
}

/* What tag-value cannot hold: a path with a line break or not in UTF-8,
 * a "</text>" in a text; a module's too. */
static int check_tv(const struct export_doc *d, struct spdx_error *err)
{
	char q[QUOTE_PATH_ROOM];

	if (strpbrk(d->name, "\n\r") || !utf8_valid(d->name))
		return spdx_error_set(err, -EINVAL, "%s: a directory name with a line "
				      "break or not in UTF-8 cannot be written "
				      "in tag-value", quote_path_str(q, sizeof(q), d->o.under));
	for (size_t i = 0; i < d->n; i++) {
		const struct spdx_expr *e = index_file_expr(d->idx, d->files[i]);

		if (strpbrk(d->files[i]->path, "\n\r"))
			return spdx_error_set(err, -EINVAL, "%s: a file name with a "
					      "line break cannot be written in "
					      "tag-value", quote_path_str(q, sizeof(q),
									  d->files[i]->path));
		if (!utf8_valid(d->files[i]->path))
			return spdx_error_set(err, -EINVAL, "%s: a file name that is "
					      "not UTF-8 cannot be written in "
					      "tag-value", quote_path_str(q, sizeof(q),
									  d->files[i]->path));
		if (e && strstr(e->text, "</text>"))
			return spdx_error_set(err, -EINVAL, "%s: a tag with </text> "
					      "cannot be written in tag-value",
					      quote_path_str(q, sizeof(q), d->files[i]->path));
		if (d->files[i]->copyright && strstr(d->files[i]->copyright, "</text>"))
			return spdx_error_set(err, -EINVAL, "%s: a copyright statement "
					      "with </text> cannot be written in tag-value",
					      quote_path_str(q, sizeof(q), d->files[i]->path));
	}
	for (size_t i = 0; d->o.image && i < d->o.image->nmodules; i++) {
		const struct bmod *m = d->mods[i].m;

		if (!utf8_valid(m->ko) ||
		    (m->license && (!utf8_valid(m->license) ||
				    strstr(m->license, "</text>"))) ||
		    (m->error && strstr(m->error, "</text>")))
			return spdx_error_set(err, -EINVAL, "%s: a module whose name or "
					      "license= is not UTF-8, or has </text>, "
					      "cannot be written in tag-value",
					      quote_path_str(q, sizeof(q), m->ko));
	}
	for (size_t i = 0; i < d->nrefs; i++)
		if (strstr(d->refs[i].text, "</text>"))
			return spdx_error_set(err, -EINVAL, "%s: a license text with "
					      "</text> cannot be written in "
					      "tag-value",
					      quote_path_str(q, sizeof(q), d->refs[i].path));
	return 0;
}

/* What RDF/XML cannot hold as it is: a file name with a control
 * character (but TAB, LF, CR) or not in UTF-8; a module's too. */
static int check_rdf(const struct export_doc *d, struct spdx_error *err)
{
	for (size_t i = 0; i < d->n; i++)
		if (!xml_holds(d->files[i]->path))
			return spdx_error_set(err, -EINVAL, "%s: a file name with a "
					      "control character or not in UTF-8 "
					      "cannot be written in RDF/XML",
					      d->files[i]->path);
	for (size_t i = 0; d->o.image && i < d->o.image->nmodules; i++)
		if (!xml_holds(d->mods[i].m->ko))
			return spdx_error_set(err, -EINVAL, "%s: a module name with a "
					      "control character or not in UTF-8 "
					      "cannot be written in RDF/XML",
					      d->mods[i].m->ko);
	return 0;
}

static int hash_files(struct export_doc *d, struct spdx_error *err)
{
	unsigned what = DIGEST_SHA1 | DIGEST_SHA256;
	const char **paths;
	int ret;

	if (d->o.format == EXPORT_SPDX3)
		what |= DIGEST_GITOID;
	paths = alloc_array(d->n, sizeof(*paths));
	d->dig = calloc(d->n ? d->n : 1, sizeof(*d->dig));
	if (!paths || !d->dig) {
		free(paths);
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < d->n; i++)
		paths[i] = d->files[i]->path;
	ret = digest_files(d->src, paths, d->n, what, d->o.nthreads, d->dig, err);
	free(paths);
	return ret;
}

int export_prepare(struct export_doc **out, struct source *src,
		   const struct spdx_index *idx, const struct spdx_file *const *files,
		   size_t n, const struct export_opts *o, struct spdx_error *err)
{
	struct export_doc *d = calloc(1, sizeof(*d));
	int ret;

	*out = NULL;
	if (!d)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	d->src = src;
	d->idx = idx;
	d->files = files;
	d->n = n;
	d->o = *o;
	ret = make_name(d, src, err);
	if (!ret && o->image)
		ret = add_modules(d, err);
	if (!ret)
		ret = map_files_exprs(d, err);
	if (!ret)
		ret = map_declared(d, err);
	if (!ret && o->image)
		ret = module_refs(d, err);
	if (!ret && o->format == EXPORT_SPDX_TV)
		ret = check_tv(d, err);
	if (!ret && o->format == EXPORT_SPDX_RDF)
		ret = check_rdf(d, err);
	if (!ret)
		ret = hash_files(d, err);
	if (!ret && o->image)
		ret = hash_image(d, err);
	if (!ret && (ret = verification_code(d->dig, d->n, d->verification)))
		spdx_error_errno(err, ret, "verification code");
	if (!ret && o->image &&
	    (ret = verification_code(d->image_dig, o->image->n + o->image->nmodules,
				     d->image_verification)))
		spdx_error_errno(err, ret, "verification code");
	if (!ret && (ret = make_namespace(d)))
		spdx_error_errno(err, ret, "namespace");
	if (ret) {
		export_free(d);
		return ret;
	}
	make_created(d);
	d->comment = o->modern ?
		"License identifiers in today's spelling (spdxfs export "
		"--modern): GPL-2.0 as GPL-2.0-only, GPL-2.0+ as "
		"GPL-2.0-or-later, as the kernel's tags mean them." :
		"License identifiers as the files write them, deprecated ones "
		"(GPL-2.0) kept; spdxfs export --modern writes today's "
		"spelling (GPL-2.0-only).";
	snprintf(d->doc_name, sizeof(d->doc_name), "%s%s%s", d->name,
		 d->version[0] ? "-" : "", d->version);
	*out = d;
	return 0;
}

int export_write(FILE *out, const struct export_doc *d)
{
	int ret = -EINVAL;

	switch (d->o.format) {
	case EXPORT_SPDX_JSON:
		ret = export_spdx2_json(out, d);
		break;
	case EXPORT_SPDX_TV:
		ret = export_spdx2_tv(out, d);
		break;
	case EXPORT_SPDX3:
		ret = export_spdx3_json(out, d);
		break;
	case EXPORT_SPDX_RDF:
		ret = export_spdx2_rdf(out, d);
		break;
	}
	return ferror(out) ? -EIO : ret;
}

void export_free(struct export_doc *d)
{
	if (!d)
		return;
	if (d->mapped)
		for (size_t i = 0; i < d->idx->nexprs; i++)
			free(d->mapped[i]);
	free(d->mapped);
	free(d->same);
	for (size_t i = 0; i < d->nrefs; i++)
		export_ref_release(&d->refs[i]);
	free(d->refs);
	free(d->declared);
	free(d->dig);
	free(d->image_dig);
	for (size_t i = 0; d->mods && i < d->o.image->nmodules; i++)
		free(d->mods[i].srcs);
	free(d->mods);
	free(d->own_files);
	free(d);
}
