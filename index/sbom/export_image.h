/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_image: the image files of a kernel build directory, for the
 * SPDX document of a built kernel (export.h).
 */
#ifndef SPDXFS_EXPORT_IMAGE_H
#define SPDXFS_EXPORT_IMAGE_H

#include <stddef.h>

struct source;
struct spdx_error;

/*
 * A built kernel (spdxfs built): its image files, read from the build
 * directory @build, become a package of their own that the document
 * describes, GENERATED_FROM the source package, whose files are then
 * those that went into it.  For 3.0.1 also a build_Build with the
 * .config's SHA256 and the kernel release.
 *
 * When the build has modules (modules.order, built_modules.h), each .ko
 * there is a file of the image package too, GENERATED_FROM each of its
 * sources in the tree (which the document lists as files of the source
 * package, added when not among the files given), its licenseInfoInFiles
 * (3.0.1: hasDeclaredLicense) the license= of its .modinfo as a
 * "LicenseRef-MODULE-LICENSE-..." whose text is the declaration: a
 * MODULE_LICENSE() string is not an SPDX expression.
 */
#define EXPORT_IMAGE_MAX 16	/* vmlinux and the bzImages */

struct bmod;
struct built;
struct built_modules;

struct export_image {
	struct source *build;		/* the build directory, all files */
	const char *const *paths;	/* "vmlinux", "arch/x86/boot/bzImage" */
	size_t n;
	const char *release;		/* include/config/kernel.release, or NULL */
	const struct bmod *const *modules;	/* those whose .ko is there */
	size_t nmodules;
	/* Why each file is in the image (built.h), for its comment
	 * ("...; spdxfs built: embedded: ..."); NULL: not said.  The
	 * caller's, set after export_image_open(). */
	const struct built *built;
	/* What export_image_open() allocated for the fields above. */
	char *own_paths[EXPORT_IMAGE_MAX];
	char *own_release;
	struct built_modules *own_modules;
	const struct bmod **own_module_list;
};

/*
 * The image of kernel build directory @build into @im: the directory
 * as a source of all its files, vmlinux, then each arch/ARCH/boot/bzImage
 * (a regular file, not reached through a symlink), and the kernel
 * release when include/config/kernel.release is there, and the modules
 * whose .ko is a regular file when modules.order is there (a module
 * that could not be read whole keeps what was read, and its error).
 * Returns 0, or -ENOENT ("BUILD: no vmlinux: the kernel is not built"),
 * -ENOMEM, or the source's error, with @err filled.  export_image_release() frees
 * what it holds.
 */
int export_image_open(struct export_image *im, const char *build,
		      struct spdx_error *err);
void export_image_release(struct export_image *im);

#endif
