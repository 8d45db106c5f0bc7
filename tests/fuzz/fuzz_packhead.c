// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_packhead: libFuzzer harness for the pack reader (packhead.h).  A
 * repository's packs are input like any file in it: a clone from a
 * stranger, a disk that went bad.  The input is a pack index and its
 * pack, laid out as
 *
 *	4 bytes, little-endian: the index's length L (taken modulo the size)
 *	L bytes: objects/pack/f.idx
 *	the rest: objects/pack/f.pack
 *
 * written in a scratch object directory; packhead_open() reads them, and
 * the head of each object the index lists (64 at most) is read at two
 * lengths.  Any answer is fine but a crash, a read past a buffer, or a
 * head longer than asked or than the size it reports.
 */
#include <endian.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "git/packhead.h"
#include "scratch.h"

#define MAX_IDS		64
#define ID_BYTES	20
#define IDX_IDS		(8 + 256 * 4)	/* where the index's ids start */

static char objdir[PATH_MAX];
static char idx_path[PATH_MAX];
static char pack_path[PATH_MAX];
static char pack_dir[PATH_MAX];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* libFuzzer ends with exit(): the scratch directory goes with it. */
static void remove_objdir(void)
{
	unlink(idx_path);
	unlink(pack_path);
	rmdir(pack_dir);
	rmdir(objdir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_scratch(objdir, sizeof(objdir), "spdxfs-fuzz-objects");
	snprintf(pack_dir, sizeof(pack_dir), "%s/pack", objdir);
	snprintf(idx_path, sizeof(idx_path), "%s/f.idx", pack_dir);
	snprintf(pack_path, sizeof(pack_path), "%s/f.pack", pack_dir);
	if (mkdir(pack_dir, 0700))
		abort();
	atexit(remove_objdir);
	return 0;
}

static void put(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
}

/* The head of @id at @len bytes, checked against what it claims, and
 * against the size packhead_size() gives when both read. */
static void read_head(struct packhead *ph, const uint8_t *id, size_t len)
{
	uint8_t buf[4096];
	uint64_t whole = 0, size = 0;
	ssize_t got;

	got = packhead_read(ph, id, buf, len, &whole);
	if (got > (ssize_t)len || (got >= 0 && (uint64_t)got > whole))
		__builtin_trap();
	if (got >= 0 && !packhead_size(ph, id, &size) && size != whole)
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct packhead *ph;
	size_t idx_len, n;
	uint32_t len;

	if (size < 4)
		return 0;
	memcpy(&len, data, 4);
	data += 4;
	size -= 4;
	idx_len = size ? le32toh(len) % (size + 1) : 0;
	put(idx_path, data, idx_len);
	put(pack_path, data + idx_len, size - idx_len);
	if (packhead_open(&ph, objdir))
		return 0;
	/* The ids as the index lists them: the ones the reader can find. */
	n = idx_len > IDX_IDS ? (idx_len - IDX_IDS) / ID_BYTES : 0;
	for (size_t i = 0; i < n && i < MAX_IDS; i++) {
		read_head(ph, data + IDX_IDS + i * ID_BYTES, 4096);
		read_head(ph, data + IDX_IDS + i * ID_BYTES, 7);
	}
	packhead_free(ph);
	return 0;
}
