/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gitindex: the paths git's index tracks.
 *
 * .git/index is read directly where that is exact, as git reads it:
 * versions 2 to 4, git's optional extensions (an upper-case first letter)
 * skipped, and the two mandatory ones that change which paths are
 * tracked applied: "link" (a split index: the shared index it names,
 * less the entries its delete bitmap removes, plus its own) and "sdir"
 * (a sparse index: each directory entry stands for the files of its tree
 * object, listed through libgit2).  Any other version or mandatory
 * extension is left to libgit2's own reader, and what neither
 * understands fails with -EPROTONOSUPPORT.  A file that breaks the
 * format (a bound, an entry out of order, a bitmap past its entries)
 * fails with -EINVAL: its paths are never half used.  The trailing
 * checksum is not verified (hashing the kernel's 8 MB index would cost
 * more than reading it); every offset is bounds-checked instead.
 *
 * Paths are sorted in byte order, as git sorts them; a path may appear
 * more than once (merge conflict stages).  A gitindex is immutable once
 * read: any number of threads may read its paths.  gitindex_read() opens
 * a libgit2 repository of its own when it needs one and frees it before
 * returning, so it may run beside other libgit2 users.
 */
#ifndef SPDXFS_GITINDEX_H
#define SPDXFS_GITINDEX_H

#include <stddef.h>

#include "util/error.h"
#include "source/file_stat.h"

struct gitindex {
	const char **paths;	/* sorted */
	size_t npaths;
	struct file_stat stamp;	/* of the index file read; zero if none */
	void *priv;		/* maps and copies the paths point into */
};

/*
 * Read the index of the git directory @gitfd (an O_PATH descriptor),
 * whose work tree is @root, into *@out.  No index file is an empty index.
 * The index is opened without following a symlink or blocking and read
 * only if it is a regular file.  Returns 0, or -errno with @err filled
 * ("ROOT: git's index: REASON").
 */
int gitindex_read(struct gitindex **out, int gitfd, const char *root,
		  struct spdx_error *err);

/*
 * Parse the index file @buf of @len bytes (which must outlive *@out) as
 * gitindex_read() does, without its git directory: a split or sparse
 * index, which needs one, fails with -EPROTONOSUPPORT.  For tests and
 * fuzzing.
 */
int gitindex_parse(struct gitindex **out, const void *buf, size_t len,
		   struct spdx_error *err);

void gitindex_free(struct gitindex *gx);

#endif
