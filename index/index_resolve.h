/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_resolve: expressions resolved, as a build does once per distinct
 * expression (the build's last phase, index_build.h) and a REUSE tree's
 * reading does for its own (index_reuse.h).
 */
#ifndef SPDXFS_INDEX_RESOLVE_H
#define SPDXFS_INDEX_RESOLVE_H

struct licenses;
struct spdx_expr;

/*
 * Parse, print (in @lic's spelling) and validate expression @e->text
 * against @lic (NULL: every id unknown), its strings into @pool (a
 * struct strpool): what a build does once per distinct expression.
 */
void index_expr_resolve(struct spdx_expr *e, const struct licenses *lic,
			void *pool);

#endif
