/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report: everything spdxfs prints about an index, in each output format.
 *
 * Each output (the summary, the file list, check's diagnostics, files
 * and directories, the built report) is one function that takes the
 * format: the commands pick a format once and never branch on it, and
 * the mount's generated files come from the same functions, so both
 * always agree.  JSON goes through json.h's writer: valid JSON for any
 * file name, with \udcXX for a byte that is not UTF-8.  Text quotes
 * unusual paths as git does (quote.h), so that no name forges a line or
 * a field.  The summary names no absolute path and no timing, so two
 * machines indexing the same tree print the same bytes.
 */
#ifndef SPDXFS_REPORT_H
#define SPDXFS_REPORT_H

#include <stdio.h>
#include <stddef.h>

#include "check.h"
#include "modlic.h"
#include "spdx/scan.h"

enum report_format {
	REPORT_TEXT,	/* lines for people and line tools; paths quoted */
	REPORT_NUL,	/* the text records for programs (-z): each path as
			   it is and followed by NUL instead of what follows
			   it in text, each record ended by NUL, no headers;
			   an output without records is written as text */
	REPORT_JSON,	/* one JSON document */
	REPORT_CSV,	/* comma-separated values with a header line (RFC
			   4180): spdxfs history --csv, whose rows are no
			   report of this file's */
};

struct spdx_index;
struct spdx_file;
struct spdx_expr;
struct json_writer;

/*
 * Every --json output of spdxfs is one object whose first key is
 * "version", spdxfs's version (version.h); the outputs that are lists of
 * records hold them in an array under one key after it:
 *
 *	{
 *	  "version": "0.1",
 *	  "files": [
 *	    {"path": "a.c", ...},
 *	    ...
 *	  ]
 *	}
 *
 * Only the SPDX documents (their schemas fix the format) have no such key.
 * Use these for any new output so it keeps that shape.
 */
/* Write the "version" member into the object @w has just opened. */
void report_json_version(struct json_writer *w);
/* Start a document on @out: json_init() @w, open the object and write
 * its "version"; the caller adds the other members and closes it. */
void report_json_object(struct json_writer *w, FILE *out);
/* Start a document of records on @out: the object, its "version", and
 * @key ("files", "commits", ...) opening the array the records go in. */
void report_json_begin(struct json_writer *w, FILE *out, const char *key);
/* Close the array and the object of report_json_begin() and finish the
 * document; returns json_end()'s 0 or -EINVAL. */
int report_json_end(struct json_writer *w);

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
	size_t uapi_without_note;	/* uapi headers, valid tag, needing the
					   note: file_needs_syscall_note(), check.h */
	size_t lowercase_ops, strict_failures, multiple_tags;
	size_t copyright_files;		/* with a copyright statement */
	struct license_count *licenses;
	size_t nlicenses;
	struct expr_count *exprs;	/* by file count, then text */
	size_t nexprs;
	/* Only when asked for (summary_add_modules()): MODULE_LICENSE()
	 * calls per enum modlic_class and the files that have any. */
	int have_modules;
	size_t modules[MODLIC__NCLASSES], module_files;
};

struct expr_count {
	const struct spdx_expr *expr;
	size_t files;
};

int summary_compute(struct summary *s, const struct spdx_index *idx);
/* The same over some of @idx's files only (e.g. those built into vmlinux). */
int summary_compute_files(struct summary *s, const struct spdx_index *idx,
			  const struct spdx_file *const *files, size_t nfiles);
/* The same over @files, with the symlinks and special files of @idx
 * beneath directory @under ("": all of them), for a command or a mount
 * narrowed to a subdirectory. */
int summary_compute_under(struct summary *s, const struct spdx_index *idx,
			  const struct spdx_file *const *files, size_t nfiles,
			  const char *under);
void summary_release(struct summary *s);

/* Add the MODULE_LICENSE() calls per enum modlic_class @count, in
 * @files files, to @s: the summary then reports them
 * ("MODULE_LICENSE() calls" in text, "modules" in JSON). */
void summary_add_modules(struct summary *s, const size_t *count, size_t files);

/* What "spdxfs scan" prints, and the mount's summary and summary.json. */
void report_summary(FILE *out, enum report_format fmt, const struct summary *s);

