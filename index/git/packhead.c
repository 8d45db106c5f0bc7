// SPDX-License-Identifier: GPL-2.0-only
/*
 * packhead: a blob's first bytes from the pack files (packhead.h).
 *
 * A pack index (version 2) is: "\377tOc", version 2, 256 big-endian
 * counts (fanout: ids whose first byte is at most k), the sorted ids,
 * their CRCs, their 31-bit offsets (the top bit set: an index into the
 * 64-bit offsets that follow), then two checksums.  A pack entry starts
 * with its type and inflated size (7 bits a byte, low first, 4 in the
 * first), then for OFS_DELTA its base's distance back, for REF_DELTA its
 * base's id, then the zlib stream.  A delta is two sizes (base, result)
 * and instructions: copy a range of the base, or insert the next bytes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "git/packhead.h"

#define ID_BYTES	20
#define IDX_HEAD	(8 + 256 * 4)
#define IDX_TAIL	(2 * ID_BYTES)
#define IN_BYTES	(16 << 10)	/* pack bytes fed to zlib at a time */
#define IN_FIRST	(4 << 10)	/* ... with an entry's header */
#define DELTA_STEP	(4 << 10)	/* delta bytes inflated at a time */

enum { OBJ_BLOB = 3, OBJ_OFS_DELTA = 6, OBJ_REF_DELTA = 7 };

struct pack {
	const unsigned char *idx;	/* the index file, mapped */
	size_t idx_len;
	uint32_t n;			/* objects */
	uint32_t nlarge;		/* 64-bit offsets */
	int fd;				/* the pack */
	uint64_t end;			/* its size less the trailing id */
};

struct packhead {
	struct pack *packs;
	size_t npacks;
};

/* One read's bytes inflated and built, against PACKHEAD_BUDGET: those
 * freed still count, so that it bounds the work as well as the memory. */
struct budget {
	size_t left;
	/* The entries of the chain being followed, to tell a REF_DELTA
	 * cycle (-ELOOP) from a chain that is merely too deep. */
	const struct pack *chain_p[PACKHEAD_MAX_DEPTH + 1];
	uint64_t chain_off[PACKHEAD_MAX_DEPTH + 1];
};

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

static void pack_close(struct pack *p)
{
	if (p->idx)
		munmap((void *)p->idx, p->idx_len);
	if (p->fd >= 0)
		close(p->fd);
}

/* Do the 256 counts of fanout @fan never go down? */
static int fanout_ok(const unsigned char *fan)
{
	for (int i = 1; i < 256; i++)
		if (be32(fan + 4 * i) < be32(fan + 4 * (i - 1)))
			return 0;
	return 1;
}

/* Index @path and its pack into @p: 0, or -1 if either fails a check. */
static int pack_load(struct pack *p, const char *path)
{
	char pack[PATH_MAX];
	unsigned char head[12];
	struct stat st;
	size_t len = strlen(path), min;
	/* O_NONBLOCK: a FIFO named *.idx must not wait for a writer. */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	memset(p, 0, sizeof(*p));
	p->fd = -1;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size < IDX_HEAD + IDX_TAIL) {
		close(fd);
		return -1;
	}
	p->idx_len = st.st_size;
	p->idx = mmap(NULL, p->idx_len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p->idx == MAP_FAILED) {
		p->idx = NULL;
		return -1;
	}
	p->n = be32(p->idx + 8 + 255 * 4);
	min = IDX_HEAD + (size_t)p->n * (ID_BYTES + 8) + IDX_TAIL;
	if (memcmp(p->idx, "\377tOc\0\0\0\2", 8) || p->idx_len < min ||
	    (p->idx_len - min) % 8 || !fanout_ok(p->idx + 8))
		goto fail;
	p->nlarge = (p->idx_len - min) / 8;
	snprintf(pack, sizeof(pack), "%.*s.pack", (int)(len - 4), path);
	p->fd = open(pack, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (p->fd < 0 || fstat(p->fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size < 12 + ID_BYTES ||
	    pread(p->fd, head, 12, 0) != 12 || memcmp(head, "PACK", 4) ||
	    be32(head + 4) < 2 || be32(head + 4) > 3 || be32(head + 8) != p->n)
		goto fail;
	p->end = st.st_size - ID_BYTES;
	return 0;
fail:
	pack_close(p);
	p->idx = NULL;
	p->fd = -1;
	return -1;
}

int packhead_check_index(const char *idx_path)
{
	struct pack p;

	if (pack_load(&p, idx_path))
		return -EINVAL;
	pack_close(&p);
	return 0;
}

static int is_idx_name(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcmp(name + n - 4, ".idx");
}

/* Objects may be found elsewhere than @objdir's packs and loose files? */
static int objects_elsewhere(const char *objdir)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/info/alternates", objdir);
	return !access(path, F_OK) || getenv("GIT_ALTERNATE_OBJECT_DIRECTORIES");
}

