/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_reuse: "spdxfs check" on a REUSE tree (index/reuse/reuse.h): what
 * "reuse lint" reports, in spdxfs's shape (index/report_reuse.h), of the
 * whole tree or of the files selected (PATHs, a subdirectory, --staged,
 * the filters), as reuse_lint_files() lints them; with -f the files the
 * lint names (without licensing or copyright information, unreadable),
 * with -d per-directory completeness by the same measure.
 * Returns the exit status: 0 compliant, 1 not, 2 after a one-line error.
 */
#ifndef SPDXFS_CLI_REUSE_H
#define SPDXFS_CLI_REUSE_H

#include <stddef.h>

#include "report.h"

struct cli_tree;
struct spdx_file;

struct cli_reuse_opts {
	enum report_format fmt;
	int verbose;		/* -v: each file's information first */
	int files;		/* -f */
	int dirs, depth;	/* -d, -D */
	int whole;		/* the files are the whole tree's: the lint
				   of the tree (unused licenses too) */
};

int cli_reuse_check(struct cli_tree *t, const struct cli_reuse_opts *o,
		    const struct spdx_file *const *files, size_t n);

#endif
