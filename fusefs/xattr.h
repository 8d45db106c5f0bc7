/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xattr: the extended attributes of the mount's files (user.spdx.*).
 *
 * One table in xattr.c names each attribute, says below which view it
 * exists (all of them, or one) and computes its value; getxattr,
 * listxattr and README all read it.  Only files of the tree (VN_FILE
 * nodes) have attributes, each when it has a value: a file with no tag
 * has no user.spdx.expression.
 *
 * The values come from the snapshot, except user.spdx.suggested, which
 * reads the file through the source once per snapshot and keeps the
 * answer in the snapshot's memo (snapshot.h).  Any number of threads may
 * call these functions on one snapshot.
 *
 * Nothing here knows about FUSE.
 */
#ifndef SPDXFS_XATTR_H
#define SPDXFS_XATTR_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

struct snapshot;
struct vnode;
struct source;

/* Room for any value: a path, an expression or a message.  A longer one
 * is too big to serve (E2BIG). */
#define XATTR_VALUE_ROOM (PATH_MAX + 128)

/* Room for the names of all attributes of the table, as listed. */
#define XATTR_NAMES_ROOM 256

/*
 * The value of attribute @name of node @n into @buf (@size bytes,
 * NUL-terminated when it fits; @src reads the file when needed).
 * Returns the value's length, which is @size or more when it did not
 * fit, -ENODATA when @n has no such attribute, or the error that kept
 * the value from being computed (-ENOMEM, a read's -errno).
 */
int xattr_get(struct snapshot *s, const struct vnode *n, struct source *src,
	      const char *name, char *buf, size_t size);

/*
 * The names of @n's attributes, each followed by a NUL, into @buf as
 * far as they fit in @size bytes.  Returns the length of the whole list
 * (more than @size when it did not fit).  An attribute whose value could
 * not be computed is left out.
 */
size_t xattr_list(struct snapshot *s, const struct vnode *n,
		  struct source *src, char *buf, size_t size);

/* README's sentence on the attributes, unwrapped, from "user.spdx..." to
 * the final full stop. */
void xattr_describe(FILE *out);

#endif
