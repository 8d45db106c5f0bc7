#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel-tree-scripts/run and a mountpoint already in use (issue 27): an
# spdxfs mount of another tree there is left alone, the script saying so
# before any work (exit 1); one of the same tree is mounted again, the
# script saying so.  Needs the packages of kernel-tree-scripts/deps
# installed (run calls it) and ./spdxfs built (run calls make).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

A=$TMP/a
B=$TMP/b
M=$TMP/mnt
make_fixture "$A"
make_fixture "$B"
mkdir -p "$M"
at_exit 'fusermount3 -uz "$M" 2>/dev/null'

if ! "$TOP/kernel-tree-scripts/deps" 2>/dev/null; then
	test_skip "the packages of kernel-tree-scripts/deps are not all installed"
	test_done
	exit
fi

# tree_of MNT: the tree the spdxfs mount on MNT serves.
tree_of() {
	awk -v m="$1" '$2 == m && $3 == "fuse.spdxfs" { print $1 }' /proc/mounts
}

test_expect 'another tree mounted there: one line, exit 1, that mount kept' '
	"$SPDXFS" mount "$A" "$M" &&
	{ "$TOP/kernel-tree-scripts/run" "$B" "$M" >"$TMP/out" 2>"$TMP/err"
	  test $? = 1; } &&
	test ! -s "$TMP/out" &&
	echo "run: $M: the spdxfs mount of $A is there; unmount it (fusermount3 -u $M) or name another mountpoint" |
		cmp - "$TMP/err" &&
	test "$(tree_of "$M")" = "$A"
'

test_expect 'the same tree mounted there: mounted again, saying so' '
	"$TOP/kernel-tree-scripts/run" "$A" "$M" >"$TMP/out" 2>"$TMP/err" &&
	grep -qx "run: $M: unmounting the earlier spdxfs mount of $A" "$TMP/err" &&
	grep -q "^The views of $A are mounted on $M:" "$TMP/out" &&
	test "$(tree_of "$M")" = "$A" &&
	ls "$M/by-license" >/dev/null
'

test_done
