// SPDX-License-Identifier: GPL-2.0-only
/*
 * export_doc: what the writers of each format ask of a prepared document
 * (export_doc.h): a file's type, purpose, license and comment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbom/built.h"
#include "sbom/export_doc.h"
#include "sbom/export_image.h"
#include "source/filetype.h"
#include "index.h"
#include "index_reuse.h"

/* A kind of file (filetype.h) in each version's vocabulary: SPDX 2.3's
 * FileType, SPDX 3.0.1's software_SoftwarePurpose. */
static const struct {
	const char *spdx2, *spdx3;
} file_kinds[FILETYPE_NKINDS] = {
	[FILETYPE_SOURCE]		= { "SOURCE", "source" },
	[FILETYPE_DOCUMENTATION]	= { "DOCUMENTATION", "documentation" },
	[FILETYPE_CONFIGURATION]	= { "TEXT", "configuration" },
	[FILETYPE_TEXT]			= { "TEXT", "data" },
	[FILETYPE_BINARY]		= { "BINARY", "data" },
	[FILETYPE_FIRMWARE]		= { "BINARY", "firmware" },
	[FILETYPE_ARCHIVE]		= { "ARCHIVE", "archive" },
	[FILETYPE_IMAGE]		= { "IMAGE", "data" },
};

static enum filetype_kind file_kind(const struct spdx_file *f)
{
	return filetype_kind(f->path, !!(f->flags & SCAN_F_SHEBANG),
			     !!(f->flags & SCAN_F_BINARY));
}

const char *export_file_type(const struct export_doc *d, size_t i)
{
	return file_kinds[file_kind(d->files[i])].spdx2;
}

const char *export_file_purpose(const struct export_doc *d, size_t i)
{
	return file_kinds[file_kind(d->files[i])].spdx3;
}

/* Does the document give @f's tag? (export.h: a valid tag, not excluded) */
int export_file_has_license(const struct spdx_file *f)
{
	return spdx_file_counted(f);
}

void export_ref_release(struct export_ref *r)
{
	free(r->id);
	free(r->name);
	free(r->path);
	free(r->text);
}

/* Why a built file is in the image, as the comment says it. */
static const char *const built_comment[BUILT_NWHY] = {
	[BUILT_COMPILED] = "compiled: into an object the image links",
	[BUILT_EMBEDDED] = "embedded: compiled into a blob the image holds",
	[BUILT_LINKER_SCRIPT] = "linker-script: a linker script of the image, "
				"or included by one",
	[BUILT_GENERATOR_INPUT] = "generator-input: what a generated file of "
				  "the image was made from",
};

/*
 * A REUSE tree's file: where its licensing and copyright information came
 * from (index_reuse.h), or why it has none.
 */
static const char *reuse_why(const struct spdx_file *f,
			     const struct spdx_expr *e, char *buf, size_t size)
{
	char lsrc[48], csrc[48];

	index_origin_names(INDEX_ORIGIN_LICENSE(f->origin), lsrc, sizeof(lsrc));
	index_origin_names(INDEX_ORIGIN_COPYRIGHT(f->origin), csrc, sizeof(csrc));
	switch (f->status) {
	case ST_EXCLUDED:
		snprintf(buf, size, "REUSE: not a file REUSE covers");
		break;
	case ST_ERROR:
		snprintf(buf, size, "REUSE: it could not be read: %s",
			 f->error ? f->error : "error");
		break;
	case ST_INVALID:
		snprintf(buf, size, "REUSE: invalid license expression '%s' (%s): %s",
			 e ? e->text : "", lsrc, e && e->error ? e->error : "");
		break;
	default:
		snprintf(buf, size, "REUSE: licensing from %s, copyright from %s",
			 *lsrc ? lsrc : "nowhere", *csrc ? csrc : "nowhere");
		break;
	}
	return buf;
}

const char *export_file_why(const struct export_doc *d, size_t i, char *buf,
			    size_t size)
{
	const struct spdx_file *f = d->files[i];
	const struct spdx_expr *e = index_file_expr(d->idx, f);
	const struct built *b = d->o.image ? d->o.image->built : NULL;
	int why = b ? built_why_of(b, f->path) : -1;
	size_t n;

	buf[0] = '\0';
	if (d->idx->layout == INDEX_LAYOUT_REUSE) {
		reuse_why(f, e, buf, size);
		goto built;
	}
	if (export_file_has_license(f))
		goto built;
	switch (f->status) {
	case ST_INVALID:
		snprintf(buf, size, "invalid SPDX-License-Identifier '%s': %s",
			 e ? e->text : "", e && e->error ? e->error : "");
		break;
	case ST_EXCLUDED:
		snprintf(buf, size, "excluded by scripts/spdxexclude%s%s%s",
			 e ? "; its SPDX-License-Identifier reads '" : "",
			 e ? e->text : "", e ? "'" : "");
		break;
	case ST_ERROR:
		snprintf(buf, size, "its head could not be read: %s",
			 f->error ? f->error : "error");
		break;
	default:
		snprintf(buf, size, "no SPDX-License-Identifier in its first "
			 "%d lines", SCAN_MAXLINES);
		break;
	}
built:
	if (why < 0 || why >= BUILT_NWHY)
		return buf[0] ? buf : NULL;
	n = strlen(buf);
	snprintf(buf + n, size - n, "%sspdxfs built: %s", n ? "; " : "",
		 built_comment[why]);
	return buf;
}
