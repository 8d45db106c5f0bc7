/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index: every regular file of a tree with its SPDX tag, validated
 * against the tree's LICENSES/.
 *
 * index_build() walks a struct source, reads the head of each file on
 * several threads, scans it for its tag (scan.h) and its copyright
 * statements (copyright.h), and resolves each distinct
 * expression once (expr.h, licenses.h).  Given the previous index of the
 * same tree (from the saved index, store.h), files the source says are
 * unchanged (file_stat_same(), file_stat.h) keep their scan result and are
 * not read again.
 *
 * The records of an index and their lookups are spdx_index.h's.
 */
#ifndef SPDXFS_INDEX_H
#define SPDXFS_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "spdx/scan.h"
#include "source/source.h"
#include "spdx/spdx_index.h"

struct licenses;
struct exclude;
struct spdx_error;

typedef void (*index_progress_fn)(size_t done, size_t total, void *arg);

#define INDEX_MAX_THREADS 64	/* index_opts.nthreads is capped here */

/*
 * What decides every file's status besides the file itself: the tree's
 * LICENSES/ and scripts/spdxexclude, read by index_globals_load() just
 * as index_build() reads them.  A caller indexing many trees that share
 * both (history.c: commits whose diff leaves them alone) loads them once
 * and hands them to each build (index_opts.globals), which then reads
 * neither.  Read-only once loaded: builds on several threads may share
 * them, and the caller frees them after every index built with them.
 */
struct index_globals {
	struct licenses *lic;	/* NULL when the tree has no LICENSES/ */
	struct exclude *ex;	/* never NULL once loaded */
};

/* Load @src's globals into @g.  Returns 0, or -errno with @err filled
 * (a broken or unreadable LICENSES/, an unreadable
 * scripts/spdxexclude), as index_build() fails for them. */
int index_globals_load(struct index_globals *g, struct source *src,
		       struct spdx_error *err);
void index_globals_release(struct index_globals *g);

/*
 * Where a build's time went, in nanoseconds of the monotonic clock: what
 * a caller may show to explain a slow refresh (SPDXFS_TIMINGS in the
 * commands).  The phases are those of index.c.
 */
struct index_timings {
	uint64_t prepare;	/* the source brought up to date (git's index
				   read), LICENSES/ and exclusions loaded */
	uint64_t walk;		/* 1: walk, stat, and scan what changed */
	uint64_t merge;		/* 2: the files put in path order */
	uint64_t resolve;	/* 3: expressions resolved, statuses decided */
};

/* The monotonic clock, in nanoseconds: the timings' clock. */
uint64_t monotonic_ns(void);

struct index_opts {
	int nthreads;			/* 0: one per online CPU */
	const struct spdx_index *prev;	/* reuse unchanged files' results */
	struct spdx_index *spent;	/* prev itself, when the caller frees
					   it once the build returns: the build
					   may take its file array and strings
					   for its own (files becomes NULL; the
					   counts stay, for
					   store_worth_saving()) */
	index_progress_fn progress;	/* called now and then from the
					   building thread, may be NULL */
	void *progress_arg;
	const struct index_globals *globals;	/* @src's, loaded; NULL:
						   read them from @src */
	/*
	 * Results known by content for a file prev has none of (NULL:
	 * none): the scan result of a file whose file_stat has blob id
	 * st->id, its expression's text into *@expr (NULL: none), or
	 * NULL.  Called from the build's threads at once, so it only
	 * reads; what it returns outlives the build.  The blob cache's
	 * callers (history.c) pass one, and then need no prev.
	 */
	const struct spdx_file *(*known)(const void *arg,
					 const struct file_stat *st,
					 const char **expr);
	const void *known_arg;
	int no_dir_stat;		/* leave the directories' mode, owner
					   and times zero, a stat fewer each:
					   for a caller that shows none (the
					   commands; never the mount's views,
					   which mirror them) */
	struct index_timings *timings;	/* filled when not NULL */
	int no_copyright;		/* find no copyright statement: the
					   baseline a benchmark sets the
					   statements' cost against (such an
					   index is never to be saved) */
	int kernel_layout;		/* read a REUSE tree by the kernel's
					   rules all the same (check --kernel) */
	int keep_reuse;			/* keep a REUSE tree's reading in
					   idx->reuse, for its lint (check) */
};

/*
 * Build the index of @src, as it is now (source_refresh() first).
 * Returns 0 and sets *@out, or -errno with @err filled when the tree
 * itself cannot be walked, its LICENSES/ or scripts/spdxexclude cannot
 * be read, or memory is short.  A file that cannot be read is recorded
 * with ST_ERROR and does not fail the build; neither does a tree
 * without LICENSES/ (lic is then NULL and lic_error says so).
 */
int index_build(struct spdx_index **out, struct source *src,
		const struct index_opts *opts, struct spdx_error *err);
void index_free(struct spdx_index *idx);

#endif
