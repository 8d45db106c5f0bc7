/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blobcache: scan results by blob id, for sources whose file versions are
 * object ids (the git source: source.h), so that a blob is scanned once,
 * whatever its path, revision or repository, across runs.
 *
 * The cache is a saved index (store.h) of its own, named BLOBCACHE_ROOT:
 * one record per blob, its path the blob id in hex, its scan result as
 * the scanner left it (a scan result depends on the bytes alone).  It is
 * loaded, checked and replaced as any saved index is: a corrupt one is
 * reported and rebuilt.
 *
 * A build asks it for each file's result by blob id (blobcache_known(),
 * as index_opts.known), so that index_build() takes the result instead
 * of reading the file.  After the build, blobcache_merge() adds the
 * results it read.  Nothing here prints.
 */
#ifndef SPDXFS_BLOBCACHE_H
#define SPDXFS_BLOBCACHE_H

struct blobcache_run;
struct file_stat;
struct source;
struct spdx_error;
struct spdx_file;
struct spdx_index;

#define BLOBCACHE_ROOT	"git blobs"	/* no tree's name: not absolute */

/* Are @src's file versions object ids (its root directory has one)? */
int blobcache_applies(struct source *src);

/*
 * The cache @blobs (may be NULL) with the results @idx read added, into
 * *@out, an index to store_save() and index_free() (before @blobs and
 * @idx, whose strings it borrows).  Files not read (excluded, or that
 * failed) and files with no blob id are left out.  Returns 0 or -ENOMEM.
 */
int blobcache_merge(struct spdx_index **out, const struct spdx_index *blobs,
		    const struct spdx_index *idx);

/*
 * The results one run of many builds read (history.c: a build per
 * commit), kept in memory by blob id, so that a blob met again later in
 * the run is not read again, and saved once, at its end, with the cache
 * it was loaded with: merging and saving the whole cache after each
 * small build would cost more than the blobs it read.  Owns its strings;
 * a hash table, so that adding a build's results costs what they are,
 * not what the run holds.  One thread's.
 */
int blobcache_run_new(struct blobcache_run **out);
void blobcache_run_free(struct blobcache_run *run);

/* Blobs @run holds. */
size_t blobcache_run_count(const struct blobcache_run *run);

/* The cache as loaded and a run's results, either may be NULL. */
struct blobcache_pair {
	const struct spdx_index *blobs;
	const struct blobcache_run *run;
};

/*
 * index_opts.known for the blob cache: @pair's record of blob @st->id
 * (the cache's first), its expression's text into *@expr, or NULL.
 * Only reads: builds on several threads may call it at once, as long as
 * no blobcache_run_add() runs meanwhile.
 */
const struct spdx_file *blobcache_known(const void *pair,
					const struct file_stat *st,
					const char **expr);

/*
 * Add to @run the results of @idx worth keeping (as blobcache_merge()
 * keeps them) that neither @run nor the cache @blobs (may be NULL)
 * holds.  Returns 0 or -ENOMEM (@run then holds some of them).
 */
int blobcache_run_add(struct blobcache_run *run,
		      const struct spdx_index *blobs,
		      const struct spdx_index *idx);

/*
 * Add to @run the results of run @from (another thread's, done) that
 * neither @run nor the cache @blobs (may be NULL) holds, as
 * blobcache_run_add() adds a build's.  Returns 0 or -ENOMEM.
 */
int blobcache_run_absorb(struct blobcache_run *run,
			 const struct spdx_index *blobs,
			 const struct blobcache_run *from);
/*
 * Save @blobs (may be NULL) with @run's results added, as the cache:
 * nothing when @run holds none.  Returns 0 or -errno with @err filled.
 */
int blobcache_run_save(const struct spdx_index *blobs,
		       const struct blobcache_run *run,
		       struct spdx_error *err);

#endif
