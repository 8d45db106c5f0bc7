// SPDX-License-Identifier: GPL-2.0-only
/*
 * licenses: read the tree's LICENSES/ metatags into a table of files and
 * a case-insensitive hash of the identifiers they declare.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/error.h"
#include "util/grow.h"
#include "spdx/licenses.h"
#include "source/source.h"

/* Identifiers are looked up without case: hash and compare folded. */
/* For uthash, so defined before hash.h. */
#define HASH_FUNCTION(key, keylen, hashv) \
	((hashv) = fold_hash((const char *)(key), (keylen)))
#define HASH_KEYCMP(a, b, n) strncasecmp((const char *)(a), \
					 (const char *)(b), (n))
#include "util/hash.h"

/* hash_bytes() (hash.h) of the key with a-z as A-Z. */
static unsigned fold_hash(const char *s, size_t n)
{
	uint64_t h = HASH_SEED ^ n, w;
	unsigned char up[8];

	for (;;) {
		size_t k = n < 8 ? n : 8;

		for (size_t i = 0; i < k; i++)
			up[i] = s[i] >= 'a' && s[i] <= 'z' ? s[i] - ('a' - 'A') : s[i];
		w = 0;
		memcpy(&w, up, k);
		if (k < 8)
			return (unsigned)hash_end(h ^ w);
		h = hash_mix(h, w);
		s += 8, n -= 8;
	}
}

#define LICENSE_FILE_MAX	(1u << 20)

static const char *const license_dirs[] = {
	"preferred", "dual", "deprecated", "exceptions",
};

struct ident {
	const char *id;			/* as declared, in its file */
	struct license_file *file;
	UT_hash_handle hh;
};

struct lic_priv {
	struct ident *hash;		/* head of the uthash */
	struct ident *idents;		/* one array for all entries */
};

struct loader {
	struct license_file *files;
	int nfiles;
	size_t cap;
	struct spdx_error *err;
	int failed;		/* err filled */
};

