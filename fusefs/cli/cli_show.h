/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_show: the "show" command, all that is known of some files (show.h).
 * Returns the exit status: 0, 1 as the command documents, 2 after a
 * one-line error or bad usage.
 */
#ifndef SPDXFS_CLI_SHOW_H
#define SPDXFS_CLI_SHOW_H

int cmd_show(int argc, char **argv);

#endif
