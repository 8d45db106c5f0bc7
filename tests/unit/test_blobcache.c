// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_blobcache: blobcache_merge() on hand-made indexes: one record per
 * blob id, sorted, the build's result winning over the cache's, files not
 * read or with no id left out, expressions shared and sorted; and the
 * merged cache saved and loaded back as a saved index; a cache of many
 * blobs, written through the save's buffer in many pieces, carries the
 * checksum of its whole body and loads back whole.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blobcache.h"
#include "util/error.h"
#include "index.h"
#include "source/source.h"
#include "store.h"
#include "tap.h"

/* A file with blob id @b (0: none), expression @e (-1: none), read from
 * object store 0x2a. */
static struct spdx_file file(const char *path, uint8_t b, int32_t e,
			     uint8_t status)
{
	struct spdx_file f = {
		.path = path, .leader = "//", .expr = e, .status = status,
		.scan_status = status == ST_INVALID ? ST_TAGGED : status,
		.line = e >= 0 ? 1 : 0, .col = e >= 0 ? 3 : 0,
		.st = { .size = 10 + b, .mode = S_IFREG | 0644, .ino = 0x2a },
	};

	if (b)
		f.st.id[0] = b, f.st.id[19] = b;
	return f;
}

#define MANY	5000	/* records: some 600 KB, many of the save's buffers */

/* A cache of MANY blobs, each with its own leader, into *@out. */
static int many_blobs(struct spdx_index **out)
{
	static struct spdx_file files[MANY];
	static char paths[MANY][16], leaders[MANY][24];
	struct spdx_expr exprs[] = { { .text = "GPL-2.0-only" }, { .text = "MIT" } };
	struct spdx_index idx = {
		.files = files, .nfiles = MANY, .exprs = exprs, .nexprs = 2,
	};

	for (int i = 0; i < MANY; i++) {
		snprintf(paths[i], sizeof(paths[i]), "%d.c", i);
		snprintf(leaders[i], sizeof(leaders[i]), "/* %*d", 1 + i % 13, i);
		files[i] = file(paths[i], 1, i % 3 - 1, ST_TAGGED);
		files[i].leader = leaders[i];
		files[i].st.id[1] = i >> 8;
		files[i].st.id[2] = i;
	}
	return blobcache_merge(out, NULL, &idx);
}

/* The saved file of the blob cache: its header's checksum against one of
 * its body taken whole, and its counts.  0 or -1. */
static int check_saved(void)
{
	struct { char magic[8]; uint32_t version, head; uint64_t nfiles, nexprs,
		 nlinks, nothers, strsize, checksum; uint32_t root, has_stamp;
		 struct file_stat stamp; } h;
	char path[PATH_MAX], *buf = NULL;
	long len;
	FILE *f;
	int ret = -1;

	if (store_path(BLOBCACHE_ROOT, path, sizeof(path)) || !(f = fopen(path, "r")))
		return -1;
	if (!fseek(f, 0, SEEK_END) && (len = ftell(f)) > (long)sizeof(h) &&
	    !fseek(f, 0, SEEK_SET) && (buf = malloc(len)) &&
	    fread(buf, 1, len, f) == (size_t)len) {
		memcpy(&h, buf, sizeof(h));
		if (h.checksum == store_checksum(buf + sizeof(h), len - sizeof(h)) &&
		    h.nfiles == MANY && h.nexprs == 2)
			ret = 0;
	}
	free(buf);
	fclose(f);
	return ret;
}

