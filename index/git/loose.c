// SPDX-License-Identifier: GPL-2.0-only
/*
 * loose: a loose object read with a bounded zlib reader (loose.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <openssl/evp.h>

#include "git/loose.h"

#define IN_BYTES	(16 << 10)	/* file bytes fed to zlib at a time */
#define HEAD_MAX	32		/* "commit 18446744073709551615\0" */

struct loose {
	int fd;
	uint64_t file_size;
	uint64_t off;		/* the next file byte to feed */
	z_stream z;
	int end;		/* the stream has ended */
	uint64_t size;		/* the content's, as its header says */
	uint64_t done;		/* content bytes given */
	uint8_t id[LOOSE_ID_BYTES];
	EVP_MD_CTX *md;		/* the object's hash so far, or NULL */
	unsigned char in[IN_BYTES];
};

static const char *const type_names[] = {
	[LOOSE_COMMIT] = "commit",
	[LOOSE_TREE] = "tree",
	[LOOSE_BLOB] = "blob",
	[LOOSE_TAG] = "tag",
};

static void obj_path(char *buf, size_t size, const char *objdir,
		     const uint8_t *id)
{
	static const char digits[] = "0123456789abcdef";
	char hex[2 * LOOSE_ID_BYTES + 1];

	for (size_t i = 0; i < LOOSE_ID_BYTES; i++) {
		hex[2 * i] = digits[id[i] >> 4];
		hex[2 * i + 1] = digits[id[i] & 15];
	}
	hex[2 * LOOSE_ID_BYTES] = '\0';
	snprintf(buf, size, "%s/%.2s/%s", objdir, hex, hex + 2);
}

/* The next bytes of the stream into @out, up to @n: the count, fewer only
 * where the stream ends; -EIO where the file ends first or is damaged. */
static ssize_t inflate_some(struct loose *lo, unsigned char *out, size_t n)
{
	lo->z.next_out = out;
	lo->z.avail_out = n;
	while (lo->z.avail_out && !lo->end) {
		int r;

		if (!lo->z.avail_in) {
			ssize_t got;

			if (lo->off >= lo->file_size)
				return -EIO;	/* truncated */
			got = pread(lo->fd, lo->in, IN_BYTES, lo->off);
			if (got <= 0)
				return -EIO;
			lo->off += got;
			lo->z.next_in = lo->in;
			lo->z.avail_in = got;
		}
		r = inflate(&lo->z, Z_NO_FLUSH);
		if (r == Z_STREAM_END)
			lo->end = 1;
		else if (r != Z_OK)
			return -EIO;
	}
	return n - lo->z.avail_out;
}

static int hash_update(struct loose *lo, const void *p, size_t n)
{
	if (lo->md && !EVP_DigestUpdate(lo->md, p, n)) {
		EVP_MD_CTX_free(lo->md);
		lo->md = NULL;
	}
	return 0;
}

/* "TYPE SIZE\0" into *@type and lo->size. */
static int read_header(struct loose *lo, int *type)
{
	char h[HEAD_MAX];
	size_t len = 0, at = 0;
	uint64_t size = 0;

	for (;;) {	/* a byte at a time: no content is inflated here */
		ssize_t got;

		if (len == sizeof(h))
			return -EINVAL;
		got = inflate_some(lo, (unsigned char *)h + len, 1);
		if (got < 0)
			return got;
		if (!got)
			return -EINVAL;
		if (!h[len++])
			break;
	}
	*type = 0;
	for (int t = LOOSE_COMMIT; t <= LOOSE_TAG; t++) {
		size_t n = strlen(type_names[t]);

		if (len > n && !memcmp(h, type_names[t], n) && h[n] == ' ') {
			*type = t;
			at = n + 1;
			break;
		}
	}
	if (!*type || h[at] < '0' || h[at] > '9' ||
	    (h[at] == '0' && h[at + 1]))
		return -EINVAL;
	for (; h[at]; at++) {
		if (h[at] < '0' || h[at] > '9' || size > (UINT64_MAX - 9) / 10)
			return -EINVAL;
		size = size * 10 + (h[at] - '0');
	}
	lo->size = size;
	return hash_update(lo, h, len);
}

int loose_exists(const char *objdir, const uint8_t *id)
{
	char path[PATH_MAX];
	struct stat st;

	obj_path(path, sizeof(path), objdir, id);
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

int loose_open(struct loose **out, const char *objdir, const uint8_t *id,
	       int *type, uint64_t *size)
{
	char path[PATH_MAX];
	struct loose *lo;
	struct stat st;
	int ret;

	/* Not calloc(): the input buffer is written before it is read. */
	lo = malloc(sizeof(*lo));
	if (!lo)
		return -ENOMEM;
	memset(lo, 0, offsetof(struct loose, in));
	memcpy(lo->id, id, LOOSE_ID_BYTES);
	obj_path(path, sizeof(path), objdir, id);
	/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
	lo->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (lo->fd < 0) {
		ret = errno == ENOENT || errno == ENOTDIR ? -ENOENT : -EIO;
		free(lo);
		return ret;
	}
	if (fstat(lo->fd, &st) || !S_ISREG(st.st_mode)) {
		close(lo->fd);
		free(lo);
		return -EINVAL;
	}
	lo->file_size = st.st_size;
	if (inflateInit(&lo->z) != Z_OK) {
		close(lo->fd);
		free(lo);
		return -ENOMEM;
	}
	lo->md = EVP_MD_CTX_new();
	if (lo->md && !EVP_DigestInit_ex(lo->md, EVP_sha1(), NULL)) {
		EVP_MD_CTX_free(lo->md);
		lo->md = NULL;
	}
	ret = read_header(lo, type);
	if (ret) {
		loose_close(lo);
		return ret;
	}
	*size = lo->size;
	*out = lo;
	return 0;
}

ssize_t loose_read(struct loose *lo, void *buf, size_t n)
{
	ssize_t got;

	if (n > lo->size - lo->done)
		n = lo->size - lo->done;
	if (!n)
		return 0;
	got = inflate_some(lo, buf, n);
	if (got < 0)
		return got;
	if ((size_t)got < n)
		return -EINVAL;		/* fewer bytes than its header says */
	lo->done += got;
	hash_update(lo, buf, got);
	return got;
}

int loose_finish(struct loose *lo)
{
	unsigned char buf[IN_BYTES], md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	ssize_t got;

	if (lo->size - lo->done > LOOSE_FINISH_MAX)
		return -EFBIG;
	while (lo->done < lo->size) {
		got = loose_read(lo, buf, sizeof(buf));
		if (got < 0)
			return got;
	}
	/* Its stream ends right there, and nothing follows it. */
	got = inflate_some(lo, buf, 1);
	if (got < 0)
		return got;
	if (got || !lo->end || lo->z.avail_in || lo->off != lo->file_size)
		return -EINVAL;
	if (!lo->md)
		return -ENOTSUP;
	if (!EVP_DigestFinal_ex(lo->md, md, &mdlen) || mdlen != LOOSE_ID_BYTES)
		return -ENOTSUP;
	EVP_MD_CTX_free(lo->md);
	lo->md = NULL;
	return memcmp(md, lo->id, LOOSE_ID_BYTES) ? -EINVAL : 0;
}

void loose_close(struct loose *lo)
{
	if (!lo)
		return;
	inflateEnd(&lo->z);
	close(lo->fd);
	EVP_MD_CTX_free(lo->md);
	free(lo);
}
