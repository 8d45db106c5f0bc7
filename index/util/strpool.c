// SPDX-License-Identifier: GPL-2.0-only
/*
 * strpool: strings carved out of large chunks, freed all at once.
 */
#include <stdlib.h>
#include <string.h>

#include "util/strpool.h"

#define CHUNK_SIZE (256 * 1024)

struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

struct strpool {
	struct chunk *head;
};

struct strpool *strpool_new(void)
{
	return calloc(1, sizeof(struct strpool));
}

char *strpool_add(struct strpool *pool, const char *s, size_t len)
{
	struct chunk *c = pool->head;
	char *p;

	if (!c || c->size - c->used < len + 1) {
		size_t size = len + 1 > CHUNK_SIZE ? len + 1 : CHUNK_SIZE;

		c = malloc(sizeof(*c) + size);
		if (!c)
			return NULL;
		c->size = size;
		c->used = 0;
		c->next = pool->head;
		pool->head = c;
	}
	p = c->data + c->used;
	memcpy(p, s, len);
	p[len] = '\0';
	c->used += len + 1;
	return p;
}

char *strpool_str(struct strpool *pool, const char *s)
{
	return strpool_add(pool, s, strlen(s));
}

void strpool_merge(struct strpool *into, struct strpool *from)
{
	struct chunk *c = from->head;

	if (!c)
		return;
	while (c->next)
		c = c->next;
	/* Chunks behind the head are full; the head keeps filling. */
	c->next = into->head ? into->head->next : NULL;
	if (into->head) {
		into->head->next = from->head;
	} else {
		into->head = from->head;
	}
	from->head = NULL;
}

void strpool_free(struct strpool *pool)
{
	struct chunk *c, *next;

	if (!pool)
		return;
	for (c = pool->head; c; c = next) {
		next = c->next;
		free(c);
	}
	free(pool);
}
