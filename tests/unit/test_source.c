// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_source: the contract of source.h, on the file-system source: walk
 * order, change detection (an edit that restores size and mtime), regular
 * files only and never a blocking open (alarm() ends the test if a FIFO
 * hangs it), reads through an open file that a rename cannot switch,
 * symlinks and malformed paths refused, and git's ignore rules applied
 * inside the source and read again on refresh.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <git2.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static struct source *open_dir(const char *dir, unsigned flags)
{
	struct source *src = NULL;
	struct spdx_error err;
	int ret = source_open(&src, &(struct source_spec){
		.type = SOURCE_DIR, .path = dir, .flags = flags }, &err);

	if (ret)
		printf("# source_open: %s\n", err.msg);
	return src;
}

static void test_open_spec(const char *dir)
{
	struct source *src = NULL;
	char file[PATH_MAX], want[PATH_MAX + 64], *real;
	struct spdx_error err;

	is_int(source_open(&src, &(struct source_spec){ .type = 99, .path = dir },
			   &err), -EINVAL, "an unknown source type");
	is_int(err.code, -EINVAL, "... the error's code");
	is_str(err.msg, "unknown source type 99", "... the message");
	snprintf(file, sizeof(file), "%s/r.txt", dir);
	is_int(source_open(&src, &(struct source_spec){ .path = file }, &err),
	       -ENOTDIR, "a file as the tree");
	snprintf(want, sizeof(want), "%s: Not a directory", file);
	is_str(err.msg, want, "... named, with the reason");
	snprintf(file, sizeof(file), "%s/missing", dir);
	is_int(source_open(&src, &(struct source_spec){ .path = file }, NULL),
	       -ENOENT, "a missing tree (no error wanted)");
	is_int(source_open(&src, &(struct source_spec){ .path = file }, &err),
	       -ENOENT, "a missing tree");
	snprintf(want, sizeof(want), "%s: No such file or directory", file);
	is_str(err.msg, want, "... named, with the reason");
	src = open_dir(dir, 0);
	real = realpath(dir, NULL);
	is_str(src ? src->root : NULL, real, "root is the absolute path");
	is_str(src ? source_watch_dir(src) : NULL, real,
	       "a directory is watched where it is");
	free(real);
	source_free(src);
}

/* git's tree order: byte order, a directory compared as "name/". */
static void test_walk_order(const char *dir)
{
	struct source *src = open_dir(dir, 0);
	struct fixture_listing l;

	if (!src)
		return;
	is_str(fixture_walk(src, "order", &l),
	       "order/B\n"
	       "order/a-\n"
	       "order/a.c\n"
	       "order/a/\n"
	       "order/a/z\n"
	       "order/a0\n",
	       "walk: git's tree order, a directory before its contents");
	is_str(fixture_walk(src, "order/a/", &l), "order/a/z\n",
	       "walk below a subdirectory, a trailing '/' taken");
	is_int(source_tracked(src, "order/B"), -ENOTSUP,
	       "tracked: no git work tree, no answer");
	is_int(source_walk(src, "order/../order", fixture_list_one, &l), -EINVAL,
	       "walk: \"..\" refused");
	source_free(src);
}

/* A name and whether it is a directory, as the reference order sees it. */
struct named {
	const char *name;
	int dir;
};

static int cmp_tree(const void *x, const void *y)
{
	const struct named *a = x, *b = y;
	const unsigned char *p = (const unsigned char *)a->name;
	const unsigned char *q = (const unsigned char *)b->name;

	while (*p && *p == *q)
		p++, q++;
	return (int)(*p ? *p : a->dir ? '/' : 0) - (int)(*q ? *q : b->dir ? '/' : 0);
}

/*
 * The same order on names around the walk's 8-byte sort key: equal in
 * their first 7, 8 or 9 bytes, a directory of exactly 7 or 8, bytes from
 * 0x80 up, and enough of them to be sorted by merging.
 */
