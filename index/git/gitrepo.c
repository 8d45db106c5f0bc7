// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitrepo: a repository opened with its files checked and its objects
 * read through spdxfs's readers (gitrepo.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

#include "util/error.h"
#include "git/gitrepo.h"
#include "git/libgit2.h"
#include "git/loose.h"
#include "git/packhead.h"

#define CHECK_ENTRIES	100000	/* files looked at under refs/ and info/ */
#define CHECK_DEPTH	16
#define ALT_DEPTH	5	/* git's limit on nested alternates */
#define SMALL_MAX	(64 << 10)	/* a .git file, an alternates file */
#define GRAFT_FILE_MAX	(64 << 20)	/* .git/shallow: a million commits */

/* ---- the files libgit2 reads, checked before it reads them ---- */

struct check {
	size_t left;		/* entries still to look at */
	struct spdx_error *err;
};

/* Is @path absent, a regular file or a directory (following symlinks,
 * so that one to a FIFO is refused too)? */
static int check_one(struct check *c, const char *path, struct stat *st)
{
	if (stat(path, st)) {
		st->st_mode = 0;
		return 0;	/* absent, or libgit2 will say */
	}
	if (S_ISREG(st->st_mode) || S_ISDIR(st->st_mode))
		return 0;
	return spdx_error_set(c->err, -EINVAL, "%s: not a regular file: "
			      "refused", path);
}

/* Every entry of directory @dir, down to CHECK_DEPTH (@deep), or only
 * its own entries. */
static int scan_git_dir(struct check *c, const char *dir, int deep, int depth)
{
	char path[PATH_MAX];
	struct dirent *de;
	struct stat st;
	int ret = 0;
	DIR *d = opendir(dir);

	if (!d)
		return 0;
	while (!ret && c->left && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		c->left--;
		if (snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >=
		    (int)sizeof(path))
			continue;
		ret = check_one(c, path, &st);
		if (!ret && deep && S_ISDIR(st.st_mode) && depth < CHECK_DEPTH)
			ret = scan_git_dir(c, path, deep, depth + 1);
	}
	closedir(d);
	return ret;
}

/* A small regular file @path whole, NUL-terminated, into @buf: its
 * length, or -errno (-EINVAL: not a regular file, or too big). */
static ssize_t read_small(const char *path, char *buf, size_t size)
{
	struct stat st;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size >= size) {
		close(fd);
		return -EINVAL;
	}
	n = pread(fd, buf, st.st_size, 0);
	close(fd);
	if (n != st.st_size)
		return -EIO;
	buf[n] = '\0';
	return n;
}

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

/* @rel, relative to directory @base unless absolute, into @out. */
static int join(char *out, size_t size, const char *base, const char *rel)
{
	size_t len = strlen(base);
	int n = rel[0] == '/' ? snprintf(out, size, "%s", rel) :
		snprintf(out, size, "%s%s%s", base,
			 len && base[len - 1] == '/' ? "" : "/", rel);

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static const char *const gitdir_trees[] = { "refs", "info", "objects/info" };

/* A git directory's files, and those of its common directory. */
static int check_gitdir(struct check *c, const char *g, int common)
{
	char path[PATH_MAX], buf[PATH_MAX];
	int ret = scan_git_dir(c, g, 0, 0);

	for (size_t i = 0; !ret && i < sizeof(gitdir_trees) /
	     sizeof(*gitdir_trees); i++) {
		struct stat st;

		if (join(path, sizeof(path), g, gitdir_trees[i]))
			continue;
		ret = check_one(c, path, &st);
		if (!ret && S_ISDIR(st.st_mode))
			ret = scan_git_dir(c, path, 1, 0);
	}
	if (!ret && !join(path, sizeof(path), g, "config") &&
	    gitrepo_sha256(AT_FDCWD, path))
		ret = spdx_error_set(c->err, -EIO, "%s: %s", g, GITREPO_SHA256_MSG);
	if (ret || common || join(path, sizeof(path), g, "commondir"))
		return ret;
	if (read_small(path, buf, sizeof(buf)) > 0) {
		char dir[PATH_MAX];

		chomp(buf);
		if (!join(dir, sizeof(dir), g, buf))
			ret = check_gitdir(c, dir, 1);
	}
	return ret;
}

int gitrepo_sha256(int dirfd, const char *config)
{
	char line[256], section[64] = "";
	int fd = openat(dirfd, config, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	int found = 0;
	struct stat st;
	FILE *f;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !(f = fdopen(fd, "r"))) {
		close(fd);
		return 0;
	}
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t");

		if (*p == '[') {
			snprintf(section, sizeof(section), "%.*s",
				 (int)strcspn(p + 1, "]"), p + 1);
			continue;
		}
		if (strcasecmp(section, "extensions") ||
		    strncasecmp(p, "objectformat", 12))
			continue;
		p += 12 + strspn(p + 12, " \t");
		if (*p++ == '=')
			found = !strncasecmp(p + strspn(p, " \t"), "sha256", 6);
	}
	fclose(f);
	return found;
}

