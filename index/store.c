// SPDX-License-Identifier: GPL-2.0-only
/*
 * store: the saved index on disk.
 *
 * Layout (native byte order; a file from another machine fails the
 * checksum or the magic and is rebuilt):
 *   struct store_header
 *   struct store_file  files[nfiles]     sorted by path
 *   uint32_t           exprs[nexprs]     offsets of expression texts
 *   uint32_t           links[nlinks]     offsets of symlinks' paths, sorted
 *   uint32_t           others[nothers]   offsets of other entries' paths
 *   char               strings[strsize]  NUL-terminated strings
 * Every offset is checked against strsize, and the blob for its final
 * NUL (so every string ends inside it), before anything is used; the
 * checksum covers everything after the header.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "util/grow.h"
#include "util/hash.h"
#include "index.h"
#include "store.h"
#include "util/strpool.h"
#include "util/thread.h"

#define STORE_MAGIC	"SPDXFSIX"
#define STORE_VERSION	9	/* 3: struct file_stat, with ctime; 4: SCAN_F_PLAIN;
				   5: whole tag lines, columns in characters;
				   6: the checksum in four lanes;
				   7: file_stat with a blob id;
				   8: the source's stamp, symlinks and
				   other entries;
				   9: copyright statements */
#define STORE_MAX_BYTES	(512ull << 20)	/* ~5 million files: a larger file
					   is not read, however it came */

struct store_header {
	char magic[8];
	uint32_t version;
	uint32_t head_bytes;	/* SCAN_HEAD_BYTES the results came from */
	uint64_t nfiles;
	uint64_t nexprs;
	uint64_t nlinks, nothers;
	uint64_t strsize;
	uint64_t checksum;
	uint32_t root;		/* offset of the tree's path in strings */
	uint32_t has_stamp;	/* 1: stamp is the index's source_stamp */
	struct file_stat stamp;
};

struct store_file {
	uint32_t path, leader;	/* string offsets */
	uint32_t copyright;	/* string offset; "" for none */
	int32_t expr;		/* -1 or index into exprs */
	uint32_t flags;
	struct file_stat st;	/* as the source gave it */
	uint16_t line, col, second_line;
	uint8_t scan_status;
	uint8_t pad;
};

static inline uint64_t rotl(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

/*
 * A fast 64-bit hash over words (hash.h's rounds); good enough to catch
 * corruption.  Four
 * independent lanes, so that the multiplications overlap instead of
 * each waiting for the one before.  Taken in pieces (a save hashes what
 * it writes as it goes): 32-byte blocks into the lanes, a partial block
 * kept for the next piece, and the tail of fewer than 32 bytes folded
 * at the end, so the result is the same however the bytes were cut.
 */
struct sum {
	uint64_t h[4];
	unsigned char part[32];
	size_t npart;
};

static void sum_init(struct sum *s, size_t len)
{
	s->h[0] = HASH_SEED ^ len;
	s->h[1] = 0xbf58476d1ce4e5b9ull;
	s->h[2] = 0x94d049bb133111ebull;
	s->h[3] = 0xc4ceb9fe1a85ec53ull;
	s->npart = 0;
}

/* The whole 32-byte blocks of @p into @s's lanes; returns the bytes left. */
static size_t sum_blocks(struct sum *s, const unsigned char *p, size_t len)
{
	uint64_t h0 = s->h[0], h1 = s->h[1], h2 = s->h[2], h3 = s->h[3], w[4];

	for (; len >= 32; p += 32, len -= 32) {
		memcpy(w, p, 32);
		h0 = hash_mix(h0, w[0]);
		h1 = hash_mix(h1, w[1]);
		h2 = hash_mix(h2, w[2]);
		h3 = hash_mix(h3, w[3]);
	}
	s->h[0] = h0;
	s->h[1] = h1;
	s->h[2] = h2;
	s->h[3] = h3;
	return len;
}

static void sum_add(struct sum *s, const void *data, size_t len)
{
	const unsigned char *p = data;
	size_t n;

	if (s->npart) {
		n = len < 32 - s->npart ? len : 32 - s->npart;
		memcpy(s->part + s->npart, p, n);
		s->npart += n;
		p += n;
		len -= n;
		if (s->npart < 32)
			return;
		sum_blocks(s, s->part, 32);
		s->npart = 0;
	}
	n = sum_blocks(s, p, len);
	memcpy(s->part, p + len - n, n);
	s->npart = n;
}

static uint64_t sum_end(const struct sum *s)
{
	const unsigned char *p = s->part;
	size_t len = s->npart;
	uint64_t h0 = s->h[0], w = 0;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h0 = hash_mix(h0, w);
	}
	w = 0;
	memcpy(&w, p, len);
	return hash_end(h0 ^ w ^ rotl(s->h[1], 16) ^ rotl(s->h[2], 32) ^
			rotl(s->h[3], 48));
}

