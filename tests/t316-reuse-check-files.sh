#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check -f on a REUSE tree lists the files reuse lint names (without
# licensing or copyright information, unreadable) of the whole tree or
# of the PATHs named, one a line, exit 1 when there is one; -z and
# --json as in a kernel tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/sel
make_reuse_select_tree "$T" || exit 1

test_expect '-f: the whole tree'"'"'s' '
	expect_status 1 "$SPDXFS" check -f "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
doc/todo.txt
src/nocopy.sh
src/nolicense.sh
X
'

test_expect '-f PATH...: of those named only' '
	expect_status 1 "$SPDXFS" check -f "$T" src/ok.c doc >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
doc/todo.txt
X
'

test_expect '-f of compliant files: nothing, exit 0' '
	expect_status 0 "$SPDXFS" check -f "$T" src/ok.c doc/img doc/guide.md >"$TMP/out" &&
	expect_file "$TMP/out" </dev/null
'

test_expect '-f -z and --json' '
	expect_status 1 "$SPDXFS" check -f -z "$T" src >"$TMP/out" &&
	tr "\\0" "|" <"$TMP/out" >"$TMP/z" && echo >>"$TMP/z" &&
	expect_status 1 "$SPDXFS" check -f --json "$T" src/nocopy.sh >>"$TMP/z" &&
	expect_file "$TMP/z" <<X
src/nocopy.sh|src/nolicense.sh|
{
  "version": "$VERSION",
  "files": [
    "src/nocopy.sh"
  ]
}
X
'

test_done
