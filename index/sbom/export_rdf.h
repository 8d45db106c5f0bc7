/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_rdf: the SPDX 2.3 RDF/XML writer of a prepared export_doc
 * (export_doc.h), for export_write() (export.h).
 */
#ifndef SPDXFS_EXPORT_RDF_H
#define SPDXFS_EXPORT_RDF_H

#include <stdio.h>

struct export_doc;

/* 0, or -EINVAL when the XML writer was misused or an expression of
 * the document does not parse (bugs). */
int export_spdx2_rdf(FILE *out, const struct export_doc *d);

#endif
