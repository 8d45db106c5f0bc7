// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli: scan, list, check and built: options in, one report out (report.h).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "built.h"
#include "cli_built_modules.h"
#include "check.h"
#include "chart.h"
#include "cli.h"
#include "cli_export.h"
#include "cli_modules.h"
#include "cli_reuse.h"
#include "error.h"
#include "expr.h"
#include "filter.h"
#include "grow.h"
#include "index.h"
#include "maintainers.h"
#include "modscan.h"
#include "quote.h"
#include "refresh.h"
#include "report.h"
#include "reuse.h"
#include "root.h"
#include "show.h"
#include "source.h"

void cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("spdxfs: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void cli_built_warnings(const char *build, const struct built *b)
{
	if (!b->noutside)
		return;
	fputs("spdxfs: warning: ", stderr);
	quote_path(stderr, build, strlen(build));
	fprintf(stderr, ": %zu path%s outside the tree and the build directory"
		" left out, never read: ", b->noutside, b->noutside == 1 ? "" : "s");
	quote_path(stderr, b->outside, strlen(b->outside));
	fputc('\n', stderr);
}

void cli_maint_warnings(const char *root, const struct maint *m)
{
	const struct maint_refusal *r;
	char file[PATH_MAX];
	size_t n;

	r = maint_refused(m, &n);
	snprintf(file, sizeof(file), "%s/%s", root, MAINT_FILE);
	for (size_t i = 0; i < n; i++) {
		fputs("spdxfs: warning: ", stderr);
		quote_path(stderr, file, strlen(file));
		if (i == CLI_MAINT_WARNINGS) {
			fprintf(stderr, ": %zu more patterns left out\n", n - i);
			break;
		}
		fprintf(stderr, ":%u: %c: pattern left out: %s\n", r[i].line,
			r[i].type, r[i].why);
	}
}

static double now(void)
{
	return monotonic_ns() / 1e9;
}

struct progress {
	double start;
	int shown;
};

/* On a terminal, once the scan has taken a second. */
static void show_progress(size_t done, size_t total, void *arg)
{
	struct progress *p = arg;

	if (!p->shown && now() - p->start < 1.0)
		return;
	p->shown = 1;
	if (total && done == total)
		fputs("\r\033[K", stderr);
	else
		fprintf(stderr, "\rspdxfs: scanning, %zu files so far", done);
}

/*
 * In a revision, a blob that cannot be read (EIO: a corrupt object; a
 * missing one is refused when the source opens) means a damaged
 * repository, not a file's state: one line and 2, as for bad input.
 */
static int damaged_object(const struct source *src, const struct spdx_index *idx)
{
	const struct spdx_file *f = index_first_damaged(idx);

	if (!f)
		return 0;
	cli_error("%s: %s: its object cannot be read (corrupt?)", src->root,
		  f->path);
	return 2;
}

/* With SPDXFS_TIMINGS set (not empty), where the refresh's time went, on
 * one line of standard error. */
static void show_timings(const struct index_refresh_result *res)
{
	const char *env = getenv("SPDXFS_TIMINGS");
	const struct index_timings *b = &res->build;

	if (!env || !*env)
		return;
	fprintf(stderr, "spdxfs: timings: load %.2f ms, prepare %.2f ms, "
		"walk %.2f ms, merge %.2f ms, resolve %.2f ms, save %.2f ms\n",
		res->load_ns / 1e6, b->prepare / 1e6, b->walk / 1e6,
		b->merge / 1e6, b->resolve / 1e6, res->save_ns / 1e6);
}

/* SPDXFS_NO_COPYRIGHT set (not empty): look for no copyright statement,
 * and neither read nor save the saved index (make bench's baseline). */
static int no_copyright(void)
{
	const char *env = getenv("SPDXFS_NO_COPYRIGHT");

	return env && *env;
}

/*
 * The one place where the commands open a source and refresh an index:
 * @tree into *@srcp, then its index, refreshed from @prev (NULL: from
 * the saved index), into *@idxp.  A refresh from @prev is never saved:
 * it is an index of more files than the saved one (the files git
 * ignores).  Prints index_refresh()'s
 * warnings unless quiet.  Returns 0, or 2 after a one-line error.
 */
static int open_and_refresh(const char *tree, const struct cli_index_opts *o,
			    const struct spdx_index *prev, struct source **srcp,
			    struct spdx_index **idxp)
{
	struct progress prog = { .start = now() };
	struct index_refresh_opts ro = {
		.prev = prev,
		.no_cache = o->no_cache || prev || o->staged,
		.nthreads = o->nthreads,
		.no_dir_stat = !o->dir_stat,
		.no_copyright = no_copyright(),
		.kernel_layout = o->kernel_layout,
		.keep_reuse = o->keep_reuse,
	};
	struct source_spec spec = {
		.type = o->rev ? SOURCE_GIT :
			o->staged ? SOURCE_GIT_STAGED : SOURCE_DIR,
		.path = tree,
		.rev = o->rev,
		.flags = o->all_files ? SOURCE_ALL_FILES : 0,
	};
	struct index_refresh_result res;
	struct spdx_error err;
	struct source *src;
	int ret;

	if (source_open(&src, &spec, &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	if (!o->quiet && isatty(STDERR_FILENO)) {
		ro.progress = show_progress;
		ro.progress_arg = &prog;
	}
	ret = index_refresh(idxp, src, &ro, &res, &err);
	if (res.load == REFRESH_LOAD_IGNORED && !o->quiet)
		cli_error("saved index of %s ignored (%s); rebuilding",
			  src->root, res.load_error.msg);
	if (ret) {
		cli_error("%s", err.msg);
		source_free(src);
		return 2;
	}
	if (res.source_warning.code && !o->quiet)
		cli_error("warning: %s", res.source_warning.msg);
	if (res.save == REFRESH_SAVE_FAILED && !o->quiet)
		cli_error("cannot save the index of %s: %s", src->root,
			  res.save_error.msg);
	show_timings(&res);
	if (o->rev && (ret = damaged_object(src, *idxp))) {
		index_free(*idxp);
		*idxp = NULL;
		source_free(src);
		return ret;
	}
	*srcp = src;
	return 0;
}

/* What the tree holds at @path, as the source sees it (no symlink
 * followed): 0 with *@kind set, or -errno. */
static int tree_stat(struct source *src, const char *path, enum src_kind *kind)
{
	struct src_entry ent;
	int ret = src->ops->stat(src, path, &ent);

	if (!ret)
		*kind = ent.kind;
	return ret;
}

int cli_open_index(const char *tree, const struct cli_index_opts *o,
		   struct source **srcp, struct spdx_index **idxp)
{
	return open_and_refresh(tree, o, NULL, srcp, idxp);
}

/* "spdxfs: ARG: " + message, @arg quoted as a path. */
static void arg_error(const char *arg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void arg_error(const char *arg, const char *fmt, ...)
{
	va_list ap;

	fputs("spdxfs: ", stderr);
	quote_path(stderr, arg, strlen(arg));
	fputs(": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int cli_tree_find(struct cli_tree *t, const char *dir)
{
	int ret;

	memset(t, 0, sizeof(*t));
	ret = tree_root_find(&t->where, dir);
	if (ret == -EMEDIUMTYPE) {
		cli_error("%s: a git repository without a work tree (bare, or a "
			  ".git directory): nothing to index", dir);
		return 2;
	}
	if (ret) {
		cli_error("%s: %s", dir, strerror(-ret));
		return 2;
	}
	return 0;
}

/* Room in the line about a tree without LICENSES/ for this many ids. */
#define UNKNOWN_SHOWN 8

struct unknown_ids {
	const char *ids[UNKNOWN_SHOWN];
	size_t n, more;
	const char **all;	/* every distinct one seen, to count once */
	size_t nall, cap;
};

static int add_unknown(const char *id, size_t len, int plus, int is_exception,
		       void *arg)
{
	struct unknown_ids *u = arg;
	const char **v;

	for (size_t i = 0; i < u->nall; i++)
		if (!strcasecmp(u->all[i], id))
			return 0;
	v = grow(u->all, u->nall, &u->cap, sizeof(*v), 16);
	if (!v)
		return -ENOMEM;
	u->all = v;
	v[u->nall++] = id;
	if (u->n < UNKNOWN_SHOWN)
		u->ids[u->n++] = id;
	else
		u->more++;
	return 0;
}

/*
 * A tree without LICENSES/ is still indexed and checked, for syntax:
 * say so once, with the identifiers that could not be validated, so
 * that check need not say it per file.
 */
static void note_no_licenses(const struct cli_tree *t)
{
	const struct spdx_index *idx = t->idx;
	struct unknown_ids u = { 0 };

	for (size_t k = 0; k < idx->nexprs; k++)
		if (idx->exprs[k].ast &&
		    expr_foreach_id(idx->exprs[k].ast, add_unknown, &u))
			break;
	fprintf(stderr, "spdxfs: %s: no LICENSES/ directory %s: identifiers are "
		"not validated", t->where.root, t->where.kind == ROOT_GIT ?
		"at the top of this git work tree" : "here or above");
	for (size_t i = 0; i < u.n; i++)
		fprintf(stderr, "%s%s", i ? ", " : " (unknown: ", u.ids[i]);
	if (u.more)
		fprintf(stderr, " and %zu more", u.more);
	fputs(u.n ? ")\n" : "\n", stderr);
	free(u.all);
}

int cli_tree_find_rev(struct cli_tree *t, const char *repo)
{
	memset(t, 0, sizeof(*t));
	t->where.root = strdup(repo);
	t->where.dir = strdup("");
	if (!t->where.root || !t->where.dir) {
		tree_root_release(&t->where);
		cli_error("out of memory");
		return 2;
	}
	t->where.under = t->where.dir;
	t->where.kind = ROOT_GIT;
	return 0;
}

int cli_tree_index(struct cli_tree *t, const struct cli_index_opts *o)
{
	char *name;
	int ret;

	t->opts = *o;
	ret = open_and_refresh(t->where.root, o, NULL, &t->src, &t->idx);
	if (ret)
		return ret;
	if (o->rev && (name = strdup(t->src->root))) {
		free(t->where.root);
		t->where.root = name;	/* REPO@REV, for messages */
	}
	if (!t->idx->lic)
		note_no_licenses(t);
	return 0;
}

int cli_tree_open(struct cli_tree *t, const char *dir,
		  const struct cli_index_opts *o)
{
	int ret = o->rev ? cli_tree_find_rev(t, dir) : cli_tree_find(t, dir);

	if (!ret && (ret = cli_tree_index(t, o)))
		cli_tree_close(t);
	return ret;
}

void cli_tree_close(struct cli_tree *t)
{
	index_free(t->idx);
	index_free(t->git);
	source_free(t->src);
	tree_root_release(&t->where);
	free(t->base);
	memset(t, 0, sizeof(*t));
}

int cli_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Is there something at @arg, from directory @dir (NULL: the current
 * one) unless absolute?  0 or -errno. */
static int exists_from(const char *dir, const char *arg)
{
	char path[PATH_MAX];
	struct stat st;

	if (dir && arg[0] != '/') {
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, arg) >=
		    sizeof(path))
			return -ENAMETOOLONG;
		arg = path;
	}
	return lstat(arg, &st) ? -errno : 0;
}

/* Are all @n of @args there, from directory @dir? */
static int all_exist(const char *dir, char *const *args, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (exists_from(dir, args[k]))
			return 0;
	return 1;
}

/* The directory of file @path into @dir (PATH_MAX bytes): "." for a
 * name alone. */
static void dir_of(char *dir, const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		strcpy(dir, ".");
	else if (slash == path)
		strcpy(dir, "/");
	else
		snprintf(dir, PATH_MAX, "%.*s", (int)(slash - path), path);
}

/* PATH... from the current directory: into t->base and t->paths; the
 * directory to find the tree from into @start (PATH_MAX bytes).  0, or 2
 * after a one-line error. */
static int paths_from_cwd(struct cli_tree *t, char *const *args, size_t nargs,
			  char *start)
{
	char cwd[PATH_MAX];

	if (!getcwd(cwd, sizeof(cwd))) {
		cli_error("the current directory: %s", strerror(errno));
		return 2;
	}
	if (!(t->base = strdup(cwd))) {
		cli_error("out of memory");
		return 2;
	}
	t->paths = args;
	t->npaths = nargs;
	if (cli_is_dir(args[0]))
		snprintf(start, PATH_MAX, "%s", args[0]);
	else
		dir_of(start, args[0]);
	return 0;
}

/* Is each of t->paths in the tree, and there (unless @seen: each was
 * lstat()ed already)?  0, or 2 after a one-line error: before anything
 * is walked. */
static int paths_there(struct cli_tree *t, int seen)
{
	char *rel;
	int ret;

	for (size_t k = 0; k < t->npaths; k++) {
		const char *arg = t->paths[k];

		ret = tree_root_path(&t->where, t->base, arg, &rel);
		if (!ret) {
			if (!seen)
				ret = exists_from(t->where.root, *rel ? rel : ".");
			free(rel);
		}
		if (ret == -EXDEV)
			arg_error(arg, "outside the tree %s", t->where.root);
		else if (ret == -ENOENT || ret == -ENOTDIR)
			arg_error(arg, "no such file in %s", t->where.root);
		else if (ret)
			arg_error(arg, "%s", strerror(-ret));
		if (ret)
			return 2;
	}
	return 0;
}

/* Are the operands TREE [PATH]...?  Else PATH... from the current
 * directory (see cli_tree_open_args()): 0.  2 for TREE PATH... whose
 * PATHs were all seen there (a long list is not lstat()ed twice), 1 for
 * the other TREE forms. */
static int tree_form(char *const *args, size_t nargs,
		     const struct cli_index_opts *o, unsigned flags)
{
	if (!nargs || o->rev || o->staged)
		return 1;
	if ((flags & CLI_PATHS_ONLY) || !cli_is_dir(args[0]))
		return 0;
	if (nargs == 1)
		return 1;
	if (all_exist(args[0], args + 1, nargs - 1))
		return 2;
	return !all_exist(NULL, args, nargs);
}

int cli_tree_open_args(struct cli_tree *t, char *const *args, size_t nargs,
		       const struct cli_index_opts *o, unsigned flags)
{
	int ret, form = tree_form(args, nargs, o, flags);
	char start[PATH_MAX], *base = NULL;

	if (nargs && !o->rev && (ret = exists_from(NULL, args[0]))) {
		arg_error(args[0], "%s", strerror(-ret));
		return 2;
	}
	memset(t, 0, sizeof(*t));
	if (form)
		snprintf(start, sizeof(start), "%s", nargs ? args[0] : ".");
	else if ((ret = paths_from_cwd(t, args, nargs, start)))
		return ret;
	base = t->base;
	ret = o->rev ? cli_tree_find_rev(t, start) : cli_tree_find(t, start);
	if (ret) {
		free(base);
		return ret;
	}
	t->base = base;
	t->paths = form ? args + !!nargs : args;
	t->npaths = form ? (nargs ? nargs - 1 : 0) : nargs;
	if (!form && t->where.kind == ROOT_NONE && !cli_is_dir(args[0])) {
		arg_error(args[0], "in no tree: no LICENSES/ or .git at or above "
			  "it (name the tree first: TREE PATH...)");
		ret = 2;
	} else if (!o->rev) {
		ret = paths_there(t, form == 2);
	}
	if (!ret)
		ret = cli_tree_index(t, o);
	if (ret)
		cli_tree_close(t);
	return ret;
}

/*
 * Command-line path @arg as a path of a revision's tree, into *@out: it
 * is relative to the tree's root, "." and ".." resolved by name.
 * Returns 0, -EXDEV for an absolute path or one above the root, -ENOMEM.
 */
static int rev_path(const char *arg, char **out)
{
	size_t len = 0;
	char *p;

	if (arg[0] == '/')
		return -EXDEV;
	*out = malloc(strlen(arg) + 1);
	if (!*out)
		return -ENOMEM;
	for (const char *c = arg; *c; ) {
		size_t n = strcspn(c, "/");

		if (n == 2 && !memcmp(c, "..", 2)) {
			if (!len) {
				free(*out);
				*out = NULL;
				return -EXDEV;
			}
			p = memrchr(*out, '/', len);
			len = p ? (size_t)(p - *out) : 0;
		} else if (n && !(n == 1 && c[0] == '.')) {
			if (len)
				(*out)[len++] = '/';
			memcpy(*out + len, c, n);
			len += n;
		}
		c += n + (c[n] == '/');
	}
	(*out)[len] = '\0';
	return 0;
}

/*
 * Command-line path @arg (from @base, NULL: the directory the tree was
 * opened from) as a path of the tree, into *@out.  The index need not
 * have it: a path git ignores is left to the caller.  *@out is NULL for
 * a symlink or special file, reported in one line.  Returns 0 with
 * *@ignored set when git ignores it, or 2 after a one-line error.
 */
static int arg_path(struct cli_tree *t, const char *base, const char *arg,
		    char **out, int *ignored)
{
	enum src_kind kind;
	int ret;

	*out = NULL;
	ret = t->opts.rev ? rev_path(arg, out) :
	      tree_root_path(&t->where, base, arg, out);
	if (ret) {
		if (ret == -EXDEV)
			arg_error(arg, "outside the tree %s", t->where.root);
		else if (ret == -ENOENT)
			arg_error(arg, "no such file in %s", t->where.root);
		else
			arg_error(arg, "%s", strerror(-ret));
		return 2;
	}
	*ignored = 0;
	if (index_find(t->idx, *out) || index_find_dir(t->idx, *out))
		return 0;
	ret = tree_stat(t->src, *out, &kind);
	if (!ret && (kind == SRC_REG || kind == SRC_DIR)) {
		*ignored = 1;
		return 0;
	}
	if (ret == -ENOENT || ret == -ENOTDIR)
		arg_error(arg, "no such file in %s", t->where.root);
	else if (ret)
		arg_error(arg, "%s", strerror(-ret));
	else
		arg_error(arg, kind == SRC_SYMLINK ? "a symlink, not followed" :
			  "not a regular file, left out");
	free(*out);
	*out = NULL;
	return ret ? 2 : 0;
}

/* Index the files git ignores too, now that a path names one: t->idx
 * becomes that index, t->git the one git sees. */
static int add_ignored(struct cli_tree *t)
{
	struct cli_index_opts o = t->opts;
	struct source *src;
	struct spdx_index *all;
	int ret;

	if (t->git || o.all_files)
		return 0;
	o.all_files = 1;
	/* Which files a source lists is the source's: another one, with the
	 * ignored files, whose index starts from the one git sees. */
	ret = open_and_refresh(t->where.root, &o, t->idx, &src, &all);
	if (ret)
		return ret;
	source_free(t->src);
	t->src = src;
	t->git = t->idx;
	t->idx = all;
	return 0;
}

static void free_paths(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

/* A path named, and where it was among those named. */
struct given {
	const char *path;
	size_t rank;
};

static int given_cmp(const void *a, const void *b)
{
	const struct given *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c ? c : x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* The first rank among the @n sorted @g of the path @len bytes of @p
 * hold, or SIZE_MAX. */
static size_t given_rank(const struct given *g, size_t n, const char *p,
			 size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(p, g[mid].path, len);

		if (!c)
			c = g[mid].path[len] ? -1 : 0;
		if (c <= 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo < n && !strncmp(p, g[lo].path, len) && !g[lo].path[len] ?
	       g[lo].rank : SIZE_MAX;
}

/* Which of the @n sorted @g first selects file @path: it, or a directory
 * above it ("" the root). */
static size_t file_rank(const struct given *g, size_t n, const char *path)
{
	size_t best = given_rank(g, n, path, 0), r;

	for (size_t i = 0; ; i++) {
		if (path[i] == '/' || !path[i]) {
			r = given_rank(g, n, path, i);
			best = r < best ? r : best;
		}
		if (!path[i])
			return best;
	}
}

struct ranked {
	size_t rank, pos;
	const struct spdx_file *f;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Put @files, in path order, in the order of the @n @paths that
 * selected them: 0 or -ENOMEM. */
static int order_as_given(char **paths, size_t n, const struct spdx_file **files,
			  size_t nfiles)
{
	struct given *g = alloc_array(n, sizeof(*g));
	struct ranked *r = alloc_array(nfiles ? nfiles : 1, sizeof(*r));

	if (!g || !r) {
		free(g);
		free(r);
		return -ENOMEM;
	}
	for (size_t k = 0; k < n; k++)
		g[k] = (struct given){ paths[k], k };
	qsort(g, n, sizeof(*g), given_cmp);
	for (size_t i = 0; i < nfiles; i++)
		r[i] = (struct ranked){ file_rank(g, n, files[i]->path), i, files[i] };
	qsort(r, nfiles, sizeof(*r), ranked_cmp);
	for (size_t i = 0; i < nfiles; i++)
		files[i] = r[i].f;
	free(g);
	free(r);
	return 0;
}

int cli_tree_select(struct cli_tree *t, const char *base, char *const *args,
		    size_t nargs, struct file_filter *flt,
		    const struct spdx_file ***files, size_t *nfiles)
{
	char **paths = alloc_array(nargs ? nargs : 1, sizeof(*paths));
	size_t n = 0, ignored = 0;
	struct spdx_error err;
	int ret = 0, ign;

	*files = NULL;
	*nfiles = 0;
	if (!paths) {
		cli_error("out of memory");
		return 2;
	}
	for (size_t k = 0; k < nargs; k++) {
		if ((ret = arg_path(t, base, args[k], &paths[n], &ign)))
			goto out;
		if (paths[n]) {
			ignored += ign;
			n++;
		}
	}
	if (!nargs) {
		/* The directory the tree was opened from. */
		if (!(paths[n] = strdup(t->where.under))) {
			ret = 2;
			cli_error("out of memory");
			goto out;
		}
		ignored += !index_find_dir(t->idx, paths[n++]);
	}
	if (nargs && !n)
		goto out;	/* only symlinks: nothing selected */
	if (ignored && (ret = add_ignored(t)))
		goto out;
	if (check_select(t->idx, t->git, (const char *const *)paths, n, files,
			 nfiles, &err)) {
		cli_error("%s", err.msg);
		ret = 2;
		goto out;
	}
	if (n > 1 && order_as_given(paths, n, *files, *nfiles)) {
		cli_error("out of memory");
		ret = 2;
		goto out;
	}
	if (flt && file_filter_prepare(flt, t->idx, &err)) {
		cli_error("%s", err.msg);
		ret = 2;
		goto out;
	}
	if (flt)
		*nfiles = file_filter_apply(flt, *files, *nfiles);
out:
	if (ret) {
		free(*files);
		*files = NULL;
		*nfiles = 0;
	}
	free_paths(paths, n);
	return ret;
}

const char cli_index_help[] =
	"  -a, --all        in a git work tree, also files git ignores and does\n"
	"                   not track (left out by default, as spdxcheck does)\n"
	"  -j, --jobs N     scan with N threads (default: one per CPU)\n"
	"      --no-cache   neither read nor write the saved index\n"
	"  -q, --quiet      no progress, no warnings about the saved index\n";

const char cli_rev_help[] =
	"      --rev REV    index revision REV (a tag, a branch, an id, HEAD~3)\n"
	"                   of the git repository TREE, bare or not, from its\n"
	"                   objects with no checkout: the tree is the revision's\n"
	"                   whole tree, named TREE@REV\n";

static const char common_help[] =
	"      --json       print JSON instead of text\n"
	"  -h, --help       this help\n";

int cli_index_opt(int c, struct cli_index_opts *o)
{
	char *end;

	switch (c) {
	case 'C':
		o->no_cache = 1;
		return 1;
	case 'a':
		o->all_files = 1;
		return 1;
	case 'j':
		o->nthreads = strtol(optarg, &end, 10);
		if (*end || o->nthreads < 1 || o->nthreads > INDEX_MAX_THREADS) {
			cli_error("--jobs: expected 1..%d, got '%s'",
				  INDEX_MAX_THREADS, optarg);
			return -1;
		}
		return 1;
	case 'q':
		o->quiet = 1;
		return 1;
	case 'R':
		o->rev = optarg;
		return 1;
	}
	return 0;
}

/* What every command that prints paths says about -z and about them. */
static const char nul_help[] =
	"  -z               end each path and each record with NUL, paths as\n"
	"                   they are (for xargs -0, read -d '')\n";
static const char quoting_help[] =
	"\nA path holding a control character, '\"', '\\', DEL or a byte from 0x80\n"
	"up is written in double quotes with C escapes, as git quotes it:\n"
	"\"a\\tb.c\", \"caf\\303\\251.c\".  With -z paths are written as they are.\n"
	"In JSON a byte that is not UTF-8 is written as \\udcXX.\n";

/* The output options as given: --json, -z. */
struct out_opts {
	int json, nul;
};

/* Handle a shared option; 1 if @c was one, -1 on a bad value. */
static int common_opt(int c, struct cli_index_opts *o, struct out_opts *out)
{
	if (c == 'J') {
		out->json = 1;
		return 1;
	}
	if (c == 'z') {
		out->nul = 1;
		return 1;
	}
	return cli_index_opt(c, o);
}

/* The one output format of a command; -1 after a one-line error. */
static int out_format(const struct out_opts *out, enum report_format *fmt)
{
	if (out->json && out->nul) {
		cli_error("--json and -z: choose one");
		return -1;
	}
	*fmt = out->json ? REPORT_JSON : out->nul ? REPORT_NUL : REPORT_TEXT;
	return 0;
}

#define COMMON_OPTS CLI_INDEX_OPTS, \
	{ "json", no_argument, NULL, 'J' }, \
	{ "help", no_argument, NULL, 'h' }

static void usage_line(FILE *out, const char *cmd, const char *args)
{
	fprintf(out, "usage: spdxfs %s %s\n", cmd, args);
}

int cli_bad_usage(const char *cmd, const char *args)
{
	usage_line(stderr, cmd, args);
	fprintf(stderr, "Try 'spdxfs %s --help'.\n", cmd);
	return 2;
}

/* A command's command line: the shared options and its own. */
struct cmd_opts {
	const char *name, *args;	/* "usage: spdxfs NAME ARGS" */
	const char *shortopts;		/* "aj:qh", "z" when it prints
					   paths, and its own */
	const struct option *longopts;
	const char *const *help;	/* --help's parts, NULL-ended */
	size_t min_args, max_args;	/* operands after the options */
	/* Its own option @c into @arg: 1 when taken, -1 after a one-line
	 * error, 0 when @c is none (bad usage).  NULL: it has none. */
	int (*own)(int c, void *arg);
	void *arg;
};

/*
 * Parse @argv as @co says, the shared options into @o and @out.  Returns
 * -1 to go on (operands from optind), or the exit status: 0 after
 * --help, 2 after a bad option or operand count.
 */
static int parse_opts(int argc, char **argv, const struct cmd_opts *co,
		      struct cli_index_opts *o, struct out_opts *out)
{
	size_t nargs;
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, co->shortopts, co->longopts,
				NULL)) != -1) {
		if (c == 'h') {
			usage_line(stdout, co->name, co->args);
			for (const char *const *h = co->help; *h; h++)
				fputs(*h, stdout);
			return 0;
		}
		r = common_opt(c, o, out);
		if (!r && co->own)
			r = co->own(c, co->arg);
		if (r < 0)
			return 2;
		if (!r)
			return cli_bad_usage(co->name, co->args);
	}
	nargs = argc - optind;
	if (nargs < co->min_args || nargs > co->max_args)
		return cli_bad_usage(co->name, co->args);
	return -1;
}

/* The filters of list and check (filter.h), long options only. */
#define FILTER_OPTS \
	{ "status", required_argument, NULL, 'S' }, \
	{ "license", required_argument, NULL, 'L' }, \
	{ "uapi", no_argument, NULL, 'U' }

static const char filter_help[] =
	"      --status S   only files with status S (tagged, misplaced, untagged,\n"
	"                   invalid, excluded, error), or one of several: S,S\n"
	"      --license L  only files whose valid tag names L: a file of\n"
	"                   LICENSES/ (GPL-2.0: each identifier it declares,\n"
	"                   GPL-2.0+ too) or else an identifier, in any of its\n"
	"                   spellings (GPL-2.0-only: GPL-2.0 too, not GPL-2.0+)\n"
	"      --uapi       only files with a uapi path component\n";

/* Filter option @c into file_filter @arg; 1 if @c was one, -1 after a
 * one-line error. */
static int filter_opt(int c, void *arg)
{
	struct file_filter *flt = arg;
	struct spdx_error err;

	switch (c) {
	case 'S':
		if (file_filter_status(flt, optarg, &err)) {
			cli_error("%s", err.msg);
			return -1;
		}
		return 1;
	case 'L':
		flt->license = optarg;
		return 1;
	case 'U':
		flt->uapi = 1;
		return 1;
	}
	return 0;
}

/* What the trees of scan, list and check are, in their help. */
static const char tree_help[] =
	"\nTREE (default: the current directory) may be any directory of a tree:\n"
	"the tree's root is the nearest directory at or above it with a\n"
	"LICENSES/ directory or a .git (the top of a git work tree), and the\n"
	"output covers TREE alone, with the root's LICENSES/ and\n"
	"scripts/spdxexclude.  Paths are printed relative to the root.\n"
	"The operands may instead be PATHs, files or directories relative to\n"
	"the current directory (or absolute), in the tree that holds the\n"
	"first: 'spdxfs check drivers/x.c' is 'spdxfs check . drivers/x.c'.\n"
	"That reading is taken unless the first is a directory and every other\n"
	"one is there beneath it.  A tree is found from a file only where a\n"
	"LICENSES/ or a .git says so.  The output follows the order given.\n";

/* Chart @backlog or the licenses' of @idx into @path; 0, or 2 after a
 * one-line error. */
static int write_svg(const char *path, int backlog, const struct summary *s,
		     const struct spdx_index *idx)
{
	FILE *f = path ? fopen(path, "w") : NULL;
	int ret, bad;

	if (!path)
		return 0;
	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return 2;
	}
	ret = backlog ? chart_backlog_svg(f, idx, 1) : chart_licenses_svg(f, s);
	bad = ferror(f);
	errno = EIO;
	if ((fclose(f) || bad) && !ret)
		ret = -errno;
	if (ret)
		cli_error("%s: %s", path, strerror(-ret));
	return ret ? 2 : 0;
}

/* parse_opts(), then the output format into @fmt: -1 to go on, or the
 * exit status. */
static int parse_cmd(int argc, char **argv, const struct cmd_opts *co,
		     struct cli_index_opts *o, enum report_format *fmt)
{
	struct out_opts out = { 0 };
	int r;

	r = parse_opts(argc, argv, co, o, &out);
	if (r >= 0)
		return r;
	return out_format(&out, fmt) ? 2 : -1;
}

/* parse_cmd(), then open the tree of the operands into @t
 * (cli_tree_open_args()): -1 to go on with @t open, or the exit status. */
static int parse_cmd_tree(int argc, char **argv, const struct cmd_opts *co,
			  struct cli_index_opts *o, enum report_format *fmt,
			  struct cli_tree *t)
{
	int r = parse_cmd(argc, argv, co, o, fmt);

	if (r >= 0)
		return r;
	r = cli_tree_open_args(t, argv + optind, argc - optind, o, 0);
	return r ? r : -1;
}

/* scan */

static const char scan_help[] =
	"Build or refresh the index of TREE and print a summary.\n\n"
	"      --svg FILE   also write the chart of files per license\n"
	"                   to FILE (SVG), as the mount's charts/licenses.svg\n"
	"      --backlog-svg FILE  the chart of tagged and untagged files\n"
	"                   per top-level directory, as charts/backlog.svg\n"
	"      --modules    also count the MODULE_LICENSE() calls per class,\n"
	"                   as 'check --modules' (reads whole .c files)\n";

/* scan --svg FILE, --backlog-svg FILE: where the charts go, or NULL;
 * scan --modules. */
struct svg_opts {
	const char *licenses, *backlog;
	int modules;
};

static int svg_opt(int c, void *arg)
{
	struct svg_opts *svg = arg;

	if (c == 'M')
		return (svg->modules = 1);
	if (c != 'G' && c != 'B')
		return 0;
	*(c == 'G' ? &svg->licenses : &svg->backlog) = optarg;
	return 1;
}

/* scan --modules: the module counts of @files into @s; 0 or 2 after a
 * message. */
static int scan_modules(struct summary *s, struct cli_tree *t,
			const struct spdx_file **files, size_t n,
			const struct cli_index_opts *o)
{
	struct spdx_error err = { 0 };
	struct modscan *m;

	if (modscan_run(&m, t->src, t->idx, files, n, o->nthreads, NULL, &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	summary_add_modules(s, m->count, m->nfiles);
	modscan_free(m);
	return 0;
}

int cmd_scan(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_OPTS, CLI_REV_OPT,
		{ "svg", required_argument, NULL, 'G' },
		{ "backlog-svg", required_argument, NULL, 'B' },
		{ "modules", no_argument, NULL, 'M' },
		{ 0 }
	};
	static const char *const help[] = {
		scan_help, tree_help, "\n", cli_index_help, cli_rev_help,
		common_help, NULL
	};
	struct svg_opts svg = { 0 };
	const struct cmd_opts co = {
		"scan", "[OPTION]... [TREE [PATH]... | PATH...]", "aj:qh",
		longopts, help, 0, SIZE_MAX, svg_opt, &svg
	};
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files;
	enum report_format fmt;
	struct cli_tree t;
	struct summary s;
	size_t n;
	int r;

	r = parse_cmd_tree(argc, argv, &co, &o, &fmt, &t);
	if (r >= 0)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, NULL, &files, &n);
	if (r)
		goto out;
	if (summary_compute_under(&s, t.idx, files, n, t.where.under)) {
		cli_error("out of memory");
		r = 2;
	} else if (svg.modules && (r = scan_modules(&s, &t, files, n, &o))) {
		summary_release(&s);
	} else {
		report_summary(stdout, fmt, &s);
		r = write_svg(svg.licenses, 0, &s, t.idx);
		r = r ? r : write_svg(svg.backlog, 1, &s, t.idx);
		summary_release(&s);
	}
	free(files);
	if (!o.quiet && fmt == REPORT_TEXT && reuse_tree_is(t.idx))
		fputs("spdxfs: layout: a REUSE tree (LICENSES/<ID>.txt), read as "
		      "REUSE 3.3 defines it\n", stderr);
	if (!o.quiet && fmt == REPORT_TEXT && isatty(STDERR_FILENO))
		fprintf(stderr, "spdxfs: %zu of %zu files read\n",
			t.idx->rescanned, t.idx->nfiles);
out:
	cli_tree_close(&t);
	return r;
}

/* list */

static const char list_help[] =
	"Print one line per regular file of TREE, sorted by path:\n"
	"PATH<TAB>STATUS<TAB>LINE<TAB>EXPRESSION (as written; empty if none),\n"
	"with -z PATH<NUL>STATUS<TAB>LINE<TAB>EXPRESSION<NUL>.\n"
	"STATUS is tagged, misplaced, untagged, invalid, excluded or error.\n\n"
	"      --copyright  add a column: the file's copyright statements, ' / '\n"
	"                   between them (--json has them always)\n";

/* list's options: the filters, and --copyright. */
struct list_args {
	struct file_filter flt;
	unsigned cols;		/* enum report_col */
};

static int list_args_opt(int c, void *arg)
{
	struct list_args *a = arg;

	if (c == 'c') {
		a->cols |= REPORT_COL_COPYRIGHT;
		return 1;
	}
	return filter_opt(c, &a->flt);
}

int cmd_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_OPTS, FILTER_OPTS, CLI_REV_OPT,
		{ "copyright", no_argument, NULL, 'c' }, { 0 }
	};
	static const char *const help[] = {
		list_help, tree_help, "\n", filter_help, cli_index_help,
		cli_rev_help, nul_help, common_help, quoting_help, NULL
	};
	struct list_args la = { { 0 }, 0 };
	struct file_filter *flt = &la.flt;
	const struct cmd_opts co = {
		"list", "[OPTION]... [TREE [PATH]... | PATH...]", "aj:qhz",
		longopts, help, 0, SIZE_MAX, list_args_opt, &la
	};
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files;
	enum report_format fmt;
	struct cli_tree t;
	size_t n;
	int r;

	r = parse_cmd_tree(argc, argv, &co, &o, &fmt, &t);
	if (r >= 0)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, flt, &files, &n);
	if (!r)
		report_files_cols(stdout, fmt, t.idx, files, n, la.cols);
	free(files);
	file_filter_release(flt);
	cli_tree_close(&t);
	return r;
}

/* check */

/* Which rules check applies: the kernel's where the tree is a kernel tree. */
enum check_rules {
	RULES_AUTO,
	RULES_KERNEL,
	RULES_SPDX,
};

struct check_args {
	struct cli_index_opts index;
	struct check_opts check;
	struct file_filter filter;
	enum check_rules rules;
	enum report_format fmt;
	int files, dirs, depth, list_warnings;
	char *const *args;	/* the operands */
	size_t nargs;
};

static const char check_help[] =
	"Check the SPDX tags of TREE (default: the current directory), or of\n"
	"the PATHs named, relative to TREE or absolute, or of PATHs alone\n"
	"(see below).  Diagnostics read\n"
	"'PATH: LINE:COL message' (with -z PATH<NUL>LINE:COL message<NUL>), COL\n"
	"counted from 0 as scripts/spdxcheck.py does.  Exit status 1 on an\n"
	"error: an invalid tag, a file that cannot be read, with the kernel's\n"
	"rules what spdxcheck.py's grammar rejects and what checkpatch.pl flags\n"
	"in a new file (and, with -f or -d, a file without a valid tag).  A\n"
	"PATH that is a symlink is reported and left out; a file git ignores is\n"
	"checked when it is named.  In a git work tree, a file that git does\n"
	"not track and that .gitignore ignores is left out: in a tree whose\n"
	".gitignore ignores everything untracked (Debian's linux-source ends\n"
	"in '/*'), every new file; when no PATH is named, one line on stderr\n"
	"says how many such files look like sources, unless -q.\n\n"
	"      --staged         the files staged in git's index, as the index\n"
	"                       holds them (a pre-commit hook); a file HEAD\n"
	"                       lacks is new; no PATH\n"
	"  -f, --files          list the files without a valid tag instead\n"
	"  -d, --dirs           per-directory completeness, like spdxcheck -d\n"
	"                       (with -z DIR<NUL>TAGGED of FILES PCT%<NUL>)\n"
	"  -D, --depth N        directory depth for -d (default: unlimited)\n"
	"  -v, --warnings       list each warning (by default warnings are counted\n"
	"                       by class, on stderr, unless -q)\n"
	"  -w, --no-warnings    report errors only, not even the counts\n"
	"      --kernel         the kernel's rules, the default in a tree with\n"
	"                       scripts/spdxcheck.py: what spdxcheck.py's grammar\n"
	"                       rejects (A OR B OR C, an unparenthesised WITH)\n"
	"                       is an error, and checkpatch.pl's SPDX rules apply\n"
	"                       (comment style per file type, the tag on line 1,\n"
	"                       or 2 after #!): errors for a file git does not\n"
	"                       track, warnings for the others\n"
	"      --spdx           the SPDX reading: whatever the SPDX grammar accepts\n"
	"  -s, --kernel-strict  with --spdx, also what spdxcheck.py's grammar rejects\n"
	"      --modules        each MODULE_LICENSE() call against its file's tag\n"
	"                       instead (see 'spdxfs check --modules --help')\n"
	"      --consistent     with --modules, also the consistent calls\n";

/* Option @c of check (its filters included) into check_args @arg; 1
 * when taken, -1 after a one-line error, 0 when @c is none. */
static int check_opt(int c, void *arg)
{
	struct check_args *a = arg;
	char *end;
	int r;

	if ((r = filter_opt(c, &a->filter)))
		return r;
	switch (c) {
	case 'f': a->files = 1; break;
	case 'd': a->dirs = 1; break;
	case 's': a->check.strict = 1; break;
	case 'w': a->check.warnings = 0; break;
	case 'v': a->list_warnings = 1; break;
	case 'K': a->rules = RULES_KERNEL; break;
	case 'P': a->rules = RULES_SPDX; break;
	case 'G': a->index.staged = 1; break;
	case 'D':
		a->depth = strtol(optarg, &end, 10);
		if (*end || a->depth < 0) {
			cli_error("--depth: expected a number >= 0, got '%s'", optarg);
			return -1;
		}
		break;
	default:
		return 0;
	}
	return 1;
}

/* check's options into @a; -1 to go on, else an exit status. */
static int check_parse(int argc, char **argv, struct check_args *a)
{
	static const struct option longopts[] = {
		COMMON_OPTS,
		FILTER_OPTS,
		{ "files", no_argument, NULL, 'f' },
		{ "dirs", no_argument, NULL, 'd' },
		{ "depth", required_argument, NULL, 'D' },
		{ "kernel-strict", no_argument, NULL, 's' },
		{ "no-warnings", no_argument, NULL, 'w' },
		{ "warnings", no_argument, NULL, 'v' },
		{ "kernel", no_argument, NULL, 'K' },
		{ "spdx", no_argument, NULL, 'P' },
		CLI_REV_OPT,
		{ "staged", no_argument, NULL, 'G' },
		{ 0 }
	};
	static const char *const help[] = {
		check_help, tree_help, "\n", filter_help, cli_index_help,
		cli_rev_help, nul_help, common_help, quoting_help, NULL
	};
	const struct cmd_opts co = {
		"check", "[OPTION]... [TREE [PATH]... | PATH...]", "aj:qhzfdD:swv",
		longopts, help, 0, SIZE_MAX, check_opt, a
	};
	int r;

	r = parse_cmd(argc, argv, &co, &a->index, &a->fmt);
	if (r >= 0)
		return r;
	a->args = argv + optind;
	a->nargs = argc - optind;
	if (a->index.staged && (a->nargs > 1 || a->index.all_files)) {
		cli_error("--staged checks what git's index holds: no PATH, no --all");
		return 2;
	}
	return -1;
}

/*
 * check --staged: the staged files of @t (whose source is git's index),
 * those under the directory it was opened from, through @flt.
 */
static int select_staged(struct cli_tree *t, struct file_filter *flt,
			 const struct spdx_file ***files, size_t *nfiles)
{
	const char *under = t->where.under;
	size_t len = strlen(under), n = 0, k;
	const char *const *staged;
	const char **paths;
	struct spdx_error err;

	*files = NULL;
	*nfiles = 0;
	source_staged_paths(t->src, &staged, &k);
	paths = alloc_array(k, sizeof(*paths));
	if (!paths) {
		cli_error("out of memory");
		return 2;
	}
	for (size_t i = 0; i < k; i++)
		if (!len || (!strncmp(staged[i], under, len) && staged[i][len] == '/'))
			paths[n++] = staged[i];
	if (n && check_select(t->idx, NULL, paths, n, files, nfiles, &err)) {
		cli_error("%s", err.msg);
		free(paths);
		return 2;
	}
	free(paths);
	if (flt && file_filter_prepare(flt, t->idx, &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	if (flt)
		*nfiles = file_filter_apply(flt, *files, *nfiles);
	return 0;
}

/* What makes a file new for checkpatch.pl's rules: git does not track
 * it (@arg, the source, knows).  In no git work tree none is new. */
static int file_is_new(const struct spdx_file *f, void *arg)
{
	return source_tracked(arg, f->path) == 0;
}

/* Print what @a asks about @files; returns the exit status. */
static int check_report(const struct check_args *a, const struct spdx_index *idx,
			const struct spdx_file *const *files, size_t n)
{
	struct check_tally tally = { 0 };
	struct check_dir *dirs;
	size_t ndirs, found;

	if (a->dirs) {
		if (check_dirs(&dirs, &ndirs, files, n, a->depth)) {
			cli_error("out of memory");
			return 2;
		}
		found = report_dirs(stdout, a->fmt, dirs, ndirs);
		check_dirs_free(dirs, ndirs);
	} else if (a->files) {
		found = report_lacking(stdout, a->fmt, files, n);
	} else {
		found = report_check(stdout, a->fmt, idx, files, n, &a->check,
				     a->list_warnings ? NULL : &tally);
		fflush(stdout);
		if (!a->index.quiet)
			report_check_tally(stderr, &tally);
	}
	return found ? 1 : 0;
}

/*
 * A tree whose .gitignore ignores what git does not track (Debian's ends
 * in a pattern of every top-level path) has every new file left out
 * unless named: when a check named no PATH, say so once, if some look
 * like sources.
 */
static void ignored_hint(struct cli_tree *t)
{
	char first[PATH_MAX];
	size_t n;

	if (t->opts.quiet || t->opts.all_files || t->opts.staged || t->npaths ||
	    !(n = source_ignored(t->src, first, sizeof(first))))
		return;
	fprintf(stderr, "spdxfs: hint: %zu file%s that git ignores and does not "
		"track left out, such as ", n, n == 1 ? "" : "s");
	quote_path(stderr, first, strlen(first));
	fputs(": name them, or use --all\n", stderr);
}

/* Does @flt leave files out? */
static int filter_active(const struct file_filter *flt)
{
	return flt->statuses || flt->uapi || flt->license;
}

/*
 * check on a REUSE tree: the files selected as in a kernel tree, linted
 * as REUSE does (cli_reuse.h); the whole tree's lint when nothing
 * narrows the selection.
 */
static int check_reuse(struct check_args *a, struct cli_tree *t)
{
	struct cli_reuse_opts ro = {
		.fmt = a->fmt, .verbose = a->list_warnings,
		.files = a->files, .dirs = a->dirs, .depth = a->depth,
		.whole = !a->index.staged && !t->npaths && !*t->where.under &&
			 !filter_active(&a->filter),
	};
	const struct spdx_file **files = NULL;
	size_t n = 0;
	int r;

	if (a->index.staged)
		r = select_staged(t, &a->filter, &files, &n);
	else
		r = cli_tree_select(t, t->base, t->paths, t->npaths, &a->filter,
				    &files, &n);
	if (!r)
		r = cli_reuse_check(t, &ro, files, n);
	free(files);
	return r;
}

int cmd_check(int argc, char **argv)
{
	struct check_args a = {
		.check = { .warnings = 1 },
		.depth = -1,
	};
	const struct spdx_file **files = NULL;
	struct cli_tree t;
	size_t n;
	int r;

	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--modules"))
			return cmd_check_modules(argc, argv);
	r = check_parse(argc, argv, &a);
	if (r >= 0)
		return r;
	a.index.kernel_layout = a.rules != RULES_AUTO;
	a.index.keep_reuse = a.rules == RULES_AUTO;
	r = cli_tree_open_args(&t, a.args, a.nargs, &a.index, 0);
	if (r)
		return r;
	if (a.rules == RULES_AUTO && reuse_tree_is(t.idx)) {
		r = check_reuse(&a, &t);
		goto out;
	}
	a.check.kernel = a.rules == RULES_KERNEL ||
			 (a.rules == RULES_AUTO && check_kernel_tree(t.idx));
	a.check.is_new = file_is_new;
	if (a.index.staged)
		r = select_staged(&t, &a.filter, &files, &n);
	else
		r = cli_tree_select(&t, t.base, t.paths, t.npaths, &a.filter,
				    &files, &n);
	a.check.new_arg = t.src;
	if (!r)
		r = check_report(&a, t.idx, files, n);
	if (!r || r == 1)
		ignored_hint(&t);
out:
	free(files);
	file_filter_release(&a.filter);
	cli_tree_close(&t);
	return r;
}

/* show */

static const char show_help[] =
	"All spdxfs knows of each file PATH names: its status and tag line, the\n"
	"expression as written and in today's SPDX spelling, the LICENSES/\n"
	"files it names, the licenses of LICENSES/ under which the file may be\n"
	"used, whether it is a uapi file and names Linux-syscall-note, its\n"
	"MODULE_LICENSE() calls with their class as 'check --modules' gives\n"
	"them (in a tree with license-rules.rst's table), and for\n"
	"an untagged file what 'spdxfs tag' would write, and why.  A directory\n"
	"shows each file beneath it.  PATHs are relative to the current\n"
	"directory, or absolute; the tree is the one holding the first PATH\n"
	"(its root found as for 'spdxfs scan').\n\n";

static int file_ptr_cmp(const void *a, const void *b)
{
	const struct spdx_file *x = *(const struct spdx_file *const *)a;
	const struct spdx_file *y = *(const struct spdx_file *const *)b;

	return x < y ? -1 : x > y;
}

/*
 * The MODULE_LICENSE() calls of @files, classed as check --modules
 * does, into *@m: NULL in a tree without license-rules.rst's table.
 * modscan_find() wants them in the index's order, which is their
 * addresses' order.  0, or 2 after a one-line error.
 */
static int show_modules(struct cli_tree *t, const struct spdx_file *const *files,
			size_t n, struct modscan **m)
{
	const struct spdx_file **sorted = alloc_array(n ? n : 1, sizeof(*sorted));
	struct spdx_error err = { 0 };
	int ret;

	*m = NULL;
	if (!sorted) {
		cli_error("out of memory");
		return 2;
	}
	memcpy(sorted, files, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), file_ptr_cmp);
	ret = modscan_run(m, t->src, t->idx, sorted, n, t->opts.nthreads, NULL,
			  &err);
	free(sorted);
	if (ret == -ENOENT)
		return 0;
	if (ret)
		cli_error("%s", err.msg);
	return ret ? 2 : 0;
}

/* What show says of each of @files, printed. */
static int show_files(struct cli_tree *t, enum report_format fmt,
		      const struct spdx_file *const *files, size_t n)
{
	struct show_info *si = alloc_array(n ? n : 1, sizeof(*si));
	struct modscan *m = NULL;
	size_t done = 0;
	int r;

	if (!si) {
		cli_error("out of memory");
		return 2;
	}
	r = show_modules(t, files, n, &m);
	for (; !r && done < n; done++) {
		if (show_file(&si[done], t->src, t->idx, files[done])) {
			cli_error("out of memory");
			r = 2;
			break;
		}
		si[done].module = m ? modscan_find(m, files[done]) : NULL;
	}
	if (!r)
		report_show(stdout, fmt, si, n);
	for (size_t i = 0; i < done; i++)
		show_info_release(&si[i]);
	modscan_free(m);
	free(si);
	return r;
}

int cmd_show(int argc, char **argv)
{
	static const struct option longopts[] = { COMMON_OPTS, { 0 } };
	static const char *const help[] = {
		show_help, cli_index_help, common_help, NULL
	};
	static const struct cmd_opts co = {
		"show", "[OPTION]... PATH...", "aj:qh", longopts, help,
		1, SIZE_MAX, NULL, NULL
	};
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files = NULL;
	enum report_format fmt;
	struct cli_tree t;
	size_t n;
	int r;

	r = parse_cmd(argc, argv, &co, &o, &fmt);
	if (r >= 0)
		return r;
	r = cli_tree_open_args(&t, argv + optind, argc - optind, &o,
			       CLI_PATHS_ONLY);
	if (r)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, NULL, &files, &n);
	if (!r)
		r = show_files(&t, fmt, files, n);
	free(files);
	cli_tree_close(&t);
	return r;
}

/* built */

static const char built_help[] =
	"The license bill of materials of a kernel image: every source and\n"
	"header of TREE that went into BUILD_DIR's vmlinux, read from the\n"
	"build's own records (.vmlinux.o.cmd, the thin archives, each object's\n"
	".cmd deps), with its status and expression.  TREE defaults to the\n"
	"build's source tree (BUILD_DIR/source for O= builds).  Generated files\n"
	"are followed back to the sources they were made from, each file with\n"
	"why it is there: compiled, embedded (through a blob such as the vDSO),\n"
	"linker-script or generator-input.  Exit status 1 when a built file\n"
	"has no valid tag.\n\n"
	"  -l, --list       one line per file, as 'spdxfs list' prints it\n"
	"                   (-z only with --list)\n"
	"  -m, --modules    the loadable modules instead (modules.order): per\n"
	"                   module NAME, DECLARED, the .ko's LICENSE and a\n"
	"                   VERDICT, then its sources with their expression\n"
	"                   and class; exit status 1 when a module's records\n"
	"                   or .ko cannot be read\n"
	"      --format FMT an SPDX document instead: spdx-json, spdx-tv,\n"
	"                   spdx-rdf or spdx3 ('spdxfs built --format FMT --help')\n";

/* built --list and --modules into @arg, an int[2]. */
static int list_opt(int c, void *arg)
{
	if (c != 'l' && c != 'm')
		return 0;
	((int *)arg)[c == 'm'] = 1;
	return 1;
}

int cmd_built(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_OPTS,
		{ "list", no_argument, NULL, 'l' },
		{ "modules", no_argument, NULL, 'm' },
		{ 0 }
	};
	static const char *const help[] = {
		built_help, cli_index_help, nul_help, common_help, quoting_help,
		NULL
	};
	int r, flags[2] = { 0 }, list;
	const struct cmd_opts co = {
		"built", "[OPTION]... BUILD_DIR [TREE]", "aj:qhzlm", longopts,
		help, 1, 2, list_opt, flags
	};
	struct cli_index_opts o = { 0 };
	struct out_opts out = { 0 };
	const struct spdx_file **files = NULL;
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct built *b = NULL;
	size_t n = 0, missing = 0, lacking = 0;
	enum report_format fmt;
	struct spdx_error err;
	struct summary s;

	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--format") || !strncmp(argv[i], "--format=", 9))
			return cmd_built_export(argc, argv);
	r = parse_opts(argc, argv, &co, &o, &out);
	if (r >= 0)
		return r;
	list = flags[0];
	if ((out.nul && !list) || (list && flags[1]))
		return cli_bad_usage(co.name, co.args);
	if (out_format(&out, &fmt))
		return 2;
	if (flags[1])
		return built_modules_main(argv[optind], argc - optind == 2 ?
					  argv[optind + 1] : NULL, &o,
					  fmt == REPORT_JSON);
	r = built_collect(&b, argv[optind], &err);
	if (r) {
		cli_error("%s", err.msg);
		return 2;
	}
	cli_built_warnings(argv[optind], b);
	r = cli_open_index(argc - optind == 2 ? argv[optind + 1] : b->srctree, &o,
			   &src, &idx);
	if (r)
		goto out;
	files = alloc_array(b->npaths, sizeof(*files));
	if (!files) {
		cli_error("out of memory");
		r = 2;
		goto out;
	}
	n = report_built_files(idx, b, files, &missing);
	for (size_t i = 0; i < n; i++)
		lacking += spdx_file_lacks_tag(files[i]);
	if (list) {
		report_files(stdout, fmt, idx, files, n);
	} else if (summary_compute_files(&s, idx, files, n)) {
		cli_error("out of memory");
		r = 2;
		goto out;
	} else {
		report_built(stdout, fmt, &s, b, files, n, missing);
		summary_release(&s);
	}
	r = lacking ? 1 : 0;
out:
	free(files);
	index_free(idx);
	source_free(src);
	built_free(b);
	return r;
}
