#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built follows a generated C file back to the tree sources it was
# made from, the way the vDSO reaches vmlinux: an object compiled from
# vdso-image-64.c, which a program of the build (vdso2c, compiled from
# the tree) wrote from a shared object linked with a linker script from
# objects of tree sources (fixture_gen.sh's gen_vdso).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/fixture_gen.sh"

T=$TMP/tree B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
gen_vdso "$B" "$T"

test_expect 'built: the header counts the vDSO sources by why they are there' '
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/sum" &&
	head -n 2 "$TMP/sum" >"$TMP/head" &&
	expect_file "$TMP/head" <<X
built into vmlinux: 14 tree files from 5 objects (8 generated files outside the tree, 0 not indexed)
why: 6 compiled, 3 embedded, 2 linker-script, 3 generator-input
X
'

test_expect 'built: the sources behind vdso-image-64.c, each with why, exact' '
	built_why "$B" >"$TMP/why" &&
	expect_file "$TMP/why" <<X
arch/x86/entry/vdso/checkundef.sh	generator-input
arch/x86/entry/vdso/vclock.c	embedded
arch/x86/entry/vdso/vdso.lds.S	linker-script
arch/x86/entry/vdso/vdso2c.c	generator-input
arch/x86/entry/vdso/vnote.S	embedded
drivers/lower.c	linker-script
include/uapi/linux/y.h	generator-input
lib/vdso/gtod.c	embedded
X
'

test_expect 'built --list: the vDSO sources with their tags' '
	expect_status 1 "$SPDXFS" built --list "$B" >"$TMP/list" &&
	grep -e vdso -e y.h "$TMP/list" | tr "\t" "|" >"$TMP/vdso" &&
	expect_file "$TMP/vdso" <<X
arch/x86/entry/vdso/checkundef.sh|tagged|1|GPL-2.0
arch/x86/entry/vdso/vclock.c|tagged|1|GPL-2.0
arch/x86/entry/vdso/vdso.lds.S|tagged|1|GPL-2.0
arch/x86/entry/vdso/vdso2c.c|tagged|1|GPL-2.0
arch/x86/entry/vdso/vnote.S|tagged|1|GPL-2.0
include/uapi/linux/y.h|tagged|1|GPL-2.0
lib/vdso/gtod.c|tagged|1|GPL-2.0 OR MIT
X
'

# The same build made in the tree (no O=): generated files are those with
# a record, not the tree files of the same directory.
test_expect 'an in-tree build: the same files, for the same reasons' '
	I=$TMP/intree &&
	cp -a "$T" "$I" &&
	(cd "$B" && find . -name "*.cmd" -o -name "*.a" -o -name "*.o" -o -name "vdso*" |
		cpio -pdm --quiet "$I") &&
	find "$I" -name "*.cmd" -exec sed -i "s|$T|$I|g" {} + &&
	built_why "$I" >"$TMP/why.in" &&
	diff -u "$TMP/why" "$TMP/why.in" &&
	expect_status 1 "$SPDXFS" built "$I" >"$TMP/sum.in" &&
	sed -n 2p "$TMP/sum.in" >"$TMP/line2" &&
	expect_file "$TMP/line2" <<X
why: 6 compiled, 3 embedded, 2 linker-script, 3 generator-input
X
'

test_done
