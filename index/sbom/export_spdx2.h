/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_spdx2: the SPDX 2.3 writers, JSON and tag-value, of a prepared export_doc
 * (export_doc.h), for export_write() (export.h).
 */
#ifndef SPDXFS_EXPORT_SPDX2_H
#define SPDXFS_EXPORT_SPDX2_H

#include <stdio.h>

struct export_doc;

/* 0, or -EINVAL when the JSON writer was misused (a bug). */
int export_spdx2_json(FILE *out, const struct export_doc *d);
int export_spdx2_tv(FILE *out, const struct export_doc *d);

#endif
