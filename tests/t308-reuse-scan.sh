#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan on REUSE trees: the counts are REUSE's reading (files covered with
# licensing information tagged, a license LICENSES/ lacks invalid, those
# REUSE does not cover excluded), per LICENSES/<ID>.txt license.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

make_reuse_lint_tree "$TMP/l" && make_reuse_toml_tree "$TMP/t" || exit 1

test_expect '--json: the lint fixture' '
	"$SPDXFS" scan --json "$TMP/l" >"$TMP/o" &&
	sed "s/\"version\": \".*\"/\"version\": \"V\"/" "$TMP/o" >"$TMP/o2" &&
	expect_file "$TMP/o2" <<\X
{
  "version": "V",
  "files": 8,
  "status": {"tagged": 2, "misplaced": 0, "untagged": 1, "invalid": 1, "excluded": 4, "error": 0},
  "symlinks": 0,
  "special": 0,
  "lowercase_operators": 0,
  "multiple_tags": 0,
  "spdxcheck_syntax": 0,
  "copyright": 3,
  "uapi": {"files": 0, "status": {"tagged": 0, "misplaced": 0, "untagged": 0, "invalid": 0, "excluded": 0, "error": 0}, "without_syscall_note": 0},
  "licenses": [
    {"name": "Foo-Bar", "dir": "", "files": 0},
    {"name": "GPL-2.0", "dir": "", "files": 1},
    {"name": "LicenseRef-mine", "dir": "", "files": 2},
    {"name": "MIT", "dir": "", "files": 0}
  ],
  "expressions": [
    {"expression": "Apache-2.0", "files": 1, "valid": false},
    {"expression": "GPL-2.0 OR LicenseRef-mine", "files": 1, "valid": true},
    {"expression": "LicenseRef-mine", "files": 1, "valid": true}
  ]
}
X
'

test_expect 'text: REUSE.toml fixture, all nine covered files tagged' '
	"$SPDXFS" scan "$TMP/t" >"$TMP/o" 2>"$TMP/e" &&
	sed -n "1,7p;12p" "$TMP/o" >"$TMP/o2" &&
	expect_file "$TMP/o2" <<\X &&
files                        15
  tagged                      9
  misplaced                   0
  untagged                    0
  invalid                     0
  excluded                    6
  unreadable                  0
with copyright                9
X
	expect_file "$TMP/e" <<\X
spdxfs: layout: a REUSE tree (LICENSES/<ID>.txt), read as REUSE 3.3 defines it
X
'

test_done
