// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_oom: every allocation of the library failing in turn.
 *
 * malloc, calloc, realloc, strdup and strndup are wrapped at link time
 * (-Wl,--wrap, see the Makefile), so the library's calls to them come
 * here; the C library's own allocations are left alone.  Each operation
 * is run once to count its allocations, then once per allocation with
 * that one failing.  It must then succeed anyway or fail with -ENOMEM and
 * its struct spdx_error filled, never crash, exit or leak (the sanitizer
 * run checks leaks).  The uthash tables' allocations are among them, so
 * a failed add is seen too.  Builds use one thread, so the count is the
 * same from run to run.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbom/built.h"
#include "check.h"
#include "util/error.h"
#include "sbom/export.h"
#include "fixture.h"
#include "index.h"
#include "spdx/licenses.h"
#include "maintainers.h"
#include "modscan.h"
#include "refresh.h"
#include "source/source.h"
#include "store.h"
#include "series/tag.h"
#include "series/tag_split.h"
#include "tap.h"

/* ---- the wrapped allocator ---------------------------------------------- */

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static int armed;	/* counting the library's allocations */
static long calls;	/* allocations since armed */
static long fail_at;	/* the one to fail, 1-based; 0: none */

static int fail_now(void)
{
	return armed && ++calls == fail_at;
}

void *__wrap_malloc(size_t n)
{
	return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
	return fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
	return fail_now() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
	return fail_now() ? NULL : __real_strndup(s, n);
}

/* ---- the driver ------------------------------------------------------- */

/* One operation: 0 or -errno with @err filled; frees what it made.  An
 * inconsistency it notices itself is -EPROTO. */
typedef int (*oom_op)(void *arg, struct spdx_error *err);

static long run(oom_op op, void *arg, long fail, struct spdx_error *err,
		int *ret)
{
	memset(err, 0, sizeof(*err));
	calls = 0;
	fail_at = fail;
	armed = 1;
	*ret = op(arg, err);
	armed = 0;
	return calls;
}

static void every_failure(const char *name, oom_op op, void *arg)
{
	struct spdx_error err;
	long n, failed = 0, bad = 0;
	int ret;

	n = run(op, arg, 0, &err, &ret);
	is_int(ret, 0, "%s: succeeds with memory", name);
	if (ret)
		printf("# %s\n", err.msg);
	ok(n > 0, "%s: %ld allocations", name, n);
	for (long k = 1; k <= n; k++) {
		run(op, arg, k, &err, &ret);
		if (!ret)
			continue;
		failed++;
		if (ret == -ENOMEM && err.code == ret && err.msg[0] &&
		    strlen(err.msg) < sizeof(err.msg))
			continue;
		if (!bad++)
			printf("# %s, allocation %ld failing: %d (%s), error %d '%s'\n",
			       name, k, ret, strerror(-ret), err.code, err.msg);
	}
	ok(failed > 0, "%s: %ld of them fail it", name, failed);
	is_int(bad, 0, "%s: each failure -ENOMEM with the error filled", name);
}

/* ---- the operations --------------------------------------------------- */

struct ctx {
	char tree[64], cache[64];
	struct source *src;
	struct spdx_index *idx;		/* a full index of the tree */
	struct tag_opts tag;
};

static int op_source_open(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct source *src = NULL;
	int ret;

	ret = source_open(&src, &(struct source_spec){ .type = SOURCE_DIR,
			  .path = c->tree }, err);
	source_free(src);
	return ret;
}

static int op_licenses(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct licenses *lic = NULL;
	int ret = licenses_load(&lic, c->src, err);

	licenses_free(lic);
	return ret;
}

static int op_build(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct index_opts o = { .nthreads = 1 };
	struct spdx_index *idx = NULL;
	int ret = index_build(&idx, c->src, &o, err);

	index_free(idx);
	return ret;
}

/* From a previous index: the files it knew are taken over. */
static int op_rebuild(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct index_opts o = { .nthreads = 1, .prev = c->idx };
	struct spdx_index *idx = NULL;
	int ret = index_build(&idx, c->src, &o, err);

	if (!ret && idx->rescanned)
		ret = -EPROTO;
	index_free(idx);
	return ret;
}

