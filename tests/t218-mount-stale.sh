#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# No stale views: a directory that leaves a view and comes back shows
# what it holds now, also to a shell whose working directory it stayed,
# and every file listed reads (never "Stale file handle").
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/views.sh"

T=$TMP/tree
M=$TMP/mnt
VIEWS_TREE=$T

mkdir -p "$T/LICENSES/preferred" "$T/a/sub" "$M" &&
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT &&
printf '// SPDX-License-Identifier: Bogus\n' >"$T/a/x.c" &&
printf '// SPDX-License-Identifier: Bogus\n' >"$T/a/sub/z.c" &&
printf '// SPDX-License-Identifier: MIT\n' >"$T/a/y.c" || exit 1
start_daemon "$M" "$T" "$M"
wait_mounted "$M" || exit 1

# Processes whose working directory is invalid/a and invalid/a/sub, as a
# shell cd'd there: /proc/PID/cwd is that directory, whatever its name
# shows now.
(cd "$M/invalid/a" && exec sleep 600) &
CWD_A=$!
(cd "$M/invalid/a/sub" && exec sleep 600) &
CWD_SUB=$!
at_exit 'kill $CWD_A $CWD_SUB 2>/dev/null'

test_expect 'before: invalid/a holds x.c and sub/z.c, also as a working directory' '
	within 2 "test -d /proc/$CWD_SUB/cwd/." &&
	test "$(ls "$M/invalid/a" | tr "\n" " ")" = "sub x.c " &&
	test "$(ls /proc/$CWD_A/cwd/ | tr "\n" " ")" = "sub x.c " &&
	test "$(ls /proc/$CWD_SUB/cwd/)" = z.c
'

test_expect 'both fixed: invalid/a leaves the view, also for its working directories' '
	printf "// SPDX-License-Identifier: MIT\n" >"$T/a/x.c" &&
	printf "// SPDX-License-Identifier: MIT\n" >"$T/a/sub/z.c" &&
	within 2 "test ! -e \"$M/invalid/a\"" &&
	test -z "$(ls "$M/invalid")" &&
	within 2 "! ls /proc/$CWD_A/cwd/ >/dev/null 2>&1" &&
	! ls /proc/$CWD_SUB/cwd/ 2>"$TMP/err" &&
	grep -q "No such file or directory" "$TMP/err"
'

test_expect 'y.c broken: invalid/a is back with y.c alone, not x.c' '
	printf "// SPDX-License-Identifier: Bogus2\n" >"$T/a/y.c" &&
	within 2 "test -e \"$M/invalid/a/y.c\"" &&
	test "$(ls "$M/invalid/a")" = y.c &&
	test "$(ls /proc/$CWD_A/cwd/)" = y.c &&
	test ! -e "$M/invalid/a/x.c" &&
	test ! -e "$M/invalid/a/sub" &&
	test ! -e "$M/invalid/a/sub/z.c" &&
	! ls /proc/$CWD_SUB/cwd/ 2>/dev/null &&
	cmp "$M/invalid/a/y.c" "$T/a/y.c" &&
	cmp /proc/$CWD_A/cwd/y.c "$T/a/y.c"
'

test_expect 'every view is what a fresh mount and spdxfs list show' '
	views_fresh "$T" "$TMP/fresh" &&
	within 2 "views_same \"$M\" \"$TMP/fresh\""
'

test_expect 'every file listed reads' '
	find "$M" -type f -exec cat {} + >/dev/null
'

kill $CWD_A $CWD_SUB; wait $CWD_A $CWD_SUB 2>/dev/null
stop_daemon "$M"
test_expect 'unmounted cleanly' 'expect_clean_exit "$M"'
test_done
