// SPDX-License-Identifier: GPL-2.0-only
/*
 * thread: start a helper thread on another CPU than its creator's
 * (thread.h).
 */
#include <sched.h>
#include <stdlib.h>

#include "util/thread.h"

struct start {
	void *(*fn)(void *);
	void *arg;
	cpu_set_t all;		/* the creator's CPUs, taken back */
};

static void *started(void *p)
{
	struct start s = *(struct start *)p;

	free(p);
	pthread_setaffinity_np(pthread_self(), sizeof(s.all), &s.all);
	return s.fn(s.arg);
}

int thread_start(pthread_t *tid, void *(*fn)(void *), void *arg)
{
	struct start *s = malloc(sizeof(*s));
	pthread_attr_t attr;
	cpu_set_t other;
	int cpu = sched_getcpu();

	if (!s)
		goto plain;
	*s = (struct start){ .fn = fn, .arg = arg };
	if (sched_getaffinity(0, sizeof(s->all), &s->all) || cpu < 0 ||
	    cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &s->all) ||
	    CPU_COUNT(&s->all) < 2 || pthread_attr_init(&attr))
		goto plain;
	other = s->all;
	CPU_CLR(cpu, &other);
	if (!pthread_attr_setaffinity_np(&attr, sizeof(other), &other) &&
	    !pthread_create(tid, &attr, started, s)) {
		pthread_attr_destroy(&attr);
		return 0;
	}
	pthread_attr_destroy(&attr);
plain:
	free(s);
	return pthread_create(tid, NULL, fn, arg);
}
