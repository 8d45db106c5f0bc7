// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlload: a shared library loaded when first called (dlload.h).
 */
#include <dlfcn.h>
#include <string.h>

#include "dlload.h"

int dl_load(const char *soname, const struct dl_sym *syms, size_t n)
{
	void *h = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);

	if (!h)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!dlsym(h, syms[i].name)) {
			dlclose(h);
			return 0;
		}
	}
	for (size_t i = 0; i < n; i++) {
		void *fn = dlsym(h, syms[i].name);

		/* POSIX: a function's address fits a void * */
		memcpy(syms[i].slot, &fn, sizeof(fn));
	}
	return 1;
}
