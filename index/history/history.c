// SPDX-License-Identifier: GPL-2.0-only
/*
 * history: the commits of a range, oldest first (history.h).
 *
 * history_list() opens a repository handle of its own, and frees it,
 * on the calling thread, as diff_git.c does: libgit2 objects are not
 * shared.  history_rows() reads through the git source's handles.
 *
 * history_rows() counts a commit from the one before it: with P the
 * paths their tree-to-tree diff names, row(new) = row(old) - count(old
 * tree, P) + count(new tree, P), which holds because every file outside
 * P is the same blob under the same LICENSES/ and scripts/spdxexclude
 * (a diff touching those, or a leaf at scripts, is counted whole).
 * count(tree, P) is the index of a source that wraps the commit's git
 * source and whose walks from the root report only P and the
 * directories leading to it, each looked up by its path, while a walk
 * of LICENSES/ (licenses_load()'s) sees it all: so index_build() itself
 * classifies each file, and the numbers cannot drift from "scan --rev".
 * A side where none of P is (files only added, or only removed) is not
 * counted at all.  Nor, on a tree of up to HISTORY_KEEP files, is the
 * old side: what each of its files added the rows before already know
 * (history_paths.h, filled by every count since the last whole one),
 * and they are subtracted as they were added, no index built for them.
 *
 * What a commit costs beyond its changed blobs was what made history 20
 * times one scan, then 5 times: one git source serves every commit,
 * pointed at the next one's tree (source_git_retarget_tree(), with the
 * tree and time history_list() read, no commit read again), and the
 * diff reads the trees with that source's handle, so that each tree is
 * read once, into the cache its counts then read it from; a subset's
 * walk lists no directory, it looks up its paths; LICENSES/ and
 * scripts/spdxexclude are parsed once per distinct pair of objects and
 * handed to each build (index_globals), their key read only when a diff
 * touches them; the diff is walked by hand.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <git2.h>

#include "blobcache.h"
#include "util/error.h"
#include "git/gitrepo.h"
#include "util/grow.h"
#include "history/history.h"
#include "history/history_paths.h"
#include "index.h"
#include "git/libgit2.h"
#include "report.h"
#include "source/source.h"
#include "source/source_git.h"
#include "store.h"
#include "util/thread.h"

/* Push @range ("A..B" or one revision, NULL: HEAD) onto @walk. */
static int range_push(git_revwalk *walk, git_repository *repo,
		      const char *path, const char *range,
		      struct spdx_error *err)
{
	git_object *obj = NULL, *commit = NULL;
	int ret;

	if (range && strstr(range, "..")) {
		if (git_revwalk_push_range(walk, range))
			return spdx_error_set(err, -EINVAL, "%s: range '%s': %s",
					      path, range, libgit2_msg(LIBGIT2_UNKNOWN));
		return 0;
	}
	if (!range)
		range = "HEAD";
	ret = git_revparse_single(&obj, repo, range);
	if (!ret)
		ret = git_object_peel(&commit, obj, GIT_OBJECT_COMMIT);
	if (!ret)
		ret = git_revwalk_push(walk, git_object_id(commit));
	git_object_free(obj);
	git_object_free(commit);
	if (ret)
		return spdx_error_set(err, -EINVAL, "%s: revision '%s': %s",
				      path, range, libgit2_msg(LIBGIT2_UNKNOWN));
	return 0;
}

/* The commit @id into *@c. */
static int commit_get(struct history_commit *c, git_repository *repo,
		      const git_oid *id)
{
	git_commit *commit;
	const char *s;

	if (git_commit_lookup(&commit, repo, id))
		return -EIO;
	git_oid_tostr(c->id, sizeof(c->id), id);
	memcpy(c->tree, git_commit_tree_id(commit)->id, sizeof(c->tree));
	c->time = git_commit_time(commit);
	c->shallow = gitrepo_grafted(repo, id);
	s = git_commit_summary(commit);
	c->subject = strdup(s ? s : "");
	git_commit_free(commit);
	return c->subject ? 0 : -ENOMEM;
}

/* The newest @max commits of @walk, newest first, into *@out. */
static int walk_collect(struct history_commit **out, size_t *n,
			git_revwalk *walk, git_repository *repo, size_t max,
			const char *path, struct spdx_error *err)
{
	struct history_commit *c = NULL;
	size_t cap = 0, k = 0;
	git_oid id;
	int ret = 0, r;

	while ((!max || k < max) && !(r = git_revwalk_next(&id, walk))) {
		void *p = grow(c, k, &cap, sizeof(*c), 64);

		if (!p) {
			ret = spdx_error_set(err, -ENOMEM, "out of memory");
			break;
		}
		c = p;
		ret = commit_get(&c[k], repo, &id);
		if (ret) {
			spdx_error_set(err, ret, "%s: commit: %s", path,
				       libgit2_msg(LIBGIT2_UNKNOWN));
			break;
		}
		k++;
	}
	if (!ret && (!max || k < max) && r != GIT_ITEROVER)
		ret = spdx_error_set(err, -EIO, "%s: %s", path, libgit2_msg(LIBGIT2_UNKNOWN));
	if (ret) {
		history_free(c, k);
		return ret;
	}
	*out = c;
	*n = k;
	return 0;
}

int history_list(struct history_commit **out, size_t *n, const char *repo,
		 const char *range, int first_parent, size_t max,
		 struct spdx_error *err)
{
	git_repository *r = NULL;
	git_revwalk *walk = NULL;
	int ret;

