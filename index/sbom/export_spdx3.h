/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_spdx3: the SPDX 3.0.1 writer, JSON-LD, of a prepared export_doc
 * (export_doc.h), for export_write() (export.h).
 */
#ifndef SPDXFS_EXPORT_SPDX3_H
#define SPDXFS_EXPORT_SPDX3_H

#include <stdio.h>

struct export_doc;

/* 0, or -EINVAL when the JSON writer was misused (a bug). */
int export_spdx3_json(FILE *out, const struct export_doc *d);

#endif
