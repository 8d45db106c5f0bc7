#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# show on REUSE trees: the layout named, the expression REUSE reads, and
# where the licenses and the copyright notices came from, in text and
# JSON.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

make_reuse_dep5_tree "$TMP/d" && make_reuse_lint_tree "$TMP/l" || exit 1

test_expect 'a file whose dep5 paragraph adds to its header' '
	"$SPDXFS" show "$TMP/d/src/a.py" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
src/a.py
  layout        REUSE
  status        tagged
  expression    MIT AND Apache-2.0
  modern        MIT AND Apache-2.0
  license src   file-header,dep5
  licenses      LICENSES/Apache-2.0.txt, LICENSES/MIT.txt
  usable under  none
  uapi          no
  syscall note  no
  copyright     2020 Dep5 A
  copyright     SPDX-FileCopyrightText: 2024 Own
  copyright src file-header,dep5
X
'

test_expect 'a license file, a missing license, no licensing information, in the order named' '
	"$SPDXFS" show "$TMP/l/src/b.py" "$TMP/l/src/nolicense.sh" \
		"$TMP/l/LICENSES/MIT" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
src/b.py
  layout        REUSE
  status        invalid
  expression    Apache-2.0
  modern        Apache-2.0
  license src   file-header
  error         Invalid License ID: Apache-2.0
  licenses      none
  uapi          no
  syscall note  no
  copyright     SPDX-FileCopyrightText: 2024 B
  copyright src file-header

src/nolicense.sh
  layout        REUSE
  status        untagged
  uapi          no
  copyright     Copyright 2024 C
  copyright src file-header

LICENSES/MIT
  layout        REUSE
  status        excluded
  uapi          no
X
'

test_expect '--json: layout and sources' '
	"$SPDXFS" show --json "$TMP/d/data/two.csv" >"$TMP/o" &&
	sed "s/\"version\": \".*\"/\"version\": \"V\"/" "$TMP/o" >"$TMP/o2" &&
	expect_file "$TMP/o2" <<\X
{
  "version": "V",
  "files": [
    {
      "path": "data/two.csv",
      "status": "tagged",
      "line": 0,
      "expression": "CC0-1.0",
      "modern": "CC0-1.0",
      "valid": true,
      "licenses": ["LICENSES/CC0-1.0.txt"],
      "usable_under": ["CC0-1.0"],
      "uapi": false,
      "syscall_note": false,
      "copyright": ["2024 Data One", "2023 Data Two"],
      "layout": "reuse",
      "license_source": "dep5",
      "copyright_source": "dep5",
      "suggested": null
    }
  ]
}
X
'

test_done
