/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fixture.h: small trees of files for the C unit tests, made in a fresh
 * temporary directory and removed again.
 */
#ifndef SPDXFS_FIXTURE_H
#define SPDXFS_FIXTURE_H

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "index.h"
#include "source/source.h"
#include "util/version.h"

/* What report.h's report_json_begin() writes before the records of array
 * @key, which follow indented four spaces, and report_json_end() after
 * them. */
#define JSON_RECORDS(key) \
	"{\n  \"version\": \"" SPDXFS_VERSION "\",\n  \"" key "\": [\n"
#define JSON_RECORDS_END "  ]\n}\n"

/* A path ending in '/' is a directory; "PATH -> TARGET", as ls -l shows
 * it, a symbolic link (in a directory an earlier entry made). */
struct fixture_file {
	const char *path, *text;
};

static inline int fixture_write(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (path[strlen(path) - 1] == '/')
		return 0;
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -errno : 0;
}

/*
 * Make a temporary tree of @n @files; @dir is a mkdtemp() template
 * ("/tmp/name.XXXXXX") that receives the path, or "" when no directory
 * could be made.  Returns 0 or -errno; fixture_remove() cleans up either way.
 */
static inline int fixture_make(char *dir, const struct fixture_file *files, size_t n)
{
	int ret = 0;

	if (!mkdtemp(dir)) {
		dir[0] = '\0';
		return -errno;
	}
	for (size_t i = 0; i < n && !ret; i++) {
		const char *arrow = strstr(files[i].path, " -> ");
		char path[PATH_MAX];

		if (!arrow) {
			ret = fixture_write(dir, files[i].path, files[i].text);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%.*s", dir,
			 (int)(arrow - files[i].path), files[i].path);
		if (symlink(arrow + 4, path))
			ret = -errno;
	}
	return ret;
}

static inline int fixture_rm_one(const char *path, const struct stat *st, int flag,
				 struct FTW *ftw)
{
	return remove(path);
}

static inline void fixture_remove(const char *dir)
{
	if (dir[0])
		nftw(dir, fixture_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/*
 * Open the tree @dir (made by fixture_make()) as a directory source with
 * @flags (SOURCE_ALL_FILES or 0) and build its index on one thread, into
 * *@src and *@idx, which the caller sets to NULL first and frees whatever
 * this returns.  Returns 0 or -errno with @err filled.
 */
static inline int fixture_index(const char *dir, unsigned flags, struct source **src,
				struct spdx_index **idx, struct spdx_error *err)
{
	struct source_spec spec = { .type = SOURCE_DIR, .path = dir, .flags = flags };
	struct index_opts opts = { .nthreads = 1 };
	int ret = source_open(src, &spec, err);

	return ret ? ret : index_build(idx, *src, &opts, err);
}

/*
 * Every path a walk reports, one per line: a directory with a '/' after
 * it, a symbolic link with '@', anything else but a regular file with
 * '|'; and what the walk returned.
 */
struct fixture_listing {
	char text[4096];
	size_t len;
	int ret;
};

static inline int fixture_list_one(const struct src_entry *ent, void *arg)
{
	struct fixture_listing *l = arg;

	l->len += snprintf(l->text + l->len, sizeof(l->text) - l->len, "%s%s\n",
			   ent->path, ent->kind == SRC_DIR ? "/" :
			   ent->kind == SRC_SYMLINK ? "@" :
			   ent->kind == SRC_OTHER ? "|" : "");
	return 0;
}

/* source_walk() of @src below @under into @l; returns l->text. */
static inline const char *fixture_walk(struct source *src, const char *under,
				       struct fixture_listing *l)
{
	l->len = 0;
	l->text[0] = '\0';
	l->ret = source_walk(src, under, fixture_list_one, l);
	return l->text;
}

/* A fixture tree and its index, for the tests that need both. */
struct fixture {
	char dir[64];
	struct source *src;
	struct spdx_index *idx;
	struct spdx_error err;
};

/*
 * fixture_make() of @n @files in a directory named after @name
 * (/tmp/spdxfs-test-NAME.XXXXXX), then fixture_index() of it with
 * SOURCE_ALL_FILES.  Returns 0 or -errno, with fx->err filled when the
 * index failed; fixture_close() frees whatever was made either way.
 */
static inline int fixture_open(struct fixture *fx, const char *name,
			       const struct fixture_file *files, size_t n)
{
	int ret;

	memset(fx, 0, sizeof(*fx));
	snprintf(fx->dir, sizeof(fx->dir), "/tmp/spdxfs-test-%s.XXXXXX", name);
	ret = fixture_make(fx->dir, files, n);
	if (!ret)
		ret = fixture_index(fx->dir, SOURCE_ALL_FILES, &fx->src, &fx->idx,
				    &fx->err);
	return ret;
}

static inline void fixture_close(struct fixture *fx)
{
	index_free(fx->idx);
	source_free(fx->src);
	fixture_remove(fx->dir);
}

/*
 * The real kernel tree where kernel-tree-scripts/fetch puts it
 * ($SPDXFS_KERNEL_TREE, else ${XDG_CACHE_HOME:-$HOME/.cache}/spdxfs/
 * linux-source-6.1), into @buf; NULL when it holds no LICENSES/.
 */
static inline const char *fixture_kernel_tree(char *buf, size_t size)
{
	const char *env = getenv("SPDXFS_KERNEL_TREE");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char licenses[PATH_MAX + 16];
	struct stat st;

	if (env)
		snprintf(buf, size, "%s", env);
	else if (xdg && *xdg)
		snprintf(buf, size, "%s/spdxfs/linux-source-6.1", xdg);
	else
		snprintf(buf, size, "%s/.cache/spdxfs/linux-source-6.1",
			 home ? home : "");
	snprintf(licenses, sizeof(licenses), "%s/LICENSES", buf);
	return stat(licenses, &st) || !S_ISDIR(st.st_mode) ? NULL : buf;
}

#endif
