/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diff: the license changes between two indexes of a tree (two git
 * revisions, two directories).
 *
 * Every file whose status or expression (as written) differs between
 * the old side and the new one gets one line, in one class:
 *   added      only in the new side
 *   removed    only in the old side
 *   untagged   has no tag now (status untagged) and had one before
 *   broken     is invalid now and was not
 *   tagged     was untagged and has a valid tag now
 *   fixed      was invalid and has a valid tag now
 *   changed    any other difference: the expression, tagged <->
 *              misplaced, excluded, error
 * tried in that order.  A rename (old path, new path) joins the old
 * file with the new one: one line, at the new path, and none when
 * nothing else differs.  A rename is only followed when its old path
 * is in the old side alone and its new path in the new side alone.
 *
 * The result points into the two indexes (paths, expressions): it lives
 * no longer than they do.  Nothing here prints except to the FILE * or
 * json writer a caller hands in.
 */
#ifndef SPDXFS_DIFF_H
#define SPDXFS_DIFF_H

#include <stddef.h>
#include <stdio.h>

struct spdx_index;
struct spdx_file;
struct json_writer;

enum diff_class {
	DIFF_ADDED,
	DIFF_REMOVED,
	DIFF_TAGGED,
	DIFF_UNTAGGED,
	DIFF_CHANGED,
	DIFF_FIXED,
	DIFF_BROKEN,
	DIFF__COUNT
};

/* "added", ...; NULL for a value out of range. */
const char *diff_class_name(enum diff_class cls);

/* The class named by the @len bytes at @name, or -EINVAL. */
int diff_class_parse(const char *name, size_t len);

/* One side of the comparison: files of @idx, sorted by path. */
struct diff_side {
	const struct spdx_index *idx;
	const struct spdx_file *const *files;
	size_t nfiles;
	const char *name;	/* for the JSON output: "REPO@REV", a path */
};

/* A file moved from @from (old side) to @to (new side). */
struct diff_rename {
	char *from, *to;
};

struct diff_line {
	const struct spdx_file *old, *new;	/* NULL on the side without it */
	enum diff_class cls;
};

/* How many lines go from one license picture to another: a side is
 * the expression as written when the file has a valid tag, else its
 * status, or "-" when the file is not on that side. */
struct diff_transition {
	const char *from, *to;
	size_t n;
};

struct diff_result {
	struct diff_line *lines;	/* by path (the new one, else the old) */
	size_t nlines;
	size_t count[DIFF__COUNT];	/* lines per class */
	size_t renames;			/* renames followed, with a line or not */
	struct diff_transition *trans;	/* most lines first, then by from, to */
	size_t ntrans;
};

/*
 * Compare @old with @new, following the @nrenames renames at @renames
 * (may be NULL).  Returns 0 and fills *@out (diff_release() it), or
 * -ENOMEM with *@out empty.
 */
int diff_build(struct diff_result *out, const struct diff_side *old,
	       const struct diff_side *new, const struct diff_rename *renames,
	       size_t nrenames);
void diff_release(struct diff_result *d);

/* What diff_write_text() writes. */
#define DIFF_OUT_LINES		1u
#define DIFF_OUT_SUMMARY	2u

/*
 * The text form, to @out.  Lines read
 *   PATH<TAB>OLD_STATUS<TAB>OLD_EXPR<TAB>NEW_STATUS<TAB>NEW_EXPR<TAB>CLASS
 * with "-" as the status of a missing side and the expression empty when
 * there is none, then "<TAB>renamed from OLD_PATH" for a rename; paths
 * quoted as quote.h says.  The summary: "class<TAB>CLASS<TAB>N" for each
 * class, "renamed<TAB>N", then "transition<TAB>FROM<TAB>TO<TAB>N" for each
 * transition.
 */
void diff_write_text(FILE *out, const struct diff_result *d,
		     const struct diff_side *old, const struct diff_side *new,
		     unsigned what);

/* The whole result as one JSON object: "version" (report.h), "old",
 * "new" (the sides' names), "files", "summary", "transitions". */
void diff_write_json(struct json_writer *w, const struct diff_result *d,
		     const struct diff_side *old, const struct diff_side *new);

struct source;
struct spdx_error;

/* A file on one side alone, with its content's git blob id. */
struct diff_lone {
	const char *path;
	unsigned char id[20];
};

/*
 * The exact renames between the files @gone (old side alone) and @came
 * (new side alone), paired as git pairs them: each new file, in path
 * order, takes an old one with the same blob id not taken yet, one with
 * its own base name first.  Sorts both arrays.  Returns 0 and sets *@out
 * (*@n renames), or -ENOMEM.
 */
int diff_exact_renames(struct diff_lone *gone, size_t ng,
		       struct diff_lone *came, size_t nc,
		       struct diff_rename **out, size_t *n);

/*
 * The renames between two directories, read through @src_old and
 * @src_new, whose files @old and @new list: the exact renames
 * (diff_exact_renames()) between the files in one of them alone.
 * Unreadable files pair with nothing.  Returns 0 and sets *@out (*@n
 * renames; diff_renames_free() them), or -errno with @err filled (a file
 * that could not be read, or changed while read).
 */
int diff_dir_renames(struct source *src_old, const struct diff_side *old,
		     struct source *src_new, const struct diff_side *new,
		     struct diff_rename **out, size_t *n,
		     struct spdx_error *err);

/*
 * The renames git finds between revisions @rev1 and @rev2 of repository
 * @repo (libgit2's git_diff_find_similar(): exact and similar content,
 * as "git diff -M" does), into a malloc'd array *@out of *@n
 * (diff_renames_free() it).  Returns 0, or -errno with @err filled.
 */
struct spdx_error;
int diff_git_renames(const char *repo, const char *rev1, const char *rev2,
		     struct diff_rename **out, size_t *n,
		     struct spdx_error *err);
void diff_renames_free(struct diff_rename *r, size_t n);

#endif
