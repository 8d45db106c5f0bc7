#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# REUSE trees: REUSE.toml annotations, path globs as a string or a list,
# precedence closest (the default), aggregate and override, a nested
# REUSE.toml; and the TOML the parser refuses, in one line.  Expected
# outputs: reuse-tool 6.2's lint --json on the same tree (it reads
# REUSE.toml; Debian's reuse 1.1.2 does not).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/toml
make_reuse_toml_tree "$T" || exit 1

test_expect 'closest, aggregate, override, nested, exit 0' '
	expect_status 0 "$SPDXFS" check -v "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
doc/a.md: license CC0-1.0 (reuse-toml REUSE.toml)
doc/a.md: copyright 2024 Docs (reuse-toml REUSE.toml)
doc/a.md: copyright 2023 More Docs (reuse-toml REUSE.toml)
doc/b.md: license CC0-1.0 (reuse-toml REUSE.toml)
doc/b.md: license GPL-3.0-or-later (file-header doc/b.md)
doc/b.md: copyright 2024 Docs (reuse-toml REUSE.toml)
doc/b.md: copyright 2023 More Docs (reuse-toml REUSE.toml)
gen.py: license CC0-1.0 (reuse-toml REUSE.toml)
gen.py: license GPL-3.0-or-later (file-header gen.py)
gen.py: copyright 2024 Docs (reuse-toml REUSE.toml)
gen.py: copyright 2023 More Docs (reuse-toml REUSE.toml)
gen.py: copyright SPDX-FileCopyrightText: 2024 Own (file-header gen.py)
src/cp-only.c: license MIT (reuse-toml REUSE.toml)
src/cp-only.c: copyright SPDX-FileCopyrightText: 2024 Own (file-header src/cp-only.c)
src/deep/both.c: license GPL-3.0-or-later (file-header src/deep/both.c)
src/deep/both.c: copyright SPDX-FileCopyrightText: 2024 Own (file-header src/deep/both.c)
src/lic-only.c: license Apache-2.0 (file-header src/lic-only.c)
src/lic-only.c: copyright 2024 Closest Root (reuse-toml REUSE.toml)
src/plain.c: license MIT (reuse-toml REUSE.toml)
src/plain.c: copyright 2024 Closest Root (reuse-toml REUSE.toml)
vendor/lib/v.c: license GPL-3.0-or-later (reuse-toml vendor/REUSE.toml)
vendor/lib/v.c: copyright 2024 Root Vendor (reuse-toml REUSE.toml)
vendor/top.c: license Apache-2.0 (reuse-toml REUSE.toml)
vendor/top.c: copyright 2024 Override (reuse-toml REUSE.toml)
REUSE tree: 9 files, 9 with licensing information, 9 with copyright information
used licenses: Apache-2.0, CC0-1.0, GPL-3.0-or-later, MIT
compliant with REUSE 3.3
X
'
test_expect 'a newline in a REUSE.toml string cannot forge a line' '
	mkdir -p "$TMP/nl/LICENSES" && printf "MIT\n" >"$TMP/nl/LICENSES/MIT.txt" &&
	printf "x\n" >"$TMP/nl/a.c" &&
	printf "version = 1\n[[annotations]]\npath = \"a.c\"\nSPDX-FileCopyrightText = \"X\\\\nb.c: license MIT\"\nSPDX-License-Identifier = \"MIT\"\n" >"$TMP/nl/REUSE.toml" &&
	"$SPDXFS" check -v "$TMP/nl" >"$TMP/o" && grep "^a.c: copyright" "$TMP/o" >"$TMP/l" &&
	expect_file "$TMP/l" <<\X
a.c: copyright X?b.c: license MIT (reuse-toml REUSE.toml)
X
'

refuse() {	# TOML-TEXT EXPECTED-LINE
	printf "%s" "$1" >"$T/REUSE.toml" &&
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/r" &&
	grep "^bulk" "$TMP/r" >"$TMP/line" &&
	echo "$2" | expect_file "$TMP/line"
}

test_expect 'TOML beyond the subset: one line naming file, line and what' '
	refuse "version = 1
[annotations]
" "bulk annotations refused: REUSE.toml:2: unsupported TOML: [table] header (only [[array]] ones)" &&
	refuse "version = 1
x = { a = 1 }
" "bulk annotations refused: REUSE.toml:2: unsupported TOML: inline table" &&
	refuse "version = 2
" "bulk annotations refused: REUSE.toml:1: version must be 1" &&
	refuse "version = 1
[[annotations]]
path = \"a\"
precedence = \"closer\"
" "bulk annotations refused: REUSE.toml:4: precedence must be one of closest, aggregate, override" &&
	refuse "version = 1
[[annotations]]
SPDX-License-Identifier = \"MIT\"
" "bulk annotations refused: REUSE.toml:2: an [[annotations]] table without a path"
'

test_done
