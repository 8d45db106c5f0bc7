// SPDX-License-Identifier: GPL-2.0-only
/*
 * index: walk a tree, scan the head of each file on several threads,
 * resolve each distinct expression once, and freeze the result.
 *
 * The build runs in phases, each with a single owner of the data:
 *  1. walk and scan (N threads): the threads share a stack of directories
 *     still to walk; each walks one directory at a time, queues its
 *     subdirectories, and for each file takes the previous index's result
 *     if the file is unchanged, or reads and scans its head.  A worker
 *     owns the files it found and their strings (its own pool);
 *  2. merge (this thread): sorting the directories puts every file in
 *     path order, since each directory's files are sorted already;
 *  3. resolve (this thread): copy the files into the index in that order,
 *     intern leaders and expressions, parse and validate each expression
 *     once, set statuses and counts.
 */
#include <errno.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "exclude.h"
#include "expr.h"
#include "grow.h"
#include "hash.h"
#include "index.h"
#include "licenses.h"
#include "pathsearch.h"
#include "source.h"
#include "strpool.h"

_Static_assert(!(IDX_F_SCAN_MASK & (IDX_F_UAPI | IDX_F_STRICT)),
	       "the index's own flags lie above the scanner's");

struct intern {
	const char *key;
	int32_t id;
	UT_hash_handle hh;
};

/* A file while the index is being built. */
struct slot {
	const char *expr;	/* expression text: in the worker's pool, or
				   borrowed from prev */
	char leader[16];
	int err;		/* -errno of a failed read */
};

struct bfile {
	struct spdx_file f;
	struct slot s;
};

/*
 * One directory as one worker walked it: its files are files[start ..
 * start + count) of that worker, sorted by name once the walk of the
 * directory is over.
 */
struct run {
	const char *dir;	/* "" for the root; in the worker's pool */
	struct worker *w;
	size_t start, count;
};

/* What one walking thread found; merged once every thread is done. */
struct worker {
	struct builder *b;
	struct bfile *files;
	size_t nfiles, cap;
	struct spdx_dir *dirs;
	size_t ndirs, cap_dirs;
	char **links, **others;
	size_t nlinks, nothers, cap_links, cap_others;
	struct strpool *pool;	/* paths: merged into the index's pool */
	struct strpool *exprs;	/* expression texts as scanned: resolve()
				   interns them, then they go */
	size_t rescanned;
	size_t unreported;	/* files not yet added to builder.seen */
	struct run *runs;	/* the directories this worker walked */
	size_t nruns, cap_runs;
	int err;
	struct path_cursor prev_cur;
	char buf[SCAN_HEAD_BYTES];
};

struct builder {
	struct source *src;
	const struct index_opts *opts;
	const struct spdx_index *prev;
	struct path_array prev_files;
	struct exclude *ex;
	unsigned wflags;
	/* Directories still to walk, shared by the workers: each walks one
	 * directory shallowly and queues its subdirectories. */
	pthread_mutex_t qlock;
	pthread_cond_t qcond;	/* work queued, or all done */
	const char **queue;	/* a stack: depth first keeps it short;
				   paths in the workers' pools */
	size_t nqueue, cap_queue;
	int busy;		/* workers walking a directory */
	int failed;		/* a worker failed: everyone stops */
	atomic_size_t seen;	/* files so far, for progress */
	struct worker *workers;
	int nworkers;
};

int path_is_uapi(const char *path)
{
	const char *p = path;

	while ((p = strstr(p, "uapi"))) {
		if ((p == path || p[-1] == '/') && (p[4] == '/' || p[4] == '\0'))
			return 1;
		p += 4;
	}
	return 0;
}

static int push_path(char ***arr, size_t *n, size_t *cap,
		     struct strpool *pool, const char *path)
{
	char **a = grow(*arr, *n, cap, sizeof(**arr), 64);

