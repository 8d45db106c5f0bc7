// SPDX-License-Identifier: GPL-2.0-only
/*
 * log: stderr in the foreground, syslog once daemonized.
 */
#define FUSE_USE_VERSION 35

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <syslog.h>

#include <fuse_log.h>

#include "log.h"

/* Set before any thread starts (log.h), read-only afterwards. */
static int use_syslog;

/* One line, formatted once, so that threads do not interleave. */
static void log_vmsg(int level, const char *fmt, va_list ap)
{
	char buf[1024];
	size_t n;

	vsnprintf(buf, sizeof(buf), fmt, ap);
	n = strlen(buf);
	while (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
	if (use_syslog)
		syslog(level, "%s", buf);
	else
		fprintf(stderr, "spdxfs: %s\n", buf);
}

void log_msg(int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_vmsg(level, fmt, ap);
	va_end(ap);
}

/* libfuse's levels are syslog's (fuse_log.h says so). */
static void fuse_log_cb(enum fuse_log_level level, const char *fmt, va_list ap)
{
	log_vmsg(level, fmt, ap);
}

void log_to_syslog(void)
{
	openlog("spdxfs", LOG_PID, LOG_DAEMON);
	use_syslog = 1;
	fuse_set_log_func(fuse_log_cb);
}
