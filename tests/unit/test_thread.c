// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_thread: thread_start() runs its function with its argument, and
 * the thread ends up with its creator's whole set of CPUs, whether the
 * hint to start elsewhere could be given or not.
 */
#include <sched.h>
#include <stdint.h>
#include <string.h>

#include "tap.h"
#include "util/thread.h"

struct seen {
	int arg;
	cpu_set_t set;
	int set_err;
};

static void *record(void *p)
{
	struct seen *s = p;

	s->arg *= 2;
	s->set_err = sched_getaffinity(0, sizeof(s->set), &s->set);
	return (void *)(intptr_t)(s->arg + 1);
}

/* Start one thread from a creator whose set is @creator; check it. */
static void one(const char *what, const cpu_set_t *creator)
{
	struct seen s = { .arg = 21 };
	pthread_t tid;
	void *ret = NULL;

	is_int(thread_start(&tid, record, &s), 0, "%s: started", what);
	is_int(pthread_join(tid, &ret), 0, "%s: joined", what);
	is_int((intptr_t)ret, 43, "%s: its function's value", what);
	is_int(s.arg, 42, "%s: its argument", what);
	is_int(s.set_err, 0, "%s: its CPUs read", what);
	is_int(CPU_COUNT(&s.set), CPU_COUNT(creator),
	       "%s: as many CPUs as its creator", what);
	ok(CPU_EQUAL(&s.set, creator), "%s: its creator's CPUs", what);
}

int main(void)
{
	cpu_set_t all, single;
	struct seen many[16];
	pthread_t tids[16];
	int cpu, started = 0, right = 0;

	if (sched_getaffinity(0, sizeof(all), &all)) {
		ok(0, "sched_getaffinity");
		return tap_done();
	}
	one("all CPUs", &all);

	/* Many at once: each its own argument, none lost. */
	for (int i = 0; i < 16; i++) {
		many[i] = (struct seen){ .arg = i };
		if (!thread_start(&tids[i], record, &many[i]))
			started++;
	}
	for (int i = 0; i < started; i++) {
		pthread_join(tids[i], NULL);
		right += many[i].arg == 2 * i && CPU_EQUAL(&many[i].set, &all);
	}
	is_int(started, 16, "16 threads started");
	is_int(right, 16, "16 threads ran with their arguments and all CPUs");

	/* A creator held to one CPU: no other to start on. */
	cpu = sched_getcpu();
	CPU_ZERO(&single);
	CPU_SET(cpu >= 0 ? cpu : 0, &single);
	if (sched_setaffinity(0, sizeof(single), &single)) {
		ok(0, "sched_setaffinity to one CPU");
		return tap_done();
	}
	one("one CPU", &single);
	sched_setaffinity(0, sizeof(all), &all);
	return tap_done();
}
