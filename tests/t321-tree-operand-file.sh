#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The commands whose operand is a directory of the tree alone (tag TREE,
# mount TREE MOUNTPOINT) given a file: one line that says a directory
# is wanted, not a bare "Not a directory" (issue 27, item 1).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T" && mkdir -p "$TMP/mnt" || exit 1
MSG="spdxfs: a.c: not a directory: name a directory of the tree (its files are those beneath it)"

test_expect 'tag FILE -o DIR: one line, exit 2, no series' '
	(cd "$T" && expect_status 2 "$SPDXFS" tag a.c -o "$TMP/series") >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" && test ! -e "$TMP/series" &&
	expect_file "$TMP/err" <<X
$MSG
X
'

test_expect 'mount FILE MOUNTPOINT: one line, exit 2, nothing mounted' '
	(cd "$T" && expect_status 2 "$SPDXFS" mount a.c "$TMP/mnt") >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	! mountpoint -q "$TMP/mnt" &&
	expect_file "$TMP/err" <<X
$MSG
X
'

test_expect 'a file as the operand of list still works' '
	(cd "$T" && "$SPDXFS" list a.c) >"$TMP/out" &&
	printf "a.c\ttagged\t1\tGPL-2.0\n" | cmp - "$TMP/out"
'

test_done
