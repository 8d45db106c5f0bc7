/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_reuse: what "spdxfs check" prints of a REUSE tree (reuse.h):
 * "reuse lint"'s classes in spdxfs's shape.
 *
 * Text: one line per finding, "PATH: what" for a file and "what: ID" for
 * a license, in the order of enum reuse_lint_class, then the counts and
 * the verdict, "compliant with REUSE 3.3" or "not compliant with REUSE
 * 3.3".  With @verbose, each file's expressions and copyright notices
 * first, "PATH: license EXPR (SOURCE-TYPE SOURCE)"; a control character
 * in a value is written '?'.  JSON: one object
 * (report.h's shape) with "layout": "reuse", "files" (each with its
 * "expressions" and "copyrights", their value, source and source_type
 * as "reuse lint --json" names them), "non_compliant" (a list per class
 * under reuse_lint_key()) and "summary".
 *
 * Of a lint of some files only (reuse_lint_files()), the files are
 * those, the counts theirs ("REUSE tree: N of M files checked"; in JSON
 * "files_total" N and "files_in_tree" M) and the licenses used those
 * they name.
 */
#ifndef SPDXFS_REPORT_REUSE_H
#define SPDXFS_REPORT_REUSE_H

#include <stdio.h>

#include "report.h"

struct reuse_tree;
struct reuse_lint;

void report_reuse_check(FILE *out, enum report_format fmt, int verbose,
			const struct reuse_tree *t, const struct reuse_lint *l);

#endif