	if (!a)
		return -ENOMEM;
	*arr = a;
	(*arr)[*n] = strpool_str(pool, path);
	if (!(*arr)[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

const struct spdx_file *index_find(const struct spdx_index *idx, const char *path)
{
	struct path_array a = { idx->files, idx->nfiles, sizeof(*idx->files),
				offsetof(struct spdx_file, path) };
	size_t k = path_bsearch(&a, path);

	return k == PATH_NONE ? NULL : &idx->files[k];
}

/* Take what the previous index knew of an unchanged file. */
static int reuse(struct worker *w, struct bfile *bf)
{
	struct builder *b = w->b;
	const struct spdx_file *old;
	struct spdx_file *f = &bf->f;
	size_t k, n;

	if (!b->prev ||
	    (k = path_find(&b->prev_files, &w->prev_cur, f->path)) == PATH_NONE)
		return 0;
	old = &b->prev->files[k];
	if (!file_stat_same(&old->st, &f->st) || old->error)
		return 0;
	f->scan_status = old->scan_status;
	f->line = old->line;
	f->col = old->col;
	f->second_line = old->second_line;
	f->flags = old->flags & IDX_F_SCAN_MASK;
	n = strlen(old->leader);
	if (n >= sizeof(bf->s.leader))
		n = sizeof(bf->s.leader) - 1;
	memcpy(bf->s.leader, old->leader, n);
	bf->s.leader[n] = '\0';
	if (old->expr >= 0)
		bf->s.expr = b->prev->exprs[old->expr].text;
	return 1;
}

/*
 * The head ends inside the line that decides the status (a tag line past
 * SCAN_HEAD_BYTES, say): spdxcheck reads whole lines, so read up to
 * SCAN_LINE_MAX and scan again.  A tag line longer still is -EFBIG, not a
 * verdict on part of it.  On failure *@res is released.
 */
static int scan_long_line(struct source *src, const struct src_entry *ent,
			  struct scan_result *res, struct file_stat *st)
{
	char *buf = malloc(SCAN_LINE_MAX);
	ssize_t n = -ENOMEM;
	int ret;

	scan_result_release(res);
	if (buf)
		n = src->ops->head(src, ent, buf, SCAN_LINE_MAX, st);
	ret = n < 0 ? (int)n : scan_head(buf, n, st->size > (uint64_t)n, res);
	if (!ret && (res->flags & SCAN_F_LONG_LINE) && res->status != ST_UNTAGGED)
		ret = -EFBIG;
	if (ret)
		scan_result_release(res);
	free(buf);
	return ret;
}

static void scan_entry(struct worker *w, const struct src_entry *ent,
		       struct bfile *bf)
{
	struct spdx_file *f = &bf->f;
	struct slot *s = &bf->s;
	struct file_stat st = { 0 };
	struct scan_result res;
	struct source *src = w->b->src;
	ssize_t n;

	w->rescanned++;
	f->scan_status = ST_UNTAGGED;
	/* The first KiB, and the whole head only when its lines need it. */
	for (size_t len = SCAN_FIRST_BYTES;; len = sizeof(w->buf)) {
		n = src->ops->head(src, ent, w->buf, len, &st);
		if (n < 0) {
			s->err = (int)n;
			return;
		}
		if (scan_head(w->buf, n, st.size > (uint64_t)n, &res)) {
			s->err = -ENOMEM;
			return;
		}
		if (!(res.flags & SCAN_F_TRUNCATED) || len == sizeof(w->buf))
			break;
		scan_result_release(&res);
	}
	if ((res.flags & SCAN_F_LONG_LINE) &&
	    (s->err = scan_long_line(src, ent, &res, &st)))
		return;
	f->st = st;
	if (res.expr && !(s->expr = strpool_str(w->exprs, res.expr))) {
		scan_result_release(&res);
		s->err = -ENOMEM;
		return;
	}
	f->scan_status = res.status;
	f->line = res.line;
	f->col = res.col;
	f->second_line = res.second_line;
	f->flags = res.flags;
	memcpy(s->leader, res.leader, sizeof(s->leader));
	s->leader[sizeof(s->leader) - 1] = '\0';
	scan_result_release(&res);
}

/*
 * Stat data for a file the walk gave none of and that was not read: an
 * excluded file, or one whose open failed.  Views show its owner and mode
 * like any other file's; one that cannot even be stat'ed gets S_IFREG
 * with no permission.
 */
static void stat_unread(struct source *src, struct spdx_file *f)
{
	struct src_entry ent;

	if (src->ops->stat(src, f->path, &ent) || ent.kind != SRC_REG) {
		f->st.mode = S_IFREG;
		return;
	}
	f->st = ent.st;
}

static int add_file(struct worker *w, const struct src_entry *ent)
{
	struct builder *b = w->b;
	struct bfile *bf;
	size_t seen;

	bf = grow(w->files, w->nfiles, &w->cap, sizeof(*w->files), 1024);
	if (!bf)
		return -ENOMEM;
	w->files = bf;
	bf = &w->files[w->nfiles];
	memset(bf, 0, sizeof(*bf));
	bf->f.path = strpool_str(w->pool, ent->path);
	if (!bf->f.path)
		return -ENOMEM;
	w->nfiles++;
	bf->f.expr = -1;
	bf->f.st = ent->st;
	if (exclude_match(b->ex, ent->path)) {
		bf->f.status = ST_EXCLUDED;
		bf->f.scan_status = ST_UNTAGGED;
	} else if (!reuse(w, bf)) {
		scan_entry(w, ent, bf);
	}
	if (!bf->f.st.mode)
		stat_unread(b->src, &bf->f);
	if (path_is_uapi(bf->f.path))
		bf->f.flags |= IDX_F_UAPI;
	/* The shared counter is touched every 1024 files, not every file. */
	if (++w->unreported < 1024)
		return 0;
	seen = atomic_fetch_add(&b->seen, w->unreported) + w->unreported;
	w->unreported = 0;
	if (w == b->workers && b->opts && b->opts->progress)
		b->opts->progress(seen, 0, b->opts->progress_arg);
	return 0;
}

static int add_dir(struct worker *w, const struct src_entry *ent)
{
	struct spdx_dir *d;

	d = grow(w->dirs, w->ndirs, &w->cap_dirs, sizeof(*w->dirs), 256);
	if (!d)
		return -ENOMEM;
	w->dirs = d;
	d = &w->dirs[w->ndirs];
	d->path = strpool_str(w->pool, ent->path);
	if (!d->path)
		return -ENOMEM;
	d->mode = ent->st.mode;
	d->uid = ent->st.uid;
	d->gid = ent->st.gid;
	d->mtime_ns = ent->st.mtime_ns;
	w->ndirs++;
	return 0;
}

/* Queue directory @path, a string that lives as long as the build. */
static int queue_dir(struct builder *b, const char *path)
{
	const char **q;
	int ret = 0;

	pthread_mutex_lock(&b->qlock);
	q = grow(b->queue, b->nqueue, &b->cap_queue, sizeof(*b->queue), 256);
	if (!q) {
		ret = -ENOMEM;
	} else {
		b->queue = q;
		b->queue[b->nqueue++] = path;
		pthread_cond_signal(&b->qcond);
	}
	pthread_mutex_unlock(&b->qlock);
	return ret;
}

static int on_entry(const struct src_entry *ent, void *arg)
{
	struct worker *w = arg;
	int ret;

	switch (ent->kind) {
	case SRC_REG:
		return add_file(w, ent);
	case SRC_SYMLINK:
		return push_path(&w->links, &w->nlinks, &w->cap_links, w->pool,
				 ent->path);
	case SRC_OTHER:
		return push_path(&w->others, &w->nothers, &w->cap_others,
				 w->pool, ent->path);
	case SRC_DIR:
		ret = add_dir(w, ent);
		return ret ? ret : queue_dir(w->b, w->dirs[w->ndirs - 1].path);
	}
	return 0;
}

/* Order of a run's files: by name, all sharing the directory's prefix. */
static int cmp_name(const void *a, const void *b, void *skip)
{
	return strcmp(((const struct bfile *)a)->f.path + *(size_t *)skip,
		      ((const struct bfile *)b)->f.path + *(size_t *)skip);
}

/*
 * Close the run of directory @dir, whose files start at @start: sorted
 * already when the source walks in git's tree order, as source_fs does.
 */
static int end_run(struct worker *w, const char *dir, size_t start)
{
	size_t len = strlen(dir), skip = len ? len + 1 : 0, i;
	struct run *r;

	for (i = start + 1; i < w->nfiles; i++)
		if (cmp_name(&w->files[i - 1], &w->files[i], &skip) > 0)
			break;
	if (i < w->nfiles)
		qsort_r(w->files + start, w->nfiles - start, sizeof(*w->files),
			cmp_name, &skip);
	r = grow(w->runs, w->nruns, &w->cap_runs, sizeof(*w->runs), 256);
	if (!r)
		return -ENOMEM;
	w->runs = r;
	r = &w->runs[w->nruns];
	r->dir = dir;
	r->w = w;
	r->start = start;
	r->count = w->nfiles - start;
	w->nruns++;
	return 0;
}

/* The next directory to walk; NULL when the walk is over. */
static const char *next_dir(struct builder *b)
{
	const char *dir = NULL;

	pthread_mutex_lock(&b->qlock);
	while (!b->nqueue && b->busy && !b->failed)
		pthread_cond_wait(&b->qcond, &b->qlock);
	if (b->nqueue && !b->failed) {
		dir = b->queue[--b->nqueue];
		b->busy++;
	}
	pthread_mutex_unlock(&b->qlock);
	return dir;
}

static void done_dir(struct builder *b, int err)
{
	pthread_mutex_lock(&b->qlock);
	b->busy--;
	if (err)
		b->failed = 1;
	if (!b->busy || err)
		pthread_cond_broadcast(&b->qcond);
	pthread_mutex_unlock(&b->qlock);
}

static void *walk_worker(void *arg)
{
	struct worker *w = arg;
	struct builder *b = w->b;
	const char *dir;

	/*
	 * A file table of the thread's own: every open() and close() takes
	 * the table's lock, and two threads taking one lock 80,000 times
	 * each cost more than the copy.  Descriptors are opened and closed
	 * by the same worker, so nothing needs the shared table.
	 */
	if (w != b->workers)
		unshare(CLONE_FILES);
	while ((dir = next_dir(b))) {
		size_t start = w->nfiles;
		int ret = b->src->ops->walk(b->src, dir, b->wflags | SRC_WALK_SHALLOW,
					    on_entry, w);

		/* A subdirectory that vanished meanwhile, or that cannot be
		 * read, is left out, as before; the root must be walkable. */
		if (dir[0] && (ret == -ENOENT || ret == -ENOTDIR || ret == -ELOOP ||
			       ret == -EACCES || ret == -EPERM))
			ret = 0;
		if (!ret)
			ret = end_run(w, dir, start);
		if (ret && !w->err)
			w->err = ret;
		done_dir(b, ret);
	}
	return NULL;
}

static int nthreads(const struct builder *b)
{
	int n = b->opts && b->opts->nthreads > 0 ? b->opts->nthreads :
		(int)sysconf(_SC_NPROCESSORS_ONLN);

	if (!b->src->ops->parallel_walk || n < 1)
		n = 1;
	return n > INDEX_MAX_THREADS ? INDEX_MAX_THREADS : n;
}

/* Phase 1: walk and scan, on every thread. */
static int walk_all(struct builder *b)
{
	struct worker *w0;
	pthread_t tids[INDEX_MAX_THREADS];
	int started = 0, ret;

	b->nworkers = nthreads(b);
	b->workers = calloc(b->nworkers, sizeof(*b->workers));
	if (!b->workers)
		return -ENOMEM;
	for (int t = 0; t < b->nworkers; t++) {
		b->workers[t].b = b;
		b->workers[t].pool = strpool_new();
		b->workers[t].exprs = strpool_new();
		if (!b->workers[t].pool || !b->workers[t].exprs)
			return -ENOMEM;
	}
	w0 = &b->workers[0];
	ret = queue_dir(b, "");
	if (ret)
		return ret;
	for (int t = 1; t < b->nworkers; t++) {
		if (pthread_create(&tids[started], NULL, walk_worker,
				   &b->workers[t]))
			break;
		started++;
	}
	walk_worker(w0);
	for (int t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
	for (int t = 0; t < b->nworkers; t++)
		if (b->workers[t].err)
			return b->workers[t].err;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_dir(const void *a, const void *b)
{
	return strcmp(((const struct spdx_dir *)a)->path,
		      ((const struct spdx_dir *)b)->path);
}

/* Every worker's directories, and the root first, sorted. */
static int merge_dirs(struct builder *b, struct spdx_index *idx)
{
	struct src_entry root = { 0 };
	size_t total = 1;

	for (int t = 0; t < b->nworkers; t++)
		total += b->workers[t].ndirs;
	idx->dirs = alloc_array(total, sizeof(*idx->dirs));
	if (!idx->dirs)
		return -ENOMEM;
	if (b->src->ops->stat(b->src, "", &root))
		root.st.mode = S_IFDIR | 0555;
	idx->dirs[0] = (struct spdx_dir){ .path = "", .mode = root.st.mode,
		.uid = root.st.uid, .gid = root.st.gid,
		.mtime_ns = root.st.mtime_ns };
	idx->ndirs = 1;
	for (int t = 0; t < b->nworkers; t++) {
		struct worker *w = &b->workers[t];

		if (w->ndirs)
			memcpy(idx->dirs + idx->ndirs, w->dirs, w->ndirs * sizeof(*w->dirs));
		idx->ndirs += w->ndirs;
	}
	qsort(idx->dirs + 1, idx->ndirs - 1, sizeof(*idx->dirs), cmp_dir);
	return 0;
}

const struct spdx_dir *index_find_dir(const struct spdx_index *idx, const char *path)
{
	struct path_array a = { idx->dirs, idx->ndirs, sizeof(*idx->dirs),
				offsetof(struct spdx_dir, path) };
	size_t k = path_bsearch(&a, path);

	return k == PATH_NONE ? NULL : &idx->dirs[k];
}

static int merge_paths(char ***dst, size_t *n, struct builder *b, int links)
{
	size_t total = 0;

	for (int t = 0; t < b->nworkers; t++)
		total += links ? b->workers[t].nlinks : b->workers[t].nothers;
	*dst = alloc_array(total, sizeof(char *));
	if (!*dst)
		return -ENOMEM;
	for (int t = 0; t < b->nworkers; t++) {
		struct worker *w = &b->workers[t];
		size_t m = links ? w->nlinks : w->nothers;

		if (m)
			memcpy(*dst + *n, links ? w->links : w->others,
			       m * sizeof(char *));
		*n += m;
	}
	qsort(*dst, *n, sizeof(char *), cmp_str);
	return 0;
}

/*
 * Directories in the order their contents take in a sorted list of paths:
 * as if each ended in "/", so that "a/b.c/" < "a/b/" < "a/b0/", with the
 * root ("") first.
 */
static int cmp_run(const void *x, const void *y)
{
	const unsigned char *a = (const unsigned char *)((const struct run *)x)->dir;
	const unsigned char *b = (const unsigned char *)((const struct run *)y)->dir;
	unsigned ca, cb;

	if (!*a || !*b)
		return !!*a - !!*b;
	while (*a && *a == *b)
		a++, b++;
	ca = *a ? *a : '/';
	cb = *b ? *b : '/';
	if (ca != cb)
		return (int)ca - (int)cb;
	return *a ? 1 : *b ? -1 : 0;	/* the shorter is the parent */
}

/* File name @name against subdirectory @dir, as strcmp(name, "dir/"). */
static int cmp_name_dir(const char *name, const char *dir)
{
	while (*name && *name == *dir)
		name++, dir++;
	return (int)(unsigned char)*name - (int)(*dir ? (unsigned char)*dir : '/');
}

struct assembly {
	struct run *runs;
	size_t nruns;
	const struct bfile **order;	/* the files, in path order */
	size_t n;
};

/* Is run @next a subdirectory of the directory @dir of length @len? */
static int is_sub(const struct assembly *as, size_t next, const char *dir,
		  size_t len)
{
	return next < as->nruns &&
	       (!len || (!strncmp(as->runs[next].dir, dir, len) &&
			 as->runs[next].dir[len] == '/'));
}

/*
 * Append run @r's files and, in between them where they sort, its
 * subdirectories' (the runs after it with its prefix, each followed by
 * its own).  Returns the first run past @r's subtree.
 */
static size_t assemble_run(struct assembly *as, size_t r)
{
	const struct run *run = &as->runs[r];
	const struct bfile *files = run->w->files + run->start;
	size_t len = strlen(run->dir), skip = len ? len + 1 : 0;
	size_t next = r + 1, i = 0;

	for (;;) {
		const char *sub = is_sub(as, next, run->dir, len) ?
				  as->runs[next].dir + skip : NULL;

		while (i < run->count &&
		       (!sub || cmp_name_dir(files[i].f.path + skip, sub) < 0))
			as->order[as->n++] = &files[i++];
		if (!sub)
			return next;
		next = assemble_run(as, next);
	}
}

/*
 * Phase 2: put the workers' files in path order.  Each directory's files
 * are sorted already, so sorting the directories places every file.  The
 * files stay where they are; resolve() copies them into the index in
 * this order.  Pools move.
 */
static int merge(struct builder *b, struct spdx_index *idx,
		 const struct bfile ***order)
{
	struct assembly as = { 0 };
	size_t total = 0, nruns = 0;
	int ret = -ENOMEM;

	for (int t = 0; t < b->nworkers; t++) {
		total += b->workers[t].nfiles;
		nruns += b->workers[t].nruns;
	}
	idx->files = alloc_array(total, sizeof(*idx->files));
	*order = alloc_array(total, sizeof(**order));
	as.runs = alloc_array(nruns, sizeof(*as.runs));
	if (!idx->files || !*order || !as.runs)
		goto out;
	for (int t = 0; t < b->nworkers; t++) {
		if (!b->workers[t].nruns)
			continue;	/* and no runs array to copy from */
		memcpy(as.runs + as.nruns, b->workers[t].runs,
		       b->workers[t].nruns * sizeof(*as.runs));
		as.nruns += b->workers[t].nruns;
	}
	qsort(as.runs, as.nruns, sizeof(*as.runs), cmp_run);
	as.order = *order;
	/* Every run but the root's is its parent's subdirectory, so the
	 * root's subtree is all of them. */
	if ((as.nruns && assemble_run(&as, 0) != as.nruns) || as.n != total) {
		ret = -EIO;
		goto out;
	}
	idx->nfiles = as.n;
	for (int t = 0; t < b->nworkers; t++) {
		idx->rescanned += b->workers[t].rescanned;
		strpool_merge(idx->pool, b->workers[t].pool);
	}
	ret = merge_dirs(b, idx) ||
	      merge_paths(&idx->symlinks, &idx->nsymlinks, b, 1) ||
	      merge_paths(&idx->others, &idx->nothers, b, 0) ? -ENOMEM : 0;
out:
	free(as.runs);
	return ret;
}

static const char *intern(struct intern **tab, struct strpool *pool,
			  const char *s, int32_t *id, int32_t *next_id)
{
	struct intern *it;
	size_t len = strlen(s);
	int hash_oom = 0;

	HASH_FIND(hh, *tab, s, len, it);
	if (it) {
		if (id)
			*id = it->id;
		return it->key;
	}
	it = malloc(sizeof(*it));
	if (!it)
		return NULL;
	it->key = strpool_add(pool, s, len);
	if (!it->key) {
		free(it);
		return NULL;
	}
	HASH_ADD_KEYPTR(hh, *tab, it->key, len, it);
	if (hash_oom) {		/* not added: the table is as it was */
		free(it);
		return NULL;
	}
	it->id = next_id ? (*next_id)++ : 0;
	if (id)
		*id = it->id;
	return it->key;
}

static void resolve_expr(struct spdx_expr *e, const struct licenses *lic,
			 struct strpool *pool)
{
	struct expr_error err;
	size_t len = strlen(e->text), need;
	char buf[512];

	if (expr_parse(&e->ast, e->text, len, &err)) {
		e->ast = NULL;
		e->valid = 0;
		e->col = err.col;
		e->error = strpool_str(pool, err.msg);
	} else {
		e->expr_flags = e->ast->flags;
		need = expr_canonical(e->ast, lic, buf, sizeof(buf));
		if (need < sizeof(buf)) {
			e->canonical = strpool_str(pool, buf);
		} else {
			char *big = malloc(need + 1);

			if (big) {
				expr_canonical(e->ast, lic, big, need + 1);
				e->canonical = strpool_str(pool, big);
				free(big);
			}
		}
		if (!lic) {
			e->valid = 0;
			e->col = 0;
			e->error = "no LICENSES/ directory to validate against";
		} else if (expr_validate(e->ast, lic, &err)) {
			e->valid = 0;
			e->col = err.col;
			e->error = strpool_str(pool, err.msg);
		} else {
			e->valid = 1;
		}
	}
	if (expr_kernel_strict(e->text, len, &err)) {
		e->strict_error = strpool_str(pool, err.msg);
		e->strict_col = err.col;
	}
}

static int cmp_expr(const void *a, const void *b)
{
	return strcmp(((const struct spdx_expr *)a)->text,
		      ((const struct spdx_expr *)b)->text);
}

/*
 * Phase 3: intern, resolve each distinct expression, decide statuses.
 * Neighbours in path order mostly share leader and expression, so each
 * is compared with the previous file's before the hash table is asked.
 */
static int resolve(struct spdx_index *idx, const struct bfile **order)
{
	struct intern *leaders = NULL, *exprs = NULL, *it, *tmp;
	int32_t nexpr = 0, *remap = NULL, last_id = -1;
	const char *last_leader = NULL, *last_expr = NULL;
	int ret = -ENOMEM;

	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		const struct slot *s = &order[i]->s;

		*f = order[i]->f;
		if (last_leader && !strcmp(s->leader, last_leader))
			f->leader = last_leader;
		else if (!(f->leader = last_leader =
			   intern(&leaders, idx->pool, s->leader, NULL, NULL)))
			goto out;
		if (s->err) {
			f->error = strpool_str(idx->pool, strerror(-s->err));
			if (!f->error)
				goto out;
		}
		if (!s->expr)
			continue;
		if (last_expr && !strcmp(s->expr, last_expr)) {
			f->expr = last_id;
			continue;
		}
		if (!(last_expr = intern(&exprs, idx->pool, s->expr, &f->expr, &nexpr)))
			goto out;
		last_id = f->expr;
	}
	idx->exprs = calloc(nexpr ? nexpr : 1, sizeof(*idx->exprs));
	remap = alloc_array(nexpr, sizeof(*remap));
	if (!idx->exprs || !remap)
		goto out;
	idx->nexprs = nexpr;	/* index_free() frees that many */
	HASH_ITER(hh, exprs, it, tmp) {
		idx->exprs[it->id].text = it->key;
		idx->exprs[it->id].nfiles = it->id; /* old id, for remapping */
	}
	qsort(idx->exprs, nexpr, sizeof(*idx->exprs), cmp_expr);
	for (int32_t k = 0; k < nexpr; k++) {
		remap[idx->exprs[k].nfiles] = k;
		idx->exprs[k].nfiles = 0;
		resolve_expr(&idx->exprs[k], idx->lic, idx->pool);
	}
	for (size_t i = 0; i < idx->nfiles; i++) {
		struct spdx_file *f = &idx->files[i];
		const struct spdx_expr *e;

		if (f->expr >= 0) {
			f->expr = remap[f->expr];
			idx->exprs[f->expr].nfiles++;
		}
		if (f->status == ST_EXCLUDED)
			goto count;
		if (f->error)
			f->status = ST_ERROR;
		else if (f->expr < 0)
			f->status = ST_UNTAGGED;
		else if (!(e = &idx->exprs[f->expr])->valid)
			f->status = ST_INVALID;
		else
			f->status = f->scan_status;
		if (f->expr >= 0 && idx->exprs[f->expr].strict_error)
			f->flags |= IDX_F_STRICT;
count:
		idx->count[f->status]++;
	}
	ret = 0;
out:
	HASH_ITER(hh, leaders, it, tmp) {
		HASH_DEL(leaders, it);
		free(it);
	}
	HASH_ITER(hh, exprs, it, tmp) {
		HASH_DEL(exprs, it);
		free(it);
	}
	free(remap);
	return ret;
}

static void builder_release(struct builder *b, const struct bfile **order)
{
	free(order);
	/* No workers when their array could not be allocated. */
	for (int t = 0; b->workers && t < b->nworkers; t++) {
		struct worker *w = &b->workers[t];

		free(w->files);
		free(w->runs);
		free(w->dirs);
		free(w->links);
		free(w->others);
		strpool_free(w->pool);
		strpool_free(w->exprs);
	}
	free(b->workers);
	free(b->queue);
	pthread_mutex_destroy(&b->qlock);
	pthread_cond_destroy(&b->qcond);
	exclude_free(b->ex);
}

int index_build(struct spdx_index **out, struct source *src,
		const struct index_opts *opts, struct spdx_error *err)
{
	struct builder b = {
		.src = src, .opts = opts,
		.qlock = PTHREAD_MUTEX_INITIALIZER, .qcond = PTHREAD_COND_INITIALIZER,
	};
	struct spdx_index *idx;
	const struct bfile **order = NULL;
	struct spdx_error lerr;
	int ret;

	b.prev = opts ? opts->prev : NULL;
	if (b.prev)
		b.prev_files = (struct path_array){
			b.prev->files, b.prev->nfiles, sizeof(*b.prev->files),
			offsetof(struct spdx_file, path) };
	b.wflags = b.prev ? SRC_WALK_STAT : 0;
	idx = calloc(1, sizeof(*idx));
	if (!idx)
		return spdx_error_errno(err, -ENOMEM, "%s", src->root);
	idx->pool = strpool_new();
	idx->root = strdup(src->root);
	if (!idx->pool || !idx->root) {
		ret = spdx_error_errno(err, -ENOMEM, "%s", src->root);
		goto fail;
	}
	ret = source_refresh(src, err);
	if (ret)
		goto fail;
	/* Its own error: a tree without LICENSES/ does not fail the build. */
	ret = licenses_load(&idx->lic, src, &lerr);
	if (ret == -ENOENT) {
		idx->lic = NULL;
		idx->lic_error = strdup("no LICENSES/ directory");
		if (!idx->lic_error) {
			ret = spdx_error_errno(err, -ENOMEM, "%s", src->root);
			goto fail;
		}
	} else if (ret) {
		if (err)
			*err = lerr;	/* an unreadable or broken LICENSES/ */
		goto fail;
	}
	ret = exclude_load(&b.ex, src);
	if (ret) {
		spdx_error_errno(err, ret, "scripts/spdxexclude");
		goto fail;
	}
	ret = walk_all(&b);
	if (!ret)
		ret = merge(&b, idx, &order);
	if (!ret)
		ret = resolve(idx, order);
	if (ret) {
		spdx_error_errno(err, ret, "%s", src->root);
		goto fail;
	}
	if (opts && opts->progress)
		opts->progress(idx->nfiles, idx->nfiles, opts->progress_arg);
	builder_release(&b, order);
	*out = idx;
	return 0;
fail:
	builder_release(&b, order);
	index_free(idx);
	return ret;
}

void index_free(struct spdx_index *idx)
{
	if (!idx)
		return;
	for (size_t k = 0; k < idx->nexprs; k++)
		expr_free(idx->exprs[k].ast);
	free(idx->exprs);
	free(idx->files);
	if (idx->map)
		munmap(idx->map, idx->maplen);
	free(idx->dirs);
	free(idx->symlinks);
	free(idx->others);
	licenses_free(idx->lic);
	free(idx->lic_error);
	free(idx->root);
	strpool_free(idx->pool);
	free(idx);
}