/*
 * The repository libgit2 would find from @path (walking up unless
 * @flags say GIT_REPOSITORY_OPEN_NO_SEARCH), its files checked.
 */
static int check_repo(const char *path, unsigned flags,
		      struct spdx_error *err)
{
	struct check c = { CHECK_ENTRIES, err };
	char dir[PATH_MAX], p[PATH_MAX], buf[PATH_MAX];
	struct stat st;
	int ret;

	if (!realpath(path, dir))
		return 0;	/* libgit2 will say why */
	for (;;) {
		char *slash;

		if (join(p, sizeof(p), dir, ".git"))
			return 0;
		ret = check_one(&c, p, &st);
		if (ret)
			return ret;
		if (S_ISDIR(st.st_mode))
			return check_gitdir(&c, p, 0);
		if (S_ISREG(st.st_mode)) {	/* "gitdir: PATH" */
			char g[PATH_MAX];

			if (read_small(p, buf, sizeof(buf)) < 0 ||
			    strncmp(buf, "gitdir: ", 8))
				return 0;
			chomp(buf);
			if (join(g, sizeof(g), dir, buf + 8))
				return 0;
			return check_gitdir(&c, g, 0);
		}
		if (!join(p, sizeof(p), dir, "HEAD") && !stat(p, &st))
			return check_gitdir(&c, dir, 0);	/* bare */
		if (flags & GIT_REPOSITORY_OPEN_NO_SEARCH)
			return 0;
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			return 0;
		*slash = '\0';
	}
}

/* ---- loose objects, for libgit2, through loose.h ---- */

struct loose_backend {
	git_odb_backend parent;
	char objdir[];
};

static const char *objdir_of(git_odb_backend *b)
{
	return ((struct loose_backend *)b)->objdir;
}

static int odb_fail(const git_oid *id, const char *what)
{
	char hex[GIT_OID_HEXSZ + 1], msg[128];

	git_oid_tostr(hex, sizeof(hex), id);
	snprintf(msg, sizeof(msg), "loose object %s: %s", hex, what);
	git_error_set_str(GIT_ERROR_ODB, msg);
	return GIT_ERROR;
}

static int odb_errno(const git_oid *id, int ret)
{
	switch (ret) {
	case -ENOENT:
		return GIT_ENOTFOUND;
	case -EINVAL:
		return odb_fail(id, "malformed, or not what its id names");
	case -EFBIG:
		return odb_fail(id, "too big to read whole");
	case -ENOMEM:
		return odb_fail(id, "out of memory");
	default:
		return odb_fail(id, "cannot be read");
	}
}

static int loose_be_read(void **out, size_t *len, git_object_t *type,
			 git_odb_backend *b, const git_oid *id)
{
	struct loose *lo;
	unsigned char *data;
	uint64_t size;
	ssize_t got;
	int t, ret = loose_open(&lo, objdir_of(b), id->id, &t, &size);

	if (ret)
		return odb_errno(id, ret);
	ret = -EFBIG;
	if (size > GITREPO_OBJECT_MAX)
		goto out;
	ret = -ENOMEM;
	data = git_odb_backend_data_alloc(b, size + 1);
	if (!data)
		goto out;
	got = loose_read(lo, data, size);
	ret = got < 0 ? (int)got : (uint64_t)got != size ? -EINVAL :
	      loose_finish(lo);
	if (ret) {
		git_odb_backend_data_free(b, data);
		goto out;
	}
	data[size] = '\0';
	*out = data;
	*len = size;
	*type = (git_object_t)t;
out:
	loose_close(lo);
	return ret ? odb_errno(id, ret) : 0;
}

