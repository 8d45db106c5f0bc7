/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history_view: the content of the mount's history/backlog.csv and
 * history/backlog.svg, "spdxfs history --first-parent --csv" and its
 * --svg chart of the newest @max commits of HEAD (of a work tree) or of
 * the mounted revision (--rev).
 *
 * Nothing is made before a request needs it: the first lookup, getattr,
 * open or read of one of the files (not a listing of history/: fs.c
 * gives no attributes there) runs the history on the thread of
 * that request (a FUSE worker), with no lock held; a request that comes
 * meanwhile waits for that result rather than making its own.  The
 * result is kept, keyed by the commit it ends at, and shared by
 * reference count: a reader keeps the bytes it got even after HEAD
 * moved.  The size a getattr reports is the true one (the kernel cuts
 * reads at it, and no_open leaves no room for direct_io).
 *
 * HEAD moves: for a work tree a thread (hist_view_start()) watches the
 * git directory, its logs/ and the directory of HEAD's branch ref with
 * inotify, and when HEAD resolves to another commit drops the result and
 * tells the kernel to forget what it holds of the two files, so the next
 * stat or read asks again and a new result is made.  That thread is the
 * one way HEAD is followed: with it, a kept result is served as it is;
 * only when it could not start does each request resolve HEAD again (a
 * repository open and a ref read, no walk).  A history that cannot be made (a shallow
 * clone missing an object) is -EIO and one line in the log; asked for
 * again, -EIO with no new line, until something changes in the git
 * directory (a fetch): then it is tried again.  The daemon goes on.
 */
#ifndef SPDXFS_HISTORY_VIEW_H
#define SPDXFS_HISTORY_VIEW_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "util/error.h"
#include "snapshot.h"

struct spdxfs;
struct hist_view;

#define HIST_DEFAULT_MAX	1000	/* -o history=N when not given */

/* One result: immutable once made. */
struct hist_data {
	atomic_long refs;
	char key[41];			/* the commit it ends at */
	int64_t time_ns;		/* that commit's time: the files' mtime */
	struct vblob file[HIST_NFILES];
};

/*
 * The history of repository @repo (absolute): with @rev, of that
 * revision, resolved now; else of HEAD of the work tree @repo, whose git
 * directory is @gitdir.  @max commits at most.  Returns 0, or -ENOENT
 * when @rev is no commit (a tree: no history), -EINVAL (@err says why),
 * -ENOMEM.
 */
int hist_view_new(struct hist_view **out, const char *repo, const char *gitdir,
		  const char *rev, size_t max, struct spdx_error *err);

/*
 * A reference to the current result in *@out (hist_data_put() it): the
 * one kept, or one made now for the commit HEAD is at.  0, or -EIO
 * (logged) or -ENOMEM.
 */
int hist_view_get(struct hist_view *hv, struct hist_data **out);
void hist_data_put(struct hist_data *d);

/* Watch HEAD of a work tree for @fs's mount (nothing for --rev): after
 * the daemon forked, before serving.  0 or -errno (then history/ only
 * follows HEAD when the kernel asks again). */
int hist_view_start(struct hist_view *hv, struct spdxfs *fs);

/* Stop the thread, if any, and free @hv (NULL is ignored). */
void hist_view_free(struct hist_view *hv);

#endif
