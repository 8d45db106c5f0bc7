/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tag_expr: the expressions the tagging series may write, and their
 * spellings: below the series (tag.h) and the tree's precedent
 * (precedent.h), which both write them.
 */
#ifndef SPDXFS_TAG_EXPR_H
#define SPDXFS_TAG_EXPR_H

struct expr_error;
struct licenses;

#define TAG_SYSCALL_NOTE	"Linux-syscall-note"

/*
 * Can the series write @text?  0 when it passes scripts/spdxcheck.py's
 * grammar and, with @lic, validates against LICENSES/; -EINVAL with @err
 * saying why; -ENOMEM.
 */
int tag_expr_check(const char *text, const struct licenses *lic,
		   struct expr_error *err);

/* GPL-2.0-only -> GPL-2.0, GPL-2.0-or-later -> GPL-2.0+, the same for
 * LGPL; other ids as given. */
const char *tag_legacy_id(const char *id);

#endif
