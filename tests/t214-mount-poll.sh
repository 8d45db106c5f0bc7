#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Without inotify (SPDXFS_WATCH=poll, as when the watch limit is
# reached) the daemon rescans the tree now and then: a change still shows
# up, and an idle daemon backs off, so that it costs little CPU.  The
# bound is on CPU ticks spent over a while of idleness; the tree is large
# enough that a rescan every 1.5 s would spend several times as many.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

# ticks PID: the user and system CPU ticks the process has used.
ticks() {
	awk '{ print $14 + $15 }' "/proc/$1/stat"
}

mkdir -p "$T/LICENSES/preferred" "$M" &&
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT || exit 1
d=0
while [ "$d" -lt 100 ]; do
	mkdir "$T/d$d" || exit 1
	f=0
	while [ "$f" -lt 200 ]; do
		echo "int x$f;" >"$T/d$d/f$f.c"
		f=$((f + 1))
	done
	d=$((d + 1))
done

SPDXFS_WATCH=poll start_daemon "$M" "$T" "$M"
wait_mounted "$M" || exit 1

test_expect 'polling: a change shows up' '
	printf "// SPDX-License-Identifier: MIT\nint x0;\n" >"$T/d0/f0.c" &&
	within 5 "test -f \"$M/by-license/MIT/d0/f0.c\""
'

# After the change, quiet: the rescans that find nothing space out
# (1.5, 3, 6, 12 s...).  In the first 2 s there is one rescan, which
# gives its cost; over the 12 s after, rescanning every 1.5 s would be 8
# of them, backing off 2 (at 4.5 and 10.5 s).  Ticks, not time: the
# bound holds on a slow machine too.
# fixed sleeps on purpose: the rescans of a poll counted over a span of time
t0=$(ticks "$DAEMON")
sleep 2
t1=$(ticks "$DAEMON")
sleep 12
t2=$(ticks "$DAEMON")
one=$((t1 - t0))
idle=$((t2 - t1))
echo "# ticks: one rescan $one, 12 s idle $idle"

test_expect 'polling: an idle daemon backs off' '
	test "$one" -gt 0 &&
	test "$idle" -le $((4 * one + 2))
'

test_expect 'polling: a change still shows up after backing off' '
	printf "// SPDX-License-Identifier: MIT\nint x1;\n" >"$T/d0/f1.c" &&
	within 30 "test -f \"$M/by-license/MIT/d0/f1.c\""
'

stop_daemon "$M"
test_done
