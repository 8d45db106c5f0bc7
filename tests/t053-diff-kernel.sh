#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs diff on real history: v6.1 -> v6.12 of the repository
# kernel-tree-scripts/history-repo builds in the cache.  Lines found by
# hand in the two trees (lib/xz untagged -> 0BSD, LICENSES/ files added,
# the one fix of 6.1's one invalid tag), and the counts of the diff add
# up with the two "list --rev" outputs: for each status, the files that
# reach it less those that leave it are what list counts more.  Skipped
# when the repository has not been built (.ci/run builds it).
. "$(dirname "$0")/lib.sh"

need_history_repo

test_expect 'diff v6.1 v6.12' '
	"$SPDXFS" diff -q v6.1 v6.12 "$H" >"$TMP/diff" &&
	"$SPDXFS" diff -q --json v6.1 v6.12 "$H" >"$TMP/json" &&
	"$SPDXFS" list -q --rev v6.1 "$H" >"$TMP/l1" &&
	"$SPDXFS" list -q --rev v6.12 "$H" >"$TMP/l2"
'

test_expect 'lines found by hand' '
	grep -E "^(lib/xz/xz_(crc32|dec_bcj)\\.c|LICENSES/deprecated/0BSD|drivers/cpufreq/amd-pstate-ut\\.c)	" "$TMP/diff" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	LICENSES/deprecated/0BSD	-		excluded		added
	drivers/cpufreq/amd-pstate-ut.c	invalid	GPL-1.0-or-later	tagged	GPL-2.0-or-later	fixed
	lib/xz/xz_crc32.c	untagged		tagged	0BSD	tagged
	lib/xz/xz_dec_bcj.c	untagged		tagged	0BSD	tagged
	X
'

test_expect 'every lib/xz C file untagged in 6.1 is 0BSD in 6.12' '
	grep "^lib/xz/.*\\.[ch]	untagged		tagged	0BSD	tagged$" "$TMP/diff" >"$TMP/xz" &&
	test "$(wc -l <"$TMP/xz")" -ge 9
'

# count_status FILE STATUS: files of a list output with that status.
count_status() {
	awk -F "\t" -v s="$2" "\$2 == s" "$1" | wc -l
}

test_expect 'the counts add up with the two list outputs' '
	n1=$(wc -l <"$TMP/l1") && n2=$(wc -l <"$TMP/l2") &&
	added=$(jq .summary.added "$TMP/json") &&
	removed=$(jq .summary.removed "$TMP/json") &&
	echo "$n1 + $added - $removed = $n2" &&
	test $((n1 + added - removed)) = "$n2" &&
	for s in tagged misplaced untagged invalid excluded error; do
		in=$(jq "[.files[] | select(.new.status == \"$s\")] | length" "$TMP/json") &&
		out=$(jq "[.files[] | select(.old.status == \"$s\")] | length" "$TMP/json") &&
		c1=$(count_status "$TMP/l1" $s) && c2=$(count_status "$TMP/l2" $s) &&
		echo "$s: $c1 + $in - $out = $c2" &&
		test $((c1 + in - out)) = "$c2" || exit 1
	done &&
	test "$(jq "[.files[] | select(.class == \"tagged\")] | length" "$TMP/json")" = "$(jq .summary.tagged "$TMP/json")" &&
	test "$(grep -c "^class	" "$TMP/diff")" = 7 &&
	test "$(jq ".files | length" "$TMP/json")" = "$(grep -vc "^\\(class\\|renamed\\|transition\\)	" "$TMP/diff")"
'

test_expect '--fail-on changed,untagged,broken: exit 1' '
	expect_status 1 "$SPDXFS" diff -q -s --fail-on changed,untagged,broken v6.1 v6.12 "$H" >/dev/null
'

test_done
