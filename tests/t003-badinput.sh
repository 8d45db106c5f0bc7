#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Bad input gets one line on stderr naming the problem, exit status 2,
# and nothing written anywhere.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"

# one_line_error STATUS PATTERN command...: exit STATUS, one stderr line
# matching PATTERN, nothing on stdout.
one_line_error() {
	st=$1 pat=$2
	shift 2
	expect_status "$st" "$@" >"$TMP/out" 2>"$TMP/err" || return 1
	test "$(wc -l <"$TMP/err")" -eq 1 || { cat "$TMP/err"; return 1; }
	grep -q -- "$pat" "$TMP/err" || { cat "$TMP/err"; return 1; }
	test ! -s "$TMP/out"
}

test_expect 'missing tree' '
	one_line_error 2 "^spdxfs: $TMP/nope: No such file or directory$" \
		"$SPDXFS" scan "$TMP/nope"
'

test_expect 'a file taken for a directory' '
	one_line_error 2 "^spdxfs: $T/a.c/: Not a directory$" "$SPDXFS" list "$T/a.c/"
'

test_expect 'unknown option' '
	expect_status 2 "$SPDXFS" scan --bogus "$T" >"$TMP/out" 2>"$TMP/err" &&
	grep -q "unrecognized option" "$TMP/err" &&
	grep -q "^usage: spdxfs scan" "$TMP/err" && test ! -s "$TMP/out"
'

test_expect 'unknown command' '
	expect_status 2 "$SPDXFS" frobnicate >"$TMP/out" 2>"$TMP/err" &&
	grep -q "^spdxfs: unknown command .frobnicate.$" "$TMP/err"
'

test_expect 'missing PATH of show' '
	expect_status 2 "$SPDXFS" show 2>"$TMP/err" &&
	grep -q "^usage: spdxfs show" "$TMP/err"
'

test_expect 'bad --jobs and --depth values' '
	one_line_error 2 "^spdxfs: --jobs: expected 1..64, got .0.$" "$SPDXFS" scan -j 0 "$T" &&
	one_line_error 2 "^spdxfs: --depth: expected a number >= 0, got .x.$" "$SPDXFS" check -d -D x "$T"
'

test_expect 'check PATH that is not in the tree' '
	one_line_error 2 "^spdxfs: nowhere.c: no such file in " "$SPDXFS" check "$T" nowhere.c
'

test_expect 'LICENSES/ that cannot be read' '
	cp -a "$T" "$TMP/t2" && chmod -R a+rX "$TMP" && chmod 000 "$TMP/t2/LICENSES" &&
	one_line_error 2 "^spdxfs: LICENSES: Permission denied$" \
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		env SPDXFS_CACHE_DIR=$TMP/nobody-cache "$SPDXFS" scan "$TMP/t2"
'

test_expect 'a LICENSES/ file with a duplicate identifier' '
	cp -a "$T" "$TMP/t3" &&
	license_file "$TMP/t3/LICENSES/preferred" MIT2 MIT &&
	one_line_error 2 "duplicate identifier MIT" "$SPDXFS" scan "$TMP/t3"
'

test_expect 'a tree without LICENSES/ is scanned; every tag is then invalid' '
	mkdir -p "$TMP/t4" && printf "// SPDX-License-Identifier: MIT\n" >"$TMP/t4/x.c" &&
	"$SPDXFS" list "$TMP/t4" >"$TMP/l4" &&
	printf "x.c\tinvalid\t1\tMIT\n" | cmp - "$TMP/l4"
'

test_expect 'an unreadable file is reported per file and the scan goes on' '
	if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
		cp -a "$T" "$TMP/t5" && chmod 000 "$TMP/t5/a.c" && chmod -R a+rX "$TMP" &&
		chmod 000 "$TMP/t5/a.c" &&
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			env SPDXFS_CACHE_DIR=$TMP/nobody-cache "$SPDXFS" list "$TMP/t5" >"$TMP/l5" &&
		grep -q "^a.c	error	0	$" "$TMP/l5" &&
		test "$(wc -l <"$TMP/l5")" -eq 22 &&
		expect_status 1 setpriv --reuid=65534 --regid=65534 --clear-groups \
			env SPDXFS_CACHE_DIR=$TMP/nobody-cache "$SPDXFS" check -w "$TMP/t5" >"$TMP/c5" &&
		grep -q "^a.c: 0:0 cannot read: Permission denied$" "$TMP/c5"
	else
		chmod 000 "$T/a.c" && ! test -r "$T/a.c" &&
		"$SPDXFS" list "$T" | grep -q "^a.c	error	0	$"
	fi
'

# Every command spdxfs --help lists: its usage on stdout, nothing on
# stderr, exit 0, whatever the directory it is run in.
test_expect '--help for every command, exit 0' '
	"$SPDXFS" --help | sed -n "s/^  \([a-z][a-z-]*\)  .*/\1/p" >"$TMP/cmds" &&
	test "$(wc -l <"$TMP/cmds")" -ge 12 &&
	for c in $(cat "$TMP/cmds"); do
		(cd "$TMP" && "$SPDXFS" $c --help >"$TMP/out" 2>"$TMP/err") ||
			{ echo "$c --help: exit $?"; exit 1; } &&
		head -n 1 "$TMP/out" | grep -q "^usage: spdxfs $c" &&
			test ! -s "$TMP/err" || { echo "$c --help:"; cat "$TMP/err"; exit 1; }
	done &&
	"$SPDXFS" --help | grep -q "^usage: spdxfs COMMAND" &&
	"$SPDXFS" --version | grep -q "^spdxfs "
'

test_done
