/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * modscan: the MODULE_LICENSE() calls of many files of an index, read on
 * several threads and classified (modlic.h), with the counts per class.
 *
 * A struct modscan holds, for each file that has calls, in the order
 * the files were given, the file, its calls and the class of each, and
 * the license-rules.rst table they were classified with.  It reads
 * whole files (MODULE_LICENSE sits at the end of a file), so it is not
 * part of an ordinary scan, which reads heads only: "scan --modules",
 * "check --modules" and "mount --modules" ask for it.
 *
 * A scan may start from a previous one (@prev, of an earlier index of
 * the same tree): a file with the same path and file_stat (file_stat_same())
 * is not read again, its calls are taken from @prev, unless one of them
 * is MODULE_LICENSE(NAME), whose string may come from a header that
 * changed.  The mount's rescans do so.
 *
 * Once modscan_run() returns nothing in it changes: any number of
 * threads may read it.  Errors are 0 or -errno; nothing prints.
 */
#ifndef SPDXFS_MODSCAN_H
#define SPDXFS_MODSCAN_H

#include <stddef.h>

#include "modlic.h"

struct source;
struct spdx_error;
struct spdx_index;
struct spdx_file;

/* One file with calls. */
struct modscan_file {
	const struct spdx_file *f;
	struct modlic_call *calls;
	unsigned char *cls;		/* per call: enum modlic_class */
	size_t ncalls;
	unsigned classes;		/* bit 1 << class of each call */
};

struct modscan {
	const struct spdx_index *idx;	/* not owned */
	struct modlic_table table;
	struct modscan_file *files;	/* in the order given */
	size_t nfiles;
	size_t count[MODLIC__NCLASSES];	/* calls per class */
	size_t nread;			/* files read (the others came from
					   the previous scan) */
};

/*
 * Read the calls of those of @files (of @idx, through @src) that
 * modlic_wanted() accepts, on @nthreads threads (0: one per CPU, capped
 * at INDEX_MAX_THREADS), and classify them with the table of the tree's
 * license-rules.rst; with @prev (may be NULL) as above.  Returns 0,
 * -ENOENT when the tree has no table (@err says so), or -ENOMEM.  Free
 * *@out with modscan_free().
 */
int modscan_run(struct modscan **out, struct source *src,
		const struct spdx_index *idx,
		const struct spdx_file *const *files, size_t n, int nthreads,
		const struct modscan *prev, struct spdx_error *err);

/* The same over every file of @idx. */
int modscan_index(struct modscan **out, struct source *src,
		  const struct spdx_index *idx, int nthreads,
		  const struct modscan *prev, struct spdx_error *err);

/* The entry of file @f, or NULL when it has no call (binary search:
 * the files given to modscan_run() were in idx->files order). */
const struct modscan_file *modscan_find(const struct modscan *m,
					const struct spdx_file *f);

void modscan_free(struct modscan *m);

#endif