static int loose_be_read_header(size_t *len, git_object_t *type,
				git_odb_backend *b, const git_oid *id)
{
	struct loose *lo;
	uint64_t size;
	int t, ret = loose_open(&lo, objdir_of(b), id->id, &t, &size);

	if (ret)
		return odb_errno(id, ret);
	loose_close(lo);
	if (size > SIZE_MAX)
		return odb_errno(id, -EFBIG);
	*len = size;
	*type = (git_object_t)t;
	return 0;
}

static int loose_be_exists(git_odb_backend *b, const git_oid *id)
{
	return loose_exists(objdir_of(b), id->id);
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' :
	       c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The one loose object whose id starts with the first @len hex digits
 * of @prefix into @out: 0, GIT_ENOTFOUND or GIT_EAMBIGUOUS. */
static int loose_find_prefix(git_oid *out, git_odb_backend *b,
			     const git_oid *prefix, size_t len)
{
	char want[GIT_OID_HEXSZ + 1], dir[PATH_MAX];
	struct dirent *de;
	int found = 0;
	DIR *d;

	git_oid_tostr(want, sizeof(want), prefix);
	if (len < 2 || len > GIT_OID_HEXSZ ||
	    snprintf(dir, sizeof(dir), "%s/%.2s", objdir_of(b), want) >=
	    (int)sizeof(dir))
		return GIT_ENOTFOUND;
	d = opendir(dir);
	if (!d)
		return GIT_ENOTFOUND;
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		size_t i;

		if (strlen(n) != GIT_OID_HEXSZ - 2 ||
		    strncmp(n, want + 2, len - 2))
			continue;
		for (i = 0; i < GIT_OID_HEXSZ - 2 && hexval(n[i]) >= 0; i++)
			;
		if (i < GIT_OID_HEXSZ - 2)
			continue;
		if (found++)
			break;
		out->id[0] = hexval(want[0]) << 4 | hexval(want[1]);
		for (i = 0; i < GIT_OID_RAWSZ - 1; i++)
			out->id[i + 1] = hexval(n[2 * i]) << 4 | hexval(n[2 * i + 1]);
	}
	closedir(d);
	return !found ? GIT_ENOTFOUND : found > 1 ? GIT_EAMBIGUOUS : 0;
}

static int loose_be_exists_prefix(git_oid *out, git_odb_backend *b,
				  const git_oid *prefix, size_t len)
{
	return loose_find_prefix(out, b, prefix, len);
}

static int loose_be_read_prefix(git_oid *out, void **data, size_t *len,
				git_object_t *type, git_odb_backend *b,
				const git_oid *prefix, size_t plen)
{
	int ret = loose_find_prefix(out, b, prefix, plen);

	return ret ? ret : loose_be_read(data, len, type, b, out);
}

static void loose_be_free(git_odb_backend *b)
{
	free(b);
}

static int loose_backend_new(git_odb_backend **out, const char *objdir)
{
	size_t n = strlen(objdir) + 1;
	struct loose_backend *lb = calloc(1, sizeof(*lb) + n);

	if (!lb)
		return -ENOMEM;
	git_odb_init_backend(&lb->parent, GIT_ODB_BACKEND_VERSION);
	memcpy(lb->objdir, objdir, n);
	lb->parent.read = loose_be_read;
	lb->parent.read_prefix = loose_be_read_prefix;
	lb->parent.read_header = loose_be_read_header;
	lb->parent.exists = loose_be_exists;
	lb->parent.exists_prefix = loose_be_exists_prefix;
	lb->parent.free = loose_be_free;
	*out = &lb->parent;
	return 0;
}

/* ---- a shallow clone's boundary, as git grafts it ---- */

/*
 * The commits .git/shallow lists, read with their "parent" lines taken
 * out, as git reads them: libgit2 1.5.1 knows no shallow clone, and its
 * walk fails at the first parent the clone does not have.  Asked first;
 * it reads the commit from the other backends itself (not through the
 * object database, whose cache would keep the commit as stored, and
 * whose lock is held while a backend reads): those the database had
 * when this one was made, which it owns and frees after this one.
 */
