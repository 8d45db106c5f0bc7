// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_licenses: libFuzzer harness for index/spdx/licenses.c.  The input is
 * up to eight LICENSES/ files separated by NUL bytes, the k-th written to
 * LICENSES/{preferred,dual,deprecated,exceptions}/Fk (k mod 4) of a
 * scratch tree, which licenses_load() then reads; what loads is looked
 * up by every id it declares.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "spdx/licenses.h"
#include "source/source.h"
#include "scratch.h"

static const char *const dirs[] = { "preferred", "dual", "deprecated", "exceptions" };
static char root[PATH_MAX];
#define NFILES 8
static struct { uint8_t *data; size_t len; int exists; } last[NFILES];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	return remove(path);
}

/* libFuzzer ends with exit(): the scratch tree goes with it. */
static void remove_root(void)
{
	nftw(root, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char path[PATH_MAX];

	fuzz_scratch(root, sizeof(root), "spdxfs-fuzz-licenses");
	atexit(remove_root);
	snprintf(path, sizeof(path), "%s/LICENSES", root);
	if (mkdir(path, 0700))
		abort();
	for (int i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/LICENSES/%s", root, dirs[i]);
		if (mkdir(path, 0700))
			abort();
	}
	return 0;
}

/* Make file @k hold @len bytes of @data (none: no file), writing only
 * what changed since the last input. */
static void put_file(int k, const uint8_t *data, size_t len)
{
	char path[PATH_MAX];
	int fd;

	if (!data ? !last[k].exists : last[k].exists && last[k].len == len &&
	    !memcmp(last[k].data, data, len))
		return;
	snprintf(path, sizeof(path), "%s/LICENSES/%s/F%d", root, dirs[k % 4], k);
	free(last[k].data);
	last[k].data = NULL;
	last[k].exists = !!data;
	if (!data) {
		unlink(path);
		return;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data, len) != (ssize_t)len)
		abort();
	close(fd);
	last[k].data = malloc(len ? len : 1);
	if (!last[k].data)
		abort();
	memcpy(last[k].data, data, len);
	last[k].len = len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p = data, *end = data + size, *nul;
	struct licenses *lic;
	struct source *src;
	struct spdx_error err = { 0 };
	int k;

	for (k = 0; k < NFILES; k++) {
		if (p > end) {
			put_file(k, NULL, 0);
			continue;
		}
		nul = memchr(p, '\0', end - p);
		if (!nul || k == NFILES - 1)
			nul = end;
		put_file(k, p, nul - p);
		p = nul + 1;
	}
	if (source_open(&src, &(struct source_spec){ .type = SOURCE_DIR,
			.path = root, .flags = SOURCE_ALL_FILES }, NULL))
		abort();
	if (!licenses_load(&lic, src, &err)) {
		for (int i = 0; i < lic->nfiles; i++)
			for (int j = 0; j < lic->files[i].nids; j++) {
				const char *id = lic->files[i].ids[j];

				if (licenses_lookup(lic, id, strlen(id)) != &lic->files[i] ||
				    !strcmp(id, ".") || !strcmp(id, "..") ||
				    strchr(id, '/'))
					__builtin_trap();
			}
		licenses_free(lic);
	} else if (!err.msg[0]) {
		__builtin_trap();	/* a failure without a reason */
	}
	source_free(src);
	return 0;
}
