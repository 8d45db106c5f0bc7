/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history_paths: what each file of a tree adds to its history row.
 *
 * history_rows() counts a commit as the row before, less what the
 * paths its diff names added there, plus what they add now.  The "less"
 * needs no index of the old tree: the rows before already classified
 * those paths, under the same LICENSES/ and scripts/spdxexclude (a
 * commit that changes those is counted whole, and the set refilled).
 * This set keeps, per path, the two things a file adds to its row: its
 * status (one to the files and one to its status's count) and, when it
 * is counted (tagged or misplaced), the license files its expression
 * names (one to each), exactly as summary_compute() tallies it.
 *
 * Not thread-safe: one set per history_rows() thread.  The license
 * names a lookup returns live as long as the set.
 */
#ifndef SPDXFS_HISTORY_PATHS_H
#define SPDXFS_HISTORY_PATHS_H

#include <stddef.h>
#include <stdint.h>

struct spdx_index;
struct history_paths;

/* What one file adds to its row. */
struct history_share {
	uint8_t status;			/* enum spdx_status */
	size_t nnames;
	const char *const *names;	/* license files, one file each */
};

int history_paths_new(struct history_paths **out);
void history_paths_free(struct history_paths *hp);
/* Forget every path (its license names are kept until the free). */
void history_paths_clear(struct history_paths *hp);
size_t history_paths_count(const struct history_paths *hp);

/* Every file of @idx with what it adds, replacing what a path had.
 * Returns 0 or -ENOMEM (the set then holds some of them). */
int history_paths_add(struct history_paths *hp, const struct spdx_index *idx);

/* What @path added into *@sh, the path then forgotten: 1; 0 when the
 * set has no file there (none in the tree, or no regular file). */
int history_paths_take(struct history_paths *hp, const char *path,
		       struct history_share *sh);

#endif
