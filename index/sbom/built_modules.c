// SPDX-License-Identifier: GPL-2.0-only
/*
 * built_modules: read a build's module records and .ko files, then judge
 * each module's MODULE_LICENSE() against its sources' tags.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbom/built.h"
#include "sbom/built_modules.h"
#include "util/error.h"
#include "util/grow.h"
#include "util/hash.h"
#include "index.h"
#include "source/source.h"

#define BMOD_RECORD_MAX	(16u << 20)	/* modules.order, a .mod or .cmd */
#define BMOD_MODINFO_MAX (1u << 20)

static const char *const verdict_keys[BMOD__NVERDICTS] = {
	[BMOD_CONSISTENT]	= "consistent",
	[BMOD_CONTRADICTION]	= "contradiction",
	[BMOD_UNTAGGED]		= "untagged",
	[BMOD_UNKNOWN]		= "unknown",
	[BMOD_MISMATCH]		= "mismatch",
	[BMOD_UNDECLARED]	= "undeclared",
	[BMOD_ERROR]		= "error",
};

const char *bmod_verdict_key(enum bmod_verdict v)
{
	return v < BMOD__NVERDICTS ? verdict_keys[v] : "?";
}

/* Reading .modinfo out of an ELF object */

static int pread_all(int fd, void *buf, size_t len, off_t off)
{
	ssize_t r = pread(fd, buf, len, off);

	if (r < 0)
		return -errno;
	return (size_t)r == len ? 0 : -EINVAL;
}

/* The offset and size of section .modinfo, from either ELF class. */
struct elf_view {
	int is64;
	uint64_t shoff;
	unsigned shentsize, shnum, shstrndx;
};

/*
 * The fields both ELF classes have, from an Elf64_ or Elf32_ header @h:
 * the types differ, the names do not, so one macro serves the two.
 */
#define ELF_VIEW_FROM(v, h) do {			\
	(v)->shoff = (h).e_shoff;			\
	(v)->shentsize = (h).e_shentsize;		\
	(v)->shnum = (h).e_shnum;			\
	(v)->shstrndx = (h).e_shstrndx;			\
} while (0)

#define ELF_SECTION_FROM(s, name, off, size) do {	\
	*(name) = (s).sh_name;				\
	*(off) = (s).sh_offset;				\
	*(size) = (s).sh_type == SHT_NOBITS ? 0 : (s).sh_size; \
} while (0)

static int elf_header(int fd, struct elf_view *v)
{
	unsigned char id[EI_NIDENT];
	const unsigned char host = *(const uint16_t *)"\1\0" == 1 ? ELFDATA2LSB : ELFDATA2MSB;
	union {
		Elf64_Ehdr h64;
		Elf32_Ehdr h32;
	} h;
	int ret = pread_all(fd, id, sizeof(id), 0);

	if (ret)
		return ret == -EINVAL ? -ENOEXEC : ret;
	if (memcmp(id, ELFMAG, SELFMAG) || id[EI_DATA] != host ||
	    (id[EI_CLASS] != ELFCLASS64 && id[EI_CLASS] != ELFCLASS32))
		return -ENOEXEC;
	v->is64 = id[EI_CLASS] == ELFCLASS64;
	ret = pread_all(fd, &h, v->is64 ? sizeof(h.h64) : sizeof(h.h32), 0);
	if (ret)
		return ret == -EINVAL ? -ENOEXEC : ret;
	if (v->is64)
		ELF_VIEW_FROM(v, h.h64);
	else
		ELF_VIEW_FROM(v, h.h32);
	if (v->shentsize != (v->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) ||
	    v->shstrndx >= v->shnum)
		return -ENOEXEC;
	return 0;
}

/* Section @i's name offset, file offset and size (0 for SHT_NOBITS). */
static int elf_section(int fd, const struct elf_view *v, unsigned i,
		       uint32_t *name, uint64_t *off, uint64_t *size)
{
	off_t at = (off_t)(v->shoff + (uint64_t)i * v->shentsize);
	union {
		Elf64_Shdr s64;
		Elf32_Shdr s32;
	} s;
	int ret = pread_all(fd, &s, v->shentsize, at);

	if (ret)
		return ret;
	if (v->is64)
		ELF_SECTION_FROM(s.s64, name, off, size);
	else
		ELF_SECTION_FROM(s.s32, name, off, size);
	return 0;
}

/* Read @size bytes at @off of @fd, bounded by the file's size. */
static int read_span(int fd, uint64_t off, uint64_t size, uint64_t fsize,
		     char **out)
{
	char *buf;
	int ret;

	if (off > fsize || size > fsize - off || size > BMOD_MODINFO_MAX)
		return -EINVAL;
	buf = malloc(size + 1);
	if (!buf)
		return -ENOMEM;
	ret = pread_all(fd, buf, size, (off_t)off);
	if (ret) {
		free(buf);
		return ret;
	}
	buf[size] = '\0';
	*out = buf;
	return 0;
}

