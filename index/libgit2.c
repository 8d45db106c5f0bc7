// SPDX-License-Identifier: GPL-2.0-only
/*
 * libgit2.c: libgit2 initialised the first time spdxfs needs git.
 *
 * The program links libgit2 (and libcrypto) as any other library, so
 * that ldd and dpkg-shlibdeps see them.  What costs at start-up is not
 * the linking but git_libgit2_init(), which sets up TLS and reads the
 * certificates: a scan of a tree whose files git all tracks never needs
 * it, so it is called here, once, only when a code path first needs
 * libgit2 (libgit2.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <git2.h>

#include "error.h"
#include "gitrepo.h"
#include "libgit2.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int init_ret;

/*
 * The options spdxfs runs libgit2 with, set once, here (they are the
 * process's, and no caller should set others).  Objects read are not
 * hashed again to check their ids, as git itself does not when it reads:
 * that hash (SHA-1 with collision detection) cost more than the
 * inflating, and zlib's checksum still catches a damaged one.  Pack
 * files are mapped a window at a time, and a page read stays in the
 * process's RSS while its window is mapped: libgit2's defaults (1 GiB
 * windows, 8 GiB mapped, 256 MiB of objects cached) would hold a
 * kernel's whole pack (350 MB of RSS for a scan of 6.1).  These bound
 * what libgit2 holds to some 30 MB.
 */
static void init_once(void)
{
	init_ret = git_libgit2_init();
	if (init_ret < 0)
		return;
	init_ret = 0;
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)4 << 20);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)16 << 20);
	git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t)8 << 20);
}

int libgit2_init(void)
{
	pthread_once(&once, init_once);
	return init_ret;
}

const char *libgit2_msg(const char *fallback)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : fallback;
}

int libgit2_blob_id(const void *buf, size_t len, char *hex, size_t size)
{
	git_oid oid;

	libgit2_init();
	if (git_odb_hash(&oid, buf, len, GIT_OBJECT_BLOB))
		return -EIO;
	git_oid_tostr(hex, size, &oid);
	return 0;
}

int libgit2_head(const char *path, char id[41], int64_t *time, int *offset)
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

char *libgit2_config_string(const char *path, const char *key)
{
	git_repository *repo = NULL;
	git_config *cfg = NULL, *snap = NULL;
	const char *v = NULL;
	char *out = NULL;

	if (!path ||
	    gitrepo_open(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL))
		repo = NULL;	/* the user's configuration alone */
	if ((repo ? git_repository_config(&cfg, repo) :
		    git_config_open_default(&cfg)) ||
	    git_config_snapshot(&snap, cfg))
		goto out;
	if (!git_config_get_string(&v, snap, key) && v[0])
		out = strdup(v);
out:
	git_config_free(snap);
	git_config_free(cfg);
	git_repository_free(repo);
	return out;
}

int libgit2_resolve(char id[41], const char *repo, const char *rev,
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

int libgit2_worktree_gitdir(char **gitdir, const char *dir)
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
