// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_gitindex: git's index files built byte by byte, read by
 * gitindex_parse(): versions 2 to 4, extended flags, optional and
 * mandatory extensions, and what breaks the format.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/gitindex.h"
#include "tap.h"

struct ibuf {
	unsigned char b[4096];
	size_t n;
};

static void put32(struct ibuf *x, uint32_t v)
{
	for (int i = 3; i >= 0; i--)
		x->b[x->n++] = v >> (8 * i);
}

static void header(struct ibuf *x, uint32_t version, uint32_t count)
{
	x->n = 0;
	memcpy(x->b, "DIRC", 4);
	x->n = 4;
	put32(x, version);
	put32(x, count);
}

/* One entry: v2/v3 padded to 8 bytes, v4 with @strip bytes of the
 * previous path replaced by @name.  @ext adds the extended flags. */
static void entry(struct ibuf *x, uint32_t version, const char *name,
		  int ext, unsigned strip)
{
	size_t start = x->n, len = strlen(name);
	uint16_t flags = (len < 0xfff ? len : 0xfff) | (ext ? 0x4000 : 0);

	memset(x->b + x->n, 0, 62);
	x->b[start + 24] = 0; x->b[start + 25] = 0;
	x->b[start + 26] = 0x81; x->b[start + 27] = 0xa4;	/* 0100644 */
	x->b[start + 60] = flags >> 8;
	x->b[start + 61] = flags & 0xff;
	x->n += 62;
	if (ext) {
		x->b[x->n++] = 0;
		x->b[x->n++] = 0;
	}
	if (version == 4) {
		x->b[x->n++] = strip;	/* < 128: one varint byte */
		memcpy(x->b + x->n, name, len + 1);
		x->n += len + 1;
		return;
	}
	memcpy(x->b + x->n, name, len);
	x->n += len;
	do
		x->b[x->n++] = 0;
	while ((x->n - start) % 8);
}

static void extension(struct ibuf *x, const char *sig, uint32_t size)
{
	memcpy(x->b + x->n, sig, 4);
	x->n += 4;
	put32(x, size);
	memset(x->b + x->n, 'x', size);
	x->n += size;
}

static void trailer(struct ibuf *x)
{
	memset(x->b + x->n, 0, 20);
	x->n += 20;
}

/* The paths @x parses to, one a line, or "ERR <errno>". */
static const char *paths_of(const struct ibuf *x, struct spdx_error *err)
{
	static char out[4096];
	struct gitindex *gx;
	size_t n = 0;
	int ret;

	memset(err, 0, sizeof(*err));
	ret = gitindex_parse(&gx, x->b, x->n, err);
	if (ret) {
		snprintf(out, sizeof(out), "ERR %d", -ret);
		return out;
	}
	out[0] = '\0';
	for (size_t i = 0; i < gx->npaths; i++)
		n += snprintf(out + n, sizeof(out) - n, "%s\n", gx->paths[i]);
	gitindex_free(gx);
	return out;
}

/*
 * Found by make fuzz: a version 3 entry with extended flags whose fixed
 * part ends past the file once the flags' two bytes count; the name was
 * then read beyond the buffer.  Parsed from a heap copy of its exact
 * size, so that ASan sees any read past it.
 */
