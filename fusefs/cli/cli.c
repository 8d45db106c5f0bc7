// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli: what the commands share (cli.h): the tree and the paths of their
 * operands, the index options, one command line parsed, one error line;
 * each command is in a file of its own (cli_scan.c, cli_list.c, ...).
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

#include "sbom/built.h"
#include "check.h"
#include "cli/cli.h"
#include "util/error.h"
#include "spdx/expr.h"
#include "filter.h"
#include "util/grow.h"
#include "index.h"
#include "maintainers.h"
#include "util/quote.h"
#include "refresh.h"
#include "report.h"
#include "root.h"
#include "source/source.h"

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
	if (ret == -ENOTDIR) {
		/* tag and mount take a directory of the tree alone */
		cli_error("%s: not a directory: name a directory of the tree "
			  "(its files are those beneath it)", dir);
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

/* The length of the directory above tree path @path that is on another
 * file system than the tree (a mount point no walk crosses), or 0. */
static size_t mount_above(struct source *src, const char *path)
{
	char *p = strdup(path);
	enum src_kind kind;
	size_t len = 0;

	for (size_t i = 0; p && p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = '\0';
		if (!tree_stat(src, p, &kind) && kind == SRC_OTHER) {
			len = i;
			break;
		}
		p[i] = '/';
	}
	free(p);
	return len;
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
	size_t len = 0;
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
	if (!ret && (kind == SRC_REG || kind == SRC_DIR) &&
	    (t->opts.rev || t->opts.staged || !(len = mount_above(t->src, *out)))) {
		*ignored = 1;
		return 0;
	}
	if (len)
		arg_error(arg, "beneath the mount point %.*s: another file "
			  "system, not walked", (int)len, *out);
	else if (ret == -ENOENT || ret == -ENOTDIR)
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
	enum src_kind kind;
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
		if (!index_find_dir(t->idx, paths[n]) && *paths[n] &&
		    !t->opts.rev && !t->opts.staged &&
		    !tree_stat(t->src, paths[n], &kind) && kind == SRC_OTHER) {
			/* a mount point, or a directory beneath one */
			cli_error("%s/%s: on another file system than the tree, "
				  "not walked", t->where.root, paths[n]);
			n++;
			ret = 2;
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

const char cli_common_help[] =
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
const char cli_nul_help[] =
	"  -z               end each path and each record with NUL, paths as\n"
	"                   they are (for xargs -0, read -d '')\n";
const char cli_quoting_help[] =
	"\nA path holding a control character, '\"', '\\', DEL or a byte from 0x80\n"
	"up is written in double quotes with C escapes, as git quotes it:\n"
	"\"a\\tb.c\", \"caf\\303\\251.c\".  With -z paths are written as they are.\n"
	"In JSON a byte that is not UTF-8 is written as \\udcXX.\n";

/* Handle a shared option; 1 if @c was one, -1 on a bad value. */
static int common_opt(int c, struct cli_index_opts *o, struct cli_out_opts *out)
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
int cli_out_format(const struct cli_out_opts *out, enum report_format *fmt)
{
	if (out->json && out->nul) {
		cli_error("--json and -z: choose one");
		return -1;
	}
	*fmt = out->json ? REPORT_JSON : out->nul ? REPORT_NUL : REPORT_TEXT;
	return 0;
}

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

/*
 * Parse @argv as @co says, the shared options into @o and @out.  Returns
 * -1 to go on (operands from optind), or the exit status: 0 after
 * --help, 2 after a bad option or operand count.
 */
int cli_parse_opts(int argc, char **argv, const struct cli_cmd_opts *co,
		      struct cli_index_opts *o, struct cli_out_opts *out)
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

const char cli_filter_help[] =
	"      --status S   only files with status S (tagged, misplaced, untagged,\n"
	"                   invalid, excluded, error), or one of several: S,S\n"
	"      --license L  only files whose valid tag names L: a file of\n"
	"                   LICENSES/ (GPL-2.0: each identifier it declares,\n"
	"                   GPL-2.0+ too) or else an identifier, in any of its\n"
	"                   spellings (GPL-2.0-only: GPL-2.0 too, not GPL-2.0+)\n"
	"      --uapi       only files with a uapi path component\n";

/* Filter option @c into file_filter @arg; 1 if @c was one, -1 after a
 * one-line error. */
int cli_filter_opt(int c, void *arg)
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
const char cli_tree_help[] =
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

/* cli_parse_opts(), then the output format into @fmt: -1 to go on, or the
 * exit status. */
int cli_parse_cmd(int argc, char **argv, const struct cli_cmd_opts *co,
		     struct cli_index_opts *o, enum report_format *fmt)
{
	struct cli_out_opts out = { 0 };
	int r;

	r = cli_parse_opts(argc, argv, co, o, &out);
	if (r >= 0)
		return r;
	return cli_out_format(&out, fmt) ? 2 : -1;
}

/* cli_parse_cmd(), then open the tree of the operands into @t
 * (cli_tree_open_args()): -1 to go on with @t open, or the exit status. */
int cli_parse_cmd_tree(int argc, char **argv, const struct cli_cmd_opts *co,
			  struct cli_index_opts *o, enum report_format *fmt,
			  struct cli_tree *t)
{
	int r = cli_parse_cmd(argc, argv, co, o, fmt);

	if (r >= 0)
		return r;
	r = cli_tree_open_args(t, argv + optind, argc - optind, o, 0);
	return r ? r : -1;
}
