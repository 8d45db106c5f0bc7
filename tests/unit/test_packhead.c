// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_packhead: a blob's first bytes from the packs against git's own
 * reading of it, for every blob of a repository made here: big text
 * files edited commit after commit (lines changed, blocks inserted and
 * removed, the start cut away) and repacked into delta chains, once with
 * OFS_DELTA bases and once with REF_DELTA ones, at several lengths.  And
 * what it must refuse: a loose object, a tree, alternates, no pack, a
 * read past its budget, a whole blob whose zlib checksum is wrong; a
 * pack damaged all over read with no crash; and, in a pack made here, a
 * delta copying past its base and a chain past the depth allowed.
 * packhead_size() against git's sizes for the same blobs, whole and
 * deltas of both kinds, and what it refuses.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "fixture.h"
#include "git/packhead.h"
#include "tap.h"

#define BIG	(4608u << 10)	/* the big blob: past the budget */

/* Makes repository r with 21 commits, r2 its REF_DELTA twin. */
static const char make_repos[] =
	"set -e; cd \"$T\"; export HOME=\"$T\" GIT_CONFIG_NOSYSTEM=1;"
	"export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@e GIT_COMMITTER_NAME=t "
	"GIT_COMMITTER_EMAIL=t@e;"
	"git init -q r; cd r;"
	"i=1; while [ $i -le 20 ]; do"
	" awk -v i=$i 'BEGIN { printf \"/* SPDX-License-Identifier: GPL-2.0 */\\n/* v%d */\\n\", i;"
	"  for (k = 0; k < 8000; k++) {"
	"   if (i % 2 == 0 && k == 100 + i) for (j = 0; j < 40; j++) printf \"/* new %d %d */\\n\", i, j;"
	"   if (i % 3 == 0 && k >= 200 && k < 230) continue;"
	"   printf \"#define REG_%05d_%s 0x%08x\\n\", k, (k % 50 == i) ? \"V\" i : \"MASK\", (k * 7919) % 1000003 } }' >big.h;"
	" awk -v i=$i 'BEGIN { for (k = i * 300; k < 6000; k++) printf \"line %d of the cut file\\n\", k }' >cut.txt;"
	" awk -v i=$i 'BEGIN { for (k = 0; k < 3000; k++) printf \"%d %d\\n\", (k * i) % 97, k }' >mixed.txt;"
	" git add -A; git commit -q -m v$i; i=$((i + 1));"
	"done;"
	"awk 'BEGIN { for (k = 0; k < 131072; k++) printf \"%035d\\n\", k }' >huge.txt;"
	"git add huge.txt; git commit -q -m huge;"
	"git repack -adfq --depth=50 --window=50;"
	"git verify-pack -v .git/objects/pack/*.idx | grep -q 'chain length = [3-9]';"
	"git rev-list --objects --all | cut -c1-40 |"
	" git cat-file --batch-check='%(objecttype) %(objectname) %(objectsize)' |"
	" sed -n 's/^blob //p' >\"$T/blobs\";"
	"git rev-parse HEAD^{tree} >\"$T/tree\";"
	"cd ..; git clone -q --bare --no-local r r2;"
	"git -C r2 -c repack.useDeltaBaseOffset=false repack -adfq --depth=50 --window=50;"
	"echo loose >r/loose; git -C r hash-object -w loose >\"$T/loose\";"
	"git init -q --bare r3; echo \"$T/r/.git/objects\" >r3/objects/info/alternates;"
	"git init -q --bare r4;"
	"mkdir bad; cp -r r/.git/objects/pack bad/pack; chmod -R u+w bad;"
	"perl -e 'open(F, \"+<\", $ARGV[0]) or die; for ($o = 500; $o < -s F; $o += 997)"
	" { seek(F, $o, 0); read(F, $c, 1); seek(F, $o, 0); print F chr(ord($c) ^ 255) }'"
	" bad/pack/*.pack;"
	"git init -q r5; cd r5;"
	"awk 'BEGIN { srand(1); for (k = 0; k < 20000; k++) printf \"%08x\\n\", int(rand() * 4294967296) }' >s;"
	"git add s;"
	"git commit -q -m s; git repack -adq; git hash-object s >\"$T/small\";"
	"git verify-pack -v .git/objects/pack/*.idx |"
	" awk -v id=\"$(cat \"$T/small\")\" '$1 == id { print $5 + $4 - 1 }' >\"$T/at\";"
	"chmod u+w .git/objects/pack/*.pack;"
	"perl -e 'open(F, \"+<\", $ARGV[0]) or die; seek(F, $ARGV[1], 0); read(F, $c, 1);"
	" seek(F, $ARGV[1], 0); print F chr(ord($c) ^ 255)' .git/objects/pack/*.pack \"$(cat \"$T/at\")\"";