	*out = NULL;
	*n = 0;
	ret = gitrepo_open(&r, repo, GIT_REPOSITORY_OPEN_NO_SEARCH, err);
	if (ret)
		goto out;
	if (git_revwalk_new(&walk, r)) {
		ret = spdx_error_set(err, -ENOMEM, "%s: %s", repo, libgit2_msg(LIBGIT2_UNKNOWN));
		goto out;
	}
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_TIME);
	if (first_parent)
		git_revwalk_simplify_first_parent(walk);
	ret = range_push(walk, r, repo, range, err);
	if (!ret)
		ret = walk_collect(out, n, walk, r, max, repo, err);
	/* newest first from the walk; oldest first for the caller */
	for (size_t i = 0; !ret && i < *n / 2; i++) {
		struct history_commit t = (*out)[i];

		(*out)[i] = (*out)[*n - 1 - i];
		(*out)[*n - 1 - i] = t;
	}
out:
	git_revwalk_free(walk);
	git_repository_free(r);
	/* Never shut down: that would unload what a next init reads again
	 * (its certificate store), for history_rows() to pay twice. */
	return ret;
}

void history_free(struct history_commit *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(c[i].subject);
	free(c);
}

#define HISTORY_FEW	256	/* fewer paths: on one thread (row_count()) */
#define HISTORY_RENEW	64	/* commits read with one repository handle */
#define HISTORY_KEEP	16384	/* larger trees: no history_paths kept */

/* The paths a diff names: sorted, unique, each malloc'd. */
struct pathset {
	char **v;
	size_t n, cap;
};

static void pathset_clear(struct pathset *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		free(ps->v[i]);
	ps->n = 0;
}

