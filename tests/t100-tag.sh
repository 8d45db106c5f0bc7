#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs tag on a small git tree: the series applies with git am and
# spdxfs list shows exactly what it wrote; bad input exits 2.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
S=$TMP/series
git_test_env tag

make_tree() {
	gpl_mit_note_licenses "$T"
	mkdir -p "$T/LICENSES/exceptions" "$T/include/uapi/linux" "$T/scripts" "$T/Documentation"
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
	(cd "$T" && git init -q && $GIT add . && $GIT commit -q -m base &&
	 git config user.name "A. U. Thor" && git config user.email author@example.org)
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
  review.c: LGPL (LGPL without a version)
base-commit: X
X
'

test_expect 'From: and Signed-off-by: are the tree'"'"'s git user.name and user.email' '
	grep -h "^From: \|^Signed-off-by: " "$S"/000[1-9]-*.patch | sort -u >"$TMP/from" &&
	expect_file "$TMP/from" <<X
From: A. U. Thor <author@example.org>
Signed-off-by: A. U. Thor <author@example.org>
X
'

test_expect '--from overrides git config; without either, exit 2 and one line' '
	"$SPDXFS" tag -q --from "R. Eviewer <r@example.org>" "$T" -o "$TMP/from2" &&
	grep -h "^From: " "$TMP/from2"/*.patch | sort -u >"$TMP/from2.txt" &&
	expect_file "$TMP/from2.txt" <<X &&
From: R. Eviewer <r@example.org>
X
	mkdir -p "$TMP/plain" && cp -R "$T/LICENSES" "$T/a.c" "$TMP/plain" &&
	expect_status 2 "$SPDXFS" tag -q "$TMP/plain" -o "$TMP/from3" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: no author for the series: set git config user.name and user.email, or give --from '"'"'Name <email>'"'"'
X
	test ! -e "$TMP/from3" &&
	"$SPDXFS" tag -q --json "$TMP/plain" >/dev/null
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

# A newer tree (from TREE's HEAD, its base commit again since the
# reproducibility test): a.c tagged as it is, review.c tagged LGPL-2.1 (a license
# TREE lacks), mit.c relicensed (its wording changed), and a Makefile
# that says which version it is.
U=$TMP/upstream
make_upstream() {
	rm -rf "$U" && mkdir -p "$U" && git -C "$T" archive HEAD | tar -x -C "$U" &&
	license_file "$U/LICENSES/preferred" LGPL-2.1 LGPL-2.1 LGPL-2.1-only LGPL-2.1+ LGPL-2.1-or-later &&
	license_file "$U/LICENSES/deprecated" 0BSD 0BSD &&
	printf '"'"'// SPDX-License-Identifier: GPL-2.0-or-later\nint a;\n'"'"' >"$U/a.c" &&
	printf '"'"'// SPDX-License-Identifier: LGPL-2.1-only\n/* Released under the LGPL */\nint r;\n'"'"' >"$U/review.c" &&
	printf '"'"'// SPDX-License-Identifier: 0BSD\n/*\n * Permission to use, copy, modify, and/or distribute this software for any\n * purpose with or without fee is hereby granted.\n */\nint m;\n'"'"' >"$U/mit.c" &&
	printf '"'"'VERSION = 9\nPATCHLEVEL = 1\nSUBLEVEL = 0\n'"'"' >"$U/Makefile"
}

test_expect '--upstream: adopt where the wording is the same, LICENSES/ texts first' '
	make_upstream &&
	"$SPDXFS" tag -q --upstream "$U" "$T" -o "$TMP/su" &&
	(cd "$TMP/su" && ls) >"$TMP/lsu" &&
	expect_file "$TMP/lsu" <<X &&
0000-cover-letter.patch
0001-LICENSES-add-LGPL-2.1.patch
0002-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
0003-License-cleanup-add-SPDX-license-identifier-to-uapi-files-with-no-license.patch
0004-License-cleanup-add-SPDX-license-identifier-to-files-with-a-license.patch
0005-License-cleanup-adopt-upstream-SPDX-identifiers.patch
upstream-decisions
X
	grep -E "^(diff --git|\+// SPDX)|Linux 9\.1" "$TMP/su"/0005-*.patch >"$TMP/p5" &&
	expect_file "$TMP/p5" <<X &&
These files have no SPDX license identifier here, and Linux 9.1 gives
diff --git a/a.c b/a.c
+// SPDX-License-Identifier: GPL-2.0-or-later
diff --git a/review.c b/review.c
+// SPDX-License-Identifier: LGPL-2.1-only
X
	grep -v "^#" "$TMP/su/upstream-decisions" | grep . >"$TMP/ud" ;
	grep -c "^# mit.c  0BSD$" "$TMP/su/upstream-decisions" >"$TMP/udc" &&
	expect_file "$TMP/udc" <<X &&