uint64_t store_checksum(const void *data, size_t len)
{
	struct sum s;

	sum_init(&s, len);
	sum_add(&s, data, len);
	return sum_end(&s);
}

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

static int cache_dir(char *buf, size_t size)
{
	const char *env = getenv("SPDXFS_CACHE_DIR"), *home;
	int n;

	if (env && *env)
		n = snprintf(buf, size, "%s", env);
	else if ((env = getenv("XDG_CACHE_HOME")) && *env)
		n = snprintf(buf, size, "%s/spdxfs/index", env);
	else if ((home = getenv("HOME")) && *home)
		n = snprintf(buf, size, "%s/.cache/spdxfs/index", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* The saved index's file name, in the cache directory. */
static void store_name(const char *root, char *buf, size_t size)
{
	snprintf(buf, size, "%016llx.idx", (unsigned long long)fnv1a(root));
}

int store_path(const char *root, char *buf, size_t size)
{
	char dir[PATH_MAX], name[32];
	int ret = cache_dir(dir, sizeof(dir)), n;

	if (ret)
		return ret;
	store_name(root, name, sizeof(name));
	n = snprintf(buf, size, "%s/%s", dir, name);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

/* -EINVAL, the saved index not used, with @msg in @why. */
static int bad(struct spdx_error *why, const char *msg)
{
	return spdx_error_set(why, -EINVAL, "%s", msg);
}

/* mkdir -p, each directory it makes 0700 (the XDG rule for a cache). */
static int mkdir_p(char *dir)
{
	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
			*p = '/';
			return -errno;
		}
		*p = '/';
	}
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

/*
 * Open the cache directory @dir, made (0700, with its parents) when
 * @create, and refuse one that another user could write into: it must be
 * the caller's own and writable by no group or other user, else a planted
 * file or symlink could be read as an index or written through.  Its path
 * may pass through symlinks; what is checked is the directory reached,
 * and everything after goes through the returned descriptor, so a
 * directory swapped in later is not used.  Returns the descriptor or
 * -errno with a reason in @why.
 */
static int open_cache_dir(char *dir, int create, struct spdx_error *why)
{
	struct stat st;
	int fd, ret;

	if (create && (ret = mkdir_p(dir)))
		return spdx_error_errno(why, ret, "%s", dir);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return spdx_error_errno(why, -errno, "%s", dir);
	if (fstat(fd, &st) < 0) {
		ret = -errno;
		close(fd);
		return spdx_error_errno(why, ret, "%s", dir);
	}
	if (st.st_uid != geteuid()) {
		close(fd);
		return spdx_error_set(why, -EPERM,
			      "cache directory owned by uid %u, not by you: %s",
			      (unsigned)st.st_uid, dir);
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		close(fd);
		return spdx_error_set(why, -EPERM,
			      "cache directory writable by others: %s", dir);
	}
	return fd;
}

/* The string at @off of a blob that decode() checked ends in a NUL. */
static const char *string_at(const char *strings, uint64_t strsize, uint32_t off)
{
	return off < strsize ? strings + off : NULL;
}

/*
 * Decoding the file records, on two threads: the caller sums the body
 * while the helper takes records in chunks, then takes what is left.  A
 * record is checked before it is used, so decoding ahead of the sum is
 * safe, only wasted when the sum is wrong.  The caller never waits on
 * the helper but for the chunk it holds: a helper that starts late (its
 * CPU busy with git's index being read meanwhile, source_fs.c) costs the
 * load nothing, where one that had the sum to do held the caller up.
 */
#define DECODE_CHUNK	4096

struct decoding {
	const struct store_header *h;
	const char *body;		/* everything after the header */
	const struct store_file *sf;
	const char *strings;
	struct spdx_file *files;
	atomic_uint_fast64_t next;	/* the first record not yet taken */
	uint64_t sum;			/* the body's checksum */
	struct {
		uint64_t at;		/* the first bad record it met, or */
		const char *why;	/* nfiles and NULL */
	} res[2];			/* per thread */
};

/* The bytes after the header, of a header whose counts are each below
 * STORE_MAX_BYTES (no overflow). */
static uint64_t body_bytes(const struct store_header *h)
{
	return h->nfiles * sizeof(struct store_file) +
	       (h->nexprs + h->nlinks + h->nothers) * 4 + h->strsize;
}

/*
 * The @n paths whose offsets are at @off into @p, pointers into @d's
 * strings; NULL, or the fault when one is bad or out of order.
 */
static const char *decode_paths(const struct decoding *d, const uint32_t *off,
				uint64_t n, char **p)
{
	for (uint64_t k = 0; k < n; k++) {
		const char *s = string_at(d->strings, d->h->strsize, off[k]);

		if (!s)
			return "bad path offset";
		if (k && strcmp(p[k - 1], s) >= 0)
			return "paths out of order";
		p[k] = (char *)s;	/* the mapping's, kept; read only */
	}
	return NULL;
}

/* Decode records [lo, hi); note the first bad one in @res. */
static void decode_range(struct decoding *d, uint64_t lo, uint64_t hi, int res)
{
	const struct store_header *h = d->h;

	for (uint64_t i = lo; i < hi; i++) {
		const struct store_file *r = &d->sf[i];
		struct spdx_file *f = &d->files[i];
		const char *path = string_at(d->strings, h->strsize, r->path);
		const char *leader = string_at(d->strings, h->strsize, r->leader);
		const char *copyright = string_at(d->strings, h->strsize,
						  r->copyright);
		const char *before = i ? string_at(d->strings, h->strsize,
						   d->sf[i - 1].path) : NULL;
		const char *why = NULL;

		if (!path || !leader || !copyright || r->expr < -1 ||
		    r->expr >= (int64_t)h->nexprs || r->scan_status >= ST__COUNT)
			why = "bad file record";
		else if (before && strcmp(before, path) >= 0)
			why = "records out of order";
		if (why) {
			if (i < d->res[res].at) {
				d->res[res].at = i;
				d->res[res].why = why;
			}
			return;
		}
		f->path = path;
		f->leader = leader;
		f->copyright = *copyright ? copyright : NULL;
		f->expr = r->expr;
		f->flags = r->flags;
		f->st = r->st;
		f->line = r->line;
		f->col = r->col;
		f->second_line = r->second_line;
		f->scan_status = f->status = r->scan_status;
	}
}

static void decode_chunks(struct decoding *d, int res)
{
	uint64_t n = d->h->nfiles, lo;

	while ((lo = atomic_fetch_add(&d->next, DECODE_CHUNK)) < n)
		decode_range(d, lo, lo + DECODE_CHUNK < n ? lo + DECODE_CHUNK : n,
			     res);
}

static void *decode_helper(void *arg)
{
	struct decoding *d = arg;

	decode_chunks(d, 1);
	return NULL;
}

/* The records' first problem, in file order, or NULL. */
static const char *decode_files(struct decoding *d)
{
	pthread_t helper;
	int threaded;

	d->res[0].at = d->res[1].at = d->h->nfiles;
	d->res[0].why = d->res[1].why = NULL;
	atomic_init(&d->next, 0);
	threaded = !thread_start(&helper, decode_helper, d);
	d->sum = store_checksum(d->body, body_bytes(d->h));
	decode_chunks(d, 0);
	if (threaded)
		pthread_join(helper, NULL);
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	/* (a fuzzer's mutations must get past it to the checks below) */
	if (d->sum != d->h->checksum)
		return "checksum mismatch";
#endif
	return d->res[0].at <= d->res[1].at ? d->res[0].why : d->res[1].why;
}

static int decode(struct spdx_index *idx, const char *map, size_t size,
		  const char *root, struct spdx_error *why)
{
	const struct store_header *h = (const void *)map;
	struct decoding d = { .h = h, .body = map + sizeof(*h) };
	const uint32_t *eoff;
	const char *s, *fault = NULL;
	uint64_t body;

	if (size < sizeof(h->magic) || memcmp(h->magic, STORE_MAGIC, 8))
		return bad(why, "not a spdxfs index");
	if (size < sizeof(*h))
		return bad(why, "truncated");
	if (h->version != STORE_VERSION || h->head_bytes != SCAN_HEAD_BYTES)
		return bad(why, "index of another spdxfs version");
	if (h->nfiles > size / sizeof(*d.sf) || h->nexprs > size / 4 ||
	    h->nlinks > size / 4 || h->nothers > size / 4 ||
	    h->strsize > size)
		return bad(why, "truncated");
	body = body_bytes(h);
	if (size - sizeof(*h) != body)
		return bad(why, "truncated");
	d.sf = (const void *)d.body;
	eoff = (const void *)(d.sf + h->nfiles);
	d.strings = (const char *)(eoff + h->nexprs + h->nlinks + h->nothers);
	/* Then every string of it ends inside it. */
	if (!h->strsize || d.strings[h->strsize - 1] != '\0')
		fault = "bad string table";
	else if (!(s = string_at(d.strings, h->strsize, h->root)) || strcmp(s, root))
		fault = "index of another tree";
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	if (fault && store_checksum(d.body, body) != h->checksum)
		fault = "checksum mismatch";	/* a wrong sum says more */
#endif
	if (fault)
		return bad(why, fault);

	idx->files = calloc(h->nfiles ? h->nfiles : 1, sizeof(*idx->files));
	idx->exprs = calloc(h->nexprs ? h->nexprs : 1, sizeof(*idx->exprs));
	if (!idx->files || !idx->exprs)
		return -ENOMEM;
	/* Untouched yet: decoding faults its pages in. */
	advise_huge(idx->files, h->nfiles * sizeof(*idx->files));
	d.files = idx->files;
	fault = decode_files(&d);
	if (fault)
		return bad(why, fault);
	for (uint64_t k = 0; k < h->nexprs; k++) {
		s = string_at(d.strings, h->strsize, eoff[k]);
		if (!s)
			return bad(why, "bad expression offset");
		idx->exprs[k].text = s;	/* into the mapping, kept */
	}
	idx->nexprs = h->nexprs;
	idx->nfiles = h->nfiles;
	idx->symlinks = alloc_array(h->nlinks, sizeof(*idx->symlinks));
	idx->others = alloc_array(h->nothers, sizeof(*idx->others));
	if (!idx->symlinks || !idx->others)
		return -ENOMEM;
	fault = decode_paths(&d, eoff + h->nexprs, h->nlinks, idx->symlinks);
	if (!fault)
		fault = decode_paths(&d, eoff + h->nexprs + h->nlinks,
				     h->nothers, idx->others);
	if (fault)
		return bad(why, fault);
	idx->nsymlinks = h->nlinks;
	idx->nothers = h->nothers;
	idx->has_source_stamp = h->has_stamp == 1;
	if (idx->has_source_stamp)
		idx->source_stamp = h->stamp;
	return 0;
}

/*
 * Open the saved index @name in directory @dfd: never through a symlink,
 * never blocking (a FIFO planted there would hang every command), and
 * only a regular file of the caller's of at most STORE_MAX_BYTES (a
 * 2 GiB file would otherwise be mapped whole).  Returns a descriptor,
 * -ENOENT, or -EINVAL with a reason.
 */
static int open_index(int dfd, const char *name, struct stat *st,
		      struct spdx_error *why)
{
	int fd = openat(dfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW |
			O_NONBLOCK | O_NOCTTY);

	if (fd < 0 && errno == ELOOP)
		return bad(why, "not a regular file");
	if (fd < 0)
		return -errno;
	if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return bad(why, "not a regular file");
	}
	if (st->st_uid != geteuid() || (uint64_t)st->st_size > STORE_MAX_BYTES ||
	    st->st_size == 0) {
		close(fd);
		return bad(why, st->st_size == 0 ? "empty" :
			   st->st_uid != geteuid() ? "not your file" :
			   "larger than 512 MiB");
	}
	return fd;
}

/* Open the saved index of @root to read, its stat data into @st: a
 * descriptor, or -errno with @why filled (may be NULL). */
static int open_saved(const char *root, struct stat *st,
		      struct spdx_error *why)
{
	char dir[PATH_MAX], name[32];
	int dfd, fd, ret;

	ret = cache_dir(dir, sizeof(dir));
	if (ret)
		return ret;
	store_name(root, name, sizeof(name));
	dfd = open_cache_dir(dir, 0, why);
	if (dfd < 0)
		return dfd;
	fd = open_index(dfd, name, st, why);
	close(dfd);
	return fd;
}

/* The source stamp in the header of the saved index open at @fd into @st:
 * @st, or NULL when it has none or is none this spdxfs reads. */
static const struct file_stat *header_stamp(int fd, struct file_stat *st)
{
	struct store_header h;

	if (pread(fd, &h, sizeof(h), 0) != sizeof(h) ||
	    memcmp(h.magic, STORE_MAGIC, 8) || h.version != STORE_VERSION ||
	    h.has_stamp != 1)
		return NULL;
	*st = h.stamp;
	return st;
}

static int load(struct spdx_index **out, const char *root,
		store_stamp_fn hint, void *arg, struct spdx_error *why)
{
	struct spdx_index *idx;
	struct file_stat stamp;
	struct stat st;
	void *map;
	int fd, ret;

	fd = open_saved(root, &st, why);
	if (hint)
		hint(arg, fd < 0 ? NULL : header_stamp(fd, &stamp));
	if (fd < 0)
		return fd;
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return -errno;
	idx = calloc(1, sizeof(*idx));
	if (!idx) {
		munmap(map, st.st_size);
		return -ENOMEM;
	}
	/* The strings stay in the mapping: index_free() unmaps it. */
	idx->map = map;
	idx->maplen = st.st_size;
	idx->root = strdup(root);
	ret = idx->root ? decode(idx, map, st.st_size, root, why) : -ENOMEM;
	if (ret) {
		index_free(idx);
		return ret;
	}
	*out = idx;
	return 0;
}

int store_cache_open(char *dir, size_t size, struct spdx_error *err)
{
	int ret = cache_dir(dir, size);

	if (ret == -ENOENT)
		return spdx_error_set(err, ret, "no cache directory: $SPDXFS_CACHE_DIR, "
				      "$XDG_CACHE_HOME and $HOME are unset");
	if (ret)
		return spdx_error_errno(err, ret, "the cache directory");
	return open_cache_dir(dir, 0, err);
}

int store_root_of(int dfd, const char *name, char **root)
{
	struct store_header h;
	struct stat st;
	uint64_t strings, len;
	char buf[PATH_MAX + 1];
	ssize_t n;
	int fd;

	*root = NULL;
	fd = open_index(dfd, name, &st, NULL);
	if (fd < 0)
		return fd;
	n = pread(fd, &h, sizeof(h), 0);
	if (n != sizeof(h) || memcmp(h.magic, STORE_MAGIC, 8) ||
	    h.version != STORE_VERSION || h.nfiles > (uint64_t)st.st_size ||
	    h.nexprs > (uint64_t)st.st_size || h.strsize > (uint64_t)st.st_size ||
	    h.nlinks > (uint64_t)st.st_size || h.nothers > (uint64_t)st.st_size ||
	    h.root >= h.strsize) {
		close(fd);
		return -EINVAL;
	}
	strings = sizeof(h) + h.nfiles * sizeof(struct store_file) +
		  (h.nexprs + h.nlinks + h.nothers) * 4;
	len = h.strsize - h.root < sizeof(buf) ? h.strsize - h.root : sizeof(buf);
	n = strings + h.strsize == (uint64_t)st.st_size ?
		pread(fd, buf, len, strings + h.root) : -1;
	close(fd);
	if (n <= 0 || !memchr(buf, '\0', n))
		return -EINVAL;
	*root = strdup(buf);
	return *root ? 0 : -ENOMEM;
}

/* A failed cache_dir() for @root, said. */
static int path_fail(struct spdx_error *err, int ret, const char *root)
{
	if (ret == -ENOENT)
		return spdx_error_set(err, ret,
				      "no cache directory: $SPDXFS_CACHE_DIR, $XDG_CACHE_HOME and $HOME are unset");
	return spdx_error_errno(err, ret, "the cache path of %s", root);
}

int store_load_hinted(struct spdx_index **out, const char *root,
		      store_stamp_fn hint, void *arg, struct spdx_error *err)
{
	struct spdx_error why = { 0 };
	char path[PATH_MAX];
	int ret = store_path(root, path, sizeof(path));

	if (ret) {
		if (hint)
			hint(arg, NULL);
		return path_fail(err, ret, root);
	}
	ret = load(out, root, hint, arg, &why);
	if (!ret)
		return 0;
	if (ret == -EPERM)	/* the cache directory, named in @why */
		return spdx_error_set(err, ret, "%s", why.msg);
	if (why.code)
		return spdx_error_set(err, ret, "%s: %s", path, why.msg);
	return spdx_error_errno(err, ret, "%s", path);
}

int store_load(struct spdx_index **out, const char *root,
	       struct spdx_error *err)
{
	return store_load_hinted(out, root, NULL, NULL, err);
}

/* Bytes of the strings store_write() lays down for @idx, the files' coming
 * last, from *@files_at on; -EFBIG past what a 32-bit offset reaches. */
static int64_t strings_size(const struct spdx_index *idx, uint64_t *files_at)
{
	uint64_t n = strlen(idx->root) + 1;

	for (size_t k = 0; k < idx->nexprs; k++)
		n += strlen(idx->exprs[k].text) + 1;
	for (size_t k = 0; k < idx->nsymlinks; k++)
		n += strlen(idx->symlinks[k]) + 1;
	for (size_t k = 0; k < idx->nothers; k++)
		n += strlen(idx->others[k]) + 1;
	*files_at = n;
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		n += strlen(f->path) + 1;
		n += (f->leader ? strlen(f->leader) : 0) + 1;
		n += (f->copyright ? strlen(f->copyright) : 0) + 1;
	}
	return n > UINT32_MAX ? -EFBIG : (int64_t)n;
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		len -= n;
	}
	return 0;
}

