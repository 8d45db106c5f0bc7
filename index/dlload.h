/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dlload: a shared library loaded when first called, its functions
 * looked up by name into its caller's table (libgit2.c, libcrypto.c).
 */
#ifndef SPDXFS_DLLOAD_H
#define SPDXFS_DLLOAD_H

#include <stddef.h>

struct dl_sym {
	const char *name;
	void *slot;		/* where its address goes: a function pointer
				   of the table */
};

/*
 * dlopen() @soname and put the address of each of the @n symbols in its
 * slot: 1.  0 when the library or any one of them is missing (another
 * version than the one built against): no slot is written then, and the
 * library is closed.  It stays loaded for the life of the process.
 */
int dl_load(const char *soname, const struct dl_sym *syms, size_t n);

#endif
