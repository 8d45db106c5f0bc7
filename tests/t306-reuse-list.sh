#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# list on REUSE trees: each file's expression as REUSE reads it (tags
# anywhere, several joined by AND, sidecars, REUSE.toml, dep5), files
# REUSE does not cover excluded; the index carries it, not the command.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

make_reuse_header_tree "$TMP/h" && make_reuse_sidecar_tree "$TMP/s" &&
make_reuse_toml_tree "$TMP/t" && make_reuse_dep5_tree "$TMP/d" &&
make_reuse_lint_tree "$TMP/l" || exit 1

test_expect 'tags anywhere, two expressions joined by AND, a binary file' '
	"$SPDXFS" list "$TMP/h" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
LICENSES/Apache-2.0.txt	excluded	0	
LICENSES/CC0-1.0.txt	excluded	0	
LICENSES/GPL-3.0-or-later.txt	excluded	0	
LICENSES/MIT.txt	excluded	0	
src/blob.bin	untagged	0	
src/ignore.py	tagged	0	MIT
src/nocopy.c	tagged	0	MIT
src/nul.txt	tagged	0	MIT
src/page.html	tagged	0	GPL-3.0-or-later
src/snippet.c	tagged	0	CC0-1.0
src/two.c	tagged	0	MIT AND Apache-2.0
X
'

test_expect 'sidecars stand for their file; ignored files are excluded' '
	"$SPDXFS" list "$TMP/s" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
COPYING.LIB	excluded	0	
LICENSE	excluded	0	
LICENSES/CC-BY-4.0.txt	excluded	0	
LICENSES/MIT.txt	excluded	0	
README	tagged	0	MIT
doc.spdx.json	excluded	0	
empty	excluded	0	
img/cat.png	tagged	0	CC-BY-4.0
img/cat.png.license	excluded	0	
img/tagged.txt	tagged	0	MIT
img/tagged.txt.license	excluded	0	
sub/LICENSES/x.txt	excluded	0	
X
'

test_expect 'REUSE.toml: closest, aggregate, override, nested' '
	"$SPDXFS" list "$TMP/t" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
LICENSES/Apache-2.0.txt	excluded	0	
LICENSES/CC0-1.0.txt	excluded	0	
LICENSES/GPL-3.0-or-later.txt	excluded	0	
LICENSES/MIT.txt	excluded	0	
REUSE.toml	excluded	0	
doc/a.md	tagged	0	CC0-1.0
doc/b.md	tagged	0	CC0-1.0 AND GPL-3.0-or-later
gen.py	tagged	0	CC0-1.0 AND GPL-3.0-or-later
src/cp-only.c	tagged	0	MIT
src/deep/both.c	tagged	0	GPL-3.0-or-later
src/lic-only.c	tagged	0	Apache-2.0
src/plain.c	tagged	0	MIT
vendor/REUSE.toml	excluded	0	
vendor/lib/v.c	tagged	0	GPL-3.0-or-later
vendor/top.c	tagged	0	Apache-2.0
X
'

test_expect 'dep5 added to what a file says' '
	"$SPDXFS" list "$TMP/d" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
.reuse/dep5	excluded	0	
LICENSES/Apache-2.0.txt	excluded	0	
LICENSES/CC0-1.0.txt	excluded	0	
LICENSES/MIT.txt	excluded	0	
data/two.csv	tagged	0	CC0-1.0
data/x/one.csv	tagged	0	MIT
src/a.py	tagged	0	MIT AND Apache-2.0
src/q1	tagged	0	MIT
X
'

test_expect 'a license LICENSES/ lacks: invalid; none at all: untagged' '
	"$SPDXFS" list "$TMP/l" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
LICENSES/Foo-Bar.txt	excluded	0	
LICENSES/GPL-2.0.txt	excluded	0	
LICENSES/LicenseRef-mine.txt	excluded	0	
LICENSES/MIT	excluded	0	
src/a.c	tagged	0	GPL-2.0 OR LicenseRef-mine
src/b.py	invalid	0	Apache-2.0
src/nocopy.sh	tagged	0	LicenseRef-mine
src/nolicense.sh	untagged	0	
X
'

test_expect 'the saved index is not used for a REUSE tree: a second run agrees' '
	"$SPDXFS" list "$TMP/t" >"$TMP/o2" && "$SPDXFS" list "$TMP/t" >"$TMP/o3" &&
	cmp "$TMP/o2" "$TMP/o3" && printf "int z;\n" >"$TMP/t/src/plain.c" &&
	"$SPDXFS" list "$TMP/t" | grep "^src/plain.c	" >"$TMP/o" &&
	printf "src/plain.c\ttagged\t0\tMIT\n" | cmp - "$TMP/o"
'

test_done
