#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# What a pass through the mount costs in requests, from the daemon's own
# counters (the root's user.spdxfs.requests).  The default mount: a first
# cat of every file is one read each (the one open told ENOSYS, after
# which the kernel opens files by itself, and no flush or release); a
# warm pass (cat of every file, find, ls -lR, grep -r) asks for nothing
# at all.  ls -l's questions for SELinux labels and ACLs are answered
# "not supported" once, and ls stops asking on that device.  With
# -o allow_other every open still comes to the daemon, with its release.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/fixture.sh"

mount_fixture

# count NAME: the counter NAME now.
count() {
	getfattr --absolute-names --only-values -n user.spdxfs.requests "$M" |
		awk -v k="$1" '$1 == k { print $2 }'
}

# The counters, all of them, into FILE.
snap() {
	getfattr --absolute-names --only-values -n user.spdxfs.requests "$M" >"$1"
}

# delta A B: "name count" of each counter that moved from A to B, but
# getxattr, which reading the counters moves.
delta() {
	awk 'NR == FNR { b[$1] = $2; next }
	     $1 != "getxattr" && $2 != b[$1] { print $1, $2 - b[$1] }' "$1" "$2"
}

# Every regular file of the views, listed once (which fills the kernel's
# listings and attributes).
start_daemon "$M" "$T" "$M"
wait_mounted "$M" || exit 1

test_expect 'user.spdxfs.requests: a line per kind of request, in order' '
	snap "$TMP/r0" &&
	test "$(cut -d" " -f1 "$TMP/r0" | tr "\n" " ")" = "lookup getattr opendir readdir releasedir open read flush release getxattr listxattr statfs prefetched prefetching " &&
	test "$(awk "\$1 == \"getxattr\" { print (\$2 > 0) }" "$TMP/r0")" = 1 &&
	test "$(errno_of "os.getxattr(p, \"user.spdxfs.requests\")" "$M/all")" = ENODATA
'

find "$M" -type f | sort >"$TMP/files"
n=$(wc -l <"$TMP/files")

# Prefetch (t237) puts some files in the page cache before cat reads
# them: a read each for the others, and never more than one a file.
test_expect 'a first cat of every file: one read each or prefetched, one open, no release' '
	test "$n" -gt 40 &&
	snap "$TMP/r1" &&
	xargs -d "\n" cat <"$TMP/files" >/dev/null &&
	# what cat queued is all stored (or skipped) before the second
	# snapshot, so that none of it lands in the next test
	within 10 "test \"\$(count prefetching)\" = 0" && snap "$TMP/r2" &&
	delta "$TMP/r1" "$TMP/r2" >"$TMP/d" && cat "$TMP/d" &&
	reads=$(awk "\$1 == \"read\" { print \$2 }" "$TMP/d") &&
	pushed=$(awk "\$1 == \"prefetched\" { print \$2 }" "$TMP/d") &&
	test "$reads" -le "$n" && test $((reads + pushed)) -ge "$n" &&
	test "$(awk "\$1 == \"open\" { print \$2 }" "$TMP/d")" = 1 &&
	test "$(awk "\$1 == \"flush\" { print \$2 }" "$TMP/d")" = 1 &&
	! grep -q "^release " "$TMP/d"
'

test_expect 'a warm cat of every file: no request' '
	snap "$TMP/r1" &&
	xargs -d "\n" cat <"$TMP/files" >/dev/null &&
	snap "$TMP/r2" &&
	delta "$TMP/r1" "$TMP/r2" >"$TMP/d" && cat "$TMP/d" &&
	test ! -s "$TMP/d"
'

test_expect 'a warm find, ls -lR and grep -r: no request but a statfs per walk' '
	ls -lR "$M" >/dev/null && grep -r zzz "$M" >/dev/null; find "$M" >/dev/null &&
	snap "$TMP/r1" &&
	find "$M" -type f >/dev/null &&
	ls -lR "$M" >/dev/null &&
	{ grep -r -l SPDX "$M" >/dev/null; test $? -le 1; } &&
	snap "$TMP/r2" &&
	delta "$TMP/r1" "$TMP/r2" >"$TMP/d" && cat "$TMP/d" &&
	test "$(grep -v "^statfs " "$TMP/d" | wc -l)" = 0 &&
	test "$(awk "\$1 == \"statfs\" { print \$2 }" "$TMP/d")" -le 2
'

test_expect 'what is read is the tree'"'"'s bytes' '
	cmp "$M/all/a.c" "$T/a.c" && cmp "$M/all/drivers/net/untagged.c" "$T/drivers/net/untagged.c"
'

stop_daemon "$M"
test_expect 'unmounted cleanly' 'expect_clean_exit "$M"'

start_daemon "$M" -o allow_other "$T" "$M"
wait_mounted "$M" || exit 1
find "$M" -type f >/dev/null
xargs -d "\n" cat <"$TMP/files" >/dev/null

test_expect 'allow_other: a warm cat of every file opens and releases each, reads none' '
	snap "$TMP/r1" &&
	xargs -d "\n" cat <"$TMP/files" >/dev/null &&
	snap "$TMP/r2" &&
	delta "$TMP/r1" "$TMP/r2" >"$TMP/d" && cat "$TMP/d" &&
	test "$(awk "\$1 == \"open\" { print \$2 }" "$TMP/d")" = "$n" &&
	within 5 "snap \"\$TMP/r3\" && test \"\$(delta \"\$TMP/r1\" \"\$TMP/r3\" | awk \"\\\$1 == \\\"release\\\" { print \\\$2 }\")\" = $n" &&
	! grep -q "^read " "$TMP/d"
'

stop_daemon "$M"
test_expect 'allow_other: unmounted cleanly' 'expect_clean_exit "$M"'
test_done