/* Is @path inside @root (or equal to it)? */
static int path_inside(const char *path, const char *root)
{
	size_t n = strlen(root);

	return !strncmp(path, root, n) && (path[n] == '/' || path[n] == '\0');
}

/*
 * Would directory @dir, which may not exist yet, lie inside @root?  The
 * deepest existing ancestor is resolved, so symlinks cannot hide it.
 * Returns 1, 0 or -errno; creates nothing.
 */
static int inside_tree(const char *dir, const char *root)
{
	char probe[PATH_MAX], *real, *slash;
	int ret;

	snprintf(probe, sizeof(probe), "%s", dir);
	while (!(real = realpath(probe, NULL))) {
		if (errno != ENOENT)
			return -errno;
		slash = strrchr(probe, '/');
		if (!slash) {
			strcpy(probe, ".");
			continue;
		}
		if (slash == probe) {
			probe[1] = '\0';
			continue;
		}
		*slash = '\0';
	}
	ret = path_inside(real, root);
	free(real);
	return ret;
}

/*
 * The saved index written as it is laid down, through a small buffer,
 * its checksum taken on the way: a whole encoded copy would double the
 * memory of a large index (the blob cache's, at the end of a run) at
 * the moment it is already at its largest.  The first error is kept
 * and everything after it skipped.
 */