/* The .modinfo section's bytes, into *@out (terminated), *@len. */
static int elf_modinfo(int fd, uint64_t fsize, char **out, size_t *len)
{
	struct elf_view v;
	uint64_t off, size, names_off, names_size;
	uint32_t name;
	char *names = NULL;
	int ret = elf_header(fd, &v);

	if (ret)
		return ret;
	ret = elf_section(fd, &v, v.shstrndx, &name, &names_off, &names_size);
	if (!ret)
		ret = read_span(fd, names_off, names_size, fsize, &names);
	for (unsigned i = 0; !ret && i < v.shnum; i++) {
		ret = elf_section(fd, &v, i, &name, &off, &size);
		if (ret || name >= names_size || strcmp(names + name, ".modinfo"))
			continue;
		ret = read_span(fd, off, size, fsize, out);
		*len = size;
		free(names);
		return ret;
	}
	free(names);
	return ret ? ret : -ENODATA;
}

int bmod_ko_license(const char *path, char **license)
{
	struct stat st;
	char *info = NULL;
	size_t len = 0;
	int fd, ret;

	*license = NULL;
	fd = file_open_regular(path, &st);
	if (fd < 0)
		return fd == -EINVAL ? -EFTYPE_KO : fd;
	ret = elf_modinfo(fd, (uint64_t)st.st_size, &info, &len);
	close(fd);
	if (ret)
		return ret;
	ret = -ENOMSG;
	for (size_t i = 0; i < len; i += strlen(info + i) + 1) {
		if (!strncmp(info + i, "license=", 8)) {
			*license = strdup(info + i + 8);
			ret = *license ? 0 : -ENOMEM;
			break;
		}
	}
	free(info);
	return ret;
}

/* Reading the build's records */

struct mcollector {
	const char *build_dir;	/* absolute */
	const char *srctree;	/* absolute */
};

