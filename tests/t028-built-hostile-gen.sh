#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built follows generated files through records a hostile build
# directory may hold: cycles end, a long chain takes no recursion, a FIFO
# as a record or as an assembler source fails at once with one line,
# and a command word or .incbin path outside the tree and the build
# directory is never looked at.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/fixture_gen.sh"

T=$TMP/tree B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
gen_tagged "$T" gen/one.c
gen_tagged "$T" gen/two.c
gen_tagged "$T" gen/asm.S
# An object from generated a.c, made from b.c, made from a.c and itself:
# a cycle, each record naming a tree file too.
gen_record "$B" gen/obj.o <<X
source_gen/obj.o := gen/a.c

deps_gen/obj.o := \\

X
gen_record "$B" gen/a.c <<X
cmd_gen/a.c := cat gen/b.c $T/gen/one.c /etc/passwd ../../../../etc/shadow / gen > gen/a.c
X
gen_record "$B" gen/b.c <<X
savedcmd_gen/b.c := cat gen/a.c gen/b.c $T/gen/two.c < gen/a.c > gen/b.c
X
gen_link "$B" gen/obj.o

test_expect 'a cycle of records ends; words outside are never looked at' '
	timeout 10 "$SPDXFS" built --no-cache "$B" >"$TMP/sum" 2>"$TMP/err";
	test $? = 1 && test ! -s "$TMP/err" &&
	head -n 2 "$TMP/sum" >"$TMP/head" &&
	expect_file "$TMP/head" <<X &&
built into vmlinux: 9 tree files from 5 objects (3 generated files outside the tree, 0 not indexed)
why: 6 compiled, 0 embedded, 1 linker-script, 2 generator-input
X
	built_why "$B" >"$TMP/why" &&
	expect_file "$TMP/why" <<X
drivers/lower.c	linker-script
gen/one.c	generator-input
gen/two.c	generator-input
X
'

test_expect 'a chain of 3000 generated files: followed to its end' '
	C=$TMP/chain &&
	cp -a "$B" "$C" &&
	i=0 &&
	while [ $i -lt 3000 ]; do
		echo "cmd_gen/c$i := cp gen/c$((i + 1)) gen/c$i" >"$C/gen/.c$i.cmd" &&
		: >"$C/gen/c$i" && i=$((i + 1)) || return 1
	done &&
	echo "cmd_gen/c3000 := cp $T/gen/asm.S gen/c3000" >"$C/gen/.c3000.cmd" &&
	: >"$C/gen/c3000" &&
	echo "cmd_gen/b.c := cat gen/c0 > gen/b.c" >"$C/gen/.b.c.cmd" &&
	built_why "$C" >"$TMP/why.chain" &&
	expect_file "$TMP/why.chain" <<X
drivers/lower.c	linker-script
gen/asm.S	generator-input
gen/one.c	generator-input
X
'

test_expect 'a FIFO as a generated file'"'"'s record: exit 2 at once, one line' '
	F=$TMP/fifo &&
	cp -a "$B" "$F" &&
	rm "$F/gen/.b.c.cmd" && mkfifo "$F/gen/.b.c.cmd" &&
	expect_status 2 timeout 10 "$SPDXFS" built --no-cache "$F" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: $F/gen/.b.c.cmd: not a regular file
X
'

test_expect 'a FIFO as an assembler source to read .incbin from: exit 2 at once, one line' '
	F=$TMP/fifo2 &&
	cp -a "$B" "$F" &&
	mkfifo "$F/gen/x.S" &&
	printf "source_gen/obj.o := gen/x.S\n" >"$F/gen/.obj.o.cmd" &&
	expect_status 2 timeout 10 "$SPDXFS" built --no-cache "$F" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: $F/gen/x.S: not a regular file
X
'

test_expect 'an .incbin of a path outside: never read, not listed; one inside followed' '
	printf "\t.incbin \"/etc/shadow\"\n\t.incbin \"../../../../../../etc/passwd\"\n\t.incbin \"gen/b.c\"\n" \
		>>"$T/gen/asm.S" &&
	printf "source_gen/obj.o := $T/gen/asm.S\n" >"$B/gen/.obj.o.cmd" &&
	built_why "$B" >"$TMP/why.S" &&
	expect_file "$TMP/why.S" <<X
drivers/lower.c	linker-script
gen/one.c	generator-input
gen/two.c	generator-input
X
'

test_done
