#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs diff: the license changes between two revisions of a repository
# made here with fixed dates (one file of every class, an exact rename,
# a rename with an edit, a name that needs quoting), or between two
# directories, with the exact lines, summary, JSON and exit statuses.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
git_test_env

g() {
	git -C "$R" "$@"
}

tag() {	# FILE EXPR
	printf '// SPDX-License-Identifier: %s\nint x;\n' "$2" >"$R/$1"
}

# body FILE: ten lines of code, enough for git to see a one-line edit
# as a rename
body() {
	for i in 1 2 3 4 5 6 7 8 9 10; do
		echo "int function_number_$i(void) { return $i * $i; }"
	done >>"$R/$1"
}

make_history() {
	git init -q -b main "$R" &&
	license_file "$R/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	license_file "$R/LICENSES/preferred" MIT MIT &&
	tag keep.c GPL-2.0 && tag gone.c MIT && tag lose.c GPL-2.0 &&
	for i in 1 2 3 4 5 6; do echo "long gone_$i;"; done >>"$R/gone.c" &&
	tag swap.c GPL-2.0 && tag bad.c Foo-1.0 && tag ok.c MIT &&
	printf 'int plain;\n' >"$R/plain.c" &&
	mkdir "$R/old" && tag old/move.c GPL-2.0 && body old/move.c &&
	: >"$R/old/retag.c" && body old/retag.c &&
	g add -A && g commit -q -m one && g tag v1 &&
	g rm -q gone.c && tag plain.c MIT && printf 'int lose;\n' >"$R/lose.c" &&
	tag swap.c MIT && tag bad.c GPL-2.0 && tag ok.c Bar-2.0 &&
	mkdir "$R/new" && g mv old/move.c new/move.c &&
	g mv old/retag.c new/retag.c &&
	{ echo "// SPDX-License-Identifier: MIT"; cat "$R/new/retag.c"; } >"$R/x" &&
	mv "$R/x" "$R/new/retag.c" &&
	tag added.c MIT && echo "char added[] = \"nothing like gone.c\";" >>"$R/added.c" &&
	tag "q\"uote.c" GPL-2.0 &&
	g add -A && g commit -q -m two && g tag v2
}

test_expect 'a history of two commits' '
	make_history && test "$(g rev-list --count v2)" = 2
'

test_expect 'diff v1 v2: one line per change, renames followed' '
	expect_status 0 "$SPDXFS" diff v1 v2 "$R" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	added.c	-		tagged	MIT	added
	bad.c	invalid	Foo-1.0	tagged	GPL-2.0	fixed
	gone.c	tagged	MIT	-		removed
	lose.c	tagged	GPL-2.0	untagged		untagged
	new/retag.c	untagged		tagged	MIT	tagged	renamed from old/retag.c
	ok.c	tagged	MIT	invalid	Bar-2.0	broken
	plain.c	untagged		tagged	MIT	tagged
	"q\\"uote.c"	-		tagged	GPL-2.0	added
	swap.c	tagged	GPL-2.0	tagged	MIT	changed
	class	added	2
	class	removed	1
	class	tagged	2
	class	untagged	1
	class	changed	1
	class	fixed	1
	class	broken	1
	renamed	2
	transition	untagged	MIT	2
	transition	-	GPL-2.0	1
	transition	-	MIT	1
	transition	GPL-2.0	MIT	1
	transition	GPL-2.0	untagged	1
	transition	MIT	-	1
	transition	MIT	invalid	1
	transition	invalid	GPL-2.0	1
	X
'

test_expect '--lines and --summary split the two' '
	"$SPDXFS" diff -l v1 v2 "$R" >"$TMP/l" &&
	"$SPDXFS" diff --summary v1 v2 "$R" >"$TMP/s" &&
	"$SPDXFS" diff v1 v2 "$R" >"$TMP/all" &&
	test "$(wc -l <"$TMP/l")" = 9 && cat "$TMP/l" "$TMP/s" | cmp - "$TMP/all"
'

test_expect 'the other way round: each class turns into its opposite' '
	"$SPDXFS" diff -s v2 v1 "$R" | grep "^class" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	class	added	1
	class	removed	2
	class	tagged	1
	class	untagged	2
	class	changed	1
	class	fixed	1
	class	broken	1
	X
'

test_expect '--json: the same lines and counts' '
	"$SPDXFS" diff --json v1 v2 "$R" >"$TMP/j" &&
	test "$(jq -r .old "$TMP/j")" = "$R@v1" &&
	test "$(jq -r .new "$TMP/j")" = "$R@v2" &&
	test "$(jq ".files | length" "$TMP/j")" = 9 &&
	jq -c ".files[4]" "$TMP/j" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X &&
	{"path":"new/retag.c","class":"tagged","renamed_from":"old/retag.c","old":{"status":"untagged","expression":null},"new":{"status":"tagged","expression":"MIT"}}
	X
	jq -c ".summary" "$TMP/j" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X &&
	{"added":2,"removed":1,"tagged":2,"untagged":1,"changed":1,"fixed":1,"broken":1,"renamed":2}
	X
	jq -c ".transitions[0]" "$TMP/j" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	{"from":"untagged","to":"MIT","files":2}
	X
