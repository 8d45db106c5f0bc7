/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check: what "spdxfs check" finds in an index: the files some paths
 * select, the diagnostics of a file, per-directory completeness.
 * Rendering them is report.h's business.
 *
 * Diagnostics follow scripts/spdxcheck.py: the tag's line, 0-based
 * columns, and its messages word for word.  The index is only read, so
 * any number of threads may check one index at once.
 *
 * Two sets of rules.  The SPDX reading accepts what the SPDX grammar
 * accepts and warns about placement and comment style by spdxfs's own
 * rules.  The kernel's rules (struct check_opts.kernel) are what the
 * kernel's own tools enforce: scripts/spdxcheck.py's grammar (an error)
 * and scripts/checkpatch.pl's SPDX rules for the file types it knows
 * (filetype.h), with its messages word for word: the tag on line 1 (2
 * after "#!") in the form "C SPDX-License-Identifier: " with the comment
 * C of the file's type, a tag on another line misplaced, and
 * devicetree bindings dual-licensed.  checkpatch.pl checks what a patch
 * adds, so its rules are errors for a new file (check_opts.is_new) and
 * warnings for the others; for the types it knows they replace spdxfs's
 * own placement and comment leader warnings.
 *
 * Placement and comment leader rules apply only to files that can hold
 * a comment: a bare tag (no comment leader) in a file of a type not
 * known to hold comments (COPYING, *.txt) is prose and where it belongs.
 */
#ifndef SPDXFS_CHECK_H
#define SPDXFS_CHECK_H

#include <stddef.h>

struct spdx_index;
struct spdx_file;
struct spdx_error;
struct expr;

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

/* What a diagnostic is about: warnings are counted by class. */
enum check_class {
	CHECK_C_INVALID,	/* the expression (spdxcheck's messages) */
	CHECK_C_UNREADABLE,
	CHECK_C_GRAMMAR,	/* what spdxcheck's grammar rejects */
	CHECK_C_MISPLACED,	/* spdxfs: not on the first line for a tag */
	CHECK_C_SECOND,		/* a second tag */
	CHECK_C_STRAY_TERM,	/* the scan flags check warns about */
	CHECK_C_UNCLOSED,
	CHECK_C_NEAR_MISS,
	CHECK_C_BAD_LEADER,
	CHECK_C_MIXED_OP,
	CHECK_C_CP_MALFORMED,	/* checkpatch.pl: "Missing or malformed" */
	CHECK_C_CP_STYLE,	/* checkpatch.pl: "Improper SPDX comment style" */
	CHECK_C_CP_MISPLACED,	/* checkpatch.pl: "Misplaced" */
	CHECK_C_CP_DT,		/* checkpatch.pl: DT bindings' license */
	CHECK_C_HEADERS_INSTALL, /* scripts/headers_install.sh: the note */
	CHECK__NCLASSES
};

/* One line about @c: "/" "* comment not closed on the tag line",
 * "Missing or malformed SPDX-License-Identifier tag (checkpatch.pl)". */
const char *check_class_name(enum check_class c);

/* Its key in JSON: "invalid", "checkpatch-malformed". */
const char *check_class_key(enum check_class c);

struct check_diag {
	const struct spdx_file *file;
	unsigned line, col;
	enum check_severity severity;
	enum check_class cls;
	const char *message;	/* valid during the callback only */
};

struct check_opts {
	int strict;		/* also what spdxcheck.py's grammar rejects */
	int warnings;		/* misplaced tags, a second tag, ... */
	int kernel;		/* the kernel's rules (implies strict) */
	/* Is @f new, so that checkpatch.pl would check it whole?  NULL: no
	 * file is.  Called only for files checkpatch.pl flags. */
	int (*is_new)(const struct spdx_file *f, void *arg);
	void *new_arg;
};

/*
 * Does uapi file @f lack a Linux-syscall-note it needs?  That is a
 * header (".h") with a valid tag whose expression has a GPL-family
 * license (GPL-, LGPL-, AGPL-, what scripts/headers_install.sh checks)
 * that is not "WITH Linux-syscall-note": "GPL-2.0" and "GPL-2.0 OR MIT"
 * do, "(GPL-2.0 WITH Linux-syscall-note) OR MIT", "MIT" and a Kbuild
 * file do not.
 */
int file_needs_syscall_note(const struct spdx_index *idx, const struct spdx_file *f);

/* Is @f a header (".h") beneath a "uapi" directory? */
int file_is_uapi_header(const struct spdx_file *f);

/* The same of expression @e (NULL: none). */
int expr_needs_syscall_note(const struct expr *e);

/* Is @idx a kernel tree (one with scripts/spdxcheck.py), whose default
 * is the kernel's rules? */
int check_kernel_tree(const struct spdx_index *idx);

typedef void (*check_fn)(const struct check_diag *d, void *arg);

/*
 * Call @fn for each diagnostic of @f, in a fixed order: the tag's error
 * (an invalid tag, a file that could not be read), the misplaced tag, the
 * strict error, checkpatch.pl's, then the other warnings.  Warnings only
 * with o->warnings.  Returns how many were errors.  In a tree without
 * LICENSES/ an expression that parses is no error: its identifiers
 * cannot be validated, which the caller says once.
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
/* The same with "tagged" those for which @lacks(file, @arg) is false. */
int check_dirs_by(struct check_dir **dirs, size_t *ndirs,
		  const struct spdx_file *const *files, size_t nfiles,
		  int depth, int (*lacks)(const struct spdx_file *, void *),
		  void *arg);
void check_dirs_free(struct check_dir *dirs, size_t ndirs);

#endif
