// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_export: the "export" command, a thin layer over export.h: options,
 * the creation time, and the output file, written under a temporary name
 * beside it and renamed into place, so that a failed export leaves no
 * partial document behind.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sbom/built.h"
#include "sbom/built_report.h"
#include "cli/cli.h"
#include "cli/cli_export.h"
#include "util/error.h"
#include "sbom/export.h"
#include "index.h"
#include "report.h"
#include "source/source.h"
#include "util/version.h"

static const char export_help[] =
	"Write an SPDX document of TREE (default: the current directory), of\n"
	"the PATHs named (TREE PATH..., or PATH... from the current directory,\n"
	"as for 'spdxfs check'), or\n"
	"with --rev of revision REV of git repository REPO (its version from\n"
	"the revision's top Makefile, its bytes from the blobs): one\n"
	"package, with one file entry per regular file: its path, SHA1 and\n"
	"SHA256 (3.0.1: and gitoid), and its tag's expression as written.\n"
	"Identifiers not on the SPDX License List become LicenseRef-ID with the\n"
	"text of their LICENSES/ file.  SOURCE_DATE_EPOCH sets the creation time\n"
	"(default: the newest file's mtime); two runs write the same bytes.\n\n"
	"  -f, --format FMT     spdx-json (SPDX 2.3 JSON), spdx-tv (SPDX 2.3\n"
	"                       tag-value), spdx-rdf (SPDX 2.3 RDF/XML, as\n"
	"                       FOSSology imports) or spdx3 (SPDX 3.0.1 JSON-LD)\n"
	"  -o, --output FILE    write FILE (by a temporary file and a rename)\n"
	"                       instead of standard output\n"
	"      --pretty         indent the JSON\n"
	"      --declared EXPR  the package's declared license (default: COPYING's\n"
	"                       tag, in today's spelling, when TREE is the root;\n"
	"                       a directory of a tree is package linux/DIR, its\n"
	"                       declared license NOASSERTION)\n"
	"      --modern         write each license identifier in today's spelling\n"
	"                       (GPL-2.0 as GPL-2.0-only, GPL-2.0+ as\n"
	"                       GPL-2.0-or-later, as 'spdxfs show' does); default:\n"
	"                       as the files write them.  The document's creation\n"
	"                       comment says which\n";

struct export_cli {
	struct cli_index_opts io;
	struct export_opts o;
	const char *output;
	int have_format;
};

static int parse_format(const char *s, enum export_format *f)
{
	if (!strcmp(s, "spdx-json"))
		*f = EXPORT_SPDX_JSON;
	else if (!strcmp(s, "spdx-tv"))
		*f = EXPORT_SPDX_TV;
	else if (!strcmp(s, "spdx3"))
		*f = EXPORT_SPDX3;
	else if (!strcmp(s, "spdx-rdf"))
		*f = EXPORT_SPDX_RDF;
	else
		return -EINVAL;
	return 0;
}

/* SOURCE_DATE_EPOCH, the reproducible-builds convention, or -1. */
static int created_time(int64_t *t)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	*t = -1;
	if (!s || !*s)
		return 0;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end || errno || v < 0 || s[0] < '0' || s[0] > '9') {
		cli_error("SOURCE_DATE_EPOCH: '%s' is not a number of seconds", s);
		return 2;
	}
	*t = v;
	return 0;
}

static mode_t umask_now(void)
{
	mode_t m = umask(0);

	umask(m);
	return m;
}

/* Write @doc to @path through a temporary file beside it. */
static int write_file(const char *path, const struct export_doc *doc)
{
	char tmp[PATH_MAX];
	FILE *f;
	int fd, r;

	if (snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path) >= (int)sizeof(tmp)) {
		cli_error("%s: %s", path, strerror(ENAMETOOLONG));
		return 2;
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		cli_error("%s: %s", path, strerror(errno));
		return 2;
	}
	f = fdopen(fd, "w");
	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return 2;
	}
	r = export_write(f, doc);
	if (fclose(f) || r) {
		cli_error("%s: write error", path);
		unlink(tmp);
		return 2;
	}
	/* mkstemp() made it 0600; a document is for others to read. */
	if (chmod(tmp, 0644 & ~umask_now()) || rename(tmp, path)) {
		cli_error("%s: %s", path, strerror(errno));
		unlink(tmp);
		return 2;
	}
	return 0;
}

