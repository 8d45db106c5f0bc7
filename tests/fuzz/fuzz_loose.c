// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_loose: libFuzzer harness for the loose-object reader (loose.h).
 * A loose object arrives as a file from whoever made the repository:
 * the input is that file, OBJDIR/00/00...00, whatever bytes it holds
 * (the id is fixed, so a whole read ends in a hash that is not its id,
 * which is one more error to take).  loose_open() reads its header, the
 * content is read in chunks of a size the first input byte picks, and
 * loose_finish() checks the rest.  Any answer is fine but a crash, a
 * read past a buffer, more bytes than the header's size, a hang, or an
 * allocation beyond libFuzzer's limit (a zlib bomb is read only as far
 * as asked).
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

#include "git/loose.h"
#include "scratch.h"

#define READ_MAX	(1u << 20)	/* content read through loose_read() */

static char objdir[PATH_MAX];
static char subdir[PATH_MAX];
static char obj_path[PATH_MAX];
static const uint8_t id[LOOSE_ID_BYTES];	/* 00...00 */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer ends with exit(): the scratch directory goes with it. */
static void remove_objdir(void)
{
	unlink(obj_path);
	rmdir(subdir);
	rmdir(objdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_scratch(objdir, sizeof(objdir), "spdxfs-fuzz-loose");
	snprintf(subdir, sizeof(subdir), "%s/00", objdir);
	snprintf(obj_path, sizeof(obj_path), "%s/%038d", subdir, 0);
	if (mkdir(subdir, 0700))
		abort();
	atexit(remove_objdir);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t buf[4096];
	struct loose *lo;
	uint64_t objsize, total = 0;
	size_t chunk;
	ssize_t got;
	int fd, type;

	if (!size)
		return 0;
	chunk = 1 + data[0] % sizeof(buf);
	fd = open(obj_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data + 1, size - 1) != (ssize_t)(size - 1))
		abort();
	close(fd);
	if (loose_open(&lo, objdir, id, &type, &objsize))
		return 0;
	if (type < LOOSE_COMMIT || type > LOOSE_TAG)
		abort();	/* the header's type is one of the four */
	while (total < READ_MAX && (got = loose_read(lo, buf, chunk)) > 0) {
		if ((size_t)got > chunk)
			abort();
		total += got;
		if (total > objsize)
			abort();	/* never more than the header said */
	}
	/* A whole object is what its header says, or an error. */
	if (objsize <= READ_MAX && !loose_finish(lo))
		abort();	/* its hash cannot be 00...00 */
	loose_close(lo);
	return 0;
}
