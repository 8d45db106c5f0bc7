#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# diff on REUSE trees, between two revisions and between two directories:
# what changes is REUSE's reading (a sidecar added, a header added to a
# file REUSE.toml already licensed, a new file REUSE.toml covers).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/reuse/fixture.sh"

git_test_env
G=$TMP/g
make_reuse_toml_tree "$G" || exit 1
(cd "$G" && git init -q && git add -A && git commit -qm one &&
 printf '// SPDX-FileCopyrightText: 2024 Me\n// SPDX-License-Identifier: MIT\n' >src/plain.c &&
 printf 'int b;\n' >src/new.c &&
 printf 'SPDX-FileCopyrightText: 2024 Me\nSPDX-License-Identifier: Apache-2.0\n' >doc/a.md.license &&
 git add -A && git commit -qm two) || exit 1

cat >"$TMP/want" <<\X
doc/a.md	tagged	CC0-1.0	tagged	CC0-1.0 AND Apache-2.0	changed
doc/a.md.license	-		excluded		added
src/new.c	-		tagged	MIT	added
class	added	2
class	removed	0
class	tagged	0
class	untagged	0
class	changed	1
class	fixed	0
class	broken	0
renamed	0
transition	-	MIT	1
transition	-	excluded	1
transition	CC0-1.0	CC0-1.0 AND Apache-2.0	1
X

test_expect 'two revisions' '
	"$SPDXFS" diff HEAD~1 HEAD "$G" >"$TMP/o" &&
	expect_file "$TMP/o" <"$TMP/want"
'

test_expect 'two directories' '
	mkdir "$TMP/old" && git -C "$G" archive HEAD~1 | tar -x -C "$TMP/old" &&
	mkdir "$TMP/new" && git -C "$G" archive HEAD | tar -x -C "$TMP/new" &&
	"$SPDXFS" diff "$TMP/old" "$TMP/new" >"$TMP/o" &&
	expect_file "$TMP/o" <"$TMP/want"
'

test_done
