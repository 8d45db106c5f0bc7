#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The mount keeps the saved index by the rule the commands follow: an
# edit to one file of 300 is not worth rewriting it, a file that came or
# went, or a full rescan (SIGHUP), is.  The watcher saves before it
# publishes, so once a change shows in the mount the saved index is as
# it stays.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

make_tree() {
	mkdir -p "$T/LICENSES/preferred" "$T/lib" "$M" &&
	license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT &&
	i=0 &&
	while [ $i -lt 300 ]; do
		printf '// SPDX-License-Identifier: GPL-2.0\nint f%d;\n' $i >"$T/lib/f$i.c" || return 1
		i=$((i + 1))
	done
}

# The saved index file's inode and mtime: store_save() renames a new
# file into place, so a rewrite changes both.
saved() {
	stat -c '%i %y' "$SPDXFS_CACHE_DIR"/* 2>/dev/null
}

make_tree || exit 1
start_daemon "$M" "$T" "$M"
wait_mounted "$M"

test_expect 'the mount saved the index of the tree' '
	test "$(ls "$SPDXFS_CACHE_DIR" | wc -l)" = 1 &&
	saved >"$TMP/saved.0" &&
	test -s "$TMP/saved.0"
'

test_expect 'one file of 300 edited: shown, the saved index not rewritten' '
	printf "// SPDX-License-Identifier: MIT\nint f7;\n" >"$T/lib/f7.c" &&
	within 2 "test -f \"$M/by-license/MIT/lib/f7.c\"" &&
	saved >"$TMP/saved.1" &&
	cmp "$TMP/saved.0" "$TMP/saved.1"
'

test_expect 'a file added: the saved index rewritten' '
	printf "int new;\n" >"$T/lib/new.c" &&
	within 2 "test -f \"$M/untagged/lib/new.c\"" &&
	saved >"$TMP/saved.2" &&
	! cmp -s "$TMP/saved.1" "$TMP/saved.2"
'

test_expect 'a scan agrees, and has nothing to rewrite' '
	"$SPDXFS" list "$T" >"$TMP/list" &&
	grep -q "^lib/f7.c	tagged	1	MIT$" "$TMP/list" &&
	grep -q "^lib/new.c	untagged	0	$" "$TMP/list" &&
	saved >"$TMP/saved.3" &&
	cmp "$TMP/saved.2" "$TMP/saved.3"
'

test_expect 'a file deleted: the saved index rewritten' '
	rm "$T/lib/new.c" &&
	within 2 "test ! -e \"$M/untagged/lib/new.c\"" &&
	saved >"$TMP/saved.4" &&
	! cmp -s "$TMP/saved.3" "$TMP/saved.4"
'

test_expect 'SIGHUP: the full rescan rewrites the saved index' '
	kill -HUP "$DAEMON" &&
	within 2 "! saved | cmp -s - \"$TMP/saved.4\"" &&
	mountpoint -q "$M"
'

stop_daemon "$M"

test_expect 'unmounted cleanly, nothing said' '
	expect_clean_exit "$M"
'

test_done
