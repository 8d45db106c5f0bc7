/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spdxlist: is an identifier on the SPDX License List?
 *
 * The kernel's LICENSES/ declares which identifiers a tree may use; the
 * SPDX License List says which of them an SPDX document may name as they
 * are.  Any other must be written "LicenseRef-ID" and carry its text
 * (export.h).  The list is data compiled in (spdxlist_ids.c, with its
 * provenance): current and deprecated identifiers both count, since a
 * deprecated id ("GPL-2.0") is still a valid SPDX identifier.  Lookups
 * ignore case, as SPDX matches identifiers; they are pure and thread-safe.
 */
#ifndef SPDXFS_SPDXLIST_H
#define SPDXFS_SPDXLIST_H

#include <stddef.h>

extern const char *const spdxlist_licenses[];
extern const size_t spdxlist_licenses_count;
extern const char *const spdxlist_exceptions[];
extern const size_t spdxlist_exceptions_count;

/* Is @len bytes of @id a license id of the list (without a "+")? */
int spdxlist_has_license(const char *id, size_t len);

/* Is @len bytes of @id an exception id of the list? */
int spdxlist_has_exception(const char *id, size_t len);

#endif
