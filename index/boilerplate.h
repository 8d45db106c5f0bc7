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
 *    text is reduced to lower-case alphanumeric words ("and/or" becomes
 *    "and or", "2.1" becomes "2 1", comment leaders disappear) and known
 *    phrases are matched.  Families: GPL and LGPL (with version and
 *    only/or-later; a GPL text with no version, or one that names the
 *    kernel's COPYING, is GPL-2.0-only as COPYING says), BSD-2-Clause,
 *    BSD-3-Clause, Linux-OpenIB, MIT, ISC, Zlib.
 *    One family gives its id; a GPL-family id plus one permissive id with
 *    a dual-license statement ("alternatively", "dual licensed", "choice
 *    of", ...) gives "A OR B"; anything else is ambiguous.
 *
 * Identifiers are returned in their modern spelling ("GPL-2.0-only",
 * "LGPL-2.1-or-later"); tag.c respells them when a tree's LICENSES/
 * declares only the old ones.
 */
#ifndef SPDXFS_BOILERPLATE_H
#define SPDXFS_BOILERPLATE_H

#include <stddef.h>

#define BP_HEAD_BYTES	16384	/* how much of a file is looked at */

enum bp_verdict {
	BP_NONE,	/* no license wording at all */
	BP_FOUND,	/* ids[0..nids) joined with OR */
	BP_AMBIGUOUS,	/* several families, no clear expression */
	BP_UNKNOWN,	/* license wording, no known boilerplate */
};

struct bp_match {
	enum bp_verdict verdict;
	const char *ids[2];	/* static strings; ids[0] is the GPL-family
				   one when there are two.  FOUND: the
				   expression's terms; AMBIGUOUS/UNKNOWN:
				   the families that were recognised */
	int nids;
	const char *why;	/* AMBIGUOUS/UNKNOWN: a short reason */
};

int boilerplate_has_license_words(const char *buf, size_t len);

/* Fills @out; looks at the first BP_HEAD_BYTES of @buf. */
void boilerplate_detect(const char *buf, size_t len, struct bp_match *out);

/* Is @id a GPL-family license (GPL, LGPL) that Linux-syscall-note
 * applies to? */
int boilerplate_is_gpl_family(const char *id);

#endif
