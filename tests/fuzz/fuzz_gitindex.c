// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_gitindex: libFuzzer harness for the .git/index parser.  The input
 * is an index file of exactly its size (so ASan sees any read past its
 * end); what parses must be paths in git's byte order, each one a
 * NUL-terminated string inside what the parser said it read.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "util/error.h"
#include "source/gitindex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gitindex *gx;
	struct spdx_error err;

	if (gitindex_parse(&gx, data, size, &err))
		return 0;
	for (size_t i = 0; i < gx->npaths; i++) {
		if (!gx->paths[i])
			__builtin_trap();	/* a path promised, none given */
		if (i && strcmp(gx->paths[i - 1], gx->paths[i]) > 0)
			__builtin_trap();	/* out of git's order */
	}
	gitindex_free(gx);
	return 0;
}