static void test_walk_order_long(const char *dir)
{
	static struct named ents[] = {
		{ "abcdefg", 1 }, { "abcdefg.c", 0 }, { "abcdefg-x", 0 },
		{ "abcdefg0", 0 }, { "abcdefgh", 1 }, { "abcdefgh.c", 0 },
		{ "abcdefghi", 0 }, { "abcdefghij", 1 }, { "abcdefghij.c", 0 },
		{ "abcdefghij-", 0 }, { "abc", 0 }, { "ab", 0 }, { "a", 0 },
		{ "b", 1 }, { "b\xc3\xa9", 0 }, { "b\x7f", 0 }, { "bz", 0 },
		{ "Kconfig", 0 }, { "Kconfig.debug", 0 }, { "Kconfig.d", 1 },
		{ "Makefile", 0 }, { "zzzzzzzzzzzzzzzz1", 0 },
		{ "zzzzzzzzzzzzzzzz", 1 }, { "zzzzzzzzzzzzzzzz0", 0 },
		{ "x.c", 0 }, { "x-y", 0 }, { "x", 1 }, { "\xff", 0 },
	};
	struct source *src;
	struct fixture_listing l;
	char path[PATH_MAX], want[4096];
	size_t len = 0;
	int ret;

	snprintf(path, sizeof(path), "%s/long", dir);
	ret = mkdir(path, 0755) && errno != EEXIST;
	for (size_t i = 0; i < ARRAY_SIZE(ents) && !ret; i++) {
		snprintf(path, sizeof(path), "%s/long/%s%s", dir, ents[i].name,
			 ents[i].dir ? "/" : "");
		if (ents[i].dir)
			ret = mkdir(path, 0755) && errno != EEXIST;
		else
			ret = fixture_write(dir, path + strlen(dir) + 1, "x\n");
	}
	src = ret ? NULL : open_dir(dir, 0);
	if (!src) {
		ok(0, "walk order on long names: fixture");
		return;
	}
	qsort(ents, ARRAY_SIZE(ents), sizeof(ents[0]), cmp_tree);
	for (size_t i = 0; i < ARRAY_SIZE(ents); i++)
		len += snprintf(want + len, sizeof(want) - len, "long/%s%s\n",
				ents[i].name, ents[i].dir ? "/" : "");
	is_str(fixture_walk(src, "long", &l), want,
	       "walk: tree order on %zu names sharing 7 to 16 bytes",
	       ARRAY_SIZE(ents));
	source_free(src);
}

static int stat_of(struct source *src, const char *path, struct file_stat *st)
{
	struct src_entry ent;
	int ret = src->ops->stat(src, path, &ent);

	*st = ent.st;
	return ret;
}

/*
 * Rewrite @rel with @text, of the same size, and put its mtime back, as
 * "retag, then touch -d" does, until its ctime has moved (a coarse clock
 * may need a tick): the edit file_stat_same() must still see.
 */
static int edit_keeping_mtime(struct source *src, const char *dir,
			      const char *rel, const char *text,
			      const struct file_stat *before,
			      struct file_stat *after)
{
	struct timespec ts[2] = {
		{ .tv_nsec = UTIME_OMIT },
		{ .tv_sec = before->mtime_ns / 1000000000,
		  .tv_nsec = before->mtime_ns % 1000000000 },
	};
	char path[PATH_MAX];
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	do {
		ret = fixture_write(dir, rel, text);
		if (!ret && utimensat(AT_FDCWD, path, ts, 0))
			ret = -errno;
		if (!ret)
			ret = stat_of(src, rel, after);
	} while (!ret && after->ctime_ns == before->ctime_ns);
	return ret;
}

