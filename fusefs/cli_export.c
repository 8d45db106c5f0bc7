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

#include "cli.h"
#include "cli_export.h"
#include "error.h"
#include "export.h"
#include "version.h"

static const char export_help[] =
	"Write an SPDX document of TREE (default: the current directory): one\n"
	"package, with one file entry per regular file: its path, SHA1 and\n"
	"SHA256 (3.0.1: and gitoid), and its tag's expression as written.\n"
	"Identifiers not on the SPDX License List become LicenseRef-ID with the\n"
	"text of their LICENSES/ file.  SOURCE_DATE_EPOCH sets the creation time\n"
	"(default: the newest file's mtime); two runs write the same bytes.\n\n"
	"  -f, --format FMT     spdx-json (SPDX 2.3 JSON), spdx-tv (SPDX 2.3\n"
	"                       tag-value) or spdx3 (SPDX 3.0.1 JSON-LD)\n"
	"  -o, --output FILE    write FILE (by a temporary file and a rename)\n"
	"                       instead of standard output\n"
	"      --pretty         indent the JSON\n"
	"      --declared EXPR  the package's declared license (default: COPYING's\n"
	"                       tag, in today's spelling)\n";

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

static int run(struct export_cli *c, const char *dir)
{
	const struct spdx_file **files = NULL;
	struct export_doc *doc = NULL;
	struct spdx_error err = { 0 };
	struct cli_tree t;
	size_t n;
	int r;

	r = cli_tree_open(&t, dir, &c->io);
	if (r)
		return r;
	r = cli_tree_select(&t, NULL, NULL, 0, NULL, &files, &n);
	if (r)
		goto out;
	if (export_prepare(&doc, t.src, t.idx, files, n, &c->o, &err)) {
		cli_error("%s", err.msg);
		r = 2;
		goto out;
	}
	if (c->output) {
		r = write_file(c->output, doc);
	} else if (export_write(stdout, doc) || fflush(stdout)) {
		cli_error("standard output: write error");
		r = 2;
	}
out:
	export_free(doc);
	free(files);
	cli_tree_close(&t);
	return r;
}

int cmd_export(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "pretty", no_argument, NULL, 'P' },
		{ "declared", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		CLI_INDEX_OPTS,
		{ 0 }
	};
	static const char args[] = "--format FMT [OPTION]... [TREE]";
	struct export_cli c = { .o.tool = "spdxfs-" SPDXFS_VERSION };
	int ch, r;

	optind = 1;
	while ((ch = getopt_long(argc, argv, "f:o:aj:qh", longopts, NULL)) != -1) {
		r = cli_index_opt(ch, &c.io);
		if (r < 0)
			return 2;
		if (r)
			continue;
		switch (ch) {
		case 'f':
			if (parse_format(optarg, &c.o.format)) {
				cli_error("--format: '%s' is not spdx-json, spdx-tv "
					  "or spdx3", optarg);
				return 2;
			}
			c.have_format = 1;
			break;
		case 'o': c.output = optarg; break;
		case 'P': c.o.pretty = 1; break;
		case 'D': c.o.declared = optarg; break;
		case 'h':
			printf("usage: spdxfs export %s\n%s%s", args, export_help,
			       cli_index_help);
			return 0;
		default:
			return cli_bad_usage("export", args);
		}
	}
	if (!c.have_format || argc - optind > 1)
		return cli_bad_usage("export", args);
	c.o.nthreads = c.io.nthreads;
	r = created_time(&c.o.created);
	if (r)
		return r;
	return run(&c, optind < argc ? argv[optind] : ".");
}
