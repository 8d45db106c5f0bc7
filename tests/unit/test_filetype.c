// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_filetype: checkpatch.pl's comment table and which files can hold
 * a comment, by name; the kind of a file for SPDX's file types.
 */
#include <stdio.h>
#include <string.h>

#include "source/filetype.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void test_table(void)
{
	static const struct {
		const char *path;
		int shebang;
		const char *comment;	/* "" for none */
		int style, source, comments;
	} t[] = {
		{ "kernel/fork.c", 0, "//", 1, 1, 1 },
		{ "include/linux/x.h", 0, "/*", 1, 1, 1 },
		{ "include/linux/x.h", 1, "/*", 1, 1, 1 },	/* the type first */
		{ "arch/x86/entry.S", 0, "/*", 1, 1, 1 },
		{ "arch/x/a.s", 0, "/*", 1, 1, 1 },
		{ "rust/kernel/lib.rs", 0, "//", 0, 1, 1 },
		{ "arch/arm/boot/dts/a.dts", 0, "//", 0, 1, 1 },
		{ "arch/arm/boot/dts/a.dtsi", 0, "//", 0, 1, 1 },
		{ "scripts/x.sh", 0, "#", 0, 1, 1 },
		{ "scripts/x.py", 0, "#", 0, 0, 1 },
		{ "scripts/x.pl", 0, "#", 0, 0, 1 },
		{ "scripts/x.awk", 0, "#", 0, 0, 1 },
		{ "tools/x.tc", 0, "#", 0, 0, 1 },
		{ "Documentation/devicetree/bindings/x.yaml", 0, "#", 0, 0, 1 },
		{ "scripts/checkkconfigsymbols", 1, "#", 0, 0, 1 },
		{ "Documentation/x.rst", 0, "..", 0, 0, 1 },
		{ "Makefile", 0, "", 0, 0, 1 },
		{ "arch/x86/Kconfig.debug", 0, "", 0, 0, 1 },
		{ "drivers/Kbuild", 0, "", 0, 0, 1 },
		{ "arch/x86/kernel/vmlinux.lds", 0, "", 0, 0, 1 },
		{ "scripts/coccinelle/x.cocci", 0, "", 0, 0, 1 },
		{ "COPYING", 0, "", 0, 0, 0 },
		{ "Documentation/x.txt", 0, "", 0, 0, 0 },
		{ "README", 0, "", 0, 0, 0 },
		{ "x.json", 0, "", 0, 0, 0 },
		{ "dir.c/README", 0, "", 0, 0, 0 },	/* the last component only */
		{ ".c", 0, "", 0, 0, 0 },
		{ "x.cc", 0, "", 0, 0, 0 },
		{ "x.C", 0, "", 0, 0, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		const char *c = filetype_checkpatch_comment(t[i].path, t[i].shebang);

		is_str(c ? c : "", t[i].comment, "%s%s: comment", t[i].path,
		       t[i].shebang ? " (#!)" : "");
		is_int(filetype_checkpatch_style(t[i].path), t[i].style,
		       "%s: comment style checked", t[i].path);
		is_int(filetype_checkpatch_source(t[i].path), t[i].source,
		       "%s: a source file", t[i].path);
		is_int(filetype_has_comments(t[i].path, t[i].shebang), t[i].comments,
		       "%s: holds comments", t[i].path);
	}
}

static void test_kinds(void)
{
	static const char *const names[FILETYPE_NKINDS] = {
		[FILETYPE_SOURCE] = "source",
		[FILETYPE_DOCUMENTATION] = "documentation",
		[FILETYPE_CONFIGURATION] = "configuration",
		[FILETYPE_TEXT] = "text",
		[FILETYPE_BINARY] = "binary",
		[FILETYPE_FIRMWARE] = "firmware",
		[FILETYPE_ARCHIVE] = "archive",
		[FILETYPE_IMAGE] = "image",
	};
	static const struct {
		const char *path;
		int shebang, binary;
		enum filetype_kind kind;
	} t[] = {
		{ "kernel/fork.c", 0, 0, FILETYPE_SOURCE },
		{ "include/linux/x.h", 0, 0, FILETYPE_SOURCE },
		{ "arch/x86/entry.S", 0, 0, FILETYPE_SOURCE },
		{ "scripts/checkkconfigsymbols", 1, 0, FILETYPE_SOURCE },
		{ "Documentation/sphinx/kerneldoc.py", 0, 0, FILETYPE_SOURCE },
		{ "Documentation/x.rst", 0, 0, FILETYPE_DOCUMENTATION },
		{ "Documentation/devicetree/bindings/x.yaml", 0, 0, FILETYPE_DOCUMENTATION },
		{ "Documentation/ABI/testing/sysfs-x", 0, 0, FILETYPE_DOCUMENTATION },
		{ "tools/perf/Documentation/perf.txt", 0, 0, FILETYPE_DOCUMENTATION },
		{ "tools/x/x.8", 0, 0, FILETYPE_DOCUMENTATION },
		{ "README", 0, 0, FILETYPE_DOCUMENTATION },
		{ "drivers/x/README.md", 0, 0, FILETYPE_DOCUMENTATION },
		{ "COPYING", 0, 0, FILETYPE_DOCUMENTATION },
		{ "MAINTAINERS", 0, 0, FILETYPE_DOCUMENTATION },
		{ "LICENSES/preferred/GPL-2.0", 0, 0, FILETYPE_DOCUMENTATION },
		{ "Makefile", 0, 0, FILETYPE_SOURCE },
		{ "arch/x86/Kconfig.debug", 0, 0, FILETYPE_SOURCE },
		{ "arch/arm/boot/dts/a.dts", 0, 0, FILETYPE_SOURCE },
		{ "scripts/coccinelle/x.cocci", 0, 0, FILETYPE_SOURCE },
		{ "arch/x86/configs/x86_64_defconfig", 0, 0, FILETYPE_CONFIGURATION },
		{ "arch/x86/configs/xen.config", 0, 0, FILETYPE_CONFIGURATION },
		{ "kernel/.gitignore", 0, 0, FILETYPE_CONFIGURATION },
		{ "tools/perf/pmu-events/arch/x86/x.json", 0, 0, FILETYPE_TEXT },
		{ "arch/x86/entry/syscalls/syscall_64.tbl", 0, 0, FILETYPE_TEXT },
		{ "drivers/x/blob", 0, 1, FILETYPE_BINARY },
		{ "drivers/x/x.bin", 0, 1, FILETYPE_FIRMWARE },
		{ "drivers/x/x.bin", 0, 0, FILETYPE_TEXT },	/* text: no */
		{ "firmware/x/y", 0, 1, FILETYPE_FIRMWARE },
		{ "a/firmware/y.dat", 0, 1, FILETYPE_FIRMWARE },
		{ "a/nofirmware/y.dat", 0, 1, FILETYPE_BINARY },
		{ "usr/x.cpio", 0, 1, FILETYPE_ARCHIVE },
		{ "tools/x.tar.gz", 0, 0, FILETYPE_ARCHIVE },
		{ "drivers/video/logo/logo_linux_clut224.ppm", 0, 0, FILETYPE_IMAGE },
		{ "Documentation/x.svg", 0, 0, FILETYPE_IMAGE },
	};

	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		is_str(names[filetype_kind(t[i].path, t[i].shebang, t[i].binary)],
		       names[t[i].kind], "%s%s%s: kind", t[i].path,
		       t[i].shebang ? " (#!)" : "", t[i].binary ? " (binary)" : "");
}

int main(void)
{
	test_table();
	test_kinds();
	return tap_done();
}
