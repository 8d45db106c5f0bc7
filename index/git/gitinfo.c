// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitinfo.c: a repository asked for its HEAD, a revision, the
 * identity in its configuration or its git directory (gitinfo.h), through
 * gitrepo_open().
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "util/error.h"
#include "git/gitinfo.h"
#include "git/gitrepo.h"
#include "git/libgit2.h"

int gitinfo_head(const char *path, char id[41], int64_t *time, int *offset)
{
	git_repository *repo = NULL;
	git_commit *commit = NULL;
	git_oid oid;
	int ret = -1;

	if (gitrepo_open(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) ||
	    git_reference_name_to_id(&oid, repo, "HEAD") ||
	    git_commit_lookup(&commit, repo, &oid))
		goto out;
	git_oid_tostr(id, GIT_OID_HEXSZ + 1, &oid);
	*time = git_commit_time(commit);
	*offset = git_commit_time_offset(commit);
	ret = 0;
out:
	git_commit_free(commit);
	git_repository_free(repo);
	return ret;
}

/* @key of @cfg, malloc'd, or NULL when it is unset or empty. */
static char *config_string(git_config *cfg, const char *key)
{
	const char *v = NULL;

	return cfg && !git_config_get_string(&v, cfg, key) && v[0] ?
	       strdup(v) : NULL;
}

void gitinfo_identity(const char *path, char **name, char **email)
{
	git_repository *repo = NULL;
	git_config *cfg = NULL, *snap = NULL;

	if (!path ||
	    gitrepo_open(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL))
		repo = NULL;	/* the user's configuration alone */
	if ((repo ? git_repository_config(&cfg, repo) :
		    git_config_open_default(&cfg)) ||
	    git_config_snapshot(&snap, cfg))
		snap = NULL;
	*name = config_string(snap, "user.name");
	*email = config_string(snap, "user.email");
	git_config_free(snap);
	git_config_free(cfg);
	git_repository_free(repo);
}

int gitinfo_resolve(char id[41], const char *repo, const char *rev,
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

int gitinfo_worktree_gitdir(char **gitdir, const char *dir)
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
