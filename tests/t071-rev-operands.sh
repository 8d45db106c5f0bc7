#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# diff REV1 REV2 and history [RANGE] without REPO: revisions of the
# current directory's repository; one line says which reading was taken
# when a name is both a directory and a revision; what is missing named.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
git_test_env

g() {
	git -C "$R" "$@"
}

make_repo() {
	git init -q -b main "$R" &&
	license_file "$R/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	license_file "$R/LICENSES/preferred" MIT MIT &&
	mkdir -p "$R/drivers" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n' >"$R/drivers/a.c" &&
	g add -A && g commit -q -m one && g tag v1 &&
	printf '// SPDX-License-Identifier: MIT\n' >"$R/drivers/a.c" &&
	printf 'int b;\n' >"$R/drivers/b.c" &&
	g add -A && g commit -q -m two && g tag v2
}

make_repo || exit 1

test_expect 'diff REV1 REV2 from a directory of the work tree' '
	(cd "$R/drivers" && "$SPDXFS" diff -l HEAD~1 HEAD) >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/err" &&
	expect_file "$TMP/out" <<X
drivers/a.c	tagged	GPL-2.0	tagged	MIT	changed
drivers/b.c	-		untagged		added
X
'

test_expect 'the same as naming REPO' '
	(cd "$R" && "$SPDXFS" diff v1 v2) >"$TMP/a" &&
	"$SPDXFS" diff v1 v2 "$R" >"$TMP/b" && cmp "$TMP/a" "$TMP/b"
'

test_expect 'directories named as revisions: read as directories, said once' '
	mkdir -p "$TMP/d/v1" "$TMP/d/v2" && cp -a "$R/LICENSES" "$TMP/d/v1/" &&
	cp -a "$R/LICENSES" "$TMP/d/v2/" &&
	printf "int x;\n" >"$TMP/d/v2/x.c" &&
	git -C "$R" worktree add -q "$TMP/d/wt" v2 2>/dev/null &&
	mv "$TMP/d/v1" "$TMP/d/v2" "$TMP/d/wt/" &&
	(cd "$TMP/d/wt" && "$SPDXFS" diff -l v1 v2) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
x.c	-		untagged		added
X
	expect_file "$TMP/err" <<X
spdxfs: v1 and v2 read as directories, not as revisions of $TMP/d/wt (for those: spdxfs diff v1 v2 $TMP/d/wt)
X
'

test_expect 'neither a directory nor a revision: one line naming it' '
	(cd "$R" && expect_status 2 "$SPDXFS" diff v1 nope) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: nope: neither a directory nor a revision of $R
X
	(cd "$TMP" && expect_status 2 "$SPDXFS" diff HEAD~1 HEAD) 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: HEAD~1: not a directory, and the current directory is in no git repository (REV1 REV2 REPO)
X
'

test_expect 'history with no operand, and with RANGE only' '
	(cd "$R/drivers" && "$SPDXFS" history) | cut -c39- >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
FILES     tagged  misplaced   untagged    invalid   excluded  SUBJECT
    3          1          0          0          0          2  one
    4          1          0          1          0          2  two
X
	(cd "$R" && "$SPDXFS" history v1..v2) | cut -c39- >"$TMP/out" &&
	expect_file "$TMP/out" <<X
FILES     tagged  misplaced   untagged    invalid   excluded  SUBJECT
    4          1          0          1          0          2  two
X
'

test_expect 'history REPO still: the repository reading first' '
	"$SPDXFS" history "$R" v2 >"$TMP/a" &&
	(cd "$R" && "$SPDXFS" history v2) >"$TMP/b" && cmp "$TMP/a" "$TMP/b"
'

test_done