/* The first fault of @m, which says most; later ones are dropped. */
static int set_error(struct bmod *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int set_error(struct bmod *m, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (m->error)
		return 0;
	va_start(ap, fmt);
	r = vasprintf(&m->error, fmt, ap);
	va_end(ap);
	if (r < 0) {
		m->error = NULL;
		return -ENOMEM;
	}
	return 0;
}

static const char *ko_strerror(int code)
{
	switch (code) {
	case -ENOEXEC:
		return "not an ELF object";
	case -ENODATA:
		return "no .modinfo section";
	case -ENOMSG:
		return "no license= in .modinfo";
	case -EINVAL:
		return "a section past the end of the file";
	case -EFTYPE_KO:
		return file_strerror(-EINVAL);
	default:
		return strerror(-code);
	}
}

static int read_rel(const struct mcollector *c, const char *rel, char **text)
{
	char path[PATH_MAX];
	size_t len;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", c->build_dir, rel) >= sizeof(path))
		return -ENAMETOOLONG;
	return file_read_all(path, BMOD_RECORD_MAX, text, &len);
}

/* The source_ path of a .cmd record @text into @m, tree-relative when in
 * the tree. */
static int add_source(const struct mcollector *c, struct bmod *m, const char *text)
{
	const char *p = text, *end;
	char buf[PATH_MAX];
	size_t len, n = strlen(c->srctree), cap = m->nsrcs;
	struct bmod_source *s;
	int in_tree = 0;

	while (p && strncmp(p, "source_", 7))
		p = (p = strchr(p, '\n')) ? p + 1 : NULL;
	if (!p || !(p = strstr(p, " := ")))
		return -ENOENT;
	p += 4;
	end = strchrnul(p, '\n');
	if ((size_t)(end - p) >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, p, end - p);
	len = built_normalize(buf, end - p);
	buf[len] = '\0';
	p = buf;
	if (len > n && buf[n] == '/' && !strncmp(buf, c->srctree, n)) {
		p += n + 1;
		in_tree = 1;
	} else if (buf[0] != '/' && !strcmp(c->srctree, c->build_dir)) {
		in_tree = 1;	/* an in-tree build records relative paths */
	}
	s = grow(m->srcs, m->nsrcs, &cap, sizeof(*m->srcs), 4);
	if (!s)
		return -ENOMEM;
	m->srcs = s;
	s = &m->srcs[m->nsrcs];
	memset(s, 0, sizeof(*s));
	s->path = strdup(p);
	if (!s->path)
		return -ENOMEM;
	s->in_tree = in_tree;
	m->nsrcs++;
	return 0;
}

/* One object of @m: DIR/.BASE.o.cmd. */
static int read_object(const struct mcollector *c, struct bmod *m,
		       const char *obj, size_t len)
{
	const char *slash = memrchr(obj, '/', len);
	size_t dlen = slash ? (size_t)(slash - obj + 1) : 0;
	char rel[PATH_MAX], *text;
	int ret;

	if ((size_t)snprintf(rel, sizeof(rel), "%.*s.%.*s.cmd", (int)dlen, obj,
			     (int)(len - dlen), obj + dlen) >= sizeof(rel))
		return set_error(m, "%.*s: %s", (int)len, obj, strerror(ENAMETOOLONG));
	ret = read_rel(c, rel, &text);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return set_error(m, "%s: %s", rel, file_strerror(ret));
	ret = add_source(c, m, text);
	free(text);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return set_error(m, "%s: %s", rel, ret == -ENOENT ?
				 "no source_ record" : strerror(-ret));
	return 0;
}

/* An object already read for the module (a crafted .mod may name one a
 * million times: each is read once). */
struct seen_obj {
	UT_hash_handle hh;
	const char *name;	/* into the .mod's text */
};

/* Each token of @text ending in ".o", except the .mod.o of a link, in
 * order, each once. */
static int read_objects(const struct mcollector *c, struct bmod *m, char *text)
{
	struct seen_obj *seen = NULL, *e, *tmp;
	char *tok, *save = NULL;
	int ret = 0, hash_oom = 0;

	for (tok = strtok_r(text, " \t\n;", &save); tok && !ret;
	     tok = strtok_r(NULL, " \t\n;", &save)) {
		size_t n = strlen(tok);

		if (n < 3 || strcmp(tok + n - 2, ".o") ||
		    (n > 6 && !strcmp(tok + n - 6, ".mod.o")))
			continue;
		HASH_FIND(hh, seen, tok, n, e);
		if (e)
			continue;
		e = malloc(sizeof(*e));
		if (!e) {
			ret = -ENOMEM;
			break;
		}
		e->name = tok;
		HASH_ADD_KEYPTR(hh, seen, e->name, n, e);
		if (hash_oom) {
			free(e);
			ret = -ENOMEM;
			break;
		}
		ret = read_object(c, m, tok, n);
	}
	HASH_ITER(hh, seen, e, tmp) {
		HASH_DELETE(hh, seen, e);
		free(e);
	}
	return ret;
}

/* Module @m (ko set): its .mod, else its .ko.cmd; then its .ko. */
static int read_module(const struct mcollector *c, struct bmod *m, const char *base)
{
	const char *slash = strrchr(base, '/');
	size_t dlen = slash ? (size_t)(slash - base + 1) : 0;
	char rel[PATH_MAX + 16], path[2 * PATH_MAX], *text;
	int ret;

	/* add_module() keeps @base shorter than PATH_MAX - 4 */
	snprintf(rel, sizeof(rel), "%s.mod", base);
	ret = read_rel(c, rel, &text);
	if (ret == -ENOENT) {
		snprintf(rel, sizeof(rel), "%.*s.%s.ko.cmd", (int)dlen, base, base + dlen);
		ret = read_rel(c, rel, &text);
		if (ret == -ENOENT)
			snprintf(rel, sizeof(rel), "%s.mod", base);
	}
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		ret = set_error(m, "%s: %s", rel, file_strerror(ret));
	} else {
		ret = read_objects(c, m, text);
		free(text);
		if (!ret && !m->nsrcs && !m->error)
			ret = set_error(m, "%s: no objects", rel);
	}
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/%s", c->build_dir, m->ko);
	ret = bmod_ko_license(path, &m->license);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return set_error(m, "%s: %s", m->ko, ko_strerror(ret));
	return 0;
}

/* One line of modules.order. */
static int add_module(const struct mcollector *c, struct built_modules *bm,
		      size_t *cap, const char *line, size_t len)
{
	char base[PATH_MAX];
	const char *name;
	struct bmod *m;

	if (len > 7 && !strncmp(line, "kernel/", 7))
		line += 7, len -= 7;
	if (len > 3 && !memcmp(line + len - 3, ".ko", 3))
		len -= 3;
	else if (len > 2 && !memcmp(line + len - 2, ".o", 2))
		len -= 2;
	if (len + 4 >= sizeof(base))
		return -ENAMETOOLONG;
	memcpy(base, line, len);
	base[len] = '\0';
	m = grow(bm->mods, bm->n, cap, sizeof(*bm->mods), 64);
	if (!m)
		return -ENOMEM;
	bm->mods = m;
	m = &bm->mods[bm->n++];
	memset(m, 0, sizeof(*m));
	name = strrchr(base, '/');
	m->name = strdup(name ? name + 1 : base);
	if (m->name && asprintf(&m->ko, "%s.ko", base) < 0)
		m->ko = NULL;
	if (!m->name || !m->ko)
		return -ENOMEM;
	return read_module(c, m, base);
}

