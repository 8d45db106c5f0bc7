#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built lists the inputs of the generators behind the headers an
# object of vmlinux includes, as what they are: the syscall table and
# the script that made syscalls_64.h of it, and asm-offsets.c and
# bounds.c behind the headers the top Kbuild file's filechk writes
# without a record (fixture_gen.sh's gen_generators).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/fixture_gen.sh"

T=$TMP/tree B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
gen_generators "$B" "$T"

test_expect 'built: the generator inputs, each as what it is, exact' '
	built_why "$B" >"$TMP/why" &&
	expect_file "$TMP/why" <<X
arch/x86/entry/syscalls/syscall_64.tbl	generator-input
arch/x86/kernel/asm-offsets.c	generator-input
drivers/lower.c	linker-script
include/linux/kbuild.h	generator-input
kernel/bounds.c	generator-input
scripts/syscalltbl.sh	generator-input
X
'

test_expect 'built: header and the files without a valid tag' '
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/sum" &&
	head -n 2 "$TMP/sum" >"$TMP/head" &&
	expect_file "$TMP/head" <<X &&
built into vmlinux: 13 tree files from 5 objects (6 generated files outside the tree, 0 not indexed)
why: 7 compiled, 0 embedded, 1 linker-script, 5 generator-input
X
	sed -n "/^files without a valid tag/,/^\$/p" "$TMP/sum" >"$TMP/lacking" &&
	expect_file "$TMP/lacking" <<X
files without a valid tag
  arch/x86/entry/syscalls/syscall_64.tbl	untagged
  drivers/bad.c	invalid
  drivers/net/untagged.c	untagged

X
'

test_expect 'built --json: why, and the files not compiled with why and status' '
	expect_status 1 "$SPDXFS" built --json "$B" >"$TMP/sum.json" &&
	jq -c ".why, .not_compiled[]" "$TMP/sum.json" >"$TMP/why.json" &&
	expect_file "$TMP/why.json" <<X
{"compiled":7,"embedded":0,"linker-script":1,"generator-input":5}
{"path":"arch/x86/entry/syscalls/syscall_64.tbl","why":"generator-input","status":"untagged"}
{"path":"arch/x86/kernel/asm-offsets.c","why":"generator-input","status":"tagged"}
{"path":"drivers/lower.c","why":"linker-script","status":"tagged"}
{"path":"include/linux/kbuild.h","why":"generator-input","status":"tagged"}
{"path":"kernel/bounds.c","why":"generator-input","status":"tagged"}
{"path":"scripts/syscalltbl.sh","why":"generator-input","status":"tagged"}
X
'

# filechk's headers are made from one file: with two asm-offsets.s (two
# architectures' records) which one is unknown, and neither is taken.
test_expect 'asm-offsets.h with two candidates: neither taken' '
	mkdir -p "$B/arch/arm/kernel" &&
	cp "$B/arch/x86/kernel/.asm-offsets.s.cmd" "$B/arch/arm/kernel/" &&
	: >"$B/arch/arm/kernel/asm-offsets.s" &&
	built_why "$B" >"$TMP/why2" &&
	expect_file "$TMP/why2" <<X
arch/x86/entry/syscalls/syscall_64.tbl	generator-input
drivers/lower.c	linker-script
include/linux/kbuild.h	generator-input
kernel/bounds.c	generator-input
scripts/syscalltbl.sh	generator-input
X
'

test_done
