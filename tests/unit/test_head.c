// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_head: how much of each file is read, on a fixture tree.  The
 * source's head() reads what it is asked and no more; the index asks for
 * the first KiB, and for the whole head (4 KiB) only when the scan of that
 * KiB found fewer than 15 complete lines, and for up to SCAN_LINE_MAX
 * when the line that decides the status goes on past that: a tag line is
 * read whole, as spdxcheck reads it, or the file is an error.  A NUL byte
 * past what was read does not make a file binary.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "spdx/scan.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define TAGL "// SPDX-License-Identifier: MIT\n"

/* @n lines of @width bytes each, the last byte a LF, then @tail. */
static char *lines_of(int n, int width, const char *tail)
{
	char *s = malloc((size_t)n * width + strlen(tail) + 1), *p = s;

	for (int i = 0; i < n; i++, p += width) {
		memset(p, 'x', width - 1);
		p[width - 1] = '\n';
	}
	strcpy(p, tail);
	return s;
}

/* A tag line "MIT AND MIT ... AND @last" of at least @width bytes. */
static char *long_tag(size_t width, const char *last)
{
	char *s = malloc(width + strlen(last) + 64), *p = s;

	p += sprintf(p, "// SPDX-License-Identifier: MIT");
	while ((size_t)(p - s) < width)
		p += sprintf(p, " AND MIT");
	sprintf(p, " AND %s\nint x;\n", last);
	return s;
}

