// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_source_batch: the files a walk's head() reads are closed in
 * batches (source_fs.c), and the batching is invisible: every head reads
 * its own file, no descriptor is left open after the walk, one opened
 * by someone else between two heads stays open, and a walk reads every
 * file under an RLIMIT_NOFILE that leaves room for a few descriptors.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "fixture.h"
#include "source/source.h"
#include "tap.h"

#define NFILES	150	/* more than two batches in one directory */

struct reads {
	struct source *src;
	int files, right, failed;	/* files met, read right, read failed */
	int hold_at;		/* at this file, open /dev/null and keep it */
	int held;		/* that descriptor, -1 before */
};

static int read_one(const struct src_entry *ent, void *arg)
{
	struct reads *r = arg;
	struct file_stat st;
	char buf[64], want[64];
	const char *name = strrchr(ent->path, '/');
	ssize_t n;

	if (ent->kind != SRC_REG)
		return 0;
	name = name ? name + 1 : ent->path;
	snprintf(want, sizeof(want), "file %s\n", name);
	n = r->src->ops->head(r->src, ent, buf, sizeof(buf), &st);
	if (n < 0)
		r->failed++;
	else if ((size_t)n == strlen(want) && !memcmp(buf, want, n) &&
		 st.size == (uint64_t)n)
		r->right++;
	if (r->files++ == r->hold_at)
		r->held = open("/dev/null", O_RDONLY | O_CLOEXEC);
	return 0;
}

/* How many descriptors below 4096 this process has open. */
static int open_fds(void)
{
	int n = 0;

	for (int fd = 0; fd < 4096; fd++)
		n += fcntl(fd, F_GETFD) >= 0;
	return n;
}

static void test_batch(struct source *src)
{
	struct reads r = { .src = src, .hold_at = 70, .held = -1 };
	int before = open_fds();

	is_int(src->ops->walk(src, "many", 0, read_one, &r), 0, "walk");
	is_int(r.files, NFILES, "every file met");
	is_int(r.right, NFILES, "... each head read its own file");
	is_int(open_fds(), before + 1, "only the descriptor held is open after");
	ok(r.held >= 0 && fcntl(r.held, F_GETFD) >= 0,
	   "the descriptor opened between two heads is not closed");
	if (r.held >= 0)
		close(r.held);
	is_int(open_fds(), before, "nothing else left open");
}

static void test_batch_deep(struct source *src)
{
	struct reads r = { .src = src, .hold_at = -1, .held = -1 };
	int before = open_fds();

	is_int(src->ops->walk(src, "", 0, read_one, &r), 0, "walk the root");
	is_int(r.files, NFILES + 3, "every file met, in subdirectories too");
	is_int(r.right, NFILES + 3, "... each head read its own file");
	is_int(open_fds(), before, "nothing left open");
}

/* Room for a few descriptors beyond those open: a full batch would
 * pass the limit, and must be closed to make room. */
static void test_batch_rlimit(struct source *src)
{
	struct reads r = { .src = src, .hold_at = -1, .held = -1 };
	struct rlimit old, low;
	int before = open_fds(), ret;

	if (getrlimit(RLIMIT_NOFILE, &old) || before < 0) {
		ok(0, "getrlimit");
		return;
	}
	low = old;
	low.rlim_cur = before + 16;	/* descriptors below it: a few free */
	if (setrlimit(RLIMIT_NOFILE, &low)) {
		ok(0, "setrlimit");
		return;
	}
	ret = src->ops->walk(src, "many", 0, read_one, &r);
	setrlimit(RLIMIT_NOFILE, &old);
	is_int(ret, 0, "walk under a low RLIMIT_NOFILE");
	is_int(r.failed, 0, "... no head failed");
	is_int(r.right, NFILES, "... each read its own file");
	is_int(open_fds(), before, "... nothing left open");
}

/* NFILES files in many/, and one in a/, a/b/ and c/: "file NAME\n". */
static int make_tree(char *dir)
{
	static char paths[NFILES + 3][32], texts[NFILES + 3][48];
	struct fixture_file files[NFILES + 3];

	for (int i = 0; i < NFILES + 3; i++) {
		const char *at = i < NFILES ? "many" : i == NFILES ? "a" :
				 i == NFILES + 1 ? "a/b" : "c";

		snprintf(paths[i], sizeof(paths[i]), "%s/f%03d", at, i);
		snprintf(texts[i], sizeof(texts[i]), "file f%03d\n", i);
		files[i] = (struct fixture_file){ paths[i], texts[i] };
	}
	return fixture_make(dir, files, NFILES + 3);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-batch.XXXXXX";
	struct source *src = NULL;
	struct spdx_error err;

	ok(!make_tree(dir) && !source_open(&src, &(struct source_spec){
		.type = SOURCE_DIR, .path = dir }, &err),
	   "a tree of files, opened as a source");
	if (src) {
		test_batch(src);
		test_batch_deep(src);
		test_batch_rlimit(src);
	}
	source_free(src);
	fixture_remove(dir);
	return tap_done();
}
