// SPDX-License-Identifier: GPL-2.0-only
/*
 * cache: list and prune the saved indexes (see cache.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "util/grow.h"
#include "store.h"

/* Is @name one store.c gives an index: 16 hex digits and ".idx"? */
static int index_name(const char *name)
{
	for (int i = 0; i < 16; i++)
		if (!name[i] || !strchr("0123456789abcdef", name[i]))
			return 0;
	return !strcmp(name + 16, ".idx");
}

static int cmp_entry(const void *a, const void *b)
{
	const struct cache_entry *x = a, *y = b;

	if (!x->root || !y->root)
		return !x->root - !y->root ?: strcmp(x->name, y->name);
	return strcmp(x->root, y->root) ?: strcmp(x->name, y->name);
}

/* Fill entry @e for @name of directory @dfd.  0, or 1 to skip it. */
static int read_entry(int dfd, const char *name, struct cache_entry *e)
{
	struct stat st;
	int ret;

	memset(e, 0, sizeof(*e));
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return 1;	/* gone meanwhile */
	memcpy(e->name, name, 21);	/* index_name(): 20 characters */
	e->bytes = S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
	e->mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
	ret = store_root_of(dfd, name, &e->root);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		e->state = CACHE_UNREADABLE;
	else if (e->root[0] != '/')
		e->state = CACHE_KEPT;	/* no tree's: the blob cache */
	else if (stat(e->root, &st) < 0 ? errno == ENOENT || errno == ENOTDIR :
		 !S_ISDIR(st.st_mode))
		e->state = CACHE_GONE;
	return 0;
}

int cache_list(struct cache_list *l, struct spdx_error *err)
{
	struct dirent *de;
	size_t cap = 0;
	DIR *d;
	int dfd, ret = 0;

	memset(l, 0, sizeof(*l));
	dfd = store_cache_open(l->dir, sizeof(l->dir), err);
	if (dfd < 0)
		return dfd;
	d = fdopendir(dfd);
	if (!d) {
		ret = -errno;
		close(dfd);
		return spdx_error_errno(err, ret, "%s", l->dir);
	}
	while ((de = readdir(d))) {
		struct cache_entry *e;

		if (!index_name(de->d_name))
			continue;
		e = grow(l->entries, l->n, &cap, sizeof(*e), 16);
		if (!e) {
			ret = -ENOMEM;
			break;
		}
		l->entries = e;
		ret = read_entry(dirfd(d), de->d_name, &e[l->n]);
		if (ret < 0)
			break;
		if (ret == 0) {
			l->bytes += e[l->n].bytes;
			l->n++;
		}
		ret = 0;
	}
	closedir(d);
	if (ret) {
		cache_list_release(l);
		return spdx_error_errno(err, ret, "%s", l->dir);
	}
	qsort(l->entries, l->n, sizeof(*l->entries), cmp_entry);
	return 0;
}

/* Remove entry @e of @dfd; the first failure into @err. */
static int remove_entry(struct cache_list *l, int dfd, struct cache_entry *e,
			struct spdx_error *err, int *failed)
{
	if (unlinkat(dfd, e->name, 0) < 0 && errno != ENOENT) {
		if (!*failed)
			*failed = spdx_error_errno(err, -errno, "%s/%s", l->dir, e->name);
		return 0;
	}
	e->removed = 1;
	l->bytes -= e->bytes;
	return 1;
}

int cache_prune(struct cache_list *l, uint64_t max, const char *keep,
		unsigned flags, struct spdx_error *err)
{
	char dir[PATH_MAX];
	int dfd, failed = 0;

	dfd = store_cache_open(dir, sizeof(dir), err);
	if (dfd < 0)
		return dfd;
	for (size_t k = 0; k < l->n; k++) {
		struct cache_entry *e = &l->entries[k];

		if (!e->removed && ((flags & CACHE_PRUNE_ALL) ||
				    e->state == CACHE_GONE ||
				    (e->state == CACHE_UNREADABLE &&
				     (flags & CACHE_PRUNE_UNREADABLE))))
			remove_entry(l, dfd, e, err, &failed);
	}
	while (l->bytes > max) {
		struct cache_entry *old = NULL;

		for (size_t k = 0; k < l->n; k++) {
			struct cache_entry *e = &l->entries[k];

			if (e->removed || (keep && e->root && !strcmp(e->root, keep)))
				continue;
			if (!old || e->mtime_ns < old->mtime_ns)
				old = e;
		}
		if (!old || !remove_entry(l, dfd, old, err, &failed))
			break;
	}
	close(dfd);
	return failed;
}

void cache_list_release(struct cache_list *l)
{
	for (size_t k = 0; k < l->n; k++)
		free(l->entries[k].root);
	free(l->entries);
	l->entries = NULL;
	l->n = 0;
}

int cache_parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	}
	if (errno || *end || v > (UINT64_MAX >> shift))
		return -EINVAL;
	*out = (uint64_t)v << shift;
	return 0;
}

uint64_t cache_limit(void)
{
	uint64_t v;

	return cache_parse_size(getenv("SPDXFS_CACHE_MAX"), &v) ? CACHE_DEFAULT_MAX : v;
}

void cache_prune_after_save(const char *root)
{
	struct cache_list l;

	if (cache_list(&l, NULL))
		return;
	cache_prune(&l, cache_limit(), root, 0, NULL);
	cache_list_release(&l);
}