int built_modules_collect(struct built_modules **out, const char *build_dir,
			  struct spdx_error *err)
{
	struct mcollector c = { 0 };
	struct built_modules *bm = NULL;
	char *dir, *text = NULL, *line, *next, link[PATH_MAX];
	size_t cap = 0;
	int ret;

	dir = realpath(build_dir, NULL);
	if (!dir)
		return spdx_error_errno(err, -errno, "%s", build_dir);
	c.build_dir = dir;
	ret = read_rel(&c, "modules.order", &text);
	if (ret == -ENOENT) {
		spdx_error_set(err, ret, "%s: no modules.order: no modules built", build_dir);
		goto out;
	}
	if (ret) {
		spdx_error_set(err, ret, "%s/modules.order: %s", build_dir,
			       file_strerror(ret));
		goto out;
	}
	bm = calloc(1, sizeof(*bm));
	if (bm) {
		/* as built.c: BUILD/source for O= builds, else in-tree */
		snprintf(link, sizeof(link), "%s/source", dir);
		bm->srctree = realpath(link, NULL);
		if (!bm->srctree)
			bm->srctree = strdup(dir);
		c.srctree = bm->srctree;
	}
	ret = bm && bm->srctree ? 0 : -ENOMEM;
	for (line = text; !ret && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (*line)
			ret = add_module(&c, bm, &cap, line, strlen(line));
	}
	if (ret) {
		spdx_error_errno(err, ret, "%s/modules.order", build_dir);
		built_modules_free(bm);
		bm = NULL;
	}
out:
	free(text);
	free(dir);
	*out = bm;
	return ret;
}

/* Judging */

static int judge_module(struct bmod *m, const struct modlic_table *t,
			const struct spdx_index *idx, struct source *src)
{
	struct modlic_call call = { .resolved = 1 };
	int seen[MODLIC__NCLASSES] = { 0 };

	for (size_t i = 0; i < m->nsrcs; i++) {
		struct bmod_source *s = &m->srcs[i];
		struct modlic_call *calls = NULL;
		size_t ncalls = 0;
		int ret;

		s->file = s->in_tree ? index_find(idx, s->path) : NULL;
		if (!s->file || m->declared[0] || !modlic_wanted(s->file))
			continue;
		ret = modlic_file(src, s->file, &calls, &ncalls);
		if (ret)
			return ret;
		for (size_t k = 0; k < ncalls && !m->declared[0]; k++) {
			if (!calls[k].resolved)
				continue;
			memcpy(m->declared, calls[k].declared, sizeof(m->declared));
			m->declared_in = s->path;
		}
		free(calls);
	}
	memcpy(call.declared, m->declared, sizeof(call.declared));
	for (size_t i = 0; i < m->nsrcs; i++) {
		struct bmod_source *s = &m->srcs[i];

		if (!s->file || !m->declared[0])
			continue;
		s->cls = modlic_classify(t, idx, s->file, &call);
		seen[s->cls] = 1;
	}
	if (m->error)
		m->verdict = BMOD_ERROR;
	else if (!m->declared[0])
		m->verdict = BMOD_UNDECLARED;
	else if (strcmp(m->declared, m->license))
		m->verdict = BMOD_MISMATCH;
	else if (seen[MODLIC_UNKNOWN])
		m->verdict = BMOD_UNKNOWN;
	else if (seen[MODLIC_CONTRADICTION])
		m->verdict = BMOD_CONTRADICTION;
	else if (seen[MODLIC_UNTAGGED])
		m->verdict = BMOD_UNTAGGED;
	else
		m->verdict = BMOD_CONSISTENT;
	return 0;
}

int built_modules_judge(struct built_modules *bm, const struct modlic_table *t,
			const struct spdx_index *idx, struct source *src)
{
	int ret = 0;

	for (size_t i = 0; i < bm->n && !ret; i++)
		ret = judge_module(&bm->mods[i], t, idx, src);
	return ret;
}

void built_modules_free(struct built_modules *bm)
{
	if (!bm)
		return;
	for (size_t i = 0; i < bm->n; i++) {
		struct bmod *m = &bm->mods[i];

		for (size_t k = 0; k < m->nsrcs; k++)
			free(m->srcs[k].path);
		free(m->srcs);
		free(m->name);
		free(m->ko);
		free(m->license);
		free(m->error);
	}
	free(bm->mods);
	free(bm->srctree);
	free(bm);
}
