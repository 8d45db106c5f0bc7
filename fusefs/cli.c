// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli: scan, list, check and built: options in, one report out (report.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "built.h"
#include "check.h"
#include "cli.h"
#include "error.h"
#include "gitignore.h"
#include "grow.h"
#include "index.h"
#include "pathsearch.h"
#include "refresh.h"
#include "report.h"
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

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
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

int cli_open_index(const char *tree, const struct cli_index_opts *o,
		   struct source **srcp, struct spdx_index **idxp)
{
	struct progress prog = { .start = now() };
	struct index_refresh_opts ro = {
		.no_cache = o->no_cache,
		.nthreads = o->nthreads,
		.all_files = o->all_files,
	};
	struct index_refresh_result res;
	struct source *src;
	int ret;

	ret = source_fs_open(&src, tree);
	if (ret) {
		cli_error("%s: %s", tree, strerror(-ret));
		return 2;
	}
	if (!o->quiet && isatty(STDERR_FILENO)) {
		ro.progress = show_progress;
		ro.progress_arg = &prog;
	}
	ret = index_refresh(idxp, src, &ro, &res);
	if (res.load == REFRESH_LOAD_IGNORED && !o->quiet)
		cli_error("saved index of %s ignored (%s); rebuilding",
			  src->root, res.load_why);
	if (ret) {
		cli_error("%s", res.error);
		source_free(src);
		return 2;
	}
	if (res.save == REFRESH_SAVE_FAILED && !o->quiet)
		cli_error("cannot save the index of %s: %s", src->root,
			  res.save_why);
	*srcp = src;
	return 0;
}

const char cli_index_help[] =
	"  -a, --all        in a git work tree, also files git ignores and does\n"
	"                   not track (left out by default, as spdxcheck does)\n"
	"  -j, --jobs N     scan with N threads (default: one per CPU)\n"
	"      --no-cache   neither read nor write the saved index\n"
	"  -q, --quiet      no progress, no warnings about the saved index\n";

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
		if (*end || o->nthreads < 1 || o->nthreads > 64) {
			cli_error("--jobs: expected 1..64, got '%s'", optarg);
			return -1;
		}
		return 1;
	case 'q':
		o->quiet = 1;
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

/*
 * Options of a command that takes only the shared ones (and -z when it
 * prints @paths) and one TREE.  Returns -1 to go on with argv[optind] as
 * TREE, or an exit status.
 */
static int tree_command_opts(int argc, char **argv, const char *cmd,
			     const char *help, int paths,
			     struct cli_index_opts *o, enum report_format *fmt)
{
	static const struct option longopts[] = { COMMON_OPTS, { 0 } };
	static const char args[] = "[OPTION]... TREE";
	struct out_opts out = { 0 };
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, paths ? "aj:qhz" : "aj:qh",
				longopts, NULL)) != -1) {
		if ((r = common_opt(c, o, &out))) {
			if (r < 0)
				return 2;
			continue;
		}
		if (c != 'h')
			return cli_bad_usage(cmd, args);
		usage_line(stdout, cmd, args);
		printf("%s\n%s%s%s%s", help, cli_index_help, paths ? nul_help : "",
		       common_help, paths ? quoting_help : "");
		return 0;
	}
	if (argc - optind != 1)
		return cli_bad_usage(cmd, args);
	if (out_format(&out, fmt))
		return 2;
	return -1;
}

int cmd_scan(int argc, char **argv)
{
	struct cli_index_opts o = { 0 };
	enum report_format fmt;
	struct spdx_index *idx;
	struct source *src;
	struct summary s;
	int r;

	r = tree_command_opts(argc, argv, "scan",
			      "Build or refresh the index of TREE and print a summary.\n",
			      0, &o, &fmt);
	if (r >= 0)
		return r;
	r = cli_open_index(argv[optind], &o, &src, &idx);
	if (r)
		return r;
	if (summary_compute(&s, idx)) {
		cli_error("out of memory");
		r = 2;
	} else {
		report_summary(stdout, fmt, &s);
		summary_release(&s);
	}
	if (!o.quiet && fmt == REPORT_TEXT && isatty(STDERR_FILENO))
		fprintf(stderr, "spdxfs: %zu of %zu files read\n", idx->rescanned,
			idx->nfiles);
	index_free(idx);
	source_free(src);
	return r;
}

