/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_reuse: "spdxfs check" on a REUSE tree (index/reuse.h): what
 * "reuse lint" reports, in spdxfs's shape (index/report_reuse.h).
 * Returns the exit status: 0 compliant, 1 not, 2 after a one-line error.
 */
#ifndef SPDXFS_CLI_REUSE_H
#define SPDXFS_CLI_REUSE_H

#include "report.h"

struct cli_tree;

int cli_reuse_check(struct cli_tree *t, enum report_format fmt, int verbose);

#endif
