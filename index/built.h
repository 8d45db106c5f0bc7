/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * built: the tree files that went into a kernel image, from the build's
 * own dependency records.
 *
 * In a kernel build directory (in-tree or O=), .vmlinux.o.cmd names the
 * archives linked into vmlinux (vmlinux.a whole, lib.a archives on
 * demand, so their members are a superset); each archive is a thin
 * archive listing object paths; each object's .NAME.o.cmd has its
 * source_ and deps_ records (gcc -MMD), whose files are the sources and
 * headers compiled into it.  The linker script's record is read too.
 * Paths outside the source tree (generated headers in the build
 * directory) are counted apart.  Nothing here runs a tool or writes.
 */
#ifndef SPDXFS_BUILT_H
#define SPDXFS_BUILT_H

#include <stddef.h>

struct built {
	char *srctree;		/* absolute path of the source tree */
	char **paths;		/* tree files, relative, sorted, unique */
	size_t npaths;
	size_t nobjects;	/* objects whose records were read */
	size_t nno_record;	/* objects without a .cmd record */
	size_t ngenerated;	/* distinct files outside the source tree */
};

struct spdx_error;

/*
 * Collect the files of @build_dir's vmlinux.  Returns 0 and sets *@out,
 * or -errno with @err filled, naming the record or archive at fault
 * (-ENOENT: "BUILD_DIR: no vmlinux.a: not a built kernel build
 * directory"; -ENOTSUP: "BUILD_DIR/X.a: not a thin archive").
 */
int built_collect(struct built **out, const char *build_dir,
		  struct spdx_error *err);
void built_free(struct built *b);

/*
 * Collapse "//", "/./" and "dir/../" of path @p in place, lexically (a
 * leading "../" stays).  Returns the new length; @p is not terminated.
 */
size_t built_normalize(char *p, size_t len);

#endif
