/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * show: all that spdxfs knows of one file, for "spdxfs show": its tag
 * as written and in today's SPDX spelling, the LICENSES/ files it names,
 * the licenses it may be used under, its uapi and syscall-note state,
 * and for an untagged file what the tagging series would write and why.
 * report_show() (report.h) prints it.
 *
 * show_file() takes all from the index; the series' suggestion for an
 * untagged file is the series' to give, show_suggest() (suggest.h),
 * which reads the file through the source as the mount's
 * user.spdx.suggested does.  A struct show_info points into the index
 * it was made from, and lives no longer.
 */
#ifndef SPDXFS_SHOW_H
#define SPDXFS_SHOW_H

#include <stddef.h>

struct spdx_index;
struct spdx_file;
struct spdx_expr;
struct license_file;
struct modscan_file;

/* The room for an expression the series suggests (tag.h's). */
#define SHOW_EXPR_MAX 192

/* What the series would do with an untagged file. */
enum show_suggest {
	SHOW_TAG,	/* tag it with expr */
	SHOW_REVIEW,	/* leave it for review; expr: the licenses
			   recognised, "A, B", or "" */
	SHOW_NONE,	/* not a file it tags (documentation, binary, ...),
			   or one that could not be read */
};

struct show_info {
	const struct spdx_file *file;
	const struct spdx_expr *expr;	/* NULL when untagged */
	char *modern;		/* the canonical expression with each license
				   in today's spelling (GPL-2.0 ->
				   GPL-2.0-only); NULL when it does not parse */
	const struct license_file **licenses;	/* the LICENSES/ files its
						   identifiers name, in
						   LICENSES/ order */
	size_t nlicenses;
	char **usable;		/* today's ids of LICENSES/ licenses its valid
				   expression is usable under (expr.h's
				   expr_usable_under()), in LICENSES/ order */
	size_t nusable;
	int reuse;		/* the index's layout is REUSE: the two
				   below are set (index_reuse.h) */
	char license_src[48];	/* "file-header,reuse-toml", or "" */
	char copyright_src[48];
	int uapi;		/* a "uapi" path component */
	int syscall_note;	/* the expression names Linux-syscall-note */
	int suggested;		/* show_suggest() has set the three below */
	enum show_suggest suggest;
	char suggest_expr[SHOW_EXPR_MAX];
	const char *why;	/* static text, or why_buf */
	char why_buf[128];
	/* Its MODULE_LICENSE() calls and their verdicts, when the caller
	 * scanned for them (modscan.h; show_file() leaves it NULL): NULL
	 * when it has none. */
	const struct modscan_file *module;
};

/*
 * What @idx knows of file @f, into @si, with no suggestion (suggested
 * 0).  Returns 0 or -ENOMEM.
 */
int show_file(struct show_info *si, const struct spdx_index *idx,
	      const struct spdx_file *f);
void show_info_release(struct show_info *si);

#endif
