/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_check: the "check" command, diagnostics of a tree's tags (check.h, report.h).
 * Returns the exit status: 0, 1 as the command documents, 2 after a
 * one-line error or bad usage.
 */
#ifndef SPDXFS_CLI_CHECK_H
#define SPDXFS_CLI_CHECK_H

int cmd_check(int argc, char **argv);

#endif