/* @doc to -o's file or standard output. */
static int write_doc(const struct export_cli *c, const struct export_doc *doc)
{
	if (c->output)
		return write_file(c->output, doc);
	if (export_write(stdout, doc) || fflush(stdout)) {
		cli_error("standard output: write error");
		return 2;
	}
	return 0;
}

/* The document of @n @files of @idx, read from @src, written out. */
static int export_files(struct export_cli *c, struct source *src,
			const struct spdx_index *idx,
			const struct spdx_file *const *files, size_t n)
{
	struct export_doc *doc = NULL;
	struct spdx_error err = { 0 };
	int r;

	if (export_prepare(&doc, src, idx, files, n, &c->o, &err)) {
		cli_error("%s", err.msg);
		return 2;
	}
	r = write_doc(c, doc);
	export_free(doc);
	return r;
}

/* The document of the files operands @args (@nargs) name
 * (cli_tree_open_args()). */
static int run(struct export_cli *c, char *const *args, size_t nargs)
{
	const struct spdx_file **files = NULL;
	struct cli_tree t;
	size_t n;
	int r;

	r = cli_tree_open_args(&t, args, nargs, &c->io, 0);
	if (r)
		return r;
	r = cli_tree_select(&t, t.base, t.paths, t.npaths, NULL, &files, &n);
	c->o.under = t.npaths ? "" : t.where.under;	/* named: the tree's */
	if (!r)
		r = export_files(c, t.src, t.idx, files, n);
	free(files);
	cli_tree_close(&t);
	return r;
}

#define EXPORT_OPTS \
	{ "format", required_argument, NULL, 'f' }, \
	{ "output", required_argument, NULL, 'o' }, \
	{ "pretty", no_argument, NULL, 'P' }, \
	{ "declared", required_argument, NULL, 'D' }, \
	{ "modern", no_argument, NULL, 'M' }, \
	{ "help", no_argument, NULL, 'h' }, \
	CLI_INDEX_OPTS

#define EXPORT_USAGE \
	"--format FMT [OPTION]... [TREE [PATH]... | PATH... | --rev REV REPO]"

/* export reads revisions too; built's build directory has none. */
static const struct option export_longopts[] = {
	EXPORT_OPTS, CLI_REV_OPT, { 0 }
};

static const struct option built_longopts[] = {
	EXPORT_OPTS, { 0 }
};

/* A command of this file: its options, operands, and what it runs. */
struct export_cmd {
	const char *name, *args, *help;
	const struct option *longopts;
	int min, max;		/* operands */
	int (*run)(struct export_cli *c, char **operands, int n);
};

/*
 * The options of export and of built --format, then @cmd->min to
 * @cmd->max operands.  Returns -1 to go on, else the exit status.
 */
static int parse_export_opts(struct export_cli *c, int argc, char **argv,
			     const struct export_cmd *cmd)
{
	int ch, r;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:o:aj:qh", cmd->longopts, NULL)) != -1) {
		r = cli_index_opt(ch, &c->io);
		if (r < 0)
			return 2;
		if (r)
			continue;
		switch (ch) {
		case 'f':
			if (parse_format(optarg, &c->o.format)) {
				cli_error("--format: '%s' is not spdx-json, spdx-tv, "
					  "spdx-rdf or spdx3", optarg);
				return 2;
			}
			c->have_format = 1;
			break;
		case 'o': c->output = optarg; break;
		case 'P': c->o.pretty = 1; break;
		case 'D': c->o.declared = optarg; break;
		case 'M': c->o.modern = 1; break;
		case 'h':
			printf("usage: spdxfs %s %s\n%s%s%s", cmd->name, cmd->args,
			       cmd->help, cli_index_help,
			       cmd->longopts == export_longopts ? cli_rev_help : "");
			return 0;
		default:
			return cli_bad_usage(cmd->name, cmd->args);
		}
	}
	if (!c->have_format || argc - optind < cmd->min || argc - optind > cmd->max)
		return cli_bad_usage(cmd->name, cmd->args);
	c->o.nthreads = c->io.nthreads;
	c->o.tool = "spdxfs-" SPDXFS_VERSION;
	return created_time(&c->o.created) ? 2 : -1;
}