static int hex_id(const char *hex, uint8_t *id)
{
	for (int i = 0; i < 20; i++)
		if (sscanf(hex + 2 * i, "%2hhx", &id[i]) != 1)
			return -1;
	return 0;
}

/* Blob @hex as git reads it, into *@data (malloc'd); its size or -1. */
static long git_blob(const char *t, const char *hex, char **data)
{
	char cmd[PATH_MAX + 128];
	size_t cap = 1 << 16, len = 0, n;
	char *buf = malloc(cap);
	FILE *f;

	snprintf(cmd, sizeof(cmd), "git -C '%s/r' cat-file blob %s", t, hex);
	f = popen(cmd, "r");
	if (!f || !buf) {
		free(buf);
		return -1;
	}
	while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			char *b = realloc(buf, cap *= 2);

			if (!b)
				break;
			buf = b;
		}
	}
	pclose(f);
	*data = buf;
	return len;
}

/* Blob @hex's heads from @ph at several lengths against git's: the
 * number of lengths that matched (of 5), or -1 when one failed. */
static int heads_match(struct packhead *ph, const char *t, const char *hex)
{
	static const size_t lens[] = { 0, 1, 4096, 70000, BIG + 1 };
	uint8_t id[20];
	char *want = NULL, *got;
	long size = git_blob(t, hex, &want);
	int matched = 0;

	if (size < 0 || hex_id(hex, id) || !(got = malloc(BIG + 1))) {
		free(want);
		return -1;
	}
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t n = lens[i] < (size_t)size ? lens[i] : (size_t)size;
		uint64_t sz = 0;
		ssize_t r = packhead_read(ph, id, got, lens[i], &sz);

		if (size > (long)PACKHEAD_BUDGET && lens[i] > PACKHEAD_BUDGET) {
			matched += r == -E2BIG;		/* past the budget */
			continue;
		}
		if (r == (ssize_t)n && sz == (uint64_t)size && !memcmp(got, want, n))
			matched++;
		else
			printf("# %s: length %zu: got %zd of %llu bytes\n", hex,
			       lens[i], r, (unsigned long long)sz);
	}
	free(got);
	free(want);
	return matched;
}

/*
 * Every blob the repository at @repo holds, its heads and its size
 * against git's: 0 or -1, the blobs into *@nblobs, the sizes that
 * matched into *@nsizes.
 */
static int all_blobs(const char *t, const char *repo, int *nblobs,
		     int *nsizes)
{
	char path[PATH_MAX], hex[64];
	struct packhead *ph = NULL;
	unsigned long long size;
	uint8_t id[20];
	uint64_t sz;
	int ret = 0;
	FILE *f;

	*nblobs = *nsizes = 0;
	snprintf(path, sizeof(path), "%s/%s", t, repo);
	if (packhead_open(&ph, path))
		return -1;
	snprintf(path, sizeof(path), "%s/blobs", t);
	f = fopen(path, "r");
	while (f && fscanf(f, "%63s %llu", hex, &size) == 2) {
		if (heads_match(ph, t, hex) != 5)
			ret = -1;
		(*nblobs)++;
		sz = 0;
		if (!hex_id(hex, id) && !packhead_size(ph, id, &sz) &&
		    sz == size)
			(*nsizes)++;
		else
			printf("# %s: size %llu, git says %llu\n", hex,
			       (unsigned long long)sz, size);
	}
	if (f)
		fclose(f);
	packhead_free(ph);
	return f ? ret : -1;
}

