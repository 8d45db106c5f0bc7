// SPDX-License-Identifier: GPL-2.0-only
/*
 * index: walk a tree, scan the head of each file on several threads,
 * resolve each distinct expression once, and freeze the result.
 *
 * The build runs in phases, each with a single owner of the data:
 *  1. walk and scan (N threads): the threads share a stack of directories
 *     still to walk; each walks one directory at a time, queues its
 *     subdirectories, and for each file takes the previous index's result
 *     if the file is unchanged, else what the caller knows of its blob
 *     (index_opts.known), or reads and scans its head.  A worker
 *     owns the files it found and their strings (its own pool); a file a
 *     spent previous index has unchanged is only noted, its record kept;
 *  2. merge (this thread): every directory's entries came in git's tree
 *     order, and each subdirectory knows where among its parent's files
 *     the walk met it, so visiting the directories depth first puts the
 *     files in path order with no comparison (a source that gives another
 *     order gets them sorted instead);
 *  3. resolve (this thread; index_resolve.c): copy the files into the
 *     index in that order (the kept records are in place already when no
 *     file came or went), intern leaders, expressions and copyright
 *     statements, parse and validate each expression once, set statuses
 *     and counts.
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
#include <time.h>
#include <unistd.h>

#include "copyright.h"
#include "util/error.h"
#include "source/exclude.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "index_build.h"
#include "index_reuse.h"
#include "spdx/licenses.h"
#include "util/pathsearch.h"
#include "reuse/reuse.h"
#include "source/source.h"
#include "util/strpool.h"
#include "util/thread.h"

_Static_assert(!(IDX_F_SCAN_MASK & (IDX_F_UAPI | IDX_F_STRICT)),
	       "the index's own flags lie above the scanner's");

/*
 * A file of a run, in the order the walk met it: its place in the
 * previous index, and a record of its own in the worker's files unless
 * the spent previous index has it unchanged, whose record then becomes
 * the new index's as it is.
 */
struct fref {
	uint32_t prev;		/* index in prev->files, or NO_PREV */
	uint32_t fresh;		/* index in the worker's files, or NO_FRESH */
	uint32_t flags;		/* enum index_flag of a file kept as it was */
};

#define NO_PREV		UINT32_MAX
#define NO_FRESH	UINT32_MAX

/* A subdirectory, as the walk of its parent met it. */
struct sub {
	struct spdx_dir d;
	size_t at;		/* the parent's files met before it */
	int child_w;		/* the run that walked it: its worker, */
	size_t child_r;		/* and its index there; child_w < 0: none */
};

/*
 * One directory as one worker walked it: its files are refs[start ..
 * start + count) of that worker, its subdirectories subs[sub_start ..
 * sub_start + nsubs), each in the order the walk gave them.
 */
struct run {
	size_t start, count;
	size_t sub_start, nsubs;
	int parent_w;		/* the sub that names it: its worker, */
	size_t parent_sub;	/* and its index there; parent_w < 0: the
				   root */
};

/* A directory to walk, and the sub its parent's walk made of it. */
struct qitem {
	const char *dir;	/* in a worker's pool */
	int parent_w;
	size_t parent_sub;
};

/* What one walking thread found; merged once every thread is done. */
struct worker {
	struct builder *b;
	struct fref *refs;	/* every file met */
	size_t nrefs, cap_refs;
	struct bfile *files;	/* the records of those not kept */
	size_t nfiles, cap;
	struct sub *subs;	/* every subdirectory met */
	size_t nsubs, cap_subs;
	char **links, **others;
	size_t nlinks, nothers, cap_links, cap_others;
	struct strpool *pool;	/* paths: merged into the index's pool */
	const char *last_expr;	/* the last one put in exprs */
	char *more;		/* COPYRIGHT_MAX_BYTES, for the comment blocks
				   longer than a head; allocated when met */
	struct copyright_scanner *cs;	/* allocated when first needed */
	struct strpool *exprs;	/* expression texts and copyright
				   statements as scanned: resolve()
				   interns them, then they go */
	size_t rescanned;
	size_t unreported;	/* files not yet added to builder.seen */
	struct run *runs;	/* the directories this worker walked */
	size_t nruns, cap_runs;
	int err;
	/* The directory being walked (runs[nruns - 1]), whose entries a
	 * shallow walk names "dir/name": */
	size_t name_at;		/* where the name starts */
	int dir_uapi;		/* a component of "dir" is "uapi" */
	struct exclude_dir xdir;	/* the exclusions for its files */
	const char *last;	/* the last entry's name, NULL before the */
	int last_dir;		/* first, and whether a directory */
	int unordered;		/* a walk gave another than tree order */
	struct path_cursor prev_cur;	/* that directory in prev's files, */
	int prev_here;		/* once entered: not for a file the
				   source found in prev (src_entry.prior) */
	const char *run_dir;	/* that directory, */
	size_t run_len;		/* its length */
	char buf[SCAN_HEAD_BYTES];	/* last: walk_all() zeroes what precedes */
};

