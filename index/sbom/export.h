/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export: SPDX documents of a tree's files, in SPDX 2.3 (JSON, tag-value
 * and RDF/XML) and SPDX 3.0.1 (JSON-LD), written to a FILE * the caller
 * hands in.
 *
 * The tree is one package with one file entry per regular file given;
 * what each entry says:
 *  - its path, its SHA1 and SHA256 (and for 3.0.1 its gitoid, git's blob
 *    id), read through the source (digest.h);
 *  - a valid tag's expression as written (export_opts.modern: with
 *    today's spelling of each identifier), kept whole (never split at
 *    WITH): operators written in upper case and identifiers not on the
 *    SPDX License List (spdxlist.h) as "LicenseRef-ID", each declared
 *    once with the full text of its LICENSES/ file.  An exception not on
 *    the list cannot be written in 2.3 (3.0.1 has "AdditionRef-"), nor a
 *    "+" after an identifier that is not on it, nor a DocumentRef: the
 *    export fails (-EINVAL) naming a file that has it;
 *  - no tag, an invalid one, an excluded file: NOASSERTION in 2.3 and no
 *    license relationship in 3.0.1, with the reason (and an invalid
 *    tag's expression) in a comment.  The concluded license is never
 *    invented: NOASSERTION.
 * The package: name "linux" and the version of the top Makefile
 * (VERSION.PATCHLEVEL.SUBLEVEL EXTRAVERSION, as "make kernelversion"),
 * else the root's directory name and no version; the declared license
 * COPYING's tag in today's spelling, or export_opts.declared.  The
 * export of a directory of the tree (export_opts.under) is the package
 * of that directory: "linux/drivers/net" under the tree's version, its
 * declared license export_opts.declared or none (NOASSERTION): COPYING
 * speaks for the whole tree only.
 *
 * The document says which spelling it chose in the comment of its
 * creation information.
 *
 * Deterministic: the files come in the order given (the index's, sorted
 * by path), ids are numbered in that order, the namespace is derived
 * from the content (paths, checksums, expressions, package), and the
 * creation time is export_opts.created.  Two runs over the same tree
 * write the same bytes.
 *
 * Streaming: export_prepare() holds the checksums (about 100 bytes a
 * file) and the distinct expressions, never the document, which the
 * writers produce entry by entry.
 */
#ifndef SPDXFS_EXPORT_H
#define SPDXFS_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sbom/export_image.h"
#include "sbom/export_opts.h"

struct source;
struct spdx_index;
struct spdx_file;
struct spdx_error;

struct export_doc;

/*
 * Hash @n @files of @idx (entries of idx->files, in its order), read
 * from @src, and settle all the document says except the per-file
 * entries' text; with @o->image, its modules' sources in @idx that
 * @files lacks are added, in the same order.  Returns 0 and sets *@out, or
 * -errno with @err filled: a file that cannot be read or changes while
 * read ("PATH: ..."), an expression @o->format cannot express ("PATH:
 * 'EXPR': exception X is not on the SPDX License List"), what tag-value
 * cannot hold (a file name with a line break or not in UTF-8, a
 * "</text>" in a text), what RDF/XML cannot (a file name with a control
 * character or not in UTF-8: a text with one has it replaced, xml.h), a
 * declared license that does not parse, -ENOMEM.
 */
int export_prepare(struct export_doc **out, struct source *src,
		   const struct spdx_index *idx, const struct spdx_file *const *files,
		   size_t n, const struct export_opts *o, struct spdx_error *err);

/* Write the document to @out.  Returns 0, or -EIO when @out failed
 * (-EINVAL would be a bug of the writer's). */
int export_write(FILE *out, const struct export_doc *d);

void export_free(struct export_doc *d);

/*
 * The version of the kernel tree in @src, from its top Makefile, into
 * @buf ("6.1.192"); returns 0, or -ENOENT when it has none.
 */
int export_kernel_version(struct source *src, char *buf, size_t size);

#endif
