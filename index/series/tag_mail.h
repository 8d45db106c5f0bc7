/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tag_mail: a tag plan (tag.h) written as the series git format-patch
 * would: one mail per patch kind, the cover letter, the upstream
 * decisions left to a reviewer, and the plan as JSON.
 */
#ifndef SPDXFS_TAG_MAIL_H
#define SPDXFS_TAG_MAIL_H

#include <stddef.h>
#include <stdio.h>

#include "series/tag.h"

/* "0001-License-cleanup-....patch" for @kind (a patch kind) or
 * TAG_K_SKIP for the cover letter, into @buf. */
int tag_patch_name(const struct tag_plan *p, enum tag_kind kind,
		   const struct tag_opts *o, char *buf, size_t size);

/* DIR/upstream-decisions: upstream_changed in the --decisions format,
 * commented out.  Returns 0 or -EIO. */
int tag_write_upstream_decisions(FILE *out, const struct tag_plan *p,
				 const struct tag_opts *o);

/* The mails.  Return 0 or -EIO. */
int tag_write_cover(FILE *out, const struct tag_plan *p, const struct tag_opts *o);
int tag_write_patch(FILE *out, const struct tag_plan *p, enum tag_kind kind,
		    const struct tag_opts *o);

/* The plan as JSON (counts, per-identifier tables, review list). */
void tag_plan_json(FILE *out, const struct tag_plan *p, const struct tag_opts *o);

#endif
