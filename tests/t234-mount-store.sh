#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# With -o allow_other, where every open comes to the daemon, a tree file
# opened unchanged, up to 256 KiB, is put in the kernel's page cache with
# the open's answer (FUSE_NOTIFY_STORE): its first read sends no READ
# request.  (The default mount sends no open: t236 counts its requests.)  Larger files are read on request; a file
# changed after it was stored reads as it is now.  Counted from the
# daemon's -d output.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

mkdir -p "$T/LICENSES/preferred" "$T/lib" "$M" &&
license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
printf '// SPDX-License-Identifier: GPL-2.0\nint small;\n' >"$T/lib/small.c" &&
head -c 262144 /dev/zero | tr '\0' 'x' >"$T/lib/edge.c" &&
head -c 300000 /dev/zero | tr '\0' 'y' >"$T/lib/big.c" &&
: >"$T/lib/empty.c" || exit 1

start_daemon "$M" -d -o allow_other "$T" "$M"

reads() {
	grep -c "opcode: READ " "$TMP/daemon.err" || :
}

# read_counting FILE: its bytes into $TMP/got; the READ requests it
# took on stdout.
read_counting() {
	before=$(reads) &&
	cat "$1" >"$TMP/got" &&
	echo $(($(reads) - before))
}

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'a small file: its content, and no READ request' '
	test "$(read_counting "$M/by-license/GPL-2.0/lib/small.c")" = 0 &&
	cmp "$TMP/got" "$T/lib/small.c" &&
	test "$(read_counting "$M/all/lib/small.c")" = 0 &&
	cmp "$TMP/got" "$T/lib/small.c"
'

test_expect 'a file of exactly 256 KiB: the same' '
	test "$(read_counting "$M/untagged/lib/edge.c")" = 0 &&
	cmp "$TMP/got" "$T/lib/edge.c"
'

test_expect 'a larger file: read on request, whole' '
	test "$(read_counting "$M/untagged/lib/big.c")" -gt 0 &&
	cmp "$TMP/got" "$T/lib/big.c"
'

test_expect 'an empty file' '
	cat "$M/untagged/lib/empty.c" >"$TMP/got" && test ! -s "$TMP/got"
'

test_expect 'a stored file changed in place: read as it is now' '
	printf "// SPDX-License-Identifier: GPL-2.0\nint small2;\n" >"$T/lib/small.c" &&
	within 5 "cmp -s \"$M/all/lib/small.c\" \"$T/lib/small.c\"" &&
	cat "$M/by-license/GPL-2.0/lib/small.c" >"$TMP/got" &&
	cmp "$TMP/got" "$T/lib/small.c"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0' 'test "$(cat "$TMP/status")" = 0'

test_done
