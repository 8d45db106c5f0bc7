/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * grow: room for one more element at the end of a malloc'd array.
 *
 *	void *p = grow(arr, n, &cap, sizeof(*arr), 256);
 *	if (!p)
 *		return -ENOMEM;
 *	arr = p;
 *	arr[n++] = x;
 *
 * An array of 2 MiB or more that alloc_array() gives is backed by huge
 * pages where the kernel has them for the asking (advise_huge()).
 */
#ifndef SPDXFS_GROW_H
#define SPDXFS_GROW_H

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE_BYTES	(2u << 20)

/*
 * Ask for transparent huge pages behind the @size bytes at @p, when they
 * can hold one.  The kernel tree's 78,000 file records take 7 MB: in
 * 4 KiB pages that is 1,700 page faults, each zeroing its page, half the
 * CPU time of loading a saved index; in 2 MiB pages, a few.  The advice
 * covers the whole pages @p lies in, so that the mapping malloc() made
 * for a block that big is not split in two (realloc() could no longer
 * mremap() it).  Only a hint: where transparent huge pages are off, or
 * on for all memory, nothing changes, and a failure is no error.
 */
static inline void advise_huge(void *p, size_t size)
{
	uintptr_t page, lo, hi;

	if (size < HUGE_PAGE_BYTES)
		return;
	page = (uintptr_t)sysconf(_SC_PAGESIZE);
	lo = (uintptr_t)p & ~(page - 1);
	hi = ((uintptr_t)p + size + page - 1) & ~(page - 1);
	madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
}

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
	void *p;

	if (!n)
		n = 1;
	if (n > SIZE_MAX / size)
		return NULL;
	p = malloc(n * size);
	if (p)
		advise_huge(p, n * size);
	return p;
}

#endif
