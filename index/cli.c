// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli: scan, list and check.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "built.h"
#include "cli.h"
#include "grow.h"
#include "expr.h"
#include "index.h"
#include "report.h"
#include "source.h"
#include "store.h"

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
	struct spdx_index *prev = NULL, *idx;
	struct progress prog = { .start = now() };
	struct index_opts io = { .nthreads = o->nthreads, .all_files = o->all_files };
	struct source *src;
	char err[512] = "", why[PATH_MAX + 128] = "";
	int ret, save;

	ret = source_fs_open(&src, tree);
	if (ret) {
		cli_error("%s: %s", tree, strerror(-ret));
		return 2;
	}
	if (!o->no_cache) {
		ret = store_load(&prev, src->root, why, sizeof(why));
		if (ret == -EINVAL && !o->quiet)
			cli_error("saved index of %s ignored (%s); rebuilding",
				  src->root, why);
		io.prev = prev;
	}
	if (!o->quiet && isatty(STDERR_FILENO)) {
		io.progress = show_progress;
		io.progress_arg = &prog;
	}
	ret = index_build(&idx, src, &io, err, sizeof(err));
	if (ret) {
		index_free(prev);
		cli_error("%s", err[0] ? err : strerror(-ret));
		source_free(src);
		return 2;
	}
	save = !o->no_cache && store_worth_saving(prev, idx);
	index_free(prev);
	if (save) {
		ret = store_save(idx, why, sizeof(why));
		if (ret && !o->quiet)
			cli_error("cannot save the index of %s: %s", src->root, why);
	}
	*srcp = src;
	*idxp = idx;
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

/* Handle a shared option; 1 if @c was one, -1 on a bad value. */
static int common_opt(int c, struct cli_index_opts *o, int *json)
{
	if (c == 'J') {
		*json = 1;
		return 1;
	}
	return cli_index_opt(c, o);
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
 * Options of a command that takes only the shared ones and one TREE.
 * Returns -1 to go on with argv[optind] as TREE, or an exit status.
 */
static int tree_command_opts(int argc, char **argv, const char *cmd,
			     const char *help, struct cli_index_opts *o, int *json)
{
	static const struct option longopts[] = { COMMON_OPTS, { 0 } };
	static const char args[] = "[OPTION]... TREE";
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qh", longopts, NULL)) != -1) {
		if ((r = common_opt(c, o, json))) {
			if (r < 0)
				return 2;
			continue;
		}
		if (c != 'h')
			return cli_bad_usage(cmd, args);
		usage_line(stdout, cmd, args);
		printf("%s\n%s%s", help, cli_index_help, common_help);
		return 0;
	}
	if (argc - optind != 1)
		return cli_bad_usage(cmd, args);
	return -1;
}

int cmd_scan(int argc, char **argv)
{
	struct cli_index_opts o = { 0 };
	struct spdx_index *idx;
	struct source *src;
	struct summary s;
	int json = 0, r;

	r = tree_command_opts(argc, argv, "scan",
			      "Build or refresh the index of TREE and print a summary.\n",
			      &o, &json);
	if (r >= 0)
		return r;
	r = cli_open_index(argv[optind], &o, &src, &idx);
	if (r)
		return r;
	if (summary_compute(&s, idx)) {
		cli_error("out of memory");
		r = 2;
	} else {
		if (json)
			report_summary_json(stdout, &s);
		else
			report_summary_text(stdout, &s);
		summary_release(&s);
	}
	if (!o.quiet && !json && isatty(STDERR_FILENO))
		fprintf(stderr, "spdxfs: %zu of %zu files read\n", idx->rescanned,
			idx->nfiles);
	index_free(idx);
	source_free(src);
	return r;
}

