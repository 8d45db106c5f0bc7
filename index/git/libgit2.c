// SPDX-License-Identifier: GPL-2.0-only
/*
 * libgit2.c: libgit2 initialised the first time spdxfs needs git.
 *
 * The program links libgit2 (and libcrypto) as any other library, so
 * that ldd and dpkg-shlibdeps see them.  What costs at start-up is not
 * the linking but git_libgit2_init(), which sets up TLS and reads the
 * certificates: a scan of a tree whose files git all tracks never needs
 * it, so it is called here, once, only when a code path first needs
 * libgit2 (libgit2.h).
 */
#include <errno.h>
#include <pthread.h>
#include <sys/types.h>

#include <git2.h>

#include "git/libgit2.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int init_ret;

/*
 * The options spdxfs runs libgit2 with, set once, here (they are the
 * process's, and no caller should set others).  Objects read are not
 * hashed again to check their ids, as git itself does not when it reads:
 * that hash (SHA-1 with collision detection) cost more than the
 * inflating, and zlib's checksum still catches a damaged one.  Pack
 * files are mapped a window at a time, and a page read stays in the
 * process's RSS while its window is mapped: libgit2's defaults (1 GiB
 * windows, 8 GiB mapped, 256 MiB of objects cached) would hold a
 * kernel's whole pack (350 MB of RSS for a scan of 6.1).  These bound
 * what libgit2 holds to some 30 MB.
 */
static void init_once(void)
{
	init_ret = git_libgit2_init();
	if (init_ret < 0)
		return;
	init_ret = 0;
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)4 << 20);
	git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)16 << 20);
	git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t)8 << 20);
}

int libgit2_init(void)
{
	pthread_once(&once, init_once);
	return init_ret;
}

const char *libgit2_msg(const char *fallback)
{
	const git_error *e = git_error_last();

	return e && e->message ? e->message : fallback;
}

int libgit2_blob_id(const void *buf, size_t len, char *hex, size_t size)
{
	git_oid oid;

	libgit2_init();
	if (git_odb_hash(&oid, buf, len, GIT_OBJECT_BLOB))
		return -EIO;
	git_oid_tostr(hex, size, &oid);
	return 0;
}
