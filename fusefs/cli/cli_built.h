/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_built: the "built" command, the licenses of a kernel image's files (built.h).
 * Returns the exit status: 0, 1 as the command documents, 2 after a
 * one-line error or bad usage.
 */
#ifndef SPDXFS_CLI_BUILT_H
#define SPDXFS_CLI_BUILT_H

int cmd_built(int argc, char **argv);

#endif
