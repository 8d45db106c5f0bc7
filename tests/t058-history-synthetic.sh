#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs history over a synthetic history of 500 commits, made in one
# git fast-import run from tests/synth-history.awk, which also writes the
# counts each commit must have from the state it keeps: files tagged,
# untagged, retagged, added and removed, LICENSES/ gaining and losing
# Zlib (files the commit leaves alone change status), scripts/spdxexclude
# coming and going.  history --csv must equal them, row by row; a few
# rows are checked against "scan --rev" too.
. "$(dirname "$0")/lib.sh"

R=$TMP/repo
export GIT_CONFIG_NOSYSTEM=1 HOME="$TMP"

test_expect 'a history of 500 commits by git fast-import' '
	git init -q --bare "$R" &&
	awk -v want="$TMP/want.csv" -f "$TOP/tests/synth-history.awk" |
		git -C "$R" fast-import --quiet &&
	test "$(git -C "$R" rev-list --count main)" = 500 &&
	test "$(wc -l <"$TMP/want.csv")" = 501
'

test_expect 'history --csv: the counts the test kept, every commit' '
	expect_status 0 "$SPDXFS" history --csv "$R" main >"$TMP/out" &&
	cut -d, -f1,3- "$TMP/out" >"$TMP/counts" &&
	expect_file "$TMP/counts" <"$TMP/want.csv" &&
	tail -n +2 "$TMP/out" | cut -d, -f2 >"$TMP/ids" &&
	git -C "$R" rev-list --reverse main >"$TMP/want-ids" &&
	expect_file "$TMP/ids" <"$TMP/want-ids"
'

test_expect 'the rows of LICENSES/ and spdxexclude changes equal scan --rev' '
	for c in 36 37 53 74 106 111 500; do
		line=$(sed -n "$((c + 1))p" "$TMP/out") &&
		id=$(echo "$line" | cut -d, -f2) &&
		n=$(echo "$line" | cut -d, -f4) && t=$(echo "$line" | cut -d, -f5) &&
		u=$(echo "$line" | cut -d, -f7) && i=$(echo "$line" | cut -d, -f8) &&
		e=$(echo "$line" | cut -d, -f9) &&
		"$SPDXFS" scan -q --rev "$id" "$R" >"$TMP/scan" &&
		grep -q "^files  *$n\$" "$TMP/scan" &&
		grep -q "^  tagged  *$t\$" "$TMP/scan" &&
		grep -q "^  untagged  *$u\$" "$TMP/scan" &&
		grep -q "^  invalid  *$i\$" "$TMP/scan" &&
		grep -q "^  excluded  *$e\$" "$TMP/scan" || { echo "not ok: commit $c"; return 1; }
	done
'

test_done
