// SPDX-License-Identifier: GPL-2.0-only
/*
 * refresh: load the saved index, build from it, save when worth it.
 */
#include <errno.h>
#include <string.h>

#include "blobcache.h"
#include "cache.h"
#include "index.h"
#include "refresh.h"
#include "source/source.h"
#include "store.h"

/*
 * Tell source @arg, before its saved index is read, the stamp that index
 * was built under: a source that will have to read its version control's
 * state anyway (the fs source: git's index, changed since) starts now,
 * while the load goes on.
 */
static void expect_stamp(void *arg, const struct file_stat *stamp)
{
	struct source *src = arg;

	if (src->ops->expect)
		src->ops->expect(src, stamp);
}

/* The saved index of @src as the previous index, or NULL. */
static struct spdx_index *load_saved(struct source *src,
				     struct index_refresh_result *res)
{
	struct spdx_index *prev = NULL;
	int ret;

	ret = store_load_hinted(&prev, src->root, expect_stamp, src,
				&res->load_error);
	if (!ret)
		res->load = REFRESH_LOAD_USED;
	else if (ret == -EINVAL)
		res->load = REFRESH_LOAD_IGNORED;
	else
		res->load = REFRESH_LOAD_NONE;	/* -ENOENT, or no cache dir */
	return prev;
}

static void save(const struct spdx_index *prev, const struct spdx_index *idx,
		 struct index_refresh_result *res)
{
	int ret;

	if (!store_worth_saving(prev, idx)) {
		res->save = REFRESH_SAVE_UNNEEDED;
		return;
	}
	ret = store_save(idx, &res->save_error);
	res->save = ret ? REFRESH_SAVE_FAILED : REFRESH_SAVE_DONE;
	if (!ret)
		cache_prune_after_save(idx->root);	/* bounded (cache.h) */
}

/* Add what @idx read to the blob cache @blobs (may be NULL) and save it. */
static void save_blobs(const struct spdx_index *blobs,
		       const struct spdx_index *idx,
		       struct index_refresh_result *res)
{
	struct spdx_index *merged;
	int ret;

	if (!idx->rescanned) {
		res->save = REFRESH_SAVE_UNNEEDED;
		return;
	}
	ret = blobcache_merge(&merged, blobs, idx);
	if (ret) {
		spdx_error_errno(&res->save_error, ret, "%s", BLOBCACHE_ROOT);
		res->save = REFRESH_SAVE_FAILED;
		return;
	}
	ret = store_save(merged, &res->save_error);
	res->save = ret ? REFRESH_SAVE_FAILED : REFRESH_SAVE_DONE;
	index_free(merged);
}

/*
 * A source whose versions are object ids (a git revision): results come
 * from the blob cache rather than from a saved index of the tree, so that
 * a blob is read once across revisions and runs (blobcache.h).
 */
static int refresh_by_blob(struct spdx_index **out, struct source *src,
			   struct index_opts *io,
			   struct index_refresh_result *res,
			   struct spdx_error *err)
{
	struct spdx_index *blobs = NULL, *idx;
	struct blobcache_pair pair = { NULL, NULL };
	uint64_t t = monotonic_ns();
	int ret;

	ret = store_load(&blobs, BLOBCACHE_ROOT, &res->load_error);
	res->load_ns = monotonic_ns() - t;
	res->load = !ret ? REFRESH_LOAD_USED : ret == -EINVAL ?
		    REFRESH_LOAD_IGNORED : REFRESH_LOAD_NONE;
	/* The build asks the cache for each blob: no previous index made
	 * of it, which would cost a walk and the memory of a copy.  With
	 * no cache, every file is read, and the walk needs no stat data. */
	pair.blobs = blobs;
	if (blobs) {
		io->known = blobcache_known;
		io->known_arg = &pair;
	}
	ret = index_build(&idx, src, io, err);
	if (!ret) {
		t = monotonic_ns();
		save_blobs(blobs, idx, res);
		res->save_ns = monotonic_ns() - t;
		*out = idx;
	}
	index_free(blobs);
	return ret;
}

int index_refresh(struct spdx_index **out, struct source *src,
		  const struct index_refresh_opts *opts,
		  struct index_refresh_result *res, struct spdx_error *err)
{
	struct index_opts io = {
		.nthreads = opts->nthreads,
		.progress = opts->progress,
		.progress_arg = opts->progress_arg,
		.globals = opts->globals,
		.no_dir_stat = opts->no_dir_stat,
		.timings = &res->build,
		.no_copyright = opts->no_copyright,
		.kernel_layout = opts->kernel_layout,
		.keep_reuse = opts->keep_reuse,
	};
	struct spdx_index *loaded = NULL, *idx;
	int no_cache = opts->no_cache || opts->no_copyright;
	int ret;

	memset(res, 0, sizeof(*res));
	if (!opts->full && !opts->prev && !no_cache &&
	    blobcache_applies(src))
		return refresh_by_blob(out, src, &io, res, err);
	if (!opts->full)
		io.prev = opts->prev;
	if (!opts->full && !opts->prev && !no_cache) {
		uint64_t t = monotonic_ns();

		io.prev = io.spent = loaded = load_saved(src, res);
		res->load_ns = monotonic_ns() - t;
	}
	ret = index_build(&idx, src, &io, err);
	res->source_warning = src->warning;
	if (ret)
		goto out;
	if (no_cache) {
		res->save = REFRESH_SAVE_SKIPPED;
	} else {
		uint64_t t = monotonic_ns();

		save(io.prev, idx, res);
		res->save_ns = monotonic_ns() - t;
	}
	*out = idx;
out:
	index_free(loaded);
	return ret;
}

static int strv_same(char *const *a, char *const *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(a[i], b[i]))
			return 0;
	return 1;
}

int index_refresh_unchanged(const struct spdx_index *a,
			    const struct spdx_index *b)
{
	if (b->rescanned || a->layout != b->layout ||
	    a->nfiles != b->nfiles || a->ndirs != b->ndirs ||
	    a->nsymlinks != b->nsymlinks || a->nothers != b->nothers ||
	    a->nexprs != b->nexprs)
		return 0;
	for (size_t i = 0; i < a->nfiles; i++) {
		const struct spdx_file *x = &a->files[i], *y = &b->files[i];

		if (!file_stat_same(&x->st, &y->st) || x->status != y->status ||
		    x->flags != y->flags || strcmp(x->path, y->path))
			return 0;
	}
	for (size_t i = 0; i < a->ndirs; i++) {
		const struct spdx_dir *x = &a->dirs[i], *y = &b->dirs[i];

		if (x->mode != y->mode || x->uid != y->uid || x->gid != y->gid ||
		    x->mtime_ns != y->mtime_ns || x->ctime_ns != y->ctime_ns ||
		    strcmp(x->path, y->path))
			return 0;
	}
	return strv_same(a->symlinks, b->symlinks, a->nsymlinks) &&
	       strv_same(a->others, b->others, a->nothers);
}
