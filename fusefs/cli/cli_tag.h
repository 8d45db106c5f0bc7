/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_tag: the "tag" command, a thin layer over tag.h: options, the
 * output directory, the base commit, progress and the summary.
 * Returns the exit status like the other cmd_*(): 0, or 2 on bad input.
 */
#ifndef SPDXFS_CLI_TAG_H
#define SPDXFS_CLI_TAG_H

int cmd_tag(int argc, char **argv);

#endif
