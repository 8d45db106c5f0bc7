// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_dlload: dl_load() fills every slot from the library, or, when the
 * library or one symbol is missing, none.
 */
#include <stdlib.h>
#include <string.h>

#include "dlload.h"
#include "tap.h"

int main(void)
{
	size_t (*len)(const char *) = NULL;
	void *(*dup)(void *, const void *, size_t) = NULL;
	const struct dl_sym both[] = { { "strlen", &len }, { "memcpy", &dup } };
	const struct dl_sym one_missing[] = {
		{ "strlen", &len }, { "spdxfs_no_such_function", &dup },
	};
	char buf[4];

	is_int(dl_load("libc.so.6", one_missing, 2), 0, "a missing symbol: 0");
	ok(!len && !dup, "a missing symbol: no slot written");
	is_int(dl_load("libspdxfs-none.so.0", both, 2), 0,
	       "a missing library: 0");
	ok(!len && !dup, "a missing library: no slot written");
	is_int(dl_load("libc.so.6", both, 2), 1, "every symbol there: 1");
	ok(len && dup, "every slot written");
	is_int(len ? len("spdx") : 0, 4, "strlen as looked up");
	ok(dup && dup(buf, "abc", 4) == buf && !strcmp(buf, "abc"),
	   "memcpy as looked up");
	return tap_done();
}
