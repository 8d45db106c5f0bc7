// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_staged: the files staged in git's index, with the content a commit
 * would record (the index's blobs, read through libgit2), as a
 * pre-commit hook sees them.  See source.h, SOURCE_GIT_STAGED.
 *
 * It lists the staged files (those whose index entry differs from HEAD:
 * added, modified, or the new side of a rename or type change) and what
 * checking them needs, from the index as well: LICENSES/,
 * scripts/spdxexclude and scripts/spdxcheck.py, and a REUSE tree's
 * REUSE.toml files, .reuse/dep5 and .license sidecars.  Everything is decided
 * when the source is opened; a libgit2 repository is not thread-safe, so
 * the few calls after that (reading a blob, asking HEAD about a path)
 * take the source's lock.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <git2.h>

#include "util/error.h"
#include "git/gitrepo.h"
#include "util/grow.h"
#include "git/libgit2.h"
#include "source/source.h"
#include "source/source_impl.h"
#include "util/strpool.h"

struct gentry {
	const char *path;
	git_oid oid;
	uint32_t mode;
	int64_t mtime_ns;
	int staged;		/* differs from HEAD */
	int in_head;		/* HEAD has this path */
};

struct staged_source {
	struct source src;
	pthread_mutex_t lock;	/* serialises libgit2 calls */
	git_repository *repo;
	struct gentry *ents;	/* sorted by path */
	size_t n, cap;
	const char **staged;	/* the staged regular files, sorted */
	size_t nstaged;
	struct strpool *pool;
};

struct src_file {
	git_blob *blob;
};

static struct staged_source *staged_of(struct source *src)
{
	return (struct staged_source *)src;
}

/* Is @path one checking the staged files needs besides them? */
/* What a check of the staged files reads besides them: the kernel's
 * LICENSES/, spdxexclude and spdxcheck.py; a REUSE tree's (reuse.h)
 * REUSE.toml files, .reuse/dep5 and .license sidecars. */
static int needed(const char *path)
{
	const char *name = strrchr(path, '/');
	size_t len = strlen(path);

	name = name ? name + 1 : path;
	return !strncmp(path, "LICENSES/", 9) ||
	       !strcmp(path, "scripts/spdxexclude") ||
	       !strcmp(path, "scripts/spdxcheck.py") ||
	       !strcmp(name, "REUSE.toml") || !strcmp(path, ".reuse/dep5") ||
	       (len > 8 && !strcmp(path + len - 8, ".license"));
}

static enum src_kind kind_of(uint32_t mode)
{
	switch (mode & 0170000) {
	case 0100000:
		return SRC_REG;
	case 0120000:
		return SRC_SYMLINK;
	default:
		return SRC_OTHER;	/* a submodule */
	}
}

static void entry_stat(const struct gentry *e, uint64_t size,
		       struct file_stat *st)
{
	memset(st, 0, sizeof(*st));
	st->size = size;
	st->mtime_ns = e->mtime_ns;
	memcpy(&st->ino, e->oid.id, sizeof(st->ino));	/* the blob tells versions apart */
	st->mode = kind_of(e->mode) == SRC_REG ? 0100000 | (e->mode & 0111 ? 0755 : 0644) :
		e->mode;
	st->uid = getuid();
	st->gid = getgid();
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct gentry *)a)->path,
		      ((const struct gentry *)b)->path);
}

static struct gentry *find(struct staged_source *gs, const char *path)
{
	struct gentry key = { .path = path };

	return bsearch(&key, gs->ents, gs->n, sizeof(key), cmp_entry);
}

