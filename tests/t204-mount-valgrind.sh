#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The daemon under valgrind (-f): every view listed and read, extended
# attributes (user.spdx.suggested too), built/ (--build), refused
# writes, a live update, a full rescan on SIGHUP, unmount: no invalid
# access, no uninitialised value used, no leak.
. "$(dirname "$0")/lib.sh"

if ! command -v valgrind >/dev/null; then
	test_skip "valgrind is not installed"
	test_done
	exit
fi
# valgrind and ASan do not mix (make check-san runs this script too).
if ldd "$SPDXFS" 2>/dev/null | grep -q libasan; then
	test_skip "$SPDXFS is built with ASan"
	test_done
	exit
fi

T=$TMP/tree
M=$TMP/mnt
mkdir -p "$T/LICENSES/preferred" "$T/LICENSES/exceptions" "$T/kernel" \
	"$T/include/uapi/linux" "$M" || exit 1
license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0+
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT
printf 'SPDX-Exception-Identifier: Linux-syscall-note\nSPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html\nSPDX-Licenses: GPL-2.0, GPL-2.0+\nUsage-Guide:\n  Short.\nLicense-Text:\n\nNote.\n' \
	>"$T/LICENSES/exceptions/Linux-syscall-note"
printf '// SPDX-License-Identifier: GPL-2.0 OR MIT\nint a;\n' >"$T/kernel/a.c"
printf '// SPDX-License-Identifier: GPL-2.0+\nint b;\n' >"$T/kernel/b.c"
printf '// SPDX-License-Identifier: Nope\n' >"$T/kernel/bad.c"
printf 'int c;\n' >"$T/kernel/c.c"
printf '/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n' >"$T/include/uapi/linux/u.h"
ln -s /etc/passwd "$T/kernel/link.c"
# A build directory whose vmlinux has kernel/a.c and kernel/c.c.
B=$TMP/build
mkdir -p "$B/kernel" && ln -s "$T" "$B/source" || exit 1
: >"$B/kernel/a.o"
printf 'source_kernel/a.o := %s/kernel/a.c\n\ndeps_kernel/a.o := \\\n  %s/kernel/c.c \\\n\n' \
	"$T" "$T" >"$B/kernel/.a.o.cmd"
echo "cmd_vmlinux.o := ld -r -o vmlinux.o --whole-archive vmlinux.a" >"$B/.vmlinux.o.cmd"
(cd "$B" && ar cDPrST vmlinux.a kernel/a.o) || exit 1
# An image, for built/sbom.* (made on the workout's first read).
printf 'an image\n' >"$B/vmlinux"

daemon_at_exit "$M"
valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
	--log-file="$TMP/vg.log" "$SPDXFS" mount -f --build "$B" "$T" "$M" 2>"$TMP/daemon.err" &
DAEMON=$!

test_expect 'the mount answers under valgrind' 'wait_mounted "$M" 600'

test_expect 'a workout' '
	find "$M" >/dev/null &&
	ls -lR "$M" >/dev/null &&
	find "$M" -type f -exec cat {} + >/dev/null &&
	getfattr -R -d "$M" >/dev/null &&
	cat "$M/summary" "$M/summary.json" "$M/backlog" "$M/README" >/dev/null &&
	test "$(getfattr --only-values -n user.spdx.suggested "$M/untagged/kernel/c.c")" = GPL-2.0 &&
	ls "$M" "$M/built" "$M/built/kernel" &&
	test -f "$M/built/kernel/a.c" && test -f "$M/built/kernel/c.c" &&
	"$SPDXFS" built "$B" "$T" | cmp - "$M/built/SUMMARY" &&
	! touch "$M/kernel" 2>/dev/null &&
	! stat "$M/nope" 2>/dev/null &&
	stat -f "$M" >/dev/null
'

test_expect 'a live update' '
	printf "// SPDX-License-Identifier: MIT\nint c;\n" >"$T/kernel/c.c" &&
	within 10 "test -f \"$M/by-license/MIT/kernel/c.c\"" &&
	cat "$M/by-license/MIT/kernel/c.c" >/dev/null
'

test_expect 'SIGHUP' '
	kill -HUP "$DAEMON" &&
	# a fixed sleep on purpose: the rescan SIGHUP starts shows nothing to wait for; the reads then run beside it or after it under valgrind
	sleep 2 &&
	find "$M" -type f -exec cat {} + >/dev/null
'

stop_daemon "$M"

test_expect 'valgrind: clean, exit status 0' '
	grep "^==[0-9]*== ." "$TMP/vg.log" >"$TMP/vg.rest";
	cat "$TMP/vg.log" "$TMP/daemon.err" &&
	test ! -s "$TMP/vg.rest" &&
	test "$(cat "$TMP/status")" = 0
'

test_done
