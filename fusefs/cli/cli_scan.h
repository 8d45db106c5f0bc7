/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_scan: the "scan" command, a tree's summary and its charts (report.h, chart.h).
 * Returns the exit status: 0, 1 as the command documents, 2 after a
 * one-line error or bad usage.
 */
#ifndef SPDXFS_CLI_SCAN_H
#define SPDXFS_CLI_SCAN_H

int cmd_scan(int argc, char **argv);

#endif
