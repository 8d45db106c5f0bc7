/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gitrepo: the one way spdxfs opens a git repository for libgit2, made
 * for repositories that arrive as files from strangers.
 *
 * Before libgit2 opens anything, the files it would read there (the
 * ".git" file of a work tree, and in the git directory and its common
 * directory: HEAD, config, commondir, packed-refs, shallow, everything
 * under refs/ and info/, objects/info/) must be regular files (or
 * directories where git keeps directories): a FIFO or a device there is
 * refused with one line naming it, never opened, so no read waits
 * forever on it.
 *
 * libgit2 then reads objects only through an object database made here:
 * loose objects through spdxfs's own bounded reader (loose.h), each read
 * whole checked (its size, its zlib stream's end, its SHA-1 against its
 * id) and refused past GITREPO_OBJECT_MAX; packs through libgit2's pack
 * reader, one pack at a time, only after packhead has checked the pack
 * index and the pack (packhead_check_index()).  A pack that fails the
 * check fails the open.  Alternates (objects/info/alternates, five
 * levels deep as git allows) are read the same way.  In a shallow
 * clone, the commits .git/shallow lists are read without their parents,
 * as git grafts them, so that a walk of history ends there.
 *
 * What is not checked: a packed object's bytes are not hashed against
 * its id (git does not on reading either); a REF_DELTA cycle among
 * trees or commits is libgit2's to meet (packhead refuses one among
 * blobs).
 */
#ifndef SPDXFS_GITREPO_H
#define SPDXFS_GITREPO_H

#include <stdint.h>

#include <git2.h>

struct spdx_error;

/* What is said of a repository of SHA-256 objects, which neither
 * libgit2 1.5 nor spdxfs's readers know. */
#define GITREPO_SHA256_MSG "a SHA-256 repository (git init " \
	"--object-format=sha256): not supported, only SHA-1 ones are"

/*
 * Does the git config file @config (from directory @dirfd) set
 * extensions.objectFormat to sha256?  1 or 0 (0 too when it cannot be
 * read, or is no regular file).  gitrepo_open() then refuses the
 * repository with GITREPO_SHA256_MSG, before libgit2 opens it.
 */
int gitrepo_sha256(int dirfd, const char *config);

#define GITREPO_OBJECT_MAX	((uint64_t)64 << 20)	/* bytes of one loose
							   object read whole */

/*
 * Open repository @path into *@out as git_repository_open_ext(@flags)
 * does, its files checked and its object database spdxfs's.  Returns 0,
 * -ENOENT (not a repository), -EINVAL (a file refused, a malformed pack
 * index), -EIO (libgit2 failed), -ENOMEM, with @err filled.  libgit2
 * is set up first (libgit2_init()): a caller need not.
 */
int gitrepo_open(git_repository **out, const char *path, unsigned flags,
		 struct spdx_error *err);

/*
 * Is commit @id of @repo (opened by gitrepo_open()) one that a shallow
 * clone's .git/shallow lists?  Such a commit is read without its parents,
 * as git reads it, so that a walk of history stops there; this says that
 * it did.  1 or 0.
 */
int gitrepo_grafted(git_repository *repo, const git_oid *id);

/*
 * git's order of tree entries: by name, a tree's as if it ended in '/'.
 * <0, 0 or >0 as strcmp().
 */
int gitrepo_entry_cmp(const git_tree_entry *a, const git_tree_entry *b);

/*
 * Is @tree as git writes it: its entries in git's order, each name once
 * (a blob and a tree of one name included), as git fsck wants?  0, or
 * -EINVAL.  libgit2 reads a tree as it is: a walk of one that is not
 * would give one path twice, and a lookup by name (a binary search)
 * could miss a name the walk gave.
 */
int gitrepo_tree_check(const git_tree *tree);

#endif
