/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * source_impl: what the implementations of a source (source.h) share:
 * their constructors, which source_open() calls, and the helpers each
 * uses.  Not for a source's users.
 */
#ifndef SPDXFS_SOURCE_IMPL_H
#define SPDXFS_SOURCE_IMPL_H

#include "source/source.h"

/* The implementations, for source_open(). */
int source_fs_new(struct source **out, const struct source_spec *spec,
		  struct spdx_error *err);
int source_git_new(struct source **out, const struct source_spec *spec,
		   struct spdx_error *err);
int source_staged_new(struct source **out, const struct source_spec *spec,
		      struct spdx_error *err);

/* For the implementations: is @path relative, with no empty, "." or ".."
 * component (not "" either: the root has no path to check)? */
int source_path_ok(const char *path);

/* For sources that hold a file's @size bytes at @data: pread() of them
 * (the byte count, less only at the end). */
ssize_t source_mem_pread(const void *data, uint64_t size, void *buf,
			 size_t len, uint64_t off);

#endif
