// SPDX-License-Identifier: GPL-2.0-only
/*
 * xattr: the user.spdx.* attributes of the mount's files (see xattr.h),
 * one row each in xattrs[].
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"
#include "index_reuse.h"
#include "maintainers.h"
#include "modlic.h"
#include "modscan.h"
#include "snapshot.h"
#include "series/tag.h"
#include "xattr.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* What a value is computed from. */
struct xattr_req {
	struct snapshot *s;
	const struct vnode *n;
	const struct spdx_file *f;	/* the tree file behind n */
	struct source *src;
};

struct xattr {
	const char *name;
	/* The views (view_table[] names) below which the files have it;
	 * none: every tree file. */
	const char *views[2];
	/* README: what it holds (for an attribute of one view). */
	const char *help;
	/* The value into @buf, as snprintf(): its length, or -ENODATA
	 * when this file has none, or -errno. */
	int (*value)(const struct xattr_req *r, char *buf, size_t size);
};

static int put_str(const char *v, char *buf, size_t size)
{
	return v ? snprintf(buf, size, "%s", v) : -ENODATA;
}

static int xv_expression(const struct xattr_req *r, char *buf, size_t size)
{
	const struct spdx_expr *e = index_file_expr(r->s->idx, r->f);

	return put_str(e ? e->text : NULL, buf, size);
}

static int xv_status(const struct xattr_req *r, char *buf, size_t size)
{
	return put_str(spdx_status_name(r->f->status), buf, size);
}

static int xv_line(const struct xattr_req *r, char *buf, size_t size)
{
	return r->f->line ? snprintf(buf, size, "%u", r->f->line) : -ENODATA;
}

static int xv_path(const struct xattr_req *r, char *buf, size_t size)
{
	return put_str(r->f->path, buf, size);
}

/* Its copyright statements, one a line (copyright.h). */
static int xv_copyright(const struct xattr_req *r, char *buf, size_t size)
{
	return put_str(r->f->copyright, buf, size);
}

/* Where a REUSE tree's file got its licenses (index_reuse.h); none in a
 * kernel tree, whose tags are always in the file's header. */
static int xv_source(const struct xattr_req *r, char *buf, size_t size)
{
	unsigned bits = INDEX_ORIGIN_LICENSE(r->f->origin);

	if (r->s->idx->layout != INDEX_LAYOUT_REUSE || !bits)
		return -ENODATA;
	return index_origin_names(bits, buf, size);
}

/* The file's own error (unreadable, ...) or its expression's. */
static int xv_error(const struct xattr_req *r, char *buf, size_t size)
{
	const struct spdx_expr *e = index_file_expr(r->s->idx, r->f);

	return put_str(r->f->error ? r->f->error : e ? e->error : NULL, buf, size);
}

/*
 * How user.spdx.suggested is remembered per file (snapshot_memo_set()):
 * one of these marks, then tag_suggest()'s text.
 */
enum suggest_mark {
	MEMO_TAG	= '0',	/* the series tags it; the expression */
	MEMO_REVIEW	= '1',	/* left for review; the licenses recognised */
	MEMO_NONE	= 'N',	/* not a file the series tags; no text */
	MEMO_ERROR	= 'E',	/* the file could not be read; the errno */
};

/* Room for a memo: its mark, the suggestion and the NUL. */
#define MEMO_MAX	256

/*
 * The memo of untagged file r->f: what tag_suggest() says, computed once
 * per snapshot (it reads the file, up to TAG_FILE_MAX), a read error
 * too: a file that cannot be read is not tried again until the tree
 * changes.  Returns it, or NULL with *@err set (-ENOMEM, not kept).
 */
static const char *suggestion(const struct xattr_req *r, int *err)
{
	struct snapshot *s = r->s;
	size_t file = r->f - s->idx->files;
	const char *m = snapshot_memo_get(s, SNAP_MEMO_SUGGESTED, file);
	char buf[MEMO_MAX], *val;
	int ret;

	if (m)
		return m;
	ret = tag_suggest(r->src, s->idx, r->f, TAG_DEFAULT_LICENSE, buf + 1,
			  sizeof(buf) - 1);
	if (ret == -ENOMEM) {
		*err = ret;
		return NULL;
	}
	buf[0] = ret == -ENODATA ? MEMO_NONE : ret < 0 ? MEMO_ERROR :
		 ret ? MEMO_REVIEW : MEMO_TAG;
	if (ret < 0)
		snprintf(buf + 1, sizeof(buf) - 1, "%d", -ret);
	val = strdup(buf);
	if (!val || !(m = snapshot_memo_set(s, SNAP_MEMO_SUGGESTED, file, val))) {
		*err = -ENOMEM;
		return NULL;
	}
	return m;
}