#define SINK_BYTES	(64 << 10)

struct sink {
	int fd, ret;
	size_t len;		/* bytes in buf */
	struct sum sum;		/* of all but the header */
	char buf[SINK_BYTES];
};

static void sink_flush(struct sink *k)
{
	if (!k->ret && k->len)
		k->ret = write_all(k->fd, k->buf, k->len);
	k->len = 0;
}

/* @data to the file; @summed: after the header, so in the checksum. */
static void sink_put(struct sink *k, const void *data, size_t len, int summed)
{
	const char *p = data;

	if (summed)
		sum_add(&k->sum, data, len);
	while (len && !k->ret) {
		size_t n = SINK_BYTES - k->len < len ? SINK_BYTES - k->len : len;

		memcpy(k->buf + k->len, p, n);
		k->len += n;
		p += n;
		len -= n;
		if (k->len == SINK_BYTES)
			sink_flush(k);
	}
}

/* @idx's files, each string offset counted from @off. */
static void put_files(struct sink *k, const struct spdx_index *idx,
		      uint64_t off)
{
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		struct store_file sf;

		memset(&sf, 0, sizeof(sf));
		sf.path = off;
		off += strlen(f->path) + 1;
		sf.leader = off;
		off += (f->leader ? strlen(f->leader) : 0) + 1;
		sf.copyright = off;
		off += (f->copyright ? strlen(f->copyright) : 0) + 1;
		sf.expr = f->expr;
		sf.flags = f->flags & IDX_F_SCAN_MASK;	/* the scanner's only */
		sf.st = f->st;
		sf.line = f->line;
		sf.col = f->col;
		sf.second_line = f->second_line;
		sf.scan_status = f->scan_status;
		/* Unread files (errors, exclusions) are saved as stale. */
		if (f->error || f->status == ST_EXCLUDED)
			sf.st.size = UINT64_MAX;
		sink_put(k, &sf, sizeof(sf), 1);
	}
}

