// SPDX-License-Identifier: GPL-2.0-only
/*
 * spdxlist: lookups in the SPDX License List's identifiers (spdxlist.h).
 */
#include <string.h>
#include <strings.h>

#include "spdx/spdxlist.h"

/* Binary search of the sorted-without-case @ids for @len bytes of @id. */
static int list_has(const char *const *ids, size_t n, const char *id, size_t len)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncasecmp(ids[mid], id, len);

		if (!c && ids[mid][len])
			c = 1;		/* ids[mid] is longer: it sorts after */
		if (!c)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int spdxlist_has_license(const char *id, size_t len)
{
	return list_has(spdxlist_licenses, spdxlist_licenses_count, id, len);
}

int spdxlist_has_exception(const char *id, size_t len)
{
	return list_has(spdxlist_exceptions, spdxlist_exceptions_count, id, len);
}
