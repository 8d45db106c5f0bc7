/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gitinfo: what a caller outside the git modules (the commands, the
 * mount) asks of a repository, with no libgit2 type: a work tree's HEAD
 * and git directory, a revision resolved, the user's identity.  Each
 * repository is opened by gitrepo_open() (gitrepo.h), its files checked
 * first; libgit2 is set up there (libgit2.h).
 */
#ifndef SPDXFS_GITINFO_H
#define SPDXFS_GITINFO_H

#include <stdint.h>

/*
 * The HEAD commit of the repository whose work tree (or git directory)
 * is @path, not searched for upwards: its id in hex into @id, its
 * committer time (seconds since the epoch) into *@time and that time's
 * offset from UTC in minutes into *@offset.  0, or -1 when @path is no
 * repository or HEAD names no commit.
 */
int gitinfo_head(const char *path, char id[41], int64_t *time, int *offset);

/*
 * The identity git would write, user.name and user.email, into *@name
 * and *@email: from the configuration of the repository at @path (not
 * searched for upwards), which includes the user's, or the user's alone
 * when @path is NULL or no repository.  Each malloc'd, or NULL when it
 * is unset, empty or not read; the repository is opened once.
 */
void gitinfo_identity(const char *path, char **name, char **email);

/*
 * The full hex id of the commit @rev (NULL: HEAD) of repository @repo
 * resolves to, into @id: 0, or -ENOENT when it names no commit (a tree),
 * -ENODATA when it is HEAD of a repository with no commit yet, -EINVAL
 * (no repository, an unknown revision) with a one-line @err.  For the
 * commit a history ends at, and revisions named on a command line.
 */
struct spdx_error;
int gitinfo_resolve(char id[41], const char *repo, const char *rev,
		    struct spdx_error *err);

/*
 * When directory @dir (absolute) is the top of a git work tree, 0 and
 * its git directory in *@gitdir (malloc'd, ending in '/'); else -ENOENT
 * (or -ENOMEM).  What the mount watches for HEAD to move.
 */
int gitinfo_worktree_gitdir(char **gitdir, const char *dir);

#endif
