/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * views_build: what the builder of a snapshot's views (views.c) shares
 * with the generated files' writers (views_files.c).  Private to them.
 */
#ifndef SPDXFS_VIEWS_BUILD_H
#define SPDXFS_VIEWS_BUILD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

struct snapshot;
struct spdx_index;
struct spdx_file;
struct built;
struct maint;
struct modscan;
struct strpool;

struct view_builder {
	struct snapshot *s;
	struct spdx_index *idx;
	const struct built *built;	/* mount --build, or NULL */
	const char *under;	/* the directory the views show */
	const struct maint *maint;	/* or NULL */
	const struct modscan *mods;	/* or NULL */
	long *entry_of;		/* per file of [lo, hi), untagged: its most
				   specific entry, -1 none; once have_entries */
	int have_entries;
	size_t lo, hi;		/* its files: idx->files[lo..hi) */
	unsigned char *used;	/* per expression: is it a counted file's? */
	struct summary sum;	/* the index's, once have_sum */
	int have_sum;
	size_t cap;
	uint64_t *hash;		/* per node: FNV-1a of its mount path */
	struct strpool *pool;
	size_t nblobs_cap;
	/* mirror() stack */
	uint32_t *stk_node;
	size_t *stk_len;
	size_t stk_cap;
};

/* A set of files destined for one directory of a view. */
struct bin {
	const char *name;
	uint32_t *files;
	size_t n, cap;
};

struct binset {
	struct bin *bins;
	size_t n, cap;
};

/*
 * The most specific MAINTAINERS entry of each untagged file the views
 * show, computed once per build for by-maintainer/ and the backlog.
 */
int views_untagged_entries(struct view_builder *b);

/* The generated files: each prints its text to @out; 0 or -ENOMEM. */
int views_write_summary(struct view_builder *b, FILE *out);	/* summary */
int views_write_summary_json(struct view_builder *b, FILE *out);	/* summary.json */
int views_write_backlog(struct view_builder *b, FILE *out);	/* backlog */
int views_write_without_note(struct view_builder *b, FILE *out);	/* uapi/WITHOUT-SYSCALL-NOTE */
int views_write_licenses_svg(struct view_builder *b, FILE *out);	/* charts/licenses.svg */
int views_write_backlog_svg(struct view_builder *b, FILE *out);	/* charts/backlog.svg */

/* The text "spdxfs built BUILD_DIR" prints for @files (@missing built
 * paths not in the index), into *@text. */
int views_built_summary(const struct spdx_index *idx, const struct built *bt,
			const struct spdx_file *const *files, size_t n,
			size_t missing, char **text, size_t *len);

#endif
