#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs tag on a small git tree: the series applies with git am and
# spdxfs list shows exactly what it wrote; bad input exits 2.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
S=$TMP/series
GIT="git -c user.name=t -c user.email=t@example.org -c commit.gpgsign=false"
export GIT_AUTHOR_DATE='@1500000000 +0000' GIT_COMMITTER_DATE='@1500000000 +0000'

make_tree() {
	license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later
	license_file "$T/LICENSES/preferred" MIT MIT
	mkdir -p "$T/LICENSES/exceptions" "$T/include/uapi/linux" "$T/scripts" "$T/Documentation"
	printf 'SPDX-Exception-Identifier: Linux-syscall-note\nSPDX-Licenses: GPL-2.0, GPL-2.0-only\nLicense-Text:\n\nnote\n' \
		>"$T/LICENSES/exceptions/Linux-syscall-note"
	printf 'int a;\n' >"$T/a.c"
	printf '/*\n * Copyright (C) 2005 Foo\n */\n#define B 1\n' >"$T/b.h"
	printf '#!/bin/sh\necho hi\n' >"$T/scripts/run.sh"
	printf '#define U 1\n' >"$T/include/uapi/linux/u.h"
	printf '/*\n * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\nint m;\n' >"$T/mit.c"
	printf '/*\n * under the terms of the GNU General Public License as published by\n * the Free Software Foundation; either version 2 of the License, or\n * (at your option) any later version.\n */\nint g;\n' >"$T/gpl.c"
	printf '/* Released under the LGPL */\nint r;\n' >"$T/review.c"
	printf 'int c;\r\nint d;\r\n' >"$T/crlf.c"
	printf 'int n;' >"$T/nonl.c"
	printf '\357\273\277int bom;\n' >"$T/bom.c"
	printf 'obj-y += a.o\n' >"$T/Makefile"
	printf 'int doc;\n' >"$T/Documentation/x.c"
	printf '{}\n' >"$T/data.json"
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint t;\n' >"$T/tagged.c"
	(cd "$T" && git init -q && $GIT add . && $GIT commit -q -m base)
}
make_tree

test_expect 'tag writes the cover letter and three patches' '
	"$SPDXFS" tag -q "$T" -o "$S" >"$TMP/out" &&
	(cd "$S" && ls) >"$TMP/ls" &&
	expect_file "$TMP/ls" <<X
0000-cover-letter.patch
0001-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
0002-License-cleanup-add-SPDX-license-identifier-to-uapi-files-with-no-license.patch
0003-License-cleanup-add-SPDX-license-identifier-to-files-with-a-license.patch
X
'

test_expect 'the series applies with git am' '
	(cd "$T" && $GIT am -q --keep-cr "$S"/000[1-9]-*.patch) &&
	(cd "$T" && git log --format=%s) >"$TMP/log" &&
	expect_file "$TMP/log" <<X
License cleanup: add SPDX license identifier to files with a license
License cleanup: add SPDX license identifier to uapi files with no license
License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
base
X
'

test_expect 'spdxfs list on the tagged tree: exactly what the series wrote' '
	"$SPDXFS" list --no-cache "$T" | grep -v ^LICENSES/ | sed "s/\t/|/g" >"$TMP/list" &&
	expect_file "$TMP/list" <<X
Documentation/x.c|untagged|0|
Makefile|untagged|0|
a.c|tagged|1|GPL-2.0-only
b.h|tagged|1|GPL-2.0-only
bom.c|tagged|1|GPL-2.0-only
crlf.c|tagged|1|GPL-2.0-only
data.json|untagged|0|
gpl.c|tagged|1|GPL-2.0-or-later
include/uapi/linux/u.h|tagged|1|GPL-2.0-only WITH Linux-syscall-note
mit.c|tagged|1|MIT
nonl.c|tagged|1|GPL-2.0-only
review.c|untagged|0|
scripts/run.sh|tagged|2|GPL-2.0-only
tagged.c|tagged|1|GPL-2.0-only
X
'

test_expect 'placement: comment styles, CRLF, BOM, no final newline' '
	head -n 1 "$T/a.c" "$T/b.h" "$T/crlf.c" "$T/bom.c" >"$TMP/heads" &&
	expect_file "$TMP/heads" <<X &&
