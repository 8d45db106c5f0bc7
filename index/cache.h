/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cache: the saved indexes as a whole (store.h saves and loads one).
 *
 * The cache directory holds one saved index per tree ever indexed; left
 * alone it only grows (on the kernel tree, 8 MB a tree).  It is kept
 * bounded: an index whose tree is gone is removed (one whose root is no
 * absolute path names no tree: the blob cache, blobcache.h, is never
 * gone, wherever the caller runs), and then the least
 * recently written until the total is at most the limit
 * ($SPDXFS_CACHE_MAX, in bytes with an optional K, M or G suffix; 256M by
 * default).  Every save prunes so (refresh.c).  "spdxfs cache" shows it,
 * and "--prune" also removes what this spdxfs cannot read (an index of
 * another version, which another spdxfs on the machine may still use,
 * or a corrupt one).
 *
 * Only files named as store.c names an index ("%016x.idx") are touched,
 * through a descriptor of the directory that store.c checked is the
 * caller's and writable by no one else.  Nothing here prints.
 */
#ifndef SPDXFS_CACHE_H
#define SPDXFS_CACHE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "util/error.h"

#define CACHE_DEFAULT_MAX	(256ull << 20)

enum cache_state {
	CACHE_KEPT,		/* its tree is there, or it has none */
	CACHE_GONE,		/* its tree is no directory any more */
	CACHE_UNREADABLE,	/* not an index this spdxfs reads */
};

struct cache_entry {
	char name[32];		/* in the cache directory */
	char *root;		/* the tree; NULL when unreadable */
	uint64_t bytes;
	int64_t mtime_ns;	/* when it was last written */
	enum cache_state state;
	int removed;		/* by cache_prune() */
};

struct cache_list {
	char dir[PATH_MAX];
	struct cache_entry *entries;	/* sorted by tree, unreadable last */
	size_t n;
	uint64_t bytes;		/* of the entries not removed */
};

/* List the cache directory into @l.  0, or -errno with @err filled
 * (-ENOENT: there is no cache directory yet). */
int cache_list(struct cache_list *l, struct spdx_error *err);

#define CACHE_PRUNE_UNREADABLE	1u	/* also what this spdxfs cannot read */
#define CACHE_PRUNE_ALL		2u	/* every entry */

/*
 * Remove from @l's directory the entries that are gone (and as @flags
 * say), then the oldest until what is left is at most @max bytes, never
 * @keep's (a tree's path, or NULL).  Marks each entry removed and
 * updates l->bytes.  0, or -errno with @err filled for the first removal
 * that failed (the others are still tried).
 */
int cache_prune(struct cache_list *l, uint64_t max, const char *keep,
		unsigned flags, struct spdx_error *err);

void cache_list_release(struct cache_list *l);

/* "123", "64K", "256M", "1G" into *@out: 0 or -EINVAL. */
int cache_parse_size(const char *s, uint64_t *out);

/* The limit: $SPDXFS_CACHE_MAX when it parses, else CACHE_DEFAULT_MAX. */
uint64_t cache_limit(void);

/* What a save does after writing @root's index: prune to the limit,
 * keeping it.  Best effort: a failure changes nothing else. */
void cache_prune_after_save(const char *root);

#endif