/* @idx's expression, symlink and other offsets, then its strings: the
 * root, the expression texts, the symlinks' and others' paths, each
 * file's path, leader and copyright statements. */
/* The offsets of @n strings @s laid down from *@off on; *@off moves past
 * them. */
static void put_offsets(struct sink *k, char *const *s, size_t n,
			uint64_t *off)
{
	for (size_t e = 0; e < n; e++) {
		uint32_t o = *off;

		sink_put(k, &o, sizeof(o), 1);
		*off += strlen(s[e]) + 1;
	}
}

static void put_paths(struct sink *k, char *const *s, size_t n)
{
	for (size_t e = 0; e < n; e++)
		sink_put(k, s[e], strlen(s[e]) + 1, 1);
}

static void put_strings(struct sink *k, const struct spdx_index *idx)
{
	uint64_t off = strlen(idx->root) + 1;

	for (size_t e = 0; e < idx->nexprs; e++) {
		uint32_t o = off;

		sink_put(k, &o, sizeof(o), 1);
		off += strlen(idx->exprs[e].text) + 1;
	}
	put_offsets(k, idx->symlinks, idx->nsymlinks, &off);
	put_offsets(k, idx->others, idx->nothers, &off);
	sink_put(k, idx->root, strlen(idx->root) + 1, 1);
	for (size_t e = 0; e < idx->nexprs; e++)
		sink_put(k, idx->exprs[e].text, strlen(idx->exprs[e].text) + 1, 1);
	put_paths(k, idx->symlinks, idx->nsymlinks);
	put_paths(k, idx->others, idx->nothers);
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		const char *leader = f->leader ? f->leader : "";
		const char *copyright = f->copyright ? f->copyright : "";

		sink_put(k, f->path, strlen(f->path) + 1, 1);
		sink_put(k, leader, strlen(leader) + 1, 1);
		sink_put(k, copyright, strlen(copyright) + 1, 1);
	}
}

