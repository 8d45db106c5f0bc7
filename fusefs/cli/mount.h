/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mount: the "spdxfs mount" command, and the mount.fuse3 form
 * "spdxfs TREE MOUNTPOINT [-o OPTIONS]".
 */
#ifndef SPDXFS_MOUNT_H
#define SPDXFS_MOUNT_H

/*
 * argv[0] is the command ("mount", or the program name in the
 * mount.fuse3 form); the rest are options, TREE and MOUNTPOINT.  Returns
 * the exit status: 0 after a clean unmount or SIGTERM/SIGINT, 1 when the
 * mount or the session failed, 2 on bad input (one line on stderr,
 * nothing mounted).
 */
int cmd_mount(int argc, char **argv);

#endif