==> $T/a.c <==
// SPDX-License-Identifier: GPL-2.0-only

==> $T/b.h <==
/* SPDX-License-Identifier: GPL-2.0-only */

==> $T/crlf.c <==
// SPDX-License-Identifier: GPL-2.0-only$(printf "\r")

==> $T/bom.c <==
$(printf "\357\273\277")// SPDX-License-Identifier: GPL-2.0-only
X
	test "$(tail -c 6 "$T/nonl.c")" = "int n;" &&
	test "$(sed -n 2p "$T/scripts/run.sh")" = "# SPDX-License-Identifier: GPL-2.0-only"
'

test_expect 'cover letter: counts, skipped reasons, review list, base commit' '
	grep -E "^Patch [0-9]|^   (GPL|MIT|matched by|documentation|no comment|Makefile/)[^a-z]|^  review.c|^base-commit: |need review|CRLF line endings" \
		"$S/0000-cover-letter.patch" | sed "s/base-commit: [0-9a-f]*/base-commit: X/" >"$TMP/cover" &&
	expect_file "$TMP/cover" <<X
Patch 1/3, non */uapi/* files with no license information (6 files):
   GPL-2.0-only                                             6
Patch 2/3, */uapi/* files with no license information (1 files):
   GPL-2.0-only WITH Linux-syscall-note                     1
Patch 3/3, files with license boilerplate (2 files):
   GPL-2.0-or-later                                         1
   MIT                                                      1
1 of the files have CRLF line endings and get a CRLF tag line:
   matched by scripts/spdxexclude                           3
   documentation                                            1
   no comment syntax (JSON)                                 1
   Makefile/Kbuild/Kconfig of 5 lines or fewer              1
1 files need review and are not tagged (recognised licenses, or
  review.c: no match (LGPL without a version)
base-commit: X
X
'

test_expect 'the output is reproducible; Date is the base commit date' '
	git -C "$T" checkout -q HEAD~3 &&
	"$SPDXFS" tag -q -f "$T" -o "$S" &&
	"$SPDXFS" tag -q "$T" -o "$TMP/again" &&
	diff -r "$S" "$TMP/again" &&
	grep -q "^Date: Fri, 14 Jul 2017 02:40:00 +0000$" "$S/0000-cover-letter.patch"
'

test_expect 'bad input: -o inside the tree, non-empty DIR, no -o: exit 2, one line' '
	expect_status 2 "$SPDXFS" tag -q "$T" -o "$T/out" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" -eq 1 && grep -q "must not be inside" "$TMP/err" &&
	test ! -e "$T/out" &&
	expect_status 2 "$SPDXFS" tag -q "$T" -o "$S" 2>"$TMP/err" &&
	grep -q "not empty" "$TMP/err" &&
	expect_status 2 "$SPDXFS" tag "$T" 2>/dev/null &&
	expect_status 2 "$SPDXFS" tag --author nobody "$T" -o "$TMP/x" 2>/dev/null
'

test_expect 'decisions: a reviewed file gets patch 4, and the series applies' '
	printf "# a reviewer'"'"'s decisions\n\nreview.c  MIT\r\n" >"$TMP/decisions" &&
	"$SPDXFS" tag -q -d "$TMP/decisions" "$T" -o "$TMP/s4" &&
	(cd "$TMP/s4" && ls 0004-*) >"$TMP/ls4" &&
	expect_file "$TMP/ls4" <<X &&
0004-License-cleanup-add-SPDX-license-identifiers-decided-in-review.patch
X
	grep -E "^Patch 4/4|need review|^  review.c" "$TMP/s4/0000-cover-letter.patch" >"$TMP/cover4" &&
	expect_file "$TMP/cover4" <<X &&
Patch 4/4, files decided in review (1 files):
0 files need review and are not tagged (recognised licenses, or
X
	grep -E "^  review.c: |^\+// SPDX" "$TMP/s4"/0004-*.patch >"$TMP/p4" &&
	expect_file "$TMP/p4" <<X &&
  review.c: MIT
+// SPDX-License-Identifier: MIT
X
	rm -rf "$TMP/applied" && git clone -q "$T" "$TMP/applied" &&
	(cd "$TMP/applied" && $GIT am -q --keep-cr "$TMP/s4"/000[1-9]-*.patch) &&
	"$SPDXFS" list --no-cache "$TMP/applied" | grep "^review.c" >"$TMP/l4" &&
	expect_file "$TMP/l4" <<X
review.c	tagged	1	MIT
X
'

test_expect 'decisions: each kind of bad decision exits 2, one line, nothing written' '
	mkdir -p "$TMP/keep" && echo old >"$TMP/keep/0001-old.patch" &&
	for d in "review.c GPL-1.0-or-later" "review.c" "tagged.c MIT" \
		 "data.json MIT" "nope.c MIT" "LICENSES/preferred/MIT MIT" \
		 "review.c MIT OR GPL-2.0 AND GPL-2.0-only" "review.c MIT
review.c GPL-2.0"; do
		printf "%s\n" "$d" >"$TMP/bad" &&
		expect_status 2 "$SPDXFS" tag -q -f -d "$TMP/bad" "$T" -o "$TMP/keep" \
			2>>"$TMP/errs" || return 1
	done &&
	sed "s|$TMP/||" "$TMP/errs" >"$TMP/errs.s" &&
	expect_file "$TMP/errs.s" <<X &&
spdxfs: bad:1: review.c: '"'"'GPL-1.0-or-later'"'"' column 1: Invalid License ID: GPL-1.0-or-later
spdxfs: bad:1: expected '"'"'PATH EXPRESSION'"'"'
spdxfs: bad:1: tagged.c: the file has a tag already
spdxfs: bad:1: data.json: no comment syntax (JSON)
spdxfs: bad:1: nope.c: no such file in the tree
spdxfs: bad:1: LICENSES/preferred/MIT: matched by scripts/spdxexclude
spdxfs: bad:1: review.c: '"'"'MIT OR GPL-2.0 AND GPL-2.0-only'"'"' column 16: Syntax error: AND
spdxfs: bad:2: review.c decided twice (also on line 1)
X
	test "$(cat "$TMP/keep/0001-old.patch")" = old &&
	expect_status 2 "$SPDXFS" tag -q -d "$TMP/missing" "$T" -o "$TMP/new" 2>/dev/null &&
	test ! -e "$TMP/new"
'

test_expect 'decisions: an empty file decides nothing; a NUL byte is refused' '
	: >"$TMP/empty" &&
	"$SPDXFS" tag -q -d "$TMP/empty" "$T" -o "$TMP/s0" &&
	test "$(ls "$TMP/s0" | wc -l)" -eq 4 &&
	printf "review.c MIT\0\n" >"$TMP/nul" &&
	expect_status 2 "$SPDXFS" tag -q -d "$TMP/nul" "$T" -o "$TMP/s5" 2>"$TMP/err" &&
	grep -q "a NUL byte: not a text file" "$TMP/err" && test ! -e "$TMP/s5"
'

test_expect 'tag takes the index options scan takes: -a, -j N, --no-cache, -q' '
	expect_status 2 "$SPDXFS" tag -j 0 "$T" --json 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: --jobs: expected 1..64, got '"'"'0'"'"'
X
	"$SPDXFS" tag -a -j 1 --no-cache -q --json "$T" >"$TMP/all.json" &&
	python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TMP/all.json"
'

test_expect '-l: a license LICENSES/ does not declare, or no GPL note for uapi: exit 2, one line' '
	for l in FOO Linux-syscall-note GPL-2.0-or-later "GPL-2.0 OR MIT" "MIT */"; do
		expect_status 2 "$SPDXFS" tag -q -l "$l" "$T" -o "$TMP/l" 2>>"$TMP/lerr" || return 1
	done &&
	test ! -e "$TMP/l" &&
	sed "s|$T|TREE|" "$TMP/lerr" >"$TMP/lerr.s" &&
	expect_file "$TMP/lerr.s" <<X &&