static void test_change(const char *dir)
{
	struct source *src = open_dir(dir, SOURCE_ALL_FILES);
	struct spdx_index *idx1 = NULL, *idx2 = NULL, *idx3 = NULL;
	struct index_opts o = { .nthreads = 1 };
	struct file_stat a, b, c;
	const struct spdx_file *f;
	struct spdx_error err;

	if (!src)
		return;
	is_int(stat_of(src, "ctime.c", &a), 0, "stat a file");
	ok((a.mode & S_IFMT) == S_IFREG && a.size == 32 && a.ino && a.ctime_ns,
	   "stat: mode, size, inode and ctime filled");
	is_int(stat_of(src, "ctime.c", &b), 0, "stat it again");
	ok(file_stat_same(&a, &b), "unchanged: the same version");
	is_int(index_build(&idx1, src, &o, &err), 0, "index built");

	is_int(edit_keeping_mtime(src, dir, "ctime.c",
				  "// SPDX-License-Identifiex: MIT\n", &a, &c),
	       0, "retagged in place, mtime put back");
	ok(c.size == a.size && c.mtime_ns == a.mtime_ns && c.ino == a.ino,
	   "size, mtime and inode as before");
	ok(!file_stat_same(&a, &c), "the ctime tells the versions apart");
	ok(file_stat_same_file(&a, &c), "the same file: inode, owner and mode");

	o.prev = idx1;
	is_int(index_build(&idx2, src, &o, &err), 0,
	       "index rebuilt from the previous one");
	f = idx2 ? index_find(idx2, "ctime.c") : NULL;
	ok(f && f->scan_status == ST_UNTAGGED && f->expr < 0,
	   "the edit is seen: no tag any more");
	is_int(idx2 ? idx2->rescanned : -1, 1, "only the edited file read again");
	o.prev = idx2;
	is_int(index_build(&idx3, src, &o, &err), 0,
	       "index rebuilt again");
	is_int(idx3 ? idx3->rescanned : -1, 0, "nothing changed: nothing read");
	index_free(idx1);
	index_free(idx2);
	index_free(idx3);
	source_free(src);
}

/*
 * A walk finds its directory's part of git's index within those of the
 * directories walked before on its thread; once the index is read
 * again, those are of another index and must not be used.  Here they
 * would still look right ("d/b" has d/b/y.o at the same place) but
 * miss d/b/c/z.o, tracked since.
 */
static void test_gitignore_again(const char *dir)
{
	struct spdx_error err;
	char repo[PATH_MAX];
	git_repository *r = NULL;
	git_index *gix = NULL;
	struct source *src = NULL;
	struct fixture_listing l;

	snprintf(repo, sizeof(repo), "%s/git2", dir);
	ok(!git_repository_init(&r, repo, 0) && !git_repository_index(&gix, r) &&
	   !git_index_add_bypath(gix, "d/a/x.c") &&
	   !git_index_add_bypath(gix, "d/b/y.o") && !git_index_write(gix),
	   "a git work tree, d/a/x.c and d/b/y.o tracked");
	src = open_dir(repo, 0);
	if (!src)
		goto out;
	is_str(fixture_walk(src, "d/b", &l), "d/b/c/\nd/b/y.o\n",
	       "walk d/b: the tracked .o only");
	ok(!git_index_add_bypath(gix, "d/b/a.o") &&
	   !git_index_add_bypath(gix, "d/b/c/z.o") && !git_index_write(gix),
	   "d/b/a.o and d/b/c/z.o tracked");
	is_int(source_refresh(src, &err), 0, "refresh");
	is_str(fixture_walk(src, "d/b/c", &l), "d/b/c/z.o\n",
	       "walk d/b/c after the refresh: its tracked file found");
out:
	git_index_free(gix);
	git_repository_free(r);
	source_free(src);
}

/* During the walk, put a FIFO where the regular file was. */
static int swap_for_fifo(const struct src_entry *ent, void *arg)
{
	const char *dir = ((void **)arg)[0];
	struct source *src = ((void **)arg)[1];
	struct file_stat st;
	char path[PATH_MAX], buf[64];

	if (strcmp(ent->path, "fifo/swap.c"))
		return 0;
	snprintf(path, sizeof(path), "%s/%s", dir, ent->path);
	if (unlink(path) || mkfifo(path, 0644))
		return -errno;
	is_int(src->ops->head(src, ent, buf, sizeof(buf), &st), -EINVAL,
	       "a file swapped for a FIFO during the walk: refused, no hang");
	return 0;
}