int cmd_list(int argc, char **argv)
{
	struct cli_index_opts o = { 0 };
	enum report_format fmt;
	struct spdx_index *idx;
	struct source *src;
	int r;

	r = tree_command_opts(argc, argv, "list",
			      "Print one line per regular file of TREE, sorted by path:\n"
			      "PATH<TAB>STATUS<TAB>LINE<TAB>EXPRESSION (as written; empty if none),\n"
			      "with -z PATH<NUL>STATUS<TAB>LINE<TAB>EXPRESSION<NUL>.\n"
			      "STATUS is tagged, misplaced, untagged, invalid, excluded or error.\n",
			      1, &o, &fmt);
	if (r >= 0)
		return r;
	r = cli_open_index(argv[optind], &o, &src, &idx);
	if (r)
		return r;
	report_list(stdout, fmt, idx);
	index_free(idx);
	source_free(src);
	return 0;
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
	enum check_rules rules;
	enum report_format fmt;
	int files, dirs, depth, list_warnings;
	const char *tree;
	const char *const *paths;
	size_t npaths;
};

static const char check_help[] =
	"Check the SPDX tags of TREE (or of the PATHs inside it, relative to\n"
	"TREE).  Diagnostics read 'PATH: LINE:COL message' (with -z\n"
	"PATH<NUL>LINE:COL message<NUL>), COL counted from 0 as\n"
	"scripts/spdxcheck.py does.  Exit status 1 on an error: an invalid tag,\n"
	"a file that cannot be read, with the kernel's rules what spdxcheck.py's\n"
	"grammar rejects and what checkpatch.pl flags in a new file (and, with\n"
	"-f or -d, a file without a valid tag).\n\n"
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
	"  -s, --kernel-strict  with --spdx, also what spdxcheck.py's grammar rejects\n";

/* check's options into @a; -1 to go on, else an exit status. */
static int check_parse(int argc, char **argv, struct check_args *a)
{
	static const struct option longopts[] = {
		COMMON_OPTS,
		{ "files", no_argument, NULL, 'f' },
		{ "dirs", no_argument, NULL, 'd' },
		{ "depth", required_argument, NULL, 'D' },
		{ "kernel-strict", no_argument, NULL, 's' },
		{ "no-warnings", no_argument, NULL, 'w' },
		{ "warnings", no_argument, NULL, 'v' },
		{ "kernel", no_argument, NULL, 'K' },
		{ "spdx", no_argument, NULL, 'S' },
		{ 0 }
	};
	static const char args[] = "[OPTION]... TREE [PATH]...";
	struct out_opts out = { 0 };
	char *end;
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qhzfdD:swv", longopts, NULL)) != -1) {
		if ((r = common_opt(c, &a->index, &out))) {
			if (r < 0)
				return 2;
			continue;
		}
		switch (c) {
		case 'f': a->files = 1; break;
		case 'd': a->dirs = 1; break;
		case 's': a->check.strict = 1; break;
		case 'w': a->check.warnings = 0; break;
		case 'v': a->list_warnings = 1; break;
		case 'K': a->rules = RULES_KERNEL; break;
		case 'S': a->rules = RULES_SPDX; break;
		case 'D':
			a->depth = strtol(optarg, &end, 10);
			if (*end || a->depth < 0) {
				cli_error("--depth: expected a number >= 0, got '%s'", optarg);
				return 2;
			}
			break;
		case 'h':
			usage_line(stdout, "check", args);
			printf("%s%s%s%s%s", check_help, cli_index_help, nul_help,
			       common_help, quoting_help);
			return 0;
		default:
			return cli_bad_usage("check", args);
		}
	}
	if (argc - optind < 1)
		return cli_bad_usage("check", args);
	if (out_format(&out, &a->fmt))
		return 2;
	a->tree = argv[optind];
	a->paths = (const char *const *)argv + optind + 1;
	a->npaths = argc - optind - 1;
	return -1;
}

