/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * strpool: an append-only arena for strings that live as long as the
 * structure owning the pool.  Not thread-safe; strings never move.
 */
#ifndef SPDXFS_STRPOOL_H
#define SPDXFS_STRPOOL_H

#include <stddef.h>

struct strpool;

struct strpool *strpool_new(void);
/* Copy @len bytes of @s and a NUL; NULL on ENOMEM. */
char *strpool_add(struct strpool *pool, const char *s, size_t len);
char *strpool_str(struct strpool *pool, const char *s);
/* Move every string of @from into @into; @from is left empty. */
void strpool_merge(struct strpool *into, struct strpool *from);
void strpool_free(struct strpool *pool);

#endif
