/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libgit2: git's lowest floor.  The program links libgit2 as any
 * library, but initialises it only when it first needs git: a scan of a
 * tree whose files git all tracks never does.  Here, with no libgit2
 * type: the set-up, the last message, a blob id.  A repository is opened
 * by gitrepo_open() (gitrepo.h), above this, for the modules that read
 * objects; what a caller outside the git modules asks of one comes
 * through gitinfo.h, above both.  tests/t020-layering.sh names the files
 * that may include <git2.h> (none in fusefs/).
 */
#ifndef SPDXFS_LIBGIT2_H
#define SPDXFS_LIBGIT2_H

#include <stddef.h>

/*
 * Initialise libgit2, once for the process, with the options spdxfs runs
 * it with (libgit2.c says which and why); later calls do nothing.  Call
 * it before the first libgit2 call of a code path.  Any thread may call
 * it.  It is never shut down: it lives as the program does.  0, or
 * libgit2's negative code when its initialisation failed.
 */
int libgit2_init(void);

/* libgit2's message for the calling thread's last failure, or @fallback
 * when it has none (LIBGIT2_UNKNOWN, most callers). */
#define LIBGIT2_UNKNOWN "unknown libgit2 error"
const char *libgit2_msg(const char *fallback);

/* The git blob id of the @len bytes at @buf, in hex, into @hex (@size
 * bytes, cut to fit and ended; 41 holds all of it): 0, or -EIO. */
int libgit2_blob_id(const void *buf, size_t len, char *hex, size_t size);

#endif