static void list_json(FILE *out, const struct spdx_index *idx)
{
	fputs("[", out);
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		const struct spdx_expr *e = index_file_expr(idx, f);

		fprintf(out, "%s\n  {\"path\": ", i ? "," : "");
		json_string(out, f->path);
		fprintf(out, ", \"status\": \"%s\", \"line\": %u, \"col\": %u, \"leader\": ",
			spdx_status_name(f->status), f->line, f->col);
		json_string(out, f->leader);
		fputs(", \"expression\": ", out);
		if (e)
			json_string(out, e->text);
		else
			fputs("null", out);
		if (e && e->canonical) {
			fputs(", \"canonical\": ", out);
			json_string(out, e->canonical);
		}
		if (e && e->error) {
			fputs(", \"error\": ", out);
			json_string(out, e->error);
		}
		if (f->error) {
			fputs(", \"error\": ", out);
			json_string(out, f->error);
		}
		fprintf(out, ", \"uapi\": %s}", f->flags & IDX_F_UAPI ? "true" : "false");
	}
	fputs("\n]\n", out);
}

int cmd_list(int argc, char **argv)
{
	struct cli_index_opts o = { 0 };
	struct spdx_index *idx;
	struct source *src;
	int json = 0, r;

	r = tree_command_opts(argc, argv, "list",
			      "Print one line per regular file of TREE, sorted by path:\n"
			      "PATH<TAB>STATUS<TAB>LINE<TAB>EXPRESSION (as written; empty if none).\n"
			      "STATUS is tagged, misplaced, untagged, invalid, excluded or error.\n",
			      &o, &json);
	if (r >= 0)
		return r;
	r = cli_open_index(argv[optind], &o, &src, &idx);
	if (r)
		return r;
	if (json)
		list_json(stdout, idx);
	else
		report_list(stdout, idx);
	index_free(idx);
	source_free(src);
	return 0;
}

/* check */

struct check {
	int json, strict, files, dirs, depth, warnings, ndiag;
	char **paths;
	int npaths;
	size_t invalid, listed;
};

static int selected(const struct check *ck, const char *path)
{
	if (!ck->npaths)
		return 1;
	for (int i = 0; i < ck->npaths; i++) {
		const char *p = ck->paths[i];
		size_t n = strlen(p);

		if (!n || (!strncmp(path, p, n) && (path[n] == '/' || !path[n])))
			return 1;
	}
	return 0;
}