spdxfs: --license: FOO: '"'"'FOO'"'"' is not valid against TREE/LICENSES/ (Invalid License ID: FOO)
spdxfs: --license: Linux-syscall-note: '"'"'Linux-syscall-note'"'"' is not valid against TREE/LICENSES/ (Invalid License ID: Linux-syscall-note)
spdxfs: --license: GPL-2.0-or-later: '"'"'GPL-2.0-or-later WITH Linux-syscall-note'"'"' is not valid against TREE/LICENSES/ (Exception not valid for license GPL-2.0-OR-LATER: Linux-syscall-note)
spdxfs: --license: expected one license identifier, got '"'"'GPL-2.0 OR MIT'"'"'
spdxfs: --license: expected one license identifier, got '"'"'MIT */'"'"'
X
	"$SPDXFS" tag -q -l MIT "$T" -o "$TMP/lmit" &&
	grep -h "^+// SPDX" "$TMP/lmit"/0001-*.patch | tr -d "\r" | sort -u >"$TMP/lmit.tags" &&
	expect_file "$TMP/lmit.tags" <<X
+// SPDX-License-Identifier: MIT
X
'

test_expect '--date: RFC 2822 checked and written canonically, @SECONDS in range' '
	for d in "not a date" "Fri, 3 Dec 2026 07:08:06 +0000" "31 Nov 2026 07:08:06 +0000" \
		 "3 Dec 2026 24:00:00 +0000" "3 Dec 2026 07:08:06" "3 Dec 2026 07:08:06 +0000 x" \
		 "@" "@-1" "@12x" "@99999999999999999999" ""; do
		expect_status 2 "$SPDXFS" tag -q --date "$d" "$T" -o "$TMP/d" 2>>"$TMP/derr" || return 1
	done &&
	test ! -e "$TMP/d" && test "$(wc -l <"$TMP/derr")" -eq 11 &&
	grep -c "expected an RFC 2822 date such as" "$TMP/derr" >"$TMP/dn" &&
	echo 7 | cmp - "$TMP/dn" &&
	"$SPDXFS" tag -q --date "3 Dec 2026 07:08 -0130" "$T" -o "$TMP/d1" &&
	"$SPDXFS" tag -q --date "  Thu,  3 Dec 2026 07:08:00 -0130" "$T" -o "$TMP/d2" &&
	"$SPDXFS" tag -q --date "@1500000000" "$T" -o "$TMP/d3" &&
	grep -h "^Date: " "$TMP/d1/0000-cover-letter.patch" "$TMP/d2/0000-cover-letter.patch" \
		"$TMP/d3/0000-cover-letter.patch" >"$TMP/dates" &&
	expect_file "$TMP/dates" <<X
