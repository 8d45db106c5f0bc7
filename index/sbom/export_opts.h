/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_opts: what an SPDX document is asked to be (export.h), the
 * format and the options, as the command sets them and the prepared
 * document (export_doc.h) keeps them.
 */
#ifndef SPDXFS_EXPORT_OPTS_H
#define SPDXFS_EXPORT_OPTS_H

#include <stdint.h>

struct export_image;

enum export_format {
	EXPORT_SPDX_JSON,	/* SPDX 2.3, JSON */
	EXPORT_SPDX_TV,		/* SPDX 2.3, tag-value */
	EXPORT_SPDX3,		/* SPDX 3.0.1, JSON-LD */
	EXPORT_SPDX_RDF,	/* SPDX 2.3, RDF/XML */
};

struct export_opts {
	enum export_format format;
	int pretty;		/* JSON indented for people */
	const char *declared;	/* the package's declared license; NULL:
				   COPYING's tag (for the whole tree) */
	const char *under;	/* the directory exported, a path of the
				   tree ("drivers/net"); NULL or "": the
				   whole tree */
	int64_t created;	/* seconds since the epoch; < 0: the newest
				   mtime of the files */
	int modern;		/* identifiers in today's spelling (GPL-2.0 ->
				   GPL-2.0-only, as "spdxfs show" writes
				   them); 0: as the files write them */
	int nthreads;		/* for hashing; 0: one per CPU */
	const char *tool;	/* "spdxfs-1.2" */
	const struct export_image *image;	/* NULL: a tree */
};

#endif