static void diag(struct check *ck, const char *path, unsigned line, unsigned col,
		 const char *severity, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void diag(struct check *ck, const char *path, unsigned line, unsigned col,
		 const char *severity, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (ck->json) {
		printf("%s\n  {\"path\": ", ck->ndiag ? "," : "");
		json_string(stdout, path);
		printf(", \"line\": %u, \"col\": %u, \"severity\": \"%s\", \"message\": ",
		       line, col, severity);
		json_string(stdout, msg);
		putchar('}');
	} else if (!strcmp(severity, "error")) {
		printf("%s: %u:%u %s\n", path, line, col, msg);
	} else {
		printf("%s: %u:%u %s: %s\n", path, line, col, severity, msg);
	}
	ck->ndiag++;
}

/* Flags worth a warning: each is something to fix in the file. */
static const unsigned warn_flags = SCAN_F_MULTIPLE | SCAN_F_STRAY_TERM |
	SCAN_F_UNCLOSED | SCAN_F_NEAR_MISS | SCAN_F_BAD_LEADER;

static void check_file(struct check *ck, const struct spdx_index *idx,
		       const struct spdx_file *f)
{
	const struct spdx_expr *e = index_file_expr(idx, f);

	switch (f->status) {
	case ST_INVALID:
		ck->invalid++;
		/* spdxcheck puts "Unfinished" at column 0 of the line */
		diag(ck, f->path, f->line,
		     strcmp(e->error, EXPR_UNFINISHED) ? f->col + e->col : 0,
		     "error", "%s", e->error);
		break;
	case ST_ERROR:
		ck->invalid++;
		diag(ck, f->path, 0, 0, "error", "cannot read: %s", f->error);
		break;
	case ST_MISPLACED:
		if (ck->warnings)
			diag(ck, f->path, f->line, f->col, "warning",
			     "tag on line %u, expected on line %u", f->line,
			     f->flags & (SCAN_F_SHEBANG | SCAN_F_XMLDECL) ? 2 : 1);
		break;
	default:
		break;
	}
	if (ck->strict && e && e->valid && e->strict_error) {
		ck->invalid++;
		diag(ck, f->path, f->line, f->col + e->strict_col, "error",
		     "%s (scripts/spdxcheck.py)", e->strict_error);
	}
	if (!ck->warnings || f->status == ST_EXCLUDED)
		return;
	for (unsigned bit = 1; bit; bit <<= 1) {
		if (!(f->flags & warn_flags & bit))
			continue;
		if (bit == SCAN_F_MULTIPLE)
			diag(ck, f->path, f->second_line, 0, "warning",
			     "second SPDX tag (first on line %u)", f->line);
		else
			diag(ck, f->path, f->line, f->col, "warning", "%s",
			     scan_flag_message(bit));
	}
	if (e && (e->expr_flags & EXPR_F_MIXED_OP))
		diag(ck, f->path, f->line, f->col, "warning",
		     "operators in mixed case");
}

struct dirstat {
	char *dir;
	size_t total, missing;
};

static int cmp_dirstat(const void *a, const void *b)
{
	return strcmp(((const struct dirstat *)a)->dir, ((const struct dirstat *)b)->dir);
}

/* "./a/b/" for @path's directory, cut to @depth components when >= 0. */
static void dir_key(const char *path, int depth, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	int comps = 0;

	if (depth >= 0) {
		size_t k;

		for (k = 0; k < n; k++)
			if (path[k] == '/' && ++comps == depth)
				break;
		n = depth == 0 ? 0 : k;
	}
	snprintf(buf, size, "./%.*s%s", (int)n, path, n ? "/" : "");
}

/* Per-directory completeness, like scripts/spdxcheck.py -d. */
static int check_dirs(struct check *ck, const struct spdx_index *idx)
{
	struct dirstat *ds = NULL;
	size_t nds = 0, cap = 0;
	char key[PATH_MAX + 4];

	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (f->status == ST_EXCLUDED || !selected(ck, f->path))
			continue;
		dir_key(f->path, ck->depth, key, sizeof(key));
		if (!nds || strcmp(ds[nds - 1].dir, key)) {
			size_t k;

			/* Files are sorted, so a directory's files are mostly
			 * adjacent; look back only when they are not. */
			for (k = 0; k < nds && strcmp(ds[k].dir, key); k++)
				;
			if (k == nds) {
				struct dirstat *n = grow(ds, nds, &cap,
							 sizeof(*ds), 256);

				if (!n)
					goto nomem;
				ds = n;
				ds[nds].dir = strdup(key);
				if (!ds[nds].dir)
					goto nomem;
				ds[nds].total = ds[nds].missing = 0;
				nds++;
			}
			if (k != nds - 1) {
				struct dirstat t = ds[k];

				ds[k] = ds[nds - 1];
				ds[nds - 1] = t;
			}
		}
		ds[nds - 1].total++;
		ds[nds - 1].missing += spdx_file_lacks_tag(f);
	}
	qsort(ds, nds, sizeof(*ds), cmp_dirstat);
	if (ck->json)
		printf("[");
	else
		printf("Incomplete directories: SPDX in Files\n");
	for (size_t k = 0, n = 0; k < nds; k++) {
		size_t valid = ds[k].total - ds[k].missing;

		if (!ds[k].missing)
			continue;
		ck->listed++;
		if (ck->json) {
			printf("%s\n  {\"dir\": ", n++ ? "," : "");
			json_string(stdout, ds[k].dir);
			printf(", \"files\": %zu, \"tagged\": %zu}", ds[k].total, valid);
		} else {
			printf("    %-80s: %5zu of %5zu  %3d%%\n", ds[k].dir, valid,
			       ds[k].total, (int)(100 * valid / ds[k].total));
		}
	}
	if (ck->json)
		printf("\n]\n");
	for (size_t k = 0; k < nds; k++)
		free(ds[k].dir);
	free(ds);
	return 0;
nomem:
	for (size_t k = 0; k < nds; k++)
		free(ds[k].dir);
	free(ds);
	cli_error("out of memory");
	return -ENOMEM;
}

