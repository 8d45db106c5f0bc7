/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boilerplate: recognise the license text in the head of a file that has
 * no SPDX tag, and say which SPDX identifiers it states.
 *
 * Pure functions over a buffer: no I/O, no allocation, thread-safe.
 *
 * Two questions, kept apart on purpose:
 *  - boilerplate_has_license_words(): does the head carry any license or
 *    copyright-permission wording at all ("license", "licence", "GPL" as a
 *    word, "copyleft", "public domain", "redistribut", "free software",
 *    "warranty", "permission is hereby granted", "permission to use")?
 *    A copyright line alone is not license information, as in the 2017
 *    method, where scanners finding no license meant "no license".
 *  - boilerplate_detect(): which license does that wording state?  The
 *    text is reduced to lower-case words ("and/or" becomes "and or", "2.1"
 *    becomes "2 1", comment leaders disappear, '_' joins so that
 *    EXPORT_SYMBOL_GPL is no "GPL") and every license family the text
 *    names is looked for, then resolved to an SPDX id if the text says
 *    enough: GPL and LGPL (version 2 or 2.1, "only" or "or later"; a GPL
 *    text that only points at the kernel's COPYING is GPL-2.0-only),
 *    BSD (its 2- or 3-clause text, the OpenIB.org text, BSD-3-Clause-Clear,
 *    or a name with the variant: "BSD-3-Clause", "Simplified BSD"), MIT
 *    (X11 with "X Consortium", or the X11 license named without its
 *    text), ISC, Zlib, MPL, Apache, CDDL,
 *    copyleft-next and CC-BY with their versions.  Named but never
 *    resolved: public domain, GFDL, and licenses LICENSES/ lacks (OpenSSL,
 *    CC0, proprietary, ...).
 *    One resolved family gives FOUND with its id; two give FOUND "A OR B"
 *    with a statement of the choice ("alternatively", "dual licensed",
 *    "choice of", "under either license", ...).  Anything else - a family
 *    named but not resolved ("the GPL" without a version, "dual BSD/GPL"
 *    without the BSD text), public domain, GPL and LGPL together, two
 *    licenses without a choice, more than two - is AMBIGUOUS (several
 *    families) or UNKNOWN, with what was recognised and why, so that no
 *    license the text names is ever dropped.
 *
 * Identifiers are returned in their modern spelling ("GPL-2.0-only",
 * "LGPL-2.1-or-later"); tag.c respells them when a tree's LICENSES/
 * declares only the old ones.
 */
#ifndef SPDXFS_BOILERPLATE_H
#define SPDXFS_BOILERPLATE_H

#include <stddef.h>
#include <stdint.h>

#define BP_HEAD_BYTES	16384	/* how much of a file is looked at */

enum bp_verdict {
	BP_NONE,	/* no license wording at all */
	BP_FOUND,	/* ids[0..nids) joined with OR */
	BP_AMBIGUOUS,	/* several families, no clear expression */
	BP_UNKNOWN,	/* license wording, no known boilerplate */
};

#define BP_MAX_IDS	4
#define BP_WHY_PUBLIC_DOMAIN	"public domain wording"

struct bp_match {
	enum bp_verdict verdict;
	const char *ids[BP_MAX_IDS];	/* static strings, GPL family first.
				   FOUND: the expression's terms (one or
				   two); AMBIGUOUS/UNKNOWN: what was
				   recognised, an id where the text states
				   one, else the family ("BSD", "GPL",
				   "public domain") */
	int nids;
	const char *why;	/* AMBIGUOUS/UNKNOWN: a short reason */
};

int boilerplate_has_license_words(const char *buf, size_t len);

/* Fills @out; looks at the first BP_HEAD_BYTES of @buf. */
void boilerplate_detect(const char *buf, size_t len, struct bp_match *out);

/*
 * The wording fingerprint of the head of @buf, for precedent.h: a hash of
 * the sentences that speak about licensing ("license", "GPL", "BSD",
 * "warranty", "permission", ... ; a sentence ends at ". " or a blank
 * line), normalised to words, in order.  Copyright lines, names and code
 * do not count, nor do MODULE_LICENSE() and an SPDX-License-Identifier
 * line, so a tagged file and an untagged one with the same boilerplate
 * have the same fingerprint.  0 when no sentence speaks about licensing.
 * The sentences' words go to @words (@size bytes, truncated; 0 for none).
 */
uint64_t boilerplate_fingerprint(const char *buf, size_t len, char *words,
				 size_t size);

/* Is @id a GPL-family license (GPL, LGPL) that Linux-syscall-note
 * applies to? */
int boilerplate_is_gpl_family(const char *id);

#endif
