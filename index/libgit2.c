// SPDX-License-Identifier: GPL-2.0-only
/*
 * libgit2.c: libgit2, loaded the first time spdxfs calls it.
 *
 * Linked at build time, libgit2 costs every run of the program the
 * loading and relocating of it and its dozen libraries (TLS, Kerberos,
 * SSH, PCRE, HTTP) before main(): 9 ms of CPU and 240 page faults of
 * the 10 ms `spdxfs --version` took, while a scan of a tree whose files
 * git all tracks never calls it.  So the program does not link it.  This
 * file defines each libgit2 function spdxfs calls, under its own name
 * and with the prototype of <git2.h> (the compiler checks the two
 * agree), as a call through a table that the first call of any of them
 * fills: dlopen() of libgit2.so.LIBGIT2_SOVERSION, the version built
 * against, then dlsym() of every function.  Callers include <git2.h>
 * and call libgit2 as ever; a libgit2 function not in the table fails to
 * link, so none is called past it by mistake.
 *
 * The program's own definitions are not exported (no shared library it
 * links references them), so libgit2's calls to itself stay its own.
 * libgit2 stays loaded for the life of the process.
 *
 * When libgit2 cannot be loaded, every call fails as libgit2 does:
 * functions returning an error code return GIT_ERROR (-1), the _free
 * functions do nothing, and the accessors of an object (which cannot
 * exist then) return 0.  Any thread may call any of them: the table is
 * filled once (pthread_once) and read only after.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

#include <git2.h>

#define LIBGIT2_SONAME	"libgit2.so." LIBGIT2_SOVERSION

/* X(name) for every libgit2 function spdxfs calls. */
#define LIBGIT2_FUNCS(X)						\
	X(git_libgit2_init) X(git_libgit2_shutdown)			\
	X(git_repository_open_ext) X(git_repository_free)		\
	X(git_repository_is_bare) X(git_repository_config)		\
	X(git_ignore_path_is_ignored)					\
	X(git_odb_hash) X(git_oid_tostr) X(git_reference_name_to_id)	\
	X(git_commit_lookup) X(git_commit_free)				\
	X(git_commit_time) X(git_commit_time_offset)			\
	X(git_config_open_default) X(git_config_snapshot)		\
	X(git_config_get_string) X(git_config_free)

/* Each member a pointer of the type <git2.h> declares the function with. */
static struct {
#define X(f) __typeof__(f) *f;
	LIBGIT2_FUNCS(X)
#undef X
} lib;

static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static int lib_ok;		/* the table is filled */

static void lib_load(void)
{
	void *h = dlopen(LIBGIT2_SONAME, RTLD_LAZY | RTLD_LOCAL);

	if (!h)
		return;
#define X(f) if (!(lib.f = (__typeof__(lib.f))dlsym(h, #f))) goto fail;
	LIBGIT2_FUNCS(X)
#undef X
	lib_ok = 1;
	return;
fail:
	/* Another libgit2 than the one built against: none at all. */
	memset(&lib, 0, sizeof(lib));
	dlclose(h);
}

/* Is libgit2 there?  Loads it on the first call. */
static int lib_loaded(void)
{
	pthread_once(&lib_once, lib_load);
	return lib_ok;
}

int git_libgit2_init(void)
{
	return lib_loaded() ? lib.git_libgit2_init() : GIT_ERROR;
}

int git_libgit2_shutdown(void)
{
	return lib_loaded() ? lib.git_libgit2_shutdown() : 0;
}

int git_repository_open_ext(git_repository **out, const char *path,
			    unsigned int flags, const char *ceiling_dirs)
{
	if (!lib_loaded()) {
		*out = NULL;
		return GIT_ERROR;
	}
	return lib.git_repository_open_ext(out, path, flags, ceiling_dirs);
}

void git_repository_free(git_repository *repo)
{
	if (repo && lib_loaded())
		lib.git_repository_free(repo);
}

int git_repository_is_bare(const git_repository *repo)
{
	return lib_loaded() ? lib.git_repository_is_bare(repo) : 0;
}

int git_repository_config(git_config **out, git_repository *repo)
{
	return lib_loaded() ? lib.git_repository_config(out, repo) : GIT_ERROR;
}

int git_ignore_path_is_ignored(int *ignored, git_repository *repo,
			       const char *path)
{
	return lib_loaded() ? lib.git_ignore_path_is_ignored(ignored, repo, path) :
	       GIT_ERROR;
}

int git_odb_hash(git_oid *out, const void *data, size_t len, git_object_t type)
{
	return lib_loaded() ? lib.git_odb_hash(out, data, len, type) : GIT_ERROR;
}

char *git_oid_tostr(char *out, size_t n, const git_oid *id)
{
	if (lib_loaded())
		return lib.git_oid_tostr(out, n, id);
	if (out && n)
		out[0] = '\0';
	return out;
}

int git_reference_name_to_id(git_oid *out, git_repository *repo,
			     const char *name)
{
	return lib_loaded() ? lib.git_reference_name_to_id(out, repo, name) :
	       GIT_ERROR;
}

int git_commit_lookup(git_commit **commit, git_repository *repo,
		      const git_oid *id)
{
	return lib_loaded() ? lib.git_commit_lookup(commit, repo, id) : GIT_ERROR;
}

void git_commit_free(git_commit *commit)
{
	if (commit && lib_loaded())
		lib.git_commit_free(commit);
}

git_time_t git_commit_time(const git_commit *commit)
{
	return lib_loaded() ? lib.git_commit_time(commit) : 0;
}

int git_commit_time_offset(const git_commit *commit)
{
	return lib_loaded() ? lib.git_commit_time_offset(commit) : 0;
}

int git_config_open_default(git_config **out)
{
	return lib_loaded() ? lib.git_config_open_default(out) : GIT_ERROR;
}

int git_config_snapshot(git_config **out, git_config *config)
{
	return lib_loaded() ? lib.git_config_snapshot(out, config) : GIT_ERROR;
}

int git_config_get_string(const char **out, const git_config *cfg,
			  const char *name)
{
	return lib_loaded() ? lib.git_config_get_string(out, cfg, name) :
	       GIT_ERROR;
}

void git_config_free(git_config *cfg)
{
	if (cfg && lib_loaded())
		lib.git_config_free(cfg);
}
