#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Exact sizes by default: a file the kernel saw at 52 bytes (stat, read),
# then rewritten to 656 bytes, reads whole at once, never cut at 52, also
# with no watcher to say it changed (SPDXFS_WATCH=poll: the next rescan
# is seconds away); rewritten shorter, it reads whole, not padded.  Each
# open checks the file it opens (fstat) against the snapshot and reads a
# changed one with direct I/O.  -o exact_size, once needed for this, is
# accepted and changes nothing.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

mkdir -p "$T/LICENSES/preferred" "$T/lib" "$M" &&
printf 'Valid-License-Identifier: MIT\nSPDX-URL: https://spdx.org/licenses/MIT.html\nUsage-Guide:\n  Short.\nLicense-Text:\n\nMIT.\n' \
	>"$T/LICENSES/preferred/MIT" &&
printf '// SPDX-License-Identifier: MIT\n/* 52 bytes long */\n' >"$T/lib/a.c" &&
{ printf "// SPDX-License-Identifier: MIT\n"; i=0;
  while [ $i -lt 39 ]; do printf "/* line %02d.. */\n" $i; i=$((i + 1)); done; } \
	>"$TMP/new" || exit 1
for opts in "" "-o exact_size"; do
	printf '// SPDX-License-Identifier: MIT\n/* 52 bytes long */\n' >"$T/lib/a.c" || exit 1
	SPDXFS_WATCH=poll start_daemon "$M" $opts "$T" "$M"
	wait_mounted "$M" || exit 1

	F=$M/by-license/MIT/lib/a.c

	test_expect "${opts:-default}: the file is 52 bytes, and read once (in the page cache)" '
		test "$(stat -c %s "$F")" = 52 &&
		cmp "$F" "$T/lib/a.c"
	'

	test_expect "${opts:-default}: rewritten to 656 bytes: the next read is whole" '
		test "$(stat -c %s "$TMP/new")" = 656 &&
		stat -c %s "$F" >/dev/null &&
		cat "$TMP/new" >"$T/lib/a.c" &&
		cat "$F" >"$TMP/read" &&
		cmp "$TMP/read" "$TMP/new" &&
		test "$(stat -c %s "$F")" = 656
	'

	test_expect "${opts:-default}: rewritten to 52 bytes again: whole, not padded" '
		printf "// SPDX-License-Identifier: MIT\n/* 52 bytes again*/\n" >"$T/lib/a.c" &&
		cat "$F" >"$TMP/read" &&
		cmp "$TMP/read" "$T/lib/a.c"
	'

	test_expect "${opts:-default}: a file not rewritten keeps its pages: read twice, the same" '
		cat "$F" >"$TMP/read1" && cat "$F" >"$TMP/read2" &&
		cmp "$TMP/read1" "$TMP/read2"
	'

	stop_daemon "$M"
	test_expect "${opts:-default}: unmounted cleanly" 'expect_clean_exit "$M"'
done
test_done
