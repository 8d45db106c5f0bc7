#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# history/ in the mount: backlog.csv is "spdxfs history --first-parent
# --csv" of HEAD byte for byte (of REV with --rev), with its true size
# for stat, cp and grep; backlog.svg draws the same numbers; a commit in
# the work tree shows within seconds; -o history=N bounds the rows, 0
# takes history/ away; a tree that is no git work tree has none; a
# history that cannot be made (an object gone) is EIO and a log line,
# and the daemon goes on.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo M=$TMP/mnt
git_test_env

g() {
	git -C "$R" "$@"
}

commit() {	# DAY MESSAGE...
	day=$1 && shift &&
	GIT_AUTHOR_DATE="2024-03-${day}T10:00:00Z" \
	GIT_COMMITTER_DATE="2024-03-${day}T10:00:00Z" g commit -q "$@"
}

# csv REV [-n N]: what the mount's backlog.csv must hold.
csv() {
	rev=$1 && shift
	"$SPDXFS" history --first-parent --csv "$@" "$R" "$rev"
}

test_expect 'a repository: five commits on main, a side branch merged' '
	git init -q -b main "$R" && make_fixture "$R" &&
	g add -A && commit 01 -m base && g tag v1 &&
	printf "// SPDX-License-Identifier: GPL-2.0\nint n;\n" >"$R/new.c" &&
	g add new.c && commit 02 -m "tag new.c" &&
	g checkout -q -b side &&
	echo "int s;" >"$R/side.c" && g add side.c && commit 03 -m "side: untagged" &&
	g checkout -q main &&
	echo "int u;" >"$R/u.c" && g add u.c && commit 04 -m "untagged u.c, a comma, \"quoted\"" &&
	GIT_COMMITTER_DATE=2024-03-05T10:00:00Z GIT_AUTHOR_DATE=2024-03-05T10:00:00Z \
		g merge -q --no-ff -m "merge side" side &&
	test "$(g rev-list --count HEAD)" = 5 &&
	test "$(g rev-list --first-parent --count HEAD)" = 4 &&
	mkdir "$M"
'

start_daemon "$M" "$R" "$M"

test_expect 'the mount answers; history/ holds the two files' '
	wait_mounted "$M" &&
	ls "$M" | grep -qx history &&
	test "$(ls "$M/history" | tr "\n" " ")" = "backlog.csv backlog.svg "
'

test_expect 'backlog.csv is history --first-parent --csv of HEAD, byte for byte' '
	csv HEAD >"$TMP/want" && test "$(wc -l <"$TMP/want")" = 5 &&
	cmp "$TMP/want" "$M/history/backlog.csv" &&
	grep -q ",merge side," "$M/history/backlog.csv" &&
	! grep -q ",side: untagged," "$M/history/backlog.csv"
'

test_expect 'stat gives the true size and the newest commit time; cp and grep read it all' '
	test "$(stat -c %s "$M/history/backlog.csv")" = "$(wc -c <"$TMP/want")" &&
	test "$(stat -c %Y "$M/history/backlog.csv")" = "$(g log -1 --format=%ct)" &&
	cp "$M/history/backlog.csv" "$TMP/copy" && cmp "$TMP/want" "$TMP/copy" &&
	test "$(grep -c "^2024-03-0" "$M/history/backlog.csv")" = 4 &&
	test "$(stat -c %a "$M/history/backlog.svg")" = 444
'

test_expect 'backlog.svg: each commit'"'"'s numbers are the CSV'"'"'s; history --svg writes the same' '
	cp "$M/history/backlog.svg" "$TMP/m.svg" &&
	"$SPDXFS" history --first-parent --svg "$TMP/cli.svg" "$R" >/dev/null &&
	cmp "$TMP/cli.svg" "$TMP/m.svg" &&
	svg_matches "$TMP/want" "$TMP/m.svg" &&
	test "$(wc -l <"$TMP/titles")" = 4 && grep -q "MIT [1-9]" "$TMP/titles"
'

test_expect 'rsvg-convert draws backlog.svg' '
	rsvg-convert "$M/history/backlog.svg" -o "$TMP/h.png" &&
	test "$(head -c 8 "$TMP/h.png" | od -An -c | tr -d " ")" = "211PNG\r\n032\n"
'

