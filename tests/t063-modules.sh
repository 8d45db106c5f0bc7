#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs check --modules: each MODULE_LICENSE() call against its file's
# tag, one fixture file per class, the table read from the tree's
# license-rules.rst; and on the real 6.1 tree the issue's three examples.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree

make_tree() {
	gpl_mit_licenses "$T" &&
	license_file "$T/LICENSES/deprecated" ISC ISC &&
	mkdir -p "$T/Documentation/process" "$T/drivers" &&
	module_license_rules >"$T/Documentation/process/license-rules.rst" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE("GPL");\n' >"$T/drivers/a-ok.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint x;\nMODULE_LICENSE("Dual BSD/GPL");\n' >"$T/drivers/b-choice.c" &&
	printf '// SPDX-License-Identifier: ISC\nMODULE_LICENSE("GPL");\n' >"$T/drivers/c-nothing.c" &&
	printf 'int y;\nMODULE_LICENSE("GPL v2");\n' >"$T/drivers/d-untagged.c" &&
	printf '// SPDX-License-Identifier: Foo-1.0\nMODULE_LICENSE("GPL");\n' >"$T/drivers/e-invalid.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nMODULE_LICENSE("GPL v3");\n' >"$T/drivers/f-unknown.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0 OR MIT\n#define DRV_LICENSE "Dual " \\\n\t"MIT/GPL"\nMODULE_LICENSE(DRV_LICENSE);\n' >"$T/drivers/g-macro.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nMODULE_LICENSE(ELSEWHERE);\n' >"$T/drivers/h-header.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n/* MODULE_LICENSE("Proprietary") */\n// MODULE_LICENSE("GPL")\nchar *s = "MODULE_LICENSE(\\"GPL\\")";\n#define MODULE_LICENSE(x)\n' >"$T/drivers/i-none.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nMODULE_LICENSE ( "Dual MIT/" "GPL" ) ;\n' >"$T/drivers/j-spaced.c" &&
	printf 'MODULE_LICENSE("GPL");\n' >"$T/drivers/k-header.h" &&
	printf '// SPDX-License-Identifier: MIT\n#include <linux/module.h>\n#include "../x.h"\n#include "l-inc.h"\nMODULE_LICENSE(L_LICENSE);\n' >"$T/drivers/l-inc.c" &&
	printf '/* SPDX-License-Identifier: MIT */\n#define L_LICENSE "Dual MIT/GPL"\n' >"$T/drivers/l-inc.h"
}

make_tree || exit 1

test_expect 'one line per warning, path order, counts on stderr' '
	"$SPDXFS" check --modules --class contradiction,untagged,unknown "$T" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/b-choice.c:3: "Dual BSD/GPL" vs GPL-2.0-only: contradiction
drivers/c-nothing.c:2: "GPL" vs ISC: contradiction
drivers/d-untagged.c:2: "GPL v2" vs (untagged): untagged
drivers/e-invalid.c:2: "GPL" vs (invalid): untagged
drivers/f-unknown.c:2: "GPL v3" vs GPL-2.0: unknown
drivers/h-header.c:2: ELSEWHERE vs GPL-2.0: unknown
drivers/j-spaced.c:2: "Dual MIT/GPL" vs GPL-2.0: contradiction
drivers/l-inc.c:5: "Dual MIT/GPL" vs MIT: contradiction
X
	expect_file "$TMP/err" <<X
MODULE_LICENSE(): 10 calls in 10 files: 2 consistent, 4 contradictions, 2 untagged or invalid, 2 unknown
X
'

test_expect '--consistent lists the consistent calls too; macros and joined strings' '
	"$SPDXFS" check --modules -q --consistent "$T" drivers/a-ok.c drivers/g-macro.c drivers/j-spaced.c drivers/l-inc.c >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/a-ok.c:2: "GPL" vs GPL-2.0-only: consistent
drivers/g-macro.c:4: "Dual MIT/GPL" vs GPL-2.0 OR MIT: consistent
drivers/j-spaced.c:2: "Dual MIT/GPL" vs GPL-2.0: contradiction
drivers/l-inc.c:5: "Dual MIT/GPL" vs MIT: contradiction
X
	test ! -s "$TMP/err"
'

test_expect '--json: the calls and the counts' '
	"$SPDXFS" check --modules --class all --json -q "$T" drivers/b-choice.c drivers/d-untagged.c >"$TMP/out" &&
	expect_file "$TMP/out" <<X
{
  "version": "$VERSION",
  "calls": [
    {"path": "drivers/b-choice.c", "line": 3, "declared": "Dual BSD/GPL", "resolved": true, "expression": "GPL-2.0-only", "status": "tagged", "class": "contradiction"},
    {"path": "drivers/d-untagged.c", "line": 2, "declared": "GPL v2", "resolved": true, "expression": null, "status": "untagged", "class": "untagged"}
  ],
  "files": 2,
  "counts": {"consistent": 0, "contradiction": 1, "untagged": 1, "unknown": 0}
}
X
'

test_expect 'no table in the tree: one line, exit 2' '
	mv "$T/Documentation/process/license-rules.rst" "$TMP/rules" &&
	{ "$SPDXFS" check --modules -q "$T" >"$TMP/out" 2>"$TMP/err"; r=$?; } ;
	mv "$TMP/rules" "$T/Documentation/process/license-rules.rst" &&
	test "$r" = 2 && test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X &&
