// SPDX-License-Identifier: GPL-2.0-only
/*
 * filetype: comment styles by file name (see filetype.h).
 */
#include <string.h>

#include "filetype.h"

/* Is the extension of @path (after its last '.', in its last component)
 * one of the space-separated @exts? */
static int ext_in(const char *path, const char *exts)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t n;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		return 0;
	n = strlen(++dot);
	for (const char *p = exts; *p; p += strcspn(p, " "), p += !!*p)
		if (strcspn(p, " ") == n && !strncmp(p, dot, n))
			return 1;
	return 0;
}

const char *filetype_checkpatch_comment(const char *path, int shebang)
{
	if (ext_in(path, "h s S"))
		return "/*";
	if (ext_in(path, "c rs dts dtsi"))
		return "//";
	if (shebang || ext_in(path, "sh pl py awk tc yaml"))
		return "#";
	if (ext_in(path, "rst"))
		return "..";
	return NULL;
}

int filetype_checkpatch_style(const char *path)
{
	return ext_in(path, "c h s S");
}

int filetype_checkpatch_source(const char *path)
{
	return ext_in(path, "h c rs s S sh dtsi dts");
}

int filetype_has_comments(const char *path, int shebang)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return filetype_checkpatch_comment(path, shebang) ||
	       ext_in(path, "dtso cocci lds asm y l bash pm mk yml") ||
	       !strncmp(base, "Makefile", 8) || !strncmp(base, "Kbuild", 6) ||
	       !strncmp(base, "Kconfig", 7);
}
