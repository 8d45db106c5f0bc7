/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hash: uthash, configured once for the whole library, and the 64-bit
 * mixing every hash of the library shares.
 *
 * Include this instead of <uthash.h>.  uthash's default on a failed
 * allocation is exit(-1), which would take a mounted daemon down; here
 * it is non-fatal instead: an add that cannot allocate leaves the table
 * as it was and sets the caller's flag, named by HASH_OOM_FLAG, which
 * each user declares as a local "int hash_oom = 0;" in scope of its
 * HASH_ADD calls and checks after each one.  A file that needs its own
 * HASH_FUNCTION or HASH_KEYCMP defines them before including this.
 */
#ifndef SPDXFS_HASH_H
#define SPDXFS_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(elt) (hash_oom = 1)
#define uthash_fatal(msg) abort()	/* unreachable with NONFATAL_OOM */
#include <uthash.h>

/*
 * 64-bit mixing, one definition for the library's hashes: a word mixed
 * into the state (hash_mix()), the state finished (hash_end()), and a
 * string of bytes hashed with the two (hash_bytes()).  hash_mix() and
 * hash_end() are the rounds of the saved index's checksum (store.c): its
 * values are part of the file format, so neither may change.
 */
#define HASH_SEED	0x9e3779b97f4a7c15ull

static inline uint64_t hash_mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * 0xff51afd7ed558ccdull;
	return h ^ (h >> 32);
}

static inline uint64_t hash_end(uint64_t h)
{
	h *= 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 29);
}

/* @len bytes at @p: eight at a time mixed, the last fewer than eight
 * (zero-padded) into the end. */
static inline uint64_t hash_bytes(const void *p, size_t len)
{
	const unsigned char *s = p;
	uint64_t h = HASH_SEED ^ len, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = hash_mix(h, w);
	}
	w = 0;
	memcpy(&w, s, len);
	return hash_end(h ^ w);
}

#endif
