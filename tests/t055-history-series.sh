#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs history on the series branch of the repository
# kernel-tree-scripts/history-repo builds: "spdxfs tag" wrote a series
# for the 6.1 tree and "git am" applied it on v6.1, one commit per patch.
# Commit by commit, the untagged backlog must drop by exactly the count
# of files the cover letter gives for that patch ("Patch 1/4, ... (1086
# files):"), and the tagged count rise by as much; nothing else moves.
# The cover letter is the one kept with the branch (refs/spdxfs/series).
# Skipped when the repository or its series branch has not been built
# (.ci/run builds it).
. "$(dirname "$0")/lib.sh"

cache=${XDG_CACHE_HOME:-$HOME/.cache}/spdxfs
H=${SPDXFS_HISTORY_REPO:-$cache/linux-history.git}
if ! git -C "$H" rev-parse -q --verify 'refs/heads/series^{commit}' >/dev/null 2>&1 ||
   ! git -C "$H" rev-parse -q --verify 'refs/spdxfs/series^{commit}' >/dev/null 2>&1; then
	test_skip "skipped: run kernel-tree-scripts/history-repo first"
	test_done
	exit
fi

# counts FILE: "files tagged misplaced untagged invalid excluded" of each
# row of the history table in FILE (the header dropped).
counts() {
	awk 'NR > 1 { print $3, $4, $5, $6, $7, $8 }' "$1"
}

test_expect 'the cover letter kept with the branch gives a count per patch' '
	git -C "$H" show refs/spdxfs/series:0000-cover-letter.patch >"$TMP/cover" &&
	sed -n "s|^Patch \([0-9]*\)/[0-9]*, .* (\([0-9]*\) files):\$|\1 \2|p" \
		"$TMP/cover" >"$TMP/per-patch" &&
	cat "$TMP/per-patch" | sed "s/^/# /" &&
	n=$(git -C "$H" ls-tree --name-only refs/spdxfs/series | grep -c "^000[1-9]-") &&
	test "$n" -gt 0 && test "$(wc -l <"$TMP/per-patch")" = "$n" &&
	test "$(cut -d" " -f1 "$TMP/per-patch" | tr "\n" " ")" = "$(seq 1 "$n" | tr "\n" " ")"
'

test_expect 'the branch is v6.1 and one commit per patch, with its subject' '
	n=$(wc -l <"$TMP/per-patch") &&
	test "$(git -C "$H" rev-parse "series~$n")" = "$(git -C "$H" rev-parse "v6.1^{commit}")" &&
	git -C "$H" log --reverse --format=%s v6.1..series >"$TMP/subjects" &&
	git -C "$H" ls-tree --name-only refs/spdxfs/series | grep "^000[1-9]-" |
	while read -r p; do
		git -C "$H" show "refs/spdxfs/series:$p" |
			sed -n "s|^Subject: \[PATCH [0-9]*/[0-9]*\] ||p"
	done >"$TMP/patch-subjects" &&
	cmp "$TMP/subjects" "$TMP/patch-subjects"
'

test_expect 'history v6.1..series: the backlog drops by the cover letter'"'"'s counts' '
	expect_status 0 "$SPDXFS" history "$H" v6.1 >"$TMP/base" &&
	expect_status 0 "$SPDXFS" history "$H" v6.1..series >"$TMP/series" &&
	test "$(wc -l <"$TMP/base")" = 2 &&
	test "$(($(wc -l <"$TMP/series") - 1))" = "$(wc -l <"$TMP/per-patch")" &&
	counts "$TMP/base" >"$TMP/rows" && counts "$TMP/series" >>"$TMP/rows" &&
	sed "s/^/# /" "$TMP/rows" &&
	# Each row from the one before: tagged + k, untagged - k.
	cut -d" " -f2 "$TMP/per-patch" >"$TMP/k" &&
	head -n -1 "$TMP/rows" | paste -d" " - "$TMP/k" |
		awk "{ print \$1, \$2 + \$7, \$3, \$4 - \$7, \$5, \$6 }" >"$TMP/want" &&
	tail -n +2 "$TMP/rows" >"$TMP/got" &&
	cmp "$TMP/want" "$TMP/got" &&
	test "$(awk "NR == 1 { print \$4 }" "$TMP/rows")" -gt "$(awk "END { print \$4 }" "$TMP/rows")"
'

test_expect 'history-repo again: nothing changes' '
	git -C "$H" for-each-ref >"$TMP/refs.before" &&
	"$TOP/kernel-tree-scripts/history-repo" -q >"$TMP/path" &&
	git -C "$H" for-each-ref >"$TMP/refs.after" &&
	cmp "$TMP/refs.before" "$TMP/refs.after" &&
	test "$(cat "$TMP/path")" = "$H"
'

test_done
