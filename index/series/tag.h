/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tag: the SPDX tagging series for a tree's untagged files, after the
 * 2017 "License cleanup" series (b24413180f56, 6f52b16c5b29).
 *
 * The decisions are pure functions over (path, bytes), thread-safe:
 *  - tag_eligible(): is the file a source file the series may tag, and
 *    with which comment style (license-rules.rst, checkpatch.pl):
 *      "// "      .c .rs .dts .dtsi .dtso .cocci
 *      "/" "* *" "/"  .h .S .s .lds .asm .y .l (and X_shipped as X)
 *      "# "       .sh .bash .py .pl .pm .awk .tc .mk, Makefile*, Kbuild*,
 *                 Kconfig*, and any file whose line 1 is "#!/..." for a
 *                 shell, python, perl, awk, make or bpftrace
 *      ".. "      .rst (documentation, so never tagged by the series)
 *    Documentation/, .rst and .txt are documentation; Makefile, Kbuild
 *    and Kconfig files need more than 5 lines; .json has no comments;
 *    anything else is not a source file type.
 *  - tag_decide(): which patch a file belongs to.  No license wording in
 *    the first BP_HEAD_BYTES and no MODULE_LICENSE() anywhere: the
 *    default license (patch 1), or for a uapi path the default license
 *    WITH Linux-syscall-note (patch 2).  License boilerplate that
 *    boilerplate_detect() maps to an expression: that expression, with
 *    Linux-syscall-note on GPL-family terms for uapi paths (patch 3).
 *    With the tree's precedent (precedent.h), a wording the tree's own
 *    tagged files carry often enough decides too: where they agree with
 *    themselves and the rules cannot decide, their expression (patch 4),
 *    provided it keeps every license the text names; where they agree
 *    but the rules say otherwise, or where they disagree, review.  Public
 *    domain wording is never tagged by rule or precedent.  A header in
 *    include/dt-bindings/ must get "GPL-2.0-only OR ..." (checkpatch.pl
 *    in 6.12 asks for it) or is left for review.
 *    A file whose head holds a misspelt or malformed tag line (the
 *    scanner's near miss: "SPDX-License_Identifier: GPL-2.0",
 *    "SPDX-License-Identifier GPL-2.0") has that line repaired in place,
 *    in a patch of its own, with the expression its author wrote when
 *    it is valid; a second tag line would leave the bad one for ever.
 *    An invalid expression there is left for review.
 *    No license text, where the nearest directory above with at least
 *    PREC_DIR_MIN_FILES tagged files (precedent.h) agrees on another
 *    license than the default: that license (its own patch); where they
 *    split and most carry another license: review.  The 2017 default
 *    predates directories such as AMD's display code, all MIT.
 *    A wording whose tagged files disagree among themselves is still
 *    tagged by the rules when the file's directory agrees on exactly
 *    what the rules read.
 *    Anything else needs review and is not tagged, unless the caller
 *    brings a reviewer's decision for it (struct tag_review): patch 5.
 *    With a newer tree (struct tag_upstream), a file that tree tags at
 *    the same path takes its tag there when its license wording is the
 *    same in both (boilerplate_fingerprint(), or no wording in either),
 *    in a patch of its own, before the rules are asked; where the
 *    wording differs (upstream relicensed, or rewrote the header) the
 *    file is only noted (tag_plan.upstream_changed) for a person.  A
 *    LICENSES/ text that upstream's or a reviewer's identifiers need and
 *    the tree lacks is added from the newer tree by a first patch.
 *  - tag_edit_make(): where the line goes: line 1; line 2 after "#!" or
 *    "<?xml"; after a UTF-8 BOM on line 1; with the file's CRLF; a file
 *    without a final newline keeps that.
 *  - tag_diff(): the file's `git diff` (a/ b/ paths, index line with
 *    blob ids, one hunk, 3 lines of context).
 *
 * Series (tag_plan_*): every file the index saw without a tag is either
 * counted as skipped (with a reason), tagged by one of five patches, or
 * listed for review.  Patches with no file are left out and the others
 * renumbered; the cover letter says so.  Output depends only on the tree
 * and the options, so the same tree gives the same bytes.
 */
