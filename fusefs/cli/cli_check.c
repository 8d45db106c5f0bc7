// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_check: the "check" command, diagnostics of a tree's tags (check.h,
 * report.h).
 */
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli/cli.h"
#include "cli/cli_check.h"
#include "cli/cli_modules.h"
#include "cli/cli_reuse.h"
#include "util/error.h"
#include "filter.h"
#include "util/grow.h"
#include "index.h"
#include "util/quote.h"
#include "report.h"
#include "reuse/reuse.h"
#include "source/source.h"

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

	if ((r = cli_filter_opt(c, &a->filter)))
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
		CLI_COMMON_OPTS,
		CLI_FILTER_OPTS,
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
		check_help, cli_tree_help, "\n", cli_filter_help, cli_index_help,
		cli_rev_help, cli_nul_help, cli_common_help, cli_quoting_help, NULL
	};
	const struct cli_cmd_opts co = {
		"check", "[OPTION]... [TREE [PATH]... | PATH...]", "aj:qhzfdD:swv",
		longopts, help, 0, SIZE_MAX, check_opt, a
	};
	int r;

	r = cli_parse_cmd(argc, argv, &co, &a->index, &a->fmt);
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