static void test_fifo(const char *dir)
{
	struct source *src = open_dir(dir, 0);
	struct src_entry ent = { .path = "fifo/p" };
	struct spdx_index *idx = NULL;
	struct index_opts o = { .nthreads = 2 };
	struct src_file *f = NULL;
	struct file_stat st;
	struct fixture_listing l;
	char path[PATH_MAX], buf[64], *all = NULL;
	void *arg[2] = { (void *)dir, src };

	if (!src)
		return;
	snprintf(path, sizeof(path), "%s/fifo/p", dir);
	ok(!mkfifo(path, 0644), "a FIFO made");
	is_int(source_file_open(src, "fifo/p", NULL, &f, NULL), -EINVAL,
	       "open: a FIFO refused, no hang");
	is_int(src->ops->head(src, &ent, buf, sizeof(buf), &st), -EINVAL,
	       "head: a FIFO refused, no hang");
	is_int(source_read_all(src, "fifo/p", 1024, &all, NULL), -EINVAL,
	       "read_all: a FIFO refused, no hang");
	is_str(fixture_walk(src, "fifo", &l), "fifo/p|\nfifo/swap.c\n",
	       "walk: the FIFO reported as such");
	is_int(src->ops->walk(src, "fifo", 0, swap_for_fifo, arg), 0,
	       "walk with a swap");
	is_int(index_build(&idx, src, &o, NULL), 0,
	       "an index of a tree with FIFOs");
	ok(idx && idx->nothers == 2 && !index_find(idx, "fifo/p"),
	   "the FIFOs are no files of the index");
	index_free(idx);
	source_free(src);
}

static void test_read(const char *dir)
{
	struct source *src = open_dir(dir, 0);
	struct src_file *f = NULL, *g = NULL;
	struct file_stat st, before;
	char buf[8192], path[PATH_MAX], other[PATH_MAX], *all = NULL;
	size_t len = 0;
	int same = 1;

	if (!src)
		return;
	is_int(source_file_open(src, "r.txt", NULL, &f, &st), 0, "open a file");
	is_int(st.size, 10000, "open: its stat");
	is_int(source_pread(src, f, buf, 4096, 0), 4096, "pread at 0");
	for (int i = 0; i < 4096; i++)
		same &= buf[i] == 'a' + i % 26;
	ok(same, "pread: the file's bytes");
	is_int(source_pread(src, f, buf, 100, 9990), 10, "pread: short at the end");
	ok(!memcmp(buf, "ghijklmnop", 10), "pread: the last bytes");
	is_int(source_pread(src, f, buf, 100, 20000), 0, "pread past the end: 0");
	is_int(source_read_all(src, "r.txt", 10000, &all, &len), 0, "read_all");
	is_int(len, 10000, "read_all: every byte");
	free(all);
	is_int(source_read_all(src, "r.txt", 9999, &all, &len), -EFBIG,
	       "read_all: past the bound");

	/* Another file renamed over it: the open one reads on, the
	 * snapshot's stat no longer opens. */
	before = st;
	is_int(source_file_open(src, "r.txt", &before, &g, NULL), 0,
	       "open: the file expected");
	source_file_close(src, g);
	g = NULL;
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	snprintf(other, sizeof(other), "%s/other.txt", dir);
	ok(!fixture_write(dir, "other.txt", "another file\n") && !rename(other, path),
	   "another file renamed over it");
	is_int(source_file_open(src, "r.txt", &before, &g, NULL), -ESTALE,
	       "open: another file than expected: -ESTALE");
	is_int(source_pread(src, f, buf, 3, 0), 3, "the open file still reads");
	ok(!memcmp(buf, "abc", 3), "... its own bytes, not the new file's");
	is_int(source_file_open(src, "r.txt", NULL, &g, &st), 0,
	       "open without expectation: the new file");
	ok(!file_stat_same_file(&before, &st), "... another file");
	before = st;
	source_file_close(src, g);
	g = NULL;
	ok(!chmod(path, 0600), "chmod");
	is_int(source_file_open(src, "r.txt", &before, &g, NULL), -ESTALE,
	       "open: another mode than expected: -ESTALE");
	source_file_close(src, f);
	source_free(src);
}

