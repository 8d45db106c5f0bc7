/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli: the spdxfs commands that need no FUSE (scan, list, check).
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
 * Open @tree and build its index, refreshing the saved one.  Prints a
 * one-line error and returns 2 on bad input; 0 on success.
 */
int cli_open_index(const char *tree, const struct cli_index_opts *o,
		   struct source **srcp, struct spdx_index **idxp);

/* "spdxfs: " + message on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