#ifndef SPDXFS_TAG_H
#define SPDXFS_TAG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "series/tag_expr.h"

struct source;
struct licenses;
struct precedent;
struct prec_rule;
struct prec_dir;
struct spdx_index;
struct spdx_file;

#define TAG_DEFAULT_LICENSE	"GPL-2.0-only"
#define TAG_FILE_MAX		(64u << 20)	/* larger files are skipped */

/* Why precedent sent a file to review (struct tag_decision.why). */
#define TAG_WHY_CONTESTED	"the tree's own tags for this wording differ"
#define TAG_WHY_OTHERWISE	"the tree tags this wording otherwise"
#define TAG_WHY_DROPS		"the tree's tag for this wording leaves out a license the text names"
#define TAG_WHY_DIR_SPLIT	"no license text, and its directory's tagged files differ"
#define TAG_WHY_MALFORMED	"a malformed SPDX tag line whose expression is not valid"
#define TAG_WHY_DT_BINDING	"DT binding headers are to be licensed (GPL-2.0-only OR ...), as checkpatch.pl says"

enum tag_style {
	TAG_STYLE_NONE,
	TAG_STYLE_SLASH,	/* "// SPDX-License-Identifier: X" */
	TAG_STYLE_BLOCK,	/* "/" "* SPDX-License-Identifier: X *" "/" */
	TAG_STYLE_HASH,		/* "# SPDX-License-Identifier: X" */
	TAG_STYLE_RST,		/* ".. SPDX-License-Identifier: X" */
};

enum tag_reason {
	TAG_OK,
	TAG_SKIP_EXCLUDED,	/* scripts/spdxexclude */
	TAG_SKIP_UNREADABLE,
	TAG_SKIP_BINARY,
	TAG_SKIP_EMPTY,
	TAG_SKIP_DOC,
	TAG_SKIP_NO_COMMENT,	/* JSON */
	TAG_SKIP_SHORT,		/* Makefile/Kbuild/Kconfig, <= 5 lines */
	TAG_SKIP_NOT_SOURCE,
	TAG_SKIP_TOO_BIG,
	TAG__NREASONS
};

enum tag_kind {
	TAG_K_SKIP,		/* not eligible: see reason */
	TAG_K_LICENSES,		/* first: LICENSES/ texts from upstream */
	TAG_K_FIXED,		/* a malformed tag line repaired in place */
	TAG_K_NOLICENSE,	/* patch 1 */
	TAG_K_UAPI,		/* patch 2 */
	TAG_K_DIRECTORY,	/* no license text: the directory's license */
	TAG_K_BOILERPLATE,	/* patch 3 */
	TAG_K_PRECEDENT,	/* patch 4: the tree's own tags decide */
	TAG_K_UPSTREAM,		/* upstream's tag, the wording unchanged */
	TAG_K_DECIDED,		/* patch 5: a reviewer's decision */
	TAG_K_REVIEW,		/* not tagged; listed in the cover letter */
	TAG__NKINDS
};
#define TAG_K_FIRST_PATCH	TAG_K_LICENSES
#define TAG_K_LAST_PATCH	TAG_K_DECIDED

struct tag_decision {
	enum tag_kind kind;
	enum tag_reason reason;	/* TAG_OK unless kind is TAG_K_SKIP */
	enum tag_style style;
	char expr[192];		/* what the series writes (patches 1-4) or,
				   for review, the recognised licenses as
				   "A, B" ("" when none), or a malformed
				   tag line's expression */
	const char *why;	/* review: why (static string) */
	const struct prec_rule *rule;	/* the precedent that tagged the
					   file or sent it to review */
	const struct prec_dir *dir;	/* the directory that did */
};

/* "matched by scripts/spdxexclude", ...; NULL out of range. */
const char *tag_reason_name(enum tag_reason r);

enum tag_reason tag_eligible(const char *path, const char *buf, size_t len,
			     enum tag_style *style);