struct builder {
	struct source *src;
	const struct index_opts *opts;
	const struct spdx_index *prev;
	struct path_array prev_files;
	struct spdx_index *spent;	/* prev, when the build may take it over:
					   files it has unchanged keep its
					   records */
	const struct exclude *ex;	/* own.ex, or index_opts.globals' */
	struct index_globals own;	/* loaded for this build, if any */
	unsigned wflags;
	/* Directories still to walk, shared by the workers: each walks one
	 * directory shallowly and queues its subdirectories. */
	pthread_mutex_t qlock;
	pthread_cond_t qcond;	/* work queued, or all done */
	struct qitem *queue;	/* a stack: depth first keeps it short */
	size_t nqueue, cap_queue;
	int busy;		/* workers walking a directory */
	int failed;		/* a worker failed: everyone stops */
	atomic_size_t seen;	/* files so far, for progress */
	struct worker *workers;
	int nworkers;
	int gave_prior;		/* the source holds prev's prior */
	int no_scan;		/* a REUSE tree, by guess_reuse(): no head
				   is scanned by the kernel's rules, since
				   index_reuse_apply() replaces it all */
};

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

/* The scan result @old into @bf, but its expression. */
static void take_result(struct bfile *bf, const struct spdx_file *old)
{
	struct spdx_file *f = &bf->f;

	f->scan_status = old->scan_status;
	f->line = old->line;
	f->col = old->col;
	f->second_line = old->second_line;
	f->flags = old->flags & IDX_F_SCAN_MASK;
	bf->s.copyright = old->copyright;
	/* A leader is a few bytes: no call for them.  The rest is zero. */
	for (size_t n = 0; n < sizeof(bf->s.leader) - 1 && old->leader[n]; n++)
		bf->s.leader[n] = old->leader[n];
}

/* Take what the previous index knew of file @k, if it is unchanged. */
static int reuse(struct worker *w, struct bfile *bf, size_t k)
{
	struct builder *b = w->b;
	const struct spdx_file *old;

	if (k == PATH_NONE)
		return 0;
	old = &b->prev->files[k];
	if (!file_stat_same(&old->st, &bf->f.st) || old->error)
		return 0;
	take_result(bf, old);
	if (old->expr >= 0) {
		bf->s.expr = b->prev->exprs[old->expr].text;
		bf->s.prev_expr = old->expr;
	}
	return 1;
}

