/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_reuse: a REUSE tree's reading (reuse.h) made the index's own, so
 * that every reader of an index (show, list, scan, export, the mount's
 * views and xattrs, diff, history, --rev) sees it without knowing REUSE.
 *
 * index_build() calls index_reuse_apply() on the index it has just
 * built by the kernel's rules.  On a REUSE tree it then holds, for each
 * file reuse_read() covers:
 *  - expr: its expressions as written, several joined by " AND " (one
 *    that is not a single id parenthesised), validated against the
 *    licenses of LICENSES/<ID>.txt (idx->lic, rebuilt from them);
 *  - copyright: its copyright notices, one a line, NULL if none;
 *  - origin: where its licenses and its notices came from;
 *  - status: ST_ERROR (unreadable), ST_UNTAGGED (no licensing
 *    information), ST_INVALID (an expression that does not parse or
 *    names a license LICENSES/ lacks), else ST_TAGGED; line and col 0,
 *    leader "" and no scan flags, since a REUSE tag may stand anywhere.
 * A file REUSE does not cover (LICENSES/, sidecars, REUSE.toml, empty
 * files, ...) is ST_EXCLUDED with neither expression nor copyright.
 * idx->layout says INDEX_LAYOUT_REUSE.  A kernel tree is left untouched.
 *
 * Such an index keeps no scanner result: index_build() takes nothing over
 * from it as a previous index, and it is neither saved (store.h) nor put
 * in a blob cache.
 */
#ifndef SPDXFS_INDEX_REUSE_H
#define SPDXFS_INDEX_REUSE_H

#include <stddef.h>

struct source;
struct spdx_index;
struct spdx_error;

/* Read @idx's tree through @src as a REUSE tree, when it is one, into
 * @idx (above), and with @keep the reading itself into idx->reuse (for
 * the lint, which then reads no file again).  Returns 0, or -ENOMEM
 * with @err filled (@idx then as it was but for its string pool). */
int index_reuse_apply(struct spdx_index *idx, struct source *src, int keep,
		      struct spdx_error *err);

/* The names of the sources in @bits (INDEX_ORIGIN_LICENSE() or
 * _COPYRIGHT()), "file-header,reuse-toml", into @buf as snprintf(). */
int index_origin_names(unsigned bits, char *buf, size_t size);

#endif
