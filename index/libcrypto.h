/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libcrypto: OpenSSL's libcrypto, loaded when first called
 * (libcrypto.c); callers use <openssl/evp.h> as ever.
 */
#ifndef SPDXFS_LIBCRYPTO_H
#define SPDXFS_LIBCRYPTO_H

/*
 * Load libcrypto now, if it is not yet: 1 when it is there.  libgit2.c
 * calls it before it loads libgit2, whose libssh2 needs libcrypto too:
 * glibc then finds libcrypto loaded for libssh2, where a dlopen() of a
 * library first loaded as another's dependency leaves 40 bytes of
 * glibc's own lost (valgrind's report, glibc 2.36).
 */
int libcrypto_load(void);

#endif