static void test_refusals(const char *dir)
{
	static const struct {
		const char *path;
		int err;
	} opens[] = {
		{ "link", -ELOOP },
		{ "ldir/f", -ELOOP },
		{ "sub", -EINVAL },		/* a directory */
		{ "../x", -EINVAL },
		{ "sub/../r.txt", -EINVAL },
		{ "./r.txt", -EINVAL },
		{ "sub//f", -EINVAL },
		{ "sub/f/", -EINVAL },
		{ "/etc/passwd", -EINVAL },
		{ "", -EINVAL },
		{ "missing", -ENOENT },
	};
	struct source *src = open_dir(dir, 0);
	struct src_entry ent;
	struct src_file *f;
	struct file_stat st;
	char buf[16];

	if (!src)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(opens); i++) {
		f = NULL;
		is_int(source_file_open(src, opens[i].path, NULL, &f, NULL),
		       opens[i].err, "open(\"%s\")", opens[i].path);
		source_file_close(src, f);
		ent = (struct src_entry){ .path = opens[i].path };
		is_int(src->ops->head(src, &ent, buf, sizeof(buf), &st),
		       opens[i].err, "head(\"%s\")", opens[i].path);
	}
	is_int(src->ops->stat(src, "link", &ent), 0, "stat of a symlink");
	is_int(ent.kind, SRC_SYMLINK, "... is the symlink's, not followed");
	is_int(src->ops->stat(src, "ldir/f", &ent), -ELOOP,
	       "stat through a symlinked directory");
	is_int(src->ops->stat(src, "sub/../r.txt", &ent), -EINVAL,
	       "stat of a path with \"..\"");
	is_int(src->ops->stat(src, "", &ent), 0, "stat of the root");
	is_int(ent.kind, SRC_DIR, "... a directory");
	source_free(src);
}

