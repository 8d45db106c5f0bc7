/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * thread: start a helper thread on another CPU than its creator's.
 *
 * A thread that pthread_create() starts while its creator keeps its CPU
 * busy can wait on that CPU until the scheduler next balances the load,
 * a tick later: up to 4 ms on the two-CPU machines here, where a rescan
 * takes 70 ms and a history of 500 commits 20 ms, and the thread was
 * meant to halve them.  thread_start() starts @fn(@arg) on any CPU the
 * caller may run on but its own; the thread takes back the caller's
 * whole set of CPUs before calling @fn, so the hint only says where it
 * begins.  With one CPU allowed, or when the hint cannot be given, it is
 * pthread_create() itself.  Returns 0, or pthread_create()'s error.
 */
#ifndef SPDXFS_THREAD_H
#define SPDXFS_THREAD_H

#include <pthread.h>

int thread_start(pthread_t *tid, void *(*fn)(void *), void *arg);

#endif
