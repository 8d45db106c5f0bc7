#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A tree with a MAINTAINERS file: by-maintainer/ENTRY/ holds each entry's
# untagged files, untagged/ files carry user.spdx.maintainer, and the
# backlog adds a table per entry.  A tree without one has none of it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
M=$TMP/mnt

license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later
mkdir -p "$T/drivers/net/can" "$T/drivers/net/wireless" "$T/drivers/clk" "$T/lib" "$M"
cat >"$T/MAINTAINERS" <<'X'
List of maintainers

CAN NETWORK DRIVERS
M:	Marc <marc@example.org>
F:	drivers/net/can

CLK/FOO DRIVERS
L:	linux-clk@example.org
F:	drivers/clk/
N:	foo

NETWORKING DRIVERS
M:	Dave <dave@example.org>
F:	drivers/net/
X:	drivers/net/wireless/
X
printf 'int can;\n' >"$T/drivers/net/can/dev.c"
printf 'int can2;\n' >"$T/drivers/net/can/dev2.c"
printf '// SPDX-License-Identifier: GPL-2.0-only\nint t;\n' >"$T/drivers/net/can/tagged.c"
printf 'int net;\n' >"$T/drivers/net/net.c"
printf 'int w;\n' >"$T/drivers/net/wireless/w.c"
printf 'int clk;\n' >"$T/drivers/clk/clk.c"
printf 'int foo;\n' >"$T/lib/foo.c"

# maintainer PATH: user.spdx.maintainer, or the errno's name.
maintainer() {
	xattr_of user.spdx.maintainer "$1"
}

start_daemon "$M" "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'by-maintainer/: a directory per entry with untagged files' '
	(cd "$M/by-maintainer" && find . | LC_ALL=C sort) >"$TMP/got" &&
	expect_file "$TMP/got" <<X
.
./CAN_NETWORK_DRIVERS
./CAN_NETWORK_DRIVERS/drivers
./CAN_NETWORK_DRIVERS/drivers/net
./CAN_NETWORK_DRIVERS/drivers/net/can
./CAN_NETWORK_DRIVERS/drivers/net/can/dev.c
./CAN_NETWORK_DRIVERS/drivers/net/can/dev2.c
./CLK_FOO_DRIVERS
./CLK_FOO_DRIVERS/drivers
./CLK_FOO_DRIVERS/drivers/clk
./CLK_FOO_DRIVERS/drivers/clk/clk.c
./CLK_FOO_DRIVERS/lib
./CLK_FOO_DRIVERS/lib/foo.c
./NETWORKING_DRIVERS
./NETWORKING_DRIVERS/drivers
./NETWORKING_DRIVERS/drivers/net
./NETWORKING_DRIVERS/drivers/net/net.c
X
'

test_expect 'the files read as the tree'"'"'s' '
	cmp "$M/by-maintainer/CLK_FOO_DRIVERS/lib/foo.c" "$T/lib/foo.c"
'

test_expect 'user.spdx.maintainer in untagged/ and by-maintainer/, not elsewhere' '
	for f in drivers/net/can/dev.c drivers/net/net.c drivers/net/wireless/w.c \
		 drivers/clk/clk.c lib/foo.c MAINTAINERS; do
		printf "%s|%s\n" "$f" "$(maintainer "$M/untagged/$f")"
	done >"$TMP/got" &&
	maintainer "$M/by-maintainer/CLK_FOO_DRIVERS/lib/foo.c" >>"$TMP/got" &&
	maintainer "$M/all/lib/foo.c" >>"$TMP/got" &&
	maintainer "$M/all/drivers/net/can/tagged.c" >>"$TMP/got" &&
	expect_file "$TMP/got" <<X
drivers/net/can/dev.c|CAN NETWORK DRIVERS
drivers/net/net.c|NETWORKING DRIVERS
drivers/net/wireless/w.c|ENODATA
drivers/clk/clk.c|CLK/FOO DRIVERS
lib/foo.c|CLK/FOO DRIVERS
MAINTAINERS|ENODATA
CLK/FOO DRIVERS
ENODATA
ENODATA
X
'