static const unsigned char past_end[] = {
	0x44, 0x49, 0x52, 0x43, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02,
	0x00, 0x00, 0x00, 0x28, 0x6b, 0x11, 0xf3, 0xd7, 0x14, 0x4f, 0xf6, 0x4b,
	0x6b, 0x11, 0xf3, 0xd7, 0x14, 0x4f, 0xf6, 0x4b, 0x00, 0x00, 0xfe, 0x00,
	0x00, 0xa8, 0x09, 0xde, 0x00, 0x00, 0x81, 0xa4, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe6, 0x9d, 0xe2, 0x9b,
	0xb2, 0xd1, 0xd6, 0x43, 0x72, 0x61, 0x4b, 0x73, 0x2f, 0x70, 0x65, 0x61,
	0x72, 0x36, 0x78, 0x78, 0x5f, 0x63, 0x6c, 0x73, 0x6d, 0x75, 0x5f, 0x68,
	0x65, 0x6c, 0x70, 0x65, 0x72, 0x2e, 0x63, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x6b, 0x11, 0xf3, 0xd7, 0x48, 0x88, 0xaf, 0x0a, 0x8a, 0x88,
	0x02, 0x27, 0x64, 0x74, 0x73, 0x00, 0x31, 0x20, 0x30, 0x0a, 0x96, 0x3a,
	0xc4, 0xce, 0xcd, 0x28, 0xb9, 0x39, 0x00, 0x00, 0x00, 0x00, 0x6b, 0x11,
	0xf3, 0xd7, 0x48, 0x88, 0xaf, 0x0a, 0x8a, 0x88, 0x02, 0x27, 0x64, 0x74,
	0x73, 0x00, 0x31, 0x20, 0x30, 0x0a, 0x96, 0x3a, 0xc4, 0xce, 0xcd, 0x28,
	0xb9, 0x9e, 0x9e, 0xad, 0xac, 0x74, 0x62, 0x9a, 0xa1, 0x96, 0x4d, 0x00,
	0x00, 0x00, 0x00, 0xac, 0x74, 0x62,
};

/* Found by make fuzz: an empty name in an index that is not split (an
 * empty name stands for a path of a split index's shared index). */
static const unsigned char empty_name[] = {
	0x44, 0x49, 0x52, 0x43, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x02,
	0x00, 0x00, 0x00, 0x28, 0x6b, 0x11, 0xf3, 0xd7, 0x14, 0x4f, 0xf6, 0x4b,
	0x6b, 0x11, 0xf3, 0xd7, 0x14, 0x4f, 0xf6, 0x4b, 0x00, 0x00, 0xfe, 0x00,
	0x00, 0xa8, 0x09, 0xde, 0x00, 0x00, 0x81, 0xa4, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe6, 0x9d, 0xe2, 0x9b,
	0xb2, 0xd1, 0xd6, 0x43, 0x4b, 0x61, 0x72, 0x2f, 0x73, 0x70, 0x65, 0x61,
	0x72, 0x36, 0x78, 0x78, 0x5f, 0x63, 0x6c, 0x73, 0x6d, 0x75, 0x5f, 0x68,
	0x65, 0x6c, 0x70, 0x65, 0x72, 0x2e, 0x63, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x6b, 0x11, 0xf3, 0xd7, 0x48, 0x88, 0xaf, 0x0a, 0x8a, 0x88,
	0x02, 0x27, 0x64, 0x74, 0x73, 0x0a, 0x96, 0x3a, 0xc4, 0xce, 0xcd, 0x28,
	0xb9, 0x9e, 0xad, 0xac, 0x74, 0x62, 0x9a, 0xa1, 0x96, 0x4d, 0x00, 0x00,
	0x32, 0x00, 0x43, 0x5f, 0x00, 0x81, 0xa4, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x77, 0x69, 0x74, 0x68, 0x00, 0x00, 0x00, 0xe6,
	0x9d, 0xe2, 0x9b, 0xb2, 0x88, 0xaf, 0x0a, 0x8a, 0x88, 0x02, 0x27, 0x64,
	0x74, 0x73, 0x0a, 0x96, 0x3a, 0xc4, 0xce, 0xcd, 0x28, 0xb9, 0xed,
};

static void test_past_end(void)
{
	unsigned char *b = malloc(sizeof(past_end));
	struct gitindex *gx = NULL;

	memcpy(b, past_end, sizeof(past_end));
	ok(gitindex_parse(&gx, b, sizeof(past_end), NULL) < 0 && !gx,
	   "an entry whose extended fixed part passes the end: refused");
	free(b);
	b = malloc(sizeof(empty_name));
	memcpy(b, empty_name, sizeof(empty_name));
	gx = NULL;
	ok(gitindex_parse(&gx, b, sizeof(empty_name), NULL) < 0 && !gx,
	   "an empty name in an index with no link extension: refused");
	free(b);
}

