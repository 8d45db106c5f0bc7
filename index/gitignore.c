// SPDX-License-Identifier: GPL-2.0-only
/*
 * gitignore: tracked paths from the git index, ignore rules from libgit2.
 *
 * .git/index is read directly (git's index format, versions 2 to 4): its
 * entries are sorted by path, so "is it tracked?" is a binary search over
 * their paths, with no libgit2 call and no lock.  libgit2 would build a
 * full in-memory index, ten times slower on the kernel's 78,000 entries.
 * Only untracked paths ask libgit2 about ignore rules, one thread at a
 * time, since a libgit2 repository is not thread-safe; the repository is
 * opened when the first one does, so a tree with every file tracked never
 * pays for it, nor for loading libgit2 (libgit2.c).  libgit2 is
 * initialised once per process and never shut down: its global state
 * lives as long as the program.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>

#include "gitignore.h"
#include "grow.h"
#include "pathsearch.h"
#include "source.h"

struct gitignore {
	char *root;
	git_repository *repo;	/* opened on first use */
	int repo_failed;	/* cannot open it: nothing is ignored */
	void *map;		/* .git/index, mapped */
	size_t maplen;
	char *copies;		/* v4 paths, rebuilt from their prefixes */
	const char **paths;	/* the index's entry paths, sorted */
	size_t npaths;
	struct path_array sorted;	/* the same, for pathsearch */
	pthread_mutex_t lock;	/* serialises libgit2 calls */
	struct file_stat stamp;	/* of .git/index as read; zero if none */
	unsigned long serial;	/* this one's, of all opened */
};

static atomic_ulong serials;

#define ENTRY_FIXED	62	/* ctime..flags of one index entry */
#define FLAG_EXTENDED	0x4000
#define NAME_MASK	0x0fff

/* git's varint (offset encoding) of index v4. */
static int read_varint(const unsigned char **p, const unsigned char *end, size_t *out)
{
	size_t v;
	unsigned char c;

	if (*p >= end)
		return -1;
	c = *(*p)++;
	v = c & 0x7f;
	while (c & 0x80) {
		if (*p >= end || v > (SIZE_MAX >> 8))
			return -1;
		c = *(*p)++;
		v = ((v + 1) << 7) | (c & 0x7f);
	}
	*out = v;
	return 0;
}

/* Parse the entries of the mapped index into gi->paths.  0 or -EINVAL. */
static int parse_index(struct gitignore *gi)
{
	const unsigned char *base = gi->map, *p, *end = base + gi->maplen;
	uint32_t version, count;
	size_t prev_len = 0, used = 0;
	char *prev = NULL;

	if (gi->maplen < 12 + 20 || memcmp(base, "DIRC", 4))
		return -EINVAL;
	memcpy(&version, base + 4, 4);
	memcpy(&count, base + 8, 4);
	version = ntohl(version);
	count = ntohl(count);
	if (version < 2 || version > 4 || count > gi->maplen / ENTRY_FIXED)
		return -EINVAL;
	gi->paths = alloc_array(count, sizeof(*gi->paths));
	if (version == 4)
		gi->copies = malloc(gi->maplen * 4 + 1);	/* bounded below */
	if (!gi->paths || (version == 4 && !gi->copies))
		return -ENOMEM;
	end -= 20;	/* trailing checksum */
	p = base + 12;
	for (uint32_t i = 0; i < count; i++) {
		const unsigned char *e = p;
		uint16_t flags;
		size_t fixed = ENTRY_FIXED, n;

		if (end - p < ENTRY_FIXED)
			return -EINVAL;
		memcpy(&flags, e + 60, 2);
		flags = ntohs(flags);
		if (flags & FLAG_EXTENDED) {
			if (version < 3)
				return -EINVAL;
			fixed += 2;
		}
		p = e + fixed;
		if (version < 4) {
			/* The flags hold the name's length when it is short
			 * of the mask: no search for its NUL then. */
			size_t len = flags & NAME_MASK;
			const unsigned char *nul = len < NAME_MASK &&
				(size_t)(end - p) > len && !p[len] ? p + len :
				memchr(p, '\0', end - p);

			if (!nul)
				return -EINVAL;
			gi->paths[gi->npaths++] = (const char *)p;
			/* entries are padded with 1..8 NULs to a multiple of 8 */
			p = e + ((fixed + (nul - p) + 8) & ~(size_t)7);
			if (p > end)
				return -EINVAL;
		} else {
			const unsigned char *nul;
			size_t strip;
			char *out;

			if (read_varint(&p, end, &strip) || strip > prev_len)
				return -EINVAL;
			nul = memchr(p, '\0', end - p);
			if (!nul)
				return -EINVAL;
			n = prev_len - strip + (nul - p);
			if (used + n + 1 > gi->maplen * 4)
				return -EINVAL;
			out = gi->copies + used;
			memcpy(out, prev, prev_len - strip);
			memcpy(out + prev_len - strip, p, nul - p);
			out[n] = '\0';
			gi->paths[gi->npaths++] = out;
			prev = out;
			prev_len = n;
			used += n + 1;
			p = nul + 1;
		}
	}
	return 0;
}

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