/* A refresh saves, then the next one loads: a failed load or save does
 * not fail the refresh, but must say why. */
static int op_refresh(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct index_refresh_opts o = { .nthreads = 1 };
	struct index_refresh_result res;
	struct spdx_index *idx = NULL;
	char path[PATH_MAX];
	int ret;

	if (!store_path(c->src->root, path, sizeof(path)))
		unlink(path);
	for (int i = 0; i < 2; i++) {
		ret = index_refresh(&idx, c->src, &o, &res, err);
		index_free(idx);
		idx = NULL;
		if (ret)
			return ret;
		if (res.save == REFRESH_SAVE_FAILED &&
		    (!res.save_error.code || !res.save_error.msg[0]))
			return -EPROTO;
		if (i && res.load != REFRESH_LOAD_USED &&
		    (!res.load_error.code || !res.load_error.msg[0]))
			return -EPROTO;
	}
	return 0;
}

static int op_select(void *arg, struct spdx_error *err)
{
	static const char *const paths[] = { "drivers", "a.c", "./lib/" };
	struct ctx *c = arg;
	const struct spdx_file **files = NULL;
	size_t n;
	int ret = check_select(c->idx, NULL, paths, 3, &files, &n, err);

	free(files);
	return ret;
}

static int op_tag(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct tag_plan *p = NULL;
	int ret = tag_plan_build(&p, c->src, c->idx, &c->tag, err);

	tag_plan_free(p);
	return ret;
}

static const char maintainers[] =
	"DRIVERS\nM:\tA <a@example.org>\nR:\tB <b@example.org>\n"
	"L:\tlist@example.org (moderated)\nS:\tMaintained\nF:\tdrivers/\n"
	"F:\tdrivers/*.[ch]\nX:\tdrivers/excluded.c\nN:\tun tagged\n\n"
	"DRIVERS\nF:\tlib/\n\nTHE REST\nF:\t*\nF:\t*/\n";

static int op_maint(void *arg, struct spdx_error *err)
{
	struct maint *m = NULL;
	struct maint_hit h[4];
	int ret = maint_parse(&m, maintainers, sizeof(maintainers) - 1, NULL,
			      NULL, err);

	if (!ret && (maint_match(m, "drivers/untagged.c", h, 4) != 2 ||
		     maint_find_name(m, "DRIVERS-2") != 1))
		ret = -EPROTO;
	maint_free(m);
	return ret;
}

/* The plan cut per entry: 0 or -ENOMEM, which says nothing itself. */
static int op_split(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct tag_plan *p = NULL;
	struct tag_series *s = NULL;
	struct maint *m = NULL;
	size_t n = 0;
	int ret = maint_parse(&m, maintainers, sizeof(maintainers) - 1, NULL,
			      NULL, err);

	if (!ret)
		ret = tag_plan_build(&p, c->src, c->idx, &c->tag, err);
	if (!ret && (ret = tag_split_maintainers(&s, &n, p, m, NULL)))
		spdx_error_set(err, ret, "tag_split_maintainers: out of memory");
	if (!ret && n != 3)
		ret = -EPROTO;
	tag_split_free(s, n);
	tag_plan_free(p);
	maint_free(m);
	return ret;
}

static int op_built(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct built *b = NULL;
	int ret = built_collect(&b, c->tree, err);

	if (!ret && b->npaths != 3)
		ret = -EPROTO;
	built_free(b);
	return ret;
}

/* An SPDX document of the whole tree, with a LicenseRef-. */
/* The MODULE_LICENSE() calls, from nothing and from a previous scan. */
static int op_modscan(void *arg, struct spdx_error *err)
{
	struct ctx *c = arg;
	struct modscan *m = NULL, *again = NULL;
	int ret = modscan_index(&m, c->src, c->idx, 1, NULL, err);

	if (!ret)
		ret = modscan_index(&again, c->src, c->idx, 1, m, err);
	if (!ret && (m->nfiles != 2 || again->nfiles != 2 || again->nread != 1 ||
		     again->count[MODLIC_CONTRADICTION] != 1))
		ret = spdx_error_set(err, -EPROTO, "modscan: %zu files, %zu read",
				     again->nfiles, again->nread);
	modscan_free(m);
	modscan_free(again);
	return ret;
}

