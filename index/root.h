/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * root: the tree a directory belongs to, found as git finds its work
 * tree, and the paths named on a command line as paths of that tree.
 *
 * The root of the tree holding directory D is the nearest of D and its
 * parents that has a LICENSES/ directory or is the top of a git work
 * tree (holds a .git: a directory, or the file of a worktree or a
 * submodule).  When none has either, D itself is the root.  So
 * "spdxfs scan drivers/" takes its licenses and excludes from the top of
 * the kernel tree and reports on drivers/ alone, and a git repository
 * nested in a tree is a tree of its own, as git sees it.
 *
 * A path of the tree is relative to its root, '/'-separated, with no
 * "." or ".." component, no empty component and no trailing '/'; "" is
 * the root itself.
 *
 * These functions only stat and resolve paths; they read no file.
 */
#ifndef SPDXFS_ROOT_H
#define SPDXFS_ROOT_H

enum tree_root_kind {
	ROOT_LICENSES,	/* the nearest directory with a LICENSES/ */
	ROOT_GIT,	/* the top of a git work tree, with no LICENSES/ */
	ROOT_NONE,	/* neither anywhere above: the directory itself */
};

struct tree_root {
	char *root;		/* absolute, symlinks resolved */
	char *dir;		/* the directory asked about, likewise */
	const char *under;	/* dir as a path of the tree: points into dir */
	enum tree_root_kind kind;
};

/*
 * Find the tree of directory @dir.  Returns 0 and fills @r, or -errno:
 * -ENOENT, -EACCES (from resolving @dir), -ENOTDIR (@dir is no
 * directory), -EMEDIUMTYPE (@dir is in a git directory, met on the way
 * up before a root: a bare repository or a .git, which has no work tree
 * to index), -ENOMEM.  On failure @r holds nothing to release.
 */
int tree_root_find(struct tree_root *r, const char *dir);
void tree_root_release(struct tree_root *r);

/*
 * The git repository holding directory @dir, as git finds it: the
 * nearest of @dir and its parents that holds a .git or is a git
 * directory itself (bare), LICENSES/ or not.  0 with *@repo malloc'd
 * (absolute, symlinks resolved), -ENOENT when there is none, -errno.
 */
int tree_root_repo(char **repo, const char *dir);

/*
 * @arg, a path named on the command line, as a path of @r's tree, into
 * *@out (malloc'd): an absolute @arg as it is, a relative one from
 * directory @base (absolute, symlinks resolved; NULL for r->dir).  "."
 * and ".." are resolved by name first, as git resolves a pathspec; only
 * when the result is not inside the root are the symlinks of its
 * directory resolved (a root reached through a symlink), never those of
 * its last component.  Returns 0, -EXDEV when the path lies outside the
 * tree, -ENOENT when its directory does not exist, -ENOMEM.
 */
int tree_root_path(const struct tree_root *r, const char *base,
		   const char *arg, char **out);

#endif