static int pathset_add(struct pathset *ps, const char *path)
{
	char **p;

	if (ps->n && !strcmp(ps->v[ps->n - 1], path))
		return 0;	/* a modified file: old and new path alike */
	p = grow(ps->v, ps->n, &ps->cap, sizeof(*ps->v), 64);
	if (!p)
		return -ENOMEM;
	ps->v = p;
	ps->v[ps->n] = strdup(path);
	if (!ps->v[ps->n])
		return -ENOMEM;
	ps->n++;
	return 0;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void pathset_sort(struct pathset *ps)
{
	size_t k = 0;

	if (!ps->n)
		return;		/* v may be NULL, which qsort() may not see */
	qsort(ps->v, ps->n, sizeof(*ps->v), cmp_path);
	for (size_t i = 0; i < ps->n; i++) {
		if (k && !strcmp(ps->v[k - 1], ps->v[i])) {
			free(ps->v[i]);
			continue;
		}
		ps->v[k++] = ps->v[i];
	}
	ps->n = k;
}


/* Is @path beneath directory @dir (@len bytes, 0: the root)? */
static int path_below(const char *path, const char *dir, size_t len)
{
	return !len || (!strncmp(path, dir, len) && path[len] == '/');
}

/* The first path of @ps not before "dir/" in strcmp order (@dir of @len
 * bytes, 0: the root): where those beneath @dir begin, if any are. */
static size_t pathset_first_below(const struct pathset *ps, const char *dir,
				  size_t len)
{
	size_t lo = 0, hi = ps->n;

	while (len && lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *p = ps->v[mid];
		int c = strncmp(p, dir, len);

		if (!c)
			c = (unsigned char)p[len] - '/';
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Do the files named @path decide other files' status?  So does a
 * leaf at "scripts", where scripts/spdxexclude would be looked for. */
static int path_is_global(const char *path)
{
	return (!strncmp(path, "LICENSES", 8) &&
		(!path[8] || path[8] == '/')) ||
	       !strcmp(path, "scripts/spdxexclude") ||
	       !strcmp(path, "scripts");
}

/*
 * A source whose walks from the root show of @inner only the paths of
 * @ps and the directories leading to them, and whose walks of LICENSES/
 * show it all.  Every other operation is @inner's.
 */
struct subset_source {
	struct source base;
	struct source *inner;
	const struct pathset *ps;
};

static struct source *inner_of(struct source *src)
{
	return ((struct subset_source *)src)->inner;
}

/*
 * A walk of a subset: of directory @under, the paths of @ps beneath it.
 * Each is looked up by its path (@inner's stat()), never by listing a
 * directory: what a commit costs grows with the paths its diff names,
 * not with the files of the directories they are in.
 */
struct subset_walk {
	struct subset_source *s;
	unsigned flags;
	src_walk_fn fn;
	void *arg;
	char dir[PATH_MAX];	/* a directory to report */
};

/* Report @path of @inner, unless its view leaves it out (a name no
 * checkout writes: -ENOENT, -EINVAL) or it is a directory that holds
 * none of the paths (a gitlink): as its own walk would. */
static int subset_report(struct subset_walk *w, const char *path, int is_dir)
{
	struct source *inner = w->s->inner;
	struct src_entry ent;
	int ret;

	ret = inner->ops->stat(inner, path, &ent);
	if (ret == -ENOENT || ret == -EINVAL)
		return is_dir ? SRC_WALK_PRUNE : 0;
	if (ret)
		return ret;
	if ((ent.kind == SRC_DIR) != is_dir)
		return is_dir ? SRC_WALK_PRUNE : 0;
	if (!is_dir && !(w->flags & SRC_WALK_STAT))
		memset(&ent.st, 0, sizeof(ent.st));
	return w->fn(&ent, w->arg);
}

/*
 * The entries of directory @dir (@len bytes) that lead to the paths of
 * the set, from path @i on: the leaves, and each directory once, in
 * tree order, which for whole paths is strcmp()'s (a directory's name
 * compares as if it ended in '/', and so it does within a path).
 */
static int subset_walk_dir(struct subset_walk *w, size_t i, const char *dir,
			   size_t len)
{
	const struct pathset *ps = w->s->ps;
	size_t at = len + !!len;
	int ret = 0;

	while (!ret && i < ps->n && path_below(ps->v[i], dir, len)) {
		const char *p = ps->v[i], *slash = strchr(p + at, '/');
		size_t dlen = slash ? (size_t)(slash - p) : 0;

		if (!slash) {
			ret = subset_report(w, p, 0);
			i++;
		} else {
			memcpy(w->dir, p, dlen);
			w->dir[dlen] = '\0';
			ret = subset_report(w, w->dir, 1);
			while (i < ps->n && path_below(ps->v[i], p, dlen))
				i++;
		}
		if (ret == SRC_WALK_PRUNE)
			ret = 0;
	}
	return ret;
}

/*
 * Only index_build() walks a subset, one directory at a time
 * (SRC_WALK_SHALLOW), and licenses_load() LICENSES/: a deep walk of
 * anything else is refused rather than written for no caller.
 */
static int subset_walk(struct source *src, const char *under, unsigned flags,
		       src_walk_fn fn, void *arg)
{
	struct subset_source *s = (struct subset_source *)src;
	size_t len = strlen(under);
	struct subset_walk *w;
	int ret;

	if (!strncmp(under, "LICENSES", 8) && (!under[8] || under[8] == '/'))
		return s->inner->ops->walk(s->inner, under, flags, fn, arg);
	if (!(flags & SRC_WALK_SHALLOW))
		return -EINVAL;
	while (len && under[len - 1] == '/')
		len--;
	w = malloc(sizeof(*w));
	if (!w)
		return -ENOMEM;
	*w = (struct subset_walk){ .s = s, .flags = flags, .fn = fn,
				   .arg = arg };
	ret = subset_walk_dir(w, pathset_first_below(s->ps, under, len),
			      under, len);
	free(w);
	return ret;
}

static int subset_stat(struct source *src, const char *path,
		       struct src_entry *ent)
{
	return inner_of(src)->ops->stat(inner_of(src), path, ent);
}

static ssize_t subset_head(struct source *src, const struct src_entry *ent,
			   void *buf, size_t len, struct file_stat *st)
{
	return inner_of(src)->ops->head(inner_of(src), ent, buf, len, st);
}

static int subset_open(struct source *src, const char *path,
		       const struct file_stat *expect, struct src_file **out,
		       struct file_stat *st)
{
	return inner_of(src)->ops->open(inner_of(src), path, expect, out, st);
}

static ssize_t subset_pread(struct source *src, struct src_file *f, void *buf,
			    size_t len, uint64_t off)
{
	return inner_of(src)->ops->pread(inner_of(src), f, buf, len, off);
}

static void subset_close(struct source *src, struct src_file *f)
{
	inner_of(src)->ops->close(inner_of(src), f);
}

static int subset_refresh(struct source *src, struct spdx_error *err)
{
	return source_refresh(inner_of(src), err);
}

static int subset_tracked(struct source *src, const char *path)
{
	return inner_of(src)->ops->tracked(inner_of(src), path);
}

static void subset_free(struct source *src)
{
	(void)src;	/* on the caller's stack; @inner is the caller's */
}

/* The ops of a subset of @inner, which walks in parallel when it does. */
static struct source_ops subset_ops_for(const struct source *inner)
{
	return (struct source_ops){
		.walk = subset_walk, .stat = subset_stat, .head = subset_head,
		.open = subset_open, .pread = subset_pread,
		.close = subset_close, .refresh = subset_refresh,
		.tracked = subset_tracked,
		.free = subset_free,
		.parallel_walk = inner->ops->parallel_walk,
	};
}

static void row_release(struct history_row *r)
{
	for (size_t i = 0; i < r->nlic; i++)
		free(r->lic[i].name);
	free(r->lic);
	r->lic = NULL;
	r->nlic = 0;
}

/* The licenses of rows 0 to @n - 1, the array left. */
static void history_rows_free_n(struct history_row *rows, size_t n)
{
	for (size_t i = 0; rows && i < n; i++)
		row_release(&rows[i]);
}

void history_rows_free(struct history_row *rows, size_t n)
{
	history_rows_free_n(rows, n);
	free(rows);
}

/* The row arithmetic: @sign times license @name's @files into @r. */
static int row_license_add(struct history_row *r, const char *name,
			   size_t files, int sign, size_t *cap)
{
	struct history_license *l;
	size_t i;

	for (i = 0; i < r->nlic; i++)
		if (!strcmp(r->lic[i].name, name))
			break;
	if (i == r->nlic) {
		if (sign < 0)
			return -EIO;
		l = grow(r->lic, r->nlic, cap, sizeof(*r->lic), 16);
		if (!l)
			return -ENOMEM;
		r->lic = l;
		r->lic[i] = (struct history_license){ strdup(name), 0 };
		if (!r->lic[i].name)
			return -ENOMEM;
		r->nlic++;
	}
	if (sign < 0 && r->lic[i].files < files)
		return -EIO;
	r->lic[i].files = sign < 0 ? r->lic[i].files - files :
			  r->lic[i].files + files;
	return 0;
}

static size_t count_add(size_t a, size_t b, int sign, int *bad)
{
	if (sign > 0)
		return a + b;
	if (a < b)
		*bad = 1;
	return a - b;
}

/* Summary @s added to (@sign 1) or taken from (-1) row @r. */
static int row_apply(struct history_row *r, const struct summary *s, int sign,
		     size_t *cap)
{
	int bad = 0, ret = 0;

	r->files = count_add(r->files, s->files, sign, &bad);
	for (size_t i = 0; i < ST__COUNT; i++)
		r->count[i] = count_add(r->count[i], s->count[i], sign, &bad);
	for (size_t i = 0; i < s->nlicenses && !ret; i++)
		if (s->licenses[i].files)
			ret = row_license_add(r, s->licenses[i].name,
					      s->licenses[i].files, sign, cap);
	return bad ? -EIO : ret;
}

static int cmp_license(const void *a, const void *b)
{
	return strcmp(((const struct history_license *)a)->name,
		      ((const struct history_license *)b)->name);
}

/* Licenses with no file left out, the rest sorted by name. */
static void row_settle(struct history_row *r)
{
	size_t k = 0;

	for (size_t i = 0; i < r->nlic; i++) {
		if (!r->lic[i].files) {
			free(r->lic[i].name);
			continue;
		}
		r->lic[k++] = r->lic[i];
	}
	r->nlic = k;
	if (k)
		qsort(r->lic, r->nlic, sizeof(*r->lic), cmp_license);
}

/* A copy of row @from (its licenses too) into @to. */
static int row_copy(struct history_row *to, const struct history_row *from,
		    size_t *cap)
{
	*to = (struct history_row){ .files = from->files };
	memcpy(to->count, from->count, sizeof(to->count));
	*cap = 0;
	for (size_t i = 0; i < from->nlic; i++) {
		int ret = row_license_add(to, from->lic[i].name,
					  from->lic[i].files, 1, cap);

		if (ret)
			return ret;
	}
	return 0;
}

/*
 * LICENSES/ and scripts/spdxexclude, parsed once for each distinct pair
 * of objects a commit has there (history_rows() of the synthetic history
 * toggles a few states back and forth), keyed by their tree entries:
 * what a commit has at LICENSES, and at scripts/spdxexclude, or at
 * scripts when that is no directory (a symlink there fails the build,
 * as it fails "scan --rev").  A few slots, the oldest loaded replaced:
 * a commit's globals are used before the next commit's are loaded.
 */
#define HISTORY_GLOBALS 8

struct globals_key {
	git_oid lic, ex;
	git_filemode_t lic_mode, ex_mode;	/* 0: no such entry */
};

struct globals_slot {
	struct globals_key key;
	struct index_globals g;
	int used;
};

struct rows_state {
	const char *repo;
	const struct history_opts *o;
	struct source *src;		/* the previous commit's, then the
					   commit's being counted */
	git_oid tree;			/* the previous commit's tree */
	struct pathset was, now;	/* the diff's paths in each tree */
	struct globals_slot slot[HISTORY_GLOBALS];
	size_t next_slot;		/* the one to load into next */
	const struct index_globals *g;	/* the previous commit's */
	struct spdx_index *blobs;	/* the blob cache as loaded, or NULL */
	struct blobcache_run *run;	/* the blobs read since */
	struct blobcache_pair pair;	/* the two, for index_opts.known */
	size_t nrows;			/* rows made, the last before the
					   next commit's */
	size_t commits;			/* read with st->src */
	int nthreads;			/* for a build of many paths */
	struct history_paths *kept;	/* what each file of the previous
					   commit added to its row */
	int keep;			/* kept holds every file of it (else
					   the old side is counted, a tree
					   too large to keep) */
	int reuse;			/* the last whole count was of a REUSE
					   tree, where a file's result depends
					   on others (index_reuse.h): every
					   commit is counted whole */
};

/* Does @ps name what could make a tree a REUSE tree (reuse.h)? */
static int names_reuse_global(const struct pathset *ps)
{
	for (size_t i = 0; i < ps->n; i++) {
		const char *p = ps->v[i], *name = strrchr(p, '/');

		name = name ? name + 1 : p;
		if (!strcmp(name, "REUSE.toml") || !strcmp(p, ".reuse/dep5") ||
		    !strcmp(p, "scripts/spdxcheck.py"))
			return 1;
	}
	return 0;
}

/*
 * The index of @src, counted into @r by @sign (and when @keep, what each
 * of its files adds kept in st->kept): the blobs that neither
 * the blob cache nor the run has met read, and then added to the run
 * (saved with the cache when the rows are done).  The build asks the
 * two for each file's blob (index_opts.known) rather than being handed
 * a previous index made from them, which would cost a walk of its own.
 * On one thread when @few: starting threads would cost more than
 * reading their blobs.
 */
static int row_count(struct rows_state *st, struct history_row *r,
		     struct source *src, int sign, int few, int keep,
		     size_t *cap, const struct index_globals *g,
		     struct spdx_error *err)
{
	struct index_opts io = {
		.nthreads = few ? 1 : st->nthreads,
		.globals = g,
		.known = blobcache_known,
		.known_arg = &st->pair,
	};
	const struct spdx_file *bad;
	struct spdx_index *idx;
	struct summary s;
	int ret;

	ret = index_build(&idx, src, &io, err);
	if (ret)
		return ret;
	bad = index_first_damaged(idx);
	if (bad) {
		ret = spdx_error_set(err, -EIO, "%s: %s: its object cannot be "
				     "read (corrupt?)", src->root, bad->path);
		index_free(idx);
		return ret;
	}
	if (keep && idx->nfiles > HISTORY_KEEP) {
		history_paths_clear(st->kept);
		st->keep = keep = 0;
	}
	r->scanned += idx->rescanned;
	if (r->whole)
		st->reuse = idx->layout == INDEX_LAYOUT_REUSE;
	if (blobcache_run_add(st->run, st->blobs, idx) ||
	    (keep && history_paths_add(st->kept, idx))) {
		index_free(idx);
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	ret = summary_compute(&s, idx);
	if (!ret) {
		ret = row_apply(r, &s, sign, cap);
		summary_release(&s);
	}
	index_free(idx);
	if (ret == -EIO)
		return spdx_error_set(err, ret, "%s: counts out of step",
				      src->root);
	if (ret)
		return spdx_error_set(err, ret, "out of memory");
	return 0;
}

/*
 * The paths of st->was taken from @r, each as the rows before counted
 * it (st->kept): what an index of them in the previous tree would add,
 * with no index built.  A path kept as no file (a symlink, a gitlink, a
 * name no checkout writes) adds nothing, as it would not be indexed.
 */
static int row_take(struct rows_state *st, struct history_row *r,
		    size_t *cap, struct spdx_error *err)
{
	struct history_share sh;
	int bad = 0, ret = 0;

	for (size_t i = 0; i < st->was.n && !ret; i++) {
		if (!history_paths_take(st->kept, st->was.v[i], &sh))
			continue;
		if (sh.status >= ST__COUNT) {
			bad = 1;
			break;
		}
		r->files = count_add(r->files, 1, -1, &bad);
		r->count[sh.status] = count_add(r->count[sh.status], 1, -1,
						&bad);
		for (size_t k = 0; k < sh.nnames && !ret; k++)
			ret = row_license_add(r, sh.names[k], 1, -1, cap);
	}
	if (bad || ret == -EIO)
		return spdx_error_set(err, -EIO, "%s: counts out of step",
				      st->repo);
	if (ret)
		return spdx_error_set(err, ret, "out of memory");
	return 0;
}

/* The tree of commit @c, read by history_list(). */
static int tree_get(git_tree **out, git_repository *repo,
		    const struct history_commit *c)
{
	git_oid oid;

	*out = NULL;
	if (git_oid_fromraw(&oid, c->tree) || git_tree_lookup(out, repo, &oid))
		return -EIO;
	return 0;
}

/*
 * The diff of two trees, by hand: libgit2's git_diff_tree_to_tree()
 * reads the repository's configuration again on every call (three
 * stat() calls and a config snapshot), which cost history_rows() more
 * than the diff itself.  Only what history needs: the paths of the
 * leaves (blobs, symlinks, gitlinks) that differ, found by descending
 * only into subtrees whose ids differ, as git does; a leaf that became
 * a tree or back is one path removed and others added, as in git's
 * diff without rename detection.
 */
struct tree_diff {
	struct pathset *was, *now;
	int global;
	git_repository *repo;
	git_odb *odb;
	char gone[PATH_MAX];	/* the path of a missing object, or of a
				   tree out of order (-EINVAL) */
	char path[PATH_MAX];
};

/* One name, one mode, one object: most entries of two trees of a
 * history, passed over without their path written or compared twice. */
static int entry_same(const git_tree_entry *a, const git_tree_entry *b)
{
	return !memcmp(git_tree_entry_id(a)->id, git_tree_entry_id(b)->id,
		       GIT_OID_RAWSZ) &&
	       git_tree_entry_filemode(a) == git_tree_entry_filemode(b) &&
	       !strcmp(git_tree_entry_name(a), git_tree_entry_name(b));
}

/* td->path extended by @te's name from @len: the new length, or -1
 * past PATH_MAX (a path no checkout could write, and no walk lists). */
static ssize_t path_push(struct tree_diff *td, size_t len,
			 const git_tree_entry *te)
{
	const char *name = git_tree_entry_name(te);
	size_t nlen = strlen(name), at = len + !!len;

	if (at + nlen + 1 > sizeof(td->path))
		return -1;
	if (len)
		td->path[len] = '/';
	memcpy(td->path + at, name, nlen + 1);
	return at + nlen;
}

/* Leaf path td->path into @set (the new tree's when @is_new, whose
 * object must be there: a gitlink's commit is another repository's). */
static int leaf_add(struct tree_diff *td, struct pathset *set, int is_new,
		    const git_tree_entry *te)
{
	if (path_is_global(td->path))
		td->global = 1;
	if (is_new && git_tree_entry_filemode(te) != GIT_FILEMODE_COMMIT &&
	    !git_odb_exists(td->odb, git_tree_entry_id(te))) {
		memcpy(td->gone, td->path, sizeof(td->gone));
		return -ENOENT;
	}
	return pathset_add(set, td->path);
}

static int tree_diff_trees(struct tree_diff *td, size_t len,
			   const git_oid *a, const git_oid *b);

/* Entry @te, at td->path of @len bytes, only in one tree: all of it. */
static int side_add(struct tree_diff *td, size_t len, int is_new,
		    const git_tree_entry *te)
{
	struct pathset *set = is_new ? td->now : td->was;

	if (git_tree_entry_filemode(te) != GIT_FILEMODE_TREE)
		return leaf_add(td, set, is_new, te);
	return is_new ? tree_diff_trees(td, len, NULL, git_tree_entry_id(te)) :
	       tree_diff_trees(td, len, git_tree_entry_id(te), NULL);
}

/* Entries @ea and @eb (NULL: none), of one name, at td->path. */
static int entry_diff(struct tree_diff *td, size_t len,
		      const git_tree_entry *ea, const git_tree_entry *eb)
{
	const git_tree_entry *te = ea ? ea : eb;
	ssize_t at = path_push(td, len, te);
	int ret = 0;

	if (at < 0)
		return 0;
	if (ea && eb) {
		if (!memcmp(git_tree_entry_id(ea)->id, git_tree_entry_id(eb)->id,
			    GIT_OID_RAWSZ) &&
		    git_tree_entry_filemode(ea) == git_tree_entry_filemode(eb))
			ret = 0;	/* the same */
		else if (git_tree_entry_filemode(ea) == GIT_FILEMODE_TREE)
			ret = tree_diff_trees(td, at, git_tree_entry_id(ea),
					      git_tree_entry_id(eb));
		else if (!(ret = leaf_add(td, td->was, 0, ea)))
			ret = leaf_add(td, td->now, 1, eb);
	} else {
		ret = side_add(td, at, !ea, te);
	}
	td->path[len] = '\0';
	return ret;
}

/* The diff of trees @a and @b (NULL: an empty one) at td->path. */
static int tree_diff_trees(struct tree_diff *td, size_t len,
			   const git_oid *a, const git_oid *b)
{
	git_tree *ta = NULL, *tb = NULL;
	size_t i = 0, j = 0, na, nb;
	int ret = 0;

	if ((a && git_tree_lookup(&ta, td->repo, a)) ||
	    (b && git_tree_lookup(&tb, td->repo, b))) {
		ret = -EIO;
		goto out;
	}
	if ((ta && gitrepo_tree_check(ta)) || (tb && gitrepo_tree_check(tb))) {
		ret = -EINVAL;	/* a walk by order would be wrong */
		memcpy(td->gone, td->path, sizeof(td->gone));
		goto out;
	}
	na = ta ? git_tree_entrycount(ta) : 0;
	nb = tb ? git_tree_entrycount(tb) : 0;
	while (!ret && (i < na || j < nb)) {
		const git_tree_entry *ea = i < na ?
			git_tree_entry_byindex(ta, i) : NULL;
		const git_tree_entry *eb = j < nb ?
			git_tree_entry_byindex(tb, j) : NULL;
		int c;

		if (ea && eb && entry_same(ea, eb)) {
			i++;
			j++;
			continue;
		}
		c = !ea ? 1 : !eb ? -1 : gitrepo_entry_cmp(ea, eb);

		ret = entry_diff(td, len, c <= 0 ? ea : NULL,
				 c >= 0 ? eb : NULL);
		i += c <= 0;
		j += c >= 0;
	}
out:
	git_tree_free(ta);
	git_tree_free(tb);
	return ret;
}

/*
 * The paths the diff of trees @a and @b names: those in @a into @was,
 * those in @b into @now; *@global set when one of them decides other
 * files' status.  Every object of @b that the diff names must be there
 * (source_git_retarget() does not look): -ENOENT with td->gone its path,
 * as source_open() fails for a shallow or partial clone.  -EIO for a
 * tree that cannot be read, -EINVAL with td->gone its path for one out
 * of git's order (gitrepo_tree_check()).
 */
static int diff_paths(struct tree_diff *td, struct pathset *was,
		      struct pathset *now, int *global, git_repository *repo,
		      git_odb *odb, const git_oid *a, const git_oid *b)
{
	int ret;

	pathset_clear(was);
	pathset_clear(now);
	td->was = was;
	td->now = now;
	td->global = 0;
	td->repo = repo;
	td->odb = odb;
	td->path[0] = '\0';
	ret = tree_diff_trees(td, 0, a, b);
	*global = td->global;
	pathset_sort(was);
	pathset_sort(now);
	return ret;
}

/* What @tree has at @name into @k's @id and @mode (0: nothing). */
static void entry_key(const git_tree *tree, const char *name, git_oid *id,
		      git_filemode_t *mode)
{
	const git_tree_entry *te = tree ? git_tree_entry_byname(tree, name) :
				   NULL;

	memset(id, 0, sizeof(*id));
	*mode = 0;
	if (!te)
		return;
	*id = *git_tree_entry_id(te);
	*mode = git_tree_entry_filemode(te);
}

static void globals_key_of(struct globals_key *k, git_repository *repo,
			   const git_tree *tree)
{
	git_tree *scripts = NULL;

	memset(k, 0, sizeof(*k));
	entry_key(tree, "LICENSES", &k->lic, &k->lic_mode);
	entry_key(tree, "scripts", &k->ex, &k->ex_mode);
	if (k->ex_mode != GIT_FILEMODE_TREE)
		return;		/* a symlink there fails the build */
	if (git_tree_lookup(&scripts, repo, &k->ex))
		scripts = NULL;	/* then the build fails reading it */
	entry_key(scripts, "spdxexclude", &k->ex, &k->ex_mode);
	git_tree_free(scripts);
}

static int globals_key_same(const struct globals_key *a,
			    const struct globals_key *b)
{
	return a->lic_mode == b->lic_mode && a->ex_mode == b->ex_mode &&
	       !memcmp(a->lic.id, b->lic.id, sizeof(a->lic.id)) &&
	       !memcmp(a->ex.id, b->ex.id, sizeof(a->ex.id));
}

/* The globals of st->src, whose key is @k, from the cache or loaded. */
static int globals_get(struct rows_state *st, const struct index_globals **g,
		       const struct globals_key *k, struct spdx_error *err)
{
	struct globals_slot *s;
	int ret;

	for (size_t i = 0; i < HISTORY_GLOBALS; i++) {
		s = &st->slot[i];
		if (s->used && globals_key_same(&s->key, k)) {
			*g = &s->g;
			return 0;
		}
	}
	s = &st->slot[st->next_slot];
	if (s->used)
		index_globals_release(&s->g);
	s->used = 0;
	ret = index_globals_load(&s->g, st->src, err);
	if (ret)
		return ret;
	s->key = *k;
	s->used = 1;
	st->next_slot = (st->next_slot + 1) % HISTORY_GLOBALS;
	*g = &s->g;
	return 0;
}

static void globals_release_all(struct rows_state *st)
{
	for (size_t i = 0; i < HISTORY_GLOBALS; i++)
		if (st->slot[i].used)
			index_globals_release(&st->slot[i].g);
}

/*
 * What commit @c changes from the one before (the first: none), read
 * with a handle of st->src, which reads those trees next: the diff's
 * paths into st->was and st->now, *@global set when it touches what
 * decides other files' status, or for the first; then the key of those
 * into @key.  The new tree's objects the diff names must be there.
 */
static int row_diff(struct rows_state *st, const struct history_commit *c,
		    int first, int *global, struct globals_key *key,
		    struct spdx_error *err)
{
	struct tree_diff *td = NULL;
	struct rev_handle *h;
	git_repository *repo;
	git_tree *tree = NULL;
	git_odb *odb;
	int ret;

	*global = 1;
	if (source_git_repo_get(st->src, &h, &repo, &odb))
		return spdx_error_set(err, -EIO, "%s: %s", st->repo, libgit2_msg(LIBGIT2_UNKNOWN));
	if (tree_get(&tree, repo, c)) {
		ret = spdx_error_set(err, -EIO, "%s: commit %s: %s", st->repo,
				     c->id, libgit2_msg(LIBGIT2_UNKNOWN));
		goto out;
	}
	ret = first ? 0 : (td = malloc(sizeof(*td))) ? 0 : -ENOMEM;
	if (!ret && !first)
		ret = diff_paths(td, &st->was, &st->now, global, repo, odb,
				 &st->tree, git_object_id((git_object *)tree));
	if (ret == -ENOENT)
		ret = spdx_error_set(err, -EIO, "%s@%s: %s is missing "
				     "(a shallow or partial clone?)",
				     st->repo, c->id, td->gone);
	else if (ret == -EINVAL)
		ret = spdx_error_set(err, -EIO, "%s@%s: tree %s: entries out "
				     "of git's order or a name twice (git "
				     "fsck: treeNotSorted, duplicateEntries)",
				     st->repo, c->id, td->gone[0] ? td->gone :
				     "/");
	else if (ret == -ENOMEM)
		ret = spdx_error_set(err, ret, "out of memory");
	else if (ret)
		ret = spdx_error_set(err, -EIO, "%s: diff to %s: %s",
				     st->repo, c->id, libgit2_msg(LIBGIT2_UNKNOWN));
	if (!ret && (st->reuse || names_reuse_global(&st->was) ||
		     names_reuse_global(&st->now)))
		*global = 1;
	if (!ret && *global)
		globals_key_of(key, repo, tree);
	if (!ret)
		st->tree = *git_object_id((git_object *)tree);
out:
	free(td);
	git_tree_free(tree);
	source_git_repo_put(st->src, h);
	return ret;
}

/*
 * Row @r of commit @c, from @prev (NULL: the first).  One source serves
 * every commit: pointed at the one before to count what the diff names
 * in it, then at @c, its handle's cache holding both trees, each read
 * once.  The globals are the row before's unless the diff touches them.
 */
static int row_next(struct rows_state *st, struct history_row *r,
		    const struct history_row *prev,
		    const struct history_commit *c, struct spdx_error *err)
{
	struct source_spec spec = {
		.type = SOURCE_GIT, .path = st->repo, .rev = c->id,
	};
	const struct index_globals *g = st->g;
	struct source_ops ops;
	struct globals_key key;
	size_t cap = 0;
	int ret, global;

	if (!st->src && (ret = source_open(&st->src, &spec, err)))
		return ret;
	/* libgit2 caches every tree a handle reads (up to lib_options()'s
	 * limit) and a history reads new ones on every commit: a handle of
	 * many commits held megabytes, each page of them a fault, where a
	 * new handle reuses the memory the old one frees. */
	if (prev && !(++st->commits % HISTORY_RENEW) &&
	    source_git_renew(st->src))
		return spdx_error_set(err, -EIO, "%s: %s", st->repo, libgit2_msg(LIBGIT2_UNKNOWN));
	ret = row_diff(st, c, !prev, &global, &key, err);
	if (ret)
		return ret;
	ops = subset_ops_for(st->src);
	if (!global) {
		struct subset_source was = {
			{ &ops, st->src->root, { 0 } }, st->src, &st->was };

		ret = row_copy(r, prev, &cap);
		if (ret)
			spdx_error_set(err, ret, "out of memory");
		if (!ret && st->was.n && st->keep)
			ret = row_take(st, r, &cap, err);
		else if (!ret && st->was.n)
			ret = row_count(st, r, &was.base, -1,
					st->was.n < HISTORY_FEW, 0, &cap, g,
					err);
	}
	if (!ret && prev)
		ret = source_git_retarget_tree(st->src, c->id, c->tree,
					       c->time, err);
	if (!ret && global) {
		/* A small tree again (the row before says how small), as
		 * for a diff of a few paths. */
		int few = prev && prev->files < HISTORY_FEW;

		*r = (struct history_row){ .whole = 1 };
		history_paths_clear(st->kept);
		st->keep = 1;
		ret = globals_get(st, &g, &key, err);
		if (!ret)
			ret = row_count(st, r, st->src, 1, few, 1, &cap, g,
					err);
	} else if (!ret && st->now.n) {
		struct subset_source now = {
			{ &ops, st->src->root, { 0 } }, st->src, &st->now };

		ret = row_count(st, r, &now.base, 1, st->now.n < HISTORY_FEW,
				st->keep, &cap, g, err);
	}
	if (ret) {
		row_release(r);
		return ret;
	}
	row_settle(r);
	st->g = g;
	return 0;
}

/*
 * Rows @lo to @hi of @c into @rows, continuing from where @st stopped
 * (its rows end at @lo - 1), or from nothing on a fresh @st.  A row
 * that fails frees itself: *@done says how many were made.
 */
static int rows_range(struct rows_state *st, struct history_row *rows,
		      const struct history_commit *c, size_t lo, size_t hi,
		      size_t *done, struct spdx_error *err)
{
	int ret = 0;

	*done = 0;
	for (size_t k = lo; k < hi && !ret; k++) {
		ret = row_next(st, &rows[k], st->nrows ? &rows[k - 1] : NULL,
			       &c[k], err);
		if (!ret) {
			st->nrows++;
			(*done)++;
		}
	}
	return ret;
}

static void rows_state_release(struct rows_state *st)
{
	blobcache_run_free(st->run);
	pathset_clear(&st->was);
	free(st->was.v);
	pathset_clear(&st->now);
	free(st->now.v);
	source_free(st->src);
	globals_release_all(st);
	history_paths_free(st->kept);
}

/*
 * A state for rows of @repo, reading through the blob cache @blobs (as
 * loaded, or NULL) and gathering what it reads into a run of its own;
 * its builds on @nthreads threads (0: one per CPU) unless few.
 */
static int rows_state_init(struct rows_state *st, const char *repo,
			   const struct history_opts *o,
			   struct spdx_index *blobs, int nthreads)
{
	*st = (struct rows_state){ .repo = repo, .o = o, .blobs = blobs,
				   .nthreads = nthreads };
	if (blobcache_run_new(&st->run))
		return -ENOMEM;
	if (history_paths_new(&st->kept)) {
		blobcache_run_free(st->run);
		return -ENOMEM;
	}
	st->pair.blobs = blobs;
	st->pair.run = st->run;
	return 0;
}

/*
 * The second half of a long range, on a thread of its own: its first
 * commit counted whole, as history's first is, with a repository handle
 * and a blob-cache run of its own (libgit2 objects are not shared; the
 * loaded cache is, read only).  What it costs beyond the rows it makes
 * is one count of a whole tree, on the other CPU.
 */
struct rows_half {
	struct rows_state st;
	struct history_row *rows;
	const struct history_commit *c;
	size_t lo, hi, done;
	int ret;
	struct spdx_error err;
};

static void *rows_half_run(void *arg)
{
	struct rows_half *h = arg;

	h->ret = rows_range(&h->st, h->rows, h->c, h->lo, h->hi, &h->done,
			    &h->err);
	return NULL;
}

/*
 * Is a range of @n commits, the first of @files files, worth two
 * threads?  The second half's first commit is counted whole: on a tree
 * of a kernel's size that is a full scan, which could cost more than
 * half the rows, and would hold two indexes of it at once.
 */
static int rows_split(const struct history_opts *o, size_t n, size_t files)
{
	long cpus = o && o->nthreads > 0 ? o->nthreads :
		    sysconf(_SC_NPROCESSORS_ONLN);

	return n >= HISTORY_SPLIT && files <= HISTORY_SPLIT_FILES && cpus >= 2;
}

/* The second half of @n commits on a thread of its own, when worth it:
 * *@h (NULL when not started). */
static void rows_half_start(struct rows_half **out, pthread_t *tid,
			    struct rows_state *st, struct history_row *rows,
			    const struct history_commit *c, size_t n)
{
	struct rows_half *h;

	*out = NULL;
	if (!rows_split(st->o, n, rows[0].files))
		return;
	h = calloc(1, sizeof(*h));
	if (!h)
		return;		/* then on this thread */
	if (rows_state_init(&h->st, st->repo, st->o, st->blobs, 1)) {
		free(h);
		return;
	}
	h->rows = rows;
	h->c = c;
	h->lo = n / 2;
	h->hi = n;
	if (thread_start(tid, rows_half_run, h)) {
		rows_state_release(&h->st);
		free(h);
		return;
	}
	*out = h;
}

/*
 * The second half's rows when they all were made, its run joined to
 * @st's (to be saved): 0.  Else its rows freed: -1, for @st to go on
 * over its commits, so that a failure is the one the commits make in
 * order, named as it is on one thread.
 */
static int rows_half_join(struct rows_half *h, pthread_t tid,
			  struct rows_state *st, int ret)
{
	pthread_join(tid, NULL);
	if (!ret && !h->ret &&
	    blobcache_run_absorb(st->run, st->blobs, h->st.run))
		h->ret = -ENOMEM;
	if (ret || h->ret)
		history_rows_free_n(h->rows + h->lo, h->done);
	rows_state_release(&h->st);
	return ret || h->ret ? -1 : 0;
}

/*
 * The rows of @c: the first, then the rest, in two halves at once when
 * rows_split() says so.  Returns 0, or -errno with @err filled and the
 * rows freed.
 */
static int rows_all(struct rows_state *st, struct history_row *rows,
		    const struct history_commit *c, size_t n,
		    struct spdx_error *err)
{
	struct rows_half *h = NULL;
	size_t mid = n, done = 0, more = 0;
	pthread_t tid;
	int ret;

	ret = rows_range(st, rows, c, 0, n ? 1 : 0, &done, err);
	if (!ret)
		rows_half_start(&h, &tid, st, rows, c, n);
	if (h) {
		mid = h->lo;
		st->nthreads = 1;	/* the other CPU has the other half */
	}
	if (!ret)
		ret = rows_range(st, rows, c, done, mid, &more, err);
	done += more;
	if (h && !rows_half_join(h, tid, st, ret))
		done = n;
	free(h);
	if (!ret && done < n) {
		ret = rows_range(st, rows, c, done, n, &more, err);
		done += more;
	}
	if (ret)
		history_rows_free_n(rows, done);
	return ret;
}

int history_rows(struct history_row **out, const char *repo,
		 const struct history_commit *c, size_t n,
		 const struct history_opts *o, struct spdx_error *err)
{
	struct spdx_index *blobs = NULL;
	struct spdx_error ignored;
	struct history_row *rows;
	struct rows_state st;
	int ret;

	*out = NULL;
	rows = calloc(n + 1, sizeof(*rows));
	if (!rows)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	/* The blob cache, loaded once for all the rows: a missing or
	 * corrupt one as empty (the save at the end rebuilds it). */
	if (!(o && o->no_cache) &&
	    store_load(&blobs, BLOBCACHE_ROOT, &ignored))
		blobs = NULL;
	if (rows_state_init(&st, repo, o, blobs, o ? o->nthreads : 0)) {
		index_free(blobs);
		free(rows);
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	ret = rows_all(&st, rows, c, n, err);
	/* What the rows read, saved when they all were counted.  A cache
	 * that cannot be saved costs a later run the reading, never its
	 * rows: the failure is not reported, as "scan --rev" goes on past
	 * one. */
	if (!ret && !(o && o->no_cache))
		blobcache_run_save(blobs, st.run, &ignored);
	rows_state_release(&st);
	index_free(blobs);
	if (ret) {
		free(rows);
		return ret;
	}
	*out = rows;
	return 0;
}
