#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# list and check --status, --license, --uapi: each alone, combined, with
# --json and -z, in a subdirectory; bad values refused.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"

# paths ARGS...: the paths "spdxfs list ARGS" prints, one per line.
paths() {
	"$SPDXFS" list "$@" | cut -f1
}

test_expect 'list --status' '
	paths --status untagged "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/net/untagged.c
include/uapi/linux/z.h
X
	paths --status untagged,invalid --status misplaced "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X
drivers/bad.c
drivers/exc.c
drivers/net/misplaced.c
drivers/net/untagged.c
drivers/paren.c
include/uapi/linux/z.h
X
'

test_expect 'list --uapi, alone and with --status' '
	paths --uapi "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
include/uapi/linux/x.h
include/uapi/linux/y.h
include/uapi/linux/z.h
X
	paths --uapi --status tagged "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X
include/uapi/linux/x.h
include/uapi/linux/y.h
X
'

test_expect 'list --license: a LICENSES/ file, every identifier it declares' '
	paths --license GPL-2.0 "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
a.c
b.h
drivers/lower.c
drivers/net/misplaced.c
drivers/three.c
include/uapi/linux/x.h
include/uapi/linux/y.h
scripts/run.sh
scripts/spdxexclude
two.c
X
	paths --license MIT "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
b.h
bom.c
drivers/lower.c
drivers/three.c
X
	paths --license apache-2.0 "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/three.c
X
	paths --license Linux-syscall-note "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X
include/uapi/linux/x.h
X
'

test_expect 'list --license: an identifier, in any of its spellings' '
	paths --license GPL-2.0-only "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
a.c
b.h
drivers/lower.c
drivers/three.c
include/uapi/linux/x.h
include/uapi/linux/y.h
scripts/run.sh
scripts/spdxexclude
two.c
X
	paths --license GPL-2.0+ "$T" >"$TMP/out" &&
	paths --license gpl-2.0-or-later "$T" | cmp - "$TMP/out" &&
	expect_file "$TMP/out" <<X
drivers/net/misplaced.c
X
'

test_expect 'filters combine, in a subdirectory too' '
	paths --license MIT --status tagged --uapi "$T" >"$TMP/out" &&
	test ! -s "$TMP/out" &&
	(cd "$T/drivers" && paths --license GPL-2.0 --status tagged) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
drivers/lower.c
drivers/three.c
X
'

test_expect 'check with filters: the files they keep' '
	expect_status 1 "$SPDXFS" check --status invalid "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
drivers/exc.c: 1:37 Exception not valid for license MIT: Linux-syscall-note
drivers/paren.c: 1:0 Unfinished license expression
X
	expect_status 0 "$SPDXFS" check -v --license GPL-2.0 --status misplaced "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/net/misplaced.c: 2:28 warning: tag on line 2, expected on line 1
X
	expect_status 1 "$SPDXFS" check -f --uapi "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
include/uapi/linux/z.h
X
	expect_status 0 "$SPDXFS" check -f --uapi "$T" include/uapi/linux/x.h >"$TMP/out" &&
	test ! -s "$TMP/out"
'

test_expect 'filters with --json and -z' '
	"$SPDXFS" list --json --status untagged --uapi "$T" >"$TMP/out.json" &&
	test "$(jq -c "[.files[] | .path]" "$TMP/out.json")" = "[\"include/uapi/linux/z.h\"]" &&
	expect_status 0 "$SPDXFS" check --json --status invalid --license MIT "$T" >"$TMP/out.json" &&
	test "$(jq ".diagnostics | length" "$TMP/out.json")" = 0 &&
	"$SPDXFS" list -z --license Linux-syscall-note "$T" | tr "\0" "|" >"$TMP/out" &&
	printf "include/uapi/linux/x.h|tagged\t1\tGPL-2.0 WITH Linux-syscall-note|" |
		cmp - "$TMP/out"
'

test_expect 'a bad status or license: one line, exit 2' '
	expect_status 2 "$SPDXFS" list --status tagged,bogus "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X &&
spdxfs: --status: unknown status '"'"'bogus'"'"' (tagged, misplaced, untagged, invalid, excluded, error)
X
	expect_status 2 "$SPDXFS" check --license BSD-3-Clause "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: --license BSD-3-Clause: neither a file in LICENSES/ nor an identifier one declares
X
'

test_done
