// SPDX-License-Identifier: GPL-2.0-only
/*
 * diff_git: the renames between two revisions, as libgit2's rename
 * detection finds them (diff.h), for diff_build() to follow.
 *
 * A repository handle of its own, opened and freed here on the calling
 * thread: libgit2 objects are not shared with any other thread.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "history/diff.h"
#include "util/error.h"
#include "git/gitrepo.h"
#include "util/grow.h"
#include "git/libgit2.h"

/* The tree of revision @rev (a commit or a tree) into *@out. */
static int rev_tree(git_tree **out, git_repository *repo, const char *path,
		    const char *rev, struct spdx_error *err)
{
	git_object *obj = NULL, *tree = NULL;
	int ret;

	ret = git_revparse_single(&obj, repo, rev);
	if (!ret)
		ret = git_object_peel(&tree, obj, GIT_OBJECT_TREE);
	git_object_free(obj);
	if (ret)
		return spdx_error_set(err, -EINVAL, "%s: revision '%s': %s",
				      path, rev, libgit2_msg(LIBGIT2_UNKNOWN));
	*out = (git_tree *)tree;
	return 0;
}

#define RENAME_LIMIT 1000

/* More files added, or removed, than RENAME_LIMIT? */
static int too_many(git_diff *diff)
{
	size_t added = 0, deleted = 0;

	for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		added += d->status == GIT_DELTA_ADDED;
		deleted += d->status == GIT_DELTA_DELETED;
	}
	return added > RENAME_LIMIT || deleted > RENAME_LIMIT;
}

static int renames_collect(git_diff *diff, struct diff_rename **out,
			   size_t *n)
{
	struct diff_rename *r = NULL, *p;
	size_t cap = 0, k = 0;

	for (size_t i = 0; i < git_diff_num_deltas(diff); i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);

		if (d->status != GIT_DELTA_RENAMED)
			continue;
		p = grow(r, k, &cap, sizeof(*r), 64);
		if (!p)
			goto nomem;
		r = p;
		r[k].from = strdup(d->old_file.path);
		r[k].to = strdup(d->new_file.path);
		k++;
		if (!r[k - 1].from || !r[k - 1].to)
			goto nomem;
	}
	*out = r;
	*n = k;
	return 0;
nomem:
	diff_renames_free(r, k);
	return -ENOMEM;
}

static int is_file(const git_diff_file *f)
{
	return f->mode == GIT_FILEMODE_BLOB ||
	       f->mode == GIT_FILEMODE_BLOB_EXECUTABLE;
}

/* The exact renames of @diff's added and deleted files, as git pairs
 * them (diff_exact_renames()). */
static int exact_renames(git_diff *diff, struct diff_rename **out,
			 size_t *n)
{
	size_t nd = git_diff_num_deltas(diff), ng = 0, nc = 0;
	struct diff_lone *g = alloc_array(nd + 1, sizeof(*g));
	struct diff_lone *c = alloc_array(nd + 1, sizeof(*c));
	int ret = -ENOMEM;

	if (g && c) {
		for (size_t i = 0; i < nd; i++) {
			const git_diff_delta *d = git_diff_get_delta(diff, i);

			if (d->status == GIT_DELTA_DELETED && is_file(&d->old_file)) {
				g[ng].path = d->old_file.path;
				memcpy(g[ng++].id, d->old_file.id.id, 20);
			} else if (d->status == GIT_DELTA_ADDED &&
				   is_file(&d->new_file)) {
				c[nc].path = d->new_file.path;
				memcpy(c[nc++].id, d->new_file.id.id, 20);
			}
		}
		ret = diff_exact_renames(g, ng, c, nc, out, n);
	}
	free(g);
	free(c);
	return ret;
}

int diff_git_renames(const char *path, const char *rev1, const char *rev2,
		     struct diff_rename **out, size_t *n,
		     struct spdx_error *err)
{
	git_diff_find_options find;
	git_tree *t1 = NULL, *t2 = NULL;
	git_repository *repo = NULL;
	git_diff *diff = NULL;
	int ret;

	*out = NULL;
	*n = 0;
	git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
	ret = gitrepo_open(&repo, path, 0, err);
	if (ret)
		goto out;
	ret = rev_tree(&t1, repo, path, rev1, err);
	if (!ret)
		ret = rev_tree(&t2, repo, path, rev2, err);
	if (ret)
		goto out;
	if (git_diff_tree_to_tree(&diff, repo, t1, t2, NULL)) {
		ret = spdx_error_set(err, -EIO, "%s: %s..%s: %s", path, rev1,
				     rev2, libgit2_msg(LIBGIT2_UNKNOWN));
		goto out;
	}
	/* "git diff -M": renames of exact and of similar content (50%);
	 * past RENAME_LIMIT files added or removed, exact renames only, as
	 * git does past diff.renameLimit: libgit2 would compare every
	 * removed file with every added one, hours between two kernel
	 * releases, and its own exact-only mode pairs far fewer files than
	 * git (108 of git's 1,907 between v6.1 and v6.12) */
	if (too_many(diff)) {
		ret = exact_renames(diff, out, n);
	} else {
		find.flags = GIT_DIFF_FIND_RENAMES;
		if (git_diff_find_similar(diff, &find)) {
			ret = spdx_error_set(err, -EIO, "%s: %s..%s: %s", path,
					     rev1, rev2, libgit2_msg(LIBGIT2_UNKNOWN));
			goto out;
		}
		ret = renames_collect(diff, out, n);
	}
	if (ret)
		spdx_error_errno(err, ret, "%s", path);
out:
	git_diff_free(diff);
	git_tree_free(t1);
	git_tree_free(t2);
	git_repository_free(repo);
	return ret;
}