/*
 * Every blob of r read, and sized, from a copy of its pack with a byte
 * in 997 damaged: no crash, no read outside its buffers (the sanitizers'
 * build), and errors where damage was met.  The number of errors, or -1.
 */
static int damaged(const char *t)
{
	char path[PATH_MAX], hex[64], *buf = malloc(70000);
	struct packhead *ph = NULL;
	unsigned long long size;
	int errs = 0;
	uint8_t id[20];
	uint64_t sz;
	FILE *f;

	snprintf(path, sizeof(path), "%s/bad", t);
	if (!buf || packhead_open(&ph, path)) {
		free(buf);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/blobs", t);
	f = fopen(path, "r");
	while (f && fscanf(f, "%63s %llu", hex, &size) == 2 && !hex_id(hex, id)) {
		for (size_t len = 1; len <= 70000; len *= 9)
			errs += packhead_read(ph, id, buf, len, &sz) < 0;
		errs += packhead_size(ph, id, &sz) < 0;
	}
	if (f)
		fclose(f);
	packhead_free(ph);
	free(buf);
	return f ? errs : -1;
}

/*
 * A pack written by hand, for what git never writes: object 0 a blob,
 * 1 a delta on it copying past its end, 2 a delta on it taking its 6th
 * to 9th bytes and inserting "!", then CHAIN deltas each on the one
 * before, copying it whole (object k + 2 is the blob, k links deep).
 * Ids are the object's number in their last two bytes.
 */
#define CHAIN	300
#define NOBJ	(3 + CHAIN)

static const char base_text[] = "hello, the base blob\n";

struct made {
	unsigned char *pack;
	size_t len;
	uint32_t off[NOBJ];
};

static void put(struct made *m, const void *p, size_t n)
{
	memcpy(m->pack + m->len, p, n);
	m->len += n;
}

/* An entry: its header, its distance back for a delta, its data. */
static void entry(struct made *m, int k, int type, size_t base,
		  const unsigned char *data, size_t n)
{
	unsigned char h[16], z[256];
	uLongf zn = sizeof(z);
	size_t i = 0, sz = n, back;

	m->off[k] = m->len;
	h[i++] = type << 4 | (sz & 15) | (sz > 15 ? 0x80 : 0);
	for (sz >>= 4; sz; sz >>= 7)
		h[i++] = (sz & 0x7f) | (sz > 0x7f ? 0x80 : 0);
	put(m, h, i);
	if (type == 6) {
		unsigned char o[16];
		size_t pos = sizeof(o) - 1;

		back = m->off[k] - m->off[base];
		o[pos] = back & 127;
		while (back >>= 7)
			o[--pos] = 128 | (--back & 127);
		put(m, o + pos, sizeof(o) - pos);
	}
	compress2(z, &zn, data, n, 9);
	put(m, z, zn);
}

static void be32_put(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
}

/* The pack and its index, as pack-hand.{pack,idx} in @t/hand/pack. */
static int make_hand(const char *t)
{
	static struct made m;
	size_t blen = sizeof(base_text) - 1, isz = 8 + 1024 + NOBJ * 28 + 40;
	unsigned char bad[] = { blen, 100, 0x80 | 0x01 | 0x10, 5, 100 };
	unsigned char mid[] = { blen, 5, 0x80 | 0x01 | 0x10, 5, 4, 1, '!' };
	unsigned char whole[] = { blen, blen, 0x80 | 0x10, blen };
	unsigned char *idx = calloc(1, isz);
	char path[PATH_MAX];
	FILE *f;
	int ret = -1;

	m.pack = malloc(1 << 20);
	if (!idx || !m.pack)
		goto out;
	put(&m, "PACK\0\0\0\2", 8);
	be32_put(m.pack + m.len, NOBJ);
	m.len += 4;
	entry(&m, 0, 3, 0, (const unsigned char *)base_text, blen);
	entry(&m, 1, 6, 0, bad, sizeof(bad));
	entry(&m, 2, 6, 0, mid, sizeof(mid));
	for (int k = 3; k < NOBJ; k++)
		entry(&m, k, 6, k == 3 ? 0 : k - 1, whole, sizeof(whole));
	memset(m.pack + m.len, 0, 20);
	m.len += 20;
	memcpy(idx, "\377tOc\0\0\0\2", 8);
	for (int b = 0; b < 256; b++)
		be32_put(idx + 8 + 4 * b, NOBJ);
	for (int k = 0; k < NOBJ; k++) {
		idx[8 + 1024 + 20 * k + 18] = k >> 8;
		idx[8 + 1024 + 20 * k + 19] = k;
		be32_put(idx + 8 + 1024 + NOBJ * 24 + 4 * k, m.off[k]);
	}
	snprintf(path, sizeof(path), "mkdir -p '%s/hand/pack'", t);
	if (system(path))
		goto out;
	snprintf(path, sizeof(path), "%s/hand/pack/pack-hand.pack", t);
	if (!(f = fopen(path, "w")) || fwrite(m.pack, 1, m.len, f) != m.len ||
	    fclose(f))
		goto out;
	snprintf(path, sizeof(path), "%s/hand/pack/pack-hand.idx", t);
	if (!(f = fopen(path, "w")) || fwrite(idx, 1, isz, f) != isz || fclose(f))
		goto out;
	ret = 0;
out:
	free(idx);
	free(m.pack);
	return ret;
}

/* The hand-made pack into *@ph, the id of its object @k into @id. */
static int open_hand(const char *t, int k, struct packhead **ph, uint8_t *id)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/hand", t);
	memset(id, 0, 20);
	id[18] = k >> 8;
	id[19] = k;
	return packhead_open(ph, path) ? -1 : 0;
}