int main(void)
{
	struct spdx_expr cache_exprs[] = { { .text = "GPL-2.0" }, { .text = "MIT" } };
	struct spdx_expr build_exprs[] = { { .text = "BSD-3-Clause" },
					   { .text = "GPL-2.0" } };
	struct spdx_file cache_files[] = {
		file("0200000000000000000000000000000000000002.000000000000002a", 2, 1, ST_TAGGED),
		file("0300000000000000000000000000000000000003.000000000000002a", 3, 0, ST_TAGGED),
	};
	struct spdx_file build_files[] = {
		file("a.c", 3, 0, ST_TAGGED),	/* blob 3, in the cache too:
						   the build's result wins */
		file("b.c", 1, 1, ST_INVALID),
		file("c.c", 4, -1, ST_UNTAGGED),
		file("d.c", 5, -1, ST_EXCLUDED),
		file("e.c", 6, -1, ST_ERROR),
		file("f.c", 0, -1, ST_UNTAGGED),
	};
	struct spdx_index cache = {
		.files = cache_files, .nfiles = 2, .exprs = cache_exprs, .nexprs = 2,
	};
	struct spdx_index build = {
		.files = build_files, .nfiles = 6, .exprs = build_exprs, .nexprs = 2,
	};
	char dir[] = "/tmp/spdxfs-test-blobcache.XXXXXX";
	struct spdx_index *m = NULL, *back = NULL;
	struct spdx_error err;

	build_files[4].error = "Input/output error";
	is_int(blobcache_merge(&m, &cache, &build), 0, "merge the build into the cache");
	if (!m)
		return tap_done();
	is_str(m->root, BLOBCACHE_ROOT, "its name");
	is_int(m->nfiles, 4, "four blobs: 1, 2, 3, 4 (not excluded, failed or id-less)");
	is_str(m->files[0].path, "0100000000000000000000000000000000000001.000000000000002a",
	       "paths: the ids in hex, sorted");
	is_str(m->files[1].path, "0200000000000000000000000000000000000002.000000000000002a", "... 2");
	is_str(m->files[2].path, "0300000000000000000000000000000000000003.000000000000002a", "... 3");
	is_str(m->files[3].path, "0400000000000000000000000000000000000004.000000000000002a", "... 4");
	is_int(m->nexprs, 3, "three distinct expressions");
	is_str(m->exprs[0].text, "BSD-3-Clause", "... sorted");
	is_str(m->exprs[1].text, "GPL-2.0", "...");
	is_str(m->exprs[2].text, "MIT", "...");
	is_str(m->exprs[m->files[0].expr].text, "GPL-2.0", "blob 1: the build's expression");
	is_int(m->files[0].scan_status, ST_TAGGED, "... the scanner's status");
	is_int(m->files[0].status, ST_TAGGED, "... kept as it");
	is_str(m->exprs[m->files[1].expr].text, "MIT", "blob 2: the cache's");
	is_str(m->exprs[m->files[2].expr].text, "BSD-3-Clause",
	       "blob 3, in both: the build's result");
	is_int(m->files[3].expr, -1, "blob 4: untagged");
	is_int(m->files[3].st.size, 14, "... its size kept");

	if (!mkdtemp(dir))
		return tap_done();
	setenv("SPDXFS_CACHE_DIR", dir, 1);
	is_int(store_save(m, &err), 0, "saved as a saved index");
	is_int(store_load(&back, BLOBCACHE_ROOT, &err), 0, "loaded back");
	if (back) {
		is_int(back->nfiles, 4, "... four records");
		is_str(back->files[2].path, m->files[2].path, "... the same paths");
		is_int(back->files[2].expr, m->files[2].expr, "... and expressions");
		ok(!memcmp(back->files[2].st.id, m->files[2].st.id, FILE_ID_BYTES),
		   "... and blob ids");
	}
	index_free(back);
	back = NULL;
	is_int(blobcache_merge(&back, NULL, &build), 0, "a first cache: none before");
	is_int(back ? back->nfiles : 0, 3, "... the build's three blobs read");
	index_free(back);
	index_free(m);
	m = NULL;

	is_int(many_blobs(&m), 0, "a cache of %d blobs", MANY);
	is_int(m ? store_save(m, &err) : -1, 0, "... saved");
	is_int(check_saved(), 0, "... its checksum that of its whole body");
	is_int(store_load(&back, BLOBCACHE_ROOT, &err), 0, "... loaded back");
	if (back && m) {
		is_int(back->nfiles, MANY, "... every record");
		is_str(back->files[MANY - 1].path, m->files[MANY - 1].path,
		       "... the last one's path");
		is_str(back->files[MANY - 1].leader, m->files[MANY - 1].leader,
		       "... and leader");
		is_str(back->exprs[back->files[MANY - 1].expr].text,
		       m->exprs[m->files[MANY - 1].expr].text,
		       "... and an expression");
	}
	index_free(back);
	index_free(m);
	{
		char path[PATH_MAX];

		if (!store_path(BLOBCACHE_ROOT, path, sizeof(path)))
			unlink(path);
		rmdir(dir);
	}
	return tap_done();
}