/* Parse @cmd's options, then run it on its operands. */
static int export_main(int argc, char **argv, const struct export_cmd *cmd)
{
	struct export_cli c = { 0 };
	int r;

	r = parse_export_opts(&c, argc, argv, cmd);
	if (r >= 0)
		return r;
	return cmd->run(&c, argv + optind, argc - optind);
}

/* export [TREE [PATH]... | PATH...], or export --rev REV [REPO] */
static int export_tree(struct export_cli *c, char **operands, int n)
{
	if (c->io.rev && n > 1)
		return cli_bad_usage("export", EXPORT_USAGE);
	return run(c, operands, n);
}

int cmd_export(int argc, char **argv)
{
	static const struct export_cmd cmd = {
		"export", EXPORT_USAGE, export_help, export_longopts, 0, INT_MAX,
		export_tree
	};

	return export_main(argc, argv, &cmd);
}

/* built --format */

static const char built_export_help[] =
	"An SPDX document of the kernel BUILD_DIR built: its image (vmlinux, and\n"
	"arch/*/boot/bzImage when there is one) as the package the document\n"
	"describes, GENERATED_FROM the package of the files of TREE that went\n"
	"into it (what 'spdxfs built' lists), each file as 'spdxfs export'\n"
	"writes it, its comment saying why it is there ('spdxfs built: embedded:\n"
	"...'); for SPDX 3.0.1 also a build_Build with the SHA256 of\n"
	".config and the kernel release.  Each module's .ko (modules.order)\n"
	"is an image file GENERATED_FROM its sources, its license= stated.\n\n"
	"  -f, --format FMT     spdx-json, spdx-tv, spdx-rdf or spdx3\n"
	"  -o, --output FILE    write FILE instead of standard output\n"
	"      --pretty         indent the JSON\n"
	"      --declared EXPR  the source package's declared license\n"
	"      --modern         license identifiers in today's spelling\n";

static int built_export(struct export_cli *c, const char *build, const char *tree)
{
	const struct spdx_file **files = NULL;
	struct export_image im = { 0 };
	struct spdx_error err = { 0 };
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct built *b = NULL;
	size_t n, missing;
	int r;

	if (built_collect(&b, build, &err) || export_image_open(&im, build, &err)) {
		cli_error("%s", err.msg);
		r = 2;
		goto out;
	}
	cli_built_warnings(build, b);
	r = cli_open_index(tree ? tree : b->srctree, &c->io, &src, &idx);
	if (r)
		goto out;
	files = calloc(b->npaths ? b->npaths : 1, sizeof(*files));
	if (!files) {
		cli_error("out of memory");
		r = 2;
		goto out;
	}
	n = report_built_files(idx, b, files, &missing);
	im.built = b;
	c->o.image = &im;
	r = export_files(c, src, idx, files, n);
out:
	export_image_release(&im);
	free(files);
	index_free(idx);
	source_free(src);
	built_free(b);
	return r;
}

/* built BUILD_DIR [TREE] */
static int built_operands(struct export_cli *c, char **operands, int n)
{
	return built_export(c, operands[0], n > 1 ? operands[1] : NULL);
}

int cmd_built_export(int argc, char **argv)
{
	static const struct export_cmd cmd = {
		"built", "--format FMT [OPTION]... BUILD_DIR [TREE]",
		built_export_help, built_longopts, 1, 2, built_operands
	};

	return export_main(argc, argv, &cmd);
}
