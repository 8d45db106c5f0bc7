/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli: what the spdxfs commands share, on top of the library in index/:
 * they parse options, print and return exit statuses, which the library
 * never does.  Each command is in a file of its own (cli_scan.c, cli_list.c,
 * cli_check.c, cli_show.c, cli_built.c, cli_export.c, ...), its cmd_*()
 * declared in its header.
 *
 * Each cmd_*() takes the arguments after the command name (argv[0] is the
 * command) and returns the process exit status: 0 success, 1 the check
 * found a problem, 2 bad input (with one line on stderr).
 */
#ifndef SPDXFS_CLI_H
#define SPDXFS_CLI_H

#include <getopt.h>
#include <stddef.h>

#include "report.h"
#include "root.h"

struct source;
struct spdx_index;


/* Options every indexing command shares. */
struct cli_index_opts {
	int no_cache;		/* neither load nor save the saved index */
	int nthreads;		/* 0: one per CPU */
	int quiet;		/* no progress, no cache warnings */
	int all_files;		/* also files git ignores */
	const char *rev;	/* --rev: the tree is this revision of the git
				   repository named, read with no checkout */
	int staged;		/* the files staged in git's index, with
				   its content (SOURCE_GIT_STAGED) */
	int kernel_layout;	/* a REUSE tree read by the kernel's rules
				   all the same (index_opts) */
	int keep_reuse;		/* a REUSE tree's reading kept in
				   idx->reuse, for check (index_opts) */
	int dir_stat;		/* the directories' mode, owner and times
				   too (index_opts.no_dir_stat): for views
				   that show them */
};

/*
 * Open @tree and refresh its index with index_refresh() (refresh.h),
 * printing its warnings (a saved index ignored, a save that failed)
 * unless quiet.  Prints a one-line error and returns 2 on bad input; 0
 * on success.
 */
int cli_open_index(const char *tree, const struct cli_index_opts *o,
		   struct source **srcp, struct spdx_index **idxp);

/*
 * A tree opened for a command from a directory in it: its root found as
 * root.h finds it (LICENSES/ or the top of the git work tree, nearest
 * first), its index refreshed.  The command then reports on
 * where.under, the directory it was given, or on paths named in it.
 */
struct cli_tree {
	struct tree_root where;
	struct source *src;
	struct spdx_index *idx;		/* the index the command reads */
	struct spdx_index *git;		/* when idx holds the files git
					   ignores too (a path named one):
					   the index as git sees it, else NULL */
	struct cli_index_opts opts;
	/* The PATHs named, set by cli_tree_open_args(): */
	char *const *paths;
	size_t npaths;
	char *base;			/* their directory; NULL: where.dir */
};

/*
 * cli_tree_open() = cli_tree_find() (the root of @dir) then
 * cli_tree_index() (the index of the root; a line on stderr when the
 * tree has no LICENSES/).  The mount checks its arguments between the
 * two.  Each returns 0, or 2 after a one-line error; cli_tree_close()
 * releases what they got, and is needed after cli_tree_find() only once
 * it succeeded.
 */
int cli_tree_find(struct cli_tree *t, const char *dir);
/* For --rev: the tree of a revision of repository @repo, where.under
 * "" (the command reports on the whole tree), where.root @repo until
 * cli_tree_index() names it REPO@REV. */
int cli_tree_find_rev(struct cli_tree *t, const char *repo);
int cli_tree_index(struct cli_tree *t, const struct cli_index_opts *o);
int cli_tree_open(struct cli_tree *t, const char *dir,
		  const struct cli_index_opts *o);
void cli_tree_close(struct cli_tree *t);

/*
 * cli_tree_open() for the operands of a command that reports on files,
 * read one of two ways: TREE [PATH]... (each PATH relative to TREE, or
 * absolute) when the first is a directory and each other one is there;
 * else PATH... (relative to the current directory, or absolute), the
 * tree the one holding the first (CLI_PATHS_ONLY: always so, as show
 * reads them).  Every PATH must exist before anything is walked, and a
 * tree is found from a file only where a LICENSES/ or a .git says so.
 * With --rev: TREE [PATH]..., paths of the revision.  No operand: the
 * current directory.  t->base, t->paths and t->npaths are then for
 * cli_tree_select().  Returns 0, or 2 after a one-line error.
 */
#define CLI_PATHS_ONLY 1u
int cli_tree_open_args(struct cli_tree *t, char *const *args, size_t nargs,
		       const struct cli_index_opts *o, unsigned flags);

struct file_filter;
struct spdx_file;