spdxfs: Documentation/process/license-rules.rst: No such file or directory
X
	printf "MODULE_LICENSE\n\nno table\n" >"$TMP/rules.rst" &&
	cp "$T/Documentation/process/license-rules.rst" "$TMP/keep" &&
	cp "$TMP/rules.rst" "$T/Documentation/process/license-rules.rst" &&
	{ "$SPDXFS" check --modules -q "$T" >"$TMP/out" 2>"$TMP/err"; r=$?; } ;
	cp "$TMP/keep" "$T/Documentation/process/license-rules.rst" &&
	test "$r" = 2 &&
	expect_file "$TMP/err" <<X
spdxfs: Documentation/process/license-rules.rst: no MODULE_LICENSE table
X
'

test_expect 'bad usage is exit 2' '
	{ "$SPDXFS" check --modules --bogus "$T" 2>"$TMP/err"; r=$?; } ;
	test "$r" = 2 && grep -q "usage: spdxfs check --modules" "$TMP/err"
'

test_expect '--rev: the calls of a revision, not of the work tree' '
	cp -R "$T" "$TMP/repo" &&
	git -C "$TMP/repo" init -q && git -C "$TMP/repo" add -A &&
	git -C "$TMP/repo" -c user.name=t -c user.email=t@t commit -qm t &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"GPL\");\n" >"$TMP/repo/drivers/b-choice.c" &&
	"$SPDXFS" check --modules -q --rev HEAD "$TMP/repo" drivers/b-choice.c >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/b-choice.c:3: "Dual BSD/GPL" vs GPL-2.0-only: contradiction
X
	"$SPDXFS" check --modules -q "$TMP/repo" drivers/b-choice.c >"$TMP/out" &&
	test ! -s "$TMP/out"
'

test_expect 'scan --modules: the counts per class in the summary, text and JSON' '
	"$SPDXFS" scan -q --modules "$T" >"$TMP/out" &&
	sed -n "/^MODULE_LICENSE/,/^\$/p" "$TMP/out" >"$TMP/block" &&
	expect_file "$TMP/block" <<X &&
MODULE_LICENSE() calls       10
  in files                   10
  consistent                  2
  contradiction               4
  untagged or invalid         2
  unknown string              2

X
	"$SPDXFS" scan -q --modules --json "$T" >"$TMP/json" &&
	grep "\"modules\"" "$TMP/json" >"$TMP/line" &&
	expect_file "$TMP/line" <<X
  "modules": {"calls": 10, "files": 10, "consistent": 2, "contradiction": 4, "untagged": 2, "unknown": 2},
X
'

test_expect 'scan without --modules: no module counts, the summary unchanged' '
	"$SPDXFS" scan -q "$T" >"$TMP/plain" &&
	! grep -q MODULE_LICENSE "$TMP/plain" &&
	sed "/^MODULE_LICENSE/,/^\$/d" "$TMP/out" >"$TMP/stripped" &&
	cmp "$TMP/plain" "$TMP/stripped" &&
	"$SPDXFS" scan -q --json "$T" >"$TMP/pjson" &&
	! grep -q "\"modules\"" "$TMP/pjson" &&
	grep -v "\"modules\"" "$TMP/json" | cmp - "$TMP/pjson"
'

test_expect 'scan --modules without a table: one line, exit 2' '
	mv "$T/Documentation/process/license-rules.rst" "$TMP/rules" &&
	{ "$SPDXFS" scan -q --modules "$T" >"$TMP/out2" 2>"$TMP/err"; r=$?; } ;
	mv "$TMP/rules" "$T/Documentation/process/license-rules.rst" &&
	test "$r" = 2 && test ! -s "$TMP/out2" &&
	expect_file "$TMP/err" <<X
spdxfs: Documentation/process/license-rules.rst: No such file or directory
X
'

if kernel_tree 2>/dev/null; then
	K=$KERNEL_TREE
	test_expect '6.1: the three examples of the issue are contradictions' '
		"$SPDXFS" check --modules -q "$K" drivers/bluetooth/btmtk.c drivers/dma/ioat/init.c drivers/gpu/drm/drm_buddy.c >"$TMP/out" &&
		expect_file "$TMP/out" <<X
drivers/bluetooth/btmtk.c:287: "GPL" vs ISC: contradiction
drivers/dma/ioat/init.c:26: "Dual BSD/GPL" vs GPL-2.0-only: contradiction
drivers/gpu/drm/drm_buddy.c:825: "Dual MIT/GPL" vs MIT: contradiction
X
	'
	test_expect '6.1: scan --modules, the counts per class' '
		"$SPDXFS" scan -q --modules "$K" >"$TMP/out" &&
		sed -n "/^MODULE_LICENSE/,/^\$/p" "$TMP/out" >"$TMP/block" &&
		expect_file "$TMP/block" <<X
MODULE_LICENSE() calls    11034
  in files                11024
  consistent              10104
  contradiction              74
  untagged or invalid       856
  unknown string              0

X
	'
else
	test_skip '6.1 tree absent'
	test_skip '6.1 tree absent'
fi

test_done
