// SPDX-License-Identifier: GPL-2.0-only
/*
 * sbom: built/'s SPDX documents, made on first use (sbom.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/error.h"
#include "sbom/built.h"
#include "sbom/export.h"
#include "fs.h"
#include "util/grow.h"
#include "index.h"
#include "log.h"
#include "sbom.h"
#include "util/version.h"
#include "snapshot.h"

/* SOURCE_DATE_EPOCH, or -1 (the newest file's mtime) when unset or bad. */
static int64_t created_time(void)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	return *end || errno ? -1 : v;
}

/* @d written into a new blob *@out. */
static int doc_blob(const struct export_doc *d, struct vblob **out)
{
	struct vblob *b = calloc(1, sizeof(*b));
	FILE *f = b ? open_memstream(&b->data, &b->len) : NULL;
	int ret;

	if (!f) {
		free(b);
		return -ENOMEM;
	}
	ret = export_write(f, d);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	if (ret) {
		free(b->data);
		free(b);
		return ret == -EIO ? -ENOMEM : ret;	/* a memory stream */
	}
	*out = b;
	return 0;
}

/* The document of @format of the built files of @s into *@out. */
static int sbom_make(struct spdxfs *fs, struct snapshot *s, int format,
		     struct vblob **out, struct spdx_error *err)
{
	struct export_opts o = {
		.format = format, .created = created_time(),
		.tool = "spdxfs-" SPDXFS_VERSION,
	};
	const struct spdx_file **files;
	struct built_path *paths;
	struct built why = { .npaths = s->nbuilt };
	struct export_image im;
	struct export_doc *doc = NULL;
	int ret;

	files = alloc_array(s->nbuilt ? s->nbuilt : 1, sizeof(*files));
	paths = alloc_array(s->nbuilt ? s->nbuilt : 1, sizeof(*paths));
	if (!files || !paths) {
		ret = spdx_error_set(err, -ENOMEM, "out of memory");
		goto out_files;
	}
	/* The build's files in its order, which is by path: built.h's
	 * lookup of why each is there works on them as they are. */
	for (size_t i = 0; i < s->nbuilt; i++) {
		files[i] = &s->idx->files[s->built_files[i]];
		paths[i].path = (char *)files[i]->path;
		paths[i].why = s->built_why[i];
	}
	why.paths = paths;
	ret = export_image_open(&im, fs->build_dir, err);
	if (ret)
		goto out_files;
	im.built = &why;
	o.image = &im;
	ret = export_prepare(&doc, fs->src, s->idx, files, s->nbuilt, &o, err);
	if (!ret && (ret = doc_blob(doc, out)))
		spdx_error_errno(err, ret, "writing the document");
	export_free(doc);
	export_image_release(&im);
out_files:
	free(paths);
	free(files);
	return ret;
}

int sbom_get(struct spdxfs *fs, struct snapshot *s, const struct vnode *n,
	     const struct vblob **out)
{
	struct vlazy *z = &s->lazy[n->first];
	struct spdx_error err = { 0 };
	struct vblob *b = atomic_load(&z->done);
	int ret = 0;

	if (b) {
		*out = b;
		return 0;
	}
	pthread_mutex_lock(&z->lock);
	b = atomic_load(&z->done);
	if (!b) {
		ret = sbom_make(fs, s, z->format, &b, &err);
		if (ret)
			log_msg(LOG_ERR, "built/%s: %s", n->name, err.msg);
		/* Whatever the reason (logged), the file that is there
		 * cannot be read: EIO, not a build's ENOENT. */
		if (ret && ret != -ENOMEM)
			ret = -EIO;
		if (!ret)
			atomic_store(&z->done, b);
	}
	pthread_mutex_unlock(&z->lock);
	*out = b;
	return ret;
}