1
X
	test ! -s "$TMP/ud" &&
	grep "^  mit.c: " "$TMP/su/0000-cover-letter.patch" >"$TMP/cu" &&
	expect_file "$TMP/cu" <<X
  mit.c: 0BSD (its license wording differs)
X
'

test_expect '--upstream-rev: the same series from a commit of the newer tree' '
	rm -rf "$TMP/urepo" && cp -a "$U" "$TMP/urepo" &&
	git -C "$TMP/urepo" init -q && git -C "$TMP/urepo" add -A &&
	$GIT -C "$TMP/urepo" commit -qm newer &&
	printf "int a;\n" >"$TMP/urepo/a.c" && rm "$TMP/urepo/Makefile" &&
	"$SPDXFS" tag -q --upstream "$TMP/urepo" --upstream-rev HEAD "$T" -o "$TMP/sur" &&
	sed -i "s|$TMP/urepo|$TMP/upstream|g" "$TMP/sur"/* &&
	diff -r "$TMP/su" "$TMP/sur" &&
	expect_status 2 "$SPDXFS" tag -q --upstream-rev HEAD "$T" -o "$TMP/sur2" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: --upstream-rev: it needs --upstream REPO
X
	expect_status 2 "$SPDXFS" tag -q --upstream "$TMP/urepo" --upstream-rev nosuch "$T" -o "$TMP/sur3" 2>"$TMP/err" &&
	grep -q "unknown revision" "$TMP/err" && test ! -e "$TMP/sur3"
'

test_expect '--upstream: the series applies; upstream'"'"'s decision accepted with -d' '
	rm -rf "$TMP/ua" && git clone -q "$T" "$TMP/ua" &&
	(cd "$TMP/ua" && $GIT am -q --keep-cr "$TMP/su"/000[1-9]-*.patch) &&
	"$SPDXFS" list --no-cache "$TMP/ua" | grep -E "^(a|review|mit)\.c|LGPL" | cut -f1,2,4 >"$TMP/lu" &&
	expect_file "$TMP/lu" <<X &&
LICENSES/preferred/LGPL-2.1	excluded	
a.c	tagged	GPL-2.0-or-later
mit.c	tagged	MIT
review.c	tagged	LGPL-2.1-only
X
	sed -n "s/^# \(mit\.c  0BSD\)$/\1/p" "$TMP/su/upstream-decisions" >"$TMP/accept" &&
	"$SPDXFS" tag -q --upstream "$U" -d "$TMP/accept" "$T" -o "$TMP/su2" &&
	(cd "$TMP/su2" && ls 0001-* 0006-*) >"$TMP/ls2" &&
	expect_file "$TMP/ls2" <<X &&
0001-LICENSES-add-0BSD-LGPL-2.1.patch
0006-License-cleanup-add-SPDX-license-identifiers-decided-in-review.patch
X
	rm -rf "$TMP/ua" && git clone -q "$T" "$TMP/ua" &&
	(cd "$TMP/ua" && $GIT am -q --keep-cr "$TMP/su2"/000[1-9]-*.patch) &&
	"$SPDXFS" check --no-cache "$TMP/ua" mit.c &&
	"$SPDXFS" list --no-cache "$TMP/ua" | grep "^mit\.c" | cut -f1,2,4 >"$TMP/lm" &&
	expect_file "$TMP/lm" <<X
mit.c	tagged	0BSD
X
'

test_expect '--upstream: a decision valid in neither tree is refused' '
	echo "mit.c Foo-1.0" >"$TMP/bad-up" &&
	expect_status 2 "$SPDXFS" tag -q --upstream "$U" -d "$TMP/bad-up" "$T" -o "$TMP/su3" 2>"$TMP/err" &&
	grep -q "Invalid License ID: Foo-1.0" "$TMP/err" && test ! -e "$TMP/su3"
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
	"$SPDXFS" tag -q "$T" -o "$TMP/plainjs" &&
	diff -r "$TMP/plainjs" "$TMP/js" &&
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

# drivers/soc/litex/Kconfig, 6.1: a misspelt tag line, repaired in place.
F=$TMP/fixtree
gpl_mit_note_licenses "$F"
printf '# SPDX-License_Identifier: GPL-2.0\n\nmenu "LiteX"\n\nconfig LITEX\n\tbool\n\nendmenu\n' >"$F/Kconfig"
printf '/* SPDX-License-Identifier (GPL-2.0 */\nint b;\n' >"$F/b.h"
printf 'int a;\n' >"$F/a.c"
(cd "$F" && git init -q && $GIT add . && $GIT commit -q -m base)

