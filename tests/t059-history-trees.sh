#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs history across changes of the tree's shape, which history.c's
# own tree diff must name as git's diff would: a directory that becomes
# a file and a file that becomes a directory again (one path removed,
# others added), a symlink added (counted, never read), a file under a
# new subdirectory; every row equals "scan --rev ID".  Then a blob
# missing from the object database in a later commit (whose source is
# pointed at it, not opened: nothing looks for its objects but the
# diff): one line naming the path, exit 2; and so where the second
# half of a history long enough for two threads begins (history.h's
# HISTORY_SPLIT: 64 commits), whose first commit that half counts whole:
# the line is the one counting in order gives.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
git_test_env

g() {
	git -C "$R" "$@"
}

commit() {	# I
	GIT_AUTHOR_DATE="2024-02-0${1}T12:00:00Z" \
	GIT_COMMITTER_DATE="2024-02-0${1}T12:00:00Z" \
		g commit -q -m "commit $1"
}

make_history() {
	git init -q -b main "$R" &&
	license_file "$R/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	mkdir "$R/x" &&
	echo '// SPDX-License-Identifier: GPL-2.0' >"$R/x/a.c" &&
	echo 'int b;' >"$R/x/b.c" &&
	g add -A && commit 1 &&
	g rm -rq x && echo 'int x;' >"$R/x" && g add x && commit 2 &&
	g rm -q x && mkdir -p "$R/x/y" &&
	echo '// SPDX-License-Identifier: GPL-2.0' >"$R/x/y/c.c" &&
	g add -A && commit 3 &&
	ln -s x/y "$R/z" && g add z && commit 4
}

test_expect 'a history whose tree changes shape' '
	make_history && test "$(g rev-list --count HEAD)" = 4
'

test_expect 'history --csv: the counts of each shape' '
	expect_status 0 "$SPDXFS" history --csv "$R" >"$TMP/out" &&
	cut -d, -f3- "$TMP/out" >"$TMP/rows" &&
	expect_file "$TMP/rows" <<-EOF
	subject,files,tagged,misplaced,untagged,invalid,excluded,GPL-2.0
	commit 1,3,1,0,1,0,1,1
	commit 2,2,0,0,1,0,1,0
	commit 3,2,1,0,0,0,1,1
	commit 4,2,1,0,0,0,1,1
	EOF
'

test_expect 'each row equals scan --rev ID' '
	test "$(tail -n +2 "$TMP/out" | wc -l)" = 4 &&
	tail -n +2 "$TMP/out" | while IFS=, read -r d id s n t m u i e gpl; do
		"$SPDXFS" scan -q --rev "$id" "$R" >"$TMP/scan" &&
		grep -q "^files  *$n\$" "$TMP/scan" &&
		grep -q "^  tagged  *$t\$" "$TMP/scan" &&
		grep -q "^  untagged  *$u\$" "$TMP/scan" || { echo "not ok: $id"; exit 1; }
	done
'

# A symlink at scripts is where scripts/spdxexclude is looked for: a
# commit that adds one fails "scan --rev", and so history counting it
# from the commit before, though their diff names no path under
# LICENSES/ or scripts/ (on a branch of its own, main left as it is).
test_expect 'a symlink at scripts: history fails as scan --rev does' '
	g checkout -q -b link && ln -s x "$R/scripts" && g add scripts &&
	commit 6 && g checkout -q main &&
	expect_status 2 "$SPDXFS" scan --rev link "$R" >/dev/null 2>"$TMP/err" &&
	expect_status 2 "$SPDXFS" history --csv "$R" link~2..link \
		>/dev/null 2>"$TMP/err2" &&
	expect_file "$TMP/err2" <"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF
	spdxfs: scripts/spdxexclude: Too many levels of symbolic links
	EOF
'

test_expect 'a blob missing in a later commit: named, exit 2' '
	echo "int gone;" >"$R/gone.c" && g add gone.c && commit 5 &&
	id=$(g rev-parse HEAD) && b=$(g rev-parse HEAD:gone.c) &&
	rm "$R/.git/objects/$(echo "$b" | cut -c1-2)/$(echo "$b" | cut -c3-)" &&
	expect_status 2 "$SPDXFS" history --csv "$R" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF
	spdxfs: $R@$id: gone.c is missing (a shallow or partial clone?)
	EOF
'

# long_history N: N commits in $L, commit I adding fI.c, tagged.
long_history() {
	git init -q -b main "$L" &&
	license_file "$L/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	i=0 &&
	while [ "$i" -lt "$1" ]; do
		printf '// SPDX-License-Identifier: GPL-2.0\nint f%d;\n' "$i" \
			>"$L/f$i.c" &&
		git -C "$L" add -A &&
		GIT_AUTHOR_DATE="2024-03-01T12:00:00Z" \
		GIT_COMMITTER_DATE="2024-03-01T12:00:00Z" \
			git -C "$L" commit -q -m "commit $i" || return 1
		i=$((i + 1))
	done
}

test_expect 'a blob missing where the second half of 64 commits begins' '
	L=$TMP/long && long_history 64 &&
	"$SPDXFS" history --csv "$L" >"$TMP/long.csv" &&
	test "$(tail -n 1 "$TMP/long.csv" | cut -d, -f4,5)" = "65,64" &&
	id=$(git -C "$L" rev-list --reverse HEAD | sed -n 33p) &&
	b=$(git -C "$L" rev-parse "$id:f32.c") &&
	rm "$L/.git/objects/$(echo "$b" | cut -c1-2)/$(echo "$b" | cut -c3-)" &&
	expect_status 2 "$SPDXFS" history --csv "$L" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF
	spdxfs: $L@$id: f32.c is missing (a shallow or partial clone?)
	EOF
'

test_done
