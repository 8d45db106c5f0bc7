/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prefetch: readahead across the files of a directory.
 *
 * Without allow_other the kernel opens files by itself and keeps their
 * pages, so the first pass of a reader (grep -r, cat *) costs one READ
 * per file: a round trip the reader waits for, file after file.  When
 * a read shows a reader going through a directory in its listing's
 * order (the file listed before was read or pushed already, or reads
 * of other files came an instant ago), the next files of the listing
 * are put into the kernel's page cache ahead of it by threads of their
 * own (FUSE_NOTIFY_STORE, through the caller's store function),
 * up to PREFETCH_WINDOW files or PREFETCH_BYTES at a time.  The file
 * in the middle of each window is left out on purpose: its read, a
 * miss, asks for the next window while the reader still has half of
 * this one to go.  What the kernel holds is never more than it would
 * have after the reader's own reads: the store function puts a file
 * there only when it is the version the kernel was told of.
 *
 * Threads: prefetch_read() is called by the request threads at once;
 * PREFETCH_THREADS of prefetch's own call the store function, each with
 * a buffer of its own.  The queue is a stack of windows: the reader goes
 * depth first, and the window asked for last is the one it needs first.
 * A full queue drops the files it cannot take: their reads then come as
 * requests.
 */
#ifndef SPDXFS_PREFETCH_H
#define SPDXFS_PREFETCH_H

#include <stdint.h>

struct snapshot;
struct vnode;
struct prefetch;

#define PREFETCH_WINDOW	32		/* files pushed per window */
#define PREFETCH_BYTES	(4u << 20)	/* and at most these bytes */

#define PREFETCH_FILE_MAX (256u << 10)	/* the largest file pushed */

/* Stores node @ino's file in the page cache: 0, or -errno (nothing was
 * stored).  Called on prefetch's threads, with @buf of
 * PREFETCH_FILE_MAX bytes to read it into. */
typedef int (*prefetch_store_fn)(void *arg, uint64_t ino, char *buf);

/* Start the thread.  0, or -errno. */
int prefetch_start(struct prefetch **out, prefetch_store_fn store, void *arg);

/* Stop the thread, dropping what is queued, and free @p (NULL is
 * ignored). */
void prefetch_stop(struct prefetch *p);

/*
 * File node @n of snapshot @s (a request's reference) was read from
 * its first byte: queue the files after it in its directory's listing
 * when the reads look like a pass through it.  Files of more than
 * PREFETCH_FILE_MAX bytes are not pushed (their reads come in pieces
 * anyway).
 */
void prefetch_read(struct prefetch *p, struct snapshot *s,
		   const struct vnode *n);

/*
 * Is node @n of @s still worth storing: not read from its first byte
 * since it was queued (the reader overtook prefetch there, and a store
 * now would copy it again for nothing)?  For the store function.
 */
int prefetch_wanted(struct snapshot *s, const struct vnode *n);

/* Files stored so far. */
unsigned long prefetch_stored(const struct prefetch *p);

/* Files queued or being stored now: 0 when prefetch has nothing left
 * to put in the page cache (a test's sign that it is done). */
unsigned long prefetch_pending(struct prefetch *p);

#endif
