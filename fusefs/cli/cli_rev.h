/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_rev: the git repository of the current directory, and whether an
 * operand names a revision of it, for the commands whose REPO defaults
 * to it (diff, history).
 */
#ifndef SPDXFS_CLI_REV_H
#define SPDXFS_CLI_REV_H

/* The repository holding the current directory (tree_root_repo()): 0
 * with *@repo malloc'd, -ENOENT when there is none, or -errno. */
int cli_cwd_repo(char **repo);

/* Does @text name a commit or tree of repository @repo (A..B: each side
 * does, an empty one HEAD)?  1 or 0. */
int cli_is_rev(const char *repo, const char *text);

/* Can repository @repo be read?  0, or 2 after a one-line error (a
 * SHA-256 repository, say), for a command that would otherwise only say
 * that a revision is not there. */
int cli_repo_check(const char *repo);

#endif