struct spdx_error;

/*
 * Can the series write @license (the default license, one identifier)
 * on files with no license information: in a spelling @lic declares, and
 * on uapi files WITH Linux-syscall-note when it is GPL-family?  0 when
 * both hold; -EINVAL with @expr (@size bytes) the expression that failed
 * and @err why; -ENOMEM.
 */
int tag_license_check(const char *license, const struct licenses *lic,
		      char *expr, size_t size, struct expr_error *err);

/* The tag line for @style, without line ending, into @buf (snprintf). */
int tag_line(enum tag_style style, const char *expr, char *buf, size_t size);

/*
 * Decide for the file @path with content @buf.  @license is the default
 * license (NULL: TAG_DEFAULT_LICENSE).  @lic, when not NULL, is used to
 * pick the spelling LICENSES/ declares ("LGPL-2.1-only WITH
 * Linux-syscall-note" is not valid in 6.1, "LGPL-2.1 WITH ..." is); an
 * expression that validates in neither spelling makes the file a review
 * case.  @prec, when not NULL, is the tree's precedent.  Returns 0 or
 * -ENOMEM.
 */
int tag_decide(const char *path, const char *buf, size_t len, int uapi,
	       const char *license, const struct licenses *lic,
	       const struct precedent *prec, struct tag_decision *d);

/*
 * tag_decide() for file @f of @idx, read through @src, by the rules
 * alone (no precedent).  Returns 0, -ENOMEM, or the read's -errno
 * (-EFBIG past TAG_FILE_MAX), @d untouched then.
 */
int tag_decide_file(struct source *src, const struct spdx_index *idx,
		    const struct spdx_file *f, const char *license,
		    struct tag_decision *d);

/*
 * For the FUSE view (xattr user.spdx.suggested) of an untagged file @f
 * of @idx read through @src: the expression the series would write, or
 * the review suggestion.  Returns 0 (the series tags it; @buf holds the
 * expression), 1 (needs review; @buf holds the recognised licenses "A, B"
 * or ""), -ENODATA (not eligible, already tagged, or past TAG_FILE_MAX,
 * which the series skips: only its size is read), -ERANGE (@len too
 * small) or the read's -errno.  @license as for tag_decide().  The
 * suggestion is the rules' alone: learning the tree's precedent means
 * reading every tagged file, too much for one attribute, so where the
 * series follows precedent (patch 4, or review) the two can differ.
 */
int tag_suggest(struct source *src, const struct spdx_index *idx,
		const struct spdx_file *f, const char *license,
		char *buf, size_t len);

/*
 * One edit: old bytes [off, off + old_len) become @text.  Both ends are
 * line boundaries of the old file (or its end).
 */
struct tag_edit {
	size_t off, old_len;
	char *text;		/* malloc'd */
	size_t len;
	unsigned line;		/* the tag's 1-based line in the new file */
};

/* Where @tagline (no line ending) goes in @buf.  -EINVAL for an empty
 * file (or one holding only a BOM), -ENOMEM. */
int tag_edit_make(const char *buf, size_t len, const char *tagline,
		  struct tag_edit *e);

/*
 * The repair of the first malformed tag line in the head of @buf: the
 * misspelt key becomes "SPDX-License-Identifier: ", the comment leader
 * before it, the expression and what follows it (" *" "/") stay.  With
 * @expr, the expression as written there (@size bytes) too.  Returns 0,
 * -ENOENT when the head has no such line, -ENOMEM.
 */
int tag_fix_make(const char *buf, size_t len, struct tag_edit *e,
		 char *expr, size_t size);
void tag_edit_release(struct tag_edit *e);

/* The new content: malloc'd into *@out. */
int tag_edit_apply(const char *buf, size_t len, const struct tag_edit *e,
		   char **out, size_t *outlen);

/*
 * Write the git diff of @e on @buf for @path to @out, as `git diff`
 * prints it (index line with 12-digit blob ids and @mode's 100644 or
 * 100755).  Adds the line counts to *@ins and *@del.  Returns 0 or
 * -ENOMEM/-EIO.
 */
