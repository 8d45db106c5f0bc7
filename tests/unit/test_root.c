// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_root: which directory is a tree's root (LICENSES/, the top of a
 * git work tree, the nearest of them, neither), and how command-line
 * paths become paths of the tree.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "root.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file files[] = {
	{ "top/LICENSES/preferred/GPL-2.0", "Valid-License-Identifier: GPL-2.0\n" },
	{ "top/a/b/c.c", "int c;\n" },
	{ "top/k/f.c", "int f;\n" },
	{ "top/sub/.git/HEAD", "ref: refs/heads/main\n" },
	{ "top/sub/d/", "" },
	{ "top/LICENSES-not/", "" },
	{ "git/.git/HEAD", "ref: refs/heads/main\n" },
	{ "git/x/y/", "" },
	{ "worktree/.git", "gitdir: /elsewhere/.git/worktrees/w\n" },
	{ "worktree/src/", "" },
	{ "plain/p/q/", "" },
	{ "fake/LICENSES", "a file, not a directory\n" },
	{ "fake/in/", "" },
	{ "bare.git/HEAD", "ref: refs/heads/main\n" },
	{ "bare.git/objects/", "" },
	{ "bare.git/refs/", "" },
};

static char tmp[] = "/tmp/spdxfs-root.XXXXXX";
static char real[256];	/* short, so that paths made from it fit */

static void find(const char *dir, const char *root, const char *under, int kind)
{
	char path[PATH_MAX], want[PATH_MAX];
	struct tree_root r;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", real, dir);
	snprintf(want, sizeof(want), "%s/%s", real, root);
	ret = tree_root_find(&r, path);
	is_int(ret, 0, "%s: found", dir);
	if (ret)
		return;
	is_str(r.root, want, "%s: the root", dir);
	is_str(r.under, under, "%s: the directory in the tree", dir);
	is_int(r.kind, kind, "%s: found by what", dir);
	tree_root_release(&r);
}

static void test_find(void)
{
	char path[PATH_MAX];
	struct tree_root r;

	find("top/a/b", "top", "a/b", ROOT_LICENSES);
	find("top", "top", "", ROOT_LICENSES);
	find("top/LICENSES/preferred", "top", "LICENSES/preferred", ROOT_LICENSES);
	/* The nearest wins: a git repository inside the tree is its own. */
	find("top/sub/d", "top/sub", "d", ROOT_GIT);
	find("git/x/y", "git", "x/y", ROOT_GIT);
	find("worktree/src", "worktree", "src", ROOT_GIT);
	/* No LICENSES/ and no .git anywhere above: the directory itself
	 * (this assumes none in /tmp and /). */
	find("plain/p/q", "plain/p/q", "", ROOT_NONE);
	find("fake/in", "fake/in", "", ROOT_NONE);
	find("top/a/b/../../k/./", "top", "k", ROOT_LICENSES);

	snprintf(path, sizeof(path), "%s/top/a/b/c.c", real);
	is_int(tree_root_find(&r, path), -ENOTDIR, "a file is no directory");
	snprintf(path, sizeof(path), "%s/nowhere", real);
	is_int(tree_root_find(&r, path), -ENOENT, "a missing directory");
}

/* The repository of @dir is @want (NULL: none). */
static void repo_is(const char *dir, const char *want)
{
	char path[PATH_MAX], w[PATH_MAX], *repo;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", real, dir);
	snprintf(w, sizeof(w), "%s/%s", real, want ? want : "");
	ret = tree_root_repo(&repo, path);
	is_int(ret, want ? 0 : -ENOENT, "%s: repository found or not", dir);
	if (!ret)
		is_str(repo, w, "%s: its repository", dir);
	free(repo);
}

static void test_repo(void)
{
	/* LICENSES/ does not stop the search: a .git above does. */
	repo_is("top/sub/d", "top/sub");
	repo_is("git/x/y", "git");
	repo_is("worktree/src", "worktree");
	repo_is("bare.git/refs", "bare.git");
	repo_is("plain/p/q", NULL);	/* none in /tmp and / either */
	repo_is("top/a/b", NULL);
}

static void path_is(const struct tree_root *r, const char *base,
		    const char *arg, int want_ret, const char *want)
{
	char *out = NULL;
	int ret = tree_root_path(r, base, arg, &out);

	is_int(ret, want_ret, "'%s': returns %d", arg, want_ret);
	if (want)
		is_str(out, want, "'%s' is the tree's '%s'", arg, want);
	free(out);
}

static void test_paths(void)
{
	char dir[PATH_MAX], abs[PATH_MAX], link[PATH_MAX], base[PATH_MAX];
	struct tree_root r;

	snprintf(dir, sizeof(dir), "%s/top/a/b", real);
	if (tree_root_find(&r, dir)) {
		ok(0, "tree_root_find");
		return;
	}
	path_is(&r, NULL, "c.c", 0, "a/b/c.c");
	path_is(&r, NULL, "./c.c", 0, "a/b/c.c");
	path_is(&r, NULL, ".//c.c/", 0, "a/b/c.c");
	path_is(&r, NULL, ".", 0, "a/b");
	path_is(&r, NULL, "../x.c", 0, "a/x.c");
	path_is(&r, NULL, "../../k/f.c", 0, "k/f.c");
	path_is(&r, NULL, "../..", 0, "");
	path_is(&r, NULL, "new/not/yet.c", 0, "a/b/new/not/yet.c");
	path_is(&r, NULL, "../../..", -EXDEV, NULL);
	path_is(&r, NULL, "../../../plain", -EXDEV, NULL);
	path_is(&r, NULL, "/etc/passwd", -EXDEV, NULL);
	path_is(&r, NULL, "/", -EXDEV, NULL);
	path_is(&r, NULL, "/nowhere-at-all/x.c", -ENOENT, NULL);
	snprintf(abs, sizeof(abs), "%s/top/k/f.c", real);
	path_is(&r, NULL, abs, 0, "k/f.c");
	snprintf(abs, sizeof(abs), "%s/top/", real);
	path_is(&r, NULL, abs, 0, "");
	snprintf(abs, sizeof(abs), "%s/top/../top/a/../k", real);
	path_is(&r, NULL, abs, 0, "k");
	/* Through a symlink to the tree: its directory is resolved, ... */
	snprintf(link, sizeof(link), "%s/link", real);
	snprintf(abs, sizeof(abs), "%s/top", real);
	ok(!symlink(abs, link), "symlink to the tree");
	snprintf(abs, sizeof(abs), "%s/link/k/f.c", real);
	path_is(&r, NULL, abs, 0, "k/f.c");
	/* ... never its last component. */
	path_is(&r, NULL, link, -EXDEV, NULL);
	/* From another base, as show takes paths from the current one. */
	snprintf(base, sizeof(base), "%s/top/k", real);
	path_is(&r, base, "f.c", 0, "k/f.c");
	path_is(&r, base, "../a", 0, "a");
	snprintf(base, sizeof(base), "%s/plain", real);
	path_is(&r, base, "p", -EXDEV, NULL);
	tree_root_release(&r);
}

int main(void)
{
	int ret = fixture_make(tmp, files, ARRAY_SIZE(files));
	char buf[PATH_MAX];

	if (!ret && (!realpath(tmp, buf) || strlen(buf) >= sizeof(real)))
		ret = -ENAMETOOLONG;
	if (!ret)
		strcpy(real, buf);
	ok(!ret, "fixture made");
	if (!ret) {
		test_find();
		test_paths();
		test_repo();
	}
	fixture_remove(tmp);
	return tap_done();
}