/* Take what the caller knows of file @bf's content (index_opts.known). */
static int reuse_known(struct worker *w, struct bfile *bf)
{
	const struct index_opts *o = w->b->opts;
	const struct spdx_file *old;
	const char *expr = NULL;

	if (!o || !o->known || !(old = o->known(o->known_arg, &bf->f.st, &expr)))
		return 0;
	take_result(bf, old);
	bf->s.expr = expr;	/* interned by its text */
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

/* Expression @text in the worker's pool: files of a directory mostly
 * share theirs, so the last one kept is tried before a copy is made. */
static const char *keep_expr(struct worker *w, const char *text)
{
	if (w->last_expr && !strcmp(w->last_expr, text))
		return w->last_expr;
	w->last_expr = strpool_str(w->exprs, text);
	return w->last_expr;
}

/*
 * How far a leading comment block longer than the head is read, step by
 * step: in the 6.1 tree all but 2% of those that go on past the first
 * KiB end within 4 KiB.
 */
static const size_t copyright_steps[] = {
	SCAN_HEAD_BYTES, COPYRIGHT_MAX_BYTES,
};

/*
 * The copyright statements of the file whose first @n bytes are in
 * w->buf into @s: from those bytes, and when its leading comment block
 * goes on past them, from more of it, up to COPYRIGHT_MAX_BYTES, the
 * scan going on where it stopped: the bytes after the @n read on their
 * own where the source can (the @n copied), a step at a time until the
 * statements are settled (copyright_found.settled).  A file that cannot
 * be read further keeps what was read of it before.  The bytes read on
 * are not stat'ed again: @st, taken before the first read, is what the
 * index keeps, so a file that changed since is scanned again at the
 * next refresh, as one that changed while its head was read.
 */
static int scan_copyright(struct worker *w, const struct src_entry *ent,
			  size_t n, const struct file_stat *st, struct slot *s)
{
	struct source *src = w->b->src;
	struct copyright_found cf;
	struct file_stat again;
	size_t have = n;
	ssize_t m;

	if (!w->cs && !(w->cs = copyright_scanner_new()))
		return -ENOMEM;
	copyright_scanner_start(w->cs, n);	/* no NUL: not binary */
	if (copyright_scanner_feed(w->cs, w->buf, n, st->size > (uint64_t)n, &cf))
		return -ENOMEM;
	if (!cf.more || !(w->more || (w->more = malloc(COPYRIGHT_MAX_BYTES))))
		goto done;
	if (!src->ops->head_from) {
		m = src->ops->head(src, ent, w->more, COPYRIGHT_MAX_BYTES, &again);
		if (m > (ssize_t)n && file_stat_same(&again, st) &&
		    copyright_scanner_feed(w->cs, w->more, m,
					   again.size > (uint64_t)m, &cf))
			return -ENOMEM;
		goto done;
	}
	memcpy(w->more, w->buf, n);
	for (size_t i = 0; i < sizeof(copyright_steps) / sizeof(*copyright_steps); i++) {
		size_t to = copyright_steps[i];

		if (st->size < (uint64_t)to)	/* no read() to hear EOF */
			to = st->size;
		if (to <= have)
			continue;
		m = src->ops->head_from(src, ent, w->more + have, to - have,
					have, NULL);
		if (m <= 0)
			break;
		have += m;
		if (copyright_scanner_feed(w->cs, w->more, have,
					   st->size > (uint64_t)have, &cf))
			return -ENOMEM;
		if ((!cf.more && cf.settled) || have < to)
			break;
	}
done:
	if (cf.text && !(s->copyright = strpool_str(w->exprs, cf.text)))
		return -ENOMEM;
	return 0;
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
	if (!(res.flags & SCAN_F_BINARY) && !(w->b->opts && w->b->opts->no_copyright) &&
	    (s->err = scan_copyright(w, ent, n, &st, s))) {
		scan_result_release(&res);
		return;
	}
	if ((res.flags & SCAN_F_LONG_LINE) &&
	    (s->err = scan_long_line(src, ent, &res, &st)))
		return;
	f->st = st;
	if (res.expr && !(s->expr = keep_expr(w, res.expr))) {
		scan_result_release(&res);
		s->err = -ENOMEM;
		return;
	}
	f->scan_status = res.status;
	f->line = res.line;
	f->col = res.col;
	f->second_line = res.second_line;
	f->flags = res.flags;
	memcpy(s->leader, res.leader, strnlen(res.leader, sizeof(s->leader) - 1));
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

/*
 * Does @name (a directory when @dir) come after @prev (likewise) in git's
 * tree order, byte order with a directory's name read as "name/"?
 */
static int tree_after(const char *prev, int prev_dir, const char *name, int dir)
{
	const unsigned char *a = (const unsigned char *)prev;
	const unsigned char *b = (const unsigned char *)name;
	unsigned ca, cb;

	while (*a && *a == *b)
		a++, b++;
	ca = *a ? *a : prev_dir ? '/' : 0;
	cb = *b ? *b : dir ? '/' : 0;
	return cb > ca;
}

/* Note an entry's name, to tell whether the walk keeps tree order. */
static void note_order(struct worker *w, const char *path, int dir)
{
	const char *name = path + w->name_at;

	/* Between two files, tree order is strcmp()'s. */
	if (w->last && (dir || w->last_dir ?
			!tree_after(w->last, w->last_dir, name, dir) :
			strcmp(w->last, name) >= 0))
		w->unordered = 1;
	w->last = name;
	w->last_dir = dir;
}

static int add_ref(struct worker *w, size_t prev, size_t fresh, uint32_t flags)
{
	struct fref *r = grow(w->refs, w->nrefs, &w->cap_refs, sizeof(*w->refs),
			      1024);

	if (!r)
		return -ENOMEM;
	w->refs = r;
	w->refs[w->nrefs++] = (struct fref){
		prev == PATH_NONE ? NO_PREV : (uint32_t)prev,
		fresh == PATH_NONE ? NO_FRESH : (uint32_t)fresh, flags };
	return 0;
}

/*
 * A record of its own for file @ent, the previous index's file @k
 * (PATH_NONE if none): what the previous index knew of it if unchanged,
 * else what a read of its head says.
 */
static int add_fresh(struct worker *w, const struct src_entry *ent, size_t k,
		     int excluded, uint32_t flags)
{
	struct builder *b = w->b;
	struct bfile *bf;

	bf = grow(w->files, w->nfiles, &w->cap, sizeof(*w->files), 1024);
	if (!bf)
		return -ENOMEM;
	w->files = bf;
	bf = &w->files[w->nfiles];
	memset(bf, 0, sizeof(*bf));
	/* The path as the previous index has it, when its strings will
	 * be the new index's (take_strings()); else a copy. */
	bf->f.path = k != PATH_NONE && b->spent ? b->prev->files[k].path :
		     strpool_str(w->pool, ent->path);
	if (!bf->f.path)
		return -ENOMEM;
	w->nfiles++;
	bf->f.expr = -1;
	bf->s.prev_expr = -1;
	bf->f.st = ent->st;
	if (excluded) {
		bf->f.status = ST_EXCLUDED;
		bf->f.scan_status = ST_UNTAGGED;
	} else if (!reuse(w, bf, k) && !reuse_known(w, bf)) {
		if (b->no_scan)
			w->rescanned++;	/* read by the REUSE reading */
		else
			scan_entry(w, ent, bf);
	}
	if (!bf->f.st.mode)
		stat_unread(b->src, &bf->f);
	bf->f.flags |= flags;
	return add_ref(w, k, w->nfiles - 1, 0);
}

static int add_file(struct worker *w, const struct src_entry *ent)
{
	struct builder *b = w->b;
	const char *name = ent->path + w->name_at;
	uint32_t flags = w->dir_uapi || (name[0] == 'u' && !strcmp(name, "uapi")) ?
			 IDX_F_UAPI : 0;
	size_t seen, k = PATH_NONE;
	int excluded, ret;

	if (b->gave_prior && ent->prior && ent->prior <= b->prev->nfiles) {
		k = ent->prior - 1;	/* the source looked it up */
	} else if (b->prev) {
		if (!w->prev_here) {
			path_cursor_enter(&b->prev_files, &w->prev_cur,
					  w->run_dir, w->run_len);
			w->prev_here = 1;
		}
		k = path_find_name(&b->prev_files, &w->prev_cur, name);
	}
	excluded = exclude_dir_match(b->ex, &w->xdir, ent->path, name);
	/* What the spent previous index has unchanged stays its record. */
	if (b->spent && k != PATH_NONE && !excluded &&
	    file_stat_same(&b->prev->files[k].st, &ent->st) &&
	    !b->prev->files[k].error) {
		ret = add_ref(w, k, PATH_NONE, flags);
		if (!ret)
			note_order(w, b->prev->files[k].path, 0);
	} else {
		ret = add_fresh(w, ent, k, excluded, flags);
		if (!ret)
			note_order(w, w->files[w->nfiles - 1].f.path, 0);
	}
	if (ret)
		return ret;
	/* The shared counter is touched every 1024 files, not every file. */
	if (++w->unreported < 1024)
		return 0;
	seen = atomic_fetch_add(&b->seen, w->unreported) + w->unreported;
	w->unreported = 0;
	if (w == b->workers && b->opts && b->opts->progress)
		b->opts->progress(seen, 0, b->opts->progress_arg);
	return 0;
}

/* Queue directory @it.dir, a string that lives as long as the build. */
static int queue_dir(struct builder *b, const struct qitem *it)
{
	struct qitem *q;
	int ret = 0;

	pthread_mutex_lock(&b->qlock);
	q = grow(b->queue, b->nqueue, &b->cap_queue, sizeof(*b->queue), 256);
	if (!q) {
		ret = -ENOMEM;
	} else {
		b->queue = q;
		b->queue[b->nqueue++] = *it;
		pthread_cond_signal(&b->qcond);
	}
	pthread_mutex_unlock(&b->qlock);
	return ret;
}

/* Record subdirectory @ent where the walk met it; end_run() queues it. */
static int add_sub(struct worker *w, const struct src_entry *ent)
{
	struct sub *sd;

	sd = grow(w->subs, w->nsubs, &w->cap_subs, sizeof(*w->subs), 256);
	if (!sd)
		return -ENOMEM;
	w->subs = sd;
	sd = &w->subs[w->nsubs];
	sd->d.path = strpool_str(w->pool, ent->path);
	if (!sd->d.path)
		return -ENOMEM;
	sd->d.mode = ent->st.mode;
	sd->d.uid = ent->st.uid;
	sd->d.gid = ent->st.gid;
	sd->d.mtime_ns = ent->st.mtime_ns;
	sd->d.ctime_ns = ent->st.ctime_ns;
	sd->at = w->nrefs - w->runs[w->nruns - 1].start;
	sd->child_w = -1;
	w->nsubs++;
	return 0;
}

/*
 * A record with status error for entry @ent, which the source could not
 * look at (ent->err): a file at its path, a directory as its path and a
 * '/' ("drivers/secret/"), which sorts where its files would.  Nothing
 * the walk met is left out of the index silently.
 */
static int add_unreadable(struct worker *w, const struct src_entry *ent)
{
	size_t len = strlen(ent->path);
	int dir = ent->kind == SRC_DIR;
	struct bfile *bf;
	char *path;

	bf = grow(w->files, w->nfiles, &w->cap, sizeof(*w->files), 1024);
	if (!bf)
		return -ENOMEM;
	w->files = bf;
	bf = &w->files[w->nfiles];
	memset(bf, 0, sizeof(*bf));
	path = strpool_add(w->pool, ent->path, len + dir);	/* its NUL too */
	if (!path)
		return -ENOMEM;
	if (dir)
		path[len] = '/';
	w->nfiles++;
	bf->f.path = path;
	bf->f.expr = -1;
	bf->f.scan_status = ST_UNTAGGED;
	bf->f.st = ent->st;
	bf->f.st.mode = S_IFREG;	/* no permission: nothing to read */
	bf->f.flags = path_is_uapi(path) ? IDX_F_UAPI : 0;
	bf->s.prev_expr = -1;
	bf->s.err = ent->err;
	note_order(w, path, 0);
	return add_ref(w, PATH_NONE, w->nfiles - 1, 0);
}

static int on_entry(const struct src_entry *ent, void *arg)
{
	struct worker *w = arg;
	int ret = 0;

	if (ent->err)
		return add_unreadable(w, ent);
	switch (ent->kind) {
	case SRC_REG:
		ret = add_file(w, ent);
		break;
	case SRC_SYMLINK:
		ret = push_path(&w->links, &w->nlinks, &w->cap_links, w->pool,
				ent->path);
		if (!ret)
			note_order(w, w->links[w->nlinks - 1], 0);
		break;
	case SRC_OTHER:
		ret = push_path(&w->others, &w->nothers, &w->cap_others,
				w->pool, ent->path);
		if (!ret)
			note_order(w, w->others[w->nothers - 1], 0);
		break;
	case SRC_DIR:
		ret = add_sub(w, ent);
		if (!ret)
			note_order(w, w->subs[w->nsubs - 1].d.path, 1);
		break;
	}
	return ret;
}

/* Open the run of directory @it->dir, which this worker walks now. */
static int begin_run(struct worker *w, const struct qitem *it)
{
	size_t len = strlen(it->dir);
	struct run *r;

	r = grow(w->runs, w->nruns, &w->cap_runs, sizeof(*w->runs), 256);
	if (!r)
		return -ENOMEM;
	w->runs = r;
	w->runs[w->nruns++] = (struct run){
		.start = w->nrefs, .sub_start = w->nsubs,
		.parent_w = it->parent_w, .parent_sub = it->parent_sub };
	w->name_at = len ? len + 1 : 0;
	w->dir_uapi = path_is_uapi(it->dir);
	exclude_dir_init(w->b->ex, it->dir, len, &w->xdir);
	w->last = NULL;
	w->run_dir = it->dir;
	w->run_len = len;
	w->prev_here = 0;	/* entered at its first lookup */
	return 0;
}

/*
 * Close the run of the directory just walked and queue its
 * subdirectories, the last first: the stack gives them back in path
 * order, so that a worker's cursors move forward.
 */
static int end_run(struct worker *w)
{
	struct run *r = &w->runs[w->nruns - 1];
	struct builder *b = w->b;
	int ret = 0;

	r->count = w->nrefs - r->start;
	r->nsubs = w->nsubs - r->sub_start;
	if (!r->nsubs)
		return 0;
	pthread_mutex_lock(&b->qlock);
	for (size_t j = r->nsubs; j-- > 0 && !ret; ) {
		size_t k = r->sub_start + j;
		struct qitem *q = grow(b->queue, b->nqueue, &b->cap_queue,
				       sizeof(*b->queue), 256);

		if (!q) {
			ret = -ENOMEM;
			break;
		}
		b->queue = q;
		b->queue[b->nqueue++] = (struct qitem){ w->subs[k].d.path,
			(int)(w - b->workers), k };
	}
	pthread_cond_broadcast(&b->qcond);
	pthread_mutex_unlock(&b->qlock);
	return ret;
}

/* The next directory to walk into @it; 0 when the walk is over. */
static int next_dir(struct builder *b, struct qitem *it)
{
	int got = 0;

	pthread_mutex_lock(&b->qlock);
	while (!b->nqueue && b->busy && !b->failed)
		pthread_cond_wait(&b->qcond, &b->qlock);
	if (b->nqueue && !b->failed) {
		*it = b->queue[--b->nqueue];
		b->busy++;
		got = 1;
	}
	pthread_mutex_unlock(&b->qlock);
	return got;
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
	struct qitem it;

	/*
	 * A file table of the thread's own: every open() and close() takes
	 * the table's lock, and two threads taking one lock 80,000 times
	 * each cost more than the copy.  Descriptors are opened and closed
	 * by the same worker, so nothing needs the shared table.
	 */
	if (w != b->workers)
		unshare(CLONE_FILES);
	while (next_dir(b, &it)) {
		int ret = begin_run(w, &it);

		if (!ret)
			ret = b->src->ops->walk(b->src, it.dir,
						b->wflags | SRC_WALK_SHALLOW,
						on_entry, w);
		/* A subdirectory that vanished meanwhile, or became something
		 * else, is left out; one that cannot be read is an error of
		 * its own; the root must be walkable. */
		if (it.dir[0] && (ret == -ENOENT || ret == -ENOTDIR ||
				  ret == -ELOOP))
			ret = 0;
		else if (it.dir[0] && ret < 0 && ret != -ENOMEM)
			ret = add_unreadable(w, &(struct src_entry){
				.path = it.dir, .kind = SRC_DIR, .err = ret });
		if (!ret)
			ret = end_run(w);
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
	b->workers = alloc_array(b->nworkers, sizeof(*b->workers));
	if (!b->workers)
		return -ENOMEM;
	for (int t = 0; t < b->nworkers; t++) {
		/* Not its read buffer: a build of a few paths would spend
		 * more zeroing it than walking. */
		memset(&b->workers[t], 0, offsetof(struct worker, buf));
		b->workers[t].b = b;
		b->workers[t].pool = strpool_new();
		b->workers[t].exprs = strpool_new();
		if (!b->workers[t].pool || !b->workers[t].exprs)
			return -ENOMEM;
	}
	w0 = &b->workers[0];
	ret = queue_dir(b, &(struct qitem){ .dir = "", .parent_w = -1 });
	if (ret)
		return ret;
	for (int t = 1; t < b->nworkers; t++) {
		if (thread_start(&tids[started], walk_worker, &b->workers[t]))
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

static int dir_before(const struct spdx_dir *a, const struct spdx_dir *b)
{
	return strcmp(a->path, b->path) < 0;
}

/*
 * Sort @n directories by path, with room for @n / 2 more in @tmp: a merge
 * sort that skips merging halves in order already, so that directories
 * in tree order, which strcmp() order leaves only where a name has a byte
 * below '/' after a shared prefix ("a" before "a.c" before "a/b", where
 * the tree has "a.c" first), cost about one comparison each.
 */
static void sort_dirs(struct spdx_dir *d, size_t n, struct spdx_dir *tmp)
{
	size_t h = n / 2, i, j, k;

	if (n <= 8) {
		for (i = 1; i < n; i++) {
			struct spdx_dir x = d[i];

			for (j = i; j && dir_before(&x, &d[j - 1]); j--)
				d[j] = d[j - 1];
			d[j] = x;
		}
		return;
	}
	sort_dirs(d, h, tmp);
	sort_dirs(d + h, n - h, tmp);
	if (!dir_before(&d[h], &d[h - 1]))
		return;
	memcpy(tmp, d, h * sizeof(*d));
	for (i = 0, j = h, k = 0; i < h && j < n; k++)
		d[k] = dir_before(&d[j], &tmp[i]) ? d[j++] : tmp[i++];
	while (i < h)
		d[k++] = tmp[i++];
}

/* The root first, then idx->dirs[1 .. ndirs) sorted. */
static int finish_dirs(struct builder *b, struct spdx_index *idx)
{
	struct src_entry root = { 0 };
	struct spdx_dir *tmp = alloc_array(idx->ndirs / 2 + 1, sizeof(*tmp));

	if (!tmp)
		return -ENOMEM;
	if (!(b->wflags & SRC_WALK_NO_DIR_STAT) &&
	    b->src->ops->stat(b->src, "", &root))
		root.st.mode = S_IFDIR | 0555;
	idx->dirs[0] = (struct spdx_dir){ .path = "", .mode = root.st.mode,
		.uid = root.st.uid, .gid = root.st.gid,
		.mtime_ns = root.st.mtime_ns, .ctime_ns = root.st.ctime_ns };
	sort_dirs(idx->dirs + 1, idx->ndirs - 1, tmp);
	free(tmp);
	return 0;
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

struct assembly {
	struct worker *workers;
	const struct spdx_index *prev;
	struct ford *order;		/* the files, in path order */
	size_t n;
	int moved;			/* a file not where prev has it */
	struct spdx_dir *dirs;		/* the directories but the root */
	size_t ndirs;
};

static void append(struct assembly *as, const struct worker *w,
		   const struct fref *r)
{
	if (r->prev != as->n)
		as->moved = 1;
	as->order[as->n++] = (struct ford){
		r->fresh == NO_FRESH ? NULL : &w->files[r->fresh], r->prev,
		r->flags };
}

/*
 * Tell each sub which run walked it; return the root's run, or NULL.
 */
static const struct run *link_runs(struct builder *b, struct worker **root_w)
{
	const struct run *root = NULL;

	for (int t = 0; t < b->nworkers; t++) {
		struct worker *w = &b->workers[t];

		for (size_t r = 0; r < w->nruns; r++) {
			const struct run *run = &w->runs[r];
			struct sub *sd;

			if (run->parent_w < 0) {
				root = run;
				*root_w = w;
				continue;
			}
			sd = &b->workers[run->parent_w].subs[run->parent_sub];
			sd->child_w = t;
			sd->child_r = r;
		}
	}
	return root;
}

/*
 * Append run @r's files and, where the walk met them among them, its
 * subdirectories, each followed by its own files and subdirectories: in
 * tree order, the files' paths come out sorted.
 */
static void assemble_run(struct assembly *as, const struct worker *w,
			 const struct run *r)
{
	const struct fref *refs = w->refs + r->start;
	const struct sub *subs = w->subs + r->sub_start;
	size_t i = 0;

	for (size_t j = 0; j < r->nsubs; j++) {
		const struct sub *sd = &subs[j];
		const struct worker *cw;

		while (i < sd->at)
			append(as, w, &refs[i++]);
		as->dirs[as->ndirs++] = sd->d;
		if (sd->child_w < 0)
			continue;
		cw = &as->workers[sd->child_w];
		assemble_run(as, cw, &cw->runs[sd->child_r]);
	}
	while (i < r->count)
		append(as, w, &refs[i++]);
}

static const char *ford_path(const struct ford *o, const struct spdx_index *prev)
{
	return o->fresh ? o->fresh->f.path : prev->files[o->prev].path;
}

static int cmp_ford(const void *a, const void *b, void *prev)
{
	return strcmp(ford_path(a, prev), ford_path(b, prev));
}

/* For a source that gives another order than git's tree order. */
static void assemble_sorting(struct assembly *as, int nworkers)
{
	for (int t = 0; t < nworkers; t++) {
		const struct worker *w = &as->workers[t];

		for (size_t i = 0; i < w->nrefs; i++)
			append(as, w, &w->refs[i]);
		for (size_t i = 0; i < w->nsubs; i++)
			as->dirs[as->ndirs++] = w->subs[i].d;
	}
	qsort_r(as->order, as->n, sizeof(*as->order), cmp_ford,
		(void *)as->prev);
	as->moved = 1;
}

/*
 * Room for the @n files of @as: the spent previous index's array when
 * every file stands where it has it, so that the records it has
 * unchanged are in place already (and its pages in memory), with
 * *@in_place set; else a new one, into which resolve() copies them.
 */
static struct spdx_file *take_files(struct builder *b,
				    const struct assembly *as, size_t n,
				    int *in_place)
{
	struct spdx_index *spent = b->spent;
	struct spdx_file *files;

	*in_place = spent && spent->files && !as->moved && spent->nfiles == n;
	if (!*in_place)
		return alloc_array(n, sizeof(*files));
	files = spent->files;
	spent->files = NULL;
	return files;
}

/*
 * Make the spent previous index's strings the new index's, the paths
 * the walk took from it among them: its saved index's mapping, or its
 * pool.
 */
static void take_strings(struct builder *b, struct spdx_index *idx)
{
	struct spdx_index *spent = b->spent;

	if (!spent)
		return;
	idx->map = spent->map;
	idx->maplen = spent->maplen;
	spent->map = NULL;
	if (spent->pool)
		strpool_merge(idx->pool, spent->pool);
}

/*
 * Phase 2: put the workers' files in path order and their directories in idx.
 * The files stay where they are; resolve() copies them into the index in
 * this order, but for those already in place (*@in_place).  Pools move.
 */
static int merge(struct builder *b, struct spdx_index *idx,
		 struct ford **order, int *in_place)
{
	struct assembly as = { .workers = b->workers, .prev = b->prev };
	size_t total = 0, ndirs = 0;
	const struct run *root;
	struct worker *root_w = NULL;
	int unordered = 0;

	for (int t = 0; t < b->nworkers; t++) {
		total += b->workers[t].nrefs;
		ndirs += b->workers[t].nsubs;
		unordered |= b->workers[t].unordered;
	}
	*order = alloc_array(total, sizeof(**order));
	idx->dirs = alloc_array(ndirs + 1, sizeof(*idx->dirs));
	if (!*order || !idx->dirs)
		return -ENOMEM;
	as.order = *order;
	as.dirs = idx->dirs + 1;
	root = link_runs(b, &root_w);
	if (unordered)
		assemble_sorting(&as, b->nworkers);
	else if (root)
		assemble_run(&as, root_w, root);
	/* Every run but the root's is a subdirectory's, so the root's
	 * subtree is all of them. */
	if (as.n != total || as.ndirs != ndirs)
		return -EIO;
	idx->files = take_files(b, &as, total, in_place);
	if (!idx->files)
		return -ENOMEM;
	idx->nfiles = total;
	idx->ndirs = ndirs + 1;
	for (int t = 0; t < b->nworkers; t++) {
		idx->rescanned += b->workers[t].rescanned;
		strpool_merge(idx->pool, b->workers[t].pool);
	}
	return finish_dirs(b, idx) ||
	       merge_paths(&idx->symlinks, &idx->nsymlinks, b, 1) ||
	       merge_paths(&idx->others, &idx->nothers, b, 0) ? -ENOMEM : 0;
}

static void builder_release(struct builder *b, struct ford *order)
{
	if (b->gave_prior)
		b->src->ops->prior(b->src, NULL);
	free(order);
	/* No workers when their array could not be allocated. */
	for (int t = 0; b->workers && t < b->nworkers; t++) {
		struct worker *w = &b->workers[t];

		free(w->refs);
		free(w->files);
		free(w->runs);
		free(w->subs);
		free(w->links);
		free(w->others);
		strpool_free(w->pool);
		strpool_free(w->exprs);
		free(w->more);
		copyright_scanner_free(w->cs);
	}
	free(b->workers);
	free(b->queue);
	pthread_mutex_destroy(&b->qlock);
	pthread_cond_destroy(&b->qcond);
	exclude_free(b->own.ex);
}

int index_globals_load(struct index_globals *g, struct source *src,
		       struct spdx_error *err)
{
	struct spdx_error lerr;
	int ret;

	*g = (struct index_globals){ NULL, NULL };
	/* A tree without LICENSES/ is still indexed: lic stays NULL. */
	ret = licenses_load(&g->lic, src, &lerr);
	if (ret == -ENOENT) {
		g->lic = NULL;
	} else if (ret) {
		if (err)
			*err = lerr;	/* an unreadable or broken LICENSES/ */
		return ret;
	}
	ret = exclude_load(&g->ex, src);
	if (ret) {
		licenses_free(g->lic);
		g->lic = NULL;
		return spdx_error_errno(err, ret, "scripts/spdxexclude");
	}
	return 0;
}

void index_globals_release(struct index_globals *g)
{
	licenses_free(g->lic);
	exclude_free(g->ex);
	*g = (struct index_globals){ NULL, NULL };
}

/* The globals of @b's build into @idx and @b: the caller's, or its own
 * loaded now (idx->lic then idx's). */
static int builder_globals(struct builder *b, struct spdx_index *idx,
			   struct spdx_error *err)
{
	const struct index_globals *g = b->opts ? b->opts->globals : NULL;
	int ret;

	if (!g) {
		ret = index_globals_load(&b->own, b->src, err);
		if (ret)
			return ret;
		idx->lic = b->own.lic;
		b->own.lic = NULL;	/* idx's now */
		b->ex = b->own.ex;
	} else {
		idx->lic = g->lic;
		idx->lic_shared = 1;
		b->ex = g->ex;
	}
	if (idx->lic)
		return 0;
	idx->lic_error = strdup("no LICENSES/ directory");
	return idx->lic_error ? 0 : spdx_error_errno(err, -ENOMEM, "%s",
						     b->src->root);
}

uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Tell the source what the previous index kept, when it has the stamp
 * the source needs (source.h), so that the walk can keep what was
 * tracked without reading git's index: @p, which must outlive the walk.
 * builder_release() takes it back, before prev can go.
 */
static void give_prior(struct builder *b, struct source_prior *p)
{
	if (!b->prev || !b->prev->has_source_stamp || !b->src->ops->prior)
		return;
	*p = (struct source_prior){
		.paths = b->prev_files,
		.links = { b->prev->symlinks, b->prev->nsymlinks,
			   sizeof(char *), 0 },
		.others = { b->prev->others, b->prev->nothers,
			    sizeof(char *), 0 },
		.stamp = b->prev->source_stamp,
	};
	b->src->ops->prior(b->src, p);
	b->gave_prior = 1;
}

/* The time since @t0 into *@phase; returns now. */
static uint64_t lap(uint64_t *phase, uint64_t t0)
{
	uint64_t t = monotonic_ns();

	*phase = t - t0;
	return t;
}

/*
 * Will @b's index be a REUSE tree's (reuse_tree_is())?  A guess from a
 * few stats of the source, made before the walk so that the walk reads
 * no head whose kernel reading index_reuse_apply() would replace (on a
 * source whose walk gives each file's stat data whole, a directory;
 * the others give the size with a head only): no
 * kernel-style LICENSES/ (idx->lic, loaded), no scripts/spdxcheck.py,
 * and a REUSE.toml, a .reuse/dep5 or a LICENSES/ directory.  Only for a
 * build with no previous index, which a REUSE tree never has (its index
 * is not saved): build() checks the guess once the files are known,
 * and a wrong one costs a second build, never a different index.
 */
static int guess_reuse(const struct builder *b, const struct spdx_index *idx)
{
	struct source *src = b->src;
	struct src_entry ent;

	if ((b->opts && b->opts->kernel_layout) || b->prev ||
	    (idx->lic && idx->lic->nfiles) || !src->ops->walk_stat_whole)
		return 0;
	if (!src->ops->stat(src, "scripts/spdxcheck.py", &ent))
		return 0;
	return !src->ops->stat(src, "REUSE.toml", &ent) ||
	       !src->ops->stat(src, ".reuse/dep5", &ent) ||
	       (!src->ops->stat(src, "LICENSES", &ent) && ent.kind == SRC_DIR);
}

/* index_build(), trying guess_reuse() when @guess; -EAGAIN when the
 * guess was wrong (nothing of @opts->prev taken: it had none). */
static int build(struct spdx_index **out, struct source *src,
		 const struct index_opts *opts, int guess,
		 struct spdx_error *err)
{
	struct builder b = {
		.src = src, .opts = opts,
		.qlock = PTHREAD_MUTEX_INITIALIZER, .qcond = PTHREAD_COND_INITIALIZER,
	};
	struct spdx_index *idx;
	struct ford *order = NULL;
	struct index_timings tm = { 0 };
	struct source_prior prior;
	uint64_t t;
	int ret, in_place = 0;

	b.prev = opts ? opts->prev : NULL;
	/* A REUSE reading holds no scan result to take over. */
	if (b.prev && b.prev->layout != INDEX_LAYOUT_KERNEL)
		b.prev = NULL;
	if (b.prev && opts->spent == b.prev && b.prev->nfiles < NO_PREV)
		b.spent = opts->spent;
	if (b.prev)
		b.prev_files = (struct path_array){
			b.prev->files, b.prev->nfiles, sizeof(*b.prev->files),
			offsetof(struct spdx_file, path) };
	b.wflags = b.prev || (opts && opts->known) ? SRC_WALK_STAT : 0;
	if (opts && opts->no_dir_stat)
		b.wflags |= SRC_WALK_NO_DIR_STAT;
	idx = calloc(1, sizeof(*idx));
	if (!idx)
		return spdx_error_errno(err, -ENOMEM, "%s", src->root);
	idx->pool = strpool_new();
	idx->root = strdup(src->root);
	if (!idx->pool || !idx->root) {
		ret = spdx_error_errno(err, -ENOMEM, "%s", src->root);
		goto fail;
	}
	t = monotonic_ns();
	give_prior(&b, &prior);
	ret = source_refresh(src, err);
	if (ret)
		goto fail;
	ret = builder_globals(&b, idx, err);
	if (ret)
		goto fail;
	b.no_scan = guess && guess_reuse(&b, idx);
	if (b.no_scan)
		b.wflags |= SRC_WALK_STAT;	/* on the walk's threads, since
						   no head read gives it */
	t = lap(&tm.prepare, t);
	ret = walk_all(&b);
	if (!ret && src->ops->stamp)
		idx->has_source_stamp = src->ops->stamp(src, &idx->source_stamp) == 1;
	t = lap(&tm.walk, t);
	if (!ret)
		ret = merge(&b, idx, &order, &in_place);
	t = lap(&tm.merge, t);
	if (!ret)
		ret = index_resolve(idx, order, b.prev, in_place);
	lap(&tm.resolve, t);
	if (opts && opts->timings)
		*opts->timings = tm;
	if (ret) {
		spdx_error_errno(err, ret, "%s", src->root);
		goto fail;
	}
	take_strings(&b, idx);
	if (b.no_scan && !reuse_tree_is(idx)) {
		ret = -EAGAIN;
		goto fail;
	}
	if (!(opts && opts->kernel_layout)) {
		ret = index_reuse_apply(idx, src, opts && opts->keep_reuse,
					err);
		if (ret)
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

int index_build(struct spdx_index **out, struct source *src,
		const struct index_opts *opts, struct spdx_error *err)
{
	int ret = build(out, src, opts, 1, err);

	if (ret == -EAGAIN)
		ret = build(out, src, opts, 0, err);
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
	if (!idx->lic_shared)
		licenses_free(idx->lic);
	free(idx->lic_error);
	reuse_free(idx->reuse);
	free(idx->root);
	strpool_free(idx->pool);
	free(idx);
}