/* Prepare and write the document of @files with @o, which must hold
 * each of the strings @want (NULL-ended): 0, or -EPROTO. */
static int export_holds(struct ctx *c, const struct spdx_file **files, size_t n,
			const struct export_opts *o, const char *const *want,
			struct spdx_error *err)
{
	struct export_doc *doc = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int ret = export_prepare(&doc, c->src, c->idx, files, n, o, err);

	if (!ret) {
		f = open_memstream(&buf, &len);
		if (!f || export_write(f, doc) || fclose(f))
			ret = -EPROTO;
		for (; !ret && *want; want++)
			if (!strstr(buf, *want))
				ret = spdx_error_set(err, -EPROTO, "no %s", *want);
	}
	export_free(doc);
	free(buf);
	return ret;
}

static int op_export(void *arg, struct spdx_error *err)
{
	static const char *const want[] = { "LicenseRef-Foo-1.0", NULL };
	struct ctx *c = arg;
	struct export_opts o = {
		.format = EXPORT_SPDX3, .created = 0, .nthreads = 1, .tool = "t",
	};
	const struct spdx_file **files;
	int ret;

	files = calloc(c->idx->nfiles, sizeof(*files));
	if (!files)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	for (size_t i = 0; i < c->idx->nfiles; i++)
		files[i] = &c->idx->files[i];
	ret = export_holds(c, files, c->idx->nfiles, &o, want, err);
	free(files);
	return ret;
}

/* A built kernel's document: a module whose source the files given lack
 * (its .ko not ELF, so without a license). */
static int op_export_image(void *arg, struct spdx_error *err)
{
	static const char *const want[] = {
		"./drivers/m.ko", "./drivers/mod.c", NULL
	};
	struct ctx *c = arg;
	struct export_opts o = {
		.format = EXPORT_SPDX_JSON, .created = 0, .nthreads = 1, .tool = "t",
	};
	const struct spdx_file **files;
	struct export_image im;
	size_t n = 0;
	int ret = export_image_open(&im, c->tree, err);

	if (ret)
		return ret;
	files = calloc(c->idx->nfiles, sizeof(*files));
	if (!files) {
		export_image_release(&im);
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < c->idx->nfiles; i++)
		if (strcmp(c->idx->files[i].path, "drivers/mod.c"))
			files[n++] = &c->idx->files[i];
	o.image = &im;
	ret = export_holds(c, files, n, &o, want, err);
	export_image_release(&im);
	free(files);
	return ret;
}

/* ---- the fixture ------------------------------------------------------ */