Date: Thu, 3 Dec 2026 07:08:00 -0130
Date: Thu, 3 Dec 2026 07:08:00 -0130
Date: Fri, 14 Jul 2017 02:40:00 +0000
X
'

test_expect '--json -o DIR: the series written, the plan printed as JSON' '
	"$SPDXFS" tag -q --json "$T" -o "$TMP/js" >"$TMP/js.json" &&
	"$SPDXFS" tag -q "$T" -o "$TMP/plain" &&
	diff -r "$TMP/plain" "$TMP/js" &&
	"$SPDXFS" tag -q --json "$T" | cmp - "$TMP/js.json" &&
	"$SPDXFS" tag --json "$T" -o "$TMP/js2" | cmp - "$TMP/js.json"
'

test_expect 'decisions: ./PATH lines, as spdxcheck -f prints them' '
	printf "./review.c MIT\n" >"$TMP/dotdec" &&
	"$SPDXFS" tag -q -d "$TMP/dotdec" "$T" -o "$TMP/sdot" &&
	grep -E "^  review.c: |^\+// SPDX" "$TMP/sdot"/0004-*.patch >"$TMP/pdot" &&
	expect_file "$TMP/pdot" <<X &&
  review.c: MIT
+// SPDX-License-Identifier: MIT
X
	printf "./review.c MIT\nreview.c GPL-2.0\n" >"$TMP/dotdup" &&
	expect_status 2 "$SPDXFS" tag -q -d "$TMP/dotdup" "$T" -o "$TMP/sdup" 2>"$TMP/duperr" &&
	sed "s|$TMP/||" "$TMP/duperr" >"$TMP/duperr.s" &&
	expect_file "$TMP/duperr.s" <<X
spdxfs: dotdup:2: review.c decided twice (also on line 1)
X
'

test_expect 'tag --help' '
	"$SPDXFS" tag --help | head -n 1 >"$TMP/help" &&
	expect_file "$TMP/help" <<X
usage: spdxfs tag [OPTION]... TREE -o DIR
X
'

test_done
