#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs history: a history of 30 commits made here with fixed dates,
# each adding a file and some tagging, untagging, retagging or removing
# others; the expected counts are kept by the test itself (one state
# file per tree file) and compared, commit by commit, with the table,
# --csv and --json, and with "spdxfs scan --rev ID".  Then the range
# forms, -n, --first-parent, and bad input.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo S=$TMP/state
git_test_env

g() {
	git -C "$R" "$@"
}

put() {	# FILE KIND: G (GPL-2.0), M (MIT), U (untagged), I (invalid)
	case $2 in
	G) echo '// SPDX-License-Identifier: GPL-2.0' ;;
	M) echo '// SPDX-License-Identifier: MIT' ;;
	I) echo '// SPDX-License-Identifier: Foo-1.0' ;;
	esac >"$R/$1"
	echo "int ${1%.c};" >>"$R/$1"
	echo "$2" >"$S/$1"
}

drop() {
	if [ -e "$S/$1" ]; then
		rm "$S/$1" && g rm -q "$1"
	fi
}

# expected I: the CSV line the state gives for commit I (LICENSES/ holds
# two files, excluded)
expected() {
	n=$(ls "$S" | wc -l)
	gpl=$(cat "$S"/* | grep -c G) mit=$(cat "$S"/* | grep -c M)
	unt=$(cat "$S"/* | grep -c U) inv=$(cat "$S"/* | grep -c I)
	echo "2024-01-$(printf %02d "$1")T12:00:00Z,$(g rev-parse HEAD),commit $1,$((n + 2)),$((gpl + mit)),0,$unt,$inv,2,$gpl,$mit"
}

commit() {	# I
	GIT_AUTHOR_DATE="2024-01-$(printf %02d "$1")T12:00:00Z" \
	GIT_COMMITTER_DATE="2024-01-$(printf %02d "$1")T12:00:00Z" \
		g commit -q -m "commit $1" && expected "$1" >>"$TMP/want.csv"
}

make_history() {
	git init -q -b main "$R" && mkdir "$S" &&
	license_file "$R/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	license_file "$R/LICENSES/preferred" MIT MIT &&
	echo date,id,subject,files,tagged,misplaced,untagged,invalid,excluded,GPL-2.0,MIT \
		>"$TMP/want.csv" &&
	for i in $(seq 1 30); do
		case $((i % 4)) in
		0) put a$i.c G ;; 1) put a$i.c M ;; 2) put a$i.c U ;; 3) put a$i.c I ;;
		esac
		[ $((i % 3)) = 0 ] && drop a$((i - 2)).c
		[ $((i % 5)) = 0 ] && [ -e "$S/a$((i - 1)).c" ] && put a$((i - 1)).c U
		if [ $((i % 7)) = 0 ]; then
			for f in $(grep -l U "$S"/*); do put "${f##*/}" G; done
		fi
		[ $((i % 4)) = 2 ] && [ -e "$S/a$((i - 8)).c" ] && put a$((i - 8)).c M
		g add -A && commit $i || return 1
	done
}

test_expect 'a history of 30 commits' '
	make_history && test "$(g rev-list --count HEAD)" = 30 &&
	test "$(wc -l <"$TMP/want.csv")" = 31
'

test_expect 'history --csv: the counts of every commit, oldest first' '
	expect_status 0 "$SPDXFS" history --csv "$R" >"$TMP/out" &&
	expect_file "$TMP/out" <"$TMP/want.csv"
'

test_expect 'each row equals scan --rev ID' '
	tail -n +2 "$TMP/want.csv" | while IFS=, read -r d id s n t m u i e gpl mit; do
		"$SPDXFS" scan -q --rev "$id" "$R" >"$TMP/scan" &&
		grep -q "^files  *$n\$" "$TMP/scan" &&
		grep -q "^  tagged  *$t\$" "$TMP/scan" &&
		grep -q "^  untagged  *$u\$" "$TMP/scan" &&
		grep -q "^  invalid  *$i\$" "$TMP/scan" || { echo "not ok: $id"; exit 1; }
	done
'

test_expect 'history: the aligned table' '
	expect_status 0 "$SPDXFS" history -n 2 "$R" >"$TMP/out" &&
	{
		echo "DATE                  ID              FILES     tagged  misplaced   untagged    invalid   excluded  SUBJECT" &&
		tail -n 2 "$TMP/want.csv" | while IFS=, read -r d id s n t m u i e gpl mit; do
			printf "%-20s  %.12s  %7s  %9s  %9s  %9s  %9s  %9s  %s\\n" \
				"$d" "$id" "$n" "$t" "$m" "$u" "$i" "$e" "$s"
		done
	} >"$TMP/want" &&
	expect_file "$TMP/out" <"$TMP/want" &&
	grep -q "^2024-01-30T12:00:00Z  [0-9a-f]\{12\}       22         13          0          2          5          2  commit 30\$" "$TMP/out"
