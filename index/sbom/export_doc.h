/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_doc: what export_prepare() settles, shared by the writers of
 * each format (export_spdx2.c, export_rdf.c, export_spdx3.c) and private
 * to export; export_doc.c answers what the writers ask of it.  Read-only
 * once prepared.
 */
#ifndef SPDXFS_EXPORT_DOC_H
#define SPDXFS_EXPORT_DOC_H

#include <stdint.h>

#include "digest.h"
#include "sbom/export_image.h"
#include "sbom/export_opts.h"
#include "index.h"

/* A LicenseRef- (or 3.0.1 AdditionRef-) and the text it stands for. */
struct export_ref {
	char *id;		/* "LicenseRef-Linux-OpenIB" */
	char *name;		/* "Linux-OpenIB", as LICENSES/ spells it */
	char *path;		/* "LICENSES/deprecated/Linux-OpenIB" */
	char *text;		/* after its "License-Text:" line */
	int exception;		/* an exception (AdditionRef-) */
	int module;		/* a module's license= (export.h): name is
				   the string, text its declaration */
};

/* A module of the image (export.h) and what the writers say of it. */
struct export_module {
	const struct bmod *m;
	size_t *srcs;		/* its sources in the document, as indexes
				   into files[], each once */
	size_t nsrcs;
	size_t ref;		/* its license=, refs[ref]; SIZE_MAX: none */
};

struct export_doc {
	struct source *src;
	const struct spdx_index *idx;
	const struct spdx_file *const *files;
	size_t n;
	struct export_opts o;
	struct file_digest *dig;	/* files[i]'s in dig[i] */
	char **mapped;			/* per idx->exprs[]: as the document
					   writes it; NULL when no file's */
	size_t *same;			/* per idx->exprs[]: the first one
					   written the same way ("A or B"
					   and "A OR B"), for 3.0.1's one
					   element per expression */
	struct export_ref *refs;	/* in order of first use */
	size_t nrefs, caprefs;
	char *declared;			/* the package's, or NULL */
	char name[4200], version[64];	/* the package's: "linux",
					   "linux/drivers/net" */
	char doc_name[4300];		/* "linux-6.1.192" */
	char ns[320];			/* the namespace, no trailing '/' */
	char created[32];		/* "2026-12-03T17:00:00Z" */
	char verification[41];
	const char *comment;		/* the creation information's */
	/* With o.image: its files' checksums (then its modules', at
	 * o.image->n + i), the .config's, and the image package's
	 * verification code. */
	struct file_digest *image_dig;
	struct export_module *mods;	/* o.image->nmodules of them */
	const struct spdx_file **own_files;	/* files, when modules added
						   sources */
	struct file_digest config;
	int has_config;
	char image_verification[41];
};

/* Module @i's license= as the document writes it, or NULL. */
static inline const char *export_module_license(const struct export_doc *d, size_t i)
{
	return d->mods[i].ref == SIZE_MAX ? NULL : d->refs[d->mods[i].ref].id;
}

/* Does the document give @f's tag (a valid one, the file not excluded)? */
int export_file_has_license(const struct spdx_file *f);

/* files[@i]'s expression as the document writes it, or NULL. */
static inline const char *export_file_license(const struct export_doc *d, size_t i)
{
	const struct spdx_file *f = d->files[i];

	return export_file_has_license(f) ? d->mapped[f->expr] : NULL;
}

/*
 * The comment of files[@i], into @buf: why it has no license in the
 * document ("invalid SPDX-License-Identifier 'X': Invalid License ID:
 * Y", "no SPDX-License-Identifier", ...), or in a REUSE tree, for every
 * file, where its licensing and copyright information came from
 * ("REUSE: licensing from file-header,reuse-toml, copyright from
 * dep5"); then with o.image->built why it is in the image ("spdxfs
 * built: embedded: compiled into a blob the image holds"), the two
 * joined by "; "; NULL when there is neither.
 */
const char *export_file_why(const struct export_doc *d, size_t i, char *buf,
			    size_t size);

/*
 * files[@i]'s SPDX 2.3 file type ("SOURCE", "DOCUMENTATION", ...) and
 * its SPDX 3.0.1 primary purpose ("source", "documentation", ...), by
 * its kind (filetype.h).
 */
const char *export_file_type(const struct export_doc *d, size_t i);
const char *export_file_purpose(const struct export_doc *d, size_t i);

void export_ref_release(struct export_ref *r);

#endif
