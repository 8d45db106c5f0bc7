#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# --rev on real history: the repository kernel-tree-scripts/history-repo
# builds in the cache (Debian's 6.1 tree, then its 6.12 tree).  For each
# of the two commits, list --rev is byte for byte list of the tree the
# commit was made from (fetch, fetch-6.12: checkouts of the same trees);
# and lines found by hand in the two trees: lib/xz goes from untagged to
# 0BSD, LICENSES/deprecated/0BSD is added.  Skipped when the repository
# has not been built (.ci/run builds it).
. "$(dirname "$0")/lib.sh"

need_history_repo

# same_as_tree TAG TREE: list --rev TAG of the history is list of TREE.
same_as_tree() {
	"$SPDXFS" list -q --rev "$1" "$H" >"$TMP/rev.$1" &&
	"$SPDXFS" list -q "$2" >"$TMP/tree.$1" &&
	cmp "$TMP/rev.$1" "$TMP/tree.$1"
}

test_expect 'v6.1: list --rev equals list of the 6.1 tree' '
	T=$("$TOP/kernel-tree-scripts/fetch" -q) && same_as_tree v6.1 "$T"
'

test_expect 'v6.12: list --rev equals list of the 6.12 tree' '
	T=$("$TOP/kernel-tree-scripts/fetch-6.12" -q) && same_as_tree v6.12 "$T"
'

test_expect 'lib/xz: untagged in 6.1, 0BSD in 6.12' '
	grep "^lib/xz/xz_dec_bcj.c	" "$TMP/rev.v6.1" >"$TMP/xz" &&
	grep "^lib/xz/xz_dec_bcj.c	" "$TMP/rev.v6.12" >>"$TMP/xz" &&
	expect_file "$TMP/xz" <<-X
	lib/xz/xz_dec_bcj.c	untagged	0	
	lib/xz/xz_dec_bcj.c	tagged	1	0BSD
	X
'

test_expect 'LICENSES/deprecated/0BSD: only in 6.12' '
	! grep -q "^LICENSES/deprecated/0BSD	" "$TMP/rev.v6.1" &&
	grep -q "^LICENSES/deprecated/0BSD	excluded	" "$TMP/rev.v6.12"
'

test_expect 'the history as history-repo makes it: fixed dates, two commits' '
	git -C "$H" log --format="%ad %cd" --date=unix main >"$TMP/dates" &&
	expect_file "$TMP/dates" <<-X
	1731880800 1731880800
	1670796000 1670796000
	X
'

test_done
