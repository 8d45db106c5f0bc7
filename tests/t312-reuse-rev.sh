#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# --rev on a REUSE tree: list, scan and export read a revision's blobs by
# REUSE's rules, as they read the work tree (the index carries them).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/reuse/fixture.sh"

git_test_env
G=$TMP/g
make_reuse_dep5_tree "$G" || exit 1
(cd "$G" && git init -q && git add -A && git commit -qm one &&
 printf 'SPDX-FileCopyrightText: 2024 Side\nSPDX-License-Identifier: Apache-2.0\n' >src/q1.license &&
 git add -A && git commit -qm two && rm src/q1.license) || exit 1

test_expect 'list --rev HEAD: the sidecar the work tree lost' '
	"$SPDXFS" list --rev HEAD "$G" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
.reuse/dep5	excluded	0	
LICENSES/Apache-2.0.txt	excluded	0	
LICENSES/CC0-1.0.txt	excluded	0	
LICENSES/MIT.txt	excluded	0	
data/two.csv	tagged	0	CC0-1.0
data/x/one.csv	tagged	0	MIT
src/a.py	tagged	0	MIT AND Apache-2.0
src/q1	tagged	0	MIT AND Apache-2.0
src/q1.license	excluded	0	
X
'

test_expect 'scan --rev HEAD~1 --json: the counts' '
	"$SPDXFS" scan --json --rev HEAD~1 "$G" | sed -n 4p >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
  "status": {"tagged": 4, "misplaced": 0, "untagged": 0, "invalid": 0, "excluded": 4, "error": 0},
X
'

test_expect 'export --rev HEAD: the sidecar'"'"'s file' '
	SOURCE_DATE_EPOCH=1700000000 "$SPDXFS" export -q --format spdx-json --rev HEAD "$G" >"$TMP/j" &&
	jq -r ".files[] | select(.fileName == \"./src/q1\") |
		[.licenseInfoInFiles[0], .copyrightText, .comment] | @tsv" "$TMP/j" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
MIT AND Apache-2.0	2024 X\nSPDX-FileCopyrightText: 2024 Side	REUSE: licensing from dot-license,dep5, copyright from dot-license,dep5
X
'

test_done
