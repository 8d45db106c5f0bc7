// SPDX-License-Identifier: GPL-2.0-only
/*
 * filetype: comment styles by file name (see filetype.h).
 */
#include <string.h>

#include "source/filetype.h"

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

/* Does @path's last component start with one of the space-separated
 * @prefixes, or equal one when @whole? */
static int base_in(const char *path, const char *prefixes, int whole)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	for (const char *p = prefixes; *p; p += strcspn(p, " "), p += !!*p) {
		size_t n = strcspn(p, " ");

		if (!strncmp(base, p, n) && (!whole || !base[n]))
			return 1;
	}
	return 0;
}

static int ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

/* Is @path @dir or beneath it, or beneath a directory of that name? */
static int under_dir(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	const char *p;

	if (!strncmp(path, dir, n) && path[n] == '/')
		return 1;
	for (p = path; (p = strstr(p, dir)); p++)
		if (p > path && p[-1] == '/' && p[n] == '/')
			return 1;
	return 0;
}

enum filetype_kind filetype_kind(const char *path, int shebang, int binary)
{
	if (ext_in(path, "gz xz bz2 zst lz4 lzma lzo tar tgz zip cpio"))
		return FILETYPE_ARCHIVE;
	if (ext_in(path, "png jpg jpeg gif svg ppm pbm pgm bmp ico"))
		return FILETYPE_IMAGE;
	if (binary)
		return ext_in(path, "bin fw") || under_dir(path, "firmware") ?
		       FILETYPE_FIRMWARE : FILETYPE_BINARY;
	if (ext_in(path, "config kunitconfig cfg conf") ||
	    base_in(path, ".gitignore", 1) || ends_with(path, "defconfig"))
		return FILETYPE_CONFIGURATION;
	if (shebang || filetype_checkpatch_source(path) || ext_in(path, "py pl awk rs"))
		return FILETYPE_SOURCE;
	if (!strncmp(path, "Documentation/", 14) || !strncmp(path, "LICENSES/", 9) ||
	    ext_in(path, "rst txt md html tex 1 2 3 4 5 6 7 8 9") ||
	    base_in(path, "README COPYING", 0) || base_in(path, "CREDITS MAINTAINERS", 1))
		return FILETYPE_DOCUMENTATION;
	if (filetype_has_comments(path, 0))
		return FILETYPE_SOURCE;
	return FILETYPE_TEXT;
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
