#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check run in a subdirectory of a REUSE tree lints the files beneath it,
# and --status or --license lint the files they pass, as check selects
# files in a kernel tree; run at the top with no filter, the whole tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/sel
make_reuse_select_tree "$T" || exit 1

test_expect 'in src/: the files beneath it' '
	(cd "$T/src" && expect_status 1 "$SPDXFS" check) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
deprecated license: GPL-2.0
missing license: Apache-2.0
src/nocopy.sh: no copyright information
src/nolicense.sh: no licensing information
REUSE tree: 5 of 8 files checked, 4 with licensing information, 4 with copyright information
used licenses: Apache-2.0, GPL-2.0, LicenseRef-mine
not compliant with REUSE 3.3
X
'

test_expect 'in doc/img/: compliant but for the license file it uses' '
	(cd "$T/doc/img" && expect_status 1 "$SPDXFS" check) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
license without file extension: MIT
REUSE tree: 1 of 8 files checked, 1 with licensing information, 1 with copyright information
used licenses: MIT
not compliant with REUSE 3.3
X
'

test_expect 'at the top: the whole tree' '
	(cd "$T" && expect_status 1 "$SPDXFS" check) >"$TMP/out" &&
	grep -c "^unused license: Foo-Bar$" "$TMP/out" &&
	grep "^REUSE tree:" "$TMP/out" >"$TMP/sum" &&
	expect_file "$TMP/sum" <<\X
REUSE tree: 8 files, 6 with licensing information, 6 with copyright information
X
'

test_expect '--status untagged: the files without licensing information' '
	expect_status 1 "$SPDXFS" check --status untagged "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
doc/todo.txt: no copyright information
doc/todo.txt: no licensing information
src/nolicense.sh: no licensing information
REUSE tree: 2 of 8 files checked, 0 with licensing information, 1 with copyright information
used licenses:
not compliant with REUSE 3.3
X
'

test_expect '--license LicenseRef-mine: the files whose expressions name it' '
	expect_status 1 "$SPDXFS" check --license LicenseRef-mine "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
deprecated license: GPL-2.0
src/nocopy.sh: no copyright information
REUSE tree: 4 of 8 files checked, 4 with licensing information, 3 with copyright information
used licenses: GPL-2.0, LicenseRef-mine
not compliant with REUSE 3.3
X
'

test_done
