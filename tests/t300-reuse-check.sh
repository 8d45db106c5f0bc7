#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# REUSE trees: a LICENSES/ of <SPDX-ID>.txt files is read as the REUSE
# specification reads it, and check reports reuse lint's classes (bad,
# deprecated, without extension, missing, unused licenses, files without
# copyright or licensing information) with its verdict as exit status;
# a kernel-style LICENSES/ is read as before.  The expected outputs are
# what reuse-tool 6.2's lint --json says of the same trees.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/lint
make_reuse_lint_tree "$T" || exit 1

test_expect 'every class of reuse lint, exit 1' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
bad license: Foo-Bar
deprecated license: GPL-2.0
license without file extension: MIT
missing license: Apache-2.0
unused license: Foo-Bar
unused license: MIT
src/nocopy.sh: no copyright information
src/nolicense.sh: no licensing information
REUSE tree: 4 files, 3 with licensing information, 3 with copyright information
used licenses: Apache-2.0, GPL-2.0, LicenseRef-mine
not compliant with REUSE 3.3
X
'
test_expect 'each finding on a line of its own, then the summary' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/a" &&
	grep -c . "$TMP/a" >"$TMP/n" && expect_file "$TMP/n" <<\X
11
X
'
T=$TMP/header
make_reuse_header_tree "$T" || exit 1

test_expect 'tags anywhere in the text, several expressions, copyright forms, ignore blocks, snippets, a binary file' '
	expect_status 1 "$SPDXFS" check -v "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
src/ignore.py: license MIT (file-header src/ignore.py)
src/ignore.py: copyright © 2021 Sign (file-header src/ignore.py)
src/nocopy.c: license MIT (file-header src/nocopy.c)
src/nul.txt: license MIT (file-header src/nul.txt)
src/nul.txt: copyright Copyright 2020 X (file-header src/nul.txt)
src/page.html: license GPL-3.0-or-later (file-header src/page.html)
src/page.html: copyright Copyright (C) 2020 Web (file-header src/page.html)
src/snippet.c: license CC0-1.0 (file-header src/snippet.c)
src/snippet.c: copyright SPDX-SnippetCopyrightText: 2019 Snip (file-header src/snippet.c)
src/two.c: license MIT (file-header src/two.c)
src/two.c: license Apache-2.0 (file-header src/two.c)
src/two.c: copyright SPDX-FileCopyrightText: 2024 Jane Doe (file-header src/two.c)
src/blob.bin: no copyright information
src/nocopy.c: no copyright information
src/blob.bin: no licensing information
REUSE tree: 7 files, 6 with licensing information, 5 with copyright information
used licenses: Apache-2.0, CC0-1.0, GPL-3.0-or-later, MIT
not compliant with REUSE 3.3
X
'
K=$TMP/kernel
mkdir -p "$K/LICENSES/preferred" &&
printf 'Valid-License-Identifier: MIT\nSPDX-URL: https://spdx.org/licenses/MIT.html\nUsage-Guide:\n  x\nLicense-Text:\nMIT text\n' >"$K/LICENSES/preferred/MIT" &&
printf '// SPDX-License-Identifier: MIT\n' >"$K/a.c" &&
printf 'int x; // SPDX-License-Identifier: MIT\n' >"$K/b.c" || exit 1

test_expect 'scan says a REUSE tree is one, on standard error' '
	"$SPDXFS" scan "$TMP/lint" 2>"$TMP/e" >/dev/null &&
	expect_file "$TMP/e" <<\X
spdxfs: layout: a REUSE tree (LICENSES/<ID>.txt), read as REUSE 3.3 defines it
X
'

test_expect 'a kernel-style LICENSES/ keeps the kernel reading' '
	"$SPDXFS" check "$K" >"$TMP/k" 2>&1;
	"$SPDXFS" scan "$K" >>"$TMP/k" 2>&1;
	! grep -q "REUSE" "$TMP/k" && "$SPDXFS" list "$K" >"$TMP/kl" &&
	grep -q "^a.c	tagged	1	MIT" "$TMP/kl"
'

test_expect 'a REUSE tree with only a REUSE.toml (no LICENSES/) is a REUSE tree' '
	mkdir -p "$TMP/onlytoml" &&
	printf "version = 1\n" >"$TMP/onlytoml/REUSE.toml" &&
	printf "# SPDX-License-Identifier: MIT\n" >"$TMP/onlytoml/a.sh" &&
	expect_status 1 "$SPDXFS" check "$TMP/onlytoml" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
missing license: MIT
a.sh: no copyright information
REUSE tree: 1 files, 1 with licensing information, 0 with copyright information
used licenses: MIT
not compliant with REUSE 3.3
X
'

test_done
