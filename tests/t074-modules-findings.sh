#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check --modules lists the findings (contradictions, unknown strings)
# by default, the other classes with --class; show gives each file's
# MODULE_LICENSE() verdict, as the mount's user.spdx.module_license.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree

make_tree() {
	gpl_mit_licenses "$T" &&
	mkdir -p "$T/Documentation/process" "$T/drivers" &&
	module_license_rules >"$T/Documentation/process/license-rules.rst" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE("GPL");\n' >"$T/drivers/a-ok.c" &&
	printf '// SPDX-License-Identifier: MIT\nint x;\nMODULE_LICENSE("GPL");\n' >"$T/drivers/b-contra.c" &&
	printf 'int y;\nMODULE_LICENSE("GPL v2");\n' >"$T/drivers/c-untagged.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nMODULE_LICENSE("GPL v3");\n' >"$T/drivers/d-unknown.c"
}

make_tree || exit 1

test_expect 'check --modules: the findings only, all counts on stderr' '
	"$SPDXFS" check --modules "$T" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/b-contra.c:3: "GPL" vs MIT: contradiction
drivers/d-unknown.c:2: "GPL v3" vs GPL-2.0: unknown
X
	expect_file "$TMP/err" <<X
MODULE_LICENSE(): 4 calls in 4 files: 1 consistent, 1 contradictions, 1 untagged or invalid, 1 unknown
X
'

test_expect '--class chooses the classes; all; a bad one is one line, exit 2' '
	"$SPDXFS" check --modules -q --class untagged "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/c-untagged.c:2: "GPL v2" vs (untagged): untagged
X
	"$SPDXFS" check --modules -q --class all "$T" | wc -l >"$TMP/n" &&
	expect_file "$TMP/n" <<X &&
4
X
	expect_status 2 "$SPDXFS" check --modules --class bogus "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: --class: unknown class '"'"'bogus'"'"' (consistent, contradiction, untagged, unknown, all)
X
'

test_expect 'show: the MODULE_LICENSE() verdict' '
	(cd "$T/drivers" && "$SPDXFS" show b-contra.c a-ok.c) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
drivers/b-contra.c
  status        tagged
  line          1
  expression    MIT
  modern        MIT
  licenses      LICENSES/preferred/MIT
  usable under  MIT
  uapi          no
  syscall note  no
  module        line 3: "GPL" contradiction

drivers/a-ok.c
  status        tagged
  line          1
  expression    GPL-2.0-only
  modern        GPL-2.0-only
  licenses      LICENSES/preferred/GPL-2.0
  usable under  GPL-2.0-only
  uapi          no
  syscall note  no
  module        line 2: "GPL" consistent
X
'

test_expect 'show --json: module_license' '
	"$SPDXFS" show --json "$T/drivers/c-untagged.c" | grep module_license >"$TMP/out" &&
	expect_file "$TMP/out" <<X
      "module_license": [{"line": 2, "declared": "GPL v2", "resolved": true, "class": "untagged"}],
X
'

test_done
