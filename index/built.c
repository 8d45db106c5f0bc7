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
#include "hash.h"
#include "source.h"

#define BUILT_RECORD_MAX (64u << 20)	/* a .cmd file or archive index */
#define AR_THIN_MAGIC	"!<thin>\n"
#define AR_MAGIC_SIZE	8
#define AR_HDR_SIZE	60

/* An archive or record met: each is read once. */
struct seen {
	UT_hash_handle hh;
	int done;		/* an archive: its members were read */
	char key[];		/* its path in the build */
};

struct collector {
	struct seen *seen;	/* uthash */
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

/* Is @p (absolute, normalized, @len bytes) @dir or below it? */
static int below(const char *p, size_t len, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return 1;
	return len >= n && !strncmp(p, dir, n) && (len == n || p[n] == '/');
}

/* An in-tree build's relative path that names a generated file. */
static int generated_name(const char *p)
{
	return !strncmp(p, "include/generated/", 18) || !strncmp(p, "./", 2) ||
	       strstr(p, "/generated/");
}

/*
 * A dependency path, as recorded: a file of the tree (kept relative to
 * it), a file of the build directory (generated: only counted), or a
 * file outside both (counted apart, never read).  A relative path is
 * the build directory's, as make ran there.
 */
static int add_dep(struct collector *c, const char *dep, size_t dlen)
{
	const char *tree = c->b->srctree, *build = c->build_dir;
	char buf[2 * PATH_MAX];
	size_t len, n = strlen(tree), off = 0;
	int in_tree_build = !strcmp(tree, build);

	if (dlen >= PATH_MAX)
		return -ENAMETOOLONG;
	if (dep[0] != '/') {
		off = strlen(build) + 1;
		memcpy(buf, build, off - 1);
		buf[off - 1] = '/';
	}
	memcpy(buf + off, dep, dlen);
	len = built_normalize(buf, off + dlen);
	buf[len] = '\0';
	if (!in_tree_build && below(buf, len, build))
		return push(&c->generated, &c->ngenerated, &c->cap_generated,
			    buf, len);
	if (below(buf, len, tree) && len > n + (n > 1)) {
		const char *rel = buf + n + (n > 1);

		if (dep[0] != '/' && in_tree_build && generated_name(rel))
			return push(&c->generated, &c->ngenerated,
				    &c->cap_generated, rel, len - (rel - buf));
		return push(&c->b->paths, &c->b->npaths, &c->cap, rel,
			    len - (rel - buf));
	}
	if (!c->b->noutside++) {
		c->b->outside = strdup(buf);
		if (!c->b->outside)
			return -ENOMEM;
	}
	return 0;
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

/*
 * Has @rel (an object or archive of the build) been met before?  If not,
 * remember it (*@e, with done 0).  1 if it was, 0 if not, -ENOMEM.
 */
static int seen(struct collector *c, const char *rel, struct seen **e)
{
	size_t len = strlen(rel);
	int hash_oom = 0;

	HASH_FIND(hh, c->seen, rel, len, *e);
	if (*e)
		return 1;
	*e = malloc(sizeof(**e) + len + 1);
	if (!*e)
		return -ENOMEM;
	memcpy((*e)->key, rel, len + 1);
	(*e)->done = 0;
	HASH_ADD_KEYPTR(hh, c->seen, (*e)->key, len, *e);
	if (hash_oom) {
		free(*e);
		return -ENOMEM;
	}
	return 0;
}

/* Read DIR/.NAME.cmd for object (or script) @obj, relative to the build,
 * once however many archives list it. */
static int read_record(struct collector *c, const char *obj, size_t len)
{
	char path[PATH_MAX], *text;
	const char *slash = memrchr(obj, '/', len);
	size_t dlen = slash ? (size_t)(slash - obj + 1) : 0;
	size_t tlen;
	struct seen *e;
	int ret;

	if ((size_t)snprintf(path, sizeof(path), "%s/%.*s.%.*s.cmd", c->build_dir,
			     (int)dlen, obj, (int)(len - dlen), obj + dlen) >= sizeof(path))
		return -ENAMETOOLONG;
	ret = seen(c, path + strlen(c->build_dir) + 1, &e);
	if (ret)
		return ret < 0 ? ret : 0;
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

/* A decimal field of an archive header: digits, then blanks to its end.
 * -1 when it is anything else. */
static long long ar_number(const char *f, size_t width)
{
	long long v = 0;
	size_t i = 0;

	for (; i < width && f[i] >= '0' && f[i] <= '9'; i++)
		v = v * 10 + (f[i] - '0');
	if (!i)
		return -1;
	for (; i < width; i++)
		if (f[i] != ' ')
			return -1;
	return v;
}

/* Is the header field @f all blanks from @from to @width? */
static int ar_blank(const char *f, size_t from, size_t width)
{
	for (size_t i = from; i < width; i++)
		if (f[i] != ' ')
			return 0;
	return 1;
}

/* The offset of a long name, "/OFFSET" then blanks in the 16-byte name
 * field @h (GNU ar may leave a '/' among them when it updates an
 * archive), or -1. */
static long long ar_long_name(const char *h)
{
	long long v = 0;
	size_t i = 1;

	for (; i < 16 && h[i] >= '0' && h[i] <= '9'; i++)
		v = v * 10 + (h[i] - '0');
	if (i == 1)
		return -1;
	for (; i < 16; i++)
		if (h[i] != ' ' && h[i] != '/')
			return -1;
	return v;
}

/* built.h */
int built_thin_members(const char *buf, size_t len, built_member_fn fn,
		       void *arg, size_t *at, const char **why)
{
	const char *names = NULL;
	size_t names_len = 0, off = AR_MAGIC_SIZE;
	int ret = 0;

#define AR_FAIL(w) do { *at = off; *why = (w); return -EINVAL; } while (0)
	*at = 0;
	*why = NULL;
	if (len < AR_MAGIC_SIZE || memcmp(buf, AR_THIN_MAGIC, AR_MAGIC_SIZE))
		return -ENOTSUP;
	while (off < len && !ret) {
		const char *h = buf + off, *name = h, *end;
		long long size;
		size_t n;

		if (len - off < AR_HDR_SIZE)
			AR_FAIL("a member header cut short");
		if (memcmp(h + 58, "`\n", 2))
			AR_FAIL("not a member header");
		size = ar_number(h + 48, 10);
		if (size < 0)
			AR_FAIL("a member size that is no number");
		if (h[0] == '/' && (ar_blank(h, 1, 16) ||
				    (h[1] == '/' && ar_blank(h, 2, 16)) ||
				    (!memcmp(h, "/SYM64/", 7) && ar_blank(h, 7, 16)))) {
			/* a symbol table or the long names: stored */
			if ((unsigned long long)size > len - off - AR_HDR_SIZE)
				AR_FAIL("member data past the end of the archive");
			if (h[1] == '/') {
				if (names)
					AR_FAIL("a second long-names table");
				names = h + AR_HDR_SIZE;
				names_len = size;
			}
			off += AR_HDR_SIZE + size;
			off += (size & 1) && off < len;
			continue;
		}
		if (h[0] == '/') {	/* "/OFFSET" into the long names */
			long long o = ar_long_name(h);

			if (o < 0)
				AR_FAIL("a bad member name");
			if (!names || (unsigned long long)o >= names_len)
				AR_FAIL("a member name past the long-names table");
			name = names + o;
			end = memchr(name, '\n', names_len - o);
			if (!end || end == name || end[-1] != '/')
				AR_FAIL("a long name not ended by \"/\\n\"");
			n = end - 1 - name;
		} else {
			end = memchr(h, '/', 16);
			if (!end || !ar_blank(h, end - h + 1, 16))
				AR_FAIL("a bad member name");
			n = end - h;
		}
		if (!n || memchr(name, '\0', n))
			AR_FAIL("a bad member name");
		/* thin archives hold no member data */
		off += AR_HDR_SIZE;
		ret = fn(name, n, arg);
	}
#undef AR_FAIL
	return ret;
}

struct members {
	struct collector *c;
	const char *rel;	/* the archive's path */
	size_t dlen;		/* of its directory, with the '/' */
	int depth;
};

/* One member of a thin archive: its path is relative to the archive's
 * directory, and must stay in the build directory. */
static int member(const char *name, size_t n, void *arg)
{
	struct members *m = arg;
	char path[PATH_MAX];
	size_t len;

	if (m->dlen + n >= sizeof(path))
		return -ENAMETOOLONG;
	memcpy(path, m->rel, m->dlen);
	memcpy(path + m->dlen, name, n);
	len = built_normalize(path, m->dlen + n);
	path[len] = '\0';
	if (!len || path[0] == '/' || !strcmp(path, "..") ||
	    !strncmp(path, "../", 3))
		return collect_fail(m->c, -EINVAL, "%s/%s: member %.*s: outside the build directory",
				    m->c->name, m->rel, (int)n, name);
	if (len > 2 && !strcmp(path + len - 2, ".a"))
		return read_archive(m->c, path, m->depth + 1);
	return read_record(m->c, path, len);
}

/* Read the thin archive @rel (of the build) and its members' records,
 * once however many archives list it. */
static int read_archive(struct collector *c, const char *rel, int depth)
{
	const char *slash = strrchr(rel, '/'), *why;
	struct members m = { c, rel, slash ? (size_t)(slash - rel + 1) : 0, depth };
	char path[PATH_MAX], *buf;
	struct seen *e;
	size_t len, at;
	int ret;

	if (depth > 8)
		return collect_fail(c, -ELOOP, "%s/%s: archives nested too deep",
				    c->name, rel);
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", c->build_dir, rel) >= sizeof(path))
		return -ENAMETOOLONG;
	ret = seen(c, rel, &e);
	if (ret < 0)
		return ret;
	if (ret)
		return e->done ? 0 : collect_fail(c, -ELOOP, "%s/%s: an archive that holds itself",
						   c->name, rel);
	ret = file_read_all(path, BUILT_RECORD_MAX, &buf, &len);
	if (ret == -ENOENT && !depth && !strcmp(rel, "vmlinux.a"))
		return collect_fail(c, ret, "%s: no vmlinux.a: not a built kernel build directory",
				    c->name);
	if (ret)
		return collect_fail(c, ret, "%s/%s: %s", c->name, rel, file_strerror(ret));
	ret = built_thin_members(buf, len, member, &m, &at, &why);
	if (ret == -ENOTSUP && !c->failed)	/* not what kbuild makes */
		collect_fail(c, ret, "%s/%s: not a thin archive", c->name, rel);
	else if (ret == -EINVAL && why && !c->failed)
		collect_fail(c, ret, "%s/%s: offset %zu: %s", c->name, rel, at, why);
	e->done = 1;
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

static void seen_free(struct collector *c)
{
	struct seen *e, *tmp;

	HASH_ITER(hh, c->seen, e, tmp) {
		HASH_DELETE(hh, c->seen, e);
		free(e);
	}
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
	seen_free(&c);
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
	free(b->outside);
	free(b->srctree);
	free(b);
}