/*
 * The files of @t that the command-line paths @args name (absolute, or
 * from @base, NULL: from where.dir), in the order of @args (a directory's
 * files in path order, each file once), or with none those beneath
 * where.under, in path order, then those that pass @flt (may be NULL),
 * into a new array *@files of *@nfiles (free() it).  A symlink or
 * special file named is reported in one line and left out; a file or
 * directory git ignores is read with the files git ignores when named
 * (t->idx is then that index).  Returns 0, or 2 after a one-line error
 * (a path outside the tree or not in it, a bad filter).
 */
int cli_tree_select(struct cli_tree *t, const char *base, char *const *args,
		    size_t nargs, struct file_filter *flt,
		    const struct spdx_file ***files, size_t *nfiles);

/*
 * The options every command that indexes a tree takes: -a, -j N,
 * --no-cache, -q ("aj:q" in short options), their help lines, and their
 * handler: 1 when @c was one of them, -1 after a one-line error for a bad
 * value, 0 when @c is another option.  A command that reads revisions
 * adds CLI_REV_OPT and cli_rev_help; the handler takes it too.
 */
#define CLI_INDEX_OPTS \
	{ "no-cache", no_argument, NULL, 'C' }, \
	{ "all", no_argument, NULL, 'a' }, \
	{ "jobs", required_argument, NULL, 'j' }, \
	{ "quiet", no_argument, NULL, 'q' }
#define CLI_REV_OPT { "rev", required_argument, NULL, 'R' }
extern const char cli_index_help[];
extern const char cli_rev_help[];
int cli_index_opt(int c, struct cli_index_opts *o);

/* Is @path a directory (symlinks followed)? */
int cli_is_dir(const char *path);

/* "usage: spdxfs CMD ARGS" and "Try ..." on stderr; returns 2. */
int cli_bad_usage(const char *cmd, const char *args);

/* "spdxfs: " + message on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

struct built;

/* A warning line on stderr when @b's records named paths outside both
 * the tree and build directory @build (left out, never read): how many,
 * and the first, quoted as quote_path() does. */
void cli_built_warnings(const char *build, const struct built *b);

struct maint;

/*
 * A warning line on stderr for each pattern of @m that was left out
 * (maint_refused()): "spdxfs: warning: ROOT/MAINTAINERS:LINE: N: pattern
 * left out: WHY", the file name quoted as quote_path() does; after
 * CLI_MAINT_WARNINGS of them, one line with how many more.
 */
#define CLI_MAINT_WARNINGS 10
void cli_maint_warnings(const char *root, const struct maint *m);

/* The command layer's shared command line (cli.c), as the cmd_*() use it. */
/* The output options as given: --json, -z. */
struct cli_out_opts {
	int json, nul;
};

#define CLI_COMMON_OPTS CLI_INDEX_OPTS, \
	{ "json", no_argument, NULL, 'J' }, \
	{ "help", no_argument, NULL, 'h' }

/* A command's command line: the shared options and its own. */
struct cli_cmd_opts {
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

/* The filters of list and check (filter.h), long options only. */
#define CLI_FILTER_OPTS \
	{ "status", required_argument, NULL, 'S' }, \
	{ "license", required_argument, NULL, 'L' }, \
	{ "uapi", no_argument, NULL, 'U' }

extern const char cli_common_help[], cli_nul_help[], cli_quoting_help[],
	cli_filter_help[], cli_tree_help[];

/* The one output format of a command; -1 after a one-line error. */
int cli_out_format(const struct cli_out_opts *out, enum report_format *fmt);
/*
 * Parse @argv as @co says, the shared options into @o and @out.  Returns
 * -1 to go on (operands from optind), or the exit status: 0 after
 * --help, 2 after a bad option or operand count.
 */
int cli_parse_opts(int argc, char **argv, const struct cli_cmd_opts *co,
		   struct cli_index_opts *o, struct cli_out_opts *out);
/* cli_parse_opts(), then the output format into @fmt: -1 to go on, or
 * the exit status. */
int cli_parse_cmd(int argc, char **argv, const struct cli_cmd_opts *co,
		  struct cli_index_opts *o, enum report_format *fmt);
/* cli_parse_cmd(), then open the tree of the operands into @t
 * (cli_tree_open_args()): -1 to go on with @t open, or the exit status. */
int cli_parse_cmd_tree(int argc, char **argv, const struct cli_cmd_opts *co,
		       struct cli_index_opts *o, enum report_format *fmt,
		       struct cli_tree *t);
/* Filter option @c into file_filter @arg; 1 if @c was one, -1 after a
 * one-line error. */
int cli_filter_opt(int c, void *arg);

#endif
