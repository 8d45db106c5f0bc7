/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * log: the daemon's messages, wherever they can still be read.
 *
 * Until log_to_syslog(), a message goes to stderr as "spdxfs: MESSAGE";
 * after it, to syslog(3) with ident "spdxfs" and facility LOG_DAEMON
 * (journalctl -t spdxfs, /var/log/syslog).  cmd_mount() switches once
 * fuse_daemonize() has pointed stderr at /dev/null, and not with -f;
 * libfuse's own messages then follow the same way.
 *
 * Levels are syslog's: LOG_ERR, LOG_WARNING, LOG_NOTICE, LOG_INFO.  Safe
 * from any thread; log_to_syslog() is called before the daemon starts
 * its threads.
 */
#ifndef SPDXFS_LOG_H
#define SPDXFS_LOG_H

#include <syslog.h>

void log_msg(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* From now on, to syslog rather than stderr, libfuse's messages too. */
void log_to_syslog(void);

#endif
