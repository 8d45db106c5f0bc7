/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * built_report: what "spdxfs built" and "spdxfs built --modules" print,
 * in each report format, next to what they report (built.h,
 * built_modules.h); the summary they carry is report.h's.
 */
#ifndef SPDXFS_BUILT_REPORT_H
#define SPDXFS_BUILT_REPORT_H

#include <stdio.h>
#include <stddef.h>

#include "report.h"

struct built;

/*
 * The files of build @b that @idx holds, in @b's order, into @files (room
 * for b->npaths); *@missing counts the others (symlinks, files git
 * ignores).  Returns how many went into @files.
 */
size_t report_built_files(const struct spdx_index *idx, const struct built *b,
			  const struct spdx_file **files, size_t *missing);

/* What "spdxfs built" prints, and the mount's built/SUMMARY holds: in
 * text a header, a line "why: N compiled, N embedded, N linker-script,
 * N generator-input" (built.h), the summary @s of @files, those without
 * a valid tag, and those not compiled ("PATH<tab>WHY<tab>STATUS"); in
 * JSON the summary, "why" (those counts) and "not_compiled" (objects
 * path, why, status). */
void report_built(FILE *out, enum report_format fmt, const struct summary *s,
		  const struct built *b, const struct spdx_file *const *files,
		  size_t n, size_t missing);

struct built_modules;

/*
 * What "spdxfs built --modules" prints of the modules @bm of a build,
 * judged (built_modules.h), their sources in @idx: in text a line
 * "modules: N (N ok, ...)" of the counts per verdict, then per module
 * "NAME<tab>DECLARED<tab>LICENSE<tab>VERDICT" (": ERROR" after an
 * error) and per source an indented "PATH<tab>EXPRESSION<tab>CLASS"
 * ("-" for what is not there, an expression's absence as its status in
 * parentheses); in JSON "modules", "verdicts" (the counts) and "list"
 * (objects name, ko, declared, declared_in, license, verdict, error and
 * sources: path, status, expression, class).  Returns 0, or -EINVAL
 * when the JSON writer failed.
 */
int report_built_modules(FILE *out, enum report_format fmt,
			 const struct built_modules *bm,
			 const struct spdx_index *idx);

#endif
