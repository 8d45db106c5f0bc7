// SPDX-License-Identifier: GPL-2.0-only
/*
 * spdxfs: browse a kernel tree by SPDX license.
 *
 * The entry point only dispatches: the commands live in cli.c,
 * cli_diff.c, cli_tag.c and mount.c, beside it; the library they call
 * is in index/.
 */
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli_built.h"
#include "cli/cli_check.h"
#include "cli/cli_diff.h"
#include "cli/cli_history.h"
#include "cli/cli_list.h"
#include "cli/cli_cache.h"
#include "cli/cli_export.h"
#include "cli/cli_scan.h"
#include "cli/cli_show.h"
#include "cli/cli_tag.h"
#include "cli/mount.h"
#include "util/version.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

/* "spdxfs version", "-V" and "--version" print the same line. */
static int cmd_version(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		printf("usage: spdxfs version\nPrint the version of spdxfs.\n");
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "usage: spdxfs version\n");
		return 2;
	}
	printf("spdxfs %s\n", SPDXFS_VERSION);
	return 0;
}

static const struct command commands[] = {
	{ "scan", cmd_scan, "build or refresh the index of a tree; print a summary" },
	{ "list", cmd_list, "one line per file: path, status, line, expression" },
	{ "check", cmd_check, "diagnostics; exit 1 on an invalid tag" },
	{ "show", cmd_show, "all that is known of some files: license, uapi, suggestion" },
	{ "diff", cmd_diff, "license changes between two revisions or two trees" },
	{ "history", cmd_history, "per commit of a range: the counts scan reports" },
	{ "built", cmd_built, "the licenses of the files built into a kernel image" },
	{ "mount", cmd_mount, "mount the license views of a tree (FUSE)" },
	{ "export", cmd_export, "an SPDX document of a tree: 2.3 JSON or tag-value, 3.0.1" },
	{ "tag", cmd_tag, "write a patch series adding SPDX tags to untagged files" },
	{ "cache", cmd_cache, "show the saved indexes; prune or clear them" },
	{ "version", cmd_version, "print the version (also -V, --version)" },
};

static void usage(FILE *out)
{
	fprintf(out, "usage: spdxfs COMMAND [OPTION]... [TREE] ...\n\n"
		"Index a Linux kernel tree's SPDX license tags.\n\nCommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'spdxfs COMMAND --help' describes each command.\n");
}

/*
 * The allocator's policy, the program's to choose (the library leaves
 * its caller's allocator alone).  A git revision's blobs are read whole
 * into malloc'd memory, and the kernel's largest (amdgpu's register
 * headers) run to 24 MB.  glibc serves such a block by mmap(), but on
 * freeing it raises its mmap threshold to the block's size: every blob
 * under 24 MB after that came from the arenas, whose freed pages stay
 * resident, and each thread allocating has an arena of its own.  A
 * fixed threshold hands big blobs back as soon as they are freed; it
 * fixes the trim threshold too, at a default of 128 KiB that had the
 * heap shrunk and grown again between the many small builds of "spdxfs
 * history" (15% of its CPU), so that is set too.  Two arenas cost the
 * scanning threads little: with an empty blob cache "scan --rev v6.1"
 * went from 114 MB of peak RSS to 88-92, v6.12 from 117 to 100-105.  They
 * cost the mount's FUSE workers little too (a request allocates once),
 * and keep the daemon, with its workers and its rescans' threads, at
 * 50 MB on the 6.1 tree after a load run, where it stayed at 80 MB and
 * more.  Most commands can read a revision (--rev, diff, history, tag
 * --upstream-rev), so it is set for all of them.
 */
static void malloc_policy(void)
{
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	mallopt(M_TRIM_THRESHOLD, 8 << 20);
	mallopt(M_ARENA_MAX, 2);
}

int main(int argc, char **argv)
{
	malloc_policy();
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version"))
		return cmd_version(1, argv);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	/* mount.fuse3 runs "spdxfs TREE MOUNTPOINT -o OPTIONS" (fstab:
	 * "spdxfs#TREE MOUNTPOINT fuse ..."). */
	if (argc >= 3 && argv[1][0] != '-') {
		struct stat st;

		if (!stat(argv[1], &st) && S_ISDIR(st.st_mode))
			return cmd_mount(argc, argv);
	}
	fprintf(stderr, "spdxfs: unknown command '%s'\n", argv[1]);
	fprintf(stderr, "Try 'spdxfs --help'.\n");
	return 2;
}
