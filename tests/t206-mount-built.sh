#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs mount --build BUILD_DIR: built/ mirrors the tree files of that
# kernel image and built/SUMMARY is "spdxfs built BUILD_DIR"'s output
# (its SPDX documents, built/sbom.*, are t220's);
# without --build there is no built/; a bad BUILD_DIR mounts nothing;
# SIGHUP reads the build directory again.  The fixture build directory
# is made as in t006-built.sh.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

mount_fixture
B=$TMP/build
make_build_fixture "$B" "$T"
# lib/y.o also depends on a symlink of the tree: counted as not indexed.
printf 'source_lib/y.o := %s/two.c\n\ndeps_lib/y.o := \\\n  %s/link.c \\\n\n' "$T" "$T" >"$B/lib/.y.o.cmd"


DAEMON=
at_exit 'fusermount3 -uz "$M" 2>/dev/null; [ -z "$DAEMON" ] || kill "$DAEMON" 2>/dev/null'

test_expect 'without --build there is no built/' '
	"$SPDXFS" mount "$T" "$M" &&
	test ! -e "$M/built" &&
	! ls "$M" | grep -q built &&
	fusermount3 -u "$M"
'

test_expect 'a bad BUILD_DIR: one line, exit 2, nothing mounted' '
	expect_status 2 "$SPDXFS" mount --build "$T" "$T" "$M" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $T: no vmlinux.a: not a built kernel build directory
	X
	test ! -s "$TMP/out" && ! mountpoint -q "$M" &&
	expect_status 2 "$SPDXFS" mount --build="$TMP/nope" "$T" "$M" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $TMP/nope: No such file or directory
	X
	expect_status 2 "$SPDXFS" mount -f -o build="$TMP/nope" "$T" "$M" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1 &&
	! mountpoint -q "$M" && ! grep -q " $M " /proc/mounts
'

test_expect 'a FIFO as a record of BUILD_DIR: one line, exit 2, at once' '
	cp -a "$B" "$TMP/fifo" &&
	rm "$TMP/fifo/lib/.y.o.cmd" && mkfifo "$TMP/fifo/lib/.y.o.cmd" &&
	expect_status 2 timeout 10 "$SPDXFS" mount --build "$TMP/fifo" "$T" "$M" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $TMP/fifo/lib/.y.o.cmd: not a regular file
	X
	! mountpoint -q "$M"
'

"$SPDXFS" built "$B" "$T" >"$TMP/built.out"
echo $? >"$TMP/built.status"
(cd "$TMP" && "$SPDXFS" mount -f --build build "$T" "$M" 2>"$TMP/daemon.err") &
DAEMON=$!

test_expect 'mount --build (a relative BUILD_DIR) answers' 'wait_mounted "$M"'

test_expect 'built/: the tree files of the image, at their tree paths, exactly' '
	(cd "$M/built" && find . | LC_ALL=C sort) >"$TMP/find" &&
	expect_file "$TMP/find" <<-X
	.
	./SUMMARY
	./a.c
	./b.h
	./drivers
	./drivers/bad.c
	./drivers/lower.c
	./drivers/net
	./drivers/net/untagged.c
	./include
	./include/uapi
	./include/uapi/linux
	./include/uapi/linux/x.h
	./sbom.spdx.json
	./sbom.spdx3.json
	./two.c
	X
'

test_expect 'built/SUMMARY is the output of spdxfs built, byte for byte' '
	test "$(cat "$TMP/built.status")" = 1 &&
	cmp "$TMP/built.out" "$M/built/SUMMARY" &&
	head -n 1 "$M/built/SUMMARY" >"$TMP/first" &&
	expect_file "$TMP/first" <<-X &&
	built into vmlinux: 7 tree files from 4 objects (1 generated files outside the tree, 1 not indexed)
	X
	test "$(stat -c "%s %a" "$M/built/SUMMARY")" = "$(stat -c %s "$TMP/built.out") 444"
'

