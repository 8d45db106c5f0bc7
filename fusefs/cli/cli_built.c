// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_built: the "built" command, the licenses of a kernel image's files
 * (built.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbom/built.h"
#include "sbom/built_report.h"
#include "cli/cli.h"
#include "cli/cli_built.h"
#include "cli/cli_built_modules.h"
#include "cli/cli_export.h"
#include "util/error.h"
#include "util/grow.h"
#include "index.h"
#include "report.h"
#include "source/source.h"

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
		CLI_COMMON_OPTS,
		{ "list", no_argument, NULL, 'l' },
		{ "modules", no_argument, NULL, 'm' },
		{ 0 }
	};
	static const char *const help[] = {
		built_help, cli_index_help, cli_nul_help, cli_common_help, cli_quoting_help,
		NULL
	};
	int r, flags[2] = { 0 }, list;
	const struct cli_cmd_opts co = {
		"built", "[OPTION]... BUILD_DIR [TREE]", "aj:qhzlm", longopts,
		help, 1, 2, list_opt, flags
	};
	struct cli_index_opts o = { 0 };
	struct cli_out_opts out = { 0 };
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
	r = cli_parse_opts(argc, argv, &co, &o, &out);
	if (r >= 0)
		return r;
	list = flags[0];
	if ((out.nul && !list) || (list && flags[1]))
		return cli_bad_usage(co.name, co.args);
	if (cli_out_format(&out, &fmt))
		return 2;
	if (flags[1])
		return built_modules_main(argv[optind], argc - optind == 2 ?
					  argv[optind + 1] : NULL, &o, fmt);
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