/* git's ignore rules, inside the source; read again on refresh. */
static void test_gitignore(const char *dir)
{
	char repo[PATH_MAX], path[PATH_MAX], good[PATH_MAX], want[PATH_MAX + 128];
	struct spdx_index *idx = NULL;
	struct spdx_error err;
	git_repository *r = NULL;
	git_index *gix = NULL;
	struct source *src = NULL, *all = NULL;
	struct fixture_listing l;

	snprintf(repo, sizeof(repo), "%s/git", dir);
	git_libgit2_init();
	ok(!git_repository_init(&r, repo, 0), "a git work tree (nothing tracked)");
	src = open_dir(repo, 0);
	all = open_dir(repo, SOURCE_ALL_FILES);
	if (!r || !src || !all)
		goto out;
	is_str(fixture_walk(src, "", &l), ".gitignore\na.c\nsub/\n",
	       "walk: what git ignores is left out, .git too");
	is_str(fixture_walk(all, "", &l), ".gitignore\na.c\nb.o\nsub/\nsub/c.o\n",
	       "walk, all files: everything but .git");
	/* Git's index is read when first needed: by the walk, and for
	 * all's tracked(). */
	is_int(source_tracked(all, "a.c"), 0, "tracked, all files: a.c is not");
	ok(!git_repository_index(&gix, r) && !git_index_add_bypath(gix, "b.o") &&
	   !git_index_write(gix), "b.o tracked, ignored or not");
	is_str(fixture_walk(src, "", &l), ".gitignore\na.c\nsub/\n",
	       "walk: git's index as of the last refresh");
	is_int(source_refresh(src, &err), 0, "refresh");
	is_str(fixture_walk(src, "", &l), ".gitignore\na.c\nb.o\nsub/\n",
	       "walk: git's index read again, a tracked file kept");
	is_int(source_tracked(src, "b.o"), 1, "tracked: b.o");
	is_int(source_tracked(src, "a.c"), 0, "tracked: a.c is not, it is new");
	is_int(source_tracked(all, "b.o"), 0,
	       "tracked, all files: git's index as of the last refresh");
	is_int(source_refresh(all, &err), 0, "refresh, all files");
	is_int(source_tracked(all, "b.o"), 1, "tracked, all files: b.o");
	/* After a subdirectory, the walk looks names up in its parent's
	 * part of git's index again. */
	ok(!fixture_write(repo, "z.o", "z\n") && !git_index_add_bypath(gix, "z.o") &&
	   !git_index_write(gix), "z.o tracked, after sub/");
	is_int(source_refresh(src, &err), 0, "refresh");
	is_str(fixture_walk(src, "", &l), ".gitignore\na.c\nb.o\nsub/\nz.o\n",
	       "walk: a tracked file after a subdirectory kept");
	ok(!fixture_write(repo, ".gitignore", "sub/\n"), "the rules changed");
	is_int(source_refresh(src, &err), 0, "refresh");
	is_str(fixture_walk(src, "", &l), ".gitignore\na.c\nb.o\nz.o\n",
	       "walk: the new rules");
	git_index_free(gix);
	git_repository_free(r);
	source_free(src);
	source_free(all);

	/* A symlinked .git is never followed: no repository, nothing left
	 * out.  A .git file ("gitdir: ...", a linked work tree) is read. */
	snprintf(path, sizeof(path), "%s/linked/.git", dir);
	ok(!symlink("../git/.git", path), "a .git symlink");
	snprintf(path, sizeof(path), "%s/linked", dir);
	src = open_dir(path, 0);
	if (src)
		is_str(fixture_walk(src, "", &l), ".gitignore\nx.o\n",
		       "a symlinked .git: no repository, nothing left out");
	source_free(src);
	snprintf(path, sizeof(path), "%s/gitfile", dir);
	ok(!fixture_write(path, ".git", "gitdir: ../git/.git\n"), "a .git file");
	src = open_dir(path, 0);
	if (src)
		is_str(fixture_walk(src, "", &l), ".gitignore\n",
		       "a .git file: that repository's rules apply");
	source_free(src);

	/* git's index broken: the refresh goes on with a warning, walking
	 * the tree as if it were no git work tree; so does a build. */
	snprintf(path, sizeof(path), "%.4000s/.git/index", repo);
	snprintf(good, sizeof(good), "%.4000s/.git/index.good", repo);
	ok(!link(path, good), "git's index kept");
	ok(!unlink(path) &&
	   !fixture_write(repo, ".git/index", "DIRC but not an index\n"),
	   "git's index broken");
	src = open_dir(repo, 0);
	if (!src)
		return;
	snprintf(want, sizeof(want), "%s: git's index: corrupt; walking the "
		 "tree as if it were no git work tree", src->root);
	memset(&err, 0, sizeof(err));
	is_int(source_refresh(src, &err), 0, "refresh: goes on");
	is_int(err.code, 0, "refresh: no error");
	is_int(src->warning.code, -EINVAL, "refresh: the warning's code");
	is_str(src->warning.msg, want, "refresh: the warning names the tree");
	is_int(src->ops->tracked(src, "b.o"), -ENOTSUP, "nothing tracked, nothing new");
	is_str(fixture_walk(src, "", &l), ".gitignore\na.c\nb.o\nsub/\nsub/c.o\nz.o\n",
	       "walk: nothing left out");
	is_int(index_build(&idx, src, NULL, &err), 0, "build: done");
	is_str(src->warning.msg, want, "build: the warning kept");
	index_free(idx);
	ok(!fixture_write(repo, ".git/index", ""), "git's index empty");
	is_int(source_refresh(src, &err), 0, "refresh: goes on");
	is_str(src->warning.msg, want, "an empty index is corrupt, as git says");
	ok(!rename(good, path), "git's index back");
	is_int(source_refresh(src, &err), 0, "refresh");
	is_int(src->warning.code, 0, "the warning gone");
	is_int(src->ops->tracked(src, "b.o"), 1, "b.o tracked again");
	source_free(src);
	return;
out:
	git_repository_free(r);
	source_free(src);
	source_free(all);
}

/* The entries a walk reports with an error: their paths' lengths,
 * errors and kinds. */
struct failed {
	size_t n, first;	/* how many; the place of the first */
	size_t seen;		/* entries in all */
	size_t len[4];
	int err[4];
	enum src_kind kind[4];
};

