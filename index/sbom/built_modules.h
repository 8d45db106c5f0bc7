/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * built_modules: the loadable modules of a kernel build, with the
 * license each declares against the SPDX tags of its sources.
 *
 * In a build directory, modules.order lists the modules built, one a
 * line ("drivers/net/dummy.ko" up to 6.1, "drivers/net/dummy.o" since
 * 6.2; an old "kernel/" prefix is dropped).  Each module's .mod file
 * lists its objects (only the tokens ending in ".o" count: old kernels
 * put undefined symbols after them), or, without one, .NAME.ko.cmd's
 * link command does; each object's .cmd record names its source
 * (source_ line).  Headers (deps_) are not a module's sources here: a
 * "Dual BSD/GPL" module includes the GPL kernel headers by design.
 * The .ko's .modinfo ELF section (NUL-separated "key=value" strings)
 * gives the license the kernel and modinfo see.
 *
 * built_modules_collect() only reads the build directory; a module
 * whose records cannot be read gets an error message and
 * BMOD_ERROR, and the others go on.  built_modules_judge() then reads
 * the MODULE_LICENSE() declaration out of the sources (modlic_file())
 * and classifies each source with modlic_classify().  The verdict of a
 * module is the first of these that holds:
 *  - error: a record or the .ko could not be read, or has no license=;
 *  - undeclared: no source calls MODULE_LICENSE() (resolved);
 *  - mismatch: the .ko's license differs from the source's declaration;
 *  - unknown, contradiction, untagged: some source is in that class
 *    (modlic.h), in this order;
 *  - consistent: the declaration holds for every indexed source.
 * Sources outside the tree or not indexed are listed, not judged.
 * Errors are 0 or -errno; nothing prints.
 */
#ifndef SPDXFS_BUILT_MODULES_H
#define SPDXFS_BUILT_MODULES_H

#include <stddef.h>

#include "modlic.h"

struct source;
struct spdx_error;
struct spdx_file;
struct spdx_index;

enum bmod_verdict {
	BMOD_CONSISTENT,
	BMOD_CONTRADICTION,
	BMOD_UNTAGGED,
	BMOD_UNKNOWN,
	BMOD_MISMATCH,
	BMOD_UNDECLARED,
	BMOD_ERROR,
	BMOD__NVERDICTS
};

/* "consistent", ..., "error", as listed above. */
const char *bmod_verdict_key(enum bmod_verdict v);

struct bmod_source {
	char *path;			/* tree-relative; else as recorded */
	int in_tree;
	const struct spdx_file *file;	/* judge: in the index, or NULL */
	enum modlic_class cls;		/* judge: when file and declared */
};

struct bmod {
	char *name;		/* the .ko's base name, "dummy" */
	char *ko;		/* relative to the build, "drivers/net/dummy.ko" */
	struct bmod_source *srcs;
	size_t nsrcs;
	char *license;		/* .modinfo's license=, or NULL */
	char *error;		/* what could not be read, or NULL */
	/* judge: */
	char declared[MODLIC_DECL_MAX];	/* "" when undeclared */
	const char *declared_in;	/* the source's path, or NULL */
	enum bmod_verdict verdict;
};

struct built_modules {
	char *srctree;		/* absolute: BUILD_DIR/source, or BUILD_DIR */
	struct bmod *mods;	/* in modules.order's order */
	size_t n;
};

/*
 * Read the modules of @build_dir into *@out.  Returns 0, or -errno with
 * @err filled: -ENOENT "BUILD_DIR: no modules.order: no modules built",
 * -ENOMEM.  Per-module faults are in bmod.error, not failures.
 */
int built_modules_collect(struct built_modules **out, const char *build_dir,
			  struct spdx_error *err);

/*
 * Fill the judged fields of each module of @bm, with the files of @idx
 * read through @src and the table @t.  Returns 0 or -ENOMEM.
 */
int built_modules_judge(struct built_modules *bm, const struct modlic_table *t,
			const struct spdx_index *idx, struct source *src);

void built_modules_free(struct built_modules *bm);

/*
 * The license= value of the .modinfo section of ELF file @path, into
 * *@license (malloc'd).  Returns 0, -ENOEXEC (not an ELF object of
 * this host's byte order), -ENODATA (no .modinfo section), -ENOMSG (no
 * license= in it), -EINVAL (a section out of the file's bounds),
 * -EFTYPE_KO (not a regular file: a FIFO is not opened for reading),
 * -ENOMEM, or an open/read -errno.
 */
#define EFTYPE_KO ENOTBLK	/* Linux has no EFTYPE */
int bmod_ko_license(const char *path, char **license);

#endif