static void check_files_without(struct check *ck, const struct spdx_index *idx)
{
	if (ck->json)
		printf("[");
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (!spdx_file_lacks_tag(f) || !selected(ck, f->path))
			continue;
		if (ck->json) {
			printf("%s\n  ", ck->listed ? "," : "");
			json_string(stdout, f->path);
		} else {
			printf("%s\n", f->path);
		}
		ck->listed++;
	}
	if (ck->json)
		printf("\n]\n");
}

static const char check_help[] =
	"Check the SPDX tags of TREE (or of the PATHs inside it, relative to\n"
	"TREE).  Diagnostics read 'PATH: LINE:COL message', COL counted from 0\n"
	"as scripts/spdxcheck.py does.  Exit status 1 when a tag is invalid or a\n"
	"file cannot be read (and, with -f or -d, when a file lacks a valid tag).\n\n"
	"  -f, --files          list the files without a valid tag instead\n"
	"  -d, --dirs           per-directory completeness, like spdxcheck -d\n"
	"  -D, --depth N        directory depth for -d (default: unlimited)\n"
	"  -s, --kernel-strict  also report what scripts/spdxcheck.py's grammar\n"
	"                       rejects (A OR B OR C, unparenthesised WITH, ...)\n"
	"  -w, --no-warnings    report errors only\n";

int cmd_check(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_OPTS,
		{ "files", no_argument, NULL, 'f' },
		{ "dirs", no_argument, NULL, 'd' },
		{ "depth", required_argument, NULL, 'D' },
		{ "kernel-strict", no_argument, NULL, 's' },
		{ "no-warnings", no_argument, NULL, 'w' },
		{ 0 }
	};
	static const char args[] = "[OPTION]... TREE [PATH]...";
	struct check ck = { .depth = -1, .warnings = 1 };
	struct cli_index_opts o = { 0 };
	struct spdx_index *idx;
	struct source *src;
	char *end;
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qhfdD:sw", longopts, NULL)) != -1) {
		if ((r = common_opt(c, &o, &ck.json))) {
			if (r < 0)
				return 2;
			continue;
		}
		switch (c) {
		case 'f': ck.files = 1; break;
		case 'd': ck.dirs = 1; break;
		case 's': ck.strict = 1; break;
		case 'w': ck.warnings = 0; break;
		case 'D':
			ck.depth = strtol(optarg, &end, 10);
			if (*end || ck.depth < 0) {
				cli_error("--depth: expected a number >= 0, got '%s'", optarg);
				return 2;
			}
			break;
		case 'h':
			usage_line(stdout, "check", args);
			printf("%s%s%s", check_help, cli_index_help, common_help);
			return 0;
		default:
			return cli_bad_usage("check", args);
		}
	}
	if (argc - optind < 1)
		return cli_bad_usage("check", args);
	ck.paths = argv + optind + 1;
	ck.npaths = argc - optind - 1;
	for (int i = 0; i < ck.npaths; i++) {
		char *p = ck.paths[i];
		size_t n;

		while (p[0] == '.' && p[1] == '/')
			p += 2;
		if (!strcmp(p, "."))
			p += 1;
		n = strlen(p);
		while (n && p[n - 1] == '/')
			p[--n] = '\0';
		ck.paths[i] = p;
	}
	r = cli_open_index(argv[optind], &o, &src, &idx);
	if (r)
		return r;
	for (int i = 0; i < ck.npaths; i++) {
		int found = 0;

		for (size_t k = 0; k < idx->nfiles && !found; k++)
			found = selected(&(struct check){ .paths = &ck.paths[i], .npaths = 1 },
					 idx->files[k].path);
		if (!found) {
			cli_error("%s: no such file in %s", ck.paths[i], src->root);
			r = 2;
			goto out;
		}
	}
	if (ck.dirs) {
		if (check_dirs(&ck, idx))
			r = 2;
	} else if (ck.files) {
		check_files_without(&ck, idx);
	} else {
		if (ck.json)
			printf("[");
		for (size_t i = 0; i < idx->nfiles; i++)
			if (selected(&ck, idx->files[i].path))
				check_file(&ck, idx, &idx->files[i]);
		if (ck.json)
			printf("\n]\n");
	}
	if (!r && (ck.invalid || ck.listed))
		r = 1;
