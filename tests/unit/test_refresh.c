// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_refresh: index_refresh() on a fixture tree of 130 files, with the
 * saved index in a temporary cache directory: what it loads, what it
 * reads again and when it rewrites the saved index, as it reports them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "refresh.h"
#include "source/source.h"
#include "store.h"
#include "tap.h"

#define NFILES 128	/* plus two LICENSES/ files: 130, 130 / 64 = 2 */

static const struct fixture_file licenses[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\n"
	  "SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n"
	  "Usage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\n"
	  "SPDX-URL: https://spdx.org/licenses/MIT.html\n"
	  "Usage-Guide:\n  x\nLicense-Text:\n  x\n" },
};

/* Write @text to @rel with an mtime of its own, so that the change is
 * seen whatever the file system's timestamp granularity. */
static int rewrite(const char *root, const char *rel, const char *text, time_t when)
{
	char path[PATH_MAX];
	struct timespec ts[2] = { { when, 0 }, { when, 0 } };
	int ret = fixture_write(root, rel, text);

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (!ret && utimensat(AT_FDCWD, path, ts, 0))
		ret = -errno;
	return ret;
}

static int refresh(struct spdx_index **idx, struct source *src,
		   const struct index_refresh_opts *o,
		   struct index_refresh_result *res)
{
	*idx = NULL;
	struct spdx_error err;

	return index_refresh(idx, src, o, res, &err);
}

/* The saved index's inode and mtime, to tell a rewrite. */
static void saved_id(const char *root, struct stat *st)
{
	char path[PATH_MAX];

	memset(st, 0, sizeof(*st));
	if (!store_path(root, path, sizeof(path)))
		stat(path, st);
}

/* store.c's struct store_header, for a test that edits a saved index. */
struct header {
	char magic[8];
	uint32_t version, head_bytes;
	uint64_t nfiles, nexprs, nlinks, nothers, strsize, checksum;
	uint32_t root, has_stamp;
	struct file_stat stamp;
};

/*
 * Edit the saved index of @root and make the checksum match: a file only
 * a bug or a hand could make.  @unterminate: overwrite its last byte, the
 * NUL that ends its last string; else give its second file record the
 * first one's path (each record starts with its path's offset).  Returns
 * 0 or -1.
 */
static int edit_saved(const char *root, int unterminate)
{
	char path[PATH_MAX], *buf = NULL;
	struct header h;
	long len;
	int ret = -1;
	FILE *f;

	if (store_path(root, path, sizeof(path)) || !(f = fopen(path, "r+")))
		return -1;
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) <= (long)sizeof(h) ||
	    fseek(f, 0, SEEK_SET) || !(buf = malloc(len)) ||
	    fread(buf, 1, len, f) != (size_t)len || memcmp(buf, "SPDXFSIX", 8))
		goto out;
	memcpy(&h, buf, sizeof(h));
	if (unterminate)
		buf[len - 1] = 'x';
	else if (h.nfiles >= 2)
		memcpy(buf + sizeof(h) + (len - sizeof(h) - h.strsize -
		       4 * (h.nexprs + h.nlinks + h.nothers)) / h.nfiles,
		       buf + sizeof(h), 4);
	else
		goto out;
	h.checksum = store_checksum(buf + sizeof(h), len - sizeof(h));
	memcpy(buf, &h, sizeof(h));
	if (!fseek(f, 0, SEEK_SET) && fwrite(buf, 1, len, f) == (size_t)len)
		ret = 0;
