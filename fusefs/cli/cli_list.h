/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_list: the "list" command, one line per file (report.h).
 * Returns the exit status: 0, 1 as the command documents, 2 after a
 * one-line error or bad usage.
 */
#ifndef SPDXFS_CLI_LIST_H
#define SPDXFS_CLI_LIST_H

int cmd_list(int argc, char **argv);

#endif
