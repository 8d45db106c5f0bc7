#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel-tree-scripts/deps: building and running need few packages; the
# tests and the kernel loop ask for theirs with --test and --kernel.
# Run against a fake dpkg-query that knows no package and a fake id that
# is not root, so it only says what it would install.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TMP/bin"
printf '#!/bin/sh\nexit 1\n' >"$TMP/bin/dpkg-query"
printf '#!/bin/sh\necho 1000\n' >"$TMP/bin/id"
chmod +x "$TMP/bin/dpkg-query" "$TMP/bin/id"

# missing ARG...: the packages deps would install, one a line, sorted.
missing() {
	PATH="$TMP/bin:$PATH" "$TOP/kernel-tree-scripts/deps" "$@" 2>"$TMP/err"
	test $? = 1 &&
	sed -n 's/^deps: missing packages: \(.*\) (run as root to install them)$/\1/p' \
		"$TMP/err" | tr " " "\n" | sort
}

test_expect 'no option: what spdxfs needs to build and run, nothing for tests or QEMU' '
	missing >"$TMP/base" &&
	expect_file "$TMP/base" <<-EOF
	attr
	build-essential
	fuse3
	git
	libfuse3-dev
	libgit2-dev
	libssl-dev
	pkg-config
	uthash-dev
	xz-utils
	zlib1g-dev
	EOF
'

test_expect '--test adds what make check needs: man-db, librsvg2-bin, jq, ...' '
	missing --test >"$TMP/test" &&
	for p in man-db librsvg2-bin jq valgrind strace python3-ply python3-git acl linux-source-6.1 nodejs; do
		grep -qx "$p" "$TMP/test" || { echo "no $p"; exit 1; }
	done &&
	! grep -qx "qemu-system-x86" "$TMP/test" &&
	comm -23 "$TMP/base" "$TMP/test" | wc -l | grep -qx 0
'

test_expect '--kernel adds the loop'"'"'s packages, each once' '
	missing --kernel >"$TMP/kernel" &&
	for p in qemu-system-x86 busybox-static flex bison libelf-dev libssl-dev bc cpio \
		erofs-utils linux-source-6.1 python3-ply python3-git rsync; do
		grep -qx "$p" "$TMP/kernel" || { echo "no $p"; exit 1; }
	done &&
	! grep -qx "man-db" "$TMP/kernel" &&
	missing --test --kernel >"$TMP/both" &&
	test "$(sort -u "$TMP/both" | wc -l)" = "$(wc -l <"$TMP/both")" &&
	sort -u "$TMP/test" "$TMP/kernel" | diff -u - "$TMP/both"
'

test_expect '.ci/run installs for the tests and the kernel loop' '
	grep -qx "kernel-tree-scripts/deps --test --kernel" "$TOP/.ci/run"
'

test_expect 'a bad option: usage, exit 2' '
	expect_status 2 "$TOP/kernel-tree-scripts/deps" --bogus 2>"$TMP/err" &&
	test "$(cat "$TMP/err")" = "usage: $TOP/kernel-tree-scripts/deps [--test] [--kernel]"
'

test_done
