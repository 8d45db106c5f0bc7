/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * file_stat: one version of a file, as a source (source.h), git's index
 * (gitindex.h) or its ignore rules (gitignore.h) see it, and the one
 * test of whether it changed.  Below every reader of files.
 */
#ifndef SPDXFS_FILE_STAT_H
#define SPDXFS_FILE_STAT_H

#include <stdint.h>
#include <string.h>

/*
 * One version of a file as its source sees it: the attributes a view
 * shows (size, mtime, mode, owner) and what tells versions apart.  For a
 * directory on disk that is the stat data git's index compares: an edit
 * that restores size and mtime (a retag, then "touch -d") still moves
 * ctime, and a file renamed over another has another inode.  For a git
 * revision it is the blob id (with the mode of the tree entry and the
 * commit time as mtime, which two revisions may not share); a directory
 * on disk leaves it zero.
 */
#define FILE_ID_BYTES	20	/* a SHA-1 object id */

struct file_stat {
	uint64_t size;
	int64_t mtime_ns;
	int64_t ctime_ns;	/* inode change time; 0 where there is none */
	uint64_t ino;		/* which file: the inode number; 0 where
				   there is none (a git tree) */
	uint32_t mode;		/* type and permissions, as st_mode */
	uint32_t uid, gid;
	uint8_t id[FILE_ID_BYTES];	/* the blob id; zero on disk.  No
					   padding: the struct is saved as
					   it is */
};

/* Is @b the version @a describes?  The one test of "did it change?". */
static inline int file_stat_same(const struct file_stat *a,
				 const struct file_stat *b)
{
	return a->size == b->size && a->mtime_ns == b->mtime_ns &&
	       a->ctime_ns == b->ctime_ns && a->ino == b->ino &&
	       a->mode == b->mode && a->uid == b->uid && a->gid == b->gid &&
	       !memcmp(a->id, b->id, sizeof(a->id));
}

/*
 * Is @b the same file as @a, with the owner and mode @a shows, whatever
 * its content now?  What a permission check made on @a still holds for.
 */
static inline int file_stat_same_file(const struct file_stat *a,
				      const struct file_stat *b)
{
	return a->ino == b->ino && a->mode == b->mode && a->uid == b->uid &&
	       a->gid == b->gid;
}

/* A 64-bit mix of what file_stat_same_file() compares. */
static inline uint64_t file_stat_identity(const struct file_stat *st)
{
	uint64_t h = st->ino * 0x9e3779b97f4a7c15ull;

	h ^= ((uint64_t)st->mode << 32 | st->uid) * 0xbf58476d1ce4e5b9ull;
	h ^= (uint64_t)st->gid * 0x94d049bb133111ebull;
	return h ^ (h >> 31);
}

/* @fst from stat data: what a file on disk is, for every reader of a
 * file system (the directory source, git's index and ignore rules). */
struct stat;
void file_stat_fill(struct file_stat *fst, const struct stat *st);

#endif
