#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# REUSE trees in git: files git ignores are not covered (as reuse lint
# leaves them out), and --rev checks a revision's tree, not the work
# tree.  Expected outputs: reuse-tool 6.2's lint --json on the same tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/git
make_reuse_toml_tree "$T" || exit 1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org \
	GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
(cd "$T" && git init -q && git add -A && git commit -qm one &&
 printf "new\n" >src/new.c && printf "ignored.c\n" >.gitignore &&
 printf "x\n" >ignored.c && git add src/new.c && git commit -qm two) || exit 1

test_expect 'git-ignored files are left out; .gitignore itself is not' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
.gitignore: no copyright information
.gitignore: no licensing information
REUSE tree: 11 files, 10 with licensing information, 10 with copyright information
used licenses: Apache-2.0, CC0-1.0, GPL-3.0-or-later, MIT
not compliant with REUSE 3.3
X
'

test_expect '--rev: the first commit, compliant' '
	expect_status 0 "$SPDXFS" check --rev HEAD~1 "$T" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
REUSE tree: 9 files, 9 with licensing information, 9 with copyright information
used licenses: Apache-2.0, CC0-1.0, GPL-3.0-or-later, MIT
compliant with REUSE 3.3
X
'

test_done