test_expect 'a commit in the work tree: the new row within seconds' '
	old=$(stat -c %s "$M/history/backlog.csv") &&
	echo "int w;" >"$R/w.c" && g add w.c && commit 06 -m "untagged w.c" &&
	within 10 "grep -q \",untagged w.c,\" \"$M/history/backlog.csv\"" &&
	csv HEAD >"$TMP/want" && test "$(wc -l <"$TMP/want")" = 6 &&
	cmp "$TMP/want" "$M/history/backlog.csv" &&
	test "$(stat -c %s "$M/history/backlog.csv")" = "$(wc -c <"$TMP/want")" &&
	test "$old" -lt "$(wc -c <"$TMP/want")"
'

test_expect 'HEAD moved back (checkout of v1): one row' '
	g checkout -q v1 &&
	within 10 "test \"\$(wc -l <\"$M/history/backlog.csv\")\" = 2" &&
	csv v1 | cmp - "$M/history/backlog.csv" &&
	g checkout -q main &&
	within 10 "test \"\$(wc -l <\"$M/history/backlog.csv\")\" = 6"
'

test_expect 'opened before HEAD moved, read after: later opens read the new rows' '
	g checkout -q v1 &&
	within 10 "test \"\$(wc -l <\"$M/history/backlog.csv\")\" = 2" &&
	exec 3<"$M/history/backlog.csv" &&
	g checkout -q main &&
	within 10 "test \"\$(stat -c %s \"$M/history/backlog.csv\")\" = $(wc -c <"$TMP/want")" &&
	cat <&3 >"$TMP/fd.csv" && exec 3<&- &&
	cmp "$TMP/want" "$TMP/fd.csv" &&
	cmp "$TMP/want" "$M/history/backlog.csv"
'

test_expect 'readers at once get the same bytes' '
	for i in 1 2 3 4; do cat "$M/history/backlog.csv" >"$TMP/par.$i" & done; wait &&
	for i in 1 2 3 4; do cmp "$TMP/want" "$TMP/par.$i" || exit 1; done
'

stop_daemon "$M"

test_expect 'unmounted, exit status 0, nothing said' 'expect_clean_exit "$M"'

start_daemon "$M" -o history=2,exact_size "$R" "$M"

test_expect '-o history=2 (with exact_size: opens ask the daemon): the newest two commits' '
	wait_mounted "$M" &&
	csv HEAD -n 2 >"$TMP/want" && test "$(wc -l <"$TMP/want")" = 3 &&
	cmp "$TMP/want" "$M/history/backlog.csv" &&
	svg_matches "$TMP/want" "$M/history/backlog.svg" &&
	test "$(wc -l <"$TMP/titles")" = 2
'

stop_daemon "$M"

test_expect '... unmounted, exit status 0, nothing said' 'expect_clean_exit "$M"'

test_expect '-o history=0: no history/' '
	"$SPDXFS" mount -o history=0 "$R" "$M" && wait_mounted "$M" &&
	test -d "$M/all" && test ! -e "$M/history" && ! ls "$M" | grep -q history &&
	fusermount3 -u "$M"
'

test_expect '-o history=x: one line, exit 2, nothing mounted' '
	expect_status 2 "$SPDXFS" mount -o history=x "$R" "$M" 2>"$TMP/err" &&
	test "$(cat "$TMP/err")" = "spdxfs: mount: -o history=x: not a number of commits" &&
	! mountpoint -q "$M"
'

start_daemon "$M" --rev HEAD~1 "$R" "$M"

test_expect '--rev HEAD~1: the history of that commit, whatever HEAD does' '
	wait_mounted "$M" &&
	csv HEAD~1 >"$TMP/want" && test "$(wc -l <"$TMP/want")" = 5 &&
	cmp "$TMP/want" "$M/history/backlog.csv" &&
	echo "int z;" >"$R/z.c" && g add z.c && commit 07 -m z &&
	cmp "$TMP/want" "$M/history/backlog.csv"
'

stop_daemon "$M"

test_expect '... unmounted, exit status 0, nothing said' 'expect_clean_exit "$M"'