/* Object @k of the hand-made pack, its first @len bytes into @buf. */
static ssize_t hand_read(const char *t, int k, char *buf, size_t len)
{
	struct packhead *ph;
	uint8_t id[20];
	uint64_t size;
	ssize_t ret;

	if (open_hand(t, k, &ph, id))
		return -1;
	ret = packhead_read(ph, id, buf, len, &size);
	packhead_free(ph);
	return ret;
}

/* Object @k of the hand-made pack, its size (or -errno). */
static long long hand_size(const char *t, int k)
{
	struct packhead *ph;
	uint8_t id[20];
	uint64_t size;
	int ret;

	if (open_hand(t, k, &ph, id))
		return -1;
	ret = packhead_size(ph, id, &size);
	packhead_free(ph);
	return ret ? ret : (long long)size;
}

/* The packs of object directory @objs under @t into *@ph, and the id in
 * file @name under @t into @id: 0, or -1. */
static int open_named(const char *t, const char *objs, const char *name,
		      struct packhead **ph, uint8_t *id)
{
	char path[PATH_MAX], hex[64] = "";
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", t, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%63s", hex) != 1 || hex_id(hex, id))
		hex[0] = '\0';
	fclose(f);
	snprintf(path, sizeof(path), "%s/%s", t, objs);
	return !hex[0] || packhead_open(ph, path) ? -1 : 0;
}

/* packhead_read() of @len bytes of the id in file @name under @t from
 * object directory @objs. */
static ssize_t read_in(const char *t, const char *objs, const char *name,
		       size_t len)
{
	struct packhead *ph;
	uint8_t id[20];
	uint64_t size;
	ssize_t ret;
	char *buf;

	if (open_named(t, objs, name, &ph, id))
		return -1;
	buf = malloc(len);
	ret = buf ? packhead_read(ph, id, buf, len, &size) : -1;
	free(buf);
	packhead_free(ph);
	return ret;
}

/* packhead_size() of the id in file @name under @t from object
 * directory @objs: its return, the size into *@size. */
