/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * packhead: the first bytes of a blob, or its size, read straight from
 * a repository's pack files, without building the whole object.
 *
 * libgit2 can only read an object whole: a 24 MB header kept as a delta
 * against another costs the two of them in memory at once, for a scan
 * that wants its first 4 KiB.  Here a blob's pack entry is inflated only
 * as far as those bytes; a delta's instructions are run only until they
 * have made them, and its base is read the same way, only as far as the
 * instructions used reach into it.
 *
 * A REF_DELTA chain that comes back to an entry it went through is a
 * cycle: -ELOOP, never handed to another reader (libgit2 loops on it).
 *
 * Only what is certain is answered: pack index version 2, pack version 2
 * or 3, SHA-1 ids, entries whole or OFS_DELTA/REF_DELTA.  An object in no
 * pack (loose), an object directory with alternates or shared by a
 * worktree, a chain deeper than PACKHEAD_MAX_DEPTH, a read that would
 * inflate more than PACKHEAD_BUDGET bytes in all (deltas and base
 * prefixes, every link), or anything malformed is refused with -errno:
 * the caller reads the object whole as before.  A head checks what it
 * reads (entry, delta instructions, zlib's stream as far as it goes); a
 * head that covers the whole blob also checks zlib's checksum at its
 * end, but no head checks the bytes past it.
 *
 * Opened once for a repository; read-only afterwards, so any number of
 * threads may read at once (pread() on the packs, index files mapped).
 */
#ifndef SPDXFS_PACKHEAD_H
#define SPDXFS_PACKHEAD_H

#include <stdint.h>
#include <sys/types.h>

#define PACKHEAD_MAX_DEPTH	256		/* delta chain links */
#define PACKHEAD_BUDGET		(4u << 20)	/* bytes inflated for one read */
#define PACKHEAD_WHOLE_BUDGET	(1u << 30)	/* ... for one whole blob */

struct packhead;

/*
 * The packs of object directory @objdir (a repository's "objects") into
 * *@out, to free with packhead_free().  -ENOENT when there is none to
 * read from, -EOPNOTSUPP when objects may live elsewhere (alternates),
 * -ENOMEM.  Packs that fail their checks are left out.
 */
int packhead_open(struct packhead **out, const char *objdir);
void packhead_free(struct packhead *ph);

/*
 * The first @len bytes of blob @id (fewer when it is smaller) into @buf,
 * its whole size into *@size.  Returns the bytes read, or -ENOENT (in no
 * pack), -EINVAL (not a blob, or malformed), -ELOOP (a delta cycle),
 * -E2BIG (past the budget or the depth), -EIO, -ENOMEM.
 */
ssize_t packhead_read(struct packhead *ph, const uint8_t *id, void *buf,
		      size_t len, uint64_t *size);

/*
 * Blob @id whole into *@out (malloc'd: free() it), its size into *@size,
 * when it is at most @max bytes (else -EFBIG), inflating at most
 * PACKHEAD_WHOLE_BUDGET bytes in all.  Errors as packhead_read()'s.
 */
int packhead_read_whole(struct packhead *ph, const uint8_t *id, size_t max,
			void **out, uint64_t *size);

/*
 * Is pack index @idx_path, and the pack beside it, what packhead would
 * read (regular files, index version 2 with counts that never go down
 * and a length that agrees with them, a pack of the same object count)?
 * 0 or -EINVAL.  For a caller that hands packs to another reader.
 */
int packhead_check_index(const char *idx_path);

/*
 * The size of blob @id into *@size, from its pack entry's header (a
 * delta's: from the first bytes of its stream, its result's size; the
 * chain is not followed, so that a delta's type is not checked).
 * Returns 0, or -ENOENT, -EINVAL (whole and not a blob, or malformed),
 * -EIO, -ENOMEM.
 */
int packhead_size(struct packhead *ph, const uint8_t *id, uint64_t *size);

#endif
