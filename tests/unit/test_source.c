// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_source: how much of a file head() reads, and what it refuses, on a
 * fixture tree: the first 1 KiB when it holds the lines asked for, more
 * (up to the limit) when it does not, all of it when no line count is
 * given; and a NUL byte past what was read does not make a file binary.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fixture.h"
#include "scan.h"
#include "source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* @n lines of @width bytes each, the last byte a LF. */
static char *lines_of(int n, int width)
{
	char *s = malloc((size_t)n * width + 1), *p = s;

	for (int i = 0; i < n; i++, p += width) {
		memset(p, 'x', width - 1);
		p[width - 1] = '\n';
	}
	*p = '\0';
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
	char dir[] = "/tmp/spdxfs-test-source.XXXXXX", buf[SCAN_HEAD_BYTES];
	char *many = lines_of(200, 10), *wide = lines_of(16, 100);
	char *huge = lines_of(100, 100), *twenty = lines_of(20, 8);
	const struct fixture_file files[] = {
		{ "short.txt", twenty },	/* 160 bytes */
		{ "many.txt", many },		/* 2000 bytes, 102 LFs in 1 KiB */
		{ "wide.txt", wide },		/* 1600 bytes, 10 LFs in 1 KiB */
		{ "huge.txt", huge },		/* 10000 bytes */
		{ "sub/", "" },
	};
	const struct {
		const char *path;
		unsigned lines;
		ssize_t want;
	} cases[] = {
		{ "short.txt", 15, 160 },
		{ "many.txt", 15, 1024 },
		{ "many.txt", 0, 2000 },
		{ "many.txt", 103, 2000 },
		{ "wide.txt", 15, 1600 },
		{ "wide.txt", 10, 1024 },
		{ "huge.txt", 15, SCAN_HEAD_BYTES },
		{ "sub", 15, -EINVAL },
		{ "missing.txt", 15, -ENOENT },
		{ "link", 15, -ELOOP },
	};
	char late[1600], early[64];
	struct source *src = NULL;
	struct scan_result res;
	int ret;

	ret = fixture_make(dir, files, ARRAY_SIZE(files));
	/* A tag, 20 short lines, and a NUL at byte 1500, past the first
	 * KiB; and 64 bytes of it with a NUL at byte 50. */
	memset(late, 'y', sizeof(late));
	memcpy(late, "// SPDX-License-Identifier: MIT\n", 32);
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
	ret = source_fs_open(&src, dir);
	is_int(ret, 0, "source opened");
	if (ret)
		goto out;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct src_entry ent = { 0 };
		ssize_t n = src->ops->head(src, cases[i].path, buf, sizeof(buf),
					   cases[i].lines, &ent);

		is_int(n, cases[i].want, "head(%s, %u lines)", cases[i].path,
		       cases[i].lines);
		if (cases[i].want > 0)
			ok(ent.kind == SRC_REG && ent.size > 0 &&
			   ent.size >= (uint64_t)n,
			   "head(%s) filled the entry", cases[i].path);
	}

	{
		struct src_entry ent = { 0 };
		ssize_t n = src->ops->head(src, "nul-late.c", buf, sizeof(buf),
					   SCAN_MAXLINES, &ent);

		is_int(n, SRC_HEAD_STEP, "nul-late.c: the first KiB read");
		is_int(ent.size, sizeof(late), "nul-late.c: its size");
		is_int(scan_head(buf, n, ent.size > (uint64_t)n, &res), 0,
		       "nul-late.c: scanned");
		is_int(res.status, ST_TAGGED, "nul-late.c: tagged");
		is_int(res.flags & SCAN_F_BINARY, 0,
		       "nul-late.c: a NUL past the bytes read is not binary");
		scan_result_release(&res);

		n = src->ops->head(src, "nul-early.c", buf, sizeof(buf),
				   SCAN_MAXLINES, &ent);
		is_int(n, sizeof(early), "nul-early.c: all read");
		is_int(scan_head(buf, n, 0, &res), 0, "nul-early.c: scanned");
		is_int(res.flags & SCAN_F_BINARY, SCAN_F_BINARY,
		       "nul-early.c: binary");
		scan_result_release(&res);
	}
	source_free(src);
out:
	fixture_remove(dir);
	free(many);
	free(wide);
	free(huge);
	free(twenty);
	return tap_done();
}
