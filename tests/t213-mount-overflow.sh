#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# After the inotify queue overflowed (events were lost, a new directory's
# creation among them), the watcher watches the whole tree again: files
# made later in that directory show up.  The daemon is stopped while
# more events than the queue holds (fs.inotify.max_queued_events, left
# as it is) happen, so the overflow is certain.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

max=$(cat /proc/sys/fs/inotify/max_queued_events 2>/dev/null || echo 0)
if [ "$max" -eq 0 ] || [ "$max" -gt 100000 ]; then
	test_skip "max_queued_events is $max: no overflow at a reasonable cost"
	test_done
	exit
fi

mkdir -p "$T/LICENSES/preferred" "$T/burst" "$M" &&
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT &&
printf 'int a;\n' >"$T/a.c" || exit 1
start_daemon "$M" "$T" "$M"
at_exit '[ -z "$DAEMON" ] || kill -CONT "$DAEMON" 2>/dev/null'
wait_mounted "$M" || exit 1
# The first catch-up rescan is done: a.c is listed.
test -f "$M/untagged/a.c" || exit 1

# Each empty file is two events (created, closed after writing); the
# directory comes last, past the queue's end.
n=$((max / 2 + 64))
kill -STOP "$DAEMON"
i=0
while [ "$i" -lt "$n" ]; do
	: >"$T/burst/f$i"
	i=$((i + 1))
done
mkdir "$T/newdir"
kill -CONT "$DAEMON"

test_expect 'the burst and the new directory are seen by the rescan' '
	within 2 "test -d \"$M/untagged/burst\"" &&
	within 2 "test -f \"$M/untagged/burst/f$((n - 1))\""
'

test_expect 'a file made in the new directory afterwards shows up' '
	printf "int late;\n" >"$T/newdir/late.c" &&
	within 2 "test -f \"$M/untagged/newdir/late.c\""
'

stop_daemon "$M"
test_done