int packhead_open(struct packhead **out, const char *objdir)
{
	char path[PATH_MAX];
	struct packhead *ph;
	struct dirent *de;
	DIR *d;
	int ret = -ENOMEM;

	if (objects_elsewhere(objdir))
		return -EOPNOTSUPP;
	snprintf(path, sizeof(path), "%s/pack", objdir);
	d = opendir(path);
	if (!d)
		return -ENOENT;
	ph = calloc(1, sizeof(*ph));
	if (!ph)
		goto out;
	while ((de = readdir(d))) {
		struct pack *p;

		if (!is_idx_name(de->d_name))
			continue;
		p = realloc(ph->packs, (ph->npacks + 1) * sizeof(*p));
		if (!p)
			goto out;
		ph->packs = p;
		if (snprintf(path, sizeof(path), "%s/pack/%s", objdir,
			     de->d_name) < (int)sizeof(path) &&
		    !pack_load(&p[ph->npacks], path))
			ph->npacks++;
	}
	ret = ph->npacks ? 0 : -ENOENT;
out:
	closedir(d);
	if (ret) {
		packhead_free(ph);
		return ret;
	}
	*out = ph;
	return 0;
}

void packhead_free(struct packhead *ph)
{
	if (!ph)
		return;
	for (size_t i = 0; i < ph->npacks; i++)
		pack_close(&ph->packs[i]);
	free(ph->packs);
	free(ph);
}

/* The offset of object @id in @p, or 0 when it holds none or the index
 * says nonsense (no entry starts before the pack's header ends). */
