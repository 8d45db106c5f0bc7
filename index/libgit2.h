/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libgit2: the one door to libgit2's set-up.  The program links libgit2
 * as any library, but initialises it only when it first needs git: a
 * scan of a tree whose files git all tracks never does.
 */
#ifndef SPDXFS_LIBGIT2_H
#define SPDXFS_LIBGIT2_H

/*
 * Initialise libgit2, once for the process, with the options spdxfs runs
 * it with (libgit2.c says which and why); later calls do nothing.  Call
 * it before the first libgit2 call of a code path.  Any thread may call
 * it.  It is never shut down: it lives as the program does.  0, or
 * libgit2's negative code when its initialisation failed.
 */
int libgit2_init(void);

#endif
