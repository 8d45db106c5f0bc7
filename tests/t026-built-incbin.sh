#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built follows an .incbin blob back to the tree sources it was
# made from, the way the real-mode trampoline reaches vmlinux: rmpiggy.S
# pulls in realmode.bin, which objcopy made of realmode.elf, linked with
# a linker script from objects of tree sources, and realmode.relocs, which
# a program of the build (relocs) wrote (fixture_gen.sh's gen_realmode).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/fixture_gen.sh"

T=$TMP/tree B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
gen_realmode "$B" "$T"

test_expect 'built: the header counts the real-mode sources by why they are there' '
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/sum" &&
	head -n 2 "$TMP/sum" >"$TMP/head" &&
	expect_file "$TMP/head" <<X
built into vmlinux: 13 tree files from 5 objects (9 generated files outside the tree, 0 not indexed)
why: 7 compiled, 3 embedded, 2 linker-script, 1 generator-input
X
'

test_expect 'built: the sources behind the blobs rmpiggy.S pulls in, each with why, exact' '
	built_why "$B" >"$TMP/why" &&
	expect_file "$TMP/why" <<X
arch/x86/realmode/rm/common.S	embedded
arch/x86/realmode/rm/header.S	embedded
arch/x86/realmode/rm/realmode.lds.S	linker-script
arch/x86/realmode/rm/trampoline.S	embedded
arch/x86/tools/relocs_64.c	generator-input
drivers/lower.c	linker-script
X
'

test_expect 'built --list: the real-mode sources with their tags, rmpiggy.S compiled' '
	expect_status 1 "$SPDXFS" built --list "$B" >"$TMP/list" &&
	grep -e realmode -e relocs "$TMP/list" | tr "\t" "|" >"$TMP/rm" &&
	expect_file "$TMP/rm" <<X
arch/x86/realmode/rm/common.S|tagged|1|GPL-2.0
arch/x86/realmode/rm/header.S|tagged|1|GPL-2.0
arch/x86/realmode/rm/realmode.lds.S|tagged|1|GPL-2.0
arch/x86/realmode/rm/trampoline.S|tagged|1|GPL-2.0
arch/x86/realmode/rmpiggy.S|tagged|1|GPL-2.0
arch/x86/tools/relocs_64.c|tagged|1|GPL-2.0
X
'

test_expect 'blobs without their records: counted, nothing behind them listed' '
	rm "$B/arch/x86/realmode/rm/.realmode.bin.cmd" \
		"$B/arch/x86/realmode/rm/.realmode.relocs.cmd" &&
	built_why "$B" >"$TMP/why2" &&
	expect_file "$TMP/why2" <<X &&
drivers/lower.c	linker-script
X
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/sum2" &&
	head -n 2 "$TMP/sum2" >"$TMP/head2" &&
	expect_file "$TMP/head2" <<X
built into vmlinux: 8 tree files from 5 objects (3 generated files outside the tree, 0 not indexed)
why: 7 compiled, 0 embedded, 1 linker-script, 0 generator-input
X
'

# bzImage: setup.bin and the decompressor made of objects of tree
# sources, vmlinux pulled in by the generated piggy.S's .incbin of what
# a script compressed (fixture_gen.sh's gen_bzimage).
test_expect 'a boot image: its setup code and decompressor compiled, its makers listed' '
	B2=$TMP/build2 &&
	make_build_fixture "$B2" "$T" &&
	gen_bzimage "$B2" "$T" &&
	expect_status 1 "$SPDXFS" built "$B2" >"$TMP/sum3" &&
	head -n 2 "$TMP/sum3" >"$TMP/head3" &&
	expect_file "$TMP/head3" <<X &&
built into vmlinux and arch/x86/boot/bzImage: 15 tree files from 4 objects (15 generated files outside the tree, 0 not indexed)
why: 8 compiled, 0 embedded, 3 linker-script, 4 generator-input
X
	built_why "$B2" >"$TMP/why3" &&
	expect_file "$TMP/why3" <<X &&
arch/x86/boot/compressed/mkpiggy.c	generator-input
arch/x86/boot/compressed/vmlinux.lds.S	linker-script
arch/x86/boot/setup.ld	linker-script
arch/x86/boot/tools/build.c	generator-input
drivers/lower.c	linker-script
scripts/link-vmlinux.sh	generator-input
scripts/xz_wrap.sh	generator-input
X
	expect_status 1 "$SPDXFS" built --list "$B2" >"$TMP/list3" &&
	grep -e "boot/a20" -e "compressed/misc" "$TMP/list3" | cut -f1 >"$TMP/compiled3" &&
	expect_file "$TMP/compiled3" <<X
arch/x86/boot/a20.c
arch/x86/boot/compressed/misc.c
X
'

test_done