out:
	index_free(idx);
	source_free(src);
	return r;
}

/* built */

static void built_list(FILE *out, const struct spdx_index *idx,
		       const struct spdx_file *const *files, size_t n, int json)
{
	if (json)
		fputs("[", out);
	for (size_t i = 0; i < n; i++) {
		const struct spdx_file *f = files[i];
		const struct spdx_expr *e = index_file_expr(idx, f);

		if (!json) {
			fprintf(out, "%s\t%s\t%u\t%s\n", f->path,
				spdx_status_name(f->status), f->line, e ? e->text : "");
			continue;
		}
		fprintf(out, "%s\n  {\"path\": ", i ? "," : "");
		json_string(out, f->path);
		fprintf(out, ", \"status\": \"%s\", \"expression\": ",
			spdx_status_name(f->status));
		if (e)
			json_string(out, e->text);
		else
			fputs("null", out);
		fputc('}', out);
	}
	if (json)
		fputs("\n]\n", out);
}

static const char built_help[] =
	"The license bill of materials of a kernel image: every source and\n"
	"header of TREE that went into BUILD_DIR's vmlinux, read from the\n"
	"build's own records (.vmlinux.o.cmd, the thin archives, each object's\n"
	".cmd deps), with its status and expression.  TREE defaults to the\n"
	"build's source tree (BUILD_DIR/source for O= builds).  Exit status 1\n"
	"when a built file has no valid tag.\n\n"
	"  -l, --list       one line per file (PATH, STATUS, LINE, EXPRESSION)\n";

int cmd_built(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_OPTS,
		{ "list", no_argument, NULL, 'l' },
		{ 0 }
	};
	static const char args[] = "[OPTION]... BUILD_DIR [TREE]";
	struct cli_index_opts o = { 0 };
	const struct spdx_file **files = NULL;
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct built *b = NULL;
	size_t n = 0, missing = 0, lacking = 0;
	struct summary s;
	char err[512];
	int c, r, json = 0, list = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "aj:qhl", longopts, NULL)) != -1) {
		if ((r = common_opt(c, &o, &json))) {
			if (r < 0)
				return 2;
			continue;
		}
		if (c == 'l') {
			list = 1;
		} else if (c == 'h') {
			usage_line(stdout, "built", args);
			printf("%s%s%s", built_help, cli_index_help, common_help);
			return 0;
		} else {
			return cli_bad_usage("built", args);
		}
	}
	if (argc - optind < 1 || argc - optind > 2)
		return cli_bad_usage("built", args);
	r = built_collect(&b, argv[optind], err, sizeof(err));
	if (r) {
		cli_error("%s", err);
		return 2;
	}
	r = cli_open_index(argc - optind == 2 ? argv[optind + 1] : b->srctree, &o,
			   &src, &idx);
	if (r)
		goto out;
	files = malloc((b->npaths ? b->npaths : 1) * sizeof(*files));
	if (!files) {
		cli_error("out of memory");
		r = 2;
		goto out;
	}
	n = report_built_files(idx, b, files, &missing);
	for (size_t i = 0; i < n; i++)
		lacking += spdx_file_lacks_tag(files[i]);
	if (list) {
		built_list(stdout, idx, files, n, json);
	} else if (summary_compute_files(&s, idx, files, n)) {
		cli_error("out of memory");
		r = 2;
		goto out;
	} else {
		if (json) {
			report_summary_json(stdout, &s);
		} else {
			report_built_text(stdout, &s, b, files, n, missing);
		}
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
