/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_diff: the "diff" command, a thin layer over diff.h: two trees
 * (two revisions of a repository, or two directories) indexed, compared
 * and printed.  Returns the exit status like the other cmd_*(): 0, 1
 * when --fail-on names a class that has a line, 2 on bad input.
 */
#ifndef SPDXFS_CLI_DIFF_H
#define SPDXFS_CLI_DIFF_H

int cmd_diff(int argc, char **argv);

#endif
