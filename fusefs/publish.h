/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * publish: hand the current snapshot to many reader threads.
 *
 * Readers call publish_get() and publish_put() around each use; they
 * take no lock, only two atomic increments and a decrement.  The writer
 * (one thread) swaps in a new snapshot with publish_swap(), which waits
 * out the few instructions a reader needs between loading the pointer
 * and taking its reference (a grace period), so an old snapshot is freed
 * by whoever drops its last reference, never while a request uses it.
 */
#ifndef SPDXFS_PUBLISH_H
#define SPDXFS_PUBLISH_H

#include <stdatomic.h>

struct snapshot;

struct publisher {
	_Atomic(struct snapshot *) cur;
	atomic_long acquiring;	/* readers between load and reference */
};

/* Publish @s (its builder's reference moves to the publisher). */
void publish_init(struct publisher *p, struct snapshot *s);

/* A reference to the current snapshot; never NULL once initialised. */
struct snapshot *publish_get(struct publisher *p);

/* Drop a reference; the last one frees the snapshot. */
void publish_put(struct snapshot *s);

/* Make @s current.  Returns the previous snapshot with the publisher's
 * reference, for the caller to compare and publish_put(). */
struct snapshot *publish_swap(struct publisher *p, struct snapshot *s);

#endif