static uint64_t pack_find(const struct pack *p, const uint8_t *id)
{
	const unsigned char *fan = p->idx + 8, *ids = fan + 256 * 4;
	const unsigned char *offs = ids + (size_t)p->n * (ID_BYTES + 4);
	uint32_t lo = id[0] ? be32(fan + 4 * (id[0] - 1)) : 0;
	uint32_t hi = be32(fan + 4 * id[0]), o;
	uint64_t off;

	if (hi > p->n || lo > hi)
		return 0;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = memcmp(ids + (size_t)mid * ID_BYTES, id, ID_BYTES);

		if (!c) {
			o = be32(offs + 4 * (size_t)mid);
			if (!(o & 0x80000000u))
				return o;
			o &= 0x7fffffffu;
			if (o >= p->nlarge)
				return 0;
			off = (uint64_t)be32(offs + 4 * (size_t)p->n + 8 * (size_t)o)
			      << 32 | be32(offs + 4 * (size_t)p->n + 8 * (size_t)o + 4);
			return off;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Which pack holds @id, at which offset: 0, or -ENOENT. */
static int find(const struct packhead *ph, const uint8_t *id,
		const struct pack **p, uint64_t *off)
{
	for (size_t i = 0; i < ph->npacks; i++) {
		*off = pack_find(&ph->packs[i], id);
		if (*off) {
			*p = &ph->packs[i];
			return 0;
		}
	}
	return -ENOENT;
}

/* An entry's zlib stream, inflated as far as asked. */
struct zin {
	const struct pack *p;
	uint64_t off;		/* the next pack byte to feed */
	z_stream z;
	int end;		/* the stream has ended */
	unsigned char in[IN_BYTES];	/* first the entry's header */
};

static int zin_start(struct zin **out, const struct pack *p)
{
	/* Not calloc(): zeroing the input buffer, which is always
	 * written before it is read, was a fifth of "spdxfs history". */
	struct zin *s = malloc(sizeof(*s));

	if (!s)
		return -ENOMEM;
	memset(s, 0, offsetof(struct zin, in));
	s->p = p;
	if (inflateInit(&s->z) != Z_OK) {
		free(s);
		return -ENOMEM;
	}
	*out = s;
	return 0;
}

/* Its first @n input bytes at s->in + @at, the pack read up to @next. */
static void zin_have(struct zin *s, size_t at, size_t n, uint64_t next)
{
	s->z.next_in = s->in + at;
	s->z.avail_in = n;
	s->off = next;
}

static void zin_free(struct zin *s)
{
	if (!s)
		return;
	inflateEnd(&s->z);
	free(s);
}

/* A pack entry's header. */
struct entry {
	int type;
	uint64_t size;		/* the object's, or the delta's */
	uint64_t base;		/* OFS_DELTA: its base's offset */
	uint8_t base_id[ID_BYTES];	/* REF_DELTA */
};

/*
 * The header of the entry at @off, whose first @n bytes are @h, into @e:
 * the offset of its zlib stream in @h, or -EINVAL.
 */
static ssize_t entry_parse(const unsigned char *h, size_t n, uint64_t off,
			   struct entry *e)
{
	size_t i = 0;
	int shift = 4;

	if (n < 2)
		return -EINVAL;
	e->type = h[0] >> 4 & 7;
	e->size = h[0] & 15;
	while (h[i++] & 0x80) {
		if (i >= n || shift > 57)
			return -EINVAL;
		e->size |= (uint64_t)(h[i] & 0x7f) << shift;
		shift += 7;
	}
	if (e->type == OBJ_OFS_DELTA) {
		uint64_t back;

		if (i >= n)
			return -EINVAL;
		back = h[i] & 0x7f;
		while (h[i++] & 0x80) {
			if (i >= n || back >> 56)
				return -EINVAL;
			back = ((back + 1) << 7) | (h[i] & 0x7f);
		}
		if (!back || back > off)
			return -EINVAL;
		e->base = off - back;
	} else if (e->type == OBJ_REF_DELTA) {
		if (i + ID_BYTES > n)
			return -EINVAL;
		memcpy(e->base_id, h + i, ID_BYTES);
		i += ID_BYTES;
	} else if (e->type < 1 || e->type > 4) {
		return -EINVAL;
	}
	return i;
}

/* The first bytes of the entry at @off, up to @len, into @buf: how many,
 * or -errno. */
static ssize_t entry_pread(const struct pack *p, uint64_t off,
			   unsigned char *buf, size_t len)
{
	ssize_t n;

	if (off < 12 || off >= p->end)
		return -EINVAL;
	n = pread(p->fd, buf, p->end - off < len ? p->end - off : len, off);
	return n < 0 ? -EIO : n;
}

/*
 * The entry at @off into @e, and its zlib stream into *@zs (to free with
 * zin_free()): one read brings the header and the stream's first bytes,
 * which are all most heads need.
 */
static int entry_read(const struct pack *p, uint64_t off, struct entry *e,
		      struct zin **zs)
{
	struct zin *s;
	ssize_t n, i;
	int ret = zin_start(&s, p);

	if (ret)
		return ret;
	n = entry_pread(p, off, s->in, IN_FIRST);
	i = n < 0 ? n : entry_parse(s->in, n, off, e);
	if (i < 0) {
		zin_free(s);
		return i == -EIO ? -EIO : -EINVAL;	/* the only two */
	}
	zin_have(s, i, n - i, off + n);	/* the stream's bytes read with it */
	*zs = s;
	return 0;
}

/* Up to @n bytes into @out, fewer only where the stream ends: the count,
 * or -EIO. */
static ssize_t zin_read(struct zin *s, unsigned char *out, size_t n)
{
	s->z.next_out = out;
	s->z.avail_out = n;
	while (s->z.avail_out && !s->end) {
		int r;

		if (!s->z.avail_in) {
			ssize_t got;

			if (s->off >= s->p->end)
				return -EIO;
			got = pread(s->p->fd, s->in, IN_BYTES, s->off);
			if (got <= 0)
				return -EIO;
			s->off += got;
			s->z.next_in = s->in;
			s->z.avail_in = got;
		}
		r = inflate(&s->z, Z_NO_FLUSH);
		if (r == Z_STREAM_END)
			s->end = 1;
		else if (r != Z_OK)
			return -EIO;
	}
	return n - s->z.avail_out;
}

static int take(struct budget *b, size_t n)
{
	if (n > b->left)
		return -E2BIG;
	b->left -= n;
	return 0;
}

static int obj_head(const struct packhead *ph, const struct pack *p,
		    uint64_t off, size_t want, int depth, struct budget *b,
		    unsigned char **out, uint64_t *size);

/* A whole entry @e's first @n bytes into *@out (malloc'd), from its
 * stream @s, which it frees. */
static int whole_head(struct zin *s, const struct entry *e, size_t n,
		      struct budget *b, unsigned char **out)
{
	unsigned char *buf = NULL;
	ssize_t got;
	int ret = take(b, n);

	if (!ret && !(buf = malloc(n ? n : 1)))
		ret = -ENOMEM;
	if (!ret) {
		got = zin_read(s, buf, n);
		ret = got < 0 ? (int)got : (size_t)got < n ? -EIO : 0;
	}
	if (!ret && n == e->size) {
		/* The whole object: its stream must end there, its
		 * checksum right, as libgit2 would have it. */
		unsigned char extra;

		got = zin_read(s, &extra, 1);
		ret = got < 0 ? (int)got : got || !s->end ? -EIO : 0;
	}
	zin_free(s);
	if (ret) {
		free(buf);
		return ret;
	}
	*out = buf;
	return 0;
}

/* A delta's bytes, inflated as its instructions are read. */
struct delta {
	struct zin *s;
	unsigned char *d;
	size_t len, cap;	/* inflated; room for */
	uint64_t size;		/* the whole delta's */
	struct budget *b;
};

/* Make bytes [@pos, @pos + @k) of the delta held. */
static int delta_need(struct delta *dl, size_t pos, size_t k)
{
	while (dl->len < pos + k) {
		size_t step = DELTA_STEP;
		unsigned char *d;
		ssize_t got;
		int ret;

		if (pos + k > dl->size)
			return -EINVAL;
		if (!dl->s)
			return -EIO;
		if (step > dl->size - dl->len)
			step = dl->size - dl->len;
		ret = take(dl->b, step);
		if (ret)
			return ret;
		if (dl->len + step > dl->cap) {
			/* doubled, not a step at a time: a large delta is
			 * copied O(log n) times, not O(n) */
			size_t cap = dl->cap ? dl->cap * 2 : DELTA_STEP;

			if (cap < dl->len + step)
				cap = dl->len + step;
			if (cap > dl->size)
				cap = dl->size;
			d = realloc(dl->d, cap);
			if (!d)
				return -ENOMEM;
			dl->d = d;
			dl->cap = cap;
		}
		got = zin_read(dl->s, dl->d + dl->len, step);
		if (got < 0)
			return got;
		if (!got)
			return -EIO;
		dl->len += got;
	}
	return 0;
}

/* A delta's size field at *@pos. */
static int delta_size(struct delta *dl, size_t *pos, uint64_t *v)
{
	int shift = 0, ret;
	unsigned char c;

	*v = 0;
	do {
		ret = delta_need(dl, *pos, 1);
		if (ret)
			return ret;
		if (shift > 57)
			return -EINVAL;
		c = dl->d[(*pos)++];
		*v |= (uint64_t)(c & 0x7f) << shift;
		shift += 7;
	} while (c & 0x80);
	return 0;
}

/* One instruction at *@pos: a copy of base [*@from, + *@n), or an
 * insert of *@n bytes from the delta at *@from (*@copy says which). */
static int delta_op(struct delta *dl, size_t *pos, int *copy, uint64_t *from,
		    uint64_t *n)
{
	unsigned char cmd;
	int ret = delta_need(dl, *pos, 1);

	if (ret)
		return ret;
	cmd = dl->d[(*pos)++];
	if (!cmd)
		return -EINVAL;
	*copy = cmd & 0x80;
	if (!*copy) {
		*from = *pos;
		*n = cmd;
		*pos += cmd;
		return delta_need(dl, *from, cmd);
	}
	ret = delta_need(dl, *pos, __builtin_popcount(cmd & 0x7f));
	if (ret)
		return ret;
	*from = 0;
	*n = 0;
	for (int i = 0; i < 4; i++)
		if (cmd & 1 << i)
			*from |= (uint64_t)dl->d[(*pos)++] << 8 * i;
	for (int i = 0; i < 3; i++)
		if (cmd & 16 << i)
			*n |= (uint64_t)dl->d[(*pos)++] << 8 * i;
	if (!*n)
		*n = 0x10000;
	return 0;
}

/*
 * Delta entry @e's result, first @want bytes: its instructions read
 * until they make them, noting how far into the base they copy from;
 * that much of the base read (the same way, one link deeper); the
 * instructions run again, into *@out.
 */
static int delta_head(const struct packhead *ph, const struct pack *p,
		      const struct entry *e, struct zin *s, size_t want,
		      int depth, struct budget *b, unsigned char **out,
		      uint64_t *size)
{
	struct delta dl = { .s = s, .size = e->size, .b = b };
	const struct pack *bp = p;
	unsigned char *base = NULL, *buf = NULL;
	uint64_t base_size, result, from, k, reach = 0, got_base, boff = e->base;
	size_t pos = 0, start, n, made;
	int copy, ret;

	ret = -E2BIG;
	if (depth >= PACKHEAD_MAX_DEPTH)
		goto out;
	ret = -ENOENT;
	if (e->type == OBJ_REF_DELTA && find(ph, e->base_id, &bp, &boff))
		goto out;
	ret = delta_size(&dl, &pos, &base_size);
	if (!ret)
		ret = delta_size(&dl, &pos, &result);
	if (ret)
		goto out;
	n = want < result ? want : result;
	start = pos;
	for (made = 0; made < n; made += k) {
		ret = delta_op(&dl, &pos, &copy, &from, &k);
		if (ret)
			goto out;
		/* What git would refuse, though past the bytes wanted. */
		if (k > result - made ||
		    (copy && (from > base_size || k > base_size - from))) {
			ret = -EINVAL;
			goto out;
		}
		if (k > n - made)
			k = n - made;
		if (copy && from + k > reach)
			reach = from + k;
	}
	zin_free(dl.s);		/* what the run needs is held: not kept */
	dl.s = NULL;		/* open down the chain, a stream a link */
	ret = obj_head(ph, bp, boff, reach, depth + 1, b, &base, &got_base);
	if (ret)
		goto out;
	ret = -EINVAL;
	if (got_base != base_size || take(b, n) || !(buf = malloc(n ? n : 1)))
		goto out;
	pos = start;
	for (made = 0; made < n; made += k) {
		delta_op(&dl, &pos, &copy, &from, &k);	/* read before */
		if (k > n - made)
			k = n - made;
		memcpy(buf + made, copy ? base + from : dl.d + from, k);
	}
	*out = buf;
	*size = result;
	buf = NULL;
	ret = 0;
out:
	free(buf);
	free(base);
	free(dl.d);
	zin_free(dl.s);
	return ret;
}

/* The first @want bytes (fewer if smaller) of the object at @off of @p
 * into *@out (malloc'd), its whole size into *@size. */
static int obj_head(const struct packhead *ph, const struct pack *p,
		    uint64_t off, size_t want, int depth, struct budget *b,
		    unsigned char **out, uint64_t *size)
{
	struct entry e;
	struct zin *s;
	int ret;

	for (int i = 0; i < depth; i++)
		if (b->chain_p[i] == p && b->chain_off[i] == off)
			return -ELOOP;	/* a REF_DELTA cycle */
	if (depth <= PACKHEAD_MAX_DEPTH) {
		b->chain_p[depth] = p;
		b->chain_off[depth] = off;
	}
	ret = entry_read(p, off, &e, &s);
	if (ret)
		return ret;
	if (e.type == OBJ_OFS_DELTA || e.type == OBJ_REF_DELTA)
		return delta_head(ph, p, &e, s, want, depth, b, out, size);
	if (e.type != OBJ_BLOB) {	/* a chain's objects are of one type */
		zin_free(s);
		return -EINVAL;
	}
	*size = e.size;
	return whole_head(s, &e, want < e.size ? want : e.size, b, out);
}

ssize_t packhead_read(struct packhead *ph, const uint8_t *id, void *buf,
		      size_t len, uint64_t *size)
{
	struct budget b = { .left = PACKHEAD_BUDGET };
	const struct pack *p;
	unsigned char *head = NULL;
	uint64_t off;
	size_t n;
	int ret = find(ph, id, &p, &off);

	if (!ret)
		ret = obj_head(ph, p, off, len, 0, &b, &head, size);
	if (ret)
		return ret;
	n = len < *size ? len : *size;
	memcpy(buf, head, n);
	free(head);
	return n;
}

/*
 * The size of a delta's result: the second of the two sizes its stream
 * of @len bytes starts with, inflated only as far as them (each at most
 * 10 bytes).
 */
static int delta_result(struct zin *s, uint64_t len, uint64_t *size)
{
	struct budget b = { .left = PACKHEAD_BUDGET };
	struct delta dl = { .s = s, .size = len < 20 ? len : 20, .b = &b };
	uint64_t base_size;
	size_t pos = 0;
	int ret = delta_size(&dl, &pos, &base_size);

	if (!ret)
		ret = delta_size(&dl, &pos, size);
	free(dl.d);
	zin_free(s);
	return ret;
}

int packhead_size(struct packhead *ph, const uint8_t *id, uint64_t *size)
{
	unsigned char h[32];	/* the longest header (REF_DELTA's), then
				   the stream's first bytes */
	const struct pack *p;
	struct entry e;
	struct zin *s;
	uint64_t off;
	ssize_t n, i;
	int ret = find(ph, id, &p, &off);

	if (ret)
		return ret;
	/* A whole entry's header says it all: no stream to start. */
	n = entry_pread(p, off, h, sizeof(h));
	i = n < 0 ? n : entry_parse(h, n, off, &e);
	if (i < 0)
		return i;
	if (e.type != OBJ_OFS_DELTA && e.type != OBJ_REF_DELTA) {
		if (e.type != OBJ_BLOB)
			return -EINVAL;
		*size = e.size;
		return 0;
	}
	/* A delta's stream, from the bytes read with its header on. */
	ret = zin_start(&s, p);
	if (ret)
		return ret;
	memcpy(s->in, h + i, n - i);
	zin_have(s, 0, n - i, off + n);
	return delta_result(s, e.size, size);
}

int packhead_read_whole(struct packhead *ph, const uint8_t *id, size_t max,
			void **out, uint64_t *size)
{
	struct budget b = { .left = PACKHEAD_WHOLE_BUDGET };
	const struct pack *p;
	unsigned char *buf = NULL;
	uint64_t off;
	int ret = packhead_size(ph, id, size);

	if (ret)
		return ret;
	if (*size > max)
		return -EFBIG;
	ret = find(ph, id, &p, &off);
	if (!ret)
		ret = obj_head(ph, p, off, *size, 0, &b, &buf, size);
	if (ret)
		return ret;
	if (*size > max) {	/* a delta's header said otherwise */
		free(buf);
		return -EINVAL;
	}
	*out = buf;
	return 0;
}
