/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * modlic: the license a module declares with MODULE_LICENSE(), against
 * its file's SPDX tag.
 *
 * The valid declarations and what they mean are read from the tree's
 * own Documentation/process/license-rules.rst: the table after the
 * "MODULE_LICENSE" heading, one row per quoted string.  A row's meaning
 * is the set of license families its description names ("GPL", "MIT",
 * "BSD", "MPL" or "Mozilla", "proprietary"; "Same as "X"" takes X's):
 * the table says which strings exist and what each claims, spdxfs only
 * knows the family words.  A row naming two families claims a choice.
 *
 * The families an SPDX expression grants (modlic_expr_families()): GPL
 * for a GPL v2 variant (GPL-2.0, -only, -or-later, "+", GPL-1.0+) and
 * for LGPL-2.0/2.1 (which section 3 lets anyone turn into the GPL v2);
 * MIT for MIT; BSD for BSD-*, 0BSD and Linux-OpenIB (a BSD-2-Clause
 * text); MPL for MPL-*; nothing for any other license (ISC, Apache-2.0,
 * GPL-3.0 alone).  WITH counts as its license; both OR and AND grant
 * the families of either side (AND is rare in the kernel, and each of
 * its licenses does apply to the file).
 *
 * A call is classified (enum modlic_class):
 *  - unknown: the string is not in the table (or a macro that could not
 *    be resolved to a string);
 *  - untagged: the file has no valid tag (untagged, invalid, unreadable);
 *  - contradiction: the declaration claims a family the tag does not
 *    grant, which covers a tag offering nothing the declaration names;
 *  - consistent: every family the declaration claims, the tag grants.
 * These are warnings: license-rules.rst says the tag is what counts.
 *
 * Recognised forms, in .c files, outside comments, strings and
 * preprocessor lines: MODULE_LICENSE("literal") (adjacent literals
 * joined), and MODULE_LICENSE(NAME) where the same file has
 * "#define NAME "literal"" (the tree's DRV_LICENSE, MOD_LICENSE), or a
 * header it includes from its directory (modlic_file()).  Other
 * macros around it are not expanded: the tree defines none that expand
 * to MODULE_LICENSE() for a module.
 *
 * Everything here only reads: a table and an index may be shared by any
 * number of threads.  Errors are 0 or -errno; nothing prints.
 */
#ifndef SPDXFS_MODLIC_H
#define SPDXFS_MODLIC_H

#include <stdio.h>

#include <stddef.h>

struct expr;
struct source;
struct spdx_error;
struct spdx_index;
struct spdx_file;

#define MODLIC_RULES_PATH "Documentation/process/license-rules.rst"

/* License families, as bits. */
enum modlic_family {
	MODLIC_F_GPL		= 1u << 0,
	MODLIC_F_MIT		= 1u << 1,
	MODLIC_F_BSD		= 1u << 2,
	MODLIC_F_MPL		= 1u << 3,
	MODLIC_F_PROPRIETARY	= 1u << 4,
};

enum modlic_class {
	MODLIC_CONSISTENT,
	MODLIC_CONTRADICTION,
	MODLIC_UNTAGGED,	/* untagged or invalid */
	MODLIC_UNKNOWN,		/* a string not in the table */
	MODLIC__NCLASSES
};

/* "consistent", "contradiction", "untagged", "unknown". */
const char *modlic_class_key(enum modlic_class c);

struct modlic_row {
	char *string;		/* "Dual BSD/GPL", without the quotes */
	unsigned families;	/* enum modlic_family */
};

struct modlic_table {
	struct modlic_row *rows;
	size_t nrows;
};

/*
 * Parse the MODULE_LICENSE table out of license-rules.rst text @rst.
 * Returns 0, -ENOENT when no such table is there (@err says so), or
 * -ENOMEM.  Release @t with modlic_table_release() after success.
 */
int modlic_table_parse(struct modlic_table *t, const char *rst, size_t len,
		       struct spdx_error *err);

/* The same from MODLIC_RULES_PATH of @src: -ENOENT (with a message
 * naming the file) when it or its table is missing. */
int modlic_table_read(struct modlic_table *t, struct source *src,
		      struct spdx_error *err);
void modlic_table_release(struct modlic_table *t);

/* The row of @declared, or NULL. */
const struct modlic_row *modlic_table_find(const struct modlic_table *t,
					   const char *declared);

/* The families @e grants, as above. */
unsigned modlic_expr_families(const struct expr *e);

#define MODLIC_DECL_MAX 128

/* One MODULE_LICENSE() call. */
struct modlic_call {
	unsigned line;			/* 1-based, of MODULE_LICENSE */
	int resolved;			/* declared is the string; else the
					   macro name that was not found */
	int macro;			/* written as MODULE_LICENSE(NAME):
					   its string may come from a header */
	char declared[MODLIC_DECL_MAX];	/* cut if longer */
};

/* @c's declaration as check --modules and show print it: the string
 * quoted, control bytes as '?'; a macro name not resolved, bare. */
void modlic_print_declared(FILE *out, const struct modlic_call *c);

/*
 * The calls in C text @buf of @len bytes, in order, into a new array
 * *@calls of *@ncalls (free() it; NULL when none).  Returns 0 or -ENOMEM.
 */
int modlic_find(const char *buf, size_t len, struct modlic_call **calls,
		size_t *ncalls);

/* The class of @c in file @f of @idx. */
enum modlic_class modlic_classify(const struct modlic_table *t,
				  const struct spdx_index *idx,
				  const struct spdx_file *f,
				  const struct modlic_call *c);

/*
 * Resolve the calls of @calls not resolved yet with the
 * "#define NAME "literal"" lines of C text @buf (a header).  Returns 0
 * or -ENOMEM.
 */
int modlic_resolve(struct modlic_call *calls, size_t ncalls, const char *buf,
		   size_t len);

/* Does modlic look into @f (a .c file, not an unlistable directory)? */
int modlic_wanted(const struct spdx_file *f);

/* What modlic_file() reads at most: the file (the kernel's largest .c
 * file is 1.8 MB), the headers its #include "..." lines name (118 at
 * most in the kernel), and their bytes all together. */
#define MODLIC_FILE_BYTES	(8u << 20)
#define MODLIC_INCLUDES_MAX	256
#define MODLIC_INCLUDE_BYTES	(4u << 20)

/*
 * The calls of file @f read through @src, as modlic_find(), a macro
 * left unresolved then looked up in the headers @f includes as
 * #include "NAME" from its own directory (one level; the tree's
 * MPI3MR_DRIVER_LICENSE).  A file that cannot be read has none (it is
 * the index's ST_ERROR business); nor has one bigger than
 * MODLIC_FILE_BYTES.  The headers: each read once however often it is
 * named, the first MODLIC_INCLUDES_MAX named only, MODLIC_INCLUDE_BYTES
 * of them in all (a header that would go past it is passed over), so
 * that no file costs more than a few reads whatever it holds.
 * Returns 0 or -ENOMEM.  Any number of threads at once.
 */
int modlic_file(struct source *src, const struct spdx_file *f,
		struct modlic_call **calls, size_t *ncalls);

#endif
