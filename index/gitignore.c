// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitignore: tracked paths from the git index, ignore rules from libgit2.
 *
 * The index's entries are sorted by path, so "is it tracked?" is a binary
 * search over a private copy of their path pointers, with no libgit2 call
 * and no lock.  Only untracked paths ask libgit2 about ignore rules, one
 * thread at a time, since a libgit2 repository is not thread-safe.
 */
#include <errno.h>
#include <stdio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>

#include "gitignore.h"

struct gitignore {
	git_repository *repo;
	git_index *index;
	const char **paths;	/* the index's entry paths, sorted */
	size_t npaths;
	pthread_mutex_t lock;	/* serialises libgit2 calls */
};

int gitignore_open(struct gitignore **out, const char *root)
{
	struct gitignore *gi;
	char dotgit[4096];
	size_t n;

	*out = NULL;
	if ((size_t)snprintf(dotgit, sizeof(dotgit), "%s/.git", root) >= sizeof(dotgit) ||
	    access(dotgit, F_OK))
		return 0;
	gi = calloc(1, sizeof(*gi));
	if (!gi)
		return -ENOMEM;
	git_libgit2_init();	/* balanced in gitignore_free() */
	pthread_mutex_init(&gi->lock, NULL);
	if (git_repository_open_ext(&gi->repo, root, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) ||
	    git_repository_is_bare(gi->repo)) {
		/* A .git that git cannot open: treat the tree as plain. */
		gitignore_free(gi);
		return 0;
	}
	if (git_repository_index(&gi->index, gi->repo))
		goto fail;
	n = git_index_entrycount(gi->index);
	gi->paths = malloc((n ? n : 1) * sizeof(*gi->paths));
	if (!gi->paths)
		goto fail;
	for (size_t i = 0; i < n; i++) {
		const git_index_entry *e = git_index_get_byindex(gi->index, i);

		if (e && (i == 0 || strcmp(gi->paths[gi->npaths - 1], e->path)))
			gi->paths[gi->npaths++] = e->path;
	}
	*out = gi;
	return 0;
fail:
	gitignore_free(gi);
	return -EIO;
}

/* First index path >= @key. */
static size_t lower_bound(const struct gitignore *gi, const char *key)
{
	size_t lo = 0, hi = gi->npaths;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(gi->paths[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int tracked(const struct gitignore *gi, const char *path, int is_dir)
{
	size_t n = strlen(path), k;
	char key[4096];

	if (!is_dir) {
		k = lower_bound(gi, path);
		return k < gi->npaths && !strcmp(gi->paths[k], path);
	}
	/* A directory is tracked when a tracked path lies beneath it. */
	if (n + 2 > sizeof(key))
		return 1;
	memcpy(key, path, n);
	key[n] = '/';
	key[n + 1] = '\0';
	k = lower_bound(gi, key);
	return k < gi->npaths && !strncmp(gi->paths[k], key, n + 1);
}

int gitignore_skip(struct gitignore *gi, const char *path, int is_dir)
{
	int ignored = 0;

	if (!gi || tracked(gi, path, is_dir))
		return 0;
	pthread_mutex_lock(&gi->lock);
	if (git_ignore_path_is_ignored(&ignored, gi->repo, path))
		ignored = 0;
	pthread_mutex_unlock(&gi->lock);
	return ignored;
}

void gitignore_free(struct gitignore *gi)
{
	if (!gi)
		return;
	free(gi->paths);
	git_index_free(gi->index);
	git_repository_free(gi->repo);
	pthread_mutex_destroy(&gi->lock);
	free(gi);
	git_libgit2_shutdown();
}
