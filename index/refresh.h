/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refresh: the one way to bring an index of a tree up to date, for the
 * commands and the mount's watcher alike.
 *
 * index_refresh() builds the index of a source from a previous one, so
 * that only changed files are read again: the index being refreshed when
 * the caller has one (the watcher), else the saved index (store.h), or
 * for a source whose versions are object ids (a git revision) the
 * results its blob cache holds for its blobs (blobcache.h).  It
 * then rewrites the saved index only when store_worth_saving() says so,
 * before returning: when it returns, the saved index is as it will stay.
 *
 * It never prints.  What it did with the saved index, and the warnings
 * a caller may show (a saved index ignored, a save that failed, what the
 * source went on without), are in
 * struct index_refresh_result, as errors of their own; its failure is in
 * its last argument (error.h).
 */
#ifndef SPDXFS_REFRESH_H
#define SPDXFS_REFRESH_H

#include <stddef.h>

#include "util/error.h"
#include "index.h"

struct source;

struct index_refresh_opts {
	const struct spdx_index *prev;	/* the index being refreshed; NULL:
					   start from the saved one */
	int full;			/* read every file again: neither
					   @prev nor the saved index */
	int no_cache;			/* neither load nor save the saved index */
	int nthreads;			/* 0: one per online CPU */
	index_progress_fn progress;	/* as in index_opts, may be NULL */
	void *progress_arg;
	const struct index_globals *globals;	/* as in index_opts */
	int no_dir_stat;			/* as in index_opts */
	int no_copyright;			/* as in index_opts; implies
						   no_cache */
	int kernel_layout;			/* as in index_opts */
	int keep_reuse;				/* as in index_opts */
};

enum refresh_load {
	REFRESH_LOAD_SKIPPED,	/* not looked for: no_cache, full or prev */
	REFRESH_LOAD_NONE,	/* there was none (or no cache directory) */
	REFRESH_LOAD_USED,	/* loaded and used as the previous index */
	REFRESH_LOAD_IGNORED,	/* corrupt, foreign or of another version:
				   load_error says which; files read again */
};

enum refresh_save {
	REFRESH_SAVE_SKIPPED,	/* no_cache */
	REFRESH_SAVE_UNNEEDED,	/* not worth rewriting (store_worth_saving) */
	REFRESH_SAVE_DONE,	/* rewritten */
	REFRESH_SAVE_FAILED,	/* save_error says why */
};

struct index_refresh_result {
	enum refresh_load load;
	struct spdx_error load_error;	/* REFRESH_LOAD_IGNORED (and NONE):
					   store_load()'s error */
	enum refresh_save save;
	struct spdx_error save_error;	/* REFRESH_SAVE_FAILED: store_save()'s
					   error */
	struct spdx_error source_warning;	/* the source's warning
						   (source.h), code 0: none */
	uint64_t load_ns;		/* loading the saved index */
	struct index_timings build;	/* the build's phases; zero when it
					   failed before them */
	uint64_t save_ns;		/* rewriting the saved index */
};

/*
 * Refresh the index of @src as @opts says.  Returns 0 and sets *@out, or
 * -errno with @err filled when the tree cannot be indexed (index_build()).
 * A saved index that cannot be loaded or saved does not fail it: @res
 * says so.  @res is filled in either case.
 */
int index_refresh(struct spdx_index **out, struct source *src,
		  const struct index_refresh_opts *opts,
		  struct index_refresh_result *res, struct spdx_error *err);

/*
 * Does @b, refreshed from @a, show the tree exactly as @a does: no file
 * read again, and the same files, directories, symlinks and others, each
 * the version @a has (file_stat_same())?  Then every result of @b is
 * @a's, and a caller holding @a may keep it instead.
 */
int index_refresh_unchanged(const struct spdx_index *a,
			    const struct spdx_index *b);

#endif
