/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * precedent: what a tree's own tagged files say a license wording means.
 *
 * precedent_learn() reads the head of every tagged file (ST_TAGGED) of an
 * index and pairs its wording fingerprint (boilerplate_fingerprint(): the
 * sentences about licensing, the tag line left out) with its expression
 * in canonical form (precedent_canon()).  A file without license wording
 * has no fingerprint and teaches nothing.  A wording carried by at least
 * PREC_MIN_FILES files is
 *   - a rule when at least PREC_MIN_PERCENT of them carry one expression:
 *     the tree agrees with itself about what the wording means;
 *   - contested otherwise: the tree's own decisions differ.
 * Rarer wordings are not looked up at all.
 *
 * Canonical expressions: today's identifiers (GPL-2.0 -> GPL-2.0-only,
 * GPL-2.0+ -> GPL-2.0-or-later), the operands of AND and OR flattened,
 * deduplicated and sorted, the GPL family first, then by name without
 * case; Linux-syscall-note is left out (tag.c adds it by path), other
 * exceptions stay.  Three or more operands nest to the left, "(A OR B) OR
 * C", as scripts/spdxcheck.py wants; a WITH inside AND or OR is
 * parenthesised as the kernel writes it.
 *
 * A learned struct precedent is read-only: any number of threads may use
 * it.  Its strings are its own (not the index's).
 */
#ifndef SPDXFS_PRECEDENT_H
#define SPDXFS_PRECEDENT_H

#include <stddef.h>
#include <stdint.h>

struct expr;
struct licenses;
struct source;
struct spdx_index;

#define PREC_MIN_FILES		10
#define PREC_MIN_PERCENT	95
#define PREC_EXPR_MAX		192
#define PREC_WORDS_MAX		64	/* of struct prec_rule.words */

struct prec_rule {
	uint64_t fp;		/* the wording */
	char *expr;		/* canonical; the most common expression */
	char *second;		/* the next most common, or NULL */
	char *example;		/* a tagged file with the wording and expr */
	char *words;		/* the start of the wording, normalised */
	unsigned n;		/* tagged files with the wording */
	unsigned k, k2;		/* of them with expr, with second */
	int contested;		/* k < PREC_MIN_PERCENT% of n */
};

/*
 * A directory's tagged files: every tagged file beneath it, whatever its
 * wording, by canonical expression.  Only directories with at least
 * PREC_DIR_MIN_FILES of them are kept; they agree (not split) when at
 * least PREC_MIN_PERCENT of them carry one expression.
 */
#define PREC_DIR_MIN_FILES	10

struct prec_dir {
	char *dir;		/* a path of the tree, "" for the root */
	char *expr;		/* canonical; the most common expression */
	char *second;		/* the next most common, or NULL */
	unsigned n, k, k2;	/* tagged files beneath, with expr, second */
	int split;		/* k < PREC_MIN_PERCENT% of n */
};

/*
 * How the tree's tagged files of one file name extension carry their
 * tag: the comment leader all of them use, when PREC_EXT_MIN_FILES or
 * more do and none differs.  For the kinds of file license-rules.rst
 * gives no comment style (syscall tables, linker scripts), the tree's
 * own decision.
 */
#define PREC_EXT_MIN_FILES	3
#define PREC_EXT_MAX		96	/* extensions looked at */

struct prec_ext {
	char ext[16];		/* ".tbl" */
	char leader[4];		/* "#", "//" or the block comment
				   opener; "" once two differ */
	unsigned n;
};

struct precedent {
	struct prec_rule *rules;	/* sorted by fp; only wordings of
					   PREC_MIN_FILES files or more */
	size_t nrules;
	size_t learned;			/* tagged files with a fingerprint */
	struct prec_dir *dirs;		/* sorted by dir */
	size_t ndirs;
	struct prec_ext exts[PREC_EXT_MAX];	/* in order first met */
	size_t nexts;
};

/*
 * Learn from the tagged files of @idx, reading them through @src.  A file
 * that cannot be read teaches nothing.  Returns 0 or -ENOMEM.
 */
int precedent_learn(struct precedent **out, struct source *src,
		    const struct spdx_index *idx);
void precedent_free(struct precedent *p);

/* The nearest directory above file @path (its own first) with at
 * least PREC_DIR_MIN_FILES tagged files beneath it, or NULL. */
const struct prec_dir *precedent_dir(const struct precedent *p, const char *path);

/* The comment leader the tree's tagged files with @path's extension
 * all use (struct prec_ext), or NULL. */
const char *precedent_leader(const struct precedent *p, const char *path);

/* The rule or contested wording for @fp, or NULL. */
const struct prec_rule *precedent_find(const struct precedent *p, uint64_t fp);

/*
 * The canonical form of @e (or of @text, parsed) into @buf.  Returns 0,
 * -EINVAL when @text does not parse, -ERANGE when @size is too small.
 */
int precedent_canon(const struct expr *e, char *buf, size_t size);
int precedent_canon_text(const char *text, char *buf, size_t size);

/*
 * The expression the series writes for canonical @canon: with
 * Linux-syscall-note on each GPL-family license when @uapi, in the first
 * spelling (today's, else GPL-2.0/GPL-2.0+ ...) that @lic declares and
 * spdxcheck accepts.  Returns 0, -EINVAL when no spelling is valid,
 * -ERANGE, -ENOMEM.
 */
int precedent_write(const char *canon, int uapi, const struct licenses *lic,
		    char *buf, size_t size);

#endif
