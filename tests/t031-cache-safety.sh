#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The saved index cannot be turned against its user: the cache directory
# is 0700 and the index 0600; a directory another user can write into is
# not used (one line says why, the command still works); a symlink planted
# at the temporary file's name is not written through; a FIFO or a
# symlink to a huge file at the index's path neither hangs a command nor
# is read.  `timeout` only guards against a hang.  The cases with another
# user run as nobody (setpriv) when this is root, else they are skipped.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"
C=$SPDXFS_CACHE_DIR

# The index file's name for tree $T (the only one in a fresh cache).
idx_name() {
	SPDXFS_CACHE_DIR=$TMP/probe "$SPDXFS" list "$T" >/dev/null &&
	basename "$(ls "$TMP"/probe/*.idx)"
}
N=$(idx_name)

test_expect 'a new cache directory is 0700, the index in it 0600' '
	SPDXFS_CACHE_DIR=$TMP/new/sub/index "$SPDXFS" list "$T" >"$TMP/l0" &&
	test "$(stat -c %a "$TMP/new" "$TMP/new/sub" "$TMP/new/sub/index")" = "700
700
700" &&
	test "$(stat -c %a "$TMP/new/sub/index/$N")" = 600
'

test_expect 'a symlink planted at the temporary name is not written through' '
	mkdir -p "$C" && chmod 700 "$C" && rm -f "$C/$N" &&
	echo "precious" >"$TMP/victim" &&
	sh -c "ln -s \"$TMP/victim\" \"$C/$N.\$\$.tmp\" && exec \"$SPDXFS\" list \"$T\"" \
		>"$TMP/l1" 2>"$TMP/e1" &&
	test ! -s "$TMP/e1" && cmp "$TMP/l0" "$TMP/l1" &&
	test "$(cat "$TMP/victim")" = precious &&
	test -f "$C/$N" && ! test -L "$C/$N" &&
	test -z "$(find "$C" -name "*.tmp")"
'

test_expect 'a cache directory writable by others is not used' '
	mkdir -p "$TMP/shared" && chmod 1777 "$TMP/shared" &&
	SPDXFS_CACHE_DIR=$TMP/shared "$SPDXFS" list "$T" >"$TMP/l2" 2>"$TMP/e2" &&
	cmp "$TMP/l0" "$TMP/l2" &&
	echo "spdxfs: cannot save the index of $T: cache directory writable by others: $TMP/shared" |
		cmp - "$TMP/e2" &&
	test -z "$(ls -A "$TMP/shared")" &&
	SPDXFS_CACHE_DIR=$TMP/shared "$SPDXFS" list -q "$T" 2>"$TMP/e2q" >/dev/null &&
	test ! -s "$TMP/e2q"
'

test_expect 'a FIFO at the index path hangs nothing and is replaced' '
	rm -f "$C/$N" && mkfifo "$C/$N" &&
	timeout 60 "$SPDXFS" list "$T" >"$TMP/l3" 2>"$TMP/e3" &&
	cmp "$TMP/l0" "$TMP/l3" &&
	echo "spdxfs: saved index of $T ignored ($C/$N: not a regular file); rebuilding" |
		cmp - "$TMP/e3" &&
	test -f "$C/$N" && ! test -p "$C/$N"
'

test_expect 'a symlink at the index path to a 2 GiB file is not followed' '
	truncate -s 2G "$TMP/big" && rm -f "$C/$N" && ln -s "$TMP/big" "$C/$N" &&
	timeout 60 "$SPDXFS" list "$T" >"$TMP/l4" 2>"$TMP/e4" &&
	cmp "$TMP/l0" "$TMP/l4" &&
	echo "spdxfs: saved index of $T ignored ($C/$N: not a regular file); rebuilding" |
		cmp - "$TMP/e4" &&
	test -f "$C/$N" && ! test -L "$C/$N" &&
	test "$(stat -c %s "$TMP/big")" = 2147483648
'

test_expect 'a 2 GiB file at the index path is not read' '
	rm -f "$C/$N" && truncate -s 2G "$C/$N" &&
	timeout 60 "$SPDXFS" list "$T" >"$TMP/l5" 2>"$TMP/e5" &&
	cmp "$TMP/l0" "$TMP/l5" &&
	echo "spdxfs: saved index of $T ignored ($C/$N: larger than 512 MiB); rebuilding" |
		cmp - "$TMP/e5" &&
	test "$(stat -c %s "$C/$N")" -lt 1048576
'

# Another user: nobody, through setpriv, where this is root.
NB="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
	test_skip "another user's cache directory and planted files: needs root and setpriv"
	test_done
	exit
fi
chmod 0755 "$TMP" && chmod -R a+rX "$T"

test_expect 'as nobody: the cache directory 0700 and the index 0600' '
	mkdir -p "$TMP/nbhome" && chown 65534:65534 "$TMP/nbhome" &&
	$NB env HOME="$TMP/nbhome" SPDXFS_CACHE_DIR= XDG_CACHE_HOME= \
		"$SPDXFS" list "$T" >"$TMP/l6" 2>"$TMP/e6" &&
	cmp "$TMP/l0" "$TMP/l6" && test ! -s "$TMP/e6" &&
	test "$(stat -c "%a %U" "$TMP/nbhome/.cache" "$TMP/nbhome/.cache/spdxfs" \
		"$TMP/nbhome/.cache/spdxfs/index" "$TMP/nbhome/.cache/spdxfs/index/$N")" = "700 nobody
700 nobody
700 nobody
600 nobody"
'

test_expect 'as nobody: a FIFO in its own cache hangs nothing' '
	f=$TMP/nbhome/.cache/spdxfs/index/$N && rm -f "$f" &&
	$NB mkfifo "$f" &&
	timeout 60 $NB env HOME="$TMP/nbhome" SPDXFS_CACHE_DIR= XDG_CACHE_HOME= \
		"$SPDXFS" list "$T" >"$TMP/l7" 2>"$TMP/e7" &&
	cmp "$TMP/l0" "$TMP/l7" && grep -q ": not a regular file); rebuilding" "$TMP/e7"
'

test_expect 'root does not use a cache directory nobody owns' '
	SPDXFS_CACHE_DIR=$TMP/nbhome/.cache/spdxfs/index timeout 60 "$SPDXFS" list "$T" \
		>"$TMP/l8" 2>"$TMP/e8" &&
	cmp "$TMP/l0" "$TMP/l8" &&
	echo "spdxfs: cannot save the index of $T: cache directory owned by uid 65534, not by you: $TMP/nbhome/.cache/spdxfs/index" |
		cmp - "$TMP/e8" &&
	test "$(stat -c %U "$TMP/nbhome/.cache/spdxfs/index/$N")" = nobody
'

test_expect 'symlinks nobody plants in a shared directory are not written through' '
	mkdir -p "$TMP/pub" && chmod 1777 "$TMP/pub" &&
	echo "root only" >"$TMP/rootfile" && chmod 600 "$TMP/rootfile" &&
	sh -c "$NB ln -s \"$TMP/rootfile\" \"$TMP/pub/$N.\$\$.tmp\" &&
		$NB ln -s \"$TMP/rootfile\" \"$TMP/pub/$N\" &&
		SPDXFS_CACHE_DIR=\"$TMP/pub\" exec \"$SPDXFS\" list \"$T\"" \
		>"$TMP/l9" 2>"$TMP/e9" &&
	cmp "$TMP/l0" "$TMP/l9" &&
	grep -q "cache directory writable by others" "$TMP/e9" &&
	test "$(cat "$TMP/rootfile")" = "root only"
'

test_done