test_expect 'built/ files have their tree content and extended attributes' '
	for f in a.c b.h drivers/bad.c drivers/lower.c drivers/net/untagged.c include/uapi/linux/x.h two.c; do
		cmp "$M/built/$f" "$T/$f" || return 1
	done &&
	test "$(getfattr --only-values -n user.spdx.status "$M/built/drivers/bad.c")" = invalid &&
	test "$(getfattr --only-values -n user.spdx.path "$M/built/include/uapi/linux/x.h")" = include/uapi/linux/x.h
'

test_expect 'README names built/' '
	grep -q "^built/" "$M/README"
'

test_expect 'live: a file tagged in the tree changes built/SUMMARY' '
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/drivers/net/untagged.c" &&
	within 5 "grep -q \"^  drivers/bad.c	invalid\\$\" \"$M/built/SUMMARY\"" &&
	within 5 "! grep -q untagged.c \"$M/built/SUMMARY\"" &&
	"$SPDXFS" built "$B" "$T" >"$TMP/built2.out";
	cmp "$TMP/built2.out" "$M/built/SUMMARY" &&
	test "$(getfattr --only-values -n user.spdx.status "$M/built/drivers/net/untagged.c")" = tagged
'

test_expect 'the built list is kept on live updates, read again on SIGHUP' '
	: >"$B/drivers/extra.o" &&
	printf "source_drivers/extra.o := %s/drivers/three.c\n" "$T" >"$B/drivers/.extra.o.cmd" &&
	(cd "$B" && ar cDPrST lib/lib.a drivers/extra.o) &&
	touch "$T/drivers/paren.c" &&
	# a fixed sleep on purpose: time for the live update, which must not read the build again; nothing to wait for
	sleep 1.5 &&
	test ! -e "$M/built/drivers/three.c" &&
	kill -HUP "$DAEMON" &&
	within 5 "test -f \"$M/built/drivers/three.c\"" &&
	"$SPDXFS" built "$B" "$T" >"$TMP/built3.out";
	cmp "$TMP/built3.out" "$M/built/SUMMARY"
'

test_expect 'SIGHUP with the build directory gone: built/ stays, one log line' '
	mv "$B" "$B.away" &&
	kill -HUP "$DAEMON" &&
	within 5 "grep -q \"built/ unchanged\" \"$TMP/daemon.err\"" &&
	test -f "$M/built/drivers/three.c" &&
	cmp "$TMP/built3.out" "$M/built/SUMMARY" &&
	grep -c "^spdxfs: $B: No such file or directory; built/ unchanged\$" "$TMP/daemon.err" >"$TMP/n" &&
	echo 1 | cmp - "$TMP/n" &&
	mv "$B.away" "$B"
'

test_expect 'SIGHUP with a FIFO as a record: never opened, built/ stays, one log line' '
	mv "$B/drivers/.x.o.cmd" "$TMP/x.o.cmd" &&
	mkfifo "$B/drivers/.x.o.cmd" &&
	kill -HUP "$DAEMON" &&
	within 5 "grep -q \"^spdxfs: $B/drivers/.x.o.cmd: not a regular file; built/ unchanged\\\$\" \"$TMP/daemon.err\"" &&
	test -f "$M/built/drivers/three.c" &&
	cmp "$TMP/built3.out" "$M/built/SUMMARY"
'
# A reader the FIFO blocked (before issue 25) is let go.
timeout 2 sh -c ': >"$1"' sh "$B/drivers/.x.o.cmd" 2>/dev/null
rm -f "$B/drivers/.x.o.cmd"
mv "$TMP/x.o.cmd" "$B/drivers/.x.o.cmd"

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and logged only those lines' '
	cat "$TMP/daemon.err" &&
	expect_file "$TMP/daemon.err" <<-X &&
	spdxfs: $B: No such file or directory; built/ unchanged
	spdxfs: $B/drivers/.x.o.cmd: not a regular file; built/ unchanged
	X
	test "$(cat "$TMP/status")" = 0 &&
	! mountpoint -q "$M"
'

test_done
