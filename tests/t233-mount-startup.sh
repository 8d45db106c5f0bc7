#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The watcher's start-up: it watches the directories the first index
# holds, catches up (niced) with what changed meanwhile, then watches the
# directories that appeared meanwhile.  Directories made before the
# watches, and files made in them afterwards, all reach the views.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

mkdir -p "$T/LICENSES/preferred" "$T/kernel" "$M" &&
license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
printf 'int a;\n' >"$T/kernel/a.c" &&
chmod 750 "$T/kernel" && touch -d '2021-02-03 04:05:06' "$T/kernel" || exit 1

# The watcher waits 1 s before its first watch (SPDXFS_WATCH_DELAY_MS):
# directories (two deep) and a file in each made then are seen by no
# watch, only by the catch-up rescan.
N=10
SPDXFS_WATCH_DELAY_MS=1000 start_daemon "$M" "$T" "$M"
test_expect 'the mount answers' 'wait_mounted "$M"'
# Before the watcher's first rescan, the views are the first index's.
test_expect 'the first index: a view directory has its tree directory'"'"'s mode and mtime' '
	test "$(stat -c "%a %Y" "$M/untagged/kernel")" = "750 $(date -d "2021-02-03 04:05:06" +%s)"
'
i=0
while [ $i -lt $N ]; do
	mkdir -p "$T/d$i/sub" && printf 'int d;\n' >"$T/d$i/a.c" || exit 1
	i=$((i + 1))
done

# expect_all WHAT: every $T/dI/WHAT (I < N) in untagged/, within 5 s.
expect_all() {
	i=0
	while [ $i -lt $N ]; do
		within 5 "test -e \"$M/untagged/d$i/$1\"" || return 1
		i=$((i + 1))
	done
}

test_expect 'the files made while it started are in the views' 'expect_all a.c'

test_expect 'files made afterwards in those directories too' '
	i=0 &&
	while [ $i -lt $N ]; do
		printf "int late;\n" >"$T/d$i/sub/late.c" || return 1 &&
		i=$((i + 1))
	done &&
	expect_all sub/late.c &&
	test "$(cat "$M/untagged/d7/sub/late.c")" = "int late;"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_done
