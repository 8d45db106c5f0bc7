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
 * idstring is [A-Za-z0-9.-]+; "+" is only allowed as the last character
 * of a plain license id (not of a LicenseRef).  A WITH applies to a
 * simple expression only: "(A) WITH X" and "(A OR B) WITH X" are errors.
 *
 * Columns are 0-based byte offsets into the expression text; they equal
 * spdxcheck's character columns because an error is always reported at
 * or before the first non-ASCII byte.  An error at the first token has
 * column 0 like any other: it is that token's column.  Only
 * EXPR_UNFINISHED has no token to point at; its column is 0 too, and
 * spdxcheck prints it at column 0 of the line, not of the expression.
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
	const char *text;	/* LICENSE: as written, with the "+" if any */
	int plus;		/* LICENSE: "+" was written */
	const char *exception;	/* WITH: exception id as written */
	unsigned col;		/* 0-based column of the node's first
				   identifier (LICENSE: of its id) */
	unsigned exc_col;	/* WITH: column of the exception id */
};

/*
 * Style notes about an expression (struct expr.flags).
 *
 * EXPR_F_LOWER_OP: some AND/OR/WITH is not all upper case ("or", "Or").
 * EXPR_F_MIXED_OP: at least one all-upper-case operator and at least one
 * that is not.
 * EXPR_F_REDUNDANT_PARENS: parentheses that neither the SPDX grammar nor
 * spdxcheck needs, namely
 *   - around a single license, anywhere: "(GPL-2.0)", "(MIT) OR X";
 *   - around the whole expression when it is a single WITH term:
 *     "(GPL-2.0 WITH Linux-syscall-note)";
 *   - doubled: "((A OR B))", "A AND ((B OR C))".
 * Parentheses around a compound, such as "(A AND B) OR C" or the common
 * "(GPL-2.0 OR MIT)", or around a WITH inside AND/OR, are not flagged:
 * spdxcheck needs the former and the kernel writes the latter.
 */
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

/* The message of an expression that ends too early: it has no column. */
#define EXPR_UNFINISHED	"Unfinished license expression"

/*
 * Where and why a parse or a check failed: the expression code's own
 * detail type, not the library's error (struct spdx_error, error.h).  It
 * carries the column, which reports print as spdxcheck does, and names
 * no file, since an expression is a piece of one.  Filled on -EINVAL
 * only, never on -ENOMEM.  Its users keep it as data (the index's
 * struct spdx_expr: error, col) or print it with the file and line they
 * know (a decision's expression, cli_tag.c); a function that fails
 * because of it and has no column to offer says so in its own struct
 * spdx_error, naming the file.
 */
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
 * Parse @len bytes at @text (leading and trailing white space allowed).
 * Returns 0 and sets *@out, or returns -EINVAL with @err filled (an empty
 * expression is "Unfinished license expression" at column 0; more than
 * 64 nested parentheses is "Syntax error: (" at the 65th), or -ENOMEM;
 * *@out is NULL on failure.  @err may be NULL.
 */
int expr_parse(struct expr **out, const char *text, size_t len,
	       struct expr_error *err);

/* Is @c a character of an idstring ([A-Za-z0-9.-])? */
int expr_is_idchar(char c);
void expr_free(struct expr *e);

/*
 * Canonical form into @buf (always NUL-terminated when @size > 0): operators
 * upper case, single spaces, identifiers spelled as the license files
 * declare them when @lic is given (else as written), parentheses only
 * where precedence needs them, except that a WITH inside AND/OR is always
 * parenthesised as the kernel writes it.  Returns the length it needed
 * (like snprintf).  The tree is kept: "A OR (B OR C)" stays so, since
 * re-parsing the canonical form gives the same AST.  "(A AND B) OR C"
 * becomes "A AND B OR C", which spdxcheck would reject: use
 * expr_kernel_strict() on the original text for that question.
 */
size_t expr_canonical(const struct expr *e, const struct licenses *lic,
		      char *buf, size_t size);

/*
 * Check every identifier against the tree's LICENSES/: a license id (with
 * its "+" if written, so "GPL-2.0+" must itself be declared, as spdxcheck
 * requires) must be a Valid-License-Identifier, an exception an
 * SPDX-Exception-Identifier whose SPDX-Licenses list the license it is
 * attached to.  Returns 0, or -EINVAL with @err at the first failure, left
 * to right: "Invalid License ID: X" (also for an exception id used as a
 * license), "Invalid Exception ID: X" (also for a license id after WITH),
 * "Exception not valid for license L: X" with L upper-cased as spdxcheck
 * prints it; the column is that of X.  LicenseRef-/DocumentRef- ids are
 * valid only when a license file declares them.  @lic may be NULL: then
 * every id is invalid.
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
 *
 * The emulation is token for token: its lexer (IDs are [A-Za-z.0-9+-]+,
 * AND/OR/WITH in any case, only spaces and tabs skipped, "Missing
 * parentheses" for any word right after an exception) and an LR
 * recogniser of "expr : ID | ID WITH EXC | expr AND expr | expr OR expr |
 * ( expr )" with AND, OR nonassoc, so the first offending token is the
 * one spdxcheck names.  Differences: for "Invalid token" spdxcheck
 * prints the rest of the text, this prints only the offending character;
 * nesting deeper than 64 parentheses is a syntax error here.
 */
int expr_kernel_strict(const char *text, size_t len, struct expr_error *err);

/*
 * Today's SPDX spelling of a kernel identifier: GPL-2.0 -> GPL-2.0-only,
 * GPL-2.0+ -> GPL-2.0-or-later, LGPL-2.1+ -> LGPL-2.1-or-later (GPL,
 * LGPL, GFDL families); other ids are returned as given.  @plus says a "+"
 * followed @id.  Writes into @buf, returns @buf.
 */
char *spdx_modern_id(const char *id, int plus, char *buf, size_t size);

/*
 * Is @e satisfied when only the one license @modern_id is accepted
 * ("GPL-2.0-only", "BSD-3-Clause"; older spellings such as "GPL-2.0" or
 * "GPL-2.0+" are first converted with spdx_modern_id())?  A leaf
 * "X-or-later" (or "X+") of a GNU family (GPL, LGPL, AGPL, GFDL) is
 * satisfied by "Y-only" and "Y-or-later" for X and every later version Y
 * of its family: GPL-1.0+ by GPL-2.0-only, LGPL-2.0+ by
 * LGPL-2.1-or-later (never across families: LGPL's permission to convert
 * to the GPL is not an "or later").  Another "+" leaf is satisfied by its
 * own version's "-only" and "-or-later", any other leaf by the same
 * modern id; ids compare without case.  A WITH term counts as its
 * license: an exception only adds permissions, so accepting the license
 * accepts the term.  AND needs both sides, OR either.  Returns 1 or 0.
 */
int expr_usable_under(const struct expr *e, const char *modern_id);

/*
 * Call @fn once for each distinct (case-insensitively) identifier in @e,
 * left to right: licenses with @is_exception 0 and @plus saying a "+"
 * followed, exceptions with @is_exception 1.  @id is NUL-terminated, @len
 * its length, without the "+".  Stops at and returns the first non-zero
 * value @fn returns; 0 otherwise.
 */
int expr_foreach_id(const struct expr *e,
		    int (*fn)(const char *id, size_t len, int plus,
			      int is_exception, void *arg),
		    void *arg);

#endif