#define GPL2 "Valid-License-Identifier: GPL-2.0\n" \
	     "Valid-License-Identifier: GPL-2.0-only\n" \
	     "SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n" \
	     "License-Text:\n  x\n"

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/GPL-2.0", GPL2 },
	{ "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\n"
	  "License-Text:\n  x\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
	  "SPDX-Exception-Identifier: Linux-syscall-note\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0-only\nLicense-Text:\n  x\n" },
	{ "LICENSES/deprecated/Foo", "Valid-License-Identifier: Foo-1.0\n"
	  "License-Text:\n  foo\n" },
	{ "scripts/spdxexclude", "drivers/excluded.c\n" },
	{ "Documentation/process/license-rules.rst",
	  "MODULE_LICENSE\n\n  ===== =====\n  \"GPL\" GPL v2\n  ===== =====\n" },
	{ "drivers/mod.c", "// SPDX-License-Identifier: MIT\nMODULE_LICENSE(\"GPL\");\n" },
	{ "drivers/macro.c", "// SPDX-License-Identifier: GPL-2.0\n#define L \"GPL\"\nMODULE_LICENSE(L);\n" },
	{ "foo.c", "// SPDX-License-Identifier: Foo-1.0 or MIT\n" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "b.h", "/* SPDX-License-Identifier: GPL-2.0 OR MIT */\n" },
	{ "drivers/bad.c", "// SPDX-License-Identifier: GPL-1.0+\n" },
	{ "drivers/excluded.c", "int x;\n" },
	{ "drivers/untagged.c", "int y;\n" },
	{ "drivers/mit.c", "// SPDX-License-Identifier: MIT\n" },
	{ "include/uapi/x.h",
	  "/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n" },
	{ "lib/gpl.c", "/*\n * This program is free software; you can "
	  "redistribute it and/or modify\n * it under the terms of the GNU "
	  "General Public License version 2 as\n * published by the Free "
	  "Software Foundation.\n */\nint z;\n" },
	{ "lib/strict.c", "// SPDX-License-Identifier: GPL-2.0 OR MIT OR MIT\n" },
	/* An in-tree kernel build: vmlinux.a is written in main(). */
	{ ".vmlinux.o.cmd", "cmd_vmlinux.o := ld -r -o vmlinux.o vmlinux.a\n" },
	{ ".x.o.cmd", "source_x.o := a.c\n\ndeps_x.o := \\\n  b.h \\\n"
	  "  include/uapi/x.h \\\n  include/generated/autoconf.h \\\n\n" },
	/* Its image and a module m of drivers/mod.c. */
	{ "vmlinux", "ELF\n" },
	{ "modules.order", "drivers/m.o\n" },
	{ "drivers/m.mod", "drivers/mod.o\n" },
	{ "drivers/.mod.o.cmd", "source_drivers/mod.o := drivers/mod.c\n" },
	{ "drivers/m.ko", "not ELF\n" },
};

int main(void)
{
	static const struct tag_review reviews[] = {
		{ .path = "drivers/untagged.c", .expr = "GPL-2.0", .line = 1 },
	};
	struct ctx c = {
		.tree = "/tmp/spdxfs-test-oom.XXXXXX",
		.cache = "/tmp/spdxfs-test-oom-cache.XXXXXX",
		.tag = { .reviews = reviews, .nreviews = 1, .decisions = "d" },
	};
	struct spdx_error err;
	char thin[128];
	int ret;

	/* vmlinux.a: a thin archive of x.o, one 60-byte member header. */
	snprintf(thin, sizeof(thin), "!<thin>\n%-16s%-12s%-6s%-6s%-8s%-10s`\n",
		 "x.o/", "0", "0", "0", "644", "0");
	ret = fixture_make(c.tree, files, sizeof(files) / sizeof(files[0]));
	if (!ret)
		ret = fixture_write(c.tree, "vmlinux.a", thin);
	if (!ret && (!mkdtemp(c.cache) || setenv("SPDXFS_CACHE_DIR", c.cache, 1)))
		ret = -errno;
	if (!ret)
		ret = fixture_index(c.tree, 0, &c.src, &c.idx, &err);
	is_int(ret, 0, "fixture tree and its index");
	if (ret)
		goto out;

	every_failure("source_open", op_source_open, &c);
	every_failure("licenses_load", op_licenses, &c);
	every_failure("index_build", op_build, &c);
	every_failure("index_build from a previous index", op_rebuild, &c);
	every_failure("index_refresh, saved and loaded", op_refresh, &c);
	every_failure("check_select", op_select, &c);
	every_failure("tag_plan_build", op_tag, &c);
	every_failure("built_collect", op_built, &c);
	every_failure("maint_parse", op_maint, &c);
	every_failure("tag_split_maintainers", op_split, &c);
	every_failure("export_prepare and export_write", op_export, &c);
	every_failure("export_image_open and a built kernel's document",
		      op_export_image, &c);
	every_failure("modscan_index, and from a previous one", op_modscan, &c);
out:
	index_free(c.idx);
	source_free(c.src);
	fixture_remove(c.tree);
	if (!strstr(c.cache, "XXXXXX"))
		fixture_remove(c.cache);
	return tap_done();
}
