/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check: what "spdxfs check" finds in an index: the files some paths
 * select, the diagnostics of a file, per-directory completeness.
 * Rendering them is report.h's business.
 *
 * Diagnostics follow scripts/spdxcheck.py: the tag's line, 0-based
 * columns, and its messages word for word.  The index is only read, so
 * any number of threads may check one index at once.
 */
#ifndef SPDXFS_CHECK_H
#define SPDXFS_CHECK_H

#include <stddef.h>

struct spdx_index;
struct spdx_file;
struct spdx_error;

/*
 * The files of @idx that @paths select, in the index's order, each once,
 * into a new array *@files of *@nfiles (free() it).  A path is relative to
 * the root, with any leading "./" and trailing "/" ignored ("" and "."
 * are the root): a file selects itself, a directory the files beneath it
 * (possibly none).  No paths select every file.  Returns 0, -ENOMEM, or
 * -ENOENT when a path is neither a file nor a directory of the index;
 * @err says which.  Each lookup is a binary search.
 *
 * @git, when not NULL, is the index of the same tree as git sees it,
 * @idx one with the files git ignores too: a path @git has (a file or a
 * directory) selects only the files @git has as well, a path it lacks
 * (a file or directory git ignores, named explicitly) every file beneath
 * it.
 */
int check_select(const struct spdx_index *idx, const struct spdx_index *git,
		 const char *const *paths, size_t npaths,
		 const struct spdx_file ***files, size_t *nfiles,
		 struct spdx_error *err);

enum check_severity {
	CHECK_ERROR,
	CHECK_WARNING,
};

struct check_diag {
	const struct spdx_file *file;
	unsigned line, col;
	enum check_severity severity;
	const char *message;	/* valid during the callback only */
};

struct check_opts {
	int strict;		/* also what spdxcheck.py's grammar rejects */
	int warnings;		/* misplaced tags, a second tag, ... */
};

typedef void (*check_fn)(const struct check_diag *d, void *arg);

/*
 * Call @fn for each diagnostic of @f, in a fixed order: the tag's error
 * (an invalid tag, a file that could not be read), the misplaced tag, the
 * strict error, then the warnings.  Returns how many were errors.  In
 * a tree without LICENSES/ an expression that parses is no error: its
 * identifiers cannot be validated, which the caller says once.
 */
size_t check_file(const struct spdx_index *idx, const struct spdx_file *f,
		  const struct check_opts *o, check_fn fn, void *arg);

/* One directory for "check -d", like scripts/spdxcheck.py -d. */
struct check_dir {
	char *name;		/* "./a/b/", "./" for the root */
	size_t files;		/* not excluded */
	size_t tagged;		/* of those, with a valid tag */
};

/*
 * Per-directory completeness of @files (excluded files left out), each
 * file counted in its directory cut to @depth components when @depth >= 0,
 * sorted by name, into a new array *@dirs of *@ndirs.  Returns 0 or
 * -ENOMEM.
 */
int check_dirs(struct check_dir **dirs, size_t *ndirs,
	       const struct spdx_file *const *files, size_t nfiles, int depth);
void check_dirs_free(struct check_dir *dirs, size_t ndirs);

#endif