test_expect 'listxattr names it' '
	getfattr -d "$M/untagged/lib/foo.c" | grep -x "user.spdx.maintainer=\"CLK/FOO DRIVERS\""
'

test_expect 'backlog: per directory, then per entry' '
	expect_file "$M/backlog" <<X
untagged    files  directory
       2        3  ./drivers/net/can/
       1        1  ./
       1        1  ./drivers/clk/
       1        1  ./drivers/net/
       1        1  ./drivers/net/wireless/
       1        1  ./lib/

untagged  MAINTAINERS entry
       2  CAN NETWORK DRIVERS
       2  CLK/FOO DRIVERS
       1  NETWORKING DRIVERS
       2  (no entry)
X
'

test_expect 'README names by-maintainer/ and the attribute' '
	grep -A2 "^by-maintainer/ENTRY/$" "$M/README" >"$TMP/got" &&
	expect_file "$TMP/got" <<X &&
by-maintainer/ENTRY/
                   untagged files by their most specific MAINTAINERS entry, as
                   get_maintainer.pl finds it (with a MAINTAINERS file)
X
	tr "\n" " " <"$M/README" | grep -q "in untagged/ and by-maintainer/ also user.spdx.maintainer"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

rm "$T/MAINTAINERS"
start_daemon "$M" "$T" "$M"

test_expect 'without MAINTAINERS: no by-maintainer/, no attribute, no table' '
	wait_mounted "$M" &&
	test ! -e "$M/by-maintainer" &&
	test "$(maintainer "$M/untagged/lib/foo.c")" = ENODATA &&
	! grep -q "MAINTAINERS entry" "$M/backlog"
'

stop_daemon "$M"

test_expect 'unmounted again, cleanly' 'expect_clean_exit "$M"'

# Hostile patterns (issue 25, item 6): regex syntax in F: is literal, no
# pattern costs exponential time, and each one refused is a warning line
# naming its line.  20 nested "(...)+" took glibc's regcomp() 5 s and
# 850 MB; 24, 5.4 GB.
deep=$(python3 -c 'print("(" * 20 + "a" + ")+" * 20)')
{
	printf 'List of maintainers\n\nHOSTILE PATTERNS\nM:\tEve <eve@example.org>\n'
	printf 'F:\tdrivers/net/can/%s\n' "$deep"
	printf 'F:\tlib/x+y{2}(z|w)[ch]\n'
	printf 'F:\tlib/[ch\n'
	printf 'N:\t%s\n' "$deep"
	printf 'N:\t(o)\\1\n'
	printf 'N:\tfo{2,99}\n'
	printf '\nCAN NETWORK DRIVERS\nF:\tdrivers/net/can\n'
} >"$T/MAINTAINERS"
printf 'int x;\n' >"$T/lib/x+y{2}(z|w)c" &&
printf 'int x;\n' >"$T/lib/xxy" || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'hostile patterns: the mount starts at once, by-maintainer/ is there' '
	wait_mounted "$M" 60 &&
	(cd "$M/by-maintainer" && find . -type f | LC_ALL=C sort) >"$TMP/got" &&
	expect_file "$TMP/got" <<X
./CAN_NETWORK_DRIVERS/drivers/net/can/dev.c
./CAN_NETWORK_DRIVERS/drivers/net/can/dev2.c
./HOSTILE_PATTERNS/lib/x+y{2}(z|w)c
X
'

# Not mounted in time (still compiling): stopped, not waited for.
mountpoint -q "$M" || kill "$DAEMON"
stop_daemon "$M"

test_expect 'each pattern refused is a warning naming its line' '
	expect_file "$TMP/daemon.err" <<X
spdxfs: warning: $T/MAINTAINERS:7: F: pattern left out: a '"'"'['"'"' without its '"'"']'"'"'
spdxfs: warning: $T/MAINTAINERS:8: N: pattern left out: groups nested more than 3 deep
spdxfs: warning: $T/MAINTAINERS:9: N: pattern left out: a back-reference
spdxfs: warning: $T/MAINTAINERS:10: N: pattern left out: a repetition count over 16
X
'

test_done
