// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitindex: read the paths of git's index (see gitindex.h and git's
 * Documentation/gitformat-index.txt).
 *
 * The fast path maps the file and keeps pointers to its entries' paths:
 * on the kernel's 78,000 entries that is ten times faster than letting
 * libgit2 build its full in-memory index.  libgit2 (1.5) reads neither a
 * split nor a sparse index, so those two are applied here, and libgit2
 * is asked only for tree objects and for what is not understood here.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "source/file_stat.h"
#include "source/gitindex.h"
#include "git/gitrepo.h"
#include "util/grow.h"
#include "git/libgit2.h"
#include "util/strpool.h"

#define HASH_LEN	20	/* SHA-1: the trailing checksum, an oid */
#define ENTRY_FIXED	62	/* ctime..flags of one index entry */
#define ENTRY_MODE	24	/* offsets in an entry */
#define ENTRY_OID	40
#define ENTRY_FLAGS	60
#define FLAG_EXTENDED	0x4000
#define NAME_MASK	0x0fff
#define MODE_DIR	0040000	/* a sparse index's directory entry */

/* A sparse directory entry: its position and tree object. */
struct sdir {
	size_t at;
	const unsigned char *oid;
};

/* One index file, parsed: its entries' paths in file order. */
struct ifile {
	const unsigned char *base;
	size_t len;
	uint32_t version;
	const char **paths;
	size_t n;
	char *copies;		/* v4: paths rebuilt from their prefixes */
	struct sdir *dirs;
	size_t ndirs, dcap;
	const unsigned char *link;	/* the "link" extension's data */
	size_t linklen;
	int sparse;		/* has an "sdir" extension */
	char why[160];		/* -EPROTONOSUPPORT: what is not understood */
};

struct priv {
	void *map[2];		/* the index and a split index's shared one */
	size_t maplen[2];
	struct ifile file[2];
	const char **paths;	/* the result, when not file[0].paths */
	struct strpool *pool;	/* paths of libgit2's or of tree objects */
};

static uint32_t be32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return ntohl(v);
}

