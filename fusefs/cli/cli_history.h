/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_history: the "history" command: per commit of a range (history.h),
 * the counts "spdxfs scan --rev ID REPO" reports, oldest first.  Returns
 * the exit status like the other cmd_*(): 0, or 2 on bad input.
 */
#ifndef SPDXFS_CLI_HISTORY_H
#define SPDXFS_CLI_HISTORY_H

int cmd_history(int argc, char **argv);

#endif
