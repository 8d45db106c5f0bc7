/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sbom: the mount's built/sbom.spdx.json and built/sbom.spdx3.json, the
 * documents "spdxfs built --format spdx-json|spdx3 BUILD_DIR TREE"
 * writes (export.h), byte for byte, made from the snapshot's index, its
 * built files and the build directory.
 *
 * Made the first time a reader needs one (its attributes or its bytes)
 * and kept with the snapshot, whose next version makes it again: hashing
 * the built files takes a while (a second for a tinyconfig kernel), and
 * most snapshots are never asked for it.  It is made on the FUSE thread
 * that asked, with digest threads of its own: that request and those for
 * the same file wait for it (on the file's lock), no other does, since
 * the session has other threads and no lock is shared.  The request
 * keeps its snapshot busy meanwhile, so a new snapshot published then
 * waits for it before telling the kernel what changed, as long as
 * fs_update() waits for any request (2 s at most).  SOURCE_DATE_EPOCH
 * as the mount found it sets the creation time, as for the command.
 */
#ifndef SPDXFS_SBOM_H
#define SPDXFS_SBOM_H

struct spdxfs;
struct snapshot;
struct vnode;
struct vblob;

/*
 * The content of VN_LAZY node @n of @s, made now if need be.  Returns 0
 * and sets *@out (it lives as long as @s), or -ENOMEM or -EIO (a
 * built file that cannot be read, a build directory without vmlinux),
 * logged with its reason; a later call tries again.
 */
int sbom_get(struct spdxfs *fs, struct snapshot *s, const struct vnode *n,
	     const struct vblob **out);

#endif