int tag_diff(FILE *out, const char *path, uint32_t mode, const char *buf,
	     size_t len, const struct tag_edit *e, unsigned *ins, unsigned *del);

/* The series. */

/* A newer tree whose decisions the series may adopt. */
struct tag_upstream {
	const struct spdx_index *idx;
	struct source *src;
	const char *name;	/* "Linux 6.12.118", for the messages */
};

/*
 * A reviewer's decision: the expression for a file the rules cannot
 * decide, written as given (validated against LICENSES/ by the caller).
 */
struct tag_review {
	const char *path;
	const char *expr;
	unsigned line;		/* in the decisions file, for messages */
};

struct tag_opts {
	const char *license;	/* NULL: TAG_DEFAULT_LICENSE */
	const char *author;	/* "Name <email>" for From: and Signed-off-by:
				   (never NULL: the caller finds one) */
	int no_precedent;	/* the rules alone, as tag_suggest() */
	const struct tag_upstream *upstream;	/* or NULL */
	const char *date;	/* RFC 2822, for every mail */
	const char *base;	/* base commit id, or NULL */
	const char *version;	/* "spdxfs 0.1" for the signature */
	void (*progress)(size_t done, size_t total, void *arg);
	void *progress_arg;
	const struct tag_review *reviews;	/* sorted by path */
	size_t nreviews;
	const char *decisions;	/* the file @reviews come from, for messages */
	const char *to, *cc;	/* To: and Cc: of every mail, or NULL */
	const char *prefix;	/* "drivers/net" before "License cleanup:" in
				   every subject, or NULL */
	const char *under;	/* a path of the tree: only the files beneath
				   it are tagged, counted and listed (NULL or
				   "": all); the precedent is the whole tree's */
};

struct tag_item {
	char *path;
	enum tag_kind kind;
	enum tag_reason reason;
	char *expr;		/* written or suggested; never NULL */
	const char *why;
	const struct prec_rule *rule;	/* see struct tag_decision */
	const struct prec_dir *dir;
	char *diff;		/* patches 1-4: this file's diff */
	size_t diff_len;
	unsigned ins, del;
};

/* An untagged file the series leaves alone, and why. */
struct tag_skip {
	char *path;
	enum tag_reason reason;
};

/* A file the newer tree tags but whose tag the series did not adopt. */
struct tag_note {
	char *path;
	char *expr;		/* upstream's, as written there */
	const char *why;	/* static */
};

struct tag_plan {
	struct tag_item *items;	/* tagged and review, sorted by path but
				   for the LICENSES/ texts, last */
	size_t nitems;
	size_t skipped[TAG__NREASONS];	/* skips counted by reason */
	struct tag_skip *skips;	/* the same files, in index order */
	size_t nskips, skips_cap;
	size_t nkind[TAG__NKINDS];
	size_t candidates;	/* files seen without a tag */
	size_t misplaced, invalid;	/* left alone: not untagged */
	size_t crlf;		/* tagged files with CRLF line endings: the
				   series needs git am --keep-cr */
	int patchno[TAG__NKINDS];	/* 1-based number in the series, 0
					   when the patch is left out */
	int npatches;
	struct precedent *prec;	/* what the tree's tagged files taught,
				   NULL with no_precedent */
	struct tag_note *upstream_changed;	/* sorted by path */
	size_t nupstream_changed, upstream_cap;
};

/*
 * Read every untagged file of @idx through @src and decide.  Returns 0
 * and sets *@out, or -errno with @err filled: a decision in @o->reviews
 * for a file that is not an untagged source file the series could tag
 * fails with -EINVAL, "DECISIONS:LINE: PATH: why" ("the file has a tag
 * already", "no such file in the tree", ...).
 */
int tag_plan_build(struct tag_plan **out, struct source *src,
		   const struct spdx_index *idx, const struct tag_opts *o,
		   struct spdx_error *err);
void tag_plan_free(struct tag_plan *p);

#endif
