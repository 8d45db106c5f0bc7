// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_thinar: libFuzzer harness for the thin archive reader of a build
 * directory (built_thin_members()).  The input is the archive, of
 * exactly its size (so ASan sees any read past its end); each member
 * name it gives must lie inside the input, be non-empty and hold no
 * NUL, and a failure must say where and why.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sbom/built.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct span {
	const char *start;
	size_t size;
};

static int check_name(const char *name, size_t len, void *arg)
{
	const struct span *in = arg;

	if (name < in->start || len > in->size ||
	    (size_t)(name - in->start) > in->size - len)
		__builtin_trap();	/* a name outside the archive */
	if (!len || memchr(name, '\0', len))
		__builtin_trap();	/* a name the reader should refuse */
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct span in = { (const char *)data, size };
	const char *why;
	size_t at;
	int ret;

	ret = built_thin_members(in.start, size, check_name, &in, &at, &why);
	if (ret == -EINVAL && (!why || at >= size))
		__builtin_trap();	/* a failure that names no place */
	return 0;
}