'

test_expect '--fail-on: exit 1 only when a line has such a class' '
	expect_status 1 "$SPDXFS" diff -s --fail-on changed,untagged,broken v1 v2 "$R" >/dev/null &&
	expect_status 1 "$SPDXFS" diff -s --fail-on removed v1 v2 "$R" >/dev/null &&
	expect_status 0 "$SPDXFS" diff -s --fail-on removed v1 v1 "$R" >"$TMP/out" &&
	test "$(grep -c "	0$" "$TMP/out")" = 8 &&
	expect_status 0 "$SPDXFS" diff -s --fail-on added,fixed,broken v2 v2 "$R" >/dev/null
'

test_expect 'two directories: the same lines; a move with its content unchanged is followed' '
	mkdir "$TMP/d1" "$TMP/d2" &&
	g archive v1 | tar -x -C "$TMP/d1" &&
	g archive v2 | tar -x -C "$TMP/d2" &&
	expect_status 1 "$SPDXFS" diff --fail-on fixed "$TMP/d1" "$TMP/d2" >"$TMP/out" &&
	grep -v "^transition" "$TMP/out" >"$TMP/lines" &&
	expect_file "$TMP/lines" <<-X
	added.c	-		tagged	MIT	added
	bad.c	invalid	Foo-1.0	tagged	GPL-2.0	fixed
	gone.c	tagged	MIT	-		removed
	lose.c	tagged	GPL-2.0	untagged		untagged
	new/retag.c	-		tagged	MIT	added
	ok.c	tagged	MIT	invalid	Bar-2.0	broken
	old/retag.c	untagged		-		removed
	plain.c	untagged		tagged	MIT	tagged
	"q\\"uote.c"	-		tagged	GPL-2.0	added
	swap.c	tagged	GPL-2.0	tagged	MIT	changed
	class	added	3
	class	removed	2
	class	tagged	1
	class	untagged	1
	class	changed	1
	class	fixed	1
	class	broken	1
	renamed	1
	X
'

test_expect 'two directories: moves paired as git pairs exact renames' '
	mkdir -p "$TMP/d3/sub" "$TMP/d4/other" &&
	cp -R "$TMP/d1/LICENSES" "$TMP/d3/" && cp -R "$TMP/d1/LICENSES" "$TMP/d4/" &&
	printf "// SPDX-License-Identifier: GPL-2.0\\nint moved;\\n" >"$TMP/d3/sub/a.c" &&
	printf "// SPDX-License-Identifier: GPL-2.0\\nint moved;\\n" >"$TMP/d4/other/b.c" &&
	for f in t1.c t2.c twin.c; do printf "int twin;\\n" >"$TMP/d3/sub/$f"; done &&
	for f in t3.c twin.c; do printf "int twin;\\n" >"$TMP/d4/other/$f"; done &&
	"$SPDXFS" diff "$TMP/d3" "$TMP/d4" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X &&
	sub/t2.c	untagged		-		removed
	class	added	0
	class	removed	1
	class	tagged	0
	class	untagged	0
	class	changed	0
	class	fixed	0
	class	broken	0
	renamed	3
	transition	untagged	-	1
	X
	printf "// SPDX-License-Identifier: MIT\\nint moved;\\n" >"$TMP/d4/other/b.c" &&
	"$SPDXFS" diff -l "$TMP/d3" "$TMP/d4" >"$TMP/out" &&
	expect_file "$TMP/out" <<-X
	other/b.c	-		tagged	MIT	added
	sub/a.c	tagged	GPL-2.0	-		removed
	sub/t2.c	untagged		-		removed
	X
'

test_expect 'bad input: one line, exit status 2' '
	expect_status 2 "$SPDXFS" diff v1 nosuch "$R" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1 && grep -q "unknown revision .nosuch." "$TMP/err" &&
	expect_status 2 "$SPDXFS" diff --fail-on renamed v1 v2 "$R" 2>"$TMP/err" &&
	grep -q "unknown class .renamed." "$TMP/err" &&
	expect_status 2 "$SPDXFS" diff v1 2>/dev/null &&
	expect_status 2 "$SPDXFS" diff a b c d 2>/dev/null &&
	expect_status 2 "$SPDXFS" diff "$TMP/d1" "$TMP/nosuch" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1
'

test_done
