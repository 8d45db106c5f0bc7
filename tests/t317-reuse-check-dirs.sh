#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check -d on a REUSE tree: per-directory completeness as in a kernel
# tree, a file complete when reuse lint names it in no class of files
# (it has licensing and copyright information and can be read); the
# files REUSE does not cover (LICENSES/, sidecars) are left out; -D and
# PATHs as in a kernel tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/sel
make_reuse_select_tree "$T" || exit 1

test_expect '-d: the incomplete directories' '
	expect_status 1 "$SPDXFS" check -d "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
Incomplete directories: SPDX in Files
    ./doc/                                                                          :     1 of     2   50%
    ./src/                                                                          :     3 of     5   60%
X
'

test_expect '-d -D 0: the covered files of the tree as one' '
	expect_status 1 "$SPDXFS" check -d -D 0 "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
Incomplete directories: SPDX in Files
    ./                                                                              :     5 of     8   62%
X
'

test_expect '-d PATH...: complete files named, exit 0' '
	expect_status 0 "$SPDXFS" check -d "$T" src/ok.c doc/img >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
Incomplete directories: SPDX in Files
X
'

test_expect '-d --json of a directory named' '
	expect_status 1 "$SPDXFS" check -d --json "$T" doc >"$TMP/out" &&
	grep -A4 "\"dirs\"" "$TMP/out" >"$TMP/d" &&
	expect_file "$TMP/d" <<\X
  "dirs": [
    {"dir": "./doc/", "files": 2, "tagged": 1}
  ]
}
X
'

test_done