static int size_in(const char *t, const char *objs, const char *name,
		   uint64_t *size)
{
	struct packhead *ph;
	uint8_t id[20];
	int ret;

	if (open_named(t, objs, name, &ph, id))
		return -1;
	ret = packhead_size(ph, id, size);
	packhead_free(ph);
	return ret;
}

static int open_err(const char *t, const char *repo)
{
	char path[PATH_MAX];
	struct packhead *ph = NULL;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", t, repo);
	ret = packhead_open(&ph, path);
	packhead_free(ph);
	return ret;
}

int main(void)
{
	char t[] = "/tmp/spdxfs-test-packhead.XXXXXX";
	uint64_t sz;
	int n, sizes;

	if (!mkdtemp(t) || setenv("T", t, 1))
		return tap_done();
	if (!tap_ok(!system(make_repos), "a repository packed into delta chains"))
		goto out;
	is_int(all_blobs(t, "r/.git/objects", &n, &sizes), 0,
	       "every blob's heads as git reads them (OFS_DELTA bases)");
	is_int(n, 61, "... its 61 blobs");
	is_int(sizes, 61, "... each one's size as git gives it");
	is_int(all_blobs(t, "r2/objects", &n, &sizes), 0,
	       "every blob's heads as git reads them (REF_DELTA bases)");
	is_int(n, 61, "... its 61 blobs");
	is_int(sizes, 61, "... each one's size as git gives it");
	is_int(read_in(t, "r/.git/objects", "loose", 16), -ENOENT,
	       "a loose object: -ENOENT");
	is_int(size_in(t, "r/.git/objects", "loose", &sz), -ENOENT,
	       "... nor its size: -ENOENT");
	is_int(size_in(t, "r/.git/objects", "tree", &sz), -EINVAL,
	       "a tree's size: -EINVAL");
	is_int(read_in(t, "r/.git/objects", "tree", 16), -EINVAL, "a tree: -EINVAL");
	is_int(read_in(t, "r5/.git/objects", "small", 180000), -EIO,
	       "a whole blob whose zlib checksum is damaged: -EIO");
	is_int(read_in(t, "r5/.git/objects", "small", 4096), 4096,
	       "... its first 4 KiB, the checksum unread: read");
	n = damaged(t);
	ok(n > 0, "a damaged pack: every blob read without a crash, %d errors", n);
	if (tap_ok(!make_hand(t), "a pack made by hand")) {
		char buf[64] = "";

		is_int(hand_read(t, 0, buf, sizeof(buf)), 21, "its blob: read");
		is_str(buf, base_text, "... as written");
		is_int(hand_size(t, 0), 21, "its blob's size: 21");
		is_int(hand_size(t, 2), 5, "a delta's size: its result's, 5");
		is_int(hand_size(t, 3 + PACKHEAD_MAX_DEPTH), 21,
		       "... one past the depth read allows: 21, no chain followed");
		is_int(hand_read(t, 1, buf, sizeof(buf)), -EINVAL,
		       "a delta copying past its base's end: -EINVAL");
		memset(buf, 0, sizeof(buf));
		is_int(hand_read(t, 2, buf, sizeof(buf)), 5, "a delta: read");
		is_str(buf, ", th!", "... a copy and an insert");
		memset(buf, 0, sizeof(buf));
		is_int(hand_read(t, 2 + PACKHEAD_MAX_DEPTH, buf, sizeof(buf)), 21,
		       "a chain %d links deep: read", PACKHEAD_MAX_DEPTH);
		is_str(buf, base_text, "... as its blob");
		is_int(hand_read(t, 3 + PACKHEAD_MAX_DEPTH, buf, sizeof(buf)), -E2BIG,
		       "one link deeper: -E2BIG");
	}
	is_int(open_err(t, "r3/objects"), -EOPNOTSUPP, "alternates: -EOPNOTSUPP");
	is_int(open_err(t, "r4/objects"), -ENOENT, "no pack: -ENOENT");
out:
	fixture_remove(t);
	return tap_done();
}
