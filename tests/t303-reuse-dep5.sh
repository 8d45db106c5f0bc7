#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# REUSE trees: .reuse/dep5 (REUSE 3.0), its Files: globs ('*' across
# directories, '?'), the last matching paragraph, aggregated with what a
# file says itself; dep5 and REUSE.toml together refused.  Expected
# outputs: reuse-tool 6.2's lint --json on the same tree, and the
# verdict of Debian's reuse 1.1.2 when it is installed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/dep5
make_reuse_dep5_tree "$T" || exit 1

test_expect 'dep5 paragraphs, aggregated, exit 0' '
	expect_status 0 "$SPDXFS" check -v "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
data/two.csv: license CC0-1.0 (dep5 .reuse/dep5)
data/two.csv: copyright 2024 Data One (dep5 .reuse/dep5)
data/two.csv: copyright 2023 Data Two (dep5 .reuse/dep5)
data/x/one.csv: license MIT (dep5 .reuse/dep5)
data/x/one.csv: copyright 2024 X (dep5 .reuse/dep5)
src/a.py: license MIT (dep5 .reuse/dep5)
src/a.py: license Apache-2.0 (file-header src/a.py)
src/a.py: copyright 2020 Dep5 A (dep5 .reuse/dep5)
src/a.py: copyright SPDX-FileCopyrightText: 2024 Own (file-header src/a.py)
src/q1: license MIT (dep5 .reuse/dep5)
src/q1: copyright 2024 X (dep5 .reuse/dep5)
REUSE tree: 4 files, 4 with licensing information, 4 with copyright information
used licenses: Apache-2.0, CC0-1.0, MIT
compliant with REUSE 3.3
X
'
if command -v reuse >/dev/null 2>&1; then
	test_expect 'reuse lint (Debian 1.1.2) agrees: compliant' '
		(cd "$T" && reuse lint >/dev/null 2>&1)
	'
else
	test_skip "reuse is not installed"
fi

test_expect 'dep5 and REUSE.toml together: refused, non-compliant' '
	printf "version = 1\n" >"$T/REUSE.toml" &&
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/o" &&
	grep "^bulk" "$TMP/o" >"$TMP/line" && expect_file "$TMP/line" <<\X
bulk annotations refused: .reuse/dep5 and REUSE.toml both present: use only one
X
'

test_done
