#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs mount --rev REV REPO MNT: the views of a git revision, read from
# the repository's objects.  Files serve their blob's bytes, with the mode
# of their tree entry, the blob's size and the commit time as mtime; the
# all/ view is the revision's tree (what git archive writes) without its
# symlinks; a blob that goes missing under the mount gives EIO for that
# file only and a line in the log; a bad revision mounts nothing.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
M=$TMP/mnt
git_test_env

test_expect 'a repository: v1, then a.c edited in the work tree and HEAD' '
	git init -q -b main "$R" && make_fixture "$R" &&
	chmod 755 "$R/scripts/run.sh" &&
	git -C "$R" add -A && git -C "$R" commit -q -m base && git -C "$R" tag v1 &&
	mkdir "$TMP/x" && git -C "$R" archive v1 | tar -x -C "$TMP/x" &&
	find "$TMP/x" -type l -delete &&
	echo "int edited;" >>"$R/a.c" &&
	GIT_COMMITTER_DATE="2024-02-01T00:00:00Z" git -C "$R" commit -q -am edit &&
	echo "int uncommitted;" >>"$R/a.c" && mkdir "$M"
'

start_daemon "$M" --rev v1 "$R" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'a file: its blob, its size, the entry mode, the commit time' '
	git -C "$R" show v1:a.c | cmp - "$M/all/a.c" &&
	test "$(stat -c %s "$M/all/a.c")" = "$(git -C "$R" cat-file -s v1:a.c)" &&
	test "$(stat -c %a "$M/all/a.c")" = 644 &&
	test "$(stat -c %a "$M/all/scripts/run.sh")" = 755 &&
	test "$(stat -c %Y "$M/all/a.c")" = "$(git -C "$R" log -1 --format=%ct v1)" &&
	test "$(stat -c %Y "$M/all/a.c")" = 1704067200
'

test_expect 'the views: v1 statuses' '
	test -f "$M/untagged/drivers/net/untagged.c" &&
	test -f "$M/by-license/GPL-2.0/a.c" &&
	grep -q "^  invalid  *3$" "$M/summary"
'

test_expect 'a blob gone under the mount: EIO for it alone, a log line' '
	id=$(git -C "$R" rev-parse v1:drivers/exc.c) && rest=${id#??} &&
	rm "$R/.git/objects/${id%$rest}/$rest" &&
	test "$(errno_of "open(p).read()" "$M/all/drivers/exc.c")" = EIO &&
	git -C "$R" show v1:b.h | cmp - "$M/all/b.h" &&
	kill -0 "$DAEMON" &&
	grep -x "spdxfs: drivers/exc.c: Input/output error" "$TMP/daemon.err"
'

test_expect 'all/ is the tree of v1, symlinks left out' '
	diff -r -x exc.c "$TMP/x" "$M/all" && test -f "$M/all/drivers/exc.c" &&
	test ! -e "$M/all/link.c" && test ! -e "$M/all/outside"
'

stop_daemon "$M"

test_expect 'unmounted, exit status 0' '
	! mountpoint -q "$M" && test "$(cat "$TMP/status")" = 0
'

test_expect 'an unknown revision: one line, exit status 2, nothing mounted' '
	expect_status 2 "$SPDXFS" mount --rev nope "$R" "$M" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $R: unknown revision '"'nope'"'
	X
	! mountpoint -q "$M"
'

# A revision's files have no permissions of their own to check other
# users against: a private repository (0700, a 0600 file) would be open
# to all of them.
test_expect 'allow_other with --rev: refused in one line, exit status 2, nothing mounted' '
	for o in allow_other ro,allow_other; do
		expect_status 2 "$SPDXFS" mount -o "$o" --rev v1 "$R" "$M" 2>"$TMP/err" &&
		expect_file "$TMP/err" <<-X &&
		spdxfs: mount: -o allow_other cannot go with --rev: a revision'"'"'s files have no permissions for other users to be checked against
		X
		! mountpoint -q "$M" || return 1
	done
'

test_done