/*
 * The saved index of @idx into @fd, a new empty file: header (its
 * checksum written last, in place), files, expression offsets, strings.
 */
static int store_write(int fd, const struct spdx_index *idx)
{
	uint64_t files_at;
	int64_t ssz = strings_size(idx, &files_at);
	struct store_header h;
	struct sink *k;
	ssize_t n;
	int ret;

	if (ssz < 0)
		return ssz;
	k = malloc(sizeof(*k));
	if (!k)
		return -ENOMEM;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, STORE_MAGIC, 8);
	h.version = STORE_VERSION;
	h.head_bytes = SCAN_HEAD_BYTES;
	h.nfiles = idx->nfiles;
	h.nexprs = idx->nexprs;
	h.nlinks = idx->nsymlinks;
	h.nothers = idx->nothers;
	h.strsize = ssz;
	h.root = 0;		/* the first string */
	if (idx->has_source_stamp) {
		h.has_stamp = 1;
		h.stamp = idx->source_stamp;
	}
	k->fd = fd;
	k->ret = 0;
	k->len = 0;
	sum_init(&k->sum, body_bytes(&h));
	sink_put(k, &h, sizeof(h), 0);
	put_files(k, idx, files_at);
	put_strings(k, idx);
	sink_flush(k);
	h.checksum = sum_end(&k->sum);
	ret = k->ret;
	free(k);
	if (ret)
		return ret;
	n = pwrite(fd, &h.checksum, sizeof(h.checksum),
		   offsetof(struct store_header, checksum));
	if (n < 0)
		return -errno;
	return n == sizeof(h.checksum) ? 0 : -EIO;
}

