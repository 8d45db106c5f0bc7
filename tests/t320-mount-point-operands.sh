#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Operands on the other side of a mount point in a tree: the walk does
# not cross it (t072), and a path named there says so in one line,
# instead of "no such file" for a file that is there.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T" || exit 1

if [ "$(id -u)" != 0 ] || ! mkdir "$T/mnt" || ! mount -t tmpfs spdxfs-t320 "$T/mnt" 2>/dev/null; then
	test_skip "needs root and a tmpfs mount"
	test_skip "needs root and a tmpfs mount"
	test_skip "needs root and a tmpfs mount"
	test_done
	exit
fi
at_exit 'umount "$T/mnt" 2>/dev/null'
mkdir -p "$T/mnt/sub" && printf 'int s;\n' >"$T/mnt/sub/s.c" || exit 1
W="spdxfs: warning: $T/mnt: a mount point: another file system, not walked"

test_expect 'a file beneath the mount point, named: one line, left out' '
	for p in mnt/sub/s.c "$T/mnt/sub/s.c"; do
		(cd "$T" && "$SPDXFS" show --no-cache "$p" a.c) >"$TMP/out" 2>"$TMP/err" &&
		test "$(head -1 "$TMP/out")" = a.c &&
		expect_file "$TMP/err" <<X || return 1
$W
spdxfs: $p: beneath the mount point mnt: another file system, not walked
X
	done
'

test_expect 'its directory as TREE PATH: beneath it too' '
	"$SPDXFS" check --no-cache "$T" mnt/sub/s.c >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
$W
spdxfs: mnt/sub/s.c: beneath the mount point mnt: another file system, not walked
X
'

test_expect 'the mount point, or a directory beneath it, as the directory to report on' '
	for d in mnt mnt/sub; do
		(cd "$T" && expect_status 2 "$SPDXFS" list --no-cache "$d") >"$TMP/out" 2>"$TMP/err" &&
		test ! -s "$TMP/out" &&
		expect_file "$TMP/err" <<X || return 1
$W
spdxfs: $T/$d: on another file system than the tree, not walked
X
	done
'

umount "$T/mnt"
test_done
