#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Nothing the walk meets vanishes: a directory that cannot be listed, a
# file that cannot be stat'ed and a directory holding paths longer than
# PATH_MAX (4096 bytes) each get status error (a directory written with
# a final '/'), counted in the summary (text and --json), listed by list
# and check -f, and check fails on them.  The unreadable cases run as
# user nobody (needs root and setpriv; skipped otherwise).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"

# Paths of 200 d's and a number, written D and the number.
short() {
	sed 's/d\{200\}/D/g'
}

license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
mkdir -p "$T/ok" "$T/deep" &&
printf '// SPDX-License-Identifier: GPL-2.0\nint a;\n' >"$T/ok/a.c" &&
python3 - "$T/deep" <<'PY' || exit 1
import os, sys
os.chdir(sys.argv[1])
for i in range(21):
    name = "d" * 200 + "%02d" % i
    os.mkdir(name)
    os.chdir(name)
open("deep.c", "w").write("int deep;\n")
PY

DEEP=deep/D00/D01/D02/D03/D04/D05/D06/D07/D08/D09/D10/D11/D12/D13/D14/D15/D16/D17/D18/D19

test_expect 'list: the directory whose entries pass PATH_MAX is an error' '
	"$SPDXFS" list --no-cache "$T" >"$TMP/out" &&
	short <"$TMP/out" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	LICENSES/preferred/GPL-2.0	excluded	0	
	$DEEP/	error	0	
	ok/a.c	tagged	1	GPL-2.0
	X
'

test_expect 'check fails on it, naming it and the error' '
	expect_status 1 "$SPDXFS" check --no-cache "$T" >"$TMP/out" &&
	short <"$TMP/out" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	$DEEP/: 0:0 cannot read: File name too long: paths in it pass PATH_MAX (4096 bytes)
	X
'

test_expect 'check -f lists it and fails' '
	expect_status 1 "$SPDXFS" check -f --no-cache "$T" >"$TMP/out" &&
	short <"$TMP/out" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	$DEEP/
	X
'

test_expect 'the summary counts it, text and JSON' '
	"$SPDXFS" scan --no-cache "$T" >"$TMP/scan" &&
	sed -n "1,8p" "$TMP/scan" >"$TMP/scan.head" &&
	expect_file "$TMP/scan.head" <<-X &&
	files                         3
	  tagged                      1
	  misplaced                   0
	  untagged                    0
	  invalid                     0
	  excluded                    1
	  unreadable                  1
	symlinks (unfollowed)         0
	X
	"$SPDXFS" scan --json --no-cache "$T" | jq -c .status >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	{"tagged":1,"misplaced":0,"untagged":0,"invalid":0,"excluded":1,"error":1}
	X
'

test_expect 'the saved index keeps it: the same list from the cache' '
	"$SPDXFS" list "$T" >"$TMP/first" &&
	"$SPDXFS" list "$T" >"$TMP/second" &&
	"$SPDXFS" list --no-cache "$T" | cmp - "$TMP/first" &&
	cmp "$TMP/first" "$TMP/second"
'

M=$TMP/mnt
mkdir -p "$M" || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'the mount counts it in its summary, and lists no node for it' '
	wait_mounted "$M" &&
	sed -n "1,8p" "$M/summary" >"$TMP/got" &&
	cmp "$TMP/got" "$TMP/scan.head" &&
	(cd "$M/all" && find . | LC_ALL=C sort) >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	.
	./LICENSES
	./LICENSES/preferred
	./LICENSES/preferred/GPL-2.0
	./ok
	./ok/a.c
	X
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

rm -rf "$T/deep"

if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
	test_skip "needs root and setpriv, to scan as user nobody"
	test_done
	exit
fi

mkdir -p "$T/secret" "$T/noexec" &&
printf 'int s;\n' >"$T/secret/s.c" &&
printf 'int n;\n' >"$T/noexec/n.c" &&
chmod 0700 "$T/secret" &&
chmod 0744 "$T/noexec" &&
chmod 0755 "$T" "$T/ok" &&
chmod 0711 "$TMP" || exit 1

test_expect 'as nobody: a directory it cannot list, a file it cannot stat' '
	$NOBODY "$SPDXFS" list --no-cache "$T" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	LICENSES/preferred/GPL-2.0	excluded	0	
	noexec/n.c	error	0	
	ok/a.c	tagged	1	GPL-2.0
	secret/	error	0	
	X
'

test_expect 'as nobody: check fails on both' '
	expect_status 1 $NOBODY "$SPDXFS" check --no-cache "$T" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	noexec/n.c: 0:0 cannot read: Permission denied
	secret/: 0:0 cannot read: Permission denied
	X
'

test_expect 'as nobody: check -f lists both and fails' '
	expect_status 1 $NOBODY "$SPDXFS" check -f --no-cache "$T" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	noexec/n.c
	secret/
	X
'

test_expect 'as nobody: the summary counts both, and list --json says why' '
	$NOBODY "$SPDXFS" scan --json --no-cache "$T" | jq -c .status >"$TMP/got" &&
	expect_file "$TMP/got" <<-X &&
	{"tagged":1,"misplaced":0,"untagged":0,"invalid":0,"excluded":1,"error":2}
	X
	$NOBODY "$SPDXFS" list --json --status error --no-cache "$T" |
		jq -c ".files[] | [.path, .status, .error]" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	["noexec/n.c","error","Permission denied"]
	["secret/","error","Permission denied"]
	X
'

test_expect 'as nobody: a LICENSES/ directory it cannot list refuses the tree' '
	chmod 0700 "$T/LICENSES/preferred" &&
	expect_status 2 $NOBODY "$SPDXFS" list --no-cache "$T" >"$TMP/out" 2>"$TMP/err"
	status=$? &&
	chmod 0755 "$T/LICENSES/preferred" &&
	test "$status" = 0 &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<-X
	spdxfs: LICENSES/preferred/: Permission denied
	X
'

test_expect 'root reads them: no error' '
	"$SPDXFS" list --no-cache "$T" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	LICENSES/preferred/GPL-2.0	excluded	0	
	noexec/n.c	untagged	0	
	ok/a.c	tagged	1	GPL-2.0
	secret/s.c	untagged	0	
	X
'

test_done
