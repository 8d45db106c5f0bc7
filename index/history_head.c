// SPDX-License-Identifier: GPL-2.0-only
/*
 * history_head: which commit a history ends at (history.h), for the
 * mount's history/: HEAD of a work tree, resolved again whenever it may
 * have moved, or the --rev of a mounted revision.  A repository handle
 * of its own per call, as history.c does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "error.h"
#include "gitrepo.h"
#include "history.h"
#include "libgit2.h"

int history_resolve(char id[41], const char *repo, const char *rev,
		    struct spdx_error *err)
{
	git_repository *r = NULL;
	git_object *obj = NULL, *commit = NULL;
	int ret = 0;

	if (!rev)
		rev = "HEAD";
	ret = gitrepo_open(&r, repo, GIT_REPOSITORY_OPEN_NO_SEARCH, err);
	if (ret)
		goto out;
	ret = git_revparse_single(&obj, r, rev);
	if (ret == GIT_ENOTFOUND && !strcmp(rev, "HEAD")) {
		ret = spdx_error_set(err, -ENODATA, "%s: HEAD: no commit yet",
				     repo);
		goto out;
	}
	if (ret) {
		ret = spdx_error_set(err, -EINVAL, "%s: revision '%s': %s",
				     repo, rev, libgit2_msg(LIBGIT2_UNKNOWN));
		goto out;
	}
	if (git_object_peel(&commit, obj, GIT_OBJECT_COMMIT)) {
		ret = spdx_error_set(err, -ENOENT, "%s: '%s' is no commit",
				     repo, rev);
		goto out;
	}
	git_oid_tostr(id, 41, git_object_id(commit));
out:
	git_object_free(commit);
	git_object_free(obj);
	git_repository_free(r);
	return ret;
}

int history_worktree_gitdir(char **gitdir, const char *dir)
{
	git_repository *r = NULL;
	const char *wd;
	size_t n = strlen(dir);
	int ret = -ENOENT;

	*gitdir = NULL;
	if (gitrepo_open(&r, dir, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL))
		goto out;
	wd = git_repository_workdir(r);
	/* libgit2 ends the work tree's path with a '/' */
	while (n > 1 && dir[n - 1] == '/')
		n--;
	if (git_repository_is_bare(r) || !wd || strncmp(wd, dir, n) ||
	    strcmp(wd + n, "/"))
		goto out;
	*gitdir = strdup(git_repository_path(r));
	ret = *gitdir ? 0 : -ENOMEM;
out:
	git_repository_free(r);
	return ret;
}