static int write_bytes(const char *root, const char *rel, const char *buf,
		       size_t n)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fwrite(buf, 1, n, f);
	return fclose(f) ? -errno : 0;
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-head.XXXXXX", buf[SCAN_HEAD_BYTES];
	char *text[] = {
		lines_of(20, 8, ""),		/* 160 bytes */
		lines_of(100, 100, ""),		/* 10000 bytes */
		lines_of(14, 100, TAGL),	/* tag on line 15, at byte 1400 */
		lines_of(15, 100, TAGL),	/* tag on line 16 */
		lines_of(19, 10, TAGL),		/* tag on line 20, in the KiB */
		lines_of(14, 300, TAGL),	/* tag on line 15, past 4 KiB */
		long_tag(5000, "Proprietary-NOT-DECLARED"),
		long_tag(SCAN_LINE_MAX, "MIT"),
	};
	const struct fixture_file files[] = {
		{ "short.txt", text[0] },
		{ "huge.txt", text[1] },
		{ "wide15.c", text[2] },
		{ "wide16.c", text[3] },
		{ "narrow20.c", text[4] },
		{ "far15.c", text[5] },
		{ "longtag.c", text[6] },
		{ "hugetag.c", text[7] },
		{ "sub/", "" },
	};
	const struct {
		const char *path;
		size_t len;
		ssize_t want;
	} reads[] = {
		{ "short.txt", SCAN_FIRST_BYTES, 160 },
		{ "huge.txt", SCAN_FIRST_BYTES, SCAN_FIRST_BYTES },
		{ "huge.txt", SCAN_HEAD_BYTES, SCAN_HEAD_BYTES },
		{ "huge.txt", 1, 1 },
		{ "sub", SCAN_FIRST_BYTES, -EINVAL },
		{ "missing.txt", SCAN_FIRST_BYTES, -ENOENT },
		{ "link", SCAN_FIRST_BYTES, -ELOOP },
	};
	const struct {
		const char *path;
		enum spdx_status scan_status;
		unsigned line, binary, truncated;
	} scans[] = {
		{ "short.txt", ST_UNTAGGED, 0, 0, 0 },
		{ "wide15.c", ST_MISPLACED, 15, 0, 0 },	/* needed 4 KiB */
		{ "wide16.c", ST_UNTAGGED, 0, 0, 0 },
		{ "narrow20.c", ST_UNTAGGED, 0, 0, 0 },
		{ "far15.c", ST_MISPLACED, 15, 0, 0 },	/* needed 5 KiB */
		{ "longtag.c", ST_TAGGED, 1, 0, 0 },
		{ "hugetag.c", ST_UNTAGGED, 0, 0, 0 },	/* an error */
		{ "nul-late.c", ST_TAGGED, 1, 0, 0 },
		{ "nul-early.c", ST_TAGGED, 1, SCAN_F_BINARY, 0 },
	};
	char late[1600], early[64];
	struct source *src = NULL;
	struct spdx_index *idx = NULL;
	struct index_opts opts = { .nthreads = 1 };
	struct spdx_error err = { 0 };
	int ret;

	ret = fixture_make(dir, files, ARRAY_SIZE(files));
	/* A tag, 20 short lines, and a NUL at byte 1500, past the first
	 * KiB; and 64 bytes of it with a NUL at byte 50. */
	memset(late, 'y', sizeof(late));
	memcpy(late, TAGL, strlen(TAGL));
	for (int i = 0; i < 20; i++)
		late[40 + 2 * i] = '\n';
	late[1500] = '\0';
	memcpy(early, late, sizeof(early));
	early[50] = '\0';
	if (!ret)
		ret = write_bytes(dir, "nul-late.c", late, sizeof(late));
	if (!ret)
		ret = write_bytes(dir, "nul-early.c", early, sizeof(early));
	if (!ret) {
		char link[PATH_MAX];

		snprintf(link, sizeof(link), "%s/link", dir);
		ret = symlink("short.txt", link) ? -errno : 0;
	}
	is_int(ret, 0, "fixture made");
	ret = source_open(&src, &(struct source_spec){ .type = SOURCE_DIR,
			  .path = dir, .flags = SOURCE_ALL_FILES }, NULL);
	is_int(ret, 0, "source opened");
	if (ret)
		goto out;

	for (size_t i = 0; i < ARRAY_SIZE(reads); i++) {
		struct src_entry ent = { .path = reads[i].path };
		struct file_stat st = { 0 };
		ssize_t n = src->ops->head(src, &ent, buf, reads[i].len, &st);

		is_int(n, reads[i].want, "head(%s, %zu)", reads[i].path,
		       reads[i].len);
		if (reads[i].want > 0)
			ok((st.mode & S_IFMT) == S_IFREG && st.size >= (uint64_t)n,
			   "head(%s) filled the stat", reads[i].path);
	}

	ret = index_build(&idx, src, &opts, &err);
	is_int(ret, 0, "index built");
	if (ret)
		printf("# %s\n", err.msg);
	if (ret)
		goto out;
	for (size_t i = 0; i < ARRAY_SIZE(scans); i++) {
		const struct spdx_file *f = index_find(idx, scans[i].path);

		ok(f != NULL, "%s indexed", scans[i].path);
		if (!f)
			continue;
		is_int(f->scan_status, scans[i].scan_status, "%s: scan status",
		       scans[i].path);
		is_int(f->line, scans[i].line, "%s: line", scans[i].path);
		is_int(f->flags & SCAN_F_BINARY, scans[i].binary, "%s: binary",
		       scans[i].path);
		is_int(f->flags & SCAN_F_TRUNCATED, scans[i].truncated,
		       "%s: head truncated", scans[i].path);
	}
	{
		const struct spdx_file *f = index_find(idx, "longtag.c");
		const struct spdx_expr *e = f ? index_file_expr(idx, f) : NULL;
		size_t n = e ? strlen(e->text) : 0;

		ok(n > 5000 && !strcmp(e->text + n - 29, " AND Proprietary-NOT-DECLARED"),
		   "longtag.c: the whole tag line is the expression");
		is_int(f ? f->status : -1, ST_INVALID, "longtag.c: invalid");
		f = index_find(idx, "hugetag.c");
		is_int(f ? f->status : -1, ST_ERROR,
		       "hugetag.c: a tag line past SCAN_LINE_MAX is an error");
		is_str(f ? f->error : NULL, strerror(EFBIG), "hugetag.c: File too large");
	}
	is_int(idx->rescanned, 10, "each of the 10 files scanned once");
out:
	index_free(idx);
	source_free(src);
	fixture_remove(dir);
	for (size_t i = 0; i < ARRAY_SIZE(text); i++)
		free(text[i]);
	return tap_done();
}