/* What makes a file new for checkpatch.pl's rules: git does not track
 * it.  The tree's git index is read on the first question. */
struct newness {
	const char *root;
	struct gitignore *gi;
	struct path_cursor cur;
	int opened;
};

static int file_is_new(const struct spdx_file *f, void *arg)
{
	struct newness *nw = arg;

	if (!nw->opened) {
		nw->opened = 1;
		if (gitignore_open(&nw->gi, nw->root))
			nw->gi = NULL;	/* unreadable: nothing counts as new */
	}
	return nw->gi && !gitignore_tracked(nw->gi, &nw->cur, f->path);
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

int cmd_check(int argc, char **argv)
{
	struct check_args a = {
		.check = { .warnings = 1 },
		.depth = -1,
	};
	const struct spdx_file **files = NULL;
	struct newness nw = { 0 };
	struct spdx_error err;
	struct spdx_index *idx;
	struct source *src;
	size_t n;
	int r;

	r = check_parse(argc, argv, &a);
	if (r >= 0)
		return r;
	r = cli_open_index(a.tree, &a.index, &src, &idx);
	if (r)
		return r;
	a.check.kernel = a.rules == RULES_KERNEL ||
			 (a.rules == RULES_AUTO && check_kernel_tree(idx));
	nw.root = src->root;
	a.check.is_new = file_is_new;
	a.check.new_arg = &nw;
	if (check_select(idx, a.paths, a.npaths, &files, &n, &err)) {
		cli_error("%s", err.msg);
		r = 2;
	} else {
		r = check_report(&a, idx, files, n);
	}
	free(files);
	gitignore_free(nw.gi);
	index_free(idx);
	source_free(src);
	return r;
}

/* built */

static const char built_help[] =
	"The license bill of materials of a kernel image: every source and\n"
	"header of TREE that went into BUILD_DIR's vmlinux, read from the\n"
	"build's own records (.vmlinux.o.cmd, the thin archives, each object's\n"
	".cmd deps), with its status and expression.  TREE defaults to the\n"
	"build's source tree (BUILD_DIR/source for O= builds).  Exit status 1\n"
	"when a built file has no valid tag.\n\n"
	"  -l, --list       one line per file, as 'spdxfs list' prints it\n"
	"                   (-z only with --list)\n";

int cmd_built(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_OPTS,
		{ "list", no_argument, NULL, 'l' },
		{ 0 }
	};
	static const char args[] = "[OPTION]... BUILD_DIR [TREE]";
	struct cli_index_opts o = { 0 };
	struct out_opts out = { 0 };
	const struct spdx_file **files = NULL;
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct built *b = NULL;
	size_t n = 0, missing = 0, lacking = 0;
	enum report_format fmt;
	struct summary s;
	char err[512];
	int c, r, list = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qhzl", longopts, NULL)) != -1) {
		if ((r = common_opt(c, &o, &out))) {
			if (r < 0)
				return 2;
			continue;
		}
		if (c == 'l') {
			list = 1;
		} else if (c == 'h') {
			usage_line(stdout, "built", args);
			printf("%s%s%s%s%s", built_help, cli_index_help, nul_help,
			       common_help, quoting_help);
			return 0;
		} else {
			return cli_bad_usage("built", args);
		}
	}
	if (argc - optind < 1 || argc - optind > 2 || (out.nul && !list))
		return cli_bad_usage("built", args);
	if (out_format(&out, &fmt))
		return 2;
	r = built_collect(&b, argv[optind], err, sizeof(err));
	if (r) {
		cli_error("%s", err);
		return 2;
	}
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