/* Map and parse the index in git directory @gitfd, which must be a
 * regular file, opened without blocking. */
static int map_index(struct gitignore *gi, int gitfd)
{
	struct stat st;
	int fd;

	fd = openat(gitfd, "index", O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;	/* no index: nothing tracked */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	file_stat_fill(&gi->stamp, &st);
	if (st.st_size == 0) {
		close(fd);
		return 0;
	}
	gi->map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (gi->map == MAP_FAILED) {
		gi->map = NULL;
		return -errno;
	}
	gi->maplen = st.st_size;
	return parse_index(gi);
}

int gitignore_open(struct gitignore **out, int rootfd, const char *root)
{
	struct gitignore *gi;
	int gitfd, ret;

	*out = NULL;
	ret = open_gitdir(rootfd, &gitfd);
	if (ret <= 0)
		return ret;
	gi = calloc(1, sizeof(*gi));
	if (!gi) {
		close(gitfd);
		return -ENOMEM;
	}
	pthread_mutex_init(&gi->lock, NULL);
	gi->root = strdup(root);
	ret = gi->root ? map_index(gi, gitfd) : -ENOMEM;
	close(gitfd);
	if (ret) {
		gitignore_free(gi);
		return ret;
	}
	gi->sorted = (struct path_array){ gi->paths, gi->npaths,
					  sizeof(*gi->paths), 0 };
	gi->serial = atomic_fetch_add(&serials, 1) + 1;
	*out = gi;
	return 0;
}

int gitignore_changed(const struct gitignore *gi, int rootfd)
{
	struct file_stat st;
	int ret = index_stamp(rootfd, &st);

	if (ret < 0)
		return 1;
	if (!gi)
		return ret;
	return !ret || !file_stat_same(&gi->stamp, &st);
}

static pthread_once_t libgit2_once = PTHREAD_ONCE_INIT;

static void libgit2_init(void)
{
	git_libgit2_init();
}

/* Ask libgit2, with the lock held; a repository it cannot open (bare, or
 * broken) ignores nothing. */
static int ignored(struct gitignore *gi, const char *path)
{
	int ign = 0;

	if (!gi->repo && !gi->repo_failed) {
		pthread_once(&libgit2_once, libgit2_init);
		if (git_repository_open_ext(&gi->repo, gi->root,
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
		   const char *path, int is_dir)
{
	const char *name = path + cur->skip;
	int ign;

	if (!gi)
		return 0;
	if (is_dir ? path_has_under_name(&gi->sorted, cur, name)
		   : path_find_name(&gi->sorted, cur, name) != PATH_NONE)
		return 0;
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

int gitignore_tracked(const struct gitignore *gi, const char *path)
{
	return gi && path_bsearch(&gi->sorted, path) != PATH_NONE;
}

void gitignore_free(struct gitignore *gi)
{
	if (!gi)
		return;
	free(gi->paths);
	free(gi->copies);
	if (gi->map)
		munmap(gi->map, gi->maplen);
	git_repository_free(gi->repo);
	pthread_mutex_destroy(&gi->lock);
	free(gi->root);
	free(gi);
}
