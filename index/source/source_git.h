/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * source_git: what the revision source (SOURCE_GIT, source_git.c) does
 * beyond every source (source.h): pointed at another revision, and its
 * repository handles lent, for a caller that reads commit after commit
 * (history.c).
 */
#ifndef SPDXFS_SOURCE_GIT_H
#define SPDXFS_SOURCE_GIT_H

#include <stdint.h>

#include "source/source.h"

/*
 * SOURCE_GIT: point @src at revision @rev of its repository, keeping its
 * repository handles (history.c reads commit after commit), with no
 * file open and no other call on it running.  The objects the new tree
 * reaches are not looked for, as source_open() does: the caller checks
 * those it reads.  Returns 0, or -EINVAL (an unknown revision, another
 * source) with @err filled; @src is unchanged on failure.
 */
int source_git_retarget(struct source *src, const char *rev,
			struct spdx_error *err);
/* The same, pointed at tree @tree (a FILE_ID_BYTES id) of the commit
 * @rev names, made at @time (seconds since the epoch), as the caller
 * read them: nothing is resolved, nor the tree looked for.  -EINVAL for
 * another source. */
int source_git_retarget_tree(struct source *src, const char *rev,
			     const uint8_t tree[FILE_ID_BYTES], int64_t time,
			     struct spdx_error *err);

/*
 * SOURCE_GIT: one of @src's repository handles and its object database,
 * the calling thread's alone until source_git_repo_put(), with no
 * libgit2 object of it kept past that: for a caller that reads what
 * @src reads next (history.c's tree diffs), into the cache of the handle
 * that reads it next, rather than twice.  The source's last reader gets
 * it.  0, or -EINVAL for another source, -EIO when no repository opens.
 */
struct git_repository;
struct git_odb;
struct rev_handle;
int source_git_repo_get(struct source *src, struct rev_handle **h,
			struct git_repository **repo, struct git_odb **odb);
void source_git_repo_put(struct source *src, struct rev_handle *h);

/*
 * A new repository handle for @src's next reader, its idle ones freed
 * with every object their caches held: for a caller that reads many
 * revisions through one source (history.c).  The new one is opened
 * first, so that the pack files, which libgit2 shares between the
 * repositories that have them open, stay open and mapped.  Only with
 * no handle taken.  Returns 0, -EINVAL (not a git source) or -EIO.
 */
int source_git_renew(struct source *src);

#endif
