#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# user.spdx.suggested of an untagged file too big for the series (past
# TAG_FILE_MAX, 64 MiB): no attribute, as the series skips it, without
# reading the file, and the answer kept for the snapshot: asked three
# times, the daemon opens the file once.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
M=$TMP/mnt

# suggested PATH: the value, or the errno's name.
suggested() {
	xattr_of user.spdx.suggested "$1"
}

license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only &&
mkdir -p "$M" &&
printf 'int a;\n' >"$T/a.c" &&
awk 'BEGIN { for (i = 0; i < 1000; i++) print "int big" i ";" }' >"$T/big.c" &&
truncate -s 2G "$T/big.c" || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'the 2 GiB file is untagged, and a small one gets its suggestion' '
	test "$(getfattr --only-values -n user.spdx.status "$M/untagged/big.c")" = untagged &&
	test "$(suggested "$M/untagged/a.c")" = GPL-2.0-only
'

if command -v strace >/dev/null; then
	test_expect 'no attribute, three times, for one open and no read' '
		strace -f -e trace=open,openat,openat2,read,pread64 \
			-o "$TMP/strace" -p "$DAEMON" 2>"$TMP/strace.err" &
		tracer=$! &&
		within 10 "grep -q attached \"$TMP/strace.err\"" &&
		for i in 1 2 3; do suggested "$M/untagged/big.c"; done >"$TMP/got" &&
		suggested "$M/all/big.c" >>"$TMP/got" &&
		kill "$tracer" && { wait "$tracer" || :; } &&
		expect_file "$TMP/got" <<-X &&
		ENODATA
		ENODATA
		ENODATA
		ENODATA
		X
		{ grep -c "\"big.c\"" "$TMP/strace" || :; } >"$TMP/opens" &&
		expect_file "$TMP/opens" <<-X &&
		1
		X
		! grep -q "^[0-9]* *p\{0,1\}read.* = [1-9][0-9]\{6,\}" "$TMP/strace"
	'
else
	test_skip 'strace is missing (package strace): the open count is not checked'
fi

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_done
