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
 * exist then) return 0 or NULL.  Adding a function is one line in
 * LIBGIT2_FUNCS: its return type, name, parameters, the arguments that
 * pass them on, and what it returns without libgit2.  Any thread may
 * call any of them: the table is filled once (pthread_once) and read
 * only after.
 */
#include <pthread.h>
#include <stdarg.h>
#include <sys/types.h>

#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/repository.h>

#include "dlload.h"
#include "libcrypto.h"

#define LIBGIT2_SONAME	"libgit2.so." LIBGIT2_SOVERSION

/*
 * Every libgit2 function spdxfs calls.  F(type, name, (parameters),
 * (arguments), value without libgit2) for a function that returns a
 * value; V(name, type, parameter) for one that frees an object (NULL or
 * not); P(name, (parameters), (arguments)) for any other that returns
 * nothing (a void expression is no value to return, so it cannot be an
 * F).  The three below them (open, oid_tostr, opts) are written out by
 * hand.
 */
#define LIBGIT2_FUNCS(F, V, P)						\
	F(int, git_libgit2_init, (void), (), GIT_ERROR)			\
	F(int, git_libgit2_shutdown, (void), (), 0)			\
	V(git_repository_free, git_repository *, r)		\
	F(int, git_repository_is_bare, (const git_repository *r), (r), 0) \
	F(int, git_repository_is_shallow, (git_repository *r), (r), 0)	\
	F(const char *, git_repository_path, (const git_repository *r), (r), NULL) \
	F(const char *, git_repository_workdir, (const git_repository *r), (r), NULL) \
	F(int, git_repository_config, (git_config **o, git_repository *r), (o, r), GIT_ERROR) \
	F(int, git_repository_odb, (git_odb **o, git_repository *r), (o, r), GIT_ERROR) \
	F(int, git_ignore_path_is_ignored, (int *i, git_repository *r, const char *p), (i, r, p), GIT_ERROR) \
	F(const git_error *, git_error_last, (void), (), NULL)		\
	F(int, git_odb_hash, (git_oid *o, const void *d, size_t n, git_object_t t), (o, d, n, t), GIT_ERROR) \
	F(int, git_odb_exists, (git_odb *db, const git_oid *id), (db, id), 0) \
	F(int, git_odb_read_header, (size_t *n, git_object_t *t, git_odb *db, const git_oid *id), (n, t, db, id), GIT_ERROR) \
	V(git_odb_free, git_odb *, db)				\
	F(int, git_reference_name_to_id, (git_oid *o, git_repository *r, const char *n), (o, r, n), GIT_ERROR) \
	F(int, git_revparse_single, (git_object **o, git_repository *r, const char *s), (o, r, s), GIT_ERROR) \
	F(int, git_object_peel, (git_object **o, const git_object *obj, git_object_t t), (o, obj, t), GIT_ERROR) \
	F(const git_oid *, git_object_id, (const git_object *obj), (obj), NULL) \
	V(git_object_free, git_object *, obj)			\
	F(int, git_commit_lookup, (git_commit **c, git_repository *r, const git_oid *id), (c, r, id), GIT_ERROR) \
	F(const git_oid *, git_commit_tree_id, (const git_commit *c), (c), NULL) \
	F(git_time_t, git_commit_time, (const git_commit *c), (c), 0)	\
	F(int, git_commit_time_offset, (const git_commit *c), (c), 0)	\
	V(git_commit_free, git_commit *, c)			\
	F(const char *, git_commit_summary, (git_commit *c), (c), NULL) \
	F(unsigned int, git_commit_parentcount, (const git_commit *c), (c), 0) \
	F(const git_oid *, git_commit_parent_id, (const git_commit *c, unsigned int n), (c, n), NULL) \
	F(int, git_revwalk_new, (git_revwalk **w, git_repository *r), (w, r), GIT_ERROR) \
	F(int, git_revwalk_sorting, (git_revwalk *w, unsigned int m), (w, m), GIT_ERROR) \
	F(int, git_revwalk_simplify_first_parent, (git_revwalk *w), (w), GIT_ERROR) \
	F(int, git_revwalk_push, (git_revwalk *w, const git_oid *id), (w, id), GIT_ERROR) \
	F(int, git_revwalk_push_range, (git_revwalk *w, const char *r), (w, r), GIT_ERROR) \
	F(int, git_revwalk_next, (git_oid *o, git_revwalk *w), (o, w), GIT_ERROR) \
	V(git_revwalk_free, git_revwalk *, w)			\
	F(int, git_tree_lookup, (git_tree **o, git_repository *r, const git_oid *id), (o, r, id), GIT_ERROR) \
	F(size_t, git_tree_entrycount, (const git_tree *t), (t), 0)	\
	F(const git_tree_entry *, git_tree_entry_byindex, (const git_tree *t, size_t i), (t, i), NULL) \
	F(const git_tree_entry *, git_tree_entry_byname, (const git_tree *t, const char *n), (t, n), NULL) \
	F(const char *, git_tree_entry_name, (const git_tree_entry *e), (e), NULL) \
	F(const git_oid *, git_tree_entry_id, (const git_tree_entry *e), (e), NULL) \
	F(git_filemode_t, git_tree_entry_filemode, (const git_tree_entry *e), (e), 0) \
	V(git_tree_free, git_tree *, t)				\
	F(int, git_blob_lookup, (git_blob **b, git_repository *r, const git_oid *id), (b, r, id), GIT_ERROR) \
	F(const void *, git_blob_rawcontent, (const git_blob *b), (b), NULL) \
	F(git_object_size_t, git_blob_rawsize, (const git_blob *b), (b), 0) \
	V(git_blob_free, git_blob *, b)				\
	F(int, git_repository_head, (git_reference **o, git_repository *r), (o, r), GIT_ERROR) \
	F(int, git_repository_index, (git_index **o, git_repository *r), (o, r), GIT_ERROR) \
	F(int, git_reference_peel, (git_object **o, const git_reference *ref, git_object_t t), (o, ref, t), GIT_ERROR) \
	V(git_reference_free, git_reference *, ref)			\
	F(int, git_oid_fromraw, (git_oid *o, const unsigned char *raw), (o, raw), GIT_ERROR) \
	F(git_object_t, git_tree_entry_type, (const git_tree_entry *e), (e), GIT_OBJECT_INVALID) \
	F(int, git_tree_walk, (const git_tree *t, git_treewalk_mode m, git_treewalk_cb cb, void *p), (t, m, cb, p), GIT_ERROR) \
	F(size_t, git_index_entrycount, (const git_index *i), (i), 0)	\
	F(const git_index_entry *, git_index_get_byindex, (git_index *i, size_t n), (i, n), NULL) \
	F(int, git_index_entry_stage, (const git_index_entry *e), (e), 0) \
	V(git_index_free, git_index *, i)				\
	F(int, git_diff_tree_to_index, (git_diff **d, git_repository *r, git_tree *t, git_index *i, const git_diff_options *o), (d, r, t, i, o), GIT_ERROR) \
	F(int, git_diff_tree_to_tree, (git_diff **d, git_repository *r, git_tree *a, git_tree *b, const git_diff_options *o), (d, r, a, b, o), GIT_ERROR) \
	F(int, git_diff_find_options_init, (git_diff_find_options *o, unsigned int v), (o, v), GIT_ERROR) \
	F(int, git_diff_find_similar, (git_diff *d, const git_diff_find_options *o), (d, o), GIT_ERROR) \
	F(size_t, git_diff_num_deltas, (const git_diff *d), (d), 0)	\
	F(const git_diff_delta *, git_diff_get_delta, (const git_diff *d, size_t n), (d, n), NULL) \
	V(git_diff_free, git_diff *, d)					\
	F(int, git_config_open_default, (git_config **o), (o), GIT_ERROR) \
	F(int, git_config_snapshot, (git_config **o, git_config *c), (o, c), GIT_ERROR) \
	F(int, git_config_get_string, (const char **o, const git_config *c, const char *n), (o, c, n), GIT_ERROR) \
	V(git_config_free, git_config *, c)				\
	F(const char *, git_repository_commondir, (const git_repository *r), (r), NULL) \
	F(int, git_repository_set_odb, (git_repository *r, git_odb *db), (r, db), GIT_ERROR) \
	F(int, git_odb_new, (git_odb **o), (o), GIT_ERROR)		\
	F(int, git_odb_add_backend, (git_odb *db, git_odb_backend *b, int p), (db, b, p), GIT_ERROR) \
	F(int, git_odb_add_alternate, (git_odb *db, git_odb_backend *b, int p), (db, b, p), GIT_ERROR) \
	F(int, git_odb_backend_one_pack, (git_odb_backend **o, const char *idx), (o, idx), GIT_ERROR) \
	F(int, git_odb_init_backend, (git_odb_backend *b, unsigned int v), (b, v), GIT_ERROR) \
	F(void *, git_odb_backend_data_alloc, (git_odb_backend *b, size_t n), (b, n), NULL) \
	P(git_odb_backend_data_free, (git_odb_backend *b, void *d), (b, d)) \
	F(int, git_error_set_str, (int c, const char *s), (c, s), GIT_ERROR) \
	F(int, git_oid_fromstr, (git_oid *o, const char *s), (o, s), GIT_ERROR) \
	F(size_t, git_odb_num_backends, (git_odb *db), (db), 0)		\
	F(int, git_odb_get_backend, (git_odb_backend **o, git_odb *db, size_t n), (o, db, n), GIT_ERROR)

