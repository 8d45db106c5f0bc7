#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs mount's --help shows each option once, spdxfs's and the
# libfuse ones that apply, not libfuse's own list after it; -V and
# --version print spdxfs's version, then libfuse's; the libfuse options
# it documents work (issue 27).
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

test_expect 'mount --help: every option once, none of libfuse'"'"'s own list' '
	"$SPDXFS" mount --help >"$TMP/help" &&
	sed -n "/^  -o /!s/^  \(-[-a-zA-Z]*\)\(, --[a-z-]*\)\{0,1\} .*/\1/p; s/^  -o \([a-z_]*\).*/-o \1/p" \
		"$TMP/help" | sort | uniq -d >"$TMP/twice" &&
	cat "$TMP/twice" && test ! -s "$TMP/twice" &&
	for o in "-f " "-d " "-s " "-o allow_other " "-o max_threads=N " \
		"-o max_idle_threads=N " "-o clone_fd " "-o auto_unmount " \
		"-h, --help " "-V, --version "; do
		test "$(grep -c -- "^  $o" "$TMP/help")" = 1 || { echo "not once: $o"; exit 1; }
	done &&
	! grep -e "libfuse options" -e "exact_size" -e "^    -" "$TMP/help"
'

test_expect 'mount -V and --version: spdxfs'"'"'s version, then libfuse'"'"'s' '
	fuse=$(pkg-config --modversion fuse3) &&
	for v in -V --version; do
		"$SPDXFS" mount $v >"$TMP/out" 2>"$TMP/err" &&
		printf "spdxfs %s\nlibfuse %s\n" "$VERSION" "$fuse" | cmp - "$TMP/out" &&
		test ! -s "$TMP/err" || exit 1
	done
'

mkdir -p "$T/LICENSES/preferred" "$M" || exit 1
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT
printf '// SPDX-License-Identifier: MIT\nint a;\n' >"$T/a.c"
at_exit 'fusermount3 -uz "$M" 2>/dev/null'

test_expect 'the libfuse options --help documents are accepted and serve' '
	"$SPDXFS" mount -o max_threads=2,max_idle_threads=1,clone_fd,auto_unmount "$T" "$M" &&
	ls "$M/by-license/MIT" >"$TMP/ls" &&
	fusermount3 -u "$M" &&
	echo a.c | cmp - "$TMP/ls"
'

test_done
