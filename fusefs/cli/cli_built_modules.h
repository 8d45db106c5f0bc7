/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_built_modules: "spdxfs built --modules", the loadable modules of a
 * kernel build with their declared licenses judged (built_modules.h).
 */
#ifndef SPDXFS_CLI_BUILT_MODULES_H
#define SPDXFS_CLI_BUILT_MODULES_H

#include "report.h"

struct cli_index_opts;

/*
 * Report on the modules of @build_dir, whose sources are in @tree (NULL:
 * the build's source tree), in text or (@json) JSON on stdout.  Returns
 * the exit status: 0, 1 when a module's records or .ko could not be
 * read (verdict error), 2 on bad input after one line on stderr.
 */
int built_modules_main(const char *build_dir, const char *tree,
		       const struct cli_index_opts *o, enum report_format fmt);

#endif