int main(void)
{
	struct spdx_error err;
	struct ibuf x;
	char unknown[16];

	snprintf(unknown, sizeof(unknown), "ERR %d", EPROTONOSUPPORT);
	test_past_end();

	header(&x, 2, 3);
	entry(&x, 2, "a.c", 0, 0);
	entry(&x, 2, "dir/b.c", 0, 0);
	entry(&x, 2, "dir/sub/exactly8", 0, 0);
	trailer(&x);
	is_str(paths_of(&x, &err), "a.c\ndir/b.c\ndir/sub/exactly8\n", "version 2");

	header(&x, 3, 2);
	entry(&x, 3, "a.c", 1, 0);
	entry(&x, 3, "b.c", 0, 0);
	extension(&x, "TREE", 5);
	extension(&x, "ZZZZ", 0);
	trailer(&x);
	is_str(paths_of(&x, &err), "a.c\nb.c\n",
	       "version 3, extended flags; optional extensions skipped");

	header(&x, 2, 1);
	entry(&x, 2, "a.c", 1, 0);
	trailer(&x);
	is_str(paths_of(&x, &err), "ERR 22", "extended flags in version 2: corrupt");
	is_str(err.msg, "(buffer): git's index: corrupt", "the error says so");

	header(&x, 4, 3);
	entry(&x, 4, "drivers/net/a.c", 0, 0);
	entry(&x, 4, "b.c", 0, 3);		/* drivers/net/b.c */
	entry(&x, 4, "x/y.c", 1, 7);		/* drivers/x/y.c */
	trailer(&x);
	is_str(paths_of(&x, &err), "drivers/net/a.c\ndrivers/net/b.c\ndrivers/x/y.c\n",
	       "version 4: each path from the one before (and extended flags)");

	header(&x, 4, 2);
	entry(&x, 4, "a.c", 0, 0);
	entry(&x, 4, "b.c", 0, 4);		/* strips more than there is */
	trailer(&x);
	is_str(paths_of(&x, &err), "ERR 22", "version 4, a strip past the path: corrupt");

	header(&x, 2, 2);
	entry(&x, 2, "b.c", 0, 0);
	entry(&x, 2, "a.c", 0, 0);
	trailer(&x);
	is_str(paths_of(&x, &err), "ERR 22", "entries out of order: corrupt");

	header(&x, 2, 1);
	entry(&x, 2, "a.c", 0, 0);
	extension(&x, "zzzz", 0);
	trailer(&x);
	is_str(paths_of(&x, &err), unknown, "an unknown mandatory extension");
	is_str(err.msg, "(buffer): git's index: unknown mandatory extension 'zzzz'",
	       "named in the error");

	header(&x, 2, 1);
	entry(&x, 2, "a.c", 0, 0);
	extension(&x, "link", 20);
	trailer(&x);
	is_str(paths_of(&x, &err), unknown, "a split index needs its git directory");

	header(&x, 2, 1);
	entry(&x, 2, "a.c", 0, 0);
	extension(&x, "TREE", 4000);	/* past the end */
	x.n -= 4000 - 10;
	trailer(&x);
	is_str(paths_of(&x, &err), "ERR 22", "an extension past the end: corrupt");

	header(&x, 5, 0);
	trailer(&x);
	is_str(paths_of(&x, &err), unknown, "version 5: not understood");
	is_str(err.msg, "(buffer): git's index: index version 5", "named in the error");

	header(&x, 2, 2);
	entry(&x, 2, "a.c", 0, 0);
	trailer(&x);
	is_str(paths_of(&x, &err), "ERR 22", "fewer entries than counted: corrupt");

	/* Every cut of a good index fails cleanly (ASan checks the reads). */
	header(&x, 4, 2);
	entry(&x, 4, "dir/a.c", 1, 0);
	entry(&x, 4, "b.c", 0, 3);
	extension(&x, "TREE", 3);
	trailer(&x);
	is_str(paths_of(&x, &err), "dir/a.c\ndir/b.c\n", "the whole index");
	{
		int bad = 0;

		for (size_t cut = 0; cut < x.n - 20; cut++) {
			struct ibuf y = x;
			struct gitindex *gx;

			y.n = cut;
			if (!gitindex_parse(&gx, y.b, y.n, NULL)) {
				/* only cuts inside the trailer or the optional
				 * extension may still parse */
				bad += cut < x.n - 20 - 11;
				gitindex_free(gx);
			}
		}
		is_int(bad, 0, "every cut before the extension fails");
	}
	return tap_done();
}
