#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# REUSE trees: .license sidecars stand for the file they annotate, and
# the files REUSE ignores (LICENSE, COPYING*, LICENSES/ anywhere, .reuse/,
# *.spdx.json, empty files, the sidecars themselves) are not checked.
# Expected outputs: reuse-tool 6.2's lint --json on the same tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/sidecar
make_reuse_sidecar_tree "$T" || exit 1

test_expect 'sidecars, and only the covered files, exit 0' '
	expect_status 0 "$SPDXFS" check -v "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
README: license MIT (file-header README)
README: copyright SPDX-FileCopyrightText: 2020 R (file-header README)
img/cat.png: license CC-BY-4.0 (dot-license img/cat.png.license)
img/cat.png: copyright SPDX-FileCopyrightText: 2020 Cat (dot-license img/cat.png.license)
img/tagged.txt: license MIT (dot-license img/tagged.txt.license)
img/tagged.txt: copyright SPDX-FileCopyrightText: 2020 T (dot-license img/tagged.txt.license)
REUSE tree: 3 files, 3 with licensing information, 3 with copyright information
used licenses: CC-BY-4.0, MIT
compliant with REUSE 3.3
X
'
test_expect 'without its sidecar, the image has no information' '
	rm "$T/img/cat.png.license" &&
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
unused license: CC-BY-4.0
img/cat.png: no copyright information
img/cat.png: no licensing information
REUSE tree: 3 files, 2 with licensing information, 2 with copyright information
used licenses: MIT
not compliant with REUSE 3.3
X
'

test_done
