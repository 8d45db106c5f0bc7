/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history: the commits of a git repository that "spdxfs history" reports
 * on, oldest first (a backlog reads left to right, as its chart does).
 *
 * history_list() walks RANGE ("A..B", or a single revision meaning its
 * history; NULL: HEAD) with libgit2's revwalk, in topological then time
 * order, keeping the newest @max commits (0: all), returned oldest first.
 * Each commit's id is the full hex id (for --rev), its time the commit
 * time in seconds since the epoch (UTC), its subject the first line of
 * its message.  Returns 0, or -errno with a one-line @err (not a
 * repository, an unknown revision, a missing object).
 */
#ifndef SPDXFS_HISTORY_H
#define SPDXFS_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

struct history_commit {
	char id[41];
	int64_t time;
	char *subject;
};

int history_list(struct history_commit **out, size_t *n, const char *repo,
		 const char *range, int first_parent, size_t max,
		 struct spdx_error *err);
void history_free(struct history_commit *c, size_t n);

#endif
