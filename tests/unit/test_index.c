// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_index: the index puts files and directories in path order from
 * where the walk met them; a source that lists a directory in another
 * order than git's tree order (a contract it breaks, which may cost
 * speed and never correctness) gets the very same index.  The odd
 * source wraps the file-system source and reports each directory's
 * entries backwards.  A build from a previous index that is spent takes
 * its file array and strings and gives the same index.  Each directory
 * has its own mode, owner and times, or none at all when the caller
 * shows none (index_opts.no_dir_stat), in the same index.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fixture.h"
#include "index.h"
#include "refresh.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Names where byte order and tree order part ("a.c" < "a/" < "a0"),
 * files after subdirectories, a subdirectory with no file, LICENSES/. */
static const struct fixture_file tree[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\n"
	  "SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n"
	  "Usage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "a", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "a-b/x.c", "int x;\n" },
	{ "a.c/y.c", "// SPDX-License-Identifier: MIT\n" },
	{ "a.h", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
	{ "b/a/b/c.c", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "b/a.c", "int a;\n" },
	{ "b/a0", "# SPDX-License-Identifier: GPL-2.0\n" },
	{ "b/a-", "int b;\n" },
	{ "b/empty/", "" },
	{ "b/z", "int z;\n" },
	{ "c/uapi/d.h", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
	{ "z", "int z;\n" },
};

struct backwards {
	struct source src;
	struct source *fs;
	struct source_ops ops;
};

struct collected {
	struct src_entry *ents;
	size_t n;
};

static int collect(const struct src_entry *ent, void *arg)
{
	struct collected *c = arg;
	struct src_entry *e = realloc(c->ents, (c->n + 1) * sizeof(*e));

	if (!e)
		return -1;
	c->ents = e;
	e[c->n] = *ent;
	e[c->n].priv = NULL;	/* head() opens it by its path */
	e[c->n].path = strdup(ent->path);
	if (!e[c->n].path)
		return -1;
	c->n++;
	return 0;
}

/* The file-system source's walk, reported backwards. */
static int backwards_walk(struct source *src, const char *under, unsigned flags,
			  src_walk_fn fn, void *arg)
{
	struct source *fs = ((struct backwards *)src)->fs;
	struct collected c = { 0 };
	int ret = fs->ops->walk(fs, under, flags, collect, &c);

	for (size_t i = c.n; i-- > 0 && !ret; ) {
		ret = fn(&c.ents[i], arg);
		if (ret == SRC_WALK_PRUNE)
			ret = 0;
	}
	for (size_t i = 0; i < c.n; i++)
		free((char *)c.ents[i].path);
	free(c.ents);
	return ret;
}

static int backwards_stat(struct source *src, const char *path,
			  struct src_entry *ent)
{
	struct source *fs = ((struct backwards *)src)->fs;

	return fs->ops->stat(fs, path, ent);
}

static ssize_t backwards_head(struct source *src, const struct src_entry *ent,
			      void *buf, size_t len, struct file_stat *st)
{
	struct source *fs = ((struct backwards *)src)->fs;

	return fs->ops->head(fs, ent, buf, len, st);
}

static int backwards_open_file(struct source *src, const char *path,
			       const struct file_stat *expect,
			       struct src_file **out, struct file_stat *st)
{
	struct source *fs = ((struct backwards *)src)->fs;

	return fs->ops->open(fs, path, expect, out, st);
}

static ssize_t backwards_pread(struct source *src, struct src_file *f,
			       void *buf, size_t len, uint64_t off)
{
	struct source *fs = ((struct backwards *)src)->fs;

	return fs->ops->pread(fs, f, buf, len, off);
}

static void backwards_close(struct source *src, struct src_file *f)
{
	struct source *fs = ((struct backwards *)src)->fs;

	fs->ops->close(fs, f);
}

static int backwards_refresh(struct source *src, struct spdx_error *err)
{
	struct source *fs = ((struct backwards *)src)->fs;

	return fs->ops->refresh(fs, err);
}

static void backwards_free(struct source *src)
{
	source_free(((struct backwards *)src)->fs);
	free(src);
}

static struct source *backwards_open(struct source *fs)
{
	struct backwards *bw = calloc(1, sizeof(*bw));

	if (!bw) {
		source_free(fs);
		return NULL;
	}
	bw->fs = fs;
	bw->ops = *fs->ops;	/* watch_dir, parallel_walk: as they are */
	bw->ops.walk = backwards_walk;
	bw->ops.stat = backwards_stat;
	bw->ops.head = backwards_head;
	bw->ops.open = backwards_open_file;
	bw->ops.pread = backwards_pread;
	bw->ops.close = backwards_close;
	bw->ops.refresh = backwards_refresh;
	bw->ops.free = backwards_free;
	bw->src.ops = &bw->ops;
	bw->src.root = fs->root;
	return &bw->src;
}

static struct spdx_index *build_opts(struct source *src, int nthreads,
				     int no_dir_stat)
{
	struct index_refresh_opts o = { .no_cache = 1, .nthreads = nthreads,
					.no_dir_stat = no_dir_stat };
	struct index_refresh_result res;
	struct spdx_error err;
	struct spdx_index *idx = NULL;

	if (index_refresh(&idx, src, &o, &res, &err))
		printf("# index_refresh: %s\n", err.msg);
	return idx;
}

static struct spdx_index *build(struct source *src, int nthreads)
{
	return build_opts(src, nthreads, 0);
}

/* Do @a and @b list the same files, directories and statuses? */
static int same_index(const struct spdx_index *a, const struct spdx_index *b)
{
	if (a->nfiles != b->nfiles || a->ndirs != b->ndirs ||
	    a->nexprs != b->nexprs)
		return 0;
	for (size_t i = 0; i < a->nfiles; i++) {
		const struct spdx_expr *x = index_file_expr(a, &a->files[i]);
		const struct spdx_expr *y = index_file_expr(b, &b->files[i]);

		if (strcmp(a->files[i].path, b->files[i].path) ||
		    a->files[i].status != b->files[i].status ||
		    a->files[i].flags != b->files[i].flags ||
		    strcmp(a->files[i].leader, b->files[i].leader) ||
		    !x != !y || (x && strcmp(x->text, y->text)))
			return 0;
	}
	for (size_t i = 0; i < a->ndirs; i++)
		if (strcmp(a->dirs[i].path, b->dirs[i].path))
			return 0;
	return 1;
}

static int sorted(const struct spdx_index *idx)
{
	for (size_t i = 1; i < idx->nfiles; i++)
		if (strcmp(idx->files[i - 1].path, idx->files[i].path) >= 0)
			return 0;
	for (size_t i = 2; i < idx->ndirs; i++)
		if (strcmp(idx->dirs[i - 1].path, idx->dirs[i].path) >= 0)
			return 0;
	return idx->ndirs && !idx->dirs[0].path[0];
}

/* Rebuild from @prev, spent or not: the same index either way. */
static void test_spent(struct source *src)
{
	struct index_opts o = { .nthreads = 2 };
	struct spdx_index *prev = NULL, *kept = NULL, *took = NULL;
	struct spdx_error err;
	size_t n;

	if (index_build(&prev, src, &o, &err)) {
		ok(0, "spent: first build (%.200s)", err.msg);
		return;
	}
	n = prev->nfiles;
	o.prev = prev;
	ok(!index_build(&kept, src, &o, &err) && prev->files,
	   "from prev, not spent: prev keeps its files");
	o.spent = prev;
	ok(!index_build(&took, src, &o, &err) && !prev->files &&
	   prev->nfiles == n, "from prev, spent: its file array taken, its count kept");
	/* Its strings are the new index's now: they outlive it. */
	index_free(prev);
	ok(kept && took && same_index(kept, took) && !took->rescanned,
	   "spent or not, the same index, nothing read again");
	index_free(kept);
	index_free(took);
}

/* Build from a spent index built afresh by @src first. */
static struct spdx_index *from_spent(struct source *src, int nthreads)
{
	struct index_opts o = { .nthreads = nthreads };
	struct spdx_index *prev = NULL, *idx = NULL;
	struct spdx_error err;

	if (index_build(&prev, src, &o, &err))
		return NULL;
	o.prev = o.spent = prev;
	if (index_build(&idx, src, &o, &err))
		idx = NULL;
	index_free(prev);
	return idx;
}

/* Between a spent index and the build from it: a.h retagged with a new
 * first expression, a-b/x.c gone and b/b.c new. */
static void spent_step(const char *dir, struct source *fs)
{
	struct index_opts o = { .nthreads = 2 };
	struct spdx_index *prev = NULL, *got = NULL, *want;
	char path[PATH_MAX];
	struct spdx_error err;

	if (index_build(&prev, fs, &o, &err)) {
		ok(0, "spent, one in one out: first build");
		return;
	}
	snprintf(path, sizeof(path), "%s/a-b/x.c", dir);
	unlink(path);
	fixture_write(dir, "b/b.c", "int b;\n");
	fixture_write(dir, "a.h", "/* SPDX-License-Identifier: Apache-2.0 */\n");
	o.prev = o.spent = prev;
	if (index_build(&got, fs, &o, &err))
		got = NULL;
	index_free(prev);
	want = build(fs, 2);
	ok(got && want && got->nfiles == ARRAY_SIZE(tree) - 1 &&
	   same_index(got, want),
	   "spent, one file in and one out, a new expression: the same index");
	index_free(got);
	index_free(want);
}

/*
 * Where the files of a spent index cannot stay where they are (a file
 * came, or one went, or a source walks out of order), they are copied:
 * the same index as built with no previous one.
 */
static void test_spent_moved(const char *dir, struct source *fs,
			     struct source *bw)
{
	static const char *const edits[] = { "a-a.c", "b/a/b/c.c", NULL };
	struct spdx_index *want, *got;

	got = from_spent(bw, 1);
	want = build(fs, 1);
	ok(got && want && same_index(got, want) && !got->rescanned,
	   "spent, walked backwards: the same index, nothing read");
	index_free(got);
	index_free(want);
	for (int i = 0; edits[i]; i++) {
		char path[PATH_MAX];

		/* The first comes among the first files, the second goes. */
		snprintf(path, sizeof(path), "%s/%s", dir, edits[i]);
		if (i == 0)
			fixture_write(dir, edits[i], "int c;\n");
		else
			unlink(path);
		got = from_spent(fs, 2);
		want = build(fs, 2);
		ok(got && want && same_index(got, want),
		   "spent, %s %s: the same index as from nothing", edits[i],
		   i ? "gone" : "new");
		index_free(got);
		index_free(want);
	}
	/* One file comes and one goes, so the count stays, and an
	 * expression that sorts first shifts the others' ids. */
	spent_step(dir, fs);
}

/* Does every directory of @idx have the mode, owner and times that
 * lstat() gives it under @dir? */
static int dirs_as_stat(const struct spdx_index *idx, const char *dir)
{
	for (size_t k = 0; k < idx->ndirs; k++) {
		const struct spdx_dir *d = &idx->dirs[k];
		char path[PATH_MAX];
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, d->path);
		if (lstat(path, &st) || d->mode != st.st_mode ||
		    d->uid != st.st_uid || d->gid != st.st_gid ||
		    d->mtime_ns != st.st_mtim.tv_sec * 1000000000ll +
				   st.st_mtim.tv_nsec ||
		    d->ctime_ns != st.st_ctim.tv_sec * 1000000000ll +
				   st.st_ctim.tv_nsec) {
			printf("# %s: mode %o, mtime %lld\n", d->path, d->mode,
			       (long long)d->mtime_ns);
			return 0;
		}
	}
	return idx->ndirs == 11;
}

/* Has every directory of @idx no mode, owner or times? */
static int dirs_bare(const struct spdx_index *idx)
{
	for (size_t k = 0; k < idx->ndirs; k++) {
		const struct spdx_dir *d = &idx->dirs[k];

		if (d->mode || d->uid || d->gid || d->mtime_ns || d->ctime_ns)
			return 0;
	}
	return idx->ndirs == 11;
}

/*
 * Directories of distinct modes and times (and owner, where chown is
 * allowed): each index has each directory's own, but for a build that
 * asks for none (no_dir_stat), which is otherwise the same index.
 */
static void test_dir_stat(const char *dir, struct source *fs,
			  struct source *bw)
{
	static const struct { const char *path; mode_t mode; } dirs[] = {
		{ "", 0751 }, { "b", 0750 }, { "b/a", 0705 },
		{ "b/empty", 0700 }, { "c/uapi", 0711 },
	};
	struct source *srcs[] = { fs, bw };
	char path[PATH_MAX];

	for (size_t k = 0; k < ARRAY_SIZE(dirs); k++) {
		struct timespec ts[2] = { { 0, UTIME_OMIT },
			{ 1000000000 + (time_t)k * 86400, 1000 * (long)k + 7 } };

		snprintf(path, sizeof(path), "%s/%s", dir, dirs[k].path);
		if (chmod(path, dirs[k].mode) ||
		    utimensat(AT_FDCWD, path, ts, 0)) {
			ok(0, "directory modes and times: %s", dirs[k].path);
			return;
		}
	}
	snprintf(path, sizeof(path), "%s/b/a", dir);
	if (chown(path, 4321, 1234))
		printf("# no chown here: owners not varied\n");
	for (size_t i = 0; i < ARRAY_SIZE(srcs); i++)
		for (int nthreads = 1; nthreads <= 2; nthreads++) {
			struct spdx_index *idx = build(srcs[i], nthreads);
			struct spdx_index *bare = build_opts(srcs[i], nthreads, 1);
			const char *how = i ? "backwards" : "fs";

			ok(idx && dirs_as_stat(idx, dir),
			   "%s, %d thread(s): each directory's own mode, "
			   "owner and times", how, nthreads);
			ok(idx && bare && dirs_bare(bare) && same_index(idx, bare),
			   "%s, %d thread(s): no_dir_stat, none, and the same "
			   "index", how, nthreads);
			index_free(idx);
			index_free(bare);
		}
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-index.XXXXXX";
	struct source *fs = NULL, *bw = NULL;
	struct spdx_index *idx = NULL, *odd = NULL;
	int ret = fixture_make(dir, tree, ARRAY_SIZE(tree));

	if (!ret)
		ret = source_open(&fs, &(struct source_spec){
			.type = SOURCE_DIR, .path = dir }, NULL);
	if (!ret)
		ret = source_open(&bw, &(struct source_spec){
			.type = SOURCE_DIR, .path = dir }, NULL);
	bw = ret ? NULL : backwards_open(bw);
	if (!fs || !bw) {
		ok(0, "fixture tree and sources");
		goto out;
	}
	for (int nthreads = 1; nthreads <= 3; nthreads += 2) {
		idx = build(fs, nthreads);
		odd = build(bw, nthreads);
		ok(idx && odd, "%d thread(s): both indexed", nthreads);
		if (!idx || !odd)
			break;
		is_int(idx->nfiles, ARRAY_SIZE(tree) - 1, "%d: every file", nthreads);
		is_int(idx->ndirs, 11, "%d: every directory and the root", nthreads);
		ok(sorted(idx), "%d: files and directories in path order", nthreads);
		ok(same_index(idx, odd),
		   "%d: a source walking backwards gives the same index", nthreads);
		is_int(odd->count[ST_TAGGED], idx->count[ST_TAGGED],
		       "%d: the same counts", nthreads);
		index_free(idx);
		index_free(odd);
		idx = odd = NULL;
	}
	test_spent(fs);
	test_spent_moved(dir, fs, bw);
	test_dir_stat(dir, fs, bw);
out:
	index_free(idx);
	index_free(odd);
	source_free(fs);
	source_free(bw);
	fixture_remove(dir);
	return tap_done();
}