static int load_fail(struct loader *ld, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int load_fail(struct loader *ld, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	spdx_error_vset(ld->err, ret, fmt, ap);
	va_end(ap);
	ld->failed = 1;
	return ret;
}

static void file_release(struct license_file *f)
{
	int i;

	for (i = 0; i < f->nids; i++)
		free(f->ids[i]);
	for (i = 0; i < f->nallowed; i++)
		free(f->allowed[i]);
	free(f->ids);
	free(f->allowed);
	free(f->name);
	free(f->dir);
	free(f->path);
	free(f->url);
}

/* Append a copy of @s (@n bytes) to the string vector *@v. */
static int strv_push(char ***v, int *n, const char *s, size_t len)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (!nv)
		return -ENOMEM;
	*v = nv;
	nv[*n] = strndup(s, len);
	if (!nv[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

/* Trim spaces, tabs and CRs around [*s, *s + *n). */
static void trim(const char **s, size_t *n)
{
	while (*n && strchr(" \t\r", **s)) {
		(*s)++;
		(*n)--;
	}
	while (*n && strchr(" \t\r", (*s)[*n - 1]))
		(*n)--;
}

/* If @line starts with @tag, point *@val at its trimmed value. */
static int tag_value(const char *line, size_t len, const char *tag,
		     const char **val, size_t *vlen)
{
	size_t k = strlen(tag);

	if (len < k || memcmp(line, tag, k))
		return 0;
	*val = line + k;
	*vlen = len - k;
	trim(val, vlen);
	return 1;
}

/* "SPDX-Licenses: A, B, C": append each non-empty entry. */
static int add_allowed(struct license_file *f, const char *v, size_t n)
{
	while (n) {
		const char *comma = memchr(v, ',', n);
		size_t k = comma ? (size_t)(comma - v) : n;
		const char *item = v;
		size_t ilen = k;
		int ret;

		trim(&item, &ilen);
		if (ilen) {
			ret = strv_push(&f->allowed, &f->nallowed, item, ilen);
			if (ret)
				return ret;
		}
		v += k + !!comma;
		n -= k + !!comma;
	}
	return 0;
}

struct tags {
	char **exc_ids;
	int nexc;
	unsigned line;		/* 1-based, of the line being read */
};

/* Is [id, id + n) an SPDX idstring, letters, digits, '.' and '-'?  A
 * license id may end in one '+', as the kernel's "GPL-2.0+" does. */
static int idstring_ok(const char *id, size_t n, int license)
{
	size_t i;

	if (license && n > 1 && id[n - 1] == '+')
		n--;
	for (i = 0; i < n; i++)
		if (!((id[i] >= 'A' && id[i] <= 'Z') || (id[i] >= 'a' && id[i] <= 'z') ||
		      (id[i] >= '0' && id[i] <= '9') || id[i] == '.' || id[i] == '-'))
			return 0;
	return n > 0;
}

/*
 * Is [id, id + n) fit to declare: idstrings joined by single spaces (one,
 * or an expression such as the "GPL-2.0 OR GFDL-1.1-no-invariants-only"
 * that the kernel's deprecated GFDL files declare, which no expression
 * can name), and not "." or ".."?  Each id names a directory of the
 * mount's by-id/, so nothing else may pass.
 */
static int id_is_valid(const char *id, size_t n, int license)
{
	const char *sp;

	if ((n == 1 && id[0] == '.') || (n == 2 && !memcmp(id, "..", 2)))
		return 0;
	while ((sp = memchr(id, ' ', n))) {
		if (!idstring_ok(id, sp - id, license))
			return 0;
		n -= sp + 1 - id;
		id = sp + 1;
	}
	return idstring_ok(id, n, license);
}

/* Say which identifier of @f, on line @line, is not one. */
static int bad_id(struct loader *ld, const struct license_file *f,
		  unsigned line, const char *id, size_t n)
{
	char shown[68];
	size_t i, k = n < 64 ? n : 64;

	if (!n)
		return load_fail(ld, -EINVAL, "%s:%u: empty identifier tag",
				 f->path, line);
	for (i = 0; i < k; i++)	/* no control characters on a terminal */
		shown[i] = (unsigned char)id[i] < 0x20 || id[i] == 0x7f ? '?' : id[i];
	strcpy(shown + k, n > k ? "..." : "");
	return load_fail(ld, -EINVAL, "%s:%u: invalid identifier \"%s\" (an SPDX "
			 "identifier is letters, digits, '.' and '-')",
			 f->path, line, shown);
}

/* One metatag line; License-Text: is handled by the caller. */
static int parse_tag(struct loader *ld, struct license_file *f,
		     struct tags *t, const char *line, size_t len)
{
	const char *v;
	size_t n;

	if (tag_value(line, len, "Valid-License-Identifier:", &v, &n)) {
		if (!id_is_valid(v, n, 1))
			return bad_id(ld, f, t->line, v, n);
		return strv_push(&f->ids, &f->nids, v, n);
	}
	if (tag_value(line, len, "SPDX-Exception-Identifier:", &v, &n)) {
		if (!id_is_valid(v, n, 0))
			return bad_id(ld, f, t->line, v, n);
		return strv_push(&t->exc_ids, &t->nexc, v, n);
	}
	if (tag_value(line, len, "SPDX-Licenses:", &v, &n))
		return add_allowed(f, v, n);
	if (!f->url && tag_value(line, len, "SPDX-URL:", &v, &n) && n) {
		f->url = strndup(v, n);
		return f->url ? 0 : -ENOMEM;
	}
	return 0;
}

/* Parse the metatags of @buf into @f. */
static int parse_metatags(struct loader *ld, struct license_file *f,
			  const char *buf, size_t len)
{
	struct tags t = { 0 };
	size_t off = 0;
	int ret = 0, i;

	f->text_offset = len;
	while (off < len) {
		const char *nl = memchr(buf + off, '\n', len - off);
		size_t end = nl ? (size_t)(nl - buf) : len;

		if (end - off >= 13 && !memcmp(buf + off, "License-Text:", 13)) {
			f->text_offset = nl ? end + 1 : len;
			break;
		}
		t.line++;
		ret = parse_tag(ld, f, &t, buf + off, end - off);
		if (ret)
			goto out;
		off = nl ? end + 1 : len;
	}
	if (t.nexc && f->nids) {
		ret = load_fail(ld, -EINVAL, "%s: declares both license and exception identifiers",
				f->path);
	} else if (t.nexc) {
		f->exception = 1;
		f->ids = t.exc_ids;
		f->nids = t.nexc;
		t.exc_ids = NULL;
		t.nexc = 0;
		if (!f->nallowed)
			ret = load_fail(ld, -EINVAL, "%s: no SPDX-Licenses",
					f->path);
	} else if (!f->nids) {
		ret = load_fail(ld, -EINVAL, "%s: no Valid-License-Identifier",
				f->path);
	}
out:
	for (i = 0; i < t.nexc; i++)
		free(t.exc_ids[i]);
	free(t.exc_ids);
	return ret;
}

/* Add the file at @path (LICENSES/DIR/.../NAME) and read its tags. */
static int add_file(struct loader *ld, struct source *src, const char *path,
		    const char *dir)
{
	struct license_file *f;
	const char *slash = strrchr(path, '/');
	char *buf;
	size_t len;
	int ret;

	f = grow(ld->files, ld->nfiles, &ld->cap, sizeof(*ld->files), 32);
	if (!f)
		return load_fail(ld, -ENOMEM, "out of memory");
	ld->files = f;
	f = &ld->files[ld->nfiles++];
	memset(f, 0, sizeof(*f));
	f->path = strdup(path);
	f->dir = strdup(dir);
	f->name = strdup(slash ? slash + 1 : path);
	if (!f->path || !f->dir || !f->name)
		return load_fail(ld, -ENOMEM, "out of memory");
	ret = source_read_all(src, path, LICENSE_FILE_MAX, &buf, &len);
	if (ret)
		return load_fail(ld, ret, "%s: %s", path, strerror(-ret));
	f->size = len;
	ret = parse_metatags(ld, f, buf, len);
	free(buf);
	if (ret == -ENOMEM)
		return load_fail(ld, ret, "out of memory");
	return ret;
}

struct walk_ctx {
	struct loader *ld;
	struct source *src;
};

/* Walk callback: regular files below LICENSES/{one of license_dirs}/. */
static int walk_one(const struct src_entry *ent, void *arg)
{
	struct walk_ctx *w = arg;
	const char *rest;
	size_t i, n;

	/* A part of LICENSES/ that cannot be read: no identifier it
	 * declares may go missing silently. */
	if (ent->err) {
		load_fail(w->ld, ent->err, "%s%s: %s", ent->path,
			  ent->kind == SRC_DIR ? "/" : "", strerror(-ent->err));
		return ent->err;
	}
	if (ent->kind != SRC_REG || strncmp(ent->path, "LICENSES/", 9))
		return 0;
	rest = ent->path + 9;
	for (i = 0; i < sizeof(license_dirs) / sizeof(license_dirs[0]); i++) {
		n = strlen(license_dirs[i]);
		if (!strncmp(rest, license_dirs[i], n) && rest[n] == '/')
			return add_file(w->ld, w->src, ent->path,
					license_dirs[i]);
	}
	return 0;
}

static int cmp_files(const void *a, const void *b)
{
	const struct license_file *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->path, y->path);
}

static struct ident *find_ident(const struct lic_priv *priv, const char *id,
				size_t len)
{
	struct ident *found = NULL;

	HASH_FIND(hh, priv->hash, id, len, found);
	return found;
}

/* Hash every declared id, in files[] order, refusing duplicates. */
static int build_hash(struct loader *ld, struct licenses *lic,
		      struct lic_priv *priv)
{
	int i, j, total = 0, k = 0, hash_oom = 0;

	for (i = 0; i < lic->nfiles; i++)
		total += lic->files[i].nids;
	priv->idents = calloc(total ? total : 1, sizeof(*priv->idents));
	if (!priv->idents)
		return load_fail(ld, -ENOMEM, "out of memory");
	for (i = 0; i < lic->nfiles; i++) {
		struct license_file *f = &lic->files[i];

		for (j = 0; j < f->nids; j++) {
			struct ident *dup, *it = &priv->idents[k++];
			size_t len = strlen(f->ids[j]);

			dup = find_ident(priv, f->ids[j], len);
			if (dup)
				return load_fail(ld, -EINVAL, "%s: duplicate identifier %s (also in %s)",
						 f->path, f->ids[j],
						 dup->file->path);
			it->id = f->ids[j];
			it->file = f;
			HASH_ADD_KEYPTR(hh, priv->hash, it->id, len, it);
			if (hash_oom)
				return load_fail(ld, -ENOMEM, "out of memory");
			if (f->exception)
				lic->nexception_ids++;
			else
				lic->nlicense_ids++;
		}
	}
	return 0;
}

/* Every SPDX-Licenses entry must name a declared license. */
static int check_allowed(struct loader *ld, const struct licenses *lic)
{
	int i, j;

	for (i = 0; i < lic->nfiles; i++) {
		const struct license_file *f = &lic->files[i], *l;

		for (j = 0; f->exception && j < f->nallowed; j++) {
			l = licenses_lookup(lic, f->allowed[j],
					    strlen(f->allowed[j]));
			if (!l || l->exception)
				return load_fail(ld, -EINVAL, "%s: SPDX-Licenses names undeclared license %s",
						 f->path, f->allowed[j]);
		}
	}
	return 0;
}

int licenses_load(struct licenses **out, struct source *src,
		  struct spdx_error *err)
{
	struct loader ld = { .err = err };
	struct walk_ctx w = { .ld = &ld, .src = src };
	struct licenses *lic = NULL;
	struct lic_priv *priv;
	int ret, i;

	*out = NULL;
	ret = source_walk(src, "LICENSES", walk_one, &w);
	if (ret < 0 && !ld.failed)
		load_fail(&ld, ret, "LICENSES: %s", strerror(-ret));
	if (ret)
		goto fail;
	ret = -ENOMEM;
	lic = calloc(1, sizeof(*lic));
	priv = calloc(1, sizeof(*priv));
	if (!lic || !priv) {
		free(priv);
		load_fail(&ld, ret, "out of memory");
		goto fail;
	}
	if (ld.nfiles)
		qsort(ld.files, ld.nfiles, sizeof(*ld.files), cmp_files);
	lic->files = ld.files;
	lic->nfiles = ld.nfiles;
	lic->byid = priv;
	ld.files = NULL;
	ret = build_hash(&ld, lic, priv);
	if (!ret)
		ret = check_allowed(&ld, lic);
	if (ret)
		goto fail;
	*out = lic;
	return 0;
fail:
	for (i = 0; i < ld.nfiles && ld.files; i++)
		file_release(&ld.files[i]);
	free(ld.files);
	licenses_free(lic);
	return ret;
}

/* @f declaring @d alone; an exception allows @d[0..@n)'s licenses. */
static int decl_file(struct license_file *f, const struct license_decl *d,
		     const struct license_decl *all, int n)
{
	*f = (struct license_file){
		.name = strdup(d->id), .dir = strdup(""), .path = strdup(d->path),
		.exception = d->exception, .size = d->size,
	};
	if (!f->name || !f->dir || !f->path ||
	    strv_push(&f->ids, &f->nids, d->id, strlen(d->id)))
		return -ENOMEM;
	for (int i = 0; d->exception && i < n; i++)
		if (!all[i].exception &&
		    strv_push(&f->allowed, &f->nallowed, all[i].id,
			      strlen(all[i].id)))
			return -ENOMEM;
	return 0;
}

int licenses_from_decls(struct licenses **out, const struct license_decl *d,
			int n, struct spdx_error *err)
{
	struct loader ld = { .err = err };
	struct licenses *lic;
	struct lic_priv *priv;
	int ret = -ENOMEM;

	*out = NULL;
	lic = calloc(1, sizeof(*lic));
	priv = calloc(1, sizeof(*priv));
	if (!lic || !priv) {
		free(lic);
		free(priv);
		return load_fail(&ld, -ENOMEM, "out of memory");
	}
	lic->byid = priv;
	lic->files = calloc(n ? n : 1, sizeof(*lic->files));
	if (!lic->files)
		goto fail;
	for (int i = 0; i < n; i++) {
		int dup = 0;

		for (int j = 0; j < lic->nfiles && !dup; j++)
			dup = !strcasecmp(lic->files[j].name, d[i].id);
		if (dup)
			continue;
		ret = decl_file(&lic->files[lic->nfiles++], &d[i], d, n);
		if (ret)
			goto fail;
	}
	if (lic->nfiles)
		qsort(lic->files, lic->nfiles, sizeof(*lic->files), cmp_files);
	ret = build_hash(&ld, lic, priv);
	if (ret)
		goto fail_filled;
	*out = lic;
	return 0;
fail:
	load_fail(&ld, ret, "out of memory");
fail_filled:
	licenses_free(lic);
	return ret;
}

void licenses_free(struct licenses *lic)
{
	struct lic_priv *priv;
	int i;

	if (!lic)
		return;
	priv = lic->byid;
	if (priv) {
		HASH_CLEAR(hh, priv->hash);
		free(priv->idents);
		free(priv);
	}
	for (i = 0; i < lic->nfiles; i++)
		file_release(&lic->files[i]);
	free(lic->files);
	free(lic);
}

const struct license_file *licenses_lookup(const struct licenses *lic,
					   const char *id, size_t len)
{
	const struct ident *it;

	if (!lic || !lic->byid)
		return NULL;
	it = find_ident(lic->byid, id, len);
	return it ? it->file : NULL;
}

const char *licenses_spelling(const struct licenses *lic, const char *id,
			      size_t len)
{
	const struct ident *it;

	if (!lic || !lic->byid)
		return NULL;
	it = find_ident(lic->byid, id, len);
	return it ? it->id : NULL;
}

int licenses_exception_allows(const struct license_file *exc,
			      const char *lid, size_t len)
{
	int i;

	for (i = 0; exc && i < exc->nallowed; i++)
		if (strlen(exc->allowed[i]) == len &&
		    !strncasecmp(exc->allowed[i], lid, len))
			return 1;
	return 0;
}
