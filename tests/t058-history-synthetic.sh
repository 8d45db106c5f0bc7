#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs history over a synthetic history of 500 commits, made in one
# git fast-import run from tests/synth-history.awk, which also writes the
# counts each commit must have from the state it keeps: files tagged,
# untagged, retagged, added and removed, LICENSES/ gaining and losing
# Zlib (files the commit leaves alone change status), scripts/spdxexclude
# coming and going.  history --csv must equal them, row by row; a few
# rows are checked against "scan --rev" too.  Then --svg: the numbers of
# each commit's tooltip equal the CSV, and rsvg-convert (librsvg2-bin)
# draws it in the colours of its lines.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

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

# big: a fast-import stream of 4 commits: LICENSES/ and 10 untagged
# files; then 300 files more, every third MIT and the rest GPL-2.0; then
# the 300 all retagged MIT; then nothing changed.  Diffs of 300 paths
# take the blob cache's way (history.h), with threads.
big() {
	cat <<-X
	commit refs/heads/big
	committer T <t@example.org> 1704067200 +0000
	data 1
	1
	X
	for l in GPL-2.0 MIT; do
		printf "M 100644 inline LICENSES/preferred/%s\ndata <<EOF\nValid-License-Identifier: %s\nSPDX-URL: https://spdx.org/licenses/%s.html\nUsage-Guide:\n  x\nLicense-Text:\n\nx\nEOF\n" $l $l $l
	done
	for i in $(seq 1 10); do
		printf "M 100644 inline u%d.c\ndata <<EOF\nint u%d;\nEOF\n" $i $i
	done
	printf "\ncommit refs/heads/big\ncommitter T <t@example.org> 1704067260 +0000\ndata 1\n2\n"
	for i in $(seq 1 300); do
		l=GPL-2.0 && [ $((i % 3)) = 0 ] && l=MIT
		printf "M 100644 inline d%d/b%d.c\ndata <<EOF\n// SPDX-License-Identifier: %s\nint b%d;\nEOF\n" $((i % 7)) $i $l $i
	done
	printf "\ncommit refs/heads/big\ncommitter T <t@example.org> 1704067320 +0000\ndata 1\n3\n"
	for i in $(seq 1 300); do
		printf "M 100644 inline d%d/b%d.c\ndata <<EOF\n// SPDX-License-Identifier: MIT\nint b%d;\nEOF\n" $((i % 7)) $i $i
	done
	printf "\ncommit refs/heads/big\ncommitter T <t@example.org> 1704067380 +0000\ndata 1\n4\n\n"
}

test_expect 'history: diffs of 300 paths, through the blob cache' '
	big | git -C "$R" fast-import --quiet &&
	expect_status 0 "$SPDXFS" history --csv "$R" big >"$TMP/out3" &&
	cut -d, -f1,3- "$TMP/out3" >"$TMP/counts" &&
	expect_file "$TMP/counts" <<-X &&
	date,subject,files,tagged,misplaced,untagged,invalid,excluded,GPL-2.0,MIT
	2024-01-01T00:00:00Z,1,12,0,0,10,0,2,0,0
	2024-01-01T00:01:00Z,2,312,300,0,10,0,2,200,100
	2024-01-01T00:02:00Z,3,312,300,0,10,0,2,0,300
	2024-01-01T00:03:00Z,4,312,300,0,10,0,2,0,300
	X
	"$SPDXFS" scan -q --rev big "$R" | grep -q "^  tagged  *300\$"
'

# chart_labels SVG: the subtitle, the legend, the panel headings and the
# axis title, each line after its class.
chart_labels() {
	for c in subtitle legend panel axis-title; do
		python3 "$TOP/tests/svg.py" text "$1" $c | sed "s/^/$c: /"
	done
}

test_expect 'history --svg: each commit'"'"'s numbers are the CSV'"'"'s' '
	expect_status 0 "$SPDXFS" history --csv --svg "$TMP/h.svg" "$R" main >"$TMP/out2" &&
	expect_file "$TMP/out2" <"$TMP/out" &&
	svg_matches "$TMP/out" "$TMP/h.svg" &&
	chart_labels "$TMP/h.svg" >"$TMP/labels" &&
	last=$(tail -n 1 "$TMP/out" | cut -d, -f7) &&
	cat >"$TMP/want" <<-X &&
	subtitle: 500 commits, 2024-01-01T00:01:00Z to 2024-01-01T08:20:00Z; untagged $(sed -n 2p "$TMP/out" | cut -d, -f7) at the first, $last at the last
	legend: untagged
	legend: GPL-2.0
	legend: MIT
	legend: Zlib
	panel: Untagged files
	panel: Files with a valid tag, per license
	axis-title: commits, oldest first
	X
	expect_file "$TMP/labels" <"$TMP/want"
'

test_expect 'rsvg-convert draws the chart: background, text and its four lines' '
	rsvg-convert "$TMP/h.svg" -o "$TMP/h.png" &&
	python3 "$TOP/tests/svg.py" colours "$TMP/h.png" ffffff 222222 e15759 4e79a7 59a14f f28e2b >"$TMP/c" &&
	test "$(head -n 1 "$TMP/c")" -gt 8 &&
	test "$(sed 1d "$TMP/c" | tr "\n" " ")" = "ffffff 222222 e15759 4e79a7 59a14f f28e2b "
'

test_expect 'history --svg: a file that cannot be written is one line and exit 2' '
	expect_status 2 "$SPDXFS" history --svg "$TMP/no/such.svg" -n 2 "$R" main \
		>/dev/null 2>"$TMP/err" &&
	test "$(cat "$TMP/err")" = "spdxfs: $TMP/no/such.svg: No such file or directory" &&
	expect_status 2 "$SPDXFS" history --svg /dev/full -n 2 "$R" main \
		>/dev/null 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1
'

test_done