int store_worth_saving(const struct spdx_index *prev, const struct spdx_index *idx)
{
	/* A REUSE reading is no scan result to take over (index_reuse.h). */
	if (idx->layout != INDEX_LAYOUT_KERNEL)
		return 0;
	if (!prev || prev->nfiles != idx->nfiles ||
	    prev->nsymlinks != idx->nsymlinks || prev->nothers != idx->nothers)
		return 1;
	/* The next rescan's prior (source.h) comes from the saved index. */
	if (prev->has_source_stamp != idx->has_source_stamp ||
	    (idx->has_source_stamp &&
	     !file_stat_same(&prev->source_stamp, &idx->source_stamp)))
		return 1;
	return idx->rescanned > idx->nfiles / 64;
}

/*
 * A new temporary file for @name in @dfd, into @tmp: created, never
 * opened through whatever is there (O_EXCL, O_NOFOLLOW), 0600.  A name
 * left by a dead process of the same pid is removed once.
 */
static int create_tmp(int dfd, const char *name, char *tmp, size_t size)
{
	int fd, tries = 0;

	snprintf(tmp, size, "%s.%d.tmp", name, (int)getpid());
	do {
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			    O_CLOEXEC, 0600);
	} while (fd < 0 && errno == EEXIST && !tries++ && !unlinkat(dfd, tmp, 0));
	return fd < 0 ? -errno : fd;
}