struct graft_backend {
	git_odb_backend parent;
	git_odb_backend **others;
	size_t nothers;
	size_t n;
	git_oid ids[];		/* sorted */
};

static int oid_cmp(const void *a, const void *b)
{
	return memcmp(a, b, GIT_OID_RAWSZ);
}

static int grafted(git_odb_backend *b, const git_oid *id)
{
	struct graft_backend *g = (struct graft_backend *)b;

	return bsearch(id, g->ids, g->n, sizeof(*g->ids), oid_cmp) != NULL;
}

/* "parent" lines out of commit @data's header, in place: its new length. */
static size_t graft_strip(char *data, size_t len)
{
	size_t at = 0, out = 0;

	while (at < len) {
		char *nl = memchr(data + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (data + at)) + 1 : len - at;

		if (n == 1) {	/* the header ends: the message as it is */
			memmove(data + out, data + at, len - at);
			return out + len - at;
		}
		if (n < 7 || memcmp(data + at, "parent ", 7)) {
			memmove(data + out, data + at, n);
			out += n;
		}
		at += n;
	}
	return out;
}

static int graft_read(void **out, size_t *len, git_object_t *type,
		      git_odb_backend *b, const git_oid *id)
{
	struct graft_backend *g = (struct graft_backend *)b;

	if (!grafted(b, id))
		return GIT_ENOTFOUND;
	for (size_t i = 0; i < g->nothers; i++) {
		git_odb_backend *o = g->others[i];
		int ret;

		if (!o->read)
			continue;
		ret = o->read(out, len, type, o, id);
		if (ret == GIT_ENOTFOUND || ret == GIT_PASSTHROUGH)
			continue;
		if (!ret && *type == GIT_OBJECT_COMMIT)
			*len = graft_strip(*out, *len);
		return ret;
	}
	return GIT_ENOTFOUND;
}

static int graft_read_header(size_t *len, git_object_t *type,
			     git_odb_backend *b, const git_oid *id)
{
	void *data;
	int ret = graft_read(&data, len, type, b, id);

	if (!ret)
		git_odb_backend_data_free(b, data);
	return ret;
}

static int graft_exists(git_odb_backend *b, const git_oid *id)
{
	return 0;	/* the others say */
}

static void graft_free(git_odb_backend *b)
{
	free(((struct graft_backend *)b)->others);
	free(b);
}

/* The shallow file of git directory @gitdir as a backend into *@out,
 * or NULL when there is none (or it lists nothing), reading from the
 * backends @odb has now. */
