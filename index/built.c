// SPDX-License-Identifier: GPL-2.0-only
/*
 * built: read a kernel build directory's link and dependency records.
 */
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "built.h"
#include "error.h"
#include "grow.h"
#include "source.h"

#define BUILT_RECORD_MAX (64u << 20)	/* a .cmd file or archive index */
#define AR_THIN_MAGIC	"!<thin>\n"
#define AR_HDR_SIZE	60

struct collector {
	struct built *b;
	const char *build_dir;	/* absolute */
	const char *name;	/* the build directory as given, for messages */
	size_t cap;
	char **generated;
	size_t ngenerated, cap_generated;
	struct spdx_error *err;
	int failed;		/* err filled */
};

/* Fail with @ret, saying why; built_collect() says "NAME: strerror"
 * for a failure nothing said. */
static int collect_fail(struct collector *c, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int collect_fail(struct collector *c, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	spdx_error_vset(c->err, ret, fmt, ap);
	va_end(ap);
	c->failed = 1;
	return ret;
}

static int push(char ***arr, size_t *n, size_t *cap, const char *s, size_t len)
{
	char **a = grow(*arr, *n, cap, sizeof(**arr), 256);

	if (!a)
		return -ENOMEM;
	*arr = a;
	(*arr)[*n] = strndup(s, len);
	if (!(*arr)[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

/* built.h: as gcc wrote them for #include "../x.h". */
size_t built_normalize(char *p, size_t len)
{
	size_t abs = len && p[0] == '/', out = abs, i = abs;

	while (i < len) {
		size_t j = i, n;

		while (j < len && p[j] != '/')
			j++;
		n = j - i;
		if (n == 0 || (n == 1 && p[i] == '.')) {
			/* empty or "." component: dropped */
		} else if (n == 2 && p[i] == '.' && p[i + 1] == '.' && out > abs &&
			   !(out - abs == 2 && !memcmp(p + abs, "..", 2)) &&
			   !(out - abs > 2 && !memcmp(p + out - 3, "/..", 3))) {
			while (out > abs && p[out - 1] != '/')
				out--;	/* back over the last component */
			if (out > abs)
				out--;	/* and its slash */
		} else {
			if (out > abs)
				p[out++] = '/';
			memmove(p + out, p + i, n);
			out += n;
		}
		i = j + 1;
	}
	return out;
}

/* A dependency path: in the tree (relative kept) or generated. */
static int add_dep(struct collector *c, const char *dep, size_t dlen)
{
	char buf[PATH_MAX];
	const char *p = buf;
	size_t len, n = strlen(c->b->srctree);

	if (dlen >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, dep, dlen);
	len = built_normalize(buf, dlen);
	buf[len] = '\0';
	int in_tree_build = !strcmp(c->b->srctree, c->build_dir);

	if (len > n && p[n] == '/' && !strncmp(p, c->b->srctree, n))
		return push(&c->b->paths, &c->b->npaths, &c->cap, p + n + 1, len - n - 1);
	if (p[0] != '/' && in_tree_build &&
	    strncmp(p, "include/generated/", 18) && strncmp(p, "./", 2) &&
	    !strstr(p, "/generated/"))
		return push(&c->b->paths, &c->b->npaths, &c->cap, p, len);
	return push(&c->generated, &c->ngenerated, &c->cap_generated, p, len);
}

/*
 * Parse one .cmd record: "source_X := PATH" and the continuation lines of
 * "deps_X := \".  $(wildcard ...) entries name config options, not files.
 */
static int parse_cmd(struct collector *c, char *text)
{
	char *line = text, *next;
	int in_deps = 0, ret = 0;

	/* Line by line, empty lines included: one ends the deps_ record. */
	for (; line && *line && !ret; line = next) {
		size_t len;
		char *p = line;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		len = strlen(line);
		if (!in_deps) {
			if (!strncmp(line, "source_", 7) && (p = strstr(line, " := "))) {
				p += 4;
				ret = add_dep(c, p, strlen(p));
			} else if (!strncmp(line, "deps_", 5) && len > 2 &&
				   line[len - 1] == '\\') {
				in_deps = 1;
			}
			continue;
		}
		in_deps = len && line[len - 1] == '\\';
		if (in_deps)
			len--;
		while (len && (*p == ' ' || *p == '\t'))
			p++, len--;
		while (len && (p[len - 1] == ' ' || p[len - 1] == '\t'))
			len--;
		if (!len || !strncmp(p, "$(wildcard", 10))
			continue;
		ret = add_dep(c, p, len);
	}
	return ret;
}

/* Read DIR/.NAME.cmd for object (or script) @obj, relative to the build. */
static int read_record(struct collector *c, const char *obj, size_t len)
{
	char path[PATH_MAX], *text;
	const char *slash = memrchr(obj, '/', len);
	size_t dlen = slash ? (size_t)(slash - obj + 1) : 0;
	size_t tlen;
	int ret;

	if ((size_t)snprintf(path, sizeof(path), "%s/%.*s.%.*s.cmd", c->build_dir,
			     (int)dlen, obj, (int)(len - dlen), obj + dlen) >= sizeof(path))
		return -ENAMETOOLONG;
	ret = file_read_all(path, BUILT_RECORD_MAX, &text, &tlen);
	if (ret == -ENOENT) {
		c->b->nno_record++;
		return 0;
	}
	if (ret)
		return collect_fail(c, ret, "%s/%.*s.%.*s.cmd: %s", c->name,
				    (int)dlen, obj, (int)(len - dlen), obj + dlen,
				    file_strerror(ret));
	c->b->nobjects++;
	ret = parse_cmd(c, text);
	free(text);
	return ret;
}

static int read_archive(struct collector *c, const char *rel, int depth);

/* Walk the members of a thin archive (paths relative to its directory). */
static int archive_members(struct collector *c, const char *rel, const char *buf,
			   size_t len, int depth)
{
	const char *names = NULL, *slash = strrchr(rel, '/');
	size_t names_len = 0, off = 8, dlen = slash ? (size_t)(slash - rel + 1) : 0;
	char member[PATH_MAX];
	int ret = 0;

	while (off + AR_HDR_SIZE <= len && !ret) {
		const char *h = buf + off;
		unsigned long size = strtoul(h + 48, NULL, 10);
		const char *name = h, *end;
		size_t n;

		off += AR_HDR_SIZE;
		if (!strncmp(h, "// ", 3)) {	/* long names, stored */
			names = buf + off;
			names_len = size;
			off += size + (size & 1);
			continue;
		}
		if (h[0] == '/' && (h[1] == ' ' || !strncmp(h, "/SYM64/", 7))) {
			off += size + (size & 1);	/* symbol table, stored */
			continue;
		}
		if (h[0] == '/' && names) {	/* "/OFFSET" into the names */
			unsigned long at = strtoul(h + 1, NULL, 10);

			if (at >= names_len)
				return collect_fail(c, -EINVAL, "%s/%s: a member name past the names table",
						    c->name, rel);
			name = names + at;
			end = memchr(name, '\n', names_len - at);
			n = end ? (size_t)(end - name) : names_len - at;
		} else {
			end = memchr(h, '/', 16);
			n = end ? (size_t)(end - h) : 16;
		}
		if (n && name[n - 1] == '/')
			n--;
		/* thin archives hold no member data */
		if ((size_t)snprintf(member, sizeof(member), "%.*s%.*s", (int)dlen,
				     rel, (int)n, name) >= sizeof(member))
			return -ENAMETOOLONG;
		if (n > 2 && !strcmp(member + strlen(member) - 2, ".a"))
			ret = read_archive(c, member, depth + 1);
		else
			ret = read_record(c, member, strlen(member));
	}
	return ret;
}

static int read_archive(struct collector *c, const char *rel, int depth)
{
	char path[PATH_MAX], *buf;
	size_t len;
	int ret;

	if (depth > 8)
		return collect_fail(c, -ELOOP, "%s/%s: archives nested too deep",
				    c->name, rel);
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", c->build_dir, rel) >= sizeof(path))
		return -ENAMETOOLONG;
	ret = file_read_all(path, BUILT_RECORD_MAX, &buf, &len);
	if (ret == -ENOENT && !depth && !strcmp(rel, "vmlinux.a"))
		return collect_fail(c, ret, "%s: no vmlinux.a: not a built kernel build directory",
				    c->name);
	if (ret)
		return collect_fail(c, ret, "%s/%s: %s", c->name, rel, file_strerror(ret));
	if (len < 8 || memcmp(buf, AR_THIN_MAGIC, 8))	/* not what kbuild makes */
		ret = collect_fail(c, -ENOTSUP, "%s/%s: not a thin archive",
				   c->name, rel);
	else
		ret = archive_members(c, rel, buf, len, depth);
	free(buf);
	return ret;
}

/* The archives .vmlinux.o.cmd links; vmlinux.a alone when it is absent. */
static int link_inputs(struct collector *c, char ***archives, size_t *n)
{
	char path[PATH_MAX], *text, *tok, *save = NULL;
	size_t len, cap = 0;
	int ret;

	snprintf(path, sizeof(path), "%s/.vmlinux.o.cmd", c->build_dir);
	ret = file_read_all(path, BUILT_RECORD_MAX, &text, &len);
	if (ret == -ENOENT)
		return push(archives, n, &cap, "vmlinux.a", 9);
	if (ret)
		return collect_fail(c, ret, "%s/.vmlinux.o.cmd: %s", c->name,
				    file_strerror(ret));
	for (tok = strtok_r(text, " \t\n", &save); tok && !ret;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		size_t tl = strlen(tok);

		if (tl > 2 && !strcmp(tok + tl - 2, ".a"))
			ret = push(archives, n, &cap, tok, tl);
	}
	free(text);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t sort_unique(char **v, size_t n)
{
	size_t k = 0;

	if (!n)		/* v may be NULL, which qsort() must not get */
		return 0;
	qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 0; i < n; i++) {
		if (k && !strcmp(v[k - 1], v[i]))
			free(v[i]);
		else
			v[k++] = v[i];
	}
	return k;
}

static char *source_tree(const char *build_dir)
{
	char link[PATH_MAX];

	snprintf(link, sizeof(link), "%s/source", build_dir);
	return realpath(link, NULL);	/* O= builds; NULL when in-tree */
}

/* The records of the archives vmlinux links, then the linker script's. */
static int collect(struct collector *c)
{
	char **archives = NULL, pat[PATH_MAX];
	size_t narchives = 0;
	glob_t g = { 0 };
	int ret;

	ret = link_inputs(c, &archives, &narchives);
	for (size_t i = 0; i < narchives && !ret; i++)
		ret = read_archive(c, archives[i], 0);
	for (size_t i = 0; i < narchives; i++)
		free(archives[i]);
	free(archives);
	if (ret)
		return ret;
	snprintf(pat, sizeof(pat), "%s/arch/*/kernel/.vmlinux.lds.cmd", c->build_dir);
	if (glob(pat, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
		/* ".../kernel/.vmlinux.lds.cmd" records ".../kernel/vmlinux.lds" */
		const char *rel = g.gl_pathv[0] + strlen(c->build_dir) + 1;
		const char *base = strrchr(rel, '/') + 2;
		char obj[PATH_MAX];

		snprintf(obj, sizeof(obj), "%.*s%.*s", (int)(base - 1 - rel), rel,
			 (int)(strlen(base) - 4), base);
		ret = read_record(c, obj, strlen(obj));
	}
	globfree(&g);
	return ret;
}

int built_collect(struct built **out, const char *build_dir,
		  struct spdx_error *err)
{
	struct collector c = { .name = build_dir, .err = err };
	char *dir;
	int ret;

	dir = realpath(build_dir, NULL);
	if (!dir)
		return spdx_error_errno(err, -errno, "%s", build_dir);
	c.build_dir = dir;
	c.b = calloc(1, sizeof(*c.b));
	if (c.b) {
		c.b->srctree = source_tree(dir);
		if (!c.b->srctree)
			c.b->srctree = strdup(dir);
	}
	ret = c.b && c.b->srctree ? collect(&c) : -ENOMEM;
	if (ret) {
		if (!c.failed)
			spdx_error_errno(err, ret, "%s", build_dir);
		for (size_t i = 0; i < c.ngenerated; i++)
			free(c.generated[i]);
		free(c.generated);
		free(dir);
		built_free(c.b);
		return ret;
	}
	c.b->npaths = sort_unique(c.b->paths, c.b->npaths);
	c.b->ngenerated = sort_unique(c.generated, c.ngenerated);
	for (size_t i = 0; i < c.b->ngenerated; i++)
		free(c.generated[i]);
	free(c.generated);
	free(dir);
	*out = c.b;
	return 0;
}

void built_free(struct built *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->npaths; i++)
		free(b->paths[i]);
	free(b->paths);
	free(b->srctree);
	free(b);
}
