// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitignore: tracked paths from the git index, ignore rules from libgit2.
 *
 * The index's paths (gitindex.h) are sorted, so "is it tracked?" is a
 * binary search over them, with no libgit2 call and no lock.
 * Only untracked paths ask libgit2 about ignore rules, one thread at a
 * time, since a libgit2 repository is not thread-safe; the repository is
 * opened when the first one does, so a tree with every file tracked never
 * pays for it, nor for loading libgit2 (libgit2.c).  libgit2 is
 * initialised once per process and never shut down: its global state
 * lives as long as the program.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>

#include "source/file_stat.h"
#include "source/gitignore.h"
#include "source/gitindex.h"
#include "git/gitrepo.h"
#include "util/pathsearch.h"

struct gitignore {
	char *root;
	git_repository *repo;	/* opened on first use */
	int repo_failed;	/* cannot open it: nothing is ignored */
	struct gitindex *gx;	/* the index's paths, and its stamp */
	struct path_array sorted;	/* its paths, for pathsearch */
	pthread_mutex_t lock;	/* serialises libgit2 calls */
	unsigned long serial;	/* this one's, of all opened */
};

static atomic_ulong serials;

/* The directory a .git file ("gitdir: PATH", a linked work tree) names:
 * PATH, relative to the work tree when not absolute, as git reads it. */
static int open_gitlink(int rootfd)
{
	char buf[PATH_MAX + 16], *p;
	struct stat st;
	ssize_t n;
	int fd;

	fd = openat(rootfd, ".git", O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		n = -1;
	else
		n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n < 8 || memcmp(buf, "gitdir: ", 8))
		return -EINVAL;
	buf[n] = '\0';
	p = buf + strcspn(buf, "\r\n");
	*p = '\0';
	fd = openat(rootfd, buf + 8, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/*
 * The git directory of the work tree @rootfd into *@gitfd (an O_PATH
 * descriptor): .git itself, or the one a .git file names.  Returns 1, 0
 * when @rootfd is no git work tree (no .git, or a symlink: never
 * followed), or -errno.
 */
static int open_gitdir(int rootfd, int *gitfd)
{
	struct stat st;

	if (fstatat(rootfd, ".git", &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : -errno;
	if (S_ISREG(st.st_mode)) {
		*gitfd = open_gitlink(rootfd);
		return *gitfd < 0 ? *gitfd : 1;
	}
	if (!S_ISDIR(st.st_mode))
		return 0;
	*gitfd = openat(rootfd, ".git", O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return *gitfd < 0 ? -errno : 1;
}

/*
 * The stamp of the work tree's git index (zero when there is none) into
 * @st.  Returns 1, 0 when @rootfd is no git work tree, or -errno.
 */
static int index_stamp(int rootfd, struct file_stat *st)
{
	struct stat sb;
	int gitfd, ret;

	memset(st, 0, sizeof(*st));
	ret = open_gitdir(rootfd, &gitfd);
	if (ret <= 0)
		return ret;
	if (fstatat(gitfd, "index", &sb, AT_SYMLINK_NOFOLLOW))
		ret = errno == ENOENT ? 1 : -errno;
	else
		file_stat_fill(st, &sb);
	close(gitfd);
	return ret;
}

int gitignore_open(struct gitignore **out, int rootfd, const char *root,
		   struct spdx_error *err)
{
	struct gitignore *gi;
	int gitfd, ret;

	*out = NULL;
	ret = open_gitdir(rootfd, &gitfd);
	if (ret < 0)
		return spdx_error_errno(err, ret, "%s/.git", root);
	if (!ret)
		return 0;
	gi = calloc(1, sizeof(*gi));
	if (!gi) {
		close(gitfd);
		return spdx_error_errno(err, -ENOMEM, "%s", root);
	}
	pthread_mutex_init(&gi->lock, NULL);
	gi->root = strdup(root);
	ret = gi->root ? gitindex_read(&gi->gx, gitfd, root, err) :
		spdx_error_errno(err, -ENOMEM, "%s", root);
	close(gitfd);
	if (ret) {
		gitignore_free(gi);
		return ret;
	}
	gi->sorted = (struct path_array){ gi->gx->paths, gi->gx->npaths,
					  sizeof(*gi->gx->paths), 0 };
	gi->serial = atomic_fetch_add(&serials, 1) + 1;
	*out = gi;
	return 0;
}

int gitignore_index_is(int rootfd, const struct file_stat *stamp)
{
	struct file_stat st;

	return index_stamp(rootfd, &st) == 1 && file_stat_same(stamp, &st);
}

int gitignore_changed(const struct gitignore *gi, int rootfd)
{
	struct file_stat st;

	if (gi)
		return !gitignore_index_is(rootfd, &gi->gx->stamp);
	return index_stamp(rootfd, &st) != 0;
}



/* Ask libgit2, with the lock held; a repository it cannot open (bare, or
 * broken) ignores nothing. */
static int ignored(struct gitignore *gi, const char *path)
{
	int ign = 0;

	if (!gi->repo && !gi->repo_failed) {
		if (gitrepo_open(&gi->repo, gi->root,
				 GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) ||
		    git_repository_is_bare(gi->repo)) {
			git_repository_free(gi->repo);
			gi->repo = NULL;
			gi->repo_failed = 1;
		}
	}
	if (gi->repo && git_ignore_path_is_ignored(&ign, gi->repo, path))
		ign = 0;
	return ign;
}

unsigned long gitignore_serial(const struct gitignore *gi)
{
	return gi ? gi->serial : 0;
}

void gitignore_enter(const struct gitignore *gi, struct path_cursor *cur,
		     const char *dir, size_t len)
{
	if (gi)
		path_cursor_enter(&gi->sorted, cur, dir, len);
}

int gitignore_skip(struct gitignore *gi, struct path_cursor *cur,
		   const char *path, int is_dir, int *tracked)
{
	const char *name = path + cur->skip;
	int ign;

	*tracked = 0;
	if (!gi)
		return 0;
	if (is_dir ? path_has_under_name(&gi->sorted, cur, name)
		   : path_find_name(&gi->sorted, cur, name) != PATH_NONE) {
		*tracked = 1;
		return 0;
	}
	pthread_mutex_lock(&gi->lock);
	ign = ignored(gi, path);
	pthread_mutex_unlock(&gi->lock);
	return ign;
}

void gitignore_forget_rules(struct gitignore *gi)
{
	if (!gi)
		return;
	pthread_mutex_lock(&gi->lock);
	git_repository_free(gi->repo);
	gi->repo = NULL;
	gi->repo_failed = 0;
	pthread_mutex_unlock(&gi->lock);
}

const struct file_stat *gitignore_stamp(const struct gitignore *gi)
{
	return &gi->gx->stamp;
}

int gitignore_tracked(const struct gitignore *gi, const char *path)
{
	return gi && path_bsearch(&gi->sorted, path) != PATH_NONE;
}

void gitignore_free(struct gitignore *gi)
{
	if (!gi)
		return;
	gitindex_free(gi->gx);
	git_repository_free(gi->repo);
	pthread_mutex_destroy(&gi->lock);
	free(gi->root);
	free(gi);
}
