/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libgit2: git's one door.  The program links libgit2 as any library,
 * but initialises it only when it first needs git: a scan of a tree
 * whose files git all tracks never does.  What a caller outside the git
 * modules needs of git comes through here, with no libgit2 type: the
 * set-up, the last message, a work tree's HEAD and git directory, a
 * revision resolved, a configuration string, a blob id.  A repository is opened by gitrepo_open() (gitrepo.h), for
 * the modules that read objects; tests/t020-layering.sh names the files
 * that may include <git2.h> (none in fusefs/).
 */
#ifndef SPDXFS_LIBGIT2_H
#define SPDXFS_LIBGIT2_H

#include <stddef.h>
#include <stdint.h>

/*
 * Initialise libgit2, once for the process, with the options spdxfs runs
 * it with (libgit2.c says which and why); later calls do nothing.  Call
 * it before the first libgit2 call of a code path.  Any thread may call
 * it.  It is never shut down: it lives as the program does.  0, or
 * libgit2's negative code when its initialisation failed.
 */
int libgit2_init(void);

/* libgit2's message for the calling thread's last failure, or @fallback
 * when it has none (LIBGIT2_UNKNOWN, most callers). */
#define LIBGIT2_UNKNOWN "unknown libgit2 error"
const char *libgit2_msg(const char *fallback);

/* The git blob id of the @len bytes at @buf, in hex, into @hex (@size
 * bytes, cut to fit and ended; 41 holds all of it): 0, or -EIO. */
int libgit2_blob_id(const void *buf, size_t len, char *hex, size_t size);

/*
 * The HEAD commit of the repository whose work tree (or git directory)
 * is @path, not searched for upwards: its id in hex into @id, its
 * committer time (seconds since the epoch) into *@time and that time's
 * offset from UTC in minutes into *@offset.  0, or -1 when @path is no
 * repository or HEAD names no commit.
 */
int libgit2_head(const char *path, char id[41], int64_t *time, int *offset);

/*
 * @key of git's configuration ("user.name"): that of the repository at
 * @path (not searched for upwards), which includes the user's, or the
 * user's alone when @path is NULL or no repository.  malloc'd, or NULL
 * when it is unset, empty or not read.
 */
char *libgit2_config_string(const char *path, const char *key);

/*
 * The full hex id of the commit @rev (NULL: HEAD) of repository @repo
 * resolves to, into @id: 0, or -ENOENT when it names no commit (a tree),
 * -ENODATA when it is HEAD of a repository with no commit yet, -EINVAL
 * (no repository, an unknown revision) with a one-line @err.  For the
 * commit a history ends at, and revisions named on a command line.
 */
struct spdx_error;
int libgit2_resolve(char id[41], const char *repo, const char *rev,
		    struct spdx_error *err);

/*
 * When directory @dir (absolute) is the top of a git work tree, 0 and
 * its git directory in *@gitdir (malloc'd, ending in '/'); else -ENOENT
 * (or -ENOMEM).  What the mount watches for HEAD to move.
 */
int libgit2_worktree_gitdir(char **gitdir, const char *dir);

#endif
