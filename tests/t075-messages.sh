#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Messages that name what is wrong: show of a missing path says only
# that; diff with one operand and tag without -o name what is missing;
# a SHA-256 repository is said to be unsupported, not corrupt.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
git_test_env
make_fixture "$T" || exit 1

test_expect 'show of a missing path: that line alone, no LICENSES/ warning' '
	(cd "$TMP" && expect_status 2 "$SPDXFS" show nosuch/x.c) >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: nosuch/x.c: No such file or directory
X
'

test_expect 'diff with one operand names what is missing' '
	expect_status 2 "$SPDXFS" diff v1 >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: diff: one operand only: two revisions or two directories to compare
usage: spdxfs diff [OPTION]... REV1 REV2 [REPO] | [OPTION]... DIR1 DIR2
Try '"'"'spdxfs diff --help'"'"'.
X
'

test_expect 'tag TREE without -o names what is missing' '
	expect_status 2 "$SPDXFS" tag "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: tag: no -o DIR: the directory to write the series into (or --json for the plan only)
usage: spdxfs tag [OPTION]... TREE -o DIR
Try '"'"'spdxfs tag --help'"'"'.
X
'

S=$TMP/sha256
if git init -q --object-format=sha256 "$S" 2>/dev/null; then
	make_fixture "$S" && rm "$S/link.c" "$S/outside" &&
	git -C "$S" add -A && git -C "$S" commit -q -m one || exit 1
	test_expect 'a SHA-256 repository: unsupported, for its work tree' '
		"$SPDXFS" list --no-cache "$S" >"$TMP/out" 2>"$TMP/err" &&
		test "$(wc -l <"$TMP/out")" = 22 &&
		expect_file "$TMP/err" <<X
spdxfs: warning: $S: git'"'"'s index: a SHA-256 repository (git init --object-format=sha256): not supported, only SHA-1 ones are; walking the tree as if it were no git work tree
X
	'
	test_expect 'a SHA-256 repository: unsupported, for its revisions' '
		expect_status 2 "$SPDXFS" list --rev HEAD "$S" 2>"$TMP/err" &&
		expect_file "$TMP/err" <<X &&
spdxfs: $S/.git: a SHA-256 repository (git init --object-format=sha256): not supported, only SHA-1 ones are
X
		(cd "$S" && expect_status 2 "$SPDXFS" diff HEAD HEAD) 2>"$TMP/err" &&
		expect_file "$TMP/err" <<X
spdxfs: $S/.git: a SHA-256 repository (git init --object-format=sha256): not supported, only SHA-1 ones are
X
	'
else
	test_skip "git cannot make a SHA-256 repository"
	test_skip "git cannot make a SHA-256 repository"
fi

test_done
