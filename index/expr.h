/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * expr: SPDX license expressions (SPDX specification, Annex D).
 *
 *   compound   = simple | simple "WITH" exception
 *              | compound "AND" compound | compound "OR" compound
 *              | "(" compound ")"
 *   simple     = idstring ["+"] | ["DocumentRef-" idstring ":"] "LicenseRef-" idstring
 *
 * Precedence, strongest first: "+", WITH, AND, OR; AND and OR associate
 * to the left.  Operators are accepted in any case (the kernel has
 * "GPL-2.0 or MIT"); identifiers are compared without case.
 *
 * An expression is parsed once into an immutable AST held in one
 * allocation (struct expr), freed with expr_free().  Parsing, printing
 * and validation are thread-safe on distinct or const objects.
 */
#ifndef SPDXFS_EXPR_H
#define SPDXFS_EXPR_H

#include <stddef.h>

struct licenses;

enum expr_kind {
	EXPR_LICENSE,	/* id [+] or LicenseRef */
	EXPR_WITH,	/* left: an EXPR_LICENSE; exception: name */
	EXPR_AND,
	EXPR_OR,
};

struct expr_node {
	enum expr_kind kind;
	int left, right;	/* node indices, -1 if none */
	const char *id;		/* LICENSE: identifier as written, without a
				   trailing "+" */
	int plus;		/* LICENSE: "+" was written */
	const char *exception;	/* WITH: exception id as written */
	unsigned col;		/* 0-based column of the node's first token */
	unsigned exc_col;	/* WITH: column of the exception id */
};

/* Style notes about an expression (struct expr.flags). */
enum expr_flag {
	EXPR_F_LOWER_OP	= 1u << 0,	/* an operator not in upper case */
	EXPR_F_MIXED_OP	= 1u << 1,	/* upper- and lower-case operators mixed */
	EXPR_F_REDUNDANT_PARENS = 1u << 2, /* parentheses that change nothing */
};

struct expr {
	int root;		/* index into nodes */
	int nnodes;
	unsigned flags;		/* enum expr_flag */
	struct expr_node *nodes;
	/* strings and nodes live in the same allocation */
};

/* Where and why a parse or a check failed. */
struct expr_error {
	unsigned col;		/* 0-based column in the expression text */
	char msg[96];		/* spdxcheck's words where it has them:
				   "Invalid License ID: X", "Invalid Exception
				   ID: X", "Exception not valid for license
				   L: X", "Syntax error: tok", "Unfinished
				   license expression", "Invalid token: c",
				   "Missing parentheses: tok" */
};

/*
 * Parse @len bytes at @text.  Returns 0 and sets *@out, or returns
 * -EINVAL with @err filled (an empty expression is "Unfinished license
 * expression" at column 0), or -ENOMEM.
 */
int expr_parse(struct expr **out, const char *text, size_t len,
	       struct expr_error *err);
void expr_free(struct expr *e);

/*
 * Canonical form into @buf (always NUL-terminated when @size > 0): operators
 * upper case, single spaces, identifiers spelled as the license files
 * declare them when @lic is given (else as written), parentheses only
 * where precedence needs them, except that a WITH inside AND/OR is always
 * parenthesised as the kernel writes it.  Returns the length it needed
 * (like snprintf).
 */
size_t expr_canonical(const struct expr *e, const struct licenses *lic,
		      char *buf, size_t size);

/*
 * Check every identifier against the tree's LICENSES/: a license id (with
 * its "+" if written, so "GPL-2.0+" must itself be declared, as spdxcheck
 * requires) must be a Valid-License-Identifier, an exception an
 * SPDX-Exception-Identifier whose SPDX-Licenses list the license it is
 * attached to.  Returns 0, or -EINVAL with @err at the first failure.
 */
int expr_validate(const struct expr *e, const struct licenses *lic,
		  struct expr_error *err);

/*
 * What the kernel's scripts/spdxcheck.py would reject in @text although
 * the SPDX grammar accepts it: AND and OR are non-associative with equal
 * precedence there, so "A OR B OR C" and "A AND B OR C" need parentheses,
 * and a WITH inside a compound expression must be parenthesised.  Returns
 * 0 when spdxcheck's grammar accepts @text, -EINVAL with @err (its
 * message and column) otherwise.  Identifiers are not validated here.
 */
int expr_kernel_strict(const char *text, size_t len, struct expr_error *err);

/*
 * Today's SPDX spelling of a kernel identifier: GPL-2.0 -> GPL-2.0-only,
 * GPL-2.0+ -> GPL-2.0-or-later, LGPL-2.1+ -> LGPL-2.1-or-later (GPL,
 * LGPL, GFDL families); other ids are returned as given.  @plus says a "+"
 * followed @id.  Writes into @buf, returns @buf.
 */
char *spdx_modern_id(const char *id, int plus, char *buf, size_t size);

#endif