#define HAND_WRITTEN(X)							\
	X(git_repository_open_ext) X(git_oid_tostr) X(git_libgit2_opts)

/* Each member a pointer of the type <git2.h> declares the function with. */
#define MEMBER(name) __typeof__(name) *name;
#define F_MEMBER(type, name, params, args, fail) MEMBER(name)
#define V_MEMBER(name, type, var) MEMBER(name)
#define P_MEMBER(name, params, args) MEMBER(name)
static struct {
	LIBGIT2_FUNCS(F_MEMBER, V_MEMBER, P_MEMBER)
	HAND_WRITTEN(MEMBER)
} lib;

static pthread_once_t lib_once = PTHREAD_ONCE_INIT;
static int lib_ok;		/* the table is filled */

/*
 * The options spdxfs runs libgit2 with, set once, here, as it is loaded
 * (they are the process's, and no caller should set others).  Objects
 * read are not hashed again to check their ids, as git itself does not
 * when it reads: that hash (SHA-1 with collision detection) cost more
 * than the inflating, and zlib's checksum still catches a damaged one.
 * Pack files are mapped a window at a time, and a page read stays in
 * the process's RSS while its window is mapped: libgit2's defaults
 * (1 GiB windows, 8 GiB mapped, 256 MiB of objects cached) would hold a
 * kernel's whole pack (350 MB of RSS for a scan of 6.1).  These bound
 * what libgit2 holds to some 30 MB.
 */
