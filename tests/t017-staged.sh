#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check --staged: the files staged in git's index, with the content the
# index holds (what a commit records, what a pre-commit hook must see),
# not the work tree's; a file HEAD lacks is new.  And the pre-commit
# hook of spdxfs(1)'s EXAMPLES, run by git.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
license_file "$R/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only
mkdir -p "$R/sub" "$R/scripts"
printf '// SPDX-License-Identifier: GPL-2.0\n' >"$R/a.c"
printf '// SPDX-License-Identifier: GPL-2.0\n' >"$R/sub/b.c"
git -C "$R" init -q
git() { command git -c user.name=T -c user.email=t@example.org "$@"; }

test_expect 'on an unborn branch every staged file is new' '
	git -C "$R" add a.c LICENSES &&
	(cd "$R" && "$SPDXFS" check --staged --kernel -v) >"$TMP/out" &&
	test ! -s "$TMP/out" &&
	printf "/* SPDX-License-Identifier: GPL-2.0 */\n" >"$R/c.c" &&
	git -C "$R" add c.c &&
	(cd "$R" && expect_status 1 "$SPDXFS" check --staged --kernel) >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
c.c: 1:0 Improper SPDX comment style for '"'"'c.c'"'"', please use '"'"'//'"'"' instead (scripts/checkpatch.pl)
c.c: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
X
	git -C "$R" rm -q --cached c.c && rm "$R/c.c" &&
	git -C "$R" add sub && git -C "$R" commit -qm base
'

test_expect 'nothing staged: nothing checked, exit 0' '
	printf "int broken;\n" >"$R/a.c" &&
	(cd "$R" && "$SPDXFS" check --staged) >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" && test ! -s "$TMP/err" &&
	git -C "$R" checkout -q a.c
'

# bad.c is staged with an invalid tag and fixed in the work tree since;
# good.c is staged good and broken in the work tree since.
test_expect 'the index content is checked, not the work tree' '
	printf "// SPDX-License-Identifier: GPL-1.0-or-later\n" >"$R/bad.c" &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\n" >"$R/good.c" &&
	git -C "$R" add bad.c good.c &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$R/bad.c" &&
	printf "// SPDX-License-Identifier: GPL-1.0-or-later\n" >"$R/good.c" &&
	(cd "$R" && expect_status 1 "$SPDXFS" check --staged) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
	test ! -s "$TMP/err" &&
	(cd "$R" && expect_status 1 "$SPDXFS" check) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
good.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
'

test_expect '--staged --json, and from a subdirectory only its files' '
	(cd "$R" && expect_status 1 "$SPDXFS" check --staged --json) >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
{
  "version": "$VERSION",
  "diagnostics": [
    {"path": "bad.c", "line": 1, "col": 28, "severity": "error", "class": "invalid", "message": "Invalid License ID: GPL-1.0-or-later"}
  ]
}
X
	(cd "$R/sub" && "$SPDXFS" check --staged) >"$TMP/out" &&
	test ! -s "$TMP/out"
'

test_expect 'a staged change to a tracked file is not new; a deletion is not checked' '
	git -C "$R" add bad.c good.c && git -C "$R" commit -qm two &&
	printf "/* SPDX-License-Identifier: GPL-2.0 */\nint b;\n" >"$R/sub/b.c" &&
	git -C "$R" add sub/b.c && git -C "$R" rm -q a.c &&
	(cd "$R" && "$SPDXFS" check --staged --kernel -v) >"$TMP/out" &&
	expect_file "$TMP/out" <<X &&
sub/b.c: 1:0 warning: Improper SPDX comment style for '"'"'sub/b.c'"'"', please use '"'"'//'"'"' instead (scripts/checkpatch.pl)
sub/b.c: 1:0 warning: Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
X
	git -C "$R" reset -q --hard
'

test_expect '--staged takes no PATH and no --all' '
	(cd "$R" && expect_status 2 "$SPDXFS" check --staged . a.c) 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: --staged checks what git'"'"'s index holds: no PATH, no --all
X
	(cd "$R" && expect_status 2 "$SPDXFS" check --staged --all) 2>/dev/null
'

test_expect 'outside the top of a git work tree: one line, exit 2' '
	make_fixture "$TMP/plain" &&
	expect_status 2 "$SPDXFS" check --staged "$TMP/plain" 2>"$TMP/err" &&
	test $(wc -l <"$TMP/err") = 1 &&
	grep -q "^spdxfs: $TMP/plain: not the top of a git work tree: " "$TMP/err"
'

# The hook spdxfs(1) shows in EXAMPLES, as it shows it.
test_expect 'the man page'"'"'s pre-commit hook stops a commit with a bad tag' '
	LC_ALL=C MANWIDTH=200 man -l "$TOP/fusefs/spdxfs.1" 2>/dev/null | col -b |
		sed -n "/^       #!\/bin\/sh$/,/^$/p" | sed "s/^       //;/^$/d" \
		>"$R/.git/hooks/pre-commit" &&
	test $(wc -l <"$R/.git/hooks/pre-commit") = 2 &&
	chmod +x "$R/.git/hooks/pre-commit" &&
	mkdir -p "$TMP/bin" && ln -s "$SPDXFS" "$TMP/bin/spdxfs" &&
	printf "// SPDX-License-Identifier: GPL-1.0-or-later\n" >"$R/new.c" &&
	git -C "$R" add new.c &&
	! PATH="$TMP/bin:$PATH" git -C "$R" commit -qm bad 2>"$TMP/err" &&
	grep -q "^new.c: 1:28 Invalid License ID: GPL-1.0-or-later$" "$TMP/err" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$R/new.c" &&
	git -C "$R" add new.c &&
	PATH="$TMP/bin:$PATH" git -C "$R" commit -qm good &&
	git -C "$R" log --format=%s -1 >"$TMP/log" && echo good | cmp - "$TMP/log"
'

test_done
