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

#include "sbom/built.h"
#include "sbom/built_cmd.h"
#include "util/error.h"
#include "util/grow.h"
#include "util/hash.h"
#include "source/source.h"

#define BUILT_RECORD_MAX (64u << 20)	/* a .cmd file or archive index */
#define AR_THIN_MAGIC	"!<thin>\n"
#define AR_MAGIC_SIZE	8
#define AR_HDR_SIZE	60

/* How a file of the build was reached, which says why the tree files
 * behind it are there (why_of()). */
enum walk {
	W_TOP,		/* linked into vmlinux */
	W_DATA,		/* what a file of the image was made from */
	W_LDS,		/* a linker script */
	W_TOOL,		/* a program that made one */
};

/* An archive or record met: each is read once (a generated file once per
 * walk, its key "W:PATH"). */
struct seen {
	UT_hash_handle hh;
	int done;		/* an archive: its members were read */
	char key[];		/* its path in the build */
};

/* A tree file met, with a bit per enum built_why it was met for. */
struct tree_file {
	UT_hash_handle hh;
	unsigned why;
	int generated;		/* in-tree builds: it has a record */
	char path[];
};

struct collector {
	struct seen *seen;	/* uthash */
	struct tree_file *tree;	/* uthash */
	struct built *b;
	const char *build_dir;	/* absolute */
	const char *name;	/* the build directory as given, for messages */
	int in_tree;		/* the build directory is the tree */
	char **generated;
	size_t ngenerated, cap_generated;
	struct seen **todo;	/* generated files to follow, in order */
	size_t ntodo, cap_todo;
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
 * Has @key been met before?  If not, remember it (*@e, with done 0).
 * 1 if it was, 0 if not, -ENOMEM.
 */
static int seen(struct collector *c, const char *key, struct seen **e)
{
	size_t len = strlen(key);
	int hash_oom = 0;

	HASH_FIND(hh, c->seen, key, len, *e);
	if (*e)
		return 1;
	*e = malloc(sizeof(**e) + len + 1);
	if (!*e)
		return -ENOMEM;
	memcpy((*e)->key, key, len + 1);
	(*e)->done = 0;
	HASH_ADD_KEYPTR(hh, c->seen, (*e)->key, len, *e);
	if (hash_oom) {
		free(*e);
		return -ENOMEM;
	}
	return 0;
}

/* "DIR/.NAME.cmd" for @rel (@len bytes) of the build into @out. */
static int record_path(char *out, size_t size, const char *rel, size_t len)
{
	const char *slash = memrchr(rel, '/', len);
	size_t dlen = slash ? (size_t)(slash - rel + 1) : 0;

	if ((size_t)snprintf(out, size, "%.*s.%.*s.cmd", (int)dlen, rel,
			     (int)(len - dlen), rel + dlen) >= size)
		return -ENAMETOOLONG;
	return 0;
}

/* Has file @rel of the build a record?  (Only a stat.) */
static int has_record(struct collector *c, const char *rel, size_t len)
{
	char path[PATH_MAX], rec[PATH_MAX];
	struct stat st;

	if (record_path(rec, sizeof(rec), rel, len) ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s", c->build_dir, rec) >= sizeof(path))
		return 0;
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* Follow generated file @rel (@len bytes, of the build) through its
 * record later, once per walk. */
static int follow(struct collector *c, const char *rel, size_t len,
		  enum walk walk)
{
	char key[PATH_MAX + 2];
	struct seen *e, **a;
	int ret;

	if (len + 2 >= sizeof(key))
		return -ENAMETOOLONG;
	key[0] = '0' + walk;
	key[1] = ':';
	memcpy(key + 2, rel, len);
	key[len + 2] = '\0';
	ret = seen(c, key, &e);
	if (ret)
		return ret < 0 ? ret : 0;
	if (c->ntodo >= BUILT_FOLLOW_MAX)
		return collect_fail(c, -E2BIG, "%s: more than %u generated files to follow",
				    c->name, BUILT_FOLLOW_MAX);
	a = grow(c->todo, c->ntodo, &c->cap_todo, sizeof(*c->todo), 64);
	if (!a)
		return -ENOMEM;
	c->todo = a;
	c->todo[c->ntodo++] = e;
	return 0;
}

/* A generated file of the build, @rel: counted, and followed in @walk. */
static int generated(struct collector *c, const char *rel, size_t len,
		     enum walk walk)
{
	int ret = push(&c->generated, &c->ngenerated, &c->cap_generated, rel, len);

	return ret ? ret : follow(c, rel, len, walk);
}

/*
 * Tree file @rel met for @why.  In an in-tree build a file with a record
 * is a generated one (a vdso-image-64.c as an object's source_), found
 * the first time it is met: it is followed in @walk instead.
 */
static int tree_add(struct collector *c, const char *rel, size_t len,
		    enum built_why why, enum walk walk)
{
	struct tree_file *t;
	int hash_oom = 0;

	HASH_FIND(hh, c->tree, rel, len, t);
	if (!t) {
		t = malloc(sizeof(*t) + len + 1);
		if (!t)
			return -ENOMEM;
		memcpy(t->path, rel, len);
		t->path[len] = '\0';
		t->why = 0;
		t->generated = c->in_tree && has_record(c, rel, len);
		HASH_ADD_KEYPTR(hh, c->tree, t->path, len, t);
		if (hash_oom) {
			free(t);
			return -ENOMEM;
		}
	}
	if (t->generated)
		return generated(c, rel, len, walk);
	t->why |= 1u << why;
	return 0;
}

/*
 * @p (@plen bytes, relative to the build directory or absolute) made
 * absolute and normalized into @buf (2 * PATH_MAX bytes); its length.
 */
static ssize_t resolve(struct collector *c, const char *p, size_t plen, char *buf)
{
	size_t off = 0;

	if (plen >= PATH_MAX)
		return -ENAMETOOLONG;
	if (p[0] != '/') {
		off = strlen(c->build_dir) + 1;
		memcpy(buf, c->build_dir, off - 1);
		buf[off - 1] = '/';
	}
	memcpy(buf + off, p, plen);
	off = built_normalize(buf, off + plen);
	buf[off] = '\0';
	return off;
}

/*
 * A dependency path, as recorded: a file of the tree (kept relative to
 * it, for @why), a file of the build directory (generated: counted, and
 * followed in @next), or a file outside both (counted apart, never
 * read).  A relative path is the build directory's, as make ran there.
 */
static int add_dep(struct collector *c, const char *dep, size_t dlen,
		   enum built_why why, enum walk next)
{
	const char *tree = c->b->srctree, *build = c->build_dir;
	size_t n = strlen(tree);
	char buf[2 * PATH_MAX];
	ssize_t len = resolve(c, dep, dlen, buf);

	if (len < 0)
		return len;
	if (!c->in_tree && below(buf, len, build))
		return generated(c, buf + strlen(build) + 1,
				 len - strlen(build) - 1, next);
	if (below(buf, len, tree) && (size_t)len > n + (n > 1)) {
		const char *rel = buf + n + (n > 1);
		size_t rlen = len - (rel - buf);

		if (dep[0] != '/' && c->in_tree && generated_name(rel))
			return generated(c, rel, rlen, next);
		return tree_add(c, rel, rlen, why, next);
	}
	if (!c->b->noutside++) {
		c->b->outside = strdup(buf);
		if (!c->b->outside)
			return -ENOMEM;
	}
	return 0;
}

/* Why the tree files of a record of @target, reached in @walk, are there. */
static enum built_why why_of(enum walk walk, const char *target)
{
	size_t len = strlen(target);

	if (walk == W_TOOL)
		return BUILT_GENERATOR_INPUT;
	if (walk == W_LDS || (len > 4 && !strcmp(target + len - 4, ".lds")))
		return BUILT_LINKER_SCRIPT;
	if (walk == W_TOP)
		return BUILT_COMPILED;
	if (len > 2 && !strcmp(target + len - 2, ".o"))
		return BUILT_EMBEDDED;
	return BUILT_GENERATOR_INPUT;
}

/* What a record's words and .incbin paths are looked at with. */
struct words {
	struct collector *c;
	const char *target;	/* the record's file, of the build */
	enum walk walk;
	int blob;		/* .incbin paths of its assembler source */
};

/*
 * A word of a command (or an .incbin path): when it names a file of the
 * build that has a record or is there, or a regular file of the tree, that
 * file is an input.  A program makes the tree files behind it generator
 * inputs, a linker script linker scripts; a blob an assembler source
 * pulls in is embedded in its object; any other input keeps the walk (a
 * linker script's inputs are data).
 */
static int word(const char *w, size_t wlen, enum built_word role, void *arg)
{
	struct words *ws = arg;
	struct collector *c = ws->c;
	const char *tree = c->b->srctree, *build = c->build_dir;
	size_t tn = strlen(tree), bn = strlen(build);
	enum walk walk;
	enum built_why why;
	char buf[2 * PATH_MAX];
	struct stat st;
	ssize_t len;

	if (role == BUILT_WORD_PROGRAM || ws->walk == W_TOOL)
		walk = W_TOOL;
	else if (role == BUILT_WORD_SCRIPT)
		walk = W_LDS;
	else if (ws->blob || ws->walk == W_LDS)
		walk = W_DATA;
	else
		walk = ws->walk;
	why = walk == W_TOOL ? BUILT_GENERATOR_INPUT :
	      walk == W_LDS ? BUILT_LINKER_SCRIPT :
	      ws->blob ? BUILT_EMBEDDED :
	      walk == W_TOP ? BUILT_COMPILED : BUILT_GENERATOR_INPUT;
	len = resolve(c, w, wlen, buf);
	if (len < 0)
		return len == -ENAMETOOLONG ? 0 : len;
	if (below(buf, len, build) && (size_t)len > bn + 1) {
		const char *rel = buf + bn + 1;
		size_t rlen = len - bn - 1;

		if (!strcmp(rel, ws->target))
			return 0;
		if (has_record(c, rel, rlen) || (c->in_tree && generated_name(rel)))
			return generated(c, rel, rlen, walk);
		if (!c->in_tree)
			return stat(buf, &st) || !S_ISREG(st.st_mode) ? 0 :
			       generated(c, rel, rlen, walk);
	}
	if (below(buf, len, tree) && (size_t)len > tn + (tn > 1) &&
	    !stat(buf, &st) && S_ISREG(st.st_mode)) {
		const char *rel = buf + tn + (tn > 1);

		return tree_add(c, rel, len - (rel - buf), why, walk);
	}
	return 0;
}

/* The .incbin blobs of assembler source @src (as its record names it). */
static int incbin(const struct words *ws, const char *src)
{
	struct collector *c = ws->c;
	struct words blob = *ws;
	char path[2 * PATH_MAX], *text;
	ssize_t plen = resolve(c, src, strlen(src), path);
	size_t len;
	int ret;

	if (plen < 0)
		return plen;
	if (!below(path, plen, c->build_dir) && !below(path, plen, c->b->srctree))
		return 0;	/* outside both: never read */
	ret = file_read_all(path, BUILT_RECORD_MAX, &text, &len);
	if (ret)
		return collect_fail(c, ret, "%s: %s", path, file_strerror(ret));
	blob.blob = 1;
	ret = built_incbin(text, len, word, &blob);
	free(text);
	return ret;
}

/*
 * Parse one .cmd record of @target, reached in @walk: "source_X := PATH"
 * and the continuation lines of "deps_X := \" ($(wildcard ...) entries
 * name config options, not files), an assembler source's .incbin blobs,
 * and without a source_ line the words of "cmd_X := " or
 * "savedcmd_X := ".
 */
static int parse_cmd(struct collector *c, char *text, const char *target,
		     enum walk walk)
{
	struct words ws = { c, target, walk, 0 };
	enum built_why why = why_of(walk, target);
	enum walk next = walk == W_TOOL ? W_TOOL : W_DATA;
	char *line = text, *next_line, *cmd = NULL, *src = NULL;
	int in_deps = 0, ret = 0;

	/* Line by line, empty lines included: one ends the deps_ record. */
	for (; line && *line && !ret; line = next_line) {
		size_t len;
		char *p = line;

		next_line = strchr(line, '\n');
		if (next_line)
			*next_line++ = '\0';
		len = strlen(line);
		if (!in_deps) {
			if (!strncmp(line, "source_", 7) && (p = strstr(line, " := "))) {
				src = p + 4;
				ret = add_dep(c, src, strlen(src), why, next);
			} else if (!strncmp(line, "deps_", 5) && len > 2 &&
				   line[len - 1] == '\\') {
				in_deps = 1;
			} else if (!cmd && (!strncmp(line, "cmd_", 4) ||
					    !strncmp(line, "savedcmd_", 9)) &&
				   (p = strstr(line, " := "))) {
				cmd = p + 4;
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
		ret = add_dep(c, p, len, why, next);
	}
	if (!ret && src && strlen(src) > 2 && !strcmp(src + strlen(src) - 2, ".S"))
		ret = incbin(&ws, src);
	if (!ret && !src && cmd)
		ret = built_cmd_words(cmd, strlen(cmd), word, &ws);
	return ret;
}

/*
 * Read the record of @obj (@len bytes, relative to the build) in @walk,
 * once.  A @root is one of vmlinux's own (an archive member, the linker
 * script): counted among the objects, or those without a record.
 * Returns 0 or -errno; 1 when there is no record.
 */
static int read_record(struct collector *c, const char *obj, size_t len,
		       enum walk walk, int root)
{
	char rec[PATH_MAX], path[PATH_MAX], target[PATH_MAX], *text;
	size_t tlen;
	struct seen *e;
	int ret;

	if (len >= sizeof(target) || record_path(rec, sizeof(rec), obj, len) ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s", c->build_dir, rec) >= sizeof(path))
		return -ENAMETOOLONG;
	memcpy(target, obj, len);
	target[len] = '\0';
	if (root) {
		ret = seen(c, rec, &e);
		if (ret)
			return ret < 0 ? ret : 0;
	}
	ret = file_read_all(path, BUILT_RECORD_MAX, &text, &tlen);
	if (ret == -ENOENT) {
		c->b->nno_record += root;
		return 1;
	}
	if (ret)
		return collect_fail(c, ret, "%s/%s: %s", c->name, rec,
				    file_strerror(ret));
	if (root)
		c->b->nobjects++;
	else
		c->b->nfollowed++;
	ret = parse_cmd(c, text, target, walk);
	free(text);
	return ret;
}

/*
 * Headers of the top Kbuild file that filechk writes, which leaves no
 * record: the file each is made from ('*' the architecture).
 */
static const struct {
	const char *header, *from;
} no_record[] = {
	{ "include/generated/bounds.h", "kernel/bounds.s" },
	{ "include/generated/asm-offsets.h", "arch/*/kernel/asm-offsets.s" },
	{ "include/generated/rq-offsets.h", "kernel/sched/rq-offsets.s" },
};

/* Generated file @rel has no record: what no_record[] says it is made
 * from, when that is one file of the build, followed in @walk. */
static int follow_no_record(struct collector *c, const char *rel, enum walk walk)
{
	char pat[PATH_MAX];
	glob_t g = { 0 };
	int ret = 0;

	for (size_t i = 0; i < sizeof(no_record) / sizeof(no_record[0]); i++) {
		if (strcmp(rel, no_record[i].header))
			continue;
		snprintf(pat, sizeof(pat), "%s/%s", c->build_dir, no_record[i].from);
		if (glob(pat, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
			const char *from = g.gl_pathv[0] + strlen(c->build_dir) + 1;

			ret = generated(c, from, strlen(from), walk);
		}
		globfree(&g);
		break;
	}
	return ret;
}

/* The generated files met, each through its record, until none is left:
 * each (file, walk) is queued once, so this ends. */
static int follow_all(struct collector *c)
{
	int ret = 0;

	for (size_t i = 0; i < c->ntodo && ret >= 0; i++) {
		const char *key = c->todo[i]->key;
		enum walk walk = key[0] - '0';

		ret = read_record(c, key + 2, strlen(key + 2), walk, 0);
		if (ret == 1)
			ret = follow_no_record(c, key + 2, walk);
	}
	return ret < 0 ? ret : 0;
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
	int ret;

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
	ret = read_record(m->c, path, len, W_TOP, 1);
	return ret == 1 ? 0 : ret;
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

/*
 * The boot images made of vmlinux, arch/ARCH/boot/bzImage, each followed
 * from its record as what links into the image: the setup code and the
 * decompressor are compiled into it, vmlinux is embedded.
 */
static int boot_images(struct collector *c)
{
	char pat[PATH_MAX];
	glob_t g = { 0 };
	int ret = 0;

	snprintf(pat, sizeof(pat), "%s/arch/*/boot/.bzImage.cmd", c->build_dir);
	if (glob(pat, 0, NULL, &g))
		return 0;
	for (size_t i = 0; i < g.gl_pathc && !ret; i++) {
		const char *rel = g.gl_pathv[i] + strlen(c->build_dir) + 1;
		const char *boot = strstr(rel, "/boot/.bzImage.cmd");
		char img[PATH_MAX];

		snprintf(img, sizeof(img), "%.*s/boot/bzImage", (int)(boot - rel), rel);
		if (!c->b->boot_image && !(c->b->boot_image = strdup(img)))
			ret = -ENOMEM;
		else
			ret = follow(c, img, strlen(img), W_TOP);
	}
	globfree(&g);
	return ret;
}

/* What scripts/link-vmlinux.sh links into vmlinux besides vmlinux.o,
 * named by no record. */
static const char *const link_objects[] = {
	".vmlinux.export.o",
	"init/version-timestamp.o",
};

/* The records of the archives vmlinux links and of the objects
 * link-vmlinux.sh adds, then the linker script's; then the generated
 * files met, followed. */
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
	for (size_t i = 0; i < sizeof(link_objects) / sizeof(link_objects[0]) && !ret; i++)
		if (has_record(c, link_objects[i], strlen(link_objects[i])))
			ret = read_record(c, link_objects[i], strlen(link_objects[i]),
					  W_TOP, 1);
	if (ret < 0)
		return ret;
	snprintf(pat, sizeof(pat), "%s/arch/*/kernel/.vmlinux.lds.cmd", c->build_dir);
	if (glob(pat, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
		/* ".../kernel/.vmlinux.lds.cmd" records ".../kernel/vmlinux.lds" */
		const char *rel = g.gl_pathv[0] + strlen(c->build_dir) + 1;
		const char *base = strrchr(rel, '/') + 2;
		char obj[PATH_MAX];

		snprintf(obj, sizeof(obj), "%.*s%.*s", (int)(base - 1 - rel), rel,
			 (int)(strlen(base) - 4), base);
		ret = read_record(c, obj, strlen(obj), W_LDS, 1);
	}
	globfree(&g);
	if (ret < 0)
		return ret;
	ret = boot_images(c);
	return ret < 0 ? ret : follow_all(c);
}

static void collector_release(struct collector *c)
{
	struct seen *e, *tmp;
	struct tree_file *t, *ttmp;

	HASH_ITER(hh, c->seen, e, tmp) {
		HASH_DELETE(hh, c->seen, e);
		free(e);
	}
	HASH_ITER(hh, c->tree, t, ttmp) {
		HASH_DELETE(hh, c->tree, t);
		free(t);
	}
	for (size_t i = 0; i < c->ngenerated; i++)
		free(c->generated[i]);
	free(c->generated);
	free(c->todo);
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(((const struct built_path *)a)->path,
		      ((const struct built_path *)b)->path);
}

/* The tree files met into b->paths, sorted, each with its strongest why. */
static int tree_paths(struct collector *c)
{
	struct built *b = c->b;
	struct tree_file *t, *tmp;
	size_t n = HASH_COUNT(c->tree);

	b->paths = calloc(n ? n : 1, sizeof(*b->paths));
	if (!b->paths)
		return -ENOMEM;
	HASH_ITER(hh, c->tree, t, tmp) {
		struct built_path *p = &b->paths[b->npaths];

		if (!t->why)
			continue;	/* in-tree: a generated file */
		p->path = strdup(t->path);
		if (!p->path)
			return -ENOMEM;
		p->why = __builtin_ctz(t->why);
		b->nwhy[p->why]++;
		b->npaths++;
	}
	qsort(b->paths, b->npaths, sizeof(*b->paths), cmp_path);
	return 0;
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
	if (c.b && c.b->srctree) {
		c.in_tree = !strcmp(c.b->srctree, dir);
		ret = collect(&c);
	} else {
		ret = -ENOMEM;
	}
	if (!ret)
		ret = tree_paths(&c);
	if (!ret) {
		c.ngenerated = sort_unique(c.generated, c.ngenerated);
		c.b->ngenerated = c.ngenerated;
	}
	collector_release(&c);
	free(dir);
	if (ret) {
		if (!c.failed)
			spdx_error_errno(err, ret, "%s", build_dir);
		built_free(c.b);
		return ret;
	}
	*out = c.b;
	return 0;
}

void built_free(struct built *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->npaths; i++)
		free(b->paths[i].path);
	free(b->paths);
	free(b->outside);
	free(b->boot_image);
	free(b->srctree);
	free(b);
}

const char *built_why_name(enum built_why why)
{
	static const char *const names[BUILT_NWHY] = {
		[BUILT_COMPILED] = "compiled",
		[BUILT_EMBEDDED] = "embedded",
		[BUILT_LINKER_SCRIPT] = "linker-script",
		[BUILT_GENERATOR_INPUT] = "generator-input",
	};

	return (unsigned)why < BUILT_NWHY ? names[why] : "?";
}

int built_why_of(const struct built *b, const char *path)
{
	struct built_path key = { (char *)path, 0 };
	const struct built_path *p;

	if (!b->npaths)
		return -1;
	p = bsearch(&key, b->paths, b->npaths, sizeof(*p), cmp_path);
	return p ? (int)p->why : -1;
}
