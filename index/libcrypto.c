// SPDX-License-Identifier: GPL-2.0-only
/*
 * libcrypto.c: OpenSSL's libcrypto, loaded the first time spdxfs hashes.
 *
 * Only the SPDX documents hash files (digest.c, export.c), yet a program
 * linked with libcrypto loads and relocates it before main() on every
 * run: half a millisecond of a 2 ms `spdxfs --version` and of every
 * scan.  So, as with libgit2 (libgit2.c), the program does not link it:
 * this file defines the few EVP functions spdxfs calls, with the
 * prototypes of <openssl/evp.h> (the compiler checks the two agree), as
 * calls through a table that the first call of any of them fills with
 * dlopen() of libcrypto.so.OPENSSL_VERSION_MAJOR, the version built
 * against, and dlsym().  Any thread may call them: the table is filled
 * once (pthread_once) and only read after.
 *
 * When libcrypto cannot be loaded, each fails as its own failure looks:
 * the constructors and EVP_sha1()/EVP_sha256() return NULL, the digest
 * steps 0, and EVP_MD_CTX_free() does nothing.  A caller that checks
 * what they return, as both callers do, fails with an error.
 */
#include <pthread.h>

#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "dlload.h"
#include "libcrypto.h"

#define SONAME_(major)	"libcrypto.so." #major
#define SONAME(major)	SONAME_(major)
#define LIBCRYPTO_SONAME SONAME(OPENSSL_VERSION_MAJOR)

/* F(type, name, (parameters), (arguments), value without libcrypto) */
#define LIBCRYPTO_FUNCS(F)						\
	F(const EVP_MD *, EVP_sha1, (void), (), NULL)			\
	F(const EVP_MD *, EVP_sha256, (void), (), NULL)			\
	F(EVP_MD_CTX *, EVP_MD_CTX_new, (void), (), NULL)		\
	F(int, EVP_DigestInit_ex, (EVP_MD_CTX *c, const EVP_MD *t, ENGINE *e), (c, t, e), 0) \
	F(int, EVP_DigestUpdate, (EVP_MD_CTX *c, const void *d, size_t n), (c, d, n), 0) \
	F(int, EVP_DigestFinal_ex, (EVP_MD_CTX *c, unsigned char *md, unsigned int *n), (c, md, n), 0)

#define MEMBER(type, name, params, args, without) __typeof__(name) *name;
static struct {
	LIBCRYPTO_FUNCS(MEMBER)
	__typeof__(EVP_MD_CTX_free) *EVP_MD_CTX_free;
} lib;

static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static int lib_ok;		/* the table is filled */

#define SYM(type, name, params, args, without) { #name, &lib.name },
static const struct dl_sym syms[] = {
	LIBCRYPTO_FUNCS(SYM)
	SYM(void, EVP_MD_CTX_free, , , )
};

static void lib_load(void)
{
	lib_ok = dl_load(LIBCRYPTO_SONAME, syms, sizeof(syms) / sizeof(*syms));
}

int libcrypto_load(void)
{
	pthread_once(&lib_once, lib_load);
	return lib_ok;
}

#define DEFINE(type, name, params, args, without)			\
	type name params { return libcrypto_load() ? lib.name args : without; }
LIBCRYPTO_FUNCS(DEFINE)

void EVP_MD_CTX_free(EVP_MD_CTX *c)
{
	if (c && libcrypto_load())
		lib.EVP_MD_CTX_free(c);
}
