// SPDX-License-Identifier: GPL-2.0-only
/*
 * export_image: the image files of a kernel build directory, for the
 * document of a built kernel (export.h, struct export_image): what
 * "spdxfs built --format" and the mount's built/sbom.* describe.
 */
#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbom/built_modules.h"
#include "util/error.h"
#include "sbom/export_image.h"
#include "source/source.h"

/*
 * Is @rel a regular file of @bsrc, reached through no symlink?  1 or 0;
 * -ENOMEM when that could not be known (a file not there is 0).
 */
static int build_has_file(struct source *bsrc, const char *rel)
{
	struct src_entry ent;
	int ret = bsrc->ops->stat(bsrc, rel, &ent);

	if (ret == -ENOMEM)
		return ret;
	return !ret && ent.kind == SRC_REG;
}

/*
 * The image files of @build into @paths: vmlinux, then
 * arch/ARCH/boot/bzImage (not through arch/x86_64, a symlink to x86).
 */
static int image_paths(const char *build, struct source *bsrc, char **paths,
		       size_t max, size_t *n, struct spdx_error *err)
{
	char pattern[PATH_MAX];
	size_t skip = strlen(build) + 1;
	glob_t g = { 0 };
	int ret = 0;

	*n = 0;
	ret = build_has_file(bsrc, "vmlinux");
	if (ret < 0)
		return spdx_error_set(err, ret, "out of memory");
	if (!ret)
		return spdx_error_set(err, -ENOENT, "%s: no vmlinux: the kernel "
				      "is not built", build);
	snprintf(pattern, sizeof(pattern), "%s/arch/*/boot/bzImage", build);
	glob(pattern, 0, NULL, &g);
	paths[(*n)++] = strdup("vmlinux");
	ret = 0;
	for (size_t i = 0; i < g.gl_pathc && *n < max && ret >= 0; i++) {
		ret = build_has_file(bsrc, g.gl_pathv[i] + skip);
		if (ret > 0)
			paths[(*n)++] = strdup(g.gl_pathv[i] + skip);
	}
	globfree(&g);
	for (size_t i = 0; i < *n; i++)
		if (!paths[i])
			ret = -ENOMEM;
	return ret < 0 ? spdx_error_set(err, ret, "out of memory") : 0;
}

/* include/config/kernel.release of @build, or NULL. */
static char *kernel_release(const char *build)
{
	char path[PATH_MAX], *buf = NULL;
	size_t len;

	snprintf(path, sizeof(path), "%s/include/config/kernel.release", build);
	if (file_read_all(path, 4096, &buf, &len))
		return NULL;
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/*
 * The modules of @build whose .ko is a regular file into @im; none
 * without modules.order.
 */
static int image_modules(struct export_image *im, const char *build,
			 struct spdx_error *err)
{
	struct built_modules *bm;
	int ret = built_modules_collect(&bm, build, err);

	if (ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	im->own_modules = bm;
	im->own_module_list = calloc(bm->n ? bm->n : 1, sizeof(*im->own_module_list));
	if (!im->own_module_list)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	im->modules = im->own_module_list;
	for (size_t i = 0; i < bm->n; i++) {
		ret = build_has_file(im->build, bm->mods[i].ko);
		if (ret < 0)
			return spdx_error_set(err, ret, "out of memory");
		if (ret)
			im->own_module_list[im->nmodules++] = &bm->mods[i];
	}
	return 0;
}

int export_image_open(struct export_image *im, const char *build,
		      struct spdx_error *err)
{
	struct source_spec spec = {
		.type = SOURCE_DIR, .path = build, .flags = SOURCE_ALL_FILES
	};
	int ret;

	memset(im, 0, sizeof(*im));
	ret = source_open(&im->build, &spec, err);
	if (ret)
		return ret;
	ret = image_paths(build, im->build, im->own_paths, EXPORT_IMAGE_MAX,
			  &im->n, err);
	im->paths = (const char *const *)im->own_paths;
	if (!ret)
		ret = image_modules(im, build, err);
	if (ret) {
		export_image_release(im);
		return ret;
	}
	im->own_release = kernel_release(build);
	im->release = im->own_release;
	return 0;
}

void export_image_release(struct export_image *im)
{
	for (size_t i = 0; i < im->n; i++)
		free(im->own_paths[i]);
	free(im->own_release);
	free(im->own_module_list);
	built_modules_free(im->own_modules);
	source_free(im->build);
	memset(im, 0, sizeof(*im));
}