static int note_failed(const struct src_entry *ent, void *arg)
{
	struct failed *f = arg;

	if (ent->err && f->n < ARRAY_SIZE(f->len)) {
		if (!f->n)
			f->first = f->seen;
		f->len[f->n] = strlen(ent->path);
		f->err[f->n] = ent->err;
		f->kind[f->n++] = ent->kind;
	}
	f->seen++;
	return 0;
}

/*
 * A directory whose entries' paths would pass PATH_MAX is reported
 * itself, with -ENAMETOOLONG, before its entries; nothing past the
 * limit is reported, nothing vanishes without a word.
 */
static void test_walk_too_long(const char *dir)
{
	struct source *src = open_dir(dir, 0);
	char names[21][203];
	int fds[23], nfds = 0;
	struct failed f = { 0 };
	size_t deepest = strlen("deep");

	if (!src)
		return;
	/* Made, and removed, through descriptors: no path names them. */
	fds[0] = openat(AT_FDCWD, dir, O_RDONLY | O_DIRECTORY);
	if (fds[0] >= 0 && !mkdirat(fds[0], "deep", 0755) &&
	    (fds[1] = openat(fds[0], "deep", O_RDONLY | O_DIRECTORY)) >= 0)
		nfds = 2;
	for (int i = 0; nfds == i + 2 && i < 21; i++) {
		memset(names[i], 'd', 200);
		snprintf(names[i] + 200, 3, "%02d", i);
		if (!mkdirat(fds[i + 1], names[i], 0755) &&
		    (fds[i + 2] = openat(fds[i + 1], names[i], O_RDONLY | O_DIRECTORY)) >= 0)
			nfds++;
		if (deepest + 203 < PATH_MAX - 1)
			deepest += 203;	/* the last one whose path fits */
	}
	is_int(nfds, 23, "a tree 21 directories of 202 bytes deep");
	is_int(source_walk(src, "deep", note_failed, &f), 0,
	       "walk: it goes on past the long paths");
	is_int((int)f.n, 1, "... one entry reported with an error");
	is_int(f.err[0], -ENAMETOOLONG, "... -ENAMETOOLONG");
	is_int(f.kind[0], SRC_DIR, "... a directory");
	is_int((int)f.len[0], (int)deepest,
	       "... the deepest directory whose path fits, itself");
	is_int((int)f.seen, (int)(f.first + 1), "... after which nothing comes");
	while (nfds-- > 1) {
		close(fds[nfds]);
		unlinkat(fds[nfds - 1], nfds > 1 ? names[nfds - 2] : "deep",
			 AT_REMOVEDIR);
	}
	if (fds[0] >= 0)
		close(fds[0]);
	source_free(src);
}

/* A POSIX ACL value (system.posix_acl_access): u::rw-, u:65534:---,
 * g::r--, m::r--, o::r--. */
static const unsigned char acl_value[44] = {
	2, 0, 0, 0,
	1, 0, 6, 0, 0xff, 0xff, 0xff, 0xff,
	2, 0, 0, 0, 0xfe, 0xff, 0, 0,
	4, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
	0x10, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
	0x20, 0, 4, 0, 0xff, 0xff, 0xff, 0xff,
};

