/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history: the commits of a git repository that "spdxfs history" reports
 * on, oldest first (a backlog reads left to right, as its chart does).
 *
 * history_list() walks RANGE ("A..B", or a single revision meaning its
 * history; NULL: HEAD) with libgit2's revwalk, in topological then time
 * order, keeping the newest @max commits (0: all), returned oldest first.
 * Each commit's id is the full hex id (for --rev), its tree the id of
 * its tree, its time the commit time in seconds since the epoch (UTC),
 * its subject the first line of its message.  In a shallow clone the
 * walk ends at the commits .git/shallow lists (read without parents, as
 * git reads them: gitrepo.h), each marked shallow.  Returns 0, or -errno
 * with a one-line @err (not a repository, an unknown revision, a
 * missing object).
 *
 * history_rows() counts each commit of such a list as "spdxfs scan --rev
 * ID REPO" does (the same numbers, exactly), incrementally: the first
 * commit is indexed whole, through the blob cache (blobcache.h); each
 * next one from the row before it and the tree-to-tree diff of the two
 * commits (whatever their parentage; the paths git's diff without
 * rename detection names): the files at the paths the diff names are
 * counted out of the old tree and into the new one, so the cost grows
 * with the blobs that changed, not with commits x files.  A commit whose
 * diff touches LICENSES/ or scripts/spdxexclude (or a leaf at scripts),
 * which decide every file's status, is indexed whole again; those two
 * are parsed once for each distinct pair of objects a commit has there
 * (index_globals), and one git source serves every commit
 * (source_git_retarget_tree(), to the tree history_list() gave), each
 * tree read once, the objects each diff names looked for as
 * source_open() looks for a whole tree's.  Every count goes through the
 * blob cache, loaded once and saved once, when all the rows are done,
 * with what the rows read added (blobcache_run): no blob is read twice,
 * in a run or across runs (the blobs of a diff's old side were read for
 * an earlier row).  A diff of fewer than 256 paths is counted on one
 * thread, and so is a whole count after a row of fewer than 256 files.
 * A range of HISTORY_SPLIT commits or more, whose first tree has at most
 * HISTORY_SPLIT_FILES files, is counted in two halves at once when
 * @o allows two threads (nthreads 0 on two CPUs, or 2 or more): the
 * second half with a repository handle and a blob-cache run of its own,
 * its first commit indexed whole (so its blobs the first half read are
 * read again: that row's "scanned" counts them), its run joined to the
 * first's before the save.  The rows are the same; a failure in the
 * second half is the one counting in order meets, the first half going
 * on over those commits to find it.
 * It never prints, and shares no libgit2 object with another call: any
 * thread may call it (a mount's, say).
 * Returns 0 and *@out, an array of @n rows (history_rows_free() it), or
 * -errno with a one-line @err (a missing or damaged object, memory).
 */
#ifndef SPDXFS_HISTORY_H
#define SPDXFS_HISTORY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HISTORY_SPLIT		64	/* commits: fewer, on one thread */
#define HISTORY_SPLIT_FILES	8192	/* files in the first tree: more,
					   on one thread */

#include "util/error.h"
#include "report.h"
#include "spdx/scan.h"

struct history_commit {
	char id[41];
	int64_t time;
	char *subject;
	uint8_t tree[20];	/* its tree's id, which history_rows() reads */
	int shallow;		/* a shallow clone's boundary: its parents
				   are not in the clone, so the walk ended */
};

int history_list(struct history_commit **out, size_t *n, const char *repo,
		 const char *range, int first_parent, size_t max,
		 struct spdx_error *err);
void history_free(struct history_commit *c, size_t n);

/* The files of a commit with a valid tag naming one of a license file's
 * ids, as "spdxfs scan" counts them per license. */
struct history_license {
	char *name;		/* "GPL-2.0", "Linux-syscall-note" */
	size_t files;		/* > 0 */
};

struct history_row {
	size_t files;			/* regular files of the tree */
	size_t count[ST__COUNT];	/* files per enum spdx_status */
	struct history_license *lic;	/* sorted by name */
	size_t nlic;
	size_t scanned;			/* blobs read for this row (not
					   found in the blob cache) */
	int whole;			/* indexed whole, not from a diff */
};

struct history_opts {
	int nthreads;		/* 0: one per online CPU */
	int no_cache;		/* neither load nor save the blob cache */
};

int history_rows(struct history_row **out, const char *repo,
		 const struct history_commit *c, size_t n,
		 const struct history_opts *o, struct spdx_error *err);
void history_rows_free(struct history_row *rows, size_t n);

/*
 * The rows as CSV into @out (history_csv.c): a header "date,id,subject,
 * files,tagged,misplaced,untagged,invalid,excluded" and one column per
 * license any row names (sorted), then one line per commit, the date in
 * ISO 8601 UTC; fields with a comma, a quote or a line end quoted.
 * Returns 0 or -ENOMEM; a failed write is for the caller's ferror().
 */
/* Commit time @t (seconds, UTC) as "2024-01-30T12:00:00Z" into @buf,
 * "-" when it cannot be written. */
void history_date(char *buf, size_t len, int64_t t);

int history_write_csv(FILE *out, const struct history_commit *c,
		      const struct history_row *rows, size_t n);

/*
 * The rows in format @fmt into @out (history_csv.c), as "spdxfs history"
 * prints them: REPORT_CSV history_write_csv()'s; REPORT_JSON an array
 * "commits" of objects (date, id, subject, files, a count per status,
 * licenses); else a table, a line per commit (date, short id, files, a
 * column per status, subject).  Returns 0 or -ENOMEM; a failed write is
 * for the caller's ferror().
 */
int history_write(FILE *out, enum report_format fmt,
		  const struct history_commit *c, const struct history_row *rows,
		  size_t n);

#endif