int store_save(const struct spdx_index *idx, struct spdx_error *err)
{
	char dir[PATH_MAX], name[32], tmp[64] = "";
	int dfd = -1, fd = -1, ret;

	ret = cache_dir(dir, sizeof(dir));
	if (ret)
		return path_fail(err, ret, idx->root);
	store_name(idx->root, name, sizeof(name));
	ret = inside_tree(dir, idx->root);
	if (ret < 0)
		return spdx_error_errno(err, ret, "%s", dir);
	if (ret)
		return spdx_error_set(err, -EPERM, "%s: cache directory inside the tree",
				      dir);
	dfd = open_cache_dir(dir, 1, err);
	if (dfd < 0)
		return dfd;

	fd = create_tmp(dfd, name, tmp, sizeof(tmp));
	if (fd < 0) {
		ret = fd;
		goto out;
	}
	ret = store_write(fd, idx);
	if (close(fd) < 0 && !ret)
		ret = -errno;
	fd = -1;
	if (!ret && renameat(dfd, tmp, dfd, name) < 0)
		ret = -errno;
	if (ret)
		unlinkat(dfd, tmp, 0);
out:
	if (ret)
		spdx_error_errno(err, ret, "%s/%s", dir, *tmp ? tmp : name);
	if (fd >= 0)
		close(fd);
	close(dfd);
	return ret;
}