static uint16_t be16(const unsigned char *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint64_t be64(const unsigned char *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

/* git's varint (offset encoding) of index v4. */
static int read_varint(const unsigned char **p, const unsigned char *end, size_t *out)
{
	size_t v;
	unsigned char c;

	if (*p >= end)
		return -1;
	c = *(*p)++;
	v = c & 0x7f;
	while (c & 0x80) {
		if (*p >= end || v > (SIZE_MAX >> 8))
			return -1;
		c = *(*p)++;
		v = ((v + 1) << 7) | (c & 0x7f);
	}
	*out = v;
	return 0;
}

/* The path of the v2/v3 entry at @e, @fixed bytes in, ending at the
 * first NUL before @end (at @len when its flags say so): the position
 * after its padding in *@next. */
static const char *name_v23(const unsigned char *e, size_t fixed, size_t len,
			    const unsigned char *end, const unsigned char **next,
			    size_t *namelen)
{
	const unsigned char *p = e + fixed, *nul;

	/* The flags hold the name's length when it is short of the mask:
	 * no search for its NUL then. */
	nul = len < NAME_MASK && (size_t)(end - p) > len && !p[len] ? p + len :
		memchr(p, '\0', end - p);
	if (!nul)
		return NULL;
	/* entries are padded with 1..8 NULs to a multiple of 8 */
	if ((size_t)(end - e) < ((fixed + (nul - p) + 8) & ~(size_t)7))
		return NULL;
	*next = e + ((fixed + (nul - p) + 8) & ~(size_t)7);
	*namelen = nul - p;
	return (const char *)p;
}

/* The path of a v4 entry, after @prev of @prev_len bytes (stripped of
 * what the entry says), into @f->copies at *@used. */
static const char *name_v4(struct ifile *f, const unsigned char **p,
			   const unsigned char *end, const char *prev,
			   size_t prev_len, size_t *used)
{
	const unsigned char *nul;
	size_t strip, n;
	char *out;

	if (read_varint(p, end, &strip) || strip > prev_len)
		return NULL;
	nul = memchr(*p, '\0', end - *p);
	if (!nul)
		return NULL;
	n = prev_len - strip + (nul - *p);
	if (n + 1 > f->len * 4 - *used)
		return NULL;
	out = f->copies + *used;
	memcpy(out, prev, prev_len - strip);
	memcpy(out + prev_len - strip, *p, nul - *p);
	out[n] = '\0';
	*used += n + 1;
	*p = nul + 1;
	return out;
}

/* Note entry @i, a sparse directory, of @f. */
static int add_sdir(struct ifile *f, size_t i, const unsigned char *e)
{
	struct sdir *d = grow(f->dirs, f->ndirs, &f->dcap, sizeof(*d), 16);

	if (!d)
		return -ENOMEM;
	f->dirs = d;
	d[f->ndirs++] = (struct sdir){ i, e + ENTRY_OID };
	return 0;
}

/* The entries of @f, from *@pos on, up to @end; *@pos ends after them. */
static int parse_entries(struct ifile *f, uint32_t count,
			 const unsigned char **pos, const unsigned char *end)
{
	const unsigned char *p = *pos;
	const char *prev = "", *last = "";
	size_t prev_len = 0, used = 0;

	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *e = p;
		size_t fixed = ENTRY_FIXED, len, at = used;
		uint16_t flags;
		const char *name;

		if (end - p < ENTRY_FIXED)
			return -EINVAL;
		flags = be16(e + ENTRY_FLAGS);
		if (flags & FLAG_EXTENDED) {
			if (f->version < 3)
				return -EINVAL;
			fixed += 2;
		}
		/* the fixed part, and at least the name's NUL */
		if ((size_t)(end - e) <= fixed)
			return -EINVAL;
		if (f->version < 4) {
			name = name_v23(e, fixed, flags & NAME_MASK, end, &p,
					&len);
		} else {
			p = e + fixed;
			name = name_v4(f, &p, end, prev, prev_len, &used);
			len = used - at - 1;	/* it took its bytes and NUL */
		}
		if (!name)
			return -EINVAL;
		/* Sorted, as git writes it: lookups are binary searches.
		 * An empty name is a split index's replacement entry. */
		if (*name && strcmp(last, name) > 0)
			return -EINVAL;
		if (be32(e + ENTRY_MODE) == MODE_DIR && add_sdir(f, i, e))
			return -ENOMEM;
		f->paths[f->n++] = name;
		prev = name;
		prev_len = len;
		if (prev_len)
			last = name;
	}
	*pos = p;
	return 0;
}

/*
 * Its extensions, from @p to @end: an optional one (upper-case first
 * letter) is skipped, as git skips it; "link" and "sdir" are noted; any
 * other stops the parse, as it stops git.
 */
static int parse_extensions(struct ifile *f, const unsigned char *p,
			    const unsigned char *end)
{
	while (end - p >= 8) {
		const unsigned char *sig = p;
		uint32_t size = be32(p + 4);

		p += 8;
		if (size > (size_t)(end - p))
			return -EINVAL;
		if (sig[0] >= 'A' && sig[0] <= 'Z') {
			;
		} else if (!memcmp(sig, "link", 4)) {
			f->link = p;
			f->linklen = size;
		} else if (!memcmp(sig, "sdir", 4)) {
			f->sparse = 1;
		} else {
			snprintf(f->why, sizeof(f->why),
				 "unknown mandatory extension '%c%c%c%c'",
				 sig[0], sig[1], sig[2], sig[3]);
			return -EPROTONOSUPPORT;
		}
		p += size;
	}
	return 0;
}

/* Parse index file @base of @len bytes into @f. */
static int parse_file(struct ifile *f, const unsigned char *base, size_t len)
{
	const unsigned char *p, *end;
	uint32_t count;
	int ret;

	f->base = base;
	f->len = len;
	if (len < 12 + HASH_LEN || memcmp(base, "DIRC", 4))
		return -EINVAL;
	f->version = be32(base + 4);
	count = be32(base + 8);
	if (f->version < 2 || f->version > 4) {
		snprintf(f->why, sizeof(f->why), "index version %u",
			 (unsigned)f->version);
		return -EPROTONOSUPPORT;
	}
	if (count > len / ENTRY_FIXED)
		return -EINVAL;
	f->paths = alloc_array(count, sizeof(*f->paths));
	if (!f->paths)
		return -ENOMEM;
	if (f->version == 4) {
		/* a v4 path is at most its entry's bytes plus what it kept
		 * of the previous one: 4 times the file bounds them all */
		if (len > SIZE_MAX / 4 - 1)
			return -EINVAL;
		f->copies = malloc(len * 4 + 1);
		if (!f->copies)
			return -ENOMEM;
	}
	p = base + 12;
	end = base + len - HASH_LEN;
	ret = parse_entries(f, count, &p, end);
	if (!ret)
		ret = parse_extensions(f, p, end);
	/* an empty name stands for a path of the shared index: only a
	 * split index (a "link" extension) has any */
	for (size_t i = 0; !ret && !f->link && i < f->n; i++)
		if (!f->paths[i][0])
			ret = -EINVAL;
	return ret;
}

static void ifile_release(struct ifile *f)
{
	free(f->paths);
	free(f->copies);
	free(f->dirs);
}

/*
 * Call @fn for each bit set in the EWAH bitmap at *@p (git's
 * ewah/ewah_io.c layout: bit count, word count, 64-bit words, position
 * of the last run word; all big-endian), then move *@p past it.  A bit
 * at or past @limit is an error.
 */
static int ewah_each(const unsigned char **p, const unsigned char *end,
		     size_t limit, void (*fn)(size_t bit, void *arg), void *arg)
{
	/* pos never passes @limit by more than the zero bits that fill
	 * the last words, so it cannot overflow */
	const size_t most = limit + 128;
	const unsigned char *w;
	uint32_t nwords;
	size_t pos = 0, i = 0;

	if (end - *p < 12)
		return -EINVAL;
	nwords = be32(*p + 4);
	if (nwords > (size_t)(end - *p - 12) / 8)
		return -EINVAL;
	w = *p + 8;
	while (i < nwords) {
		uint64_t rlw = be64(w + 8 * i++);
		uint64_t run = (rlw >> 1) & 0xffffffffu, lit = rlw >> 33;

		if (run > (most - pos) / 64 || lit > nwords - i)
			return -EINVAL;
		if (rlw & 1) {
			if (pos + run * 64 > limit)
				return -EINVAL;
			for (size_t k = 0; k < run * 64; k++)
				fn(pos + k, arg);
		}
		pos += run * 64;
		for (; lit; lit--, i++) {
			uint64_t word = be64(w + 8 * i);

			if (most - pos < 64)
				return -EINVAL;

			for (int c = 0; c < 64; c++, pos++) {
				if (!(word >> c & 1))
					continue;
				if (pos >= limit)
					return -EINVAL;
				fn(pos, arg);
			}
		}
	}
	*p = w + 8 * (size_t)nwords + 4;
	return 0;
}

static void mark_bit(size_t bit, void *arg)
{
	((unsigned char *)arg)[bit] = 1;
}

static void count_bit(size_t bit, void *arg)
{
	(*(size_t *)arg)++;
}

/* Map the regular file @name of directory @dirfd, opened without
 * blocking or following a symlink.  0 (an empty or missing file maps
 * nothing) or -errno. */
static int map_file(int dirfd, const char *name, void **map, size_t *len,
		    struct file_stat *stamp)
{
	struct stat st;
	int fd;

	*map = NULL;
	*len = 0;
	fd = openat(dirfd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	if (stamp)
		file_stat_fill(stamp, &st);
	if (st.st_size > 0) {
		*map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (*map == MAP_FAILED) {
			*map = NULL;
			close(fd);
			return -errno;
		}
		*len = st.st_size;
	}
	close(fd);
	return 0;
}

/*
 * A split index: the shared index the "link" extension names, less the
 * entries of its delete bitmap, with the entries of this one that are
 * not replacements (which keep their path) merged in.
 */
static int apply_link(struct gitindex *gx, struct priv *pv, int gitfd)
{
	struct ifile *f = &pv->file[0], *base = &pv->file[1];
	const unsigned char *p = f->link, *end = f->link + f->linklen;
	char name[32 + 2 * HASH_LEN];
	unsigned char *del = NULL;
	size_t nrepl = 0, i = 0, j, n = 0;
	int ret, zero = 1;

	if (f->linklen < HASH_LEN)
		return -EINVAL;
	strcpy(name, "sharedindex.");
	for (int k = 0; k < HASH_LEN; k++) {
		sprintf(name + 12 + 2 * k, "%02x", p[k]);
		zero &= !p[k];
	}
	if (zero)
		return 0;	/* no shared index: this one holds all */
	p += HASH_LEN;
	ret = map_file(gitfd, name, &pv->map[1], &pv->maplen[1], NULL);
	if (ret)
		return ret == -ENOENT ? -EINVAL : ret;
	ret = parse_file(base, pv->map[1], pv->maplen[1]);
	if (ret)
		return ret;
	if (base->link || base->sparse)
		return -EINVAL;
	del = calloc(base->n + 1, 1);
	if (!del)
		return -ENOMEM;
	if (p < end && (ret = ewah_each(&p, end, base->n, mark_bit, del)))
		goto out;
	if (p < end && (ret = ewah_each(&p, end, base->n, count_bit, &nrepl)))
		goto out;
	ret = -EINVAL;
	if (nrepl > f->n)
		goto out;
	for (j = nrepl; j < f->n; j++)
		if (!*f->paths[j])
			goto out;
	ret = -ENOMEM;
	pv->paths = alloc_array(base->n + f->n, sizeof(*pv->paths));
	if (!pv->paths)
		goto out;
	for (j = nrepl; i < base->n || j < f->n;) {
		int c;

		if (i < base->n && del[i]) {
			i++;
			continue;
		}
		c = i == base->n ? 1 : j == f->n ? -1 :
			strcmp(base->paths[i], f->paths[j]);
		if (c <= 0)
			pv->paths[n++] = base->paths[i++];
		else
			pv->paths[n++] = f->paths[j++];
		if (!c)
			j++;	/* added anew: one path */
	}
	gx->paths = pv->paths;
	gx->npaths = n;
	ret = 0;
out:
	free(del);
	return ret;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* libgit2's reason for its last failure, into @why. */
static void git_why(char *why, size_t size)
{
	snprintf(why, size, "%s", libgit2_msg("libgit2 failed"));
}

struct expand {
	struct strpool *pool;
	const char *dir;	/* the sparse directory, "a/b/" */
	const char **out;
	size_t n, cap;
	int err;
};

/* Each blob (and submodule) of a sparse directory's tree: a tracked path. */
static int expand_one(const char *root, const git_tree_entry *te, void *arg)
{
	struct expand *x = arg;
	git_object_t type = git_tree_entry_type(te);
	char *path = NULL;
	const char *copy;
	void *p;
	int len;

	if (type != GIT_OBJECT_BLOB && type != GIT_OBJECT_COMMIT)
		return 0;
	len = asprintf(&path, "%s%s%s", x->dir, root, git_tree_entry_name(te));
	p = grow(x->out, x->n, &x->cap, sizeof(*x->out), 256);
	copy = len < 0 || !p ? NULL : strpool_add(x->pool, path, len);
	if (len >= 0)
		free(path);
	if (p)
		x->out = p;
	if (!copy) {
		x->err = -ENOMEM;
		return -1;
	}
	x->out[x->n++] = copy;
	return 0;
}

/* Append the files of the tree of sparse directory entry @d. */
static int expand_dir(git_repository *repo, struct expand *x,
		      const struct sdir *d, char *why, size_t size)
{
	git_tree *tree;
	git_oid oid;
	int ret = 0;

	git_oid_fromraw(&oid, d->oid);
	if (git_tree_lookup(&tree, repo, &oid)) {
		git_why(why, size);
		return -EPROTONOSUPPORT;
	}
	if (git_tree_walk(tree, GIT_TREEWALK_PRE, expand_one, x)) {
		ret = x->err ? x->err : -EPROTONOSUPPORT;
		if (!x->err)
			git_why(why, size);
	}
	git_tree_free(tree);
	return ret;
}

/* A sparse index: each directory entry replaced by the files of its tree
 * object, which sort where it does. */
static int expand_sparse(struct gitindex *gx, struct priv *pv,
			 git_repository *repo, char *why, size_t size)
{
	struct ifile *f = &pv->file[0];
	struct expand x = { 0 };
	size_t at = 0;
	int ret;

	x.pool = pv->pool = strpool_new();
	ret = -ENOMEM;
	if (!x.pool)
		goto out;
	for (size_t k = 0; k <= f->ndirs; k++) {
		size_t upto = k < f->ndirs ? f->dirs[k].at : f->n, from;

		for (; at < upto; at++) {
			void *p = grow(x.out, x.n, &x.cap, sizeof(*x.out), 256);

			if (!p)
				goto out;
			x.out = p;
			x.out[x.n++] = f->paths[at];
		}
		if (k == f->ndirs)
			break;
		x.dir = f->paths[at++];
		from = x.n;
		ret = expand_dir(repo, &x, &f->dirs[k], why, size);
		if (ret)
			goto out;
		qsort(x.out + from, x.n - from, sizeof(*x.out), cmp_path);
		ret = -ENOMEM;
	}
	pv->paths = x.out;
	x.out = NULL;
	gx->paths = pv->paths;
	gx->npaths = x.n;
	ret = 0;
out:
	free(x.out);
	return ret;
}

/* What this reader does not understand: libgit2's index, if it can. */
static int read_libgit2(struct gitindex *gx, struct priv *pv,
			git_repository *repo, char *why, size_t size)
{
	git_index *index = NULL;
	size_t n;
	int ret;

	if (git_repository_index(&index, repo)) {
		git_why(why, size);
		ret = -EPROTONOSUPPORT;
		goto out;
	}
	n = git_index_entrycount(index);
	pv->pool = strpool_new();
	pv->paths = alloc_array(n, sizeof(*pv->paths));
	ret = -ENOMEM;
	if (!pv->pool || !pv->paths)
		goto out;
	for (size_t i = 0; i < n; i++) {
		const git_index_entry *e = git_index_get_byindex(index, i);

		if (!e || !(pv->paths[i] = strpool_str(pv->pool, e->path)))
			goto out;
	}
	qsort(pv->paths, n, sizeof(*pv->paths), cmp_path);
	gx->paths = pv->paths;
	gx->npaths = n;
	ret = 0;
out:
	git_index_free(index);
	return ret;
}

/*
 * What needs @root's repository (libgit2): a sparse index expanded
 * (@sparse), or else the index read by libgit2.  The repository is
 * opened by gitrepo_open(), its message into @why on failure.
 */
static int read_with_repo(struct gitindex *gx, struct priv *pv,
			  const char *root, int sparse, char *why, size_t size)
{
	git_repository *repo;
	struct spdx_error err;
	int ret;

	if (gitrepo_open(&repo, root, GIT_REPOSITORY_OPEN_NO_SEARCH, &err)) {
		/* its message, cut to fit (snprintf() ends it) */
		if (snprintf(why, size, "%s", err.msg) >= (int)size)
			why[size - 1] = '\0';
		return -EPROTONOSUPPORT;
	}
	ret = sparse ? expand_sparse(gx, pv, repo, why, size) :
		       read_libgit2(gx, pv, repo, why, size);
	git_repository_free(repo);
	return ret;
}

static int new_gitindex(struct gitindex **out, struct priv **pv)
{
	*out = calloc(1, sizeof(**out));
	*pv = calloc(1, sizeof(**pv));
	if (!*out || !*pv) {
		free(*out);
		free(*pv);
		*out = NULL;
		return -ENOMEM;
	}
	(*out)->priv = *pv;
	return 0;
}

/* Fill @err for failure @ret of reading @root's index. */
static int fail(struct spdx_error *err, int ret, const char *root,
		const char *why)
{
	if (ret == -EPROTONOSUPPORT)
		return spdx_error_set(err, ret, "%s: git's index: %s", root, why);
	if (ret == -EINVAL)
		return spdx_error_set(err, ret, "%s: git's index: corrupt", root);
	return spdx_error_errno(err, ret, "%s: git's index", root);
}

int gitindex_parse(struct gitindex **out, const void *buf, size_t len,
		   struct spdx_error *err)
{
	struct priv *pv;
	int ret;

	ret = new_gitindex(out, &pv);
	if (ret)
		return spdx_error_errno(err, ret, "git's index");
	ret = parse_file(&pv->file[0], buf, len);
	if (!ret && (pv->file[0].link || pv->file[0].sparse)) {
		snprintf(pv->file[0].why, sizeof(pv->file[0].why),
			 "a split or sparse index needs its repository");
		ret = -EPROTONOSUPPORT;
	}
	if (ret) {
		fail(err, ret, "(buffer)", pv->file[0].why);
		gitindex_free(*out);
		*out = NULL;
		return ret;
	}
	(*out)->paths = pv->file[0].paths;
	(*out)->npaths = pv->file[0].n;
	return 0;
}

int gitindex_read(struct gitindex **out, int gitfd, const char *root,
		  struct spdx_error *err)
{
	struct gitindex *gx;
	struct priv *pv;
	struct ifile *f;
	int ret;

	*out = NULL;
	ret = new_gitindex(&gx, &pv);
	if (ret)
		return spdx_error_errno(err, ret, "%s: git's index", root);
	f = &pv->file[0];
	ret = map_file(gitfd, "index", &pv->map[0], &pv->maplen[0], &gx->stamp);
	if (ret == -ENOENT) {
		*out = gx;	/* no index: nothing tracked */
		return 0;
	}
	if (ret == -EINVAL) {
		gitindex_free(gx);
		return spdx_error_set(err, ret, "%s: git's index: not a regular file",
				      root);
	}
	if (!ret)	/* empty: "smaller than expected", as git says */
		ret = parse_file(f, pv->map[0] ? pv->map[0] : (void *)"", pv->maplen[0]);
	if (!ret && f->link && f->sparse)
		ret = -EINVAL;	/* git never writes both */
	if (!ret) {
		gx->paths = f->paths;
		gx->npaths = f->n;
	}
	if (!ret && f->link)
		ret = apply_link(gx, pv, gitfd);
	else if (!ret && f->sparse)
		ret = read_with_repo(gx, pv, root, 1, f->why, sizeof(f->why));
	else if (ret == -EPROTONOSUPPORT)
		ret = read_with_repo(gx, pv, root, 0, f->why, sizeof(f->why));
	if (ret == -EINVAL && gitrepo_sha256(gitfd, "config")) {
		snprintf(f->why, sizeof(f->why), "%s", GITREPO_SHA256_MSG);
		ret = -EPROTONOSUPPORT;
	}
	if (ret) {
		fail(err, ret, root, f->why);
		gitindex_free(gx);
		return ret;
	}
	*out = gx;
	return 0;
}

void gitindex_free(struct gitindex *gx)
{
	struct priv *pv;

	if (!gx)
		return;
	pv = gx->priv;
	for (int k = 0; k < 2; k++) {
		ifile_release(&pv->file[k]);
		if (pv->map[k])
			munmap(pv->map[k], pv->maplen[k]);
	}
	free(pv->paths);
	strpool_free(pv->pool);
	free(pv);
	free(gx);
}
