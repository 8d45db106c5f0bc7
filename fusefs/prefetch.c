// SPDX-License-Identifier: GPL-2.0-only
/*
 * prefetch: readahead across the files of a directory (prefetch.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "index.h"
#include "prefetch.h"
#include "views.h"

/* The snapshot's byte per node (snapshot_node_flags()): bit 0 is fs.c's
 * (stored at an open, with allow_other), these two prefetch's. */
#define PF_READ		2	/* a read from its first byte came */
#define PF_QUEUED	4	/* queued to be pushed */

/* Reads this close together are one reader's pass, whatever the files. */
#define STREAM_NS	(20 * 1000 * 1000)

#define QUEUE_MAX	256
/* Threads storing: a reader that finds a file not there yet waits a
 * round trip, so two keep ahead of it where one falls behind. */
#define PREFETCH_THREADS	2

struct prefetch {
	prefetch_store_fn store;
	void *arg;
	pthread_t tid[PREFETCH_THREADS];
	int nthreads;
	pthread_mutex_t lock;	/* the queue and stop */
	pthread_cond_t cond;
	uint64_t queue[QUEUE_MAX];	/* node numbers, a ring */
	unsigned head, n;
	unsigned busy;		/* taken off the queue, being stored */
	int stop;
	atomic_ulong stored;
	atomic_uint_fast64_t last_read_ns;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static void *prefetch_main(void *arg)
{
	struct prefetch *p = arg;
	char *buf = malloc(PREFETCH_FILE_MAX);

	if (!buf)
		return NULL;	/* the others store, or the reader reads */
	pthread_mutex_lock(&p->lock);
	for (;;) {
		uint64_t ino;

		while (!p->n && !p->stop)
			pthread_cond_wait(&p->cond, &p->lock);
		if (p->stop)
			break;
		ino = p->queue[p->head];
		p->head = (p->head + 1) % QUEUE_MAX;
		p->n--;
		p->busy++;
		pthread_mutex_unlock(&p->lock);
		if (!p->store(p->arg, ino, buf))
			atomic_fetch_add_explicit(&p->stored, 1,
						  memory_order_relaxed);
		pthread_mutex_lock(&p->lock);
		p->busy--;
	}
	pthread_mutex_unlock(&p->lock);
	free(buf);
	return NULL;
}

int prefetch_start(struct prefetch **out, prefetch_store_fn store, void *arg)
{
	struct prefetch *p = calloc(1, sizeof(*p));
	int ret;

	if (!p)
		return -ENOMEM;
	p->store = store;
	p->arg = arg;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->cond, NULL);
	for (; p->nthreads < PREFETCH_THREADS; p->nthreads++) {
		ret = -pthread_create(&p->tid[p->nthreads], NULL, prefetch_main, p);
		if (ret)
			break;
	}
	if (!p->nthreads) {
		pthread_cond_destroy(&p->cond);
		pthread_mutex_destroy(&p->lock);
		free(p);
		return ret;
	}
	*out = p;
	return 0;
}

void prefetch_stop(struct prefetch *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = 1;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->tid[i], NULL);
	pthread_cond_destroy(&p->cond);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

int prefetch_wanted(struct snapshot *s, const struct vnode *n)
{
	atomic_uchar *flags = snapshot_node_flags(s);

	return !flags || !(atomic_load(&flags[n - s->nodes]) & PF_READ);
}

unsigned long prefetch_stored(const struct prefetch *p)
{
	return p ? atomic_load(&p->stored) : 0;
}

unsigned long prefetch_pending(struct prefetch *p)
{
	unsigned long n;

	if (!p)
		return 0;
	pthread_mutex_lock(&p->lock);
	n = p->n + p->busy;
	pthread_mutex_unlock(&p->lock);
	return n;
}

/* Where child @n sits in @dir's listing (sorted by name), or -1. */
static long child_pos(const struct snapshot *s, const struct vnode *dir,
		      const struct vnode *n)
{
	size_t lo = 0, hi = dir->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct vnode *c = snapshot_child(s, dir, mid);
		int cmp = strcmp(n->name, c->name);

		if (!cmp)
			return c == n ? (long)mid : -1;
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

/* Was the file listed before position @i of @dir read or queued? */
static int prev_file_met(const struct snapshot *s, atomic_uchar *flags,
			 const struct vnode *dir, long i)
{
	while (--i >= 0) {
		const struct vnode *c = snapshot_child(s, dir, i);

		if (c->kind == VN_FILE)
			return !!(atomic_load(&flags[c - s->nodes]) &
				  (PF_READ | PF_QUEUED));
	}
	return 0;
}

/*
 * Put @n inos at the front of the queue, in their order, as many as it
 * takes: the reader goes depth first, so the window asked for last is
 * the one it needs first.  How many it took.
 */
static size_t enqueue(struct prefetch *p, const uint64_t *ino, size_t n)
{
	size_t k;

	pthread_mutex_lock(&p->lock);
	k = n < QUEUE_MAX - p->n ? n : QUEUE_MAX - p->n;
	p->head = (p->head + QUEUE_MAX - k) % QUEUE_MAX;
	for (size_t j = 0; j < k; j++)
		p->queue[(p->head + j) % QUEUE_MAX] = ino[j];
	p->n += k;
	if (k)
		pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	return k;
}

/*
 * Queue the files of @dir listed from position @from on, a window of
 * them, less those read or queued already and the one in the middle.
 */
static void queue_window(struct prefetch *p, struct snapshot *s,
			 atomic_uchar *flags, const struct vnode *dir,
			 size_t from)
{
	uint64_t ino[PREFETCH_WINDOW], bytes = 0;
	const struct vnode *pick[PREFETCH_WINDOW];
	size_t m = 0, k;

	for (size_t j = from, seen = 0;
	     j < dir->count && m < PREFETCH_WINDOW && bytes < PREFETCH_BYTES;
	     j++) {
		const struct vnode *c = snapshot_child(s, dir, j);
		const struct spdx_file *f = vnode_file(s, c);

		if (!f || !f->st.size || f->st.size > PREFETCH_FILE_MAX ||
		    (atomic_load(&flags[c - s->nodes]) & (PF_READ | PF_QUEUED)))
			continue;
		/* The middle one is left for the reader to ask for. */
		if (seen++ == PREFETCH_WINDOW / 2)
			continue;
		pick[m] = c;
		ino[m++] = c->ino;
		bytes += f->st.size;
	}
	k = enqueue(p, ino, m);
	for (size_t j = 0; j < k; j++)
		atomic_fetch_or(&flags[pick[j] - s->nodes], PF_QUEUED);
}

void prefetch_read(struct prefetch *p, struct snapshot *s,
		   const struct vnode *n)
{
	atomic_uchar *flags = snapshot_node_flags(s);
	const struct vnode *dir = &s->nodes[n->parent];
	uint64_t t = now_ns();
	uint64_t last = atomic_exchange(&p->last_read_ns, t);
	unsigned char was;
	long i;

	if (!flags || dir->kind != VN_DIR)
		return;
	was = atomic_fetch_or(&flags[n - s->nodes], PF_READ);
	if ((i = child_pos(s, dir, n)) < 0)
		return;
	if (!(was & PF_QUEUED) && t - last > STREAM_NS &&
	    !prev_file_met(s, flags, dir, i))
		return;
	queue_window(p, s, flags, dir, i + 1);
}
