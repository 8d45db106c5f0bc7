/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * store: the saved index, so that a second scan reads only changed files.
 *
 * One file per tree, in a cache directory outside the tree
 * ($SPDXFS_CACHE_DIR, else $XDG_CACHE_HOME/spdxfs/index, else
 * ~/.cache/spdxfs/index), named after a hash of the tree's path, which is
 * also stored inside and compared on load.  Only what the scanner saw is
 * saved (each file's file_stat, status, line, column, flags, leader,
 * expression text, copyright statements); validation is redone on every build against the current
 * LICENSES/.  The file has a magic, a format version and a checksum: a
 * corrupt, truncated or foreign file is reported and ignored, never
 * trusted.  Writes go to a temporary file renamed into place, laid down
 * through a small buffer (no whole copy of the file in memory).
 *
 * Other users must not be able to feed or redirect it: the cache
 * directory is made 0700 and used only when it is the caller's and
 * writable by no one else (otherwise the commands work without it); the
 * index is created 0600 with O_EXCL|O_NOFOLLOW and renamed into place
 * through a descriptor of that directory, and read only when it is a
 * regular file of the caller's, opened without following a symlink or
 * blocking on a FIFO, and at most 512 MiB.
 */
#ifndef SPDXFS_STORE_H
#define SPDXFS_STORE_H

#include <stddef.h>
#include <stdint.h>

struct spdx_error;
struct spdx_index;
struct file_stat;

/* The saved index's path for tree @root into @buf.  Returns 0 or -errno
 * (-ENAMETOOLONG, or -ENOENT when no cache directory can be named). */
int store_path(const char *root, char *buf, size_t size);

/*
 * Load the saved index of @root.  Returns 0 and sets *@out (an index
 * usable only as index_opts.prev: files and expression texts, no
 * licenses), or with @err filled: -ENOENT when there is none (or no
 * cache directory), -EINVAL when it is corrupt, of another version or
 * tree, or not a regular file of the caller's ("PATH: checksum
 * mismatch"), -EPERM when the cache directory is not safe to use
 * (store_save() says so again), another -errno when it cannot be read.
 */
int store_load(struct spdx_index **out, const char *root,
	       struct spdx_error *err);

/*
 * store_load(), calling @hint once, before the file is read past its
 * header, with the source stamp the saved index was built under (index.h:
 * source_stamp), taken from the header alone, or NULL (none, no saved
 * index, or not one this spdxfs reads): what source ops->expect() is
 * told, so that the source's own reading overlaps the load.
 */
typedef void (*store_stamp_fn)(void *arg, const struct file_stat *stamp);
int store_load_hinted(struct spdx_index **out, const char *root,
		      store_stamp_fn hint, void *arg, struct spdx_error *err);

/*
 * Is rewriting the saved index worth it, given the @prev it was loaded as
 * (or NULL) and the freshly built @idx?  Yes when there was none, when
 * files, symlinks or other entries came or went, when the source's stamp
 * changed (the next rescan's prior, source.h), or when more than 1/64 of
 * the files had to be read again: rewriting the whole file to spare the
 * next scan re-reading a handful of touched files is a bad trade.
 */
int store_worth_saving(const struct spdx_index *prev, const struct spdx_index *idx);

/* Save @idx.  Refuses (-EPERM, "DIR: cache directory inside the tree")
 * a cache directory inside the tree, or one another user could write
 * into.  Returns 0 or -errno with @err filled. */
int store_save(const struct spdx_index *idx, struct spdx_error *err);

/*
 * The cache directory, for listing it (cache.h): its path into @dir, and
 * a descriptor of it returned, refused as for a load when another user
 * could write into it; -ENOENT when there is none.  @err filled on
 * failure.
 */
int store_cache_open(char *dir, size_t size, struct spdx_error *err);

/* The tree path the saved index @name in directory @dfd holds, into
 * *@root (malloc'd): 0, -EINVAL when it is no index of this spdxfs
 * version, or another -errno. */
int store_root_of(int dfd, const char *name, char **root);

/* The checksum a saved index carries of everything after its header:
 * for a test that edits one and must make it match again. */
uint64_t store_checksum(const void *data, size_t len);

#endif
