// SPDX-License-Identifier: GPL-2.0-only
/*
 * subject: each MAINTAINERS entry's subject prefix, from history
 * (subject.h).
 *
 * One commit is one vote in each entry it touches, however many of the
 * entry's files it changes: a commit that renames 500 files of one
 * driver says no more about its prefix than a one-line fix does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <git2.h>

#include "git/gitrepo.h"
#include "util/grow.h"
#include "git/libgit2.h"
#include "series/subject.h"

struct candidate {
	char *prefix;
	size_t votes;
};

struct tally {
	struct candidate *c;	/* in the order first seen: newest first */
	size_t n, cap;
	size_t last_commit;	/* the commit that voted last, +1 */
};

/* The length of one component at @s: a word before ": ", or 0. */
static size_t component_len(const char *s)
{
	size_t k = 0;

	while (s[k] && s[k] != ' ' && s[k] != '\t' && s[k] != ':')
		k++;
	if (!k || k > SUBJECT_COMPONENT_MAX || s[k] != ':' || s[k + 1] != ' ')
		return 0;
	return k;
}

size_t subject_prefix_len(const char *summary)
{
	size_t len = 0, k;

	if (!strncmp(summary, "Revert \"", 8) || !strncmp(summary, "Merge ", 6))
		return 0;
	while ((k = component_len(summary + len + (len ? 2 : 0))))
		len += (len ? 2 : 0) + k;
	return len;
}

static int vote(struct tally *t, size_t commit, const char *prefix,
		size_t len)
{
	struct candidate *c;

	if (t->last_commit == commit + 1)
		return 0;		/* this commit voted here already */
	t->last_commit = commit + 1;
	for (size_t i = 0; i < t->n; i++) {
		if (strlen(t->c[i].prefix) == len &&
		    !memcmp(t->c[i].prefix, prefix, len)) {
			t->c[i].votes++;
			return 0;
		}
	}
	c = grow(t->c, t->n, &t->cap, sizeof(*t->c), 4);
	if (!c)
		return -ENOMEM;
	t->c = c;
	c[t->n].prefix = strndup(prefix, len);
	if (!c[t->n].prefix)
		return -ENOMEM;
	c[t->n++].votes = 1;
	return 0;
}

/* The trees of @commit and its only parent, 0; 1 to skip it. */
static int commit_trees(git_tree **tree, git_tree **parent,
			git_repository *repo, git_commit *commit)
{
	git_commit *p = NULL;
	int ret = 1;

	*tree = *parent = NULL;
	if (git_commit_parentcount(commit) != 1)
		return 1;		/* the root, or a merge */
	if (git_commit_lookup(&p, repo, git_commit_parent_id(commit, 0)) ||
	    git_tree_lookup(parent, repo, git_commit_tree_id(p)) ||
	    git_tree_lookup(tree, repo, git_commit_tree_id(commit)))
		ret = -EIO;
	else
		ret = 0;
	git_commit_free(p);
	return ret;
}

/* Vote with commit number @k's prefix in the entries its paths are in. */
static int vote_commit(struct tally *t, size_t k, git_repository *repo,
		       git_commit *commit, const struct maint *m)
{
	const char *summary = git_commit_summary(commit);
	size_t len = summary ? subject_prefix_len(summary) : 0;
	git_tree *tree, *parent;
	git_diff *diff = NULL;
	int ret;

	if (!len)
		return 0;
	ret = commit_trees(&tree, &parent, repo, commit);
	if (!ret && git_diff_tree_to_tree(&diff, repo, parent, tree, NULL))
		ret = -EIO;
	for (size_t i = 0, n = ret ? 0 : git_diff_num_deltas(diff); i < n; i++) {
		const git_diff_delta *d = git_diff_get_delta(diff, i);
		const char *path = d->new_file.path ? d->new_file.path :
			d->old_file.path;
		long e = path ? maint_first(m, path) : -ENOENT;

		if (e == -ENOMEM)
			ret = -ENOMEM;
		else if (e >= 0)
			ret = vote(&t[e], k, summary, len);
		if (ret)
			break;
	}
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(parent);
	return ret > 0 ? 0 : ret;
}

/* Each entry's winner into @out, freeing @t. */
static int elect(char **out, struct tally *t, size_t n)
{
	for (size_t e = 0; e < n; e++) {
		size_t best = 0;

		for (size_t i = 1; i < t[e].n; i++)
			if (t[e].c[i].votes > t[e].c[best].votes)
				best = i;
		for (size_t i = 0; i < t[e].n; i++) {
			if (i == best)
				out[e] = t[e].c[i].prefix;
			else
				free(t[e].c[i].prefix);
		}
		free(t[e].c);
	}
	free(t);
	return 0;
}

static int walk(struct tally *t, git_repository *repo, unsigned depth,
		const struct maint *m, struct spdx_error *err)
{
	git_revwalk *w = NULL;
	git_oid id;
	int ret = 0;

	if (git_reference_name_to_id(&id, repo, "HEAD"))
		return -ENOENT;
	if (git_revwalk_new(&w, repo) || git_revwalk_push(w, &id)) {
		git_revwalk_free(w);
		return spdx_error_set(err, -EIO, "history: %s",
				      libgit2_msg("?"));
	}
	for (size_t k = 0; k < depth && !ret && !git_revwalk_next(&id, w); k++) {
		git_commit *c;

		if (git_commit_lookup(&c, repo, &id)) {
			ret = -EIO;
			break;
		}
		ret = vote_commit(t, k, repo, c, m);
		git_commit_free(c);
	}
	git_revwalk_free(w);
	if (ret == -ENOMEM)
		return spdx_error_set(err, ret, "history: out of memory");
	if (ret)
		return spdx_error_set(err, ret, "history: %s",
				      libgit2_msg("?"));
	return 0;
}

int subject_prefixes(char ***out, const char *repo, unsigned depth,
		     const struct maint *m, struct spdx_error *err)
{
	git_repository *r = NULL;
	struct tally *t;
	size_t n;
	char **p;
	int ret;

	maint_entries(m, &n);
	*out = NULL;
	if (gitrepo_open(&r, repo, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL))
		return -ENOENT;
	p = alloc_array(n ? n : 1, sizeof(*p));
	t = alloc_array(n ? n : 1, sizeof(*t));
	if (!p || !t) {
		free(p);
		free(t);
		git_repository_free(r);
		return spdx_error_set(err, -ENOMEM, "history: out of memory");
	}
	memset(p, 0, (n ? n : 1) * sizeof(*p));
	memset(t, 0, (n ? n : 1) * sizeof(*t));
	ret = depth ? walk(t, r, depth, m, err) : 0;
	git_repository_free(r);
	elect(p, t, n);
	if (ret) {
		subject_prefixes_free(p, n);
		return ret;
	}
	*out = p;
	return 0;
}

void subject_prefixes_free(char **p, size_t n)
{
	for (size_t i = 0; p && i < n; i++)
		free(p[i]);
	free(p);
}
