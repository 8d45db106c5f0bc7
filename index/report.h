/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report: what spdxfs prints about an index, as text or JSON.
 *
 * The same functions feed the command line and the mount's summary
 * files, so both always agree.  The summary names no absolute path and
 * no timing, so two machines indexing the same tree print the same bytes.
 */
#ifndef SPDXFS_REPORT_H
#define SPDXFS_REPORT_H

#include <stdio.h>
#include <stddef.h>

#include "scan.h"

struct spdx_index;
struct spdx_file;
struct spdx_expr;

/* Per-LICENSES/-file counts, in the order of lic->files. */
struct license_count {
	const char *name;	/* "GPL-2.0", "Linux-syscall-note" */
	const char *dir;	/* "preferred", ..., "exceptions" */
	size_t files;		/* files with a valid tag naming one of its ids */
};

struct summary {
	size_t files, symlinks, others;
	size_t count[ST__COUNT];	/* per enum spdx_status */
	size_t uapi_files, uapi_count[ST__COUNT];
	size_t uapi_without_note;	/* uapi, valid tag, no Linux-syscall-note */
	size_t lowercase_ops, strict_failures, multiple_tags;
	struct license_count *licenses;
	size_t nlicenses;
	struct expr_count *exprs;	/* by file count, then text */
	size_t nexprs;
};

struct expr_count {
	const struct spdx_expr *expr;
	size_t files;
};

int summary_compute(struct summary *s, const struct spdx_index *idx);
/* The same over some of @idx's files only (e.g. those built into vmlinux). */
int summary_compute_files(struct summary *s, const struct spdx_index *idx,
			  const struct spdx_file *const *files, size_t nfiles);
void summary_release(struct summary *s);

void report_summary_text(FILE *out, const struct summary *s);
void report_summary_json(FILE *out, const struct summary *s);

/* One line per regular file: path, status, line, expression; tab-separated. */
void report_list(FILE *out, const struct spdx_index *idx);

struct built;

/*
 * The files of build @b that @idx holds, in @b's order, into @files (room
 * for b->npaths); *@missing counts the others (symlinks, files git
 * ignores).  Returns how many went into @files.
 */
size_t report_built_files(const struct spdx_index *idx, const struct built *b,
			  const struct spdx_file **files, size_t *missing);

/* What "spdxfs built" prints, and the mount's built/SUMMARY holds: a
 * header, the summary @s of @files, and those without a valid tag. */
void report_built_text(FILE *out, const struct summary *s,
		       const struct built *b, const struct spdx_file *const *files,
		       size_t n, size_t missing);

/* Does the tagged expression of @f name exception "Linux-syscall-note"? */
int file_has_syscall_note(const struct spdx_index *idx, const struct spdx_file *f);


#endif