out:
	free(buf);
	return fclose(f) || ret ? -1 : 0;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-refresh.XXXXXX";
	char cache[] = "/tmp/spdxfs-test-refresh-cache.XXXXXX";
	char path[PATH_MAX], want[PATH_MAX + 64], rel[64], text[64];
	struct index_refresh_opts o = { .nthreads = 2 };
	struct index_refresh_result res;
	struct spdx_index *idx, *idx2;
	struct spdx_error err;
	struct source *src = NULL;
	struct stat before, after;
	time_t t0 = time(NULL) - 1000;
	int ret;
	FILE *f;

	ret = fixture_make(dir, licenses, 2);
	for (int i = 0; i < NFILES && !ret; i++) {
		snprintf(rel, sizeof(rel), "lib/f%d.c", i);
		snprintf(text, sizeof(text), "// SPDX-License-Identifier: GPL-2.0\n");
		ret = rewrite(dir, rel, text, t0);
	}
	if (ret || !mkdtemp(cache) || setenv("SPDXFS_CACHE_DIR", cache, 1) ||
	    source_open(&src, &(struct source_spec){ .type = SOURCE_DIR,
					 .path = dir, .flags = 0 }, NULL)) {
		tap_ok(0, "fixture tree and cache directory");
		fixture_remove(dir);
		return tap_done();
	}

	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "first refresh succeeds");
	is_int(res.load, REFRESH_LOAD_NONE, "first: no saved index");
	is_int(res.save, REFRESH_SAVE_DONE, "first: saved");
	is_int(idx ? idx->nfiles : 0, NFILES + 2, "first: every file indexed");
	is_int(idx ? idx->rescanned : 0, NFILES, "first: every file read (LICENSES/ is excluded)");
	index_free(idx);
	saved_id(src->root, &before);
	ok(before.st_ino, "the saved index exists");

	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "second refresh succeeds");
	is_int(res.load, REFRESH_LOAD_USED, "second: the saved index used");
	is_int(idx ? idx->rescanned : -1, 0, "second: no file read");
	is_int(res.save, REFRESH_SAVE_UNNEEDED, "second: nothing to save");
	index_free(idx);

	/* Two files of 130 read again: 2 > 130 / 64 is false. */
	rewrite(dir, "lib/f1.c", "// SPDX-License-Identifier: MIT\n", t0 + 1);
	rewrite(dir, "lib/f2.c", "// SPDX-License-Identifier: MIT\n", t0 + 1);
	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "two edited: succeeds");
	is_int(idx ? idx->rescanned : -1, 2, "two edited: two read");
	is_int(res.save, REFRESH_SAVE_UNNEEDED, "two edited: not worth saving");
	saved_id(src->root, &after);
	ok(same_file(&before, &after), "two edited: the saved index untouched");

	/* From the index in memory (the watcher): the saved one is not
	 * looked at; a third edit makes 1 read, still not worth it. */
	rewrite(dir, "lib/f3.c", "// SPDX-License-Identifier: MIT\n", t0 + 1);
	o.prev = idx;
	ret = refresh(&idx2, src, &o, &res);
	is_int(ret, 0, "from prev: succeeds");
	is_int(res.load, REFRESH_LOAD_SKIPPED, "from prev: saved index not loaded");
	is_int(idx2 ? idx2->rescanned : -1, 1, "from prev: one read");
	is_int(res.save, REFRESH_SAVE_UNNEEDED, "from prev: not worth saving");
	ok(!index_refresh_unchanged(idx, idx2), "from prev: one read is a change");
	index_free(idx);
	idx = idx2;

	/* Nothing changed since: the same tree, file for file. */
	o.prev = idx;
	ret = refresh(&idx2, src, &o, &res);
	is_int(idx2 ? idx2->rescanned : -1, 0, "unchanged: no file read");
	ok(idx2 && index_refresh_unchanged(idx, idx2), "unchanged: said so");
	index_free(idx2);
	/* A symlink that came: no file read, but not the same tree. */
	snprintf(path, sizeof(path), "%s/lib/link", dir);
	ok(!symlink("f1.c", path), "a symlink made");
	ret = refresh(&idx2, src, &o, &res);
	is_int(idx2 ? idx2->rescanned : -1, 0, "a symlink: no file read");
	ok(idx2 && !index_refresh_unchanged(idx, idx2), "a symlink: a change");
	index_free(idx2);
	unlink(path);
	/* A directory's mode, and a file's, are changes too. */
	snprintf(path, sizeof(path), "%s/lib", dir);
	chmod(path, 0700);
	ret = refresh(&idx2, src, &o, &res);
	ok(idx2 && !index_refresh_unchanged(idx, idx2), "a directory's mode: a change");
	index_free(idx2);
	chmod(path, 0755);
	snprintf(path, sizeof(path), "%s/lib/f4.c", dir);
	chmod(path, 0600);
	ret = refresh(&idx2, src, &o, &res);
	ok(idx2 && !index_refresh_unchanged(idx, idx2), "a file's mode: a change");
	chmod(path, 0644);
	index_free(idx);
	idx = idx2;	/* f4.c's new ctime: from here, the tree as it is */
	o.prev = idx;
	ret = refresh(&idx2, src, &o, &res);
	index_free(idx);
	idx = idx2;

	/* A file that came: worth saving. */
	rewrite(dir, "lib/new.c", "int new;\n", t0 + 2);
	o.prev = idx;
	ret = refresh(&idx2, src, &o, &res);
	is_int(ret, 0, "a file added: succeeds");
	is_int(idx2 ? idx2->nfiles : 0, NFILES + 3, "a file added: indexed");
	is_int(idx2 ? idx2->rescanned : -1, 1, "a file added: only it read");
	is_int(res.save, REFRESH_SAVE_DONE, "a file added: saved");
	saved_id(src->root, &after);
	ok(!same_file(&before, &after), "a file added: the saved index rewritten");
	before = after;
	index_free(idx);
	idx = idx2;

	/* A full rescan reads everything and saves. */
	o.full = 1;
	ret = refresh(&idx2, src, &o, &res);
	is_int(ret, 0, "full: succeeds");
	is_int(res.load, REFRESH_LOAD_SKIPPED, "full: saved index not loaded");
	is_int(idx2 ? idx2->rescanned : -1, NFILES + 1, "full: every file read");
	is_int(res.save, REFRESH_SAVE_DONE, "full: saved");
	index_free(idx2);
	index_free(idx);
	o.full = 0;
	o.prev = NULL;

	/* The saved index now has every change: nothing to read. */
	ret = refresh(&idx, src, &o, &res);
	is_int(res.load, REFRESH_LOAD_USED, "after saves: loaded");
	is_int(idx ? idx->rescanned : -1, 0, "after saves: no file read");
	index_free(idx);

	/* --no-cache: neither loaded nor saved. */
	o.no_cache = 1;
	saved_id(src->root, &before);
	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "no_cache: succeeds");
	is_int(res.load, REFRESH_LOAD_SKIPPED, "no_cache: not loaded");
	is_int(res.save, REFRESH_SAVE_SKIPPED, "no_cache: not saved");
	is_int(idx ? idx->rescanned : -1, NFILES + 1, "no_cache: every file read");
	saved_id(src->root, &after);
	ok(same_file(&before, &after), "no_cache: the saved index untouched");
	index_free(idx);
	o.no_cache = 0;

	/* Strings that do not end inside the file, whatever the checksum
	 * says: ignored, never read past the end. */
	is_int(edit_saved(src->root, 1), 0, "unterminated: edited");
	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "unterminated: succeeds");
	is_int(res.load, REFRESH_LOAD_IGNORED, "unterminated: ignored");
	store_path(src->root, path, sizeof(path));
	snprintf(want, sizeof(want), "%s: bad string table", path);
	is_str(res.load_error.msg, want, "unterminated: the reason");
	is_int(res.save, REFRESH_SAVE_DONE, "unterminated: replaced");
	index_free(idx);
	is_int(edit_saved(src->root, 0), 0, "two records of one path: edited");
	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "two records of one path: succeeds");
	is_int(res.load, REFRESH_LOAD_IGNORED, "two records of one path: ignored");
	snprintf(want, sizeof(want), "%s: records out of order", path);
	is_str(res.load_error.msg, want, "two records of one path: the reason");
	index_free(idx);

	/* A corrupt saved index: ignored with its reason, then replaced. */
	store_path(src->root, path, sizeof(path));
	f = fopen(path, "w");
	if (f) {
		fputs("not an index at all, but long enough to have a header.....", f);
		fclose(f);
	}
	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "corrupt: succeeds");
	is_int(res.load, REFRESH_LOAD_IGNORED, "corrupt: ignored");
	snprintf(want, sizeof(want), "%s: not a spdxfs index", path);
	is_int(res.load_error.code, -EINVAL, "corrupt: -EINVAL");
	is_str(res.load_error.msg, want, "corrupt: the file and the reason");
	is_int(res.save, REFRESH_SAVE_DONE, "corrupt: replaced");
	index_free(idx);

	/* A cache directory inside the tree: the save fails, said how. */
	snprintf(path, sizeof(path), "%s/cache", dir);
	setenv("SPDXFS_CACHE_DIR", path, 1);
	ret = refresh(&idx, src, &o, &res);
	is_int(ret, 0, "cache inside the tree: the refresh succeeds");
	is_int(res.load, REFRESH_LOAD_NONE, "cache inside the tree: none loaded");
	is_int(res.save, REFRESH_SAVE_FAILED, "cache inside the tree: not saved");
	is_int(res.save_error.code, -EPERM, "cache inside the tree: -EPERM");
	snprintf(want, sizeof(want), "%s: cache directory inside the tree", path);
	is_str(res.save_error.msg, want, "cache inside the tree: the reason");
	index_free(idx);

	/* A broken LICENSES/: the refresh fails, and says where. */
	ok(!fixture_write(dir, "LICENSES/preferred/Bad", "License-Text:\n  x\n"),
	   "a license file without an identifier");
	err.code = 0;
	ret = index_refresh(&idx, src, &o, &res, &err);
	is_int(ret, -EINVAL, "broken LICENSES/: the refresh fails");
	is_int(err.code, -EINVAL, "broken LICENSES/: the error's code");
	is_str(err.msg, "LICENSES/preferred/Bad: no Valid-License-Identifier",
	       "broken LICENSES/: the file and what is wrong");

	source_free(src);
	fixture_remove(dir);
	fixture_remove(cache);
	return tap_done();
}
