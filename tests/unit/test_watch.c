// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_watch: the watcher's thread, without FUSE (fs_update() is the
 * test's own): watcher_free() stops and joins the thread even when the
 * control pipe is full, so that nothing frees what the thread still uses.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/error.h"
#include "fixture.h"
#include "fs.h"
#include "index.h"
#include "publish.h"
#include "source/source.h"
#include "tap.h"
#include "views.h"
#include "watch.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\nSPDX-URL: https://spdx.org/licenses/MIT.html\n"
	  "Usage-Guide:\n  Short.\nLicense-Text:\n\nMIT.\n" },
	{ "a.c", "// SPDX-License-Identifier: MIT\n" },
	{ "sub/b.c", "int b;\n" },
};

static int updates;

/* What fs.c does, without a session to notify. */
size_t fs_update(struct spdxfs *fs, struct snapshot *s)
{
	publish_drop(publish_swap(&fs->pub, s));
	updates++;
	return 0;
}

void fs_files_changed(struct spdxfs *fs, char *const *paths, size_t n)
{
}

/* The number of threads of this process. */
static int threads(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void test_free_full_pipe(struct spdxfs *fs)
{
	struct watcher *w;
	int ret;

	ret = watcher_new(&w, fs);
	is_int(ret, 0, "watcher made");
	if (ret)
		return;
	/* More requests than a pipe holds (64 KiB): the last ones, and the
	 * 'q' of watcher_free(), find it full. */
	for (int i = 0; i < 256 * 1024; i++)
		watcher_rescan(w);
	ret = watcher_start(w);
	is_int(ret, 0, "thread started");
	/* (its rescans may start workers of their own) */
	ok(ret || threads() >= 2, "a thread of its own while it runs");
	watcher_free(w);
	/* A joined thread can stay listed a moment, until the kernel reaps
	 * it; one left running stays for good. */
	for (int i = 0; i < 1000 && threads() != 1; i++)
		usleep(1000);
	is_int(threads(), 1, "after watcher_free(), the thread is gone");
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-watch.XXXXXX";
	struct spdxfs fs = { 0 };
	struct spdx_index *idx = NULL;
	struct spdx_error err;
	struct snapshot *s = NULL;
	int ret;

	ret = fixture_make(dir, files, ARRAY_SIZE(files));
	is_int(ret, 0, "fixture made");
	if (!ret)
		ret = fixture_index(dir, 0, &fs.src, &idx, &err);
	if (!ret && (ret = snapshot_build(&s, idx, NULL)))
		index_free(idx);
	is_int(ret, 0, "snapshot built");
	if (ret)
		goto out;
	fs.under = "";
	publish_init(&fs.pub, s);
	test_free_full_pipe(&fs);
	publish_drop(publish_swap(&fs.pub, NULL));
out:
	source_free(fs.src);
	fixture_remove(dir);
	return tap_done();
}
