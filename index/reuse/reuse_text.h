/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * reuse_text: the REUSE information one file's text holds (reuse.h says
 * the rules): its copyright notices and SPDX-License-Identifier
 * expressions.  Pure functions over a buffer; thread-safe.
 */
#ifndef SPDXFS_REUSE_TEXT_H
#define SPDXFS_REUSE_TEXT_H

#include <stddef.h>

struct reuse_text {
	char **exprs;		/* as written, distinct, in order found */
	size_t nexprs;
	char **copyrights;	/* from the tag or keyword on, distinct */
	size_t ncopyrights;
};

/* Does @len bytes at @buf look binary: an image's or an archive's
 * signature, or more than 10% of the first 2 KiB neither UTF-8 text nor
 * a control character text uses? */
int reuse_text_is_binary(const char *buf, size_t len);

/* Extract from @len bytes at @buf into @out (zeroed first).  Returns 0
 * or -ENOMEM (@out then holds nothing). */
int reuse_text_extract(struct reuse_text *out, const char *buf, size_t len);
void reuse_text_release(struct reuse_text *t);

/* Add a copy of @s to the array *@arr of *@n unless it is there already.
 * Returns 0 or -ENOMEM. */
int reuse_strv_add(char ***arr, size_t *n, const char *s, size_t len);
void reuse_strv_free(char **arr, size_t n);

#endif
