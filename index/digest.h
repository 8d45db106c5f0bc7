/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * digest: the checksums an SPDX document gives each file, read through
 * a struct source and computed by OpenSSL's libcrypto.
 *
 * SHA1 and SHA256 of the content (SPDX 2.3 requires SHA1), and the
 * gitoid: git's blob id, the SHA1 of "blob SIZE\0" and the content, what
 * SPDX 3.0.1 calls a gitoid content identifier.  Each file is read once,
 * whatever is asked.  A file whose size changes while it is read fails
 * with -ESTALE: its checksums would describe no version of it.
 *
 * Thread-safe: digest_files() reads on several threads and writes each
 * result into its own slot, so the results come in the caller's order.
 */
#ifndef SPDXFS_DIGEST_H
#define SPDXFS_DIGEST_H

#include <stddef.h>
#include <stdint.h>

struct source;
struct spdx_error;

enum digest_kind {
	DIGEST_SHA1	= 1u << 0,
	DIGEST_SHA256	= 1u << 1,
	DIGEST_GITOID	= 1u << 2,
};

struct file_digest {
	unsigned char sha1[20];
	unsigned char sha256[32];
	unsigned char gitoid[20];
	uint64_t size;			/* bytes read */
};

/*
 * The @what (enum digest_kind) checksums of regular file @path of @src
 * into @d.  Returns 0, or -errno with @err filled ("PATH: Permission
 * denied", "PATH: changed while read").
 */
int digest_file(struct source *src, const char *path, unsigned what,
		struct file_digest *d, struct spdx_error *err);

/*
 * digest_file() for @n @paths on @nthreads threads (0: one per online
 * CPU), result i into @out[i].  Stops at the first failure, whose error
 * it returns.
 */
int digest_files(struct source *src, const char *const *paths, size_t n,
		 unsigned what, int nthreads, struct file_digest *out,
		 struct spdx_error *err);

/* @len bytes of @bin as lower-case hex into @hex (room for 2 * @len + 1). */
void digest_hex(const unsigned char *bin, size_t len, char *hex);

#endif
