#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check TREE PATH... and check PATH... on a REUSE tree lint the files
# named only, as check does in a kernel tree: their files' classes, the
# bad, deprecated, extensionless and missing licenses they name, never
# an unused license (a finding about the tree, not about a file); the
# counts, the licenses used and the verdict (the exit status) are the
# selection's.  Nothing named: the whole tree's lint, as before.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/sel
make_reuse_select_tree "$T" || exit 1

test_expect 'no PATH: the whole tree, unused licenses too' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
bad license: Foo-Bar
deprecated license: GPL-2.0
license without file extension: MIT
missing license: Apache-2.0
unused license: Foo-Bar
doc/todo.txt: no copyright information
src/nocopy.sh: no copyright information
doc/todo.txt: no licensing information
src/nolicense.sh: no licensing information
REUSE tree: 8 files, 6 with licensing information, 6 with copyright information
used licenses: Apache-2.0, GPL-2.0, LicenseRef-mine, MIT
not compliant with REUSE 3.3
X
'

test_expect 'a compliant file of a non-compliant tree: compliant, exit 0' '
	expect_status 0 "$SPDXFS" check "$T" src/ok.c >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
REUSE tree: 1 of 8 files checked, 1 with licensing information, 1 with copyright information
used licenses: LicenseRef-mine
compliant with REUSE 3.3
X
'

test_expect 'two files: their classes and the licenses they name only' '
	expect_status 1 "$SPDXFS" check "$T" src/b.py src/nocopy.sh >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
missing license: Apache-2.0
src/nocopy.sh: no copyright information
REUSE tree: 2 of 8 files checked, 2 with licensing information, 1 with copyright information
used licenses: Apache-2.0, LicenseRef-mine
not compliant with REUSE 3.3
X
'

test_expect 'license files the named files use: deprecated, without extension' '
	expect_status 1 "$SPDXFS" check "$T" doc/img/logo.png src/a.c >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
deprecated license: GPL-2.0
license without file extension: MIT
REUSE tree: 2 of 8 files checked, 2 with licensing information, 2 with copyright information
used licenses: GPL-2.0, LicenseRef-mine, MIT
not compliant with REUSE 3.3
X
'

test_expect 'a directory named: the files beneath it' '
	expect_status 1 "$SPDXFS" check "$T" doc >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
license without file extension: MIT
doc/todo.txt: no copyright information
doc/todo.txt: no licensing information
REUSE tree: 3 of 8 files checked, 2 with licensing information, 2 with copyright information
used licenses: LicenseRef-mine, MIT
not compliant with REUSE 3.3
X
'

test_expect 'PATH... alone, from another directory' '
	(cd "$TMP" && expect_status 0 "$SPDXFS" check sel/src/ok.c sel/doc/guide.md) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
REUSE tree: 2 of 8 files checked, 2 with licensing information, 2 with copyright information
used licenses: LicenseRef-mine
compliant with REUSE 3.3
X
'

test_expect '-v: the information of the files named, in their order' '
	expect_status 1 "$SPDXFS" check -v "$T" src/ok.c doc/img >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
src/ok.c: license LicenseRef-mine (file-header src/ok.c)
src/ok.c: copyright SPDX-FileCopyrightText: 2024 D (file-header src/ok.c)
doc/img/logo.png: license MIT (dot-license doc/img/logo.png.license)
doc/img/logo.png: copyright SPDX-FileCopyrightText: 2024 F (dot-license doc/img/logo.png.license)
license without file extension: MIT
REUSE tree: 2 of 8 files checked, 2 with licensing information, 2 with copyright information
used licenses: LicenseRef-mine, MIT
not compliant with REUSE 3.3
X
'

test_expect '--json: the files named, their counts, and the tree'"'"'s' '
	expect_status 1 "$SPDXFS" check --json "$T" src/nolicense.sh >"$TMP/out" &&
	sed -n "/\"non_compliant\"/,\$p" "$TMP/out" >"$TMP/tail" &&
	grep -c "\"path\"" "$TMP/out" >>"$TMP/tail" &&
	expect_file "$TMP/tail" <<\X
  "non_compliant": {
    "bad_licenses": [],
    "deprecated_licenses": [],
    "licenses_without_extension": [],
    "missing_licenses": [],
    "unused_licenses": [],
    "read_errors": [],
    "missing_copyright_info": [],
    "missing_licensing_info": ["src/nolicense.sh"],
    "global_licensing_error": []
  },
  "summary": {
    "files_total": 1,
    "files_in_tree": 8,
    "files_with_licensing_info": 0,
    "files_with_copyright_info": 1,
    "used_licenses": [],
    "compliant": false
  }
}
1
X
'

test_expect 'a file REUSE does not cover, named: nothing to lint, exit 0' '
	expect_status 0 "$SPDXFS" check "$T" LICENSES/Foo-Bar.txt >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
REUSE tree: 0 of 8 files checked, 0 with licensing information, 0 with copyright information
used licenses:
compliant with REUSE 3.3
X
'

test_done
