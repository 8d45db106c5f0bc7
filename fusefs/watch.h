/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * watch: keep the mount in step with the tree.
 *
 * One thread watches every directory of the tree with inotify (new
 * directories are added as they appear), waits until events have been
 * quiet for a moment, refreshes the index with the current one as the
 * previous (only changed files are read again; index_refresh(), which
 * rewrites the saved index only when that is worth it), builds a
 * snapshot and hands it to fs_update().  When the watch limit is reached it logs once
 * and falls back to rescanning now and then.  watcher_rescan() asks for
 * a full rescan (every file read again, and with --build the build
 * directory's list of files); it is async-signal-safe, for SIGHUP.
 * Rescanning without inotify starts every 1.5 s and doubles after each
 * rescan that changed nothing, up to 30 s; a change resets it.
 * SPDXFS_WATCH=poll in the environment forces that mode (for tests).
 *
 * At start the watcher walks nothing itself: it watches the directories
 * of the first snapshot's index, rescans at a lower priority (nice 10)
 * for what changed since that index was built (keeping the snapshot
 * when nothing did), then watches the
 * directories that rescan found new, walking below them, and rescans
 * once more if there were any.  SPDXFS_WATCH_DELAY_MS=N delays the
 * first watch by N ms (at most 10 s), for tests of that window.
 */
#ifndef SPDXFS_WATCH_H
#define SPDXFS_WATCH_H

struct spdxfs;
struct watcher;

/* Create the watcher's control channel (before any thread or fork). */
int watcher_new(struct watcher **out, struct spdxfs *fs);

/* Start the thread.  Returns 0 or -errno. */
int watcher_start(struct watcher *w);

/* Ask for a full rescan; safe in a signal handler. */
void watcher_rescan(struct watcher *w);

/* Stop the thread (if started) and free @w. */
void watcher_free(struct watcher *w);

#endif
