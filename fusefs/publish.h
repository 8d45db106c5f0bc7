/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * publish: hand the current snapshot to many reader threads.
 *
 * Readers call publish_get() and publish_put() around each request; they
 * take no lock, only atomic increments and decrements.  The writer (one
 * thread) swaps in a new snapshot with publish_swap(), which waits out
 * the few instructions a reader needs between loading the pointer and
 * taking its reference (a grace period), so an old snapshot is freed by
 * whoever drops its last reference, never while a request uses it.
 *
 * A reference is either a request's (busy: the request is being
 * answered from the snapshot) or kept (the publisher's, an open
 * handle's).  publish_quiesce() waits until no request is answered from
 * an old snapshot any more: only then may the writer tell the kernel to
 * drop what it cached from it, or a late answer would fill the cache
 * again with what is no longer true.
 */
#ifndef SPDXFS_PUBLISH_H
#define SPDXFS_PUBLISH_H

#include <stdatomic.h>

struct snapshot;

struct publisher {
	_Atomic(struct snapshot *) cur;
	atomic_long acquiring;	/* readers between load and reference */
};

/* Publish @s (its builder's reference moves to the publisher, kept). */
void publish_init(struct publisher *p, struct snapshot *s);

/* A request's reference to the current snapshot; never NULL once
 * initialised. */
struct snapshot *publish_get(struct publisher *p);

/* A request's reference to @s, which the caller keeps a reference to
 * (an open handle's snapshot).  Returns @s. */
struct snapshot *publish_hold(struct snapshot *s);

/* The request is done: drop its reference; the last one frees @s.
 * NULL is ignored. */
void publish_put(struct snapshot *s);

/* The request's reference to @s outlives it (an open handle's now). */
void publish_keep(struct snapshot *s);

/* Drop a kept reference (NULL is ignored). */
void publish_drop(struct snapshot *s);

/* Make @s current.  Returns the previous snapshot with the publisher's
 * reference, kept, for the caller to compare and publish_drop(). */
struct snapshot *publish_swap(struct publisher *p, struct snapshot *s);

/* Wait until no request uses @s, at most @max_ms milliseconds (a request
 * stuck longer is not waited for).  0, or -ETIMEDOUT. */
int publish_quiesce(struct snapshot *s, int max_ms);

#endif
