#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The mount of a subdirectory: its views hold that subdirectory's files
# at their tree paths, its counts are its own, while licenses come from
# the root; the mountpoint may not lie inside the root.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

mount_fixture

start_daemon "$M" "$T/drivers" "$M"

test_expect 'a subdirectory mounts' 'wait_mounted "$M"'

test_expect 'its views hold its files, at their tree paths' '
	ls "$M/all" >"$TMP/top" &&
	expect_file "$TMP/top" <<-EOF &&
	drivers
	EOF
	(cd "$M" && find untagged invalid misplaced uapi -type f | LC_ALL=C sort) >"$TMP/views" &&
	expect_file "$TMP/views" <<-EOF &&
	invalid/drivers/bad.c
	invalid/drivers/exc.c
	invalid/drivers/paren.c
	misplaced/drivers/net/misplaced.c
	uapi/WITHOUT-SYSCALL-NOTE
	untagged/drivers/net/untagged.c
	EOF
	(cd "$M/by-license" && find . -type f | LC_ALL=C sort) >"$TMP/bylic" &&
	expect_file "$TMP/bylic" <<-EOF
	./Apache-2.0/drivers/three.c
	./GPL-2.0/drivers/lower.c
	./GPL-2.0/drivers/net/misplaced.c
	./GPL-2.0/drivers/three.c
	./MIT/drivers/lower.c
	./MIT/drivers/three.c
	EOF
'

test_expect 'its summary is that of spdxfs scan of the subdirectory' '
	"$SPDXFS" scan "$T/drivers" | cmp - "$M/summary" &&
	grep -q "^files  *7$" "$M/summary" &&
	expect_file "$M/backlog" <<-EOF
	untagged    files  directory
	       1        2  ./drivers/net/
	EOF
'

test_expect 'licenses/ still has every license of the tree' '
	cmp "$T/LICENSES/preferred/MIT" "$M/licenses/MIT" &&
	cmp "$T/LICENSES/exceptions/Linux-syscall-note" "$M/licenses/Linux-syscall-note"
'

test_expect 'the subdirectory follows the tree live' '
	printf "int new;\n" >"$T/drivers/new.c" && printf "int away;\n" >"$T/away.c" &&
	within 10 "test -e \"$M/untagged/drivers/new.c\"" &&
	test ! -e "$M/untagged/away.c" && test ! -e "$M/all/away.c"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_expect 'a mountpoint inside the root is refused, even from a subdirectory' '
	mkdir -p "$T/mnt" &&
	expect_status 2 "$SPDXFS" mount "$T/drivers" "$T/mnt" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF
	spdxfs: $T/mnt: mountpoint is inside the tree $T
	EOF
'

test_done