static int graft_backend_new(git_odb_backend **out, git_odb *odb,
			     const char *gitdir, struct spdx_error *err)
{
	char path[PATH_MAX], *buf, *line, *save = NULL;
	struct graft_backend *g = NULL;
	ssize_t len;
	size_t cap;

	*out = NULL;
	if (join(path, sizeof(path), gitdir, "shallow"))
		return 0;
	buf = malloc(GRAFT_FILE_MAX);
	if (!buf)
		return spdx_error_errno(err, -ENOMEM, "%s", path);
	len = read_small(path, buf, GRAFT_FILE_MAX);
	if (len == -EINVAL) {
		free(buf);
		return spdx_error_set(err, -EINVAL, "%s: not a regular file, "
				      "or too big: refused", path);
	}
	cap = len > 0 ? (size_t)len / GIT_OID_HEXSZ + 1 : 0;
	if (cap && !(g = calloc(1, sizeof(*g) + cap * sizeof(*g->ids)))) {
		free(buf);
		return spdx_error_errno(err, -ENOMEM, "%s", path);
	}
	for (line = cap ? strtok_r(buf, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		chomp(line);
		if (strlen(line) == GIT_OID_HEXSZ && g->n < cap &&
		    !git_oid_fromstr(&g->ids[g->n], line))
			g->n++;
	}
	free(buf);
	if (!g || !g->n) {
		free(g);
		return 0;
	}
	qsort(g->ids, g->n, sizeof(*g->ids), oid_cmp);
	g->nothers = git_odb_num_backends(odb);
	g->others = calloc(g->nothers ? g->nothers : 1, sizeof(*g->others));
	if (!g->others) {
		free(g);
		return spdx_error_errno(err, -ENOMEM, "%s", path);
	}
	for (size_t i = 0; i < g->nothers; i++)
		if (git_odb_get_backend(&g->others[i], odb, i)) {
			graft_free(&g->parent);
			return spdx_error_set(err, -EIO, "%s: cannot read "
					      "its object database", path);
		}
	git_odb_init_backend(&g->parent, GIT_ODB_BACKEND_VERSION);
	g->parent.read = graft_read;
	g->parent.read_header = graft_read_header;
	g->parent.exists = graft_exists;
	g->parent.free = graft_free;
	*out = &g->parent;
	return 0;
}

int gitrepo_grafted(git_repository *repo, const git_oid *id)
{
	git_odb_backend *b;
	git_odb *odb;
	size_t n;
	int ret = 0;

	if (git_repository_odb(&odb, repo))
		return 0;
	n = git_odb_num_backends(odb);
	for (size_t i = 0; i < n && !ret; i++)
		if (!git_odb_get_backend(&b, odb, i) && b->read == graft_read)
			ret = grafted(b, id);
	git_odb_free(odb);
	return ret;
}

/* ---- the object database ---- */

#define LOOSE_PRIORITY	1	/* libgit2's own, packs first */
#define PACKED_PRIORITY	2
#define GRAFT_PRIORITY	3	/* before both */

static int add_backend(git_odb *odb, git_odb_backend *b, int prio, int alt)
{
	int ret = alt ? git_odb_add_alternate(odb, b, prio) :
		  git_odb_add_backend(odb, b, prio);

	if (ret)
		b->free(b);
	return ret ? -EIO : 0;
}

static int is_idx_name(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcmp(name + n - 4, ".idx");
}

/* The packs of @objdir, each checked, each a backend of @odb. */
static int add_packs(git_odb *odb, const char *objdir, int alt,
		     struct spdx_error *err)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *de;
	git_odb_backend *b;
	int ret = 0;
	DIR *d;

	if (join(dir, sizeof(dir), objdir, "pack"))
		return 0;
	d = opendir(dir);
	if (!d)
		return 0;
	while (!ret && (de = readdir(d))) {
		if (!is_idx_name(de->d_name) ||
		    join(path, sizeof(path), dir, de->d_name))
			continue;
		struct stat st;

		if (stat(path, &st) || !S_ISREG(st.st_mode))
			ret = spdx_error_set(err, -EINVAL, "%s: not a regular "
					     "file: refused", path);
		else if (packhead_check_index(path))
			ret = spdx_error_set(err, -EINVAL, "%s: not a valid "
					     "pack index and pack: refused",
					     path);
		else if (git_odb_backend_one_pack(&b, path))
			ret = spdx_error_set(err, -EIO, "%s: %s", path,
					     libgit2_msg("?"));
		else
			ret = add_backend(odb, b, PACKED_PRIORITY, alt);
	}
	closedir(d);
	return ret;
}

static int add_objects(git_odb *odb, const char *objdir, int depth,
		       struct spdx_error *err);

/* The object directories objects/info/alternates of @objdir names. */
static int add_alternates(git_odb *odb, const char *objdir, int depth,
			  struct spdx_error *err)
{
	char path[PATH_MAX], alt[PATH_MAX], *buf, *line, *save = NULL;
	ssize_t n;
	int ret = 0;

	if (join(path, sizeof(path), objdir, "info/alternates"))
		return 0;
	buf = malloc(SMALL_MAX);
	if (!buf)
		return spdx_error_errno(err, -ENOMEM, "%s", path);
	n = read_small(path, buf, SMALL_MAX);
	if (n == -EINVAL)
		ret = spdx_error_set(err, -EINVAL, "%s: not a regular file, "
				     "or too big: refused", path);
	for (line = n > 0 ? strtok_r(buf, "\n", &save) : NULL; !ret && line;
	     line = strtok_r(NULL, "\n", &save)) {
		chomp(line);
		if (!line[0] || line[0] == '#' || join(alt, sizeof(alt),
						       objdir, line))
			continue;
		if (depth >= ALT_DEPTH)
			ret = spdx_error_set(err, -EINVAL, "%s: alternates "
					     "nested too deep", path);
		else
			ret = add_objects(odb, alt, depth + 1, err);
	}
	free(buf);
	return ret;
}

