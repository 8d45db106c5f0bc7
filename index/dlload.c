// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlload: a shared library loaded when first called (dlload.h).
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "dlload.h"

int dl_load(const char *soname, const struct dl_sym *syms, size_t n)
{
	void *h = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
	void **found = h ? calloc(n ? n : 1, sizeof(*found)) : NULL;
	size_t i = 0;

	/* Each looked up once, kept aside until all are there. */
	while (found && i < n && (found[i] = dlsym(h, syms[i].name)))
		i++;
	if (!found || i < n) {
		free(found);
		if (h)
			dlclose(h);
		return 0;
	}
	/* POSIX: a function's address fits a void * */
	for (i = 0; i < n; i++)
		memcpy(syms[i].slot, &found[i], sizeof(found[i]));
	free(found);
	return 1;
}