static int xv_suggested(const struct xattr_req *r, char *buf, size_t size)
{
	const char *m;
	int err;

	if (r->f->status != ST_UNTAGGED)
		return -ENODATA;
	if (!(m = suggestion(r, &err)))
		return err;
	switch (m[0]) {
	case MEMO_TAG:
		return snprintf(buf, size, "%s", m + 1);
	case MEMO_REVIEW:
		return snprintf(buf, size, "review%s%s", m[1] ? ": " : "", m + 1);
	case MEMO_ERROR:
		return -atoi(m + 1);
	default:
		return -ENODATA;
	}
}

/* The title of the untagged file's most specific MAINTAINERS entry. */
static int xv_maintainer(const struct xattr_req *r, char *buf, size_t size)
{
	const struct maint_entry *ents;
	size_t n;
	long e;

	if (r->f->status != ST_UNTAGGED || !r->s->maint)
		return -ENODATA;
	e = maint_first(r->s->maint, r->f->path);
	if (e == -ENOMEM)
		return -ENOMEM;
	if (e < 0)
		return -ENODATA;
	ents = maint_entries(r->s->maint, &n);
	return put_str(ents[e].title, buf, size);
}

/* The calls @calls (@n) and their classes @cls as '"DECLARED" CLASS'
 * (a macro not resolved bare), joined by ", ", into @buf as snprintf(). */
static int format_calls(const struct modlic_call *calls,
			const unsigned char *cls, size_t n, char *buf,
			size_t size)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		const char *q = calls[i].resolved ? "\"" : "";
		int ret = snprintf(len < size ? buf + len : NULL,
				   len < size ? size - len : 0, "%s%s%s%s %s",
				   i ? ", " : "", q, calls[i].declared, q,
				   modlic_class_key(cls[i]));

		len += ret > 0 ? ret : 0;
	}
	return len;
}

/*
 * The value of r->f read from the file and the tree's table, malloc'd:
 * "" when it has none (no call, no table, or the file unreadable).
 * NULL when memory is short.
 */
static char *read_module_license(const struct xattr_req *r)
{
	struct modlic_table t;
	struct modlic_call *calls;
	unsigned char *cls = NULL;
	char *val = NULL;
	size_t n;
	int len;

	if (modlic_file(r->src, r->f, &calls, &n))
		return NULL;
	if (!n || modlic_table_read(&t, r->src, NULL)) {
		free(calls);
		return strdup("");
	}
	cls = malloc(n);
	if (!cls)
		goto out;
	for (size_t i = 0; i < n; i++)
		cls[i] = modlic_classify(&t, r->s->idx, r->f, &calls[i]);
	len = format_calls(calls, cls, n, NULL, 0);
	val = malloc(len + 1);
	if (val)
		format_calls(calls, cls, n, val, len + 1);
out:
	free(cls);
	modlic_table_release(&t);
	free(calls);
	return val;
}

/*
 * One module_license value is computed at a time, whatever the number of
 * requests.  Each may read MODLIC_FILE_BYTES and MODLIC_INCLUDE_BYTES
 * (modlic.h) and lex them, a tenth of a second for a hostile file: run
 * side by side, a dozen such requests would share the CPUs until each
 * took a second, holding every FUSE worker while the mount's other
 * requests waited.  One at a time, the first worker is free again after
 * one such read, and the requests for the same file that waited here
 * find its value remembered.
 */
static pthread_mutex_t module_license_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * The MODULE_LICENSE() calls of a .c file, each with its class, as
 * 'spdxfs check --modules' finds them (modlic.h).  With mount --modules
 * from the snapshot's scan; else read from the file and the table once
 * per snapshot and remembered (SNAP_MEMO_MODULE_LICENSE), so a changed
 * file gives its new answer with the snapshot that follows the change.
 * Absent for a file with no call and in a tree without the table.
 */
