/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * filter: the files of an index that list and check keep, by status
 * (--status), by a license their tag names (--license), by a uapi path
 * (--uapi).  The filters given must all hold; one filter's statuses are
 * alternatives.
 *
 * A license is named as the mount's views name one: a LICENSES/ file
 * name, any case (as by-license/NAME/: every identifier that file
 * declares, so "GPL-2.0" matches GPL-2.0, GPL-2.0-only, GPL-2.0+ and
 * GPL-2.0-or-later, and "Linux-syscall-note" the exception), else an
 * identifier LICENSES/ declares, in any of its spellings (as by-id/ID/:
 * today's spelling is compared, so "GPL-2.0-only" matches GPL-2.0 and
 * GPL-2.0-only but not GPL-2.0+).  Only a valid tag (a tagged or
 * misplaced file) names a license.
 *
 * A prepared filter is only read by file_filter_match(): any number of
 * threads may use it, for as long as the index it was prepared for.
 */
#ifndef SPDXFS_FILTER_H
#define SPDXFS_FILTER_H

#include <stddef.h>

struct spdx_index;
struct spdx_file;
struct spdx_error;

struct file_filter {
	unsigned statuses;	/* 1u << enum spdx_status each; 0: any */
	int uapi;		/* only files with a "uapi" path component */
	const char *license;	/* a name as above; NULL: any */
	unsigned char *names;	/* private: per expression, does it name
				   the license (file_filter_prepare()) */
};

/*
 * Add the statuses of @list, names as "spdxfs list" prints them
 * separated by commas ("untagged,invalid"), to @flt.  Returns 0, or
 * -EINVAL with @err naming the first unknown one.
 */
int file_filter_status(struct file_filter *flt, const char *list,
		       struct spdx_error *err);

/*
 * Ready @flt for the files of @idx: resolve its license against
 * LICENSES/.  Returns 0, -EINVAL with @err when the license is neither a
 * LICENSES/ file nor an identifier one declares (or the tree has no
 * LICENSES/), -ENOMEM.
 */
int file_filter_prepare(struct file_filter *flt, const struct spdx_index *idx,
			struct spdx_error *err);

/* Does file @f of the prepared filter's index pass it? */
int file_filter_match(const struct file_filter *flt, const struct spdx_file *f);

/* Keep those of @files that pass, in their order; returns how many. */
size_t file_filter_apply(const struct file_filter *flt,
			 const struct spdx_file **files, size_t n);

void file_filter_release(struct file_filter *flt);

#endif
