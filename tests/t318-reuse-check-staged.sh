#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check --staged on a REUSE tree lints the staged files as reuse lint
# does (as check with PATHs does: their classes, the licenses they name),
# with the content git's index holds; the REUSE.toml files, .reuse/dep5
# and sidecars HEAD already has still apply.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org \
	GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
T=$TMP/sel
make_reuse_select_tree "$T" &&
(cd "$T" && git init -q && git add LICENSES src/a.c src/ok.c &&
 git commit -qm one) || exit 1

test_expect 'nothing staged: nothing linted, exit 0' '
	(cd "$T" && expect_status 0 "$SPDXFS" check --staged) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
REUSE tree: 0 of 0 files checked, 0 with licensing information, 0 with copyright information
used licenses:
compliant with REUSE 3.3
X
'

test_expect 'the staged files, in reuse lint'"'"'s classes, exit 1' '
	(cd "$T" && git add src/nocopy.sh doc/img &&
	 expect_status 1 "$SPDXFS" check --staged) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
license without file extension: MIT
src/nocopy.sh: no copyright information
REUSE tree: 2 of 2 files checked, 2 with licensing information, 1 with copyright information
used licenses: LicenseRef-mine, MIT
not compliant with REUSE 3.3
X
'

test_expect 'the content staged, not the work tree'"'"'s' '
	(cd "$T" && git commit -qm two &&
	 printf "# SPDX-FileCopyrightText: 2024 C\n# SPDX-License-Identifier: LicenseRef-mine\n" >src/nolicense.sh &&
	 git add src/nolicense.sh && printf "nothing\n" >src/nolicense.sh &&
	 expect_status 0 "$SPDXFS" check --staged -v) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
src/nolicense.sh: license LicenseRef-mine (file-header src/nolicense.sh)
src/nolicense.sh: copyright SPDX-FileCopyrightText: 2024 C (file-header src/nolicense.sh)
REUSE tree: 1 of 1 files checked, 1 with licensing information, 1 with copyright information
used licenses: LicenseRef-mine
compliant with REUSE 3.3
X
'

T2=$TMP/toml
make_reuse_toml_tree "$T2" &&
(cd "$T2" && git init -q && git add -A && git commit -qm one &&
 echo "int b;" >>src/plain.c && printf "x\n" >doc/c.md &&
 git add src/plain.c doc/c.md) || exit 1

test_expect 'a REUSE.toml HEAD has annotates the staged files' '
	(cd "$T2" && expect_status 0 "$SPDXFS" check --staged -v) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
doc/c.md: license CC0-1.0 (reuse-toml REUSE.toml)
doc/c.md: copyright 2024 Docs (reuse-toml REUSE.toml)
doc/c.md: copyright 2023 More Docs (reuse-toml REUSE.toml)
src/plain.c: license MIT (reuse-toml REUSE.toml)
src/plain.c: copyright 2024 Closest Root (reuse-toml REUSE.toml)
REUSE tree: 2 of 2 files checked, 2 with licensing information, 2 with copyright information
used licenses: CC0-1.0, MIT
compliant with REUSE 3.3
X
'

test_expect 'a sidecar HEAD has gives a staged file its information' '
	(cd "$T" && git add -A && git commit -qm three &&
	 printf "\\211PNG\\r\\n\\032\\n\\001\\001" >doc/img/logo.png &&
	 git add doc/img/logo.png &&
	 expect_status 1 "$SPDXFS" check --staged -v) >"$TMP/out" &&
	expect_file "$TMP/out" <<\X
doc/img/logo.png: license MIT (dot-license doc/img/logo.png.license)
doc/img/logo.png: copyright SPDX-FileCopyrightText: 2024 F (dot-license doc/img/logo.png.license)
license without file extension: MIT
REUSE tree: 1 of 1 files checked, 1 with licensing information, 1 with copyright information
used licenses: MIT
not compliant with REUSE 3.3
X
'

test_done
