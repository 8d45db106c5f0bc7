/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scratch.h: a fuzz harness's scratch directory, made once at start.
 */
#ifndef SPDXFS_FUZZ_SCRATCH_H
#define SPDXFS_FUZZ_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* A new directory $TMPDIR/NAME.XXXXXX into @dir (@size bytes), else in
 * /dev/shm, a file system in memory and so faster, else in /tmp. */
static inline void fuzz_scratch(char *dir, size_t size, const char *name)
{
	const char *tmp = getenv("TMPDIR");
	struct stat st;

	if (!tmp && !stat("/dev/shm", &st) && S_ISDIR(st.st_mode))
		tmp = "/dev/shm";
	snprintf(dir, size, "%s/%s.XXXXXX", tmp ? tmp : "/tmp", name);
	if (!mkdtemp(dir))
		abort();
}

#endif
