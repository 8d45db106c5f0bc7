/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hash: uthash, configured once for the whole library.
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

#include <stdlib.h>

#define HASH_NONFATAL_OOM 1
#define uthash_nonfatal_oom(elt) (hash_oom = 1)
#define uthash_fatal(msg) abort()	/* unreachable with NONFATAL_OOM */
#include <uthash.h>

#endif
