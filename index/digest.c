// SPDX-License-Identifier: GPL-2.0-only
/*
 * digest: SHA1, SHA256 and git blob ids of a source's files (digest.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "digest.h"
#include "util/error.h"
#include "util/quote.h"
#include "source/source.h"

#define DIGEST_BUF (256u << 10)

/* One hashing state per kind asked for, NULL for the others, and the
 * buffer; hashers_free() whether or not hashers_new() succeeded. */
struct hashers {
	EVP_MD_CTX *ctx[3];
	unsigned char *buf;
};

static const EVP_MD *hasher_md(int k)
{
	return k == 1 ? EVP_sha256() : EVP_sha1();
}

static void hashers_free(struct hashers *h)
{
	for (int k = 0; k < 3; k++)
		EVP_MD_CTX_free(h->ctx[k]);
	free(h->buf);
}

static int hashers_new(struct hashers *h, unsigned what)
{
	memset(h, 0, sizeof(*h));
	h->buf = malloc(DIGEST_BUF);
	if (!h->buf)
		return -ENOMEM;
	for (int k = 0; k < 3; k++) {
		if (!(what & (1u << k)))
			continue;
		h->ctx[k] = EVP_MD_CTX_new();
		if (!h->ctx[k])
			return -ENOMEM;
	}
	return 0;
}

/* Hash the open file @sf of @size bytes. */
static int hash_open_file(struct source *src, struct src_file *sf, uint64_t size,
			  struct hashers *h, struct file_digest *d)
{
	unsigned char *out[3] = { d->sha1, d->sha256, d->gitoid };
	char hdr[32];
	uint64_t off = 0;
	ssize_t got;

	for (int k = 0; k < 3; k++)
		if (h->ctx[k] && !EVP_DigestInit_ex(h->ctx[k], hasher_md(k), NULL))
			return -EIO;
	if (h->ctx[2]) {
		int n = snprintf(hdr, sizeof(hdr), "blob %" PRIu64, size);

		if (!EVP_DigestUpdate(h->ctx[2], hdr, n + 1))
			return -EIO;
	}
	while ((got = source_pread(src, sf, h->buf, DIGEST_BUF, off)) > 0) {
		for (int k = 0; k < 3; k++)
			if (h->ctx[k] && !EVP_DigestUpdate(h->ctx[k], h->buf, got))
				return -EIO;
		off += got;
		if (off > size)
			return -ESTALE;
	}
	if (got < 0)
		return got;
	if (off != size)
		return -ESTALE;
	for (int k = 0; k < 3; k++)
		if (h->ctx[k] && !EVP_DigestFinal_ex(h->ctx[k], out[k], NULL))
			return -EIO;
	d->size = off;
	return 0;
}

static int digest_with(struct source *src, const char *path, struct hashers *h,
		       struct file_digest *d, struct spdx_error *err)
{
	char q[QUOTE_PATH_ROOM];
	struct src_file *sf;
	struct file_stat st;
	int r;

	r = source_file_open(src, path, NULL, &sf, &st);
	if (r)
		return spdx_error_errno(err, r, "%s", quote_path_str(q, sizeof(q), path));
	r = hash_open_file(src, sf, st.size, h, d);
	source_file_close(src, sf);
	if (r == -ESTALE)
		return spdx_error_set(err, r, "%s: changed while read",
				      quote_path_str(q, sizeof(q), path));
	if (r)
		return spdx_error_errno(err, r, "%s", quote_path_str(q, sizeof(q), path));
	return 0;
}

int digest_file(struct source *src, const char *path, unsigned what,
		struct file_digest *d, struct spdx_error *err)
{
	struct hashers h;
	int r;

	r = hashers_new(&h, what);
	if (r)
		spdx_error_errno(err, r, "%s", path);
	else
		r = digest_with(src, path, &h, d, err);
	hashers_free(&h);
	return r;
}

struct digest_job {
	struct source *src;
	const char *const *paths;
	size_t n;
	unsigned what;
	struct file_digest *out;
	pthread_mutex_t lock;		/* protects next and err */
	size_t next;
	struct spdx_error err;
};

static void *digest_worker(void *arg)
{
	struct digest_job *j = arg;
	struct spdx_error err = { 0 };
	struct hashers h;
	size_t i;
	int r;

	r = hashers_new(&h, j->what);
	if (r)
		spdx_error_errno(&err, r, "digest");
	for (;;) {
		pthread_mutex_lock(&j->lock);
		if (r && !j->err.code)
			j->err = err;
		i = j->err.code ? j->n : j->next++;
		pthread_mutex_unlock(&j->lock);
		if (r || i >= j->n)
			break;
		r = digest_with(j->src, j->paths[i], &h, &j->out[i], &err);
	}
	hashers_free(&h);
	return NULL;
}

int digest_files(struct source *src, const char *const *paths, size_t n,
		 unsigned what, int nthreads, struct file_digest *out,
		 struct spdx_error *err)
{
	struct digest_job j = {
		.src = src, .paths = paths, .n = n, .what = what, .out = out,
	};
	pthread_t tid[64];
	int started = 0;

	if (nthreads <= 0) {
		long c = sysconf(_SC_NPROCESSORS_ONLN);

		nthreads = c > 0 ? (int)c : 1;
	}
	if (nthreads > 64)
		nthreads = 64;
	if ((size_t)nthreads > n)
		nthreads = n ? (int)n : 1;
	pthread_mutex_init(&j.lock, NULL);
	for (int t = 1; t < nthreads; t++) {
		if (pthread_create(&tid[started], NULL, digest_worker, &j))
			break;
		started++;
	}
	digest_worker(&j);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	pthread_mutex_destroy(&j.lock);
	if (j.err.code) {
		if (err)
			*err = j.err;
		return j.err.code;
	}
	return 0;
}

void digest_hex(const unsigned char *bin, size_t len, char *hex)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < len; i++) {
		hex[2 * i] = digits[bin[i] >> 4];
		hex[2 * i + 1] = digits[bin[i] & 15];
	}
	hex[2 * len] = '\0';
}
