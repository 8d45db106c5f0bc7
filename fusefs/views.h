/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * views: the directory tree of the mount, built from an index into a
 * snapshot (snapshot.h).
 *
 * A snapshot holds every view (by-license/, by-id/, usable-under/,
 * uapi/, untagged/, misplaced/, invalid/, licenses/ and the generated
 * files at the root: one row each of view_table[]).
 *
 * With a build directory (mount --build), built/ mirrors the files of
 * that kernel image and built/SUMMARY is the text of "spdxfs built";
 * built/sbom.spdx.json and built/sbom.spdx3.json, its SPDX documents,
 * are VN_LAZY nodes: the snapshot holds what they describe, fs.c has
 * them made (sbom.h) the first time they are read.
 * With mount --modules, module-license/ mirrors the files whose
 * MODULE_LICENSE() contradicts their tag (the snapshot's modscan).
 *
 * Nothing here knows about FUSE.
 */
#ifndef SPDXFS_VIEWS_H
#define SPDXFS_VIEWS_H

#include <stdint.h>
#include <stdio.h>

#include "snapshot.h"

struct spdx_index;
struct spdx_file;
struct built;
struct maint;
struct modscan;
struct view_builder;	/* private to views*.c (views_build.h) */

/*
 * An entry at the root of every snapshot: a view, that is a directory,
 * or a generated file.  view_table[] holds them, in the order README
 * lists them; a new view is one row there and its filter.
 */
struct view {
	const char *name;	/* its name at the root */
	const char *usage;	/* README: how it is shown ("by-id/ID/"), or
				   NULL: not listed */
	const char *help;	/* README: what it holds; a '\n' starts a new
				   line, indented like the first */
	/* A view: the files it mirrors at their tree paths (NULL: none),
	 * and anything else it holds, below directory node @dir. */
	int (*pick)(const struct spdx_file *f);
	int (*fill)(struct view_builder *b, uint32_t dir);
	/* A generated file (then pick and fill are NULL): its text. */
	int (*write)(struct view_builder *b, FILE *out);
	unsigned needs_build : 1;	/* only with a build directory */
	unsigned needs_maint : 1;	/* only with a MAINTAINERS file */
	unsigned needs_modules : 1;	/* only with mount --modules */
	unsigned needs_history : 1;	/* only with snapshot_opts.history */
};

extern const struct view view_table[];
extern const size_t view_count;

/* What a snapshot is built with, beside its index. */
struct snapshot_opts {
	/* The built/ view of the image of this build (it is only read
	 * during the call); NULL: none. */
	const struct built *built;
	/* The directory of the tree the views hold, and the generated files
	 * count, only the files beneath ("" or NULL for all; the mount of a
	 * subdirectory), while licenses/ has every license of the tree. */
	const char *under;
	/* The tree's MAINTAINERS (maintainers.h; NULL: none), which adds
	 * by-maintainer/ENTRY/ (the untagged files of each entry, by its
	 * most specific match), the backlog's table per entry and
	 * user.spdx.maintainer.  It must outlive the snapshot. */
	const struct maint *maint;
	/* The MODULE_LICENSE() calls of the index's files (modscan.h;
	 * NULL: none), which adds module-license/ (the files with a call
	 * that contradicts their tag), the module counts to the summary,
	 * and gives user.spdx.module_license without reading.  On success
	 * the snapshot owns it. */
	struct modscan *mods;
	/* history/ (the mount of a git work tree or of --rev, unless
	 * -o history=0): its two VN_HIST files. */
	int history;
};

/*
 * Build the snapshot of @idx as @o says (NULL: all defaults).  On
 * success the snapshot owns @idx and o->mods; on failure (-ENOMEM) both
 * are left to the caller.
 */
int snapshot_build(struct snapshot **out, struct spdx_index *idx,
		   const struct snapshot_opts *o);

/* The row of view_table[] of the root entry that @n is or lies below;
 * NULL for the root. */
const struct view *vnode_view(const struct snapshot *s, const struct vnode *n);

#endif