static int add_objects(git_odb *odb, const char *objdir, int depth,
		       struct spdx_error *err)
{
	git_odb_backend *b;
	int ret = loose_backend_new(&b, objdir);

	if (ret)
		return spdx_error_errno(err, ret, "%s", objdir);
	ret = add_backend(odb, b, LOOSE_PRIORITY, depth > 0);
	if (ret)
		return spdx_error_set(err, ret, "%s: cannot add its objects",
				      objdir);
	ret = add_packs(odb, objdir, depth > 0, err);
	if (!ret)
		ret = add_alternates(odb, objdir, depth, err);
	return ret;
}

/* @repo's objects read through @odb, made here. */
static int own_odb(git_repository *repo, const char *path,
		   struct spdx_error *err)
{
	const char *common = git_repository_commondir(repo);
	git_odb_backend *graft = NULL;
	char objdir[PATH_MAX];
	git_odb *odb;
	int ret;

	if (!common || join(objdir, sizeof(objdir), common, "objects"))
		return spdx_error_set(err, -EIO, "%s: no object directory", path);
	if (git_odb_new(&odb))
		return spdx_error_errno(err, -ENOMEM, "%s", path);
	ret = add_objects(odb, objdir, 0, err);
	if (!ret)
		ret = graft_backend_new(&graft, odb, common, err);
	if (!ret && graft)
		ret = add_backend(odb, graft, GRAFT_PRIORITY, 0);
	if (!ret && git_repository_set_odb(repo, odb))
		ret = spdx_error_set(err, -EIO, "%s: cannot set its object "
				     "database", path);
	git_odb_free(odb);	/* the repository holds it */
	return ret;
}

/* ---- trees ---- */

int gitrepo_entry_cmp(const git_tree_entry *a, const git_tree_entry *b)
{
	const char *na = git_tree_entry_name(a), *nb = git_tree_entry_name(b);
	size_t la = strlen(na), lb = strlen(nb), n = la < lb ? la : lb;
	int c = memcmp(na, nb, n), ca, cb;

	if (c)
		return c;
	ca = la > n ? (unsigned char)na[n] :
	     git_tree_entry_filemode(a) == GIT_FILEMODE_TREE ? '/' : 0;
	cb = lb > n ? (unsigned char)nb[n] :
	     git_tree_entry_filemode(b) == GIT_FILEMODE_TREE ? '/' : 0;
	return ca - cb;
}

int gitrepo_tree_check(const git_tree *tree)
{
	size_t n = git_tree_entrycount(tree);

	for (size_t i = 1; i < n; i++) {
		const git_tree_entry *te = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(te);
		size_t len = strlen(name);

		if (gitrepo_entry_cmp(git_tree_entry_byindex(tree, i - 1),
				      te) >= 0)
			return -EINVAL;
		if (git_tree_entry_filemode(te) != GIT_FILEMODE_TREE)
			continue;
		/* A blob of its name sorts before it, with only names that
		 * go on with a byte below '/' between them ("x.c"). */
		for (size_t j = i; j-- > 0;) {
			const char *o = git_tree_entry_name(
				git_tree_entry_byindex(tree, j));

			if (strncmp(o, name, len) ||
			    (o[len] && (unsigned char)o[len] >= '/'))
				break;
			if (!o[len])
				return -EINVAL;
		}
	}
	return 0;
}

int gitrepo_open(git_repository **out, const char *path, unsigned flags,
		 struct spdx_error *err)
{
	git_repository *repo;
	int ret;

	libgit2_init();
	ret = check_repo(path, flags, err);
	if (ret)
		return ret;
	ret = git_repository_open_ext(&repo, path, flags, NULL);
	if (ret == GIT_ENOTFOUND)
		return spdx_error_set(err, -ENOENT, "%s: not a git repository",
				      path);
	if (ret) {
		return spdx_error_set(err, -EIO, "%s: %s", path,
				      libgit2_msg(LIBGIT2_UNKNOWN));
	}
	ret = own_odb(repo, path, err);
	if (ret) {
		git_repository_free(repo);
		return ret;
	}
	*out = repo;
	return 0;
}
