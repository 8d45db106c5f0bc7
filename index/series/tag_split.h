/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tag_split: one tagging series per MAINTAINERS entry.
 *
 * Each file of a plan (tag.h) goes to its most specific entry
 * (maint_first(), get_maintainer.pl's rule), files no entry matches to
 * one series of their own.  An entry's series holds its files' patches,
 * numbered among themselves, and its files left for review; an entry
 * none of whose files a patch tags gets no series.  Series come in the
 * order of MAINTAINERS, the one without an entry last.
 *
 * A series borrows from the plan it was split from (its items' strings
 * and diffs, the precedent): free the series first.  Nothing here
 * prints but to the FILE it is given.
 */
#ifndef SPDXFS_TAG_SPLIT_H
#define SPDXFS_TAG_SPLIT_H

#include <stdio.h>

#include "series/tag.h"

struct maint;

#define TAG_SPLIT_NO_ENTRY	"_no_entry"	/* its directory */

struct tag_series {
	long entry;		/* into maint_entries(), -1 for no entry */
	const char *title;	/* the entry's title, or "(no entry)" */
	char *dir;		/* the entry's name: its subdirectory */
	char *prefix;		/* the subject prefix the entry's commits use
				   (subject.h), else the files' deepest
				   common directory, "" */
	char *to;		/* M: (L: when there is no M:), folded as
				   git format-patch folds, "" when none */
	char *cc;		/* R:, and L: when M: took To: */
	struct tag_plan plan;	/* the entry's share, numbered anew */
	size_t tagged;		/* files its patches tag */
};

/*
 * Split @p by the entries of @m into *@out (*@n series).  @prefixes
 * (NULL, or one per entry of @m, NULL where unknown: subject_prefixes())
 * gives each series its subject prefix.  Returns 0 or -ENOMEM.
 */
int tag_split_maintainers(struct tag_series **out, size_t *n,
			  const struct tag_plan *p, const struct maint *m,
			  char *const *prefixes);
void tag_split_free(struct tag_series *s, size_t n);

/*
 * The index of the series: a comment line, then per series
 * "ENTRY<TAB>FILES<TAB>DIRECTORY", FILES the files it tags.  Returns 0
 * or -EIO.
 */
int tag_split_write_index(FILE *out, const struct tag_series *s, size_t n);

#endif
