/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_build: what the phases of an index build (index.c: walk, scan,
 * merge; index_resolve.c: resolve) hand one another.  Private to them.
 */
#ifndef SPDXFS_INDEX_BUILD_H
#define SPDXFS_INDEX_BUILD_H

#include <stdint.h>

#include "spdx/spdx_index.h"

/* A file while the index is being built. */
struct slot {
	const char *expr;	/* expression text: in the worker's pool, or
				   borrowed from prev */
	char leader[16];	/* NUL-padded */
	const char *copyright;	/* statements: in the worker's pool, or
				   borrowed from prev or index_opts.known */
	int err;		/* -errno of a failed read */
	int32_t prev_expr;	/* expr's index in prev->exprs, or -1 */
};

struct bfile {
	struct spdx_file f;
	struct slot s;
};

/* A file in path order, as resolve() takes it. */
struct ford {
	const struct bfile *fresh;	/* its record, or NULL: */
	uint32_t prev;			/* the previous index's, kept */
	uint32_t flags;
};

/*
 * Phase 3: copy the files into the index in path order, interning their
 * leaders and expressions as they go; then number the distinct
 * expressions in text order, resolve each once, and decide every file's
 * status from its expression's verdict.  @in_place: the records of
 * @prev's files are in @idx already (no file came or went).  Returns 0
 * or -ENOMEM.
 */
int index_resolve(struct spdx_index *idx, const struct ford *order,
		  const struct spdx_index *prev, int in_place);

#endif
