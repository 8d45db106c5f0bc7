/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_modules: "spdxfs check --modules" (index/modlic.h).  Takes check's
 * arguments (argv[0] "check", --modules among them) and returns the exit
 * status: 0, the calls listed (they are warnings), or 2 after a
 * one-line error (bad usage, no MODULE_LICENSE table in the tree).
 */
#ifndef SPDXFS_CLI_MODULES_H
#define SPDXFS_CLI_MODULES_H

int cmd_check_modules(int argc, char **argv);

#endif
