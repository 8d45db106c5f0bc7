/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * subject: the subject prefix each MAINTAINERS entry's files use in a
 * repository's history ("net: phy", "drm/i915"), so that a series for
 * that entry is titled the way its maintainers title their commits.
 *
 * A kernel subject is "PREFIX: summary", PREFIX one or more components
 * joined by ": " ("net: phy: fix a leak" has "net: phy").  A component is
 * one word: no blank, at most SUBJECT_COMPONENT_MAX bytes, not empty.
 * Merges and reverts say nothing about a prefix and are skipped.
 */
#ifndef SPDXFS_SUBJECT_H
#define SPDXFS_SUBJECT_H

#include <stddef.h>

#include "util/error.h"
#include "maintainers.h"

#define SUBJECT_COMPONENT_MAX	40

/* The length of @summary's prefix ("net: phy"), 0 when it has none. */
size_t subject_prefix_len(const char *summary);

/*
 * Walk the last @depth commits reachable from HEAD of the repository at
 * @repo (newest first, merges skipped) and, for every path each one
 * changes against its parent, vote for the commit's prefix in the entry
 * of @m that path belongs to (maint_first()).  *@out gets one string per
 * entry of @m (maint_entries()' order): the prefix with the most votes
 * (ties: the most recent), or NULL where no commit voted; free with
 * subject_prefixes_free(out, n).  @depth 0 reads nothing.
 *
 * Returns 0, -ENOENT when @repo is no repository or has no HEAD (a tree
 * without history: no prefixes, no error message), -ENOMEM or -EIO
 * (libgit2 failed) with @err filled.
 */
int subject_prefixes(char ***out, const char *repo, unsigned depth,
		     const struct maint *m, struct spdx_error *err);
void subject_prefixes_free(char **p, size_t n);

#endif