/* The members of summary @s, into the JSON object open in @w: for a
 * document that adds members of its own (built_report.h). */
void report_summary_members(struct json_writer *w, const struct summary *s);

/*
 * One record per regular file of @idx, in its order: in text PATH, STATUS,
 * LINE and EXPRESSION (as written; empty when none) separated by tabs; in
 * JSON an array "files" of objects with the path, status, line, col,
 * leader, expression (null when none), canonical and error when there
 * are, uapi, and copyright: its statements (copyright.h), an array.
 */
void report_list(FILE *out, enum report_format fmt, const struct spdx_index *idx);
/* The same records for @files only. */
void report_files(FILE *out, enum report_format fmt, const struct spdx_index *idx,
		  const struct spdx_file *const *files, size_t n);

/* Text columns after the four of report_list(); JSON has them all. */
enum report_col {
	REPORT_COL_COPYRIGHT = 1 << 0,	/* the statements, " / " between */
};
/* report_files() with the columns @cols (enum report_col). */
void report_files_cols(FILE *out, enum report_format fmt,
		       const struct spdx_index *idx,
		       const struct spdx_file *const *files, size_t n,
		       unsigned cols);

struct check_opts;
struct check_dir;

/* Warnings counted by class (enum check_class) instead of listed. */
struct check_tally {
	size_t warnings[CHECK__NCLASSES];
};

/*
 * check's diagnostics for @files (check.h): in text "PATH: LINE:COL
 * MESSAGE", with "warning: " before a warning's message; in JSON an array
 * "diagnostics" of objects with path, line, col, severity, class and
 * message.  With
 * @tally, warnings are counted there and not written.  Returns how many
 * were errors.
 */
size_t report_check(FILE *out, enum report_format fmt, const struct spdx_index *idx,
		    const struct spdx_file *const *files, size_t n,
		    const struct check_opts *o, struct check_tally *tally);

/*
 * The warnings @t counted, one line per class that has any, in the order
 * of enum check_class: "warning: N files: CLASS" (no class warns twice
 * about one file), then a hint that -v lists them.  Returns the number
 * of warnings.
 */
size_t report_check_tally(FILE *out, const struct check_tally *t);

/* The paths of those of @files without a valid tag (in JSON an array
 * "files" of strings); returns how many. */
size_t report_lacking(FILE *out, enum report_format fmt,
		      const struct spdx_file *const *files, size_t n);
/* The same of those for which @lacks(file, @arg) is true. */
size_t report_lacking_by(FILE *out, enum report_format fmt,
			 const struct spdx_file *const *files, size_t n,
			 int (*lacks)(const struct spdx_file *, void *),
			 void *arg);

/* The directories of @dirs with a file that lacks a valid tag, with
 * their counts, under a header in text, in JSON an array "dirs" of
 * objects with dir, files and tagged; returns how many. */
size_t report_dirs(FILE *out, enum report_format fmt,
		   const struct check_dir *dirs, size_t n);

struct show_info;

/*
 * What "spdxfs show" prints of @n files (show.h): in text a block per
 * file, its path (quoted) and then a line per fact, "  KEY  VALUE",
 * a "copyright" line per statement, blocks separated by an empty line;
 * in JSON an array "files" of objects with path, status, line,
 * expression, modern (null when none), error when there is one, valid,
 * licenses, usable_under, uapi, syscall_note, copyright (an array of
 * the statements) and suggested (null, or an object with kind "tag",
 * "review" or "none", expression, recognised for a review, why).
 */
void report_show(FILE *out, enum report_format fmt,
		 const struct show_info *si, size_t n);

struct modscan;

/*
 * What "spdxfs check --modules" prints of the MODULE_LICENSE() calls of
 * @m whose class (enum modlic_class) is in the bit set @classes: in text
 * a line per call, 'PATH:LINE: "DECLARED" vs EXPRESSION: CLASS'; in JSON
 * an array "calls" of objects (path, line, declared, resolved,
 * expression, status, class), then "files" and "counts" per class.
 * Returns 0, or -EINVAL when the JSON writer failed.
 */
int report_modules(FILE *out, enum report_format fmt, const struct modscan *m,
		   unsigned classes);



#endif
