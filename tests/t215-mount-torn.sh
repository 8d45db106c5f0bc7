#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# No torn reads: a file whose size the kernel saw (stat) and which then
# grows or shrinks in the tree reads whole before the watcher's rebuild,
# never cut at the old size nor padded to it.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

mkdir -p "$T/LICENSES/preferred" "$T/lib" "$M" &&
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT &&
printf '// SPDX-License-Identifier: MIT\n/* 52 bytes long */\n' >"$T/lib/a.c" &&
printf 'int b;\n' >"$T/lib/b.c" || exit 1
start_daemon "$M" "$T" "$M"
wait_mounted "$M" || exit 1

F=$M/by-license/MIT/lib/a.c
U=$M/untagged/lib/b.c
n=0

# before_rebuild 'file in the mount' 'its expected text': the mount's file
# reads as expected before the watcher's rebuild, which a new file made
# after the change (marker) shows.  The watcher tells the kernel at once
# that a file changed, the rebuild comes after events are quiet for
# 200 ms: reading too early is retried, reading after the rebuild fails.
before_rebuild() {
	n=$((n + 1))
	: >"$T/lib/marker$n.c"
	until test -e "$M/untagged/lib/marker$n.c"; do
		cat "$1" >"$TMP/read" 2>/dev/null && cmp -s "$TMP/read" "$2" && return 0
	done
	echo "only after the rebuild:"; cat "$1" | od -c | head -5
	return 1
}

test_expect 'the file is 52 bytes, and read once (in the page cache)' '
	test "$(stat -c %s "$F")" = 52 &&
	cmp "$F" "$T/lib/a.c"
'

test_expect 'rewritten to 656 bytes: read whole before the rebuild' '
	stat -c %s "$F" >/dev/null &&
	{ printf "// SPDX-License-Identifier: MIT\n"; i=0;
	  while [ $i -lt 39 ]; do printf "/* line %02d.. */\n" $i; i=$((i + 1)); done; } \
		>"$TMP/new" &&
	test "$(stat -c %s "$TMP/new")" = 656 &&
	cat "$TMP/new" >"$T/lib/a.c" &&
	before_rebuild "$F" "$TMP/new"
'

test_expect 'rewritten shorter: read whole, not padded, before the rebuild' '
	stat -c %s "$U" >/dev/null && cat "$U" >/dev/null &&
	printf "int\n" >"$T/lib/b.c" &&
	before_rebuild "$U" "$T/lib/b.c"
'

test_expect 'the size the kernel shows is the new one, before the rebuild' '
	stat -c %s "$U" >/dev/null &&
	printf "int bb;\n" >"$T/lib/b.c" &&
	n=$((n + 1)) && : >"$T/lib/marker$n.c" &&
	until test -e "$M/untagged/lib/marker$n.c"; do
		test "$(stat -c %s "$U")" = 8 && exit 0
	done &&
	exit 1
'

stop_daemon "$M"
test_done