test_expect 'a malformed tag line is repaired in its own patch, not doubled' '
	"$SPDXFS" tag -q --from "A <a@example.org>" "$F" -o "$TMP/fix" &&
	(cd "$TMP/fix" && ls) >"$TMP/ls" &&
	expect_file "$TMP/ls" <<X &&
0000-cover-letter.patch
0001-License-cleanup-fix-malformed-SPDX-tag-lines.patch
0002-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
X
	grep "^  b.h" "$TMP/fix/0000-cover-letter.patch" >"$TMP/rv" &&
	expect_file "$TMP/rv" <<X &&
  b.h: (GPL-2.0 (a malformed SPDX tag line whose expression is not valid)
X
	(cd "$F" && $GIT am -q "$TMP/fix"/000[1-9]-*.patch) &&
	grep -n SPDX "$F/Kconfig" >"$TMP/kconfig" &&
	expect_file "$TMP/kconfig" <<X
1:# SPDX-License-Identifier: GPL-2.0
X
'

# A series for one directory of a tree, as a maintainer asks for it:
# paths from the root, HEAD's date and commit, counts of that directory.
D=$TMP/subtree
gpl_mit_note_licenses "$D"
mkdir -p "$D/drivers/net/ath" "$D/drivers/net/other"
printf 'int a;\n' >"$D/drivers/net/ath/a.c"
printf '/*\n * under the terms of the GNU General Public License as published by\n * the Free Software Foundation; either version 2 of the License, or\n * (at your option) any later version.\n */\n#define B 1\n' >"$D/drivers/net/ath/b.h"
printf '// SPDX-License-Identifier: GPL-2.0-only\nint t;\n' >"$D/drivers/net/ath/tagged.c"
printf 'int o;\n' >"$D/drivers/net/other/o.c"
printf 'int top;\n' >"$D/top.c"
(cd "$D" && git init -q && $GIT add . && $GIT commit -q -m base)

# tag_dir NAME DIR: the series for DIR into $TMP/NAME, applied with plain
# git am on a fresh clone of the tree; the files it tagged, listed.
tag_dir() {
	"$SPDXFS" tag -q --from "A <a@example.org>" "$2" -o "$TMP/$1" &&
	git clone -q "$D" "$TMP/$1.clone" &&
	(cd "$TMP/$1.clone" && $GIT am -q "$TMP/$1"/000[1-9]-*.patch) &&
	(cd "$TMP/$1.clone" && git diff --name-only "$(git -C "$D" rev-parse HEAD)" HEAD) \
		>"$TMP/$1.files" &&
	grep -e "^Date: " -e "^base-commit: " -e "This series adds" -e "left alone" \
		"$TMP/$1/0000-cover-letter.patch" |
		sed "s/$(git -C "$D" rev-parse HEAD)/HEAD/" >"$TMP/$1.cover"
}

test_expect 'a series for a subdirectory: paths from the root, applies with git am' '
	tag_dir sub "$D/drivers/net/ath" &&
	expect_file "$TMP/sub.files" <<X &&
drivers/net/ath/a.c
drivers/net/ath/b.h
X
	(cd "$TMP/sub.clone" && git log --format=%s HEAD~2..HEAD) >"$TMP/sub.log" &&
	expect_file "$TMP/sub.log" <<X &&
License cleanup: add SPDX license identifier to files with a license
License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
X
	expect_file "$TMP/sub.cover" <<X
Date: Fri, 14 Jul 2017 02:40:00 +0000
license.  This series adds one to 2 of the 2 files that have none,
base-commit: HEAD
X
'

test_expect 'the same from the root: every directory, the same date and base' '
	tag_dir root "$D" &&
	expect_file "$TMP/root.files" <<X &&
drivers/net/ath/a.c
drivers/net/ath/b.h
drivers/net/other/o.c
top.c
X
	expect_file "$TMP/root.cover" <<X
Date: Fri, 14 Jul 2017 02:40:00 +0000
license.  This series adds one to 4 of the 7 files that have none,
base-commit: HEAD
X
'

test_expect 'tag --help' '
	"$SPDXFS" tag --help | head -n 1 >"$TMP/help" &&
	expect_file "$TMP/help" <<X
usage: spdxfs tag [OPTION]... TREE -o DIR
X
'

test_done
