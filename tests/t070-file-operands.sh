#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Files as operands: check, list, scan and check --modules take files
# and directories, relative or absolute, in a tree given or found from
# them, and report in the order given (show too); TREE PATH... still
# works.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T" && mkdir -p "$T/Documentation/process" &&
	module_license_rules >"$T/Documentation/process/license-rules.rst" || exit 1
mkdir -p "$TMP/plain" && printf 'int x;\n' >"$TMP/plain/x.c" || exit 1

test_expect 'check FILE from a subdirectory, and an absolute one' '
	(cd "$T/drivers" && expect_status 1 "$SPDXFS" check -w bad.c "$T/a.c" ../drivers/paren.c) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
drivers/paren.c: 1:0 Unfinished license expression
X
	test ! -s "$TMP/err"
'

test_expect 'list FILE DIR FILE: in the order given, a directory in path order' '
	(cd "$T" && "$SPDXFS" list two.c drivers/net b.h) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
two.c	tagged	1	GPL-2.0
drivers/net/misplaced.c	misplaced	2	GPL-2.0+
drivers/net/untagged.c	untagged	0	
b.h	tagged	1	GPL-2.0 OR MIT
X
'

test_expect 'a file named twice, and beneath a directory named: once, first place' '
	(cd "$T/drivers" && "$SPDXFS" list net/untagged.c net net/untagged.c) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
drivers/net/untagged.c	untagged	0	
drivers/net/misplaced.c	misplaced	2	GPL-2.0+
X
'

test_expect 'scan FILE: the summary of that file' '
	"$SPDXFS" scan "$T/drivers/net/misplaced.c" >"$TMP/out" &&
	sed -n 1,6p "$TMP/out" >"$TMP/head" &&
	expect_file "$TMP/head" <<X
files                         1
  tagged                      0
  misplaced                   1
  untagged                    0
  invalid                     0
  excluded                    0
X
'

test_expect 'show keeps the order given' '
	(cd "$T" && "$SPDXFS" show two.c a.c) | grep -v "^ " >"$TMP/out" &&
	expect_file "$TMP/out" <<X
two.c

a.c
X
'

test_expect 'check --modules FILE' '
	printf "// SPDX-License-Identifier: MIT\nMODULE_LICENSE(\"GPL\");\n" >"$T/drivers/mod.c" &&
	(cd "$T/drivers" && "$SPDXFS" check --modules -q mod.c) >"$TMP/out" &&
	rm "$T/drivers/mod.c" &&
	expect_file "$TMP/out" <<X
drivers/mod.c:2: "GPL" vs MIT: contradiction
X
'

test_expect 'export FILE...: those files, in the order given, as the tree'"'"'s package' '
	(cd "$T/drivers" && "$SPDXFS" export --format spdx-tv three.c ../a.c) >"$TMP/doc" &&
	grep "^FileName:\|^PackageName:" "$TMP/doc" >"$TMP/out" &&
	expect_file "$TMP/out" <<X
PackageName: tree
FileName: ./drivers/three.c
FileName: ./a.c
X
'

test_expect 'TREE PATH... as before: PATHs relative to TREE' '
	expect_status 1 "$SPDXFS" check -w "$T" drivers/paren.c a.c drivers/bad.c >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
drivers/paren.c: 1:0 Unfinished license expression
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
	(cd "$T/drivers" && "$SPDXFS" list .. a.c) >"$TMP/out2" &&
	expect_file "$TMP/out2" <<X
a.c	tagged	1	GPL-2.0
X
'

test_expect 'a file in no tree (no LICENSES/, no .git above): one line, exit 2' '
	(cd "$TMP/plain" && expect_status 2 "$SPDXFS" check x.c) >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: x.c: in no tree: no LICENSES/ or .git at or above it (name the tree first: TREE PATH...)
X
'

test_expect 'a file in no tree, its tree named first' '
	"$SPDXFS" list "$TMP/plain" x.c >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X
x.c	untagged	0	
X
'

test_done