/* The first entry at or after @prefix (byte order). */
static size_t lower_bound(struct staged_source *gs, const char *prefix)
{
	size_t lo = 0, hi = gs->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(gs->ents[mid].path, prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Entries of directory @under ("" the root), one level, in tree order:
 * a subdirectory where its first path sorts. */
static int walk_dir(struct staged_source *gs, const char *under, unsigned flags,
		    src_walk_fn fn, void *arg)
{
	size_t len = strlen(under), plen = len ? len + 1 : 0;
	char prefix[4096], sub[4096];
	size_t i;
	int ret;

	if (plen >= sizeof(prefix))
		return -ENAMETOOLONG;
	snprintf(prefix, sizeof(prefix), "%s%s", under, len ? "/" : "");
	i = lower_bound(gs, prefix);
	if (len && (i == gs->n || strncmp(gs->ents[i].path, prefix, plen)))
		return -ENOENT;
	while (i < gs->n && !strncmp(gs->ents[i].path, prefix, plen)) {
		const struct gentry *e = &gs->ents[i];
		const char *slash = strchr(e->path + plen, '/');
		struct src_entry ent = { .path = e->path, .kind = kind_of(e->mode) };

		if (!slash) {
			entry_stat(e, 0, &ent.st);
			if ((ret = fn(&ent, arg)) && ret != SRC_WALK_PRUNE)
				return ret;
			i++;
			continue;
		}
		if ((size_t)(slash - e->path) >= sizeof(sub) - 1)
			return -ENAMETOOLONG;
		memcpy(sub, e->path, slash - e->path);
		sub[slash - e->path] = '\0';
		ent = (struct src_entry){ .path = sub, .kind = SRC_DIR };
		ent.st.mode = 040755;
		ent.st.uid = getuid();
		ent.st.gid = getgid();
		ret = fn(&ent, arg);
		if (ret && ret != SRC_WALK_PRUNE)
			return ret;
		if (!ret && !(flags & SRC_WALK_SHALLOW) &&
		    (ret = walk_dir(gs, sub, flags, fn, arg)))
			return ret;
		/* past every path of the subdirectory */
		strcat(sub, "0");	/* '0' follows '/' */
		i = lower_bound(gs, sub);
	}
	return 0;
}

static int staged_walk(struct source *src, const char *under, unsigned flags,
		       src_walk_fn fn, void *arg)
{
	return walk_dir(staged_of(src), under, flags, fn, arg);
}

static int staged_stat(struct source *src, const char *path, struct src_entry *ent)
{
	struct staged_source *gs = staged_of(src);
	const struct gentry *e = find(gs, path);
	char prefix[4096];
	size_t i;

	memset(ent, 0, sizeof(*ent));
	ent->path = path;
	if (e) {
		ent->kind = kind_of(e->mode);
		entry_stat(e, 0, &ent->st);
		return 0;
	}
	if ((size_t)snprintf(prefix, sizeof(prefix), "%s/", path) >= sizeof(prefix))
		return -ENAMETOOLONG;
	i = lower_bound(gs, prefix);
	if (*path && (i == gs->n || strncmp(gs->ents[i].path, prefix, strlen(prefix))))
		return -ENOENT;
	ent->kind = SRC_DIR;
	ent->st.mode = 040755;
	ent->st.uid = getuid();
	ent->st.gid = getgid();
	return 0;
}

/* The blob of regular file @path, looked up under the lock. */
static int lookup_blob(struct staged_source *gs, const char *path, git_blob **blob,
		       const struct gentry **ep)
{
	const struct gentry *e = find(gs, path);
	int ret;

	if (!e)
		return -ENOENT;
	if (kind_of(e->mode) != SRC_REG)
		return -EINVAL;
	pthread_mutex_lock(&gs->lock);
	ret = git_blob_lookup(blob, gs->repo, &e->oid) ? -EIO : 0;
	pthread_mutex_unlock(&gs->lock);
	*ep = e;
	return ret;
}

static void blob_free(struct staged_source *gs, git_blob *blob)
{
	pthread_mutex_lock(&gs->lock);
	git_blob_free(blob);
	pthread_mutex_unlock(&gs->lock);
}

static ssize_t staged_head(struct source *src, const struct src_entry *ent,
			   void *buf, size_t len, struct file_stat *st)
{
	struct staged_source *gs = staged_of(src);
	const struct gentry *e;
	git_blob *blob;
	uint64_t size;
	ssize_t n;
	int ret;

	ret = lookup_blob(gs, ent->path, &blob, &e);
	if (ret)
		return ret;
	size = git_blob_rawsize(blob);
	n = source_mem_pread(git_blob_rawcontent(blob), size, buf, len, 0);
	entry_stat(e, size, st);
	blob_free(gs, blob);
	return n;
}

static int staged_open(struct source *src, const char *path,
		       const struct file_stat *expect, struct src_file **out,
		       struct file_stat *st)
{
	struct staged_source *gs = staged_of(src);
	const struct gentry *e;
	struct file_stat got;
	git_blob *blob;
	int ret;

	ret = lookup_blob(gs, path, &blob, &e);
	if (ret)
		return ret;
	entry_stat(e, git_blob_rawsize(blob), &got);
	*out = malloc(sizeof(**out));
	if (!*out || (expect && !file_stat_same_file(expect, &got))) {
		ret = *out ? -ESTALE : -ENOMEM;
		free(*out);
		*out = NULL;
		blob_free(gs, blob);
		return ret;
	}
	(*out)->blob = blob;
	if (st)
		*st = got;
	return 0;
}

/* A loaded blob's bytes stay put while it is held: no lock to read them. */
static ssize_t staged_pread(struct source *src, struct src_file *f, void *buf,
			    size_t len, uint64_t off)
{
	return source_mem_pread(git_blob_rawcontent(f->blob),
				git_blob_rawsize(f->blob), buf, len, off);
}

static void staged_close(struct source *src, struct src_file *f)
{
	blob_free(staged_of(src), f->blob);
	free(f);
}

/* A file HEAD does not have is new: the commit adds it whole. */
static int staged_tracked(struct source *src, const char *path)
{
	const struct gentry *e = find(staged_of(src), path);

	return e ? e->in_head : 0;
}

static void staged_free(struct source *src)
{
	struct staged_source *gs = staged_of(src);

	git_repository_free(gs->repo);
	pthread_mutex_destroy(&gs->lock);
	strpool_free(gs->pool);
	free(gs->ents);
	free(gs->staged);
	free(src->root);
	free(gs);
}

static const struct source_ops staged_ops = {
	.walk = staged_walk,
	.stat = staged_stat,
	.head = staged_head,
	.open = staged_open,
	.pread = staged_pread,
	.close = staged_close,
	/* The index is read once, when the source is opened: no refresh,
	 * no watch_dir. */
	.tracked = staged_tracked,
	.free = staged_free,
	.parallel_walk = 0,
};

/*
 * Mark the entries whose path a delta between HEAD and the index names
 * (an entry no delta names is HEAD's, unchanged); a file added is not in
 * HEAD, one modified is.
 */
static void mark_staged(git_diff *diff, struct staged_source *gs)
{
	size_t n = git_diff_num_deltas(diff);

	for (size_t k = 0; k < n; k++) {
		const git_diff_delta *d = git_diff_get_delta(diff, k);
		struct gentry *e;

		if (d->status == GIT_DELTA_DELETED)
			continue;
		e = find(gs, d->new_file.path);
		if (!e)
			continue;
		e->staged = 1;
		e->in_head = d->status != GIT_DELTA_ADDED &&
			     d->status != GIT_DELTA_COPIED &&
			     d->status != GIT_DELTA_RENAMED &&
			     d->status != GIT_DELTA_UNTRACKED;
	}
}

/* The entries of the index that are staged or needed, into @gs. */
static int collect(struct staged_source *gs, git_index *index, git_tree *head,
		   struct spdx_error *err)
{
	size_t n = git_index_entrycount(index);
	git_diff *diff = NULL;
	size_t keep = 0;

	for (size_t k = 0; k < n; k++) {
		const git_index_entry *ie = git_index_get_byindex(index, k);
		struct gentry *e;

		if (!ie || git_index_entry_stage(ie))
			continue;	/* a conflict is not committed */
		e = grow(gs->ents, gs->n, &gs->cap, sizeof(*e), 256);
		if (!e)
			return spdx_error_errno(err, -ENOMEM, "%s", gs->src.root);
		gs->ents = e;
		e += gs->n;
		*e = (struct gentry){
			.path = strpool_str(gs->pool, ie->path),
			.oid = ie->id,
			.mode = ie->mode,
			.mtime_ns = (int64_t)ie->mtime.seconds * 1000000000 +
				    ie->mtime.nanoseconds,
			.in_head = 1,	/* unless a delta says otherwise */
		};
		if (!e->path)
			return spdx_error_errno(err, -ENOMEM, "%s", gs->src.root);
		gs->n++;
	}
	qsort(gs->ents, gs->n, sizeof(*gs->ents), cmp_entry);
	if (git_diff_tree_to_index(&diff, gs->repo, head, index, NULL))
		return spdx_error_set(err, -EIO, "%s: cannot compare git's index "
				      "with HEAD", gs->src.root);
	mark_staged(diff, gs);
	git_diff_free(diff);
	/* Keep what is staged or needed; list the staged regular files. */
	gs->staged = alloc_array(gs->n, sizeof(*gs->staged));
	if (!gs->staged)
		return spdx_error_errno(err, -ENOMEM, "%s", gs->src.root);
	for (size_t k = 0; k < gs->n; k++) {
		struct gentry *e = &gs->ents[k];

		if (!e->staged && !needed(e->path))
			continue;
		if (e->staged && kind_of(e->mode) == SRC_REG)
			gs->staged[gs->nstaged++] = e->path;
		gs->ents[keep++] = *e;
	}
	gs->n = keep;
	return 0;
}

/* HEAD's tree into *@tree: 0 (NULL on an unborn branch: nothing is
 * committed yet) or -1. */
static int head_tree(git_repository *repo, git_tree **tree)
{
	git_reference *ref = NULL;
	git_object *obj = NULL;
	int ret;

	*tree = NULL;
	ret = git_repository_head(&ref, repo);
	if (ret == GIT_EUNBORNBRANCH || ret == GIT_ENOTFOUND)
		return 0;
	if (ret || git_reference_peel(&obj, ref, GIT_OBJECT_TREE)) {
		git_reference_free(ref);
		return -1;
	}
	git_reference_free(ref);
	*tree = (git_tree *)obj;
	return 0;
}



static int staged_fail(struct spdx_error *err, const char *root, const char *what)
{
	return spdx_error_set(err, -EINVAL, "%s: %s: %s", root, what,
			      libgit2_msg("libgit2 failed"));
}

int source_staged_new(struct source **out, const struct source_spec *spec,
		      struct spdx_error *err)
{
	struct staged_source *gs;
	git_index *index = NULL;
	git_tree *head = NULL;
	int ret;

	*out = NULL;
	gs = calloc(1, sizeof(*gs));
	if (!gs)
		return spdx_error_errno(err, -ENOMEM, "%s", spec->path);
	pthread_mutex_init(&gs->lock, NULL);
	gs->src.ops = &staged_ops;
	gs->src.root = realpath(spec->path, NULL);
	gs->pool = strpool_new();
	if (!gs->src.root || !gs->pool) {
		ret = spdx_error_errno(err, gs->src.root ? -ENOMEM : -errno, "%s",
				       spec->path);
		goto fail;
	}
	ret = gitrepo_open(&gs->repo, gs->src.root,
			   GIT_REPOSITORY_OPEN_NO_SEARCH, err);
	if (ret == -ENOENT)
		ret = spdx_error_set(err, -EINVAL, "%s: not the top of a git "
				     "work tree: no repository there",
				     gs->src.root);
	if (ret)
		goto fail;
	if (git_repository_index(&index, gs->repo)) {
		ret = staged_fail(err, gs->src.root, "cannot read git's index");
		goto fail;
	}
	if (head_tree(gs->repo, &head)) {
		ret = staged_fail(err, gs->src.root, "cannot read HEAD");
		goto fail;
	}
	ret = collect(gs, index, head, err);
	if (ret)
		goto fail;
	git_tree_free(head);
	git_index_free(index);
	*out = &gs->src;
	return 0;
fail:
	git_tree_free(head);
	git_index_free(index);
	staged_free(&gs->src);
	return ret;
}

int source_staged_paths(struct source *src, const char *const **paths,
			size_t *n)
{
	if (src->ops != &staged_ops)
		return -EINVAL;
	*paths = staged_of(src)->staged;
	*n = staged_of(src)->nstaged;
	return 0;
}
