// SPDX-License-Identifier: GPL-2.0-only
/*
 * publish: reference-counted snapshots behind an atomic pointer, with a
 * grace period for the window between loading the pointer and counting
 * the reference.
 */
#include <sched.h>

#include "publish.h"
#include "views.h"

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
	atomic_fetch_add(&s->refs, 1);
	atomic_fetch_sub(&p->acquiring, 1);
	return s;
}

void publish_put(struct snapshot *s)
{
	if (s && atomic_fetch_sub(&s->refs, 1) == 1)
		snapshot_free(s);
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
