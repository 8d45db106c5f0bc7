#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The SPDX documents of a build say why each file is in the image: a
# comment on each file (SPDX 2.3 JSON, tag-value, RDF/XML; 3.0.1), after
# why it has no license when it has none, for a build with the vDSO's,
# the real-mode trampoline's and the generators' ways (fixture_gen.sh);
# valid against the official schemas and the 3.0.1 SHACL shapes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/fixture_gen.sh"

T=$TMP/tree B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
gen_vdso "$B" "$T"
gen_realmode "$B" "$T"
gen_generators "$B" "$T"
printf '\177ELF vmlinux\n' >"$B/vmlinux"
export SOURCE_DATE_EPOCH=1700000000

C="spdxfs built: compiled: into an object the image links"
E="spdxfs built: embedded: compiled into a blob the image holds"
L="spdxfs built: linker-script: a linker script of the image, or included by one"
G="spdxfs built: generator-input: what a generated file of the image was made from"

test_expect 'spdx-json: each file'"'"'s comment says why it is there, exact' '
	"$SPDXFS" built -q --format spdx-json -o "$TMP/b.json" "$B" &&
	jq -r ".files[] | select(.SPDXID | startswith(\"SPDXRef-File-\")) |
		[.fileName, .comment] | @tsv" "$TMP/b.json" >"$TMP/comments" &&
	expect_file "$TMP/comments" <<X
./a.c	$C
./arch/x86/entry/syscalls/syscall_64.tbl	no SPDX-License-Identifier in its first 15 lines; $G
./arch/x86/entry/vdso/checkundef.sh	$G
./arch/x86/entry/vdso/vclock.c	$E
./arch/x86/entry/vdso/vdso.lds.S	$L
./arch/x86/entry/vdso/vdso2c.c	$G
./arch/x86/entry/vdso/vnote.S	$E
./arch/x86/kernel/asm-offsets.c	$G
./arch/x86/realmode/rm/common.S	$E
./arch/x86/realmode/rm/header.S	$E
./arch/x86/realmode/rm/realmode.lds.S	$L
./arch/x86/realmode/rm/trampoline.S	$E
./arch/x86/realmode/rmpiggy.S	$C
./arch/x86/tools/relocs_64.c	$G
./b.h	$C
./drivers/bad.c	invalid SPDX-License-Identifier '"'"'GPL-1.0-or-later'"'"': Invalid License ID: GPL-1.0-or-later; $C
./drivers/lower.c	$L
./drivers/net/untagged.c	no SPDX-License-Identifier in its first 15 lines; $C
./include/linux/kbuild.h	$G
./include/uapi/linux/x.h	$C
./include/uapi/linux/y.h	$G
./kernel/bounds.c	$G
./kernel/sys.c	$C
./lib/vdso/gtod.c	$E
./scripts/syscalltbl.sh	$G
./two.c	$C
X
'

test_expect 'spdx-tv and spdx3: the same comments' '
	"$SPDXFS" built -q --format spdx-tv -o "$TMP/b.spdx" "$B" &&
	sed -n "s/^FileName: //p; s/^FileComment: <text>\(.*\)<\/text>$/\1/p" "$TMP/b.spdx" |
		paste - - | grep -v "^./vmlinux" >"$TMP/tv" &&
	diff -u "$TMP/comments" "$TMP/tv" &&
	"$SPDXFS" built -q --format spdx3 -o "$TMP/b3.json" "$B" &&
	jq -r ".\"@graph\"[] | select(.type == \"software_File\" and
		(.spdxId | test(\"#file-[0-9]+$\"))) | [\"./\" + .name, .comment] | @tsv" \
		"$TMP/b3.json" | diff -u "$TMP/comments" -
'

if have_validator; then
	test_expect 'spdx-json and spdx3 valid against the official schemas, tv with the same facts' '
		validate spdx2 "$TOP/tests/spdx-schemas/spdx-2.3/spdx-schema.json" "$TMP/b.json" >"$TMP/f.json" &&
		validate spdx-tv "$TMP/b.spdx" | diff -u "$TMP/f.json" - &&
		validate spdx3 "$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-json-schema.json" "$TMP/b3.json" >/dev/null
	'
else
	test_skip 'validator: npm could not install it (tests/spdx/install-validator)'
fi

if have_rdflib; then
	test_expect 'spdx-rdf: its comments say what spdx-json says' '
		"$SPDXFS" built -q --format spdx-rdf -o "$TMP/b.rdf" "$B" &&
		check_rdf "$TMP/b.rdf" "$TMP/b.json" >"$TMP/rdf" &&
		grep -q "as in the JSON" "$TMP/rdf" &&
		test "$(grep -c "spdxfs built: embedded" "$TMP/b.rdf")" = 6
	'
else
	test_skip 'spdx-rdf: no python3 with rdflib (Debian: python3-rdflib)'
fi

if have_shacl; then
	test_expect 'spdx3 passes the SHACL shapes of the SPDX 3.0.1 model' '
		shacl "$TMP/b3.json" >"$TMP/shacl" && expect_file "$TMP/shacl" <<-EOF
		conforms
		EOF
	'
else
	test_skip 'SHACL: npm could not install rdf-validate-shacl (tests/spdx/install-validator)'
fi

test_done