test_expect 'a work tree with no commit yet: the CSV header alone, then the first commit' '
	git init -q -b main "$TMP/fresh" && make_fixture "$TMP/fresh" &&
	"$SPDXFS" mount "$TMP/fresh" "$M" && wait_mounted "$M" &&
	test "$(cat "$M/history/backlog.csv")" = "date,id,subject,files,tagged,misplaced,untagged,invalid,excluded" &&
	rsvg-convert "$M/history/backlog.svg" -o "$TMP/e.png" &&
	git -C "$TMP/fresh" add -A &&
	GIT_COMMITTER_DATE=2024-04-01T00:00:00Z git -C "$TMP/fresh" commit -q -m first &&
	within 10 "test \"\$(wc -l <\"$M/history/backlog.csv\")\" = 2" &&
	"$SPDXFS" history --first-parent --csv "$TMP/fresh" | cmp - "$M/history/backlog.csv" &&
	fusermount3 -u "$M"
'

test_expect 'a linked worktree (git worktree add): its HEAD, followed in the common directory' '
	g worktree add -q -b feat "$TMP/linked" v1 &&
	"$SPDXFS" mount "$TMP/linked" "$M" && wait_mounted "$M" &&
	csv v1 | cmp - "$M/history/backlog.csv" &&
	echo "int l;" >"$TMP/linked/l.c" && git -C "$TMP/linked" add l.c &&
	GIT_COMMITTER_DATE=2024-04-02T00:00:00Z git -C "$TMP/linked" commit -q -m linked &&
	within 10 "grep -q \",linked,\" \"$M/history/backlog.csv\"" &&
	csv feat | cmp - "$M/history/backlog.csv" &&
	fusermount3 -u "$M"
'

test_expect 'a tree that is no git work tree has no history/' '
	make_fixture "$TMP/plain" &&
	"$SPDXFS" mount "$TMP/plain" "$M" && wait_mounted "$M" &&
	test -d "$M/all" && test ! -e "$M/history" &&
	fusermount3 -u "$M"
'

test_expect 'an object gone: EIO for history/, a log line, the mount goes on' '
	cp -a "$R" "$TMP/broken" &&
	tree=$(git -C "$TMP/broken" rev-parse v1^{tree}) && rest=${tree#??} &&
	rm "$TMP/broken/.git/objects/${tree%$rest}/$rest"
'

start_daemon "$M" "$TMP/broken" "$M"

test_expect '... listing history/ makes no history: no EIO, nothing logged' '
	wait_mounted "$M" &&
	test "$(ls "$M/history" | tr "\n" " ")" = "backlog.csv backlog.svg " &&
	test "$(find "$M/history" -type f | wc -l)" = 2 &&
	test ! -s "$TMP/daemon.err"
'

test_expect '... EIO, and the other views still answer' '
	! cat "$M/history/backlog.csv" >/dev/null 2>"$TMP/cat.err" &&
	grep -q "Input/output error" "$TMP/cat.err" &&
	! cat "$M/history/backlog.svg" >/dev/null 2>&1 &&
	kill -0 "$DAEMON" && test -f "$M/all/a.c" && cat "$M/summary" >/dev/null &&
	! ls -l "$M/history" >/dev/null 2>&1 &&
	tree=$(git -C "$R" rev-parse v1^{tree}) &&
	test "$(grep -c "^spdxfs: history: .*$tree (the root tree) is missing" "$TMP/daemon.err")" = 1
'

test_expect '... the object back and a change in the git directory: tried again' '
	tree=$(git -C "$R" rev-parse v1^{tree}) && rest=${tree#??} &&
	mkdir -p "$TMP/broken/.git/objects/${tree%$rest}" &&
	cp "$R/.git/objects/${tree%$rest}/$rest" "$TMP/broken/.git/objects/${tree%$rest}/" &&
	"$SPDXFS" history --first-parent --csv "$TMP/broken" >"$TMP/want" &&
	git -C "$TMP/broken" branch retry &&
	within 10 "cat \"$M/history/backlog.csv\" >/dev/null 2>&1" &&
	cmp "$TMP/want" "$M/history/backlog.csv" &&
	test "$(grep -c "^spdxfs: history: " "$TMP/daemon.err")" = 1
'

stop_daemon "$M"

test_expect '... unmounted, exit status 0, only the history lines said' '
	test "$(cat "$TMP/status")" = 0 && ! mountpoint -q "$M" &&
	test -s "$TMP/daemon.err" && ! grep -v "^spdxfs: history: " "$TMP/daemon.err"
'

test_done
