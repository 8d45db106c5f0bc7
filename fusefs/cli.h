/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli: the spdxfs commands that need no FUSE (scan, list, check, built),
 * on top of the library in index/: they parse options, print and return
 * exit statuses, which the library never does.
 *
 * Each cmd_*() takes the arguments after the command name (argv[0] is the
 * command) and returns the process exit status: 0 success, 1 the check
 * found a problem, 2 bad input (with one line on stderr).
 */
#ifndef SPDXFS_CLI_H
#define SPDXFS_CLI_H

struct source;
struct spdx_index;

int cmd_scan(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_built(int argc, char **argv);

/* Options every indexing command shares. */
struct cli_index_opts {
	int no_cache;		/* neither load nor save the saved index */
	int nthreads;		/* 0: one per CPU */
	int quiet;		/* no progress, no cache warnings */
	int all_files;		/* also files git ignores */
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
 * The options every command that indexes a tree takes: -a, -j N,
 * --no-cache, -q ("aj:q" in short options), their help lines, and their
 * handler: 1 when @c was one of them, -1 after a one-line error for a bad
 * value, 0 when @c is another option.
 */
#define CLI_INDEX_OPTS \
	{ "no-cache", no_argument, NULL, 'C' }, \
	{ "all", no_argument, NULL, 'a' }, \
	{ "jobs", required_argument, NULL, 'j' }, \
	{ "quiet", no_argument, NULL, 'q' }
extern const char cli_index_help[];
int cli_index_opt(int c, struct cli_index_opts *o);

/* "usage: spdxfs CMD ARGS" and "Try ..." on stderr; returns 2. */
int cli_bad_usage(const char *cmd, const char *args);

/* "spdxfs: " + message on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
