// SPDX-License-Identifier: GPL-2.0-only
/*
 * history: the commits of a range, oldest first (history.h).
 *
 * A repository handle of its own, opened and freed here on the calling
 * thread, as diff_git.c does: libgit2 objects are not shared.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "error.h"
#include "grow.h"
#include "history.h"

static const char *git_msg(void)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : "unknown libgit2 error";
}

/* Push @range ("A..B" or one revision, NULL: HEAD) onto @walk. */
static int range_push(git_revwalk *walk, git_repository *repo,
		      const char *path, const char *range,
		      struct spdx_error *err)
{
	git_object *obj = NULL, *commit = NULL;
	int ret;

	if (range && strstr(range, "..")) {
		if (git_revwalk_push_range(walk, range))
			return spdx_error_set(err, -EINVAL, "%s: range '%s': %s",
					      path, range, git_msg());
		return 0;
	}
	if (!range)
		range = "HEAD";
	ret = git_revparse_single(&obj, repo, range);
	if (!ret)
		ret = git_object_peel(&commit, obj, GIT_OBJECT_COMMIT);
	if (!ret)
		ret = git_revwalk_push(walk, git_object_id(commit));
	git_object_free(obj);
	git_object_free(commit);
	if (ret)
		return spdx_error_set(err, -EINVAL, "%s: revision '%s': %s",
				      path, range, git_msg());
	return 0;
}

/* The commit @id into *@c. */
static int commit_get(struct history_commit *c, git_repository *repo,
		      const git_oid *id)
{
	git_commit *commit;
	const char *s;

	if (git_commit_lookup(&commit, repo, id))
		return -EIO;
	git_oid_tostr(c->id, sizeof(c->id), id);
	c->time = git_commit_time(commit);
	s = git_commit_summary(commit);
	c->subject = strdup(s ? s : "");
	git_commit_free(commit);
	return c->subject ? 0 : -ENOMEM;
}

/* The newest @max commits of @walk, newest first, into *@out. */
static int walk_collect(struct history_commit **out, size_t *n,
			git_revwalk *walk, git_repository *repo, size_t max,
			const char *path, struct spdx_error *err)
{
	struct history_commit *c = NULL;
	size_t cap = 0, k = 0;
	git_oid id;
	int ret = 0, r;

	while ((!max || k < max) && !(r = git_revwalk_next(&id, walk))) {
		void *p = grow(c, k, &cap, sizeof(*c), 64);

		if (!p) {
			ret = spdx_error_set(err, -ENOMEM, "out of memory");
			break;
		}
		c = p;
		ret = commit_get(&c[k], repo, &id);
		if (ret) {
			spdx_error_set(err, ret, "%s: commit: %s", path,
				       git_msg());
			break;
		}
		k++;
	}
	if (!ret && (!max || k < max) && r != GIT_ITEROVER)
		ret = spdx_error_set(err, -EIO, "%s: %s", path, git_msg());
	if (ret) {
		history_free(c, k);
		return ret;
	}
	*out = c;
	*n = k;
	return 0;
}

int history_list(struct history_commit **out, size_t *n, const char *repo,
		 const char *range, int first_parent, size_t max,
		 struct spdx_error *err)
{
	git_repository *r = NULL;
	git_revwalk *walk = NULL;
	int ret;

	*out = NULL;
	*n = 0;
	git_libgit2_init();
	if (git_repository_open_ext(&r, repo, GIT_REPOSITORY_OPEN_NO_SEARCH,
				    NULL)) {
		ret = spdx_error_set(err, -EINVAL,
				     "%s: not a git repository", repo);
		goto out;
	}
	if (git_revwalk_new(&walk, r)) {
		ret = spdx_error_set(err, -ENOMEM, "%s: %s", repo, git_msg());
		goto out;
	}
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME);
	if (first_parent)
		git_revwalk_simplify_first_parent(walk);
	ret = range_push(walk, r, repo, range, err);
	if (!ret)
		ret = walk_collect(out, n, walk, r, max, repo, err);
	/* newest first from the walk; oldest first for the caller */
	for (size_t i = 0; !ret && i < *n / 2; i++) {
		struct history_commit t = (*out)[i];

		(*out)[i] = (*out)[*n - 1 - i];
		(*out)[*n - 1 - i] = t;
	}
out:
	git_revwalk_free(walk);
	git_repository_free(r);
	git_libgit2_shutdown();
	return ret;
}

void history_free(struct history_commit *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(c[i].subject);
	free(c);
}
