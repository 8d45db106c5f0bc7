/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suggest: what the tagging series (tag.h) would do with one untagged
 * file of a kernel tree, and why, into the struct show_info that
 * show_file() (show.h) filled: the series asks the index, never the
 * other way round.
 */
#ifndef SPDXFS_SUGGEST_H
#define SPDXFS_SUGGEST_H

struct show_info;
struct source;
struct spdx_index;
struct spdx_file;

/*
 * For an untagged file @f of a kernel tree's @idx, read through @src:
 * si->suggested 1, and suggest, suggest_expr and why set; for any other
 * file nothing.  Returns 0 or -ENOMEM; a file that cannot be read is
 * SHOW_NONE, saying why.
 */
int show_suggest(struct show_info *si, struct source *src,
		 const struct spdx_index *idx, const struct spdx_file *f);

#endif
