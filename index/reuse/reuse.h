/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * reuse: a tree read as the REUSE specification (3.3) reads it, and what
 * "reuse lint" reports of it.
 *
 * Layout: a tree is a REUSE tree when it has no scripts/spdxcheck.py, no
 * kernel-style license directory (LICENSES/preferred/, dual/, deprecated/,
 * exceptions/), and either a file directly in LICENSES/ or a REUSE.toml
 * or .reuse/dep5 at its root.  Any other tree keeps the kernel's reading.
 *
 * The files covered are the index's (so git-ignored files are already
 * gone, and a revision's tree works as the work tree does) less what the
 * specification excludes: anything below a directory named .git, .hg,
 * .sl, LICENSES or .reuse, or one directly below "subprojects"; files
 * named LICENSE*, LICENCE*, COPYING* (alone or followed by '-' or '.'),
 * .git, .hgtags, *.license, REUSE.toml, *.spdx, *.spdx.{rdf,json,xml,yaml,
 * yml}, CAL-1.0* and SHL-2.1*; empty files.
 *
 * Where a covered file's information comes from:
 *  - its own text, whole, after dropping what lies between
 *    REUSE-IgnoreStart and REUSE-IgnoreEnd: each line holding
 *    "SPDX-...:", "Copyright" or "(c)" is a copyright notice (an
 *    SPDX-FileCopyrightText or SPDX-SnippetCopyrightText tag; "Copyright"
 *    followed by white space, "(c)", "(C)" or a copyright sign; a
 *    copyright sign) or else, with an SPDX-License-Identifier tag, an
 *    expression: the rest of the line less a comment closer.  Tags inside
 *    SPDX-SnippetBegin/End count for the file too.  Several expressions
 *    combine with AND.  A file that looks binary (reuse_text.h) holds no
 *    information;
 *  - instead of its text, its sidecar "FILE.license" when there is one;
 *  - the last [[annotations]] of each REUSE.toml above it whose path glob
 *    matches it ('*' any run without '/', '**' any run at all, "\\*" a
 *    star), with its precedence: "override" (outermost wins, the file is
 *    not read), "aggregate" (added to the file's), "closest" (the default:
 *    the innermost REUSE.toml's copyright and license each, used only for
 *    what the file lacks);
 *  - or the last paragraph of .reuse/dep5 whose Files: glob matches it
 *    ('*' any run, '?' one character), added to the file's.
 *
 * Everything here is built once by reuse_read() and only read afterwards:
 * any number of threads may read one struct reuse_tree.
 */
#ifndef SPDXFS_REUSE_H
#define SPDXFS_REUSE_H

#include <stddef.h>

struct source;
struct spdx_index;
struct spdx_error;

/* Is @idx's tree a REUSE tree (above)? */
int reuse_tree_is(const struct spdx_index *idx);

/* Where an item came from, and its name in "reuse lint --json". */
enum reuse_src {
	REUSE_SRC_HEADER,	/* "file-header" */
	REUSE_SRC_SIDECAR,	/* "dot-license" */
	REUSE_SRC_TOML,		/* "reuse-toml" */
	REUSE_SRC_DEP5,		/* "dep5" */
};
const char *reuse_src_name(enum reuse_src s);

struct reuse_item {
	char *value;		/* an expression as written; a copyright
				   notice from its tag or keyword on */
	const char *from;	/* the file it came from: the file, its
				   sidecar, a REUSE.toml, ".reuse/dep5" */
	enum reuse_src src;
	int valid;		/* an expression the SPDX grammar accepts */
};

struct reuse_file {
	const char *path;	/* the index's */
	struct reuse_item *exprs;	/* distinct, in order found */
	size_t nexprs;
	struct reuse_item *copyrights;
	size_t ncopyrights;
	const char *error;	/* could not be read: strerror(), or NULL */
};

struct reuse_license {
	const char *path;	/* "LICENSES/MIT.txt" */
	char *id;		/* "MIT": the name less ".txt" or its one
				   extension */
	int no_extension;
	int used;		/* some covered file names it */
};

struct reuse_tree {
	struct reuse_file *files;	/* covered files, by path */
	size_t nfiles;
	struct reuse_license *lics;	/* by path */
	size_t nlics;
	char **used;			/* ids the files name, sorted */
	size_t nused;
	char *global_error;	/* a REUSE.toml or dep5 refused, or both
				   present: one line; NULL if none */
	struct reuse_global *global;	/* private: the annotations, which
					   items' "from" point into */
};

/*
 * Read the REUSE information of every covered file of @idx through
 * @src, into *@out (reuse_free()).  A file that cannot be read is a
 * record with its error, not a failure.  Returns 0 or -ENOMEM (with
 * @err filled).
 */
int reuse_read(struct reuse_tree **out, struct source *src,
	       const struct spdx_index *idx, struct spdx_error *err);
void reuse_free(struct reuse_tree *t);

/* The record of @path, or NULL when it is not a covered file. */
const struct reuse_file *reuse_lookup(const struct reuse_tree *t,
				      const char *path);

/* The classes of "reuse lint", in its order. */
enum reuse_lint_class {
	REUSE_BAD_LICENSE,		/* ids: not SPDX, not LicenseRef- */
	REUSE_DEPRECATED_LICENSE,	/* ids of LICENSES/ */
	REUSE_LICENSE_NO_EXTENSION,	/* ids of LICENSES/ files without one */
	REUSE_MISSING_LICENSE,		/* ids used with no LICENSES/ file */
	REUSE_UNUSED_LICENSE,		/* ids of LICENSES/ no file names */
	REUSE_READ_ERROR,		/* paths */
	REUSE_NO_COPYRIGHT,		/* paths */
	REUSE_NO_LICENSE,		/* paths */
	REUSE_GLOBAL_ERROR,		/* the REUSE.toml or dep5 message */
	REUSE__NCLASSES
};

/* "bad_licenses", ..., as "reuse lint --json" names them. */
const char *reuse_lint_key(enum reuse_lint_class c);
/* "Bad licenses", ..., as its text report heads them. */
const char *reuse_lint_title(enum reuse_lint_class c);

struct reuse_lint {
	char **items[REUSE__NCLASSES];	/* sorted, distinct */
	size_t nitems[REUSE__NCLASSES];
	size_t with_license, with_copyright;
	int compliant;
	/* The files linted: a selection of the tree's records, or NULL
	 * for all of them; nsel is their number either way. */
	const struct reuse_file *const *sel;
	size_t nsel;
	char **used;			/* with a selection: the ids its
					   files name, sorted */
	size_t nused;
};

/* What "reuse lint" says of @t.  Returns 0 or -ENOMEM. */
int reuse_lint(struct reuse_lint *out, const struct reuse_tree *t);

/*
 * What it says of the files @sel[0..@nsel) of @t (records of t->files,
 * each once; @sel NULL: all, as reuse_lint()), as "check PATH..." does
 * in a kernel tree: the file classes of those files only; of the
 * license classes, the bad, deprecated, extensionless and missing
 * licenses those files name, never an unused one (a finding about the
 * tree, not about a file); a refused REUSE.toml or dep5 always, since
 * it decides how every file is read.  @sel must outlive @out.
 */
int reuse_lint_files(struct reuse_lint *out, const struct reuse_tree *t,
		     const struct reuse_file *const *sel, size_t nsel);
void reuse_lint_release(struct reuse_lint *l);


#endif
