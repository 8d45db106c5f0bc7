#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The saved indexes stay bounded: a save removes the indexes of trees
# that are gone and then the least recently written beyond the limit
# ($SPDXFS_CACHE_MAX), never the one it wrote; "spdxfs cache" shows
# them, "--prune" also removes what this spdxfs cannot read, "--clear"
# everything.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

C=$SPDXFS_CACHE_DIR
for t in a b c d e; do
	make_fixture "$TMP/$t"
done

# The listing "spdxfs cache" should give of the trees named: their
# index's size, kept, in tree order; then the total.
expect_cache() {	# MAX TREE...
	max=$1 total=0
	shift
	for t in "$@"; do
		f=$(grep -l "$TMP/$t" "$C"/*.idx) &&
		size=$(stat -c %s "$f") || return 1
		total=$((total + size))
		printf '%s\tkept\t%s\n' "$size" "$TMP/$t"
	done >"$TMP/want"
	echo "$# saved index$([ $# = 1 ] || echo es), $total bytes, at most $max: $C" >>"$TMP/want"
	"$SPDXFS" cache >"$TMP/got" && diff -u "$TMP/want" "$TMP/got"
}

test_expect 'no cache directory yet: nothing, exit 0' '
	"$SPDXFS" cache >"$TMP/out" &&
	expect_file "$TMP/out" <<X
0 saved indexes, 0 bytes, at most 268435456: no cache directory
X
'

test_expect 'one saved index per tree scanned' '
	for t in a b c; do "$SPDXFS" scan "$TMP/$t" >/dev/null || return 1; done &&
	expect_cache 268435456 a b c
'

test_expect 'a tree that is gone: shown gone, removed by the next save' '
	rm -rf "$TMP/b" &&
	"$SPDXFS" cache | sed "\$d" | cut -f2,3 >"$TMP/states" &&
	expect_file "$TMP/states" <<X &&
kept	$TMP/a
gone	$TMP/b
kept	$TMP/c
X
	"$SPDXFS" scan "$TMP/d" >/dev/null &&
	expect_cache 268435456 a c d
'

test_expect 'an index this spdxfs cannot read: kept by a save, removed by --prune' '
	printf "not an index\n" >"$C/0123456789abcdef.idx" &&
	"$SPDXFS" scan --no-cache "$TMP/e" >/dev/null &&
	"$SPDXFS" cache | grep -c "^13	unreadable	0123456789abcdef.idx$" >"$TMP/n" &&
	echo 1 | cmp - "$TMP/n" &&
	printf "x" >"$TMP/a/new.c" && "$SPDXFS" scan "$TMP/a" >/dev/null &&
	test -f "$C/0123456789abcdef.idx" &&
	"$SPDXFS" cache --prune >"$TMP/out" &&
	grep "^removed	" "$TMP/out" >"$TMP/removed" &&
	expect_file "$TMP/removed" <<X &&
removed	13	unreadable	0123456789abcdef.idx
X
	test ! -e "$C/0123456789abcdef.idx" &&
	expect_cache 268435456 a c d
'

test_expect 'over $SPDXFS_CACHE_MAX: the least recently written go, never the one saved' '
	for t in a c d; do
		touch -d "2020-01-0$(printf %s $t | tr acd 123)" $(grep -l "$TMP/$t" "$C"/*.idx) || return 1
	done &&
	size_d=$(stat -c %s $(grep -l "$TMP/d" "$C"/*.idx)) &&
	SPDXFS_CACHE_MAX=$((size_d + 100)) "$SPDXFS" scan "$TMP/e" >/dev/null &&
	SPDXFS_CACHE_MAX=$((size_d + 100)) expect_cache $((size_d + 100)) e &&
	SPDXFS_CACHE_MAX=1 "$SPDXFS" scan "$TMP/d" >/dev/null &&
	expect_cache 268435456 d
'

test_expect '--prune --max, and --clear' '
	"$SPDXFS" scan "$TMP/a" >/dev/null &&
	touch -d 2020-01-01 $(grep -l "$TMP/a" "$C"/*.idx) &&
	size_d=$(stat -c %s $(grep -l "$TMP/d" "$C"/*.idx)) &&
	"$SPDXFS" cache --prune --max $size_d >/dev/null &&
	expect_cache 268435456 d &&
	"$SPDXFS" cache --clear >"$TMP/out" &&
	tail -n 1 "$TMP/out" >"$TMP/last" &&
	expect_file "$TMP/last" <<X &&
0 saved indexes, 0 bytes, at most 268435456: $C
X
	test -z "$(ls "$C")"
'

test_expect 'bad usage: exit 2, one line and a hint' '
	expect_status 2 "$SPDXFS" cache --max 12Q 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: --max: expected a size (123, 64K, 256M, 1G), got '"'"'12Q'"'"'
X
	expect_status 2 "$SPDXFS" cache --prune --clear 2>/dev/null &&
	expect_status 2 "$SPDXFS" cache extra 2>/dev/null
'

test_expect 'a cache directory others can write to is not touched' '
	"$SPDXFS" scan "$TMP/a" >/dev/null && chmod 0777 "$C" &&
	expect_status 2 "$SPDXFS" cache --clear 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: cache directory writable by others: $C
X
	test $(ls "$C" | wc -l) = 1 && chmod 0700 "$C"
'

# Issue 25, item 11: the blob cache's root ("git blobs") names no tree;
# it was looked for in the current directory, so any other tree's save
# removed it.
test_expect 'the blob cache is no tree: kept by other trees'"'"' saves, wherever they run' '
	G=$TMP/repo &&
	git init -q "$G" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$G/a.c" &&
	git -C "$G" add a.c &&
	git -C "$G" -c user.name=t -c user.email=t@example.org commit -q -m 1 &&
	"$SPDXFS" list --rev HEAD "$G" >/dev/null 2>&1 &&
	f=$(grep -l "git blobs" "$C"/*.idx) &&
	"$SPDXFS" cache | grep "	git blobs\$" | cut -f2 >"$TMP/state" &&
	echo kept | cmp - "$TMP/state" &&
	(cd / && "$SPDXFS" scan "$TMP/a" >/dev/null) &&
	(cd "$TMP" && "$SPDXFS" scan "$TMP/c" >/dev/null) &&
	test -f "$f" &&
	"$SPDXFS" cache --prune >/dev/null &&
	test -f "$f"
'

test_done
