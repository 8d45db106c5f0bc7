/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * version: the one definition of spdxfs's version.
 *
 * "spdxfs --version", "spdxfs version", the tag series' signature and
 * the man page (the Makefile reads the number from this line) all take
 * it from here.  A header rather than a -D flag, so that changing it
 * rebuilds what uses it.
 */
#ifndef SPDXFS_VERSION_H
#define SPDXFS_VERSION_H

#define SPDXFS_VERSION "0.1"

#endif
