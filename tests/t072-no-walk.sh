#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# What is walked: a path that does not exist is an error before any walk
# (show /nonexistent walked /); a tree is found from a file only where a
# LICENSES/ or .git says so; a walk stays on the tree's file system, as
# find -xdev, and says once which mount point it did not cross.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T" || exit 1
mkdir -p "$TMP/home/deep" && printf 'int x;\n' >"$TMP/home/deep/x.c" || exit 1

# Under a time limit: a spdxfs that walks / would take minutes.
test_expect 'show /nonexistent: one line, exit 2, nothing indexed' '
	expect_status 2 timeout 10 "$SPDXFS" show /nonexistent-h27a >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X &&
spdxfs: /nonexistent-h27a: No such file or directory
X
	{ test ! -e "$SPDXFS_CACHE_DIR" || test -z "$(ls "$SPDXFS_CACHE_DIR")"; }
'

test_expect 'a missing file of a directory with no tree: the same, no walk' '
	for cmd in show check list scan; do
		(cd "$TMP/home" && expect_status 2 "$SPDXFS" $cmd deep/nosuch.c) 2>>"$TMP/err2" || return 1
	done &&
	expect_file "$TMP/err2" <<X &&
spdxfs: deep/nosuch.c: No such file or directory
spdxfs: deep/nosuch.c: No such file or directory
spdxfs: deep/nosuch.c: No such file or directory
spdxfs: deep/nosuch.c: No such file or directory
X
	{ test ! -e "$SPDXFS_CACHE_DIR" || test -z "$(ls "$SPDXFS_CACHE_DIR")"; }
'

test_expect 'an existing file in no tree is not a reason to index its parents' '
	(cd "$TMP/home/deep" && expect_status 2 "$SPDXFS" show x.c) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: x.c: in no tree: no LICENSES/ or .git at or above it (name the tree first: TREE PATH...)
X
'

if [ "$(id -u)" = 0 ] && mkdir "$T/mnt" && mount -t tmpfs spdxfs-t072 "$T/mnt" 2>/dev/null; then
	at_exit 'umount "$T/mnt" 2>/dev/null'
	mkdir -p "$T/mnt/sub" && printf 'int m;\n' >"$T/mnt/m.c" && printf 'int s;\n' >"$T/mnt/sub/s.c"
	test_expect 'a mount point in the tree: not crossed, said once' '
		"$SPDXFS" list --no-cache "$T" >"$TMP/out" 2>"$TMP/err" &&
		! grep "^mnt/" "$TMP/out" &&
		test "$(wc -l <"$TMP/out")" = 22 &&
		expect_file "$TMP/err" <<X
spdxfs: warning: $T/mnt: a mount point: another file system, not walked
X
	'
	test_expect 'the mount point named: a special file, left out' '
		"$SPDXFS" check "$T" mnt >"$TMP/out" 2>"$TMP/err" &&
		test ! -s "$TMP/out" &&
		expect_file "$TMP/err" <<X
spdxfs: warning: $T/mnt: a mount point: another file system, not walked
spdxfs: mnt: not a regular file, left out
X
	'
	umount "$T/mnt"
else
	test_skip "needs root and a tmpfs mount"
	test_skip "needs root and a tmpfs mount"
fi

test_done