'

test_expect 'history --json -n 1' '
	expect_status 0 "$SPDXFS" history --json -n 1 "$R" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	{
	  "version": "$VERSION",
	  "commits": [
	    {
	      "date": "2024-01-30T12:00:00Z",
	      "id": "$(g rev-parse HEAD)",
	      "subject": "commit 30",
	      "files": 22,
	      "tagged": 13,
	      "misplaced": 0,
	      "untagged": 2,
	      "invalid": 5,
	      "excluded": 2,
	      "licenses": {"GPL-2.0": 6, "MIT": 7}
	    }
	  ]
	}
	X
'

test_expect 'history RANGE: A..B and a single revision (no GPL-2.0 yet)' '
	"$SPDXFS" history --csv "$R" HEAD~5..HEAD~2 >"$TMP/out" &&
	{ head -1 "$TMP/want.csv"; sed -n 27,29p "$TMP/want.csv"; } >"$TMP/want" &&
	expect_file "$TMP/out" <"$TMP/want" &&
	"$SPDXFS" history --csv "$R" HEAD~27 >"$TMP/out" &&
	head -4 "$TMP/want.csv" | cut -d, -f1-9,11 >"$TMP/want" &&
	expect_file "$TMP/out" <"$TMP/want"
'

test_expect 'history --first-parent: a merge, its side branch left out' '
	g checkout -q -b side HEAD~1 && put side.c G && g add -A &&
	GIT_COMMITTER_DATE=2024-02-01T00:00:00Z g commit -q -m side &&
	g checkout -q main &&
	GIT_COMMITTER_DATE=2024-02-02T00:00:00Z g merge -q --no-edit side &&
	"$SPDXFS" history --first-parent -n 2 "$R" | cut -c1-20,23-34 >"$TMP/out" &&
	expect_file "$TMP/out" <<-X &&
	DATE                ID          
	2024-01-30T12:00:00Z$(g rev-parse --short=12 HEAD~1)
	2024-02-02T00:00:00Z$(g rev-parse --short=12 HEAD)
	X
	"$SPDXFS" history -n 3 "$R" | cut -c1-20 >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	DATE                
	2024-01-30T12:00:00Z
	2024-02-01T00:00:00Z
	2024-02-02T00:00:00Z
	X
'

test_expect 'bad input: one line, exit 2' '
	expect_status 2 "$SPDXFS" history "$TMP" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $TMP: not a git repository
	X
	expect_status 2 "$SPDXFS" history "$R" nope 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $R: revision '"'"'nope'"'"': revspec '"'"'nope'"'"' not found
	X
	expect_status 2 "$SPDXFS" history "$R" nope..HEAD 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1 &&
	expect_status 2 "$SPDXFS" history -n 0 "$R" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1 &&
	(cd "$TMP" && expect_status 2 "$SPDXFS" history) 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X
	spdxfs: the current directory is in no git repository: name REPO
	X
'

# libgit2 1.5.1 knows no shallow clone: main failed on every one, even
# with -n 1 (its walk met a parent the clone lacks).
test_expect 'a shallow clone: its history to the boundary, said once' '
	rm -rf "$TMP/shallow" &&
	git clone -q --depth 2 "file://$R" "$TMP/shallow" &&
	test -s "$TMP/shallow/.git/shallow" &&
	"$SPDXFS" history --csv "$R" >"$TMP/full.csv" &&
	timeout 20 "$SPDXFS" history --csv "$TMP/shallow" >"$TMP/sh.csv" \
		2>"$TMP/err" &&
	cat "$TMP/err" && test "$(wc -l <"$TMP/err")" = 1 &&
	grep -q "^spdxfs: $TMP/shallow: a shallow clone: its history stops at " \
		"$TMP/err" &&
	test "$(wc -l <"$TMP/sh.csv")" -ge 3 &&
	tail -n +2 "$TMP/sh.csv" | while read -r row; do
		grep -qxF "$row" "$TMP/full.csv" || { echo "not in full: $row"; exit 1; }
	done &&
	timeout 20 "$SPDXFS" history -n 1 --csv "$TMP/shallow" >"$TMP/one.csv" \
		2>"$TMP/err" &&
	test ! -s "$TMP/err" && test "$(wc -l <"$TMP/one.csv")" = 2 &&
	test "$(tail -n 1 "$TMP/one.csv")" = "$(tail -n 1 "$TMP/full.csv")" ||
	{ tail -n 1 "$TMP/one.csv"; tail -n 1 "$TMP/full.csv"; false; }
'

test_done
