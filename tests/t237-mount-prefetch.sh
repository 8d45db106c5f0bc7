#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Readahead across a directory (fusefs/prefetch.h), on the default mount
# (no allow_other): once a reader has read two files of a directory in
# its listing's order, the next PREFETCH_WINDOW (32) files but the one in
# the middle are put in the page cache, so reading them sends no request;
# the middle one's read asks for the next window.  A file changed since
# the kernel was told of it is never put there: its read still fails
# with ESTALE, never the new bytes cut short.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt
mkdir -p "$T/LICENSES/preferred" "$T/big" "$T/chg" "$M" || exit 1
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT || exit 1
i=0
while [ $i -lt 100 ]; do
	f=$(printf "f%03d.c" $i)
	printf "// SPDX-License-Identifier: MIT\n/* %s */\n" "$f" >"$T/big/$f" &&
	g=$(printf "g%03d.c" $i) &&
	printf "// SPDX-License-Identifier: MIT\n/* %s, 52 bytes. */\n" "$g" |
		head -c 52 >"$T/chg/$g" || exit 1
	i=$((i + 1))
done

req() {
	getfattr --absolute-names --only-values -n user.spdxfs.requests "$M" |
		awk -v k="$1" '$1 == k { print $2 }'
}

# cat_reads FILE...: the READ requests a cat of the files cost.
cat_reads() {
	r0=$(req read) && cat "$@" >/dev/null && echo $(($(req read) - r0))
}

files() {
	i=$1
	while [ "$i" -le "$2" ]; do
		printf "%s/%s%03d.c\n" "$D" "$3" "$i"
		i=$((i + 1))
	done
}

# The watcher waits 10 s: the changed file is seen by the reads alone.
SPDXFS_WATCH=poll SPDXFS_WATCH_DELAY_MS=10000 start_daemon "$M" "$T" "$M"
wait_mounted "$M" || exit 1
D=$M/all/big
ls -l "$D" "$M/all/chg" >/dev/null
within 10 'test "$(req prefetching)" = 0' || exit 1
p0=$(req prefetched)
# a fixed sleep on purpose: over STREAM_NS (20 ms) since the last read,
# so that the next reads are judged a pass of their own
sleep 0.1

test_expect 'two files read in order: the next window goes to the page cache' '
	test "$(cat_reads "$D/f000.c" "$D/f001.c")" = 2 &&
	within 10 "test \$((\$(req prefetched) - $p0)) = 32"
'

test_expect 'its files read with no request, but the one in the middle' '
	test "$(cat_reads $(files 2 17 f))" = 0 &&
	test "$(cat_reads "$D/f018.c")" = 1
'

test_expect 'which asked for the next window: read with no request too' '
	within 10 "test \$((\$(req prefetched) - $p0)) = 64" &&
	test "$(cat_reads $(files 19 50 f))" = 0
'

test_expect 'what the page cache was given is the tree'"'"'s bytes' '
	for f in $(files 0 99 f); do
		cmp "$f" "$T/big/${f##*/}" || return 1
	done
'

test_expect 'a file changed before the watcher saw it is not put there' '
	D=$M/all/chg &&
	printf "// SPDX-License-Identifier: MIT\n/* now longer than fifty-two bytes */\n" >"$T/chg/g005.c" &&
	# nothing left of the reads before, and a fixed sleep as above
	within 10 "test \"\$(req prefetching)\" = 0" &&
	p0=$(req prefetched) && sleep 0.1 &&
	test "$(cat_reads "$D/g000.c" "$D/g001.c")" = 2 &&
	within 10 "test \$((\$(req prefetched) - $p0)) = 31" &&
	test "$(cat_reads "$D/g002.c" "$D/g003.c" "$D/g004.c")" = 0 &&
	test "$(errno_of "open(p, \"rb\").read()" "$D/g005.c")" = ESTALE
'

stop_daemon "$M"
test_expect 'unmounted cleanly' 'expect_clean_exit "$M"'
test_done
