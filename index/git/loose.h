/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * loose: a loose object of a git object directory, read with a bounded
 * zlib reader, so that no loose object reaches libgit2's own reader (a
 * crafted one overflows its heap in 1.5.1, a truncated one loops it).
 *
 * A loose object is the file OBJDIR/xx/yyyy... (its id in hex), a zlib
 * stream of "TYPE SIZE\0" and SIZE bytes.  Here the file must be a
 * regular file (opened without blocking: a FIFO is refused, never read),
 * its header a known type and a decimal size, and its bytes are inflated
 * only as far as the caller reads them.  The caller that reads to the end
 * (loose_finish()) also learns that the stream holds exactly SIZE bytes,
 * ends there with its checksum right and no byte after it, and that the
 * whole object hashes to its id: only then is it what its id names.
 *
 * One reader is one thread's; any number may be open at once.
 */
#ifndef SPDXFS_LOOSE_H
#define SPDXFS_LOOSE_H

#include <stdint.h>
#include <sys/types.h>

#define LOOSE_ID_BYTES	20

enum loose_type {
	LOOSE_COMMIT = 1,	/* git's object type numbers */
	LOOSE_TREE = 2,
	LOOSE_BLOB = 3,
	LOOSE_TAG = 4,
};

struct loose;

/*
 * Open loose object @id of object directory @objdir, its header read:
 * its type into *@type and its size into *@size.  Returns 0, -ENOENT
 * (none), -EINVAL (not a regular file, or a malformed header), -EIO,
 * -ENOMEM.
 */
int loose_open(struct loose **out, const char *objdir, const uint8_t *id,
	       int *type, uint64_t *size);

/*
 * The next @n bytes of its content into @buf (fewer only at its end):
 * the count, or -EIO (the stream is damaged or ends early), -EINVAL
 * (the stream holds more than the header said).
 */
ssize_t loose_read(struct loose *lo, void *buf, size_t n);

/*
 * Read what is left, and check the object whole: 0, or -EINVAL (more
 * or fewer bytes than its header says, bytes after its stream, or a
 * hash that is not its id), -EIO, -ENOTSUP (no SHA-1: libcrypto could
 * not be loaded).  At most LOOSE_FINISH_MAX bytes are inflated here.
 */
#define LOOSE_FINISH_MAX	((uint64_t)1 << 30)
int loose_finish(struct loose *lo);

void loose_close(struct loose *lo);

/* Is there a loose object @id in @objdir (a regular file)? */
int loose_exists(const char *objdir, const uint8_t *id);

#endif