static int xv_module_license(const struct xattr_req *r, char *buf, size_t size)
{
	struct snapshot *s = r->s;
	size_t file = r->f - s->idx->files;
	const char *m;
	char *val;

	if (!modlic_wanted(r->f))
		return -ENODATA;
	if (s->mods) {
		const struct modscan_file *mf = modscan_find(s->mods, r->f);

		return mf ? format_calls(mf->calls, mf->cls, mf->ncalls, buf,
					 size) : -ENODATA;
	}
	m = snapshot_memo_get(s, SNAP_MEMO_MODULE_LICENSE, file);
	if (!m) {
		pthread_mutex_lock(&module_license_lock);
		m = snapshot_memo_get(s, SNAP_MEMO_MODULE_LICENSE, file);
		if (!m && (val = read_module_license(r)))
			m = snapshot_memo_set(s, SNAP_MEMO_MODULE_LICENSE, file, val);
		pthread_mutex_unlock(&module_license_lock);
		if (!m)
			return -ENOMEM;
	}
	return *m ? snprintf(buf, size, "%s", m) : -ENODATA;
}

/* In this order listxattr lists them and README names them. */
static const struct xattr xattrs[] = {
	{ "user.spdx.expression", .value = xv_expression },
	{ "user.spdx.status", .value = xv_status },
	{ "user.spdx.line", .value = xv_line },
	{ "user.spdx.path", .value = xv_path },
	{ "user.spdx.error", .value = xv_error },
	{ "user.spdx.copyright", .value = xv_copyright },
	{ "user.spdx.source", .value = xv_source },
	{ "user.spdx.module_license", .value = xv_module_license },
	{ "user.spdx.suggested", { "untagged", "all" },
	  "the expression 'spdxfs tag' would add (default " TAG_DEFAULT_LICENSE
	  "), or \"review: LICENSES\" (\"review\" when none is recognised) for"
	  " a file left for review, absent for a file the series would not tag",
	  xv_suggested },
	{ "user.spdx.maintainer", { "untagged", "by-maintainer" },
	  "the title of the file's most specific MAINTAINERS entry, as"
	  " get_maintainer.pl finds it (with a MAINTAINERS file)",
	  xv_maintainer },
};

/* Is @top (a root entry, vnode_top(); NULL for the root) one of the
 * views @x is restricted to, if any? */
static int in_views(const struct xattr *x, const struct vnode *top)
{
	if (!x->views[0])
		return 1;
	for (size_t i = 0; top && i < ARRAY_SIZE(x->views) && x->views[i]; i++)
		if (!strcmp(top->name, x->views[i]))
			return 1;
	return 0;
}

/* The value of @x for node @n, or -ENODATA where @n cannot have it. */
static int value_of(const struct xattr *x, struct snapshot *s,
		    const struct vnode *n, struct source *src, char *buf,
		    size_t size)
{
	struct xattr_req r = { .s = s, .n = n, .f = vnode_file(s, n), .src = src };
	if (!r.f || !in_views(x, vnode_top(s, n)))
		return -ENODATA;
	return x->value(&r, buf, size);
}

int xattr_get(struct snapshot *s, const struct vnode *n, struct source *src,
	      const char *name, char *buf, size_t size)
{
	for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++)
		if (!strcmp(xattrs[i].name, name))
			return value_of(&xattrs[i], s, n, src, buf, size);
	return -ENODATA;
}

size_t xattr_list(struct snapshot *s, const struct vnode *n,
		  struct source *src, char *buf, size_t size)
{
	char val[XATTR_VALUE_ROOM];
	size_t len = 0;

	for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
		size_t k = strlen(xattrs[i].name) + 1;

		if (value_of(&xattrs[i], s, n, src, val, sizeof(val)) < 0)
			continue;
		if (len + k <= size)
			memcpy(buf + len, xattrs[i].name, k);
		len += k;
	}
	return len;
}

void xattr_describe(FILE *out)
{
	const char *sep = "";

	for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
		if (xattrs[i].views[0])
			continue;
		fprintf(out, "%s%s", sep, xattrs[i].name);
		sep = ", ";
	}
	for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
		const struct xattr *x = &xattrs[i];

		if (!x->views[0])
			continue;
		fprintf(out, "; in %s/", x->views[0]);
		for (size_t j = 1; j < ARRAY_SIZE(x->views) && x->views[j]; j++)
			fprintf(out, " and %s/", x->views[j]);
		fprintf(out, " also %s: %s", x->name, x->help);
	}
	fputc('.', out);
}
