#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# history of a REUSE tree: each commit's counts are REUSE's reading, as
# "scan --rev" gives them, including a commit that only touches a file
# whose result depends on REUSE.toml, and one that only changes
# REUSE.toml.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/reuse/fixture.sh"

git_test_env
G=$TMP/g
make_reuse_toml_tree "$G" || exit 1
commit() {	# DATE SUBJECT
	git add -A && GIT_COMMITTER_DATE=$1 GIT_AUTHOR_DATE=$1 git commit -qm "$2"
}
(cd "$G" && git init -q && commit 2024-01-01T00:00:00Z one &&
 printf 'int b;\n' >src/new.c &&
 printf 'SPDX-FileCopyrightText: 2024 Me\nSPDX-License-Identifier: Apache-2.0\n' >doc/a.md.license &&
 commit 2024-01-02T00:00:00Z two &&
 printf 'int c;\n' >src/new.c && commit 2024-01-03T00:00:00Z three &&
 git rm -q vendor/REUSE.toml && commit 2024-01-04T00:00:00Z four) || exit 1

test_expect 'the rows' '
	"$SPDXFS" history "$G" | cut -c1-20,36- >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
DATE                   FILES     tagged  misplaced   untagged    invalid   excluded  SUBJECT
2024-01-01T00:00:00Z      15          9          0          0          0          6  one
2024-01-02T00:00:00Z      17         10          0          0          0          7  two
2024-01-03T00:00:00Z      17         10          0          0          0          7  three
2024-01-04T00:00:00Z      16         10          0          0          0          6  four
X
'

test_expect 'each row is what scan --rev says' '
	for c in 3 2 1 0; do
		"$SPDXFS" scan --json --rev HEAD~$c "$G" >"$TMP/s" &&
		jq -r "[.files, .status.tagged, .status.excluded,
			(.licenses | map(select(.files > 0) | \"\(.name)=\(.files)\") | join(\",\"))] | @tsv" \
			"$TMP/s" || return 1
	done >"$TMP/scans" &&
	"$SPDXFS" history --json "$G" >"$TMP/h" &&
	jq -r ".commits[] | [.files, .tagged, .excluded, (.licenses | to_entries | map(\"\(.key)=\(.value)\") | join(\",\"))] | @tsv" "$TMP/h" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X &&
15	9	6	Apache-2.0=2,CC0-1.0=3,GPL-3.0-or-later=4,MIT=2
17	10	7	Apache-2.0=3,CC0-1.0=3,GPL-3.0-or-later=4,MIT=3
17	10	7	Apache-2.0=3,CC0-1.0=3,GPL-3.0-or-later=4,MIT=3
16	10	6	Apache-2.0=3,CC0-1.0=3,GPL-3.0-or-later=3,MIT=4
X
	cmp "$TMP/o" "$TMP/scans"
'

test_done
