// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_store: libFuzzer harness for the saved index's loader.  The input
 * is written as the saved index of tree FUZZ_TREE (the path the seed
 * corpus was made at) in a scratch cache directory, and store_load()
 * reads it.  Built with FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, which
 * skips the checksum so that mutations reach the bounds checks.
 */
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "index.h"
#include "store.h"
#include "scratch.h"

#ifndef FUZZ_TREE
#define FUZZ_TREE "/tmp/spdxfs-fuzz-tree"
#endif

static char cache[PATH_MAX];
static char path[PATH_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer ends with exit(): the scratch directory goes with it. */
static void remove_cache(void)
{
	unlink(path);
	rmdir(cache);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_scratch(cache, sizeof(cache), "spdxfs-fuzz-cache");
	if (setenv("SPDXFS_CACHE_DIR", cache, 1) ||
	    store_path(FUZZ_TREE, path, sizeof(path)))
		abort();
	atexit(remove_cache);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct spdx_index *idx;
	struct spdx_error err;
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	if (store_load(&idx, FUZZ_TREE, &err))
		return 0;
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (strlen(f->path) + strlen(f->leader) > size ||
		    (f->expr >= 0 && (size_t)f->expr >= idx->nexprs) ||
		    f->status >= ST__COUNT)
			__builtin_trap();	/* decode let a bad record through */
		if (f->expr >= 0 && strlen(idx->exprs[f->expr].text) > size)
			__builtin_trap();
	}
	index_free(idx);
	return 0;
}