/* acl(): the tree's ACLs, read without opening the file to read. */
static void test_acl(const char *dir)
{
	struct source *src = open_dir(dir, 0);
	char path[PATH_MAX];
	unsigned char buf[256];
	struct src_entry ent;
	struct file_stat other;

	if (!src)
		return;
	snprintf(path, sizeof(path), "%s/r.txt", dir);
	if (setxattr(path, "system.posix_acl_access", acl_value,
		     sizeof(acl_value), 0)) {
		ok(1, "# skip the file system has no POSIX ACLs (%s)",
		   strerror(errno));
		source_free(src);
		return;
	}
	is_int((int)source_acl(src, "r.txt", SRC_ACL_ACCESS, NULL, buf,
			       sizeof(buf)), (int)sizeof(acl_value),
	       "acl: the file's access ACL");
	ok(!memcmp(buf, acl_value, sizeof(acl_value)), "... as set");
	is_int((int)source_acl(src, "r.txt", SRC_ACL_ACCESS, NULL, NULL, 0),
	       (int)sizeof(acl_value), "... its length asked");
	is_int((int)source_acl(src, "r.txt", SRC_ACL_ACCESS, NULL, buf, 8),
	       -ERANGE, "... -ERANGE in too small a buffer");
	is_int(src->ops->stat(src, "r.txt", &ent), 0, "stat");
	is_int((int)source_acl(src, "r.txt", SRC_ACL_ACCESS, &ent.st, buf,
			       sizeof(buf)), (int)sizeof(acl_value),
	       "... expected as it is");
	other = ent.st;
	other.ino++;
	is_int((int)source_acl(src, "r.txt", SRC_ACL_ACCESS, &other, buf,
			       sizeof(buf)), -ESTALE,
	       "... -ESTALE when another file was expected");
	is_int((int)source_acl(src, "sub/f", SRC_ACL_ACCESS, NULL, buf,
			       sizeof(buf)), -ENODATA, "... none: -ENODATA");
	is_int((int)source_acl(src, "sub", SRC_ACL_DEFAULT, NULL, buf,
			       sizeof(buf)), -ENODATA,
	       "... a directory's default, none: -ENODATA");
	is_int((int)source_acl(src, "", SRC_ACL_ACCESS, NULL, buf,
			       sizeof(buf)), -ENODATA, "... the root's");
	is_int((int)source_acl(src, "link", SRC_ACL_ACCESS, NULL, buf,
			       sizeof(buf)), -EINVAL,
	       "... a symlink: not followed, -EINVAL");
	is_int((int)source_acl(src, "ldir/f", SRC_ACL_ACCESS, NULL, buf,
			       sizeof(buf)), -ELOOP,
	       "... through a symlink: -ELOOP");
	removexattr(path, "system.posix_acl_access");
	source_free(src);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-source.XXXXXX";
	char text[10001];
	const struct fixture_file files[] = {
		{ "order/a/z", "z\n" },
		{ "order/a.c", "c\n" },
		{ "order/a-", "-\n" },
		{ "order/a0", "0\n" },
		{ "order/B", "B\n" },
		{ "ctime.c", "// SPDX-License-Identifier: MIT\n" },
		{ "fifo/swap.c", "int swap;\n" },
		{ "r.txt", text },
		{ "sub/f", "f\n" },
		{ "git/.gitignore", "*.o\n" },
		{ "git/a.c", "a\n" },
		{ "git/b.o", "b\n" },
		{ "git/sub/c.o", "c\n" },
		{ "linked/.gitignore", "*.o\n" },
		{ "linked/x.o", "x\n" },
		{ "gitfile/.gitignore", "*.o\n" },
		{ "gitfile/y.o", "y\n" },
		{ "git2/.gitignore", "*.o\n" },
		{ "git2/d/a/x.c", "x\n" },
		{ "git2/d/b/y.o", "y\n" },
		{ "git2/d/b/a.o", "a\n" },
		{ "git2/d/b/c/z.o", "z\n" },
	};
	char link[PATH_MAX];
	int ret;

	alarm(30);	/* a blocking open would hang the test: end it */
	for (int i = 0; i < 10000; i++)
		text[i] = 'a' + i % 26;
	text[10000] = '\0';
	ret = fixture_make(dir, files, ARRAY_SIZE(files));
	if (!ret) {
		snprintf(link, sizeof(link), "%s/link", dir);
		ret = symlink("r.txt", link) ? -errno : 0;
	}
	if (!ret) {
		snprintf(link, sizeof(link), "%s/ldir", dir);
		ret = symlink("sub", link) ? -errno : 0;
	}
	is_int(ret, 0, "fixture made");
	if (!ret) {
		test_open_spec(dir);
		test_walk_order(dir);
		test_walk_order_long(dir);
		test_change(dir);
		test_fifo(dir);
		test_read(dir);
		test_refusals(dir);
		test_gitignore(dir);
		test_gitignore_again(dir);
		test_acl(dir);
		test_walk_too_long(dir);
	}
	fixture_remove(dir);
	return tap_done();
}