static void lib_options(void)
{
	lib.git_libgit2_init();
	lib.git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
	lib.git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, (size_t)4 << 20);
	lib.git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, (size_t)16 << 20);
	lib.git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, (ssize_t)8 << 20);
}

#define SYM(name) { #name, &lib.name },
#define F_SYM(type, name, params, args, fail) SYM(name)
#define V_SYM(name, type, var) SYM(name)
#define P_SYM(name, params, args) SYM(name)
static const struct dl_sym syms[] = {
	LIBGIT2_FUNCS(F_SYM, V_SYM, P_SYM)
	HAND_WRITTEN(SYM)
};

static void lib_load(void)
{
	libcrypto_load();	/* first: libcrypto.h says why */
	lib_ok = dl_load(LIBGIT2_SONAME, syms, sizeof(syms) / sizeof(*syms));
	if (lib_ok)
		lib_options();
}

/* Is libgit2 there?  Loads it on the first call. */
static int lib_loaded(void)
{
	pthread_once(&lib_once, lib_load);
	return lib_ok;
}

#define F_DEFINE(type, name, params, args, fail)			\
	type name params { return lib_loaded() ? lib.name args : fail; }
#define V_DEFINE(name, type, var)					\
	void name(type var) { if (var && lib_loaded()) lib.name(var); }
#define P_DEFINE(name, params, args)					\
	void name params { if (lib_loaded()) lib.name args; }
LIBGIT2_FUNCS(F_DEFINE, V_DEFINE, P_DEFINE)

int git_repository_open_ext(git_repository **out, const char *path,
			    unsigned int flags, const char *ceiling_dirs)
{
	if (!lib_loaded()) {
		*out = NULL;
		return GIT_ERROR;
	}
	return lib.git_repository_open_ext(out, path, flags, ceiling_dirs);
}

char *git_oid_tostr(char *out, size_t n, const git_oid *id)
{
	if (lib_loaded())
		return lib.git_oid_tostr(out, n, id);
	if (out && n)
		out[0] = '\0';
	return out;
}

/*
 * A variadic function cannot pass its arguments on whole: each option
 * spdxfs sets is passed on with the type <git2.h> documents for it.  An
 * option not listed here fails, as an unknown one does in libgit2.
 */
int git_libgit2_opts(int option, ...)
{
	va_list ap;
	int ret = GIT_ERROR;

	if (!lib_loaded())
		return GIT_ERROR;
	va_start(ap, option);
	switch (option) {
	case GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION:
	case GIT_OPT_ENABLE_STRICT_OBJECT_CREATION:
		ret = lib.git_libgit2_opts(option, va_arg(ap, int));
		break;
	case GIT_OPT_SET_MWINDOW_SIZE:
	case GIT_OPT_SET_MWINDOW_MAPPED_LIMIT:
		ret = lib.git_libgit2_opts(option, va_arg(ap, size_t));
		break;
	case GIT_OPT_SET_CACHE_MAX_SIZE:
		ret = lib.git_libgit2_opts(option, va_arg(ap, ssize_t));
		break;
	}
	va_end(ap);
	return ret;
}
