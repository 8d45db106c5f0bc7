/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli_cache: the "cache" command, a thin layer over cache.h: show the
 * saved indexes, prune them or clear them.  Returns the exit status like
 * the other cmd_*(): 0, 1 when a removal failed, or 2 on bad input.
 */
#ifndef SPDXFS_CLI_CACHE_H
#define SPDXFS_CLI_CACHE_H

int cmd_cache(int argc, char **argv);

#endif
