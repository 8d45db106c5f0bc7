/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_export: the "export" command, SPDX documents of a tree (export.h).
 * Returns the exit status like the other cmd_*(): 0, or 2 on bad input
 * (an unknown format, an unwritable output, a file that cannot be read,
 * an expression the format cannot express) after one line on stderr.
 */
#ifndef SPDXFS_CLI_EXPORT_H
#define SPDXFS_CLI_EXPORT_H

int cmd_export(int argc, char **argv);

/* "spdxfs built --format FMT ...": the SPDX document of a built kernel. */
int cmd_built_export(int argc, char **argv);

#endif
