#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# No torn read: a file the kernel saw at 52 bytes, then rewritten in place
# to 656 bytes before the watcher says so, reads as one version whole,
# never the new bytes cut at 52.
#
# The default mount (the kernel opens files by itself and keeps their
# pages; each read checks the version it reads against what the kernel
# was told): a file whose pages the kernel holds reads as it was, one
# only stat'ed fails with ESTALE, after which a stat shows the new size
# and a read gives the new bytes whole; once the watcher has rescanned,
# the first file reads new and whole too.  The watcher is held off
# (SPDXFS_WATCH=poll with its first rescan 10 s away) so that what is
# tested is the read's own check.
#
# -o allow_other (every open comes to the daemon): each open checks the
# file it opens against the snapshot and reads a changed one with direct
# I/O, so even the next read is whole.  Rewritten shorter, it reads
# whole, not padded.  -o exact_size is accepted and changes nothing.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

old52() {
	printf '// SPDX-License-Identifier: MIT\n/* 52 bytes long */\n'
}

mkdir -p "$T/LICENSES/preferred" "$T/lib" "$M" &&
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT &&
old52 >"$TMP/old" &&
{ printf "// SPDX-License-Identifier: MIT\n"; i=0;
  while [ $i -lt 39 ]; do printf "/* line %02d.. */\n" $i; i=$((i + 1)); done; } \
	>"$TMP/new" || exit 1

# The default mount.
old52 >"$T/lib/a.c" && old52 >"$T/lib/b.c" || exit 1
SPDXFS_WATCH=poll SPDXFS_WATCH_DELAY_MS=10000 start_daemon "$M" "$T" "$M"
wait_mounted "$M" || exit 1
A=$M/by-license/MIT/lib/a.c
B=$M/by-license/MIT/lib/b.c

test_expect 'default: both files are 52 bytes; a.c is read (its pages kept), b.c only stat'"'"'ed' '
	test "$(stat -c %s "$A")" = 52 && test "$(stat -c %s "$B")" = 52 &&
	cmp "$A" "$TMP/old"
'

test_expect 'default: rewritten to 656 bytes, a.c reads as the 52 bytes it was' '
	test "$(stat -c %s "$TMP/new")" = 656 &&
	cat "$TMP/new" >"$T/lib/a.c" && cat "$TMP/new" >"$T/lib/b.c" &&
	cat "$A" >"$TMP/read" &&
	cmp "$TMP/read" "$TMP/old"
'

test_expect 'default: b.c, never read, fails with ESTALE rather than read cut at 52' '
	test "$(errno_of "open(p, \"rb\").read()" "$B")" = ESTALE
'

test_expect 'default: then b.c shows its new size and reads whole' '
	test "$(stat -c %s "$B")" = 656 &&
	cat "$B" >"$TMP/read" &&
	cmp "$TMP/read" "$TMP/new"
'

test_expect 'default: once the watcher rescanned, a.c reads new and whole' '
	kill -HUP "$DAEMON" &&
	within 10 "test \"\$(stat -c %s \"\$A\")\" = 656" &&
	cat "$A" >"$TMP/read" &&
	cmp "$TMP/read" "$TMP/new"
'

test_expect 'default: rewritten to 52 bytes again, after the rescan: whole, not padded' '
	printf "// SPDX-License-Identifier: MIT\n/* 52 bytes again*/\n" >"$T/lib/a.c" &&
	kill -HUP "$DAEMON" &&
	within 10 "test \"\$(stat -c %s \"\$A\")\" = 52" &&
	cat "$A" >"$TMP/read" &&
	cmp "$TMP/read" "$T/lib/a.c"
'

stop_daemon "$M"
test_expect 'default: unmounted cleanly' 'expect_clean_exit "$M"'

# Every open checked: allow_other, with and without exact_size.
for opts in "-o allow_other" "-o allow_other,exact_size"; do
	old52 >"$T/lib/a.c" || exit 1
	SPDXFS_WATCH=poll start_daemon "$M" $opts "$T" "$M"
	wait_mounted "$M" || exit 1

	F=$M/by-license/MIT/lib/a.c

	test_expect "$opts: the file is 52 bytes, and read once (in the page cache)" '
		test "$(stat -c %s "$F")" = 52 &&
		cmp "$F" "$T/lib/a.c"
	'

	test_expect "$opts: rewritten to 656 bytes: the next read is whole" '
		stat -c %s "$F" >/dev/null &&
		cat "$TMP/new" >"$T/lib/a.c" &&
		cat "$F" >"$TMP/read" &&
		cmp "$TMP/read" "$TMP/new" &&
		test "$(stat -c %s "$F")" = 656
	'

	test_expect "$opts: rewritten to 52 bytes again: whole, not padded" '
		printf "// SPDX-License-Identifier: MIT\n/* 52 bytes again*/\n" >"$T/lib/a.c" &&
		cat "$F" >"$TMP/read" &&
		cmp "$TMP/read" "$T/lib/a.c"
	'

	test_expect "$opts: a file not rewritten keeps its pages: read twice, the same" '
		cat "$F" >"$TMP/read1" && cat "$F" >"$TMP/read2" &&
		cmp "$TMP/read1" "$TMP/read2"
	'

	stop_daemon "$M"
	test_expect "$opts: unmounted cleanly" 'expect_clean_exit "$M"'
done
test_done
