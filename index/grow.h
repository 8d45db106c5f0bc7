/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * grow: room for one more element at the end of a malloc'd array.
 *
 *	void *p = grow(arr, n, &cap, sizeof(*arr), 256);
 *	if (!p)
 *		return -ENOMEM;
 *	arr = p;
 *	arr[n++] = x;
 */
#ifndef SPDXFS_GROW_H
#define SPDXFS_GROW_H

#include <stdint.h>
#include <stdlib.h>

/*
 * @arr holding @n elements of @size bytes, with room for one more: @arr
 * itself while @n < *@cap, else @arr reallocated to twice *@cap (@first
 * for an empty array), with *@cap updated.  NULL when out of memory;
 * @arr is then unchanged and still the caller's.
 */
static inline void *grow(void *arr, size_t n, size_t *cap, size_t size,
			 size_t first)
{
	size_t ncap;
	void *p;

	if (n < *cap)
		return arr;
	ncap = *cap ? *cap * 2 : first;
	if (ncap < *cap || ncap > SIZE_MAX / size)
		return NULL;
	p = realloc(arr, ncap * size);
	if (p)
		*cap = ncap;
	return p;
}

/*
 * malloc() room for @n elements of @size bytes (at least one, so that an
 * empty array is not mistaken for a failure); NULL when the product
 * overflows or memory is short.
 */
static inline void *alloc_array(size_t n, size_t size)
{
	if (!n)
		n = 1;
	if (n > SIZE_MAX / size)
		return NULL;
	return malloc(n * size);
}

#endif
