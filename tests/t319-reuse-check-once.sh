#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check reads a REUSE tree's files once: the build reads them as REUSE
# does (not first by the kernel's rules as well), and the lint takes
# that reading instead of reading the tree again.  Counted with strace:
# the opens of each file's path.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/sel
make_reuse_select_tree "$T" || exit 1

if ! command -v strace >/dev/null 2>&1 ||
   ! strace -f -o /dev/null true >/dev/null 2>&1; then
	test_skip 'strace is missing or cannot trace here'
	test_done
	exit
fi

# opens LOG NAME: how many times LOG's process opened a path ending in NAME.
opens() {
	grep -E "open[a-z0-9]*\\(.*\"([^\"]*/)?$2\"" "$1" | grep -vc "ENOENT"
}

test_expect 'check: each covered file opened once' '
	strace -f -e trace=open,openat,openat2 -o "$TMP/log" \
		"$SPDXFS" check "$T" >/dev/null;
	for f in ok.c nocopy.sh guide.md todo.txt logo.png.license; do
		echo "$f $(opens "$TMP/log" "$f")"
	done >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
ok.c 1
nocopy.sh 1
guide.md 1
todo.txt 1
logo.png.license 1
X
'

test_expect 'check PATH and check -v: once too' '
	strace -f -e trace=open,openat,openat2 -o "$TMP/log" \
		"$SPDXFS" check "$T" src/ok.c >/dev/null;
	strace -f -e trace=open,openat,openat2 -o "$TMP/log2" \
		"$SPDXFS" check -v "$T" >/dev/null;
	echo "$(opens "$TMP/log" ok.c) $(opens "$TMP/log2" ok.c)" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
1 1
X
'

test_expect 'the reading is the same as before: the whole tree'"'"'s lint' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/out" &&
	grep "^REUSE tree:" "$TMP/out" >"$TMP/sum" &&
	expect_file "$TMP/sum" <<\X
REUSE tree: 8 files, 6 with licensing information, 6 with copyright information
X
'

test_done
