// SPDX-License-Identifier: GPL-2.0-only
/*
 * publish: reference-counted snapshots behind an atomic pointer, with a
 * grace period for the window between loading the pointer and counting
 * the reference, and a count of the requests each snapshot answers.
 */
#include <errno.h>
#include <sched.h>
#include <time.h>

#include "publish.h"
#include "snapshot.h"

void publish_init(struct publisher *p, struct snapshot *s)
{
	atomic_init(&p->cur, s);
	atomic_init(&p->acquiring, 0);
}

struct snapshot *publish_get(struct publisher *p)
{
	struct snapshot *s;

	atomic_fetch_add(&p->acquiring, 1);
	s = atomic_load(&p->cur);
	/* busy first: quiesce counts a request before it can miss it */
	atomic_fetch_add(&s->busy, 1);
	atomic_fetch_add(&s->refs, 1);
	atomic_fetch_sub(&p->acquiring, 1);
	return s;
}

struct snapshot *publish_hold(struct snapshot *s)
{
	atomic_fetch_add(&s->busy, 1);
	atomic_fetch_add(&s->refs, 1);
	return s;
}

void publish_drop(struct snapshot *s)
{
	if (s && atomic_fetch_sub(&s->refs, 1) == 1)
		snapshot_free(s);
}

void publish_put(struct snapshot *s)
{
	if (s) {
		atomic_fetch_sub(&s->busy, 1);
		publish_drop(s);
	}
}

void publish_keep(struct snapshot *s)
{
	atomic_fetch_sub(&s->busy, 1);
}

struct snapshot *publish_swap(struct publisher *p, struct snapshot *s)
{
	struct snapshot *old = atomic_exchange(&p->cur, s);

	/* A reader that loaded @old has counted its reference once
	 * acquiring drops to zero; later readers load @s. */
	while (atomic_load(&p->acquiring))
		sched_yield();
	return old;
}

int publish_quiesce(struct snapshot *s, int max_ms)
{
	struct timespec nap = { .tv_nsec = 100000 }, t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* No new request takes @s once it is swapped out (or held through
	 * a handle, whose requests count too): this only waits. */
	while (atomic_load(&s->busy) > 0) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 +
		    (t.tv_nsec - t0.tv_nsec) / 1000000 >= max_ms)
			return -ETIMEDOUT;
		nanosleep(&nap, NULL);
	}
	return 0;
}
