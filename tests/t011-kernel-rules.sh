#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check in a kernel tree (one with scripts/spdxcheck.py): the kernel's
# rules by default (spdxcheck.py's grammar, checkpatch.pl's SPDX rules,
# errors for files git does not track), warnings counted by class, the
# SPDX reading with --spdx; COPYING's prose tag never warned about.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
GIT="git -c user.name=t -c user.email=t@example.org -c commit.gpgsign=false"
L="SPDX-License-Identifier:"

make_tree() {
	gpl_mit_licenses "$T"
	license_file "$T/LICENSES/dual" BSD-2-Clause BSD-2-Clause
	mkdir -p "$T/scripts" "$T/kernel" "$T/include/linux"
	printf '#!/usr/bin/env python3\n# %s GPL-2.0\nprint()\n' "$L" >"$T/scripts/spdxcheck.py"
	printf 'The Linux Kernel is provided under:\n\n\t%s GPL-2.0\n' "$L" >"$T/COPYING"
	printf '// %s GPL-2.0\nint fork;\n' "$L" >"$T/kernel/fork.c"
	printf '/* %s GPL-2.0 */\nint old;\n' "$L" >"$T/kernel/old.c"
	printf 'int untracked_before;\n' >"$T/kernel/legacy.c"
	printf '/* %s GPL-2.0 */\n' "$L" >"$T/include/linux/x.h"
	(cd "$T" && git init -q && $GIT add . && $GIT commit -q -m base)
}
make_tree

test_expect 'a tracked tree: checkpatch.pl'"'"'s findings are warnings, counted by class' '
	expect_status 0 "$SPDXFS" check "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
warning: 2 files: Missing or malformed SPDX-License-Identifier tag (checkpatch.pl)
warning: 1 file: Improper SPDX comment style (checkpatch.pl)
hint: '"'"'spdxfs check -v'"'"' lists each warning
X
'

test_expect '-v lists them, checkpatch.pl'"'"'s words; COPYING says nothing' '
	expect_status 0 "$SPDXFS" check -v "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/err" &&
	expect_file "$TMP/out" <<X
kernel/legacy.c: 1:0 warning: Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
kernel/old.c: 1:0 warning: Improper SPDX comment style for '"'"'kernel/old.c'"'"', please use '"'"'//'"'"' instead (scripts/checkpatch.pl)
kernel/old.c: 1:0 warning: Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
X
'

test_expect 'new files (git does not track them): checkpatch.pl'"'"'s findings are errors' '
	printf "int new;\n" >"$T/kernel/new.c" &&
	printf "/* %s GPL-2.0 */\nint blk;\n" "$L" >"$T/kernel/blk.c" &&
	printf "// %s GPL-2.0\nint good;\n" "$L" >"$T/kernel/good.c" &&
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
kernel/blk.c: 1:0 Improper SPDX comment style for '"'"'kernel/blk.c'"'"', please use '"'"'//'"'"' instead (scripts/checkpatch.pl)
kernel/blk.c: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
kernel/new.c: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
X
	expect_file "$TMP/err" <<X &&
warning: 2 files: Missing or malformed SPDX-License-Identifier tag (checkpatch.pl)
warning: 1 file: Improper SPDX comment style (checkpatch.pl)
hint: '"'"'spdxfs check -v'"'"' lists each warning
X
	(cd "$T" && $GIT add kernel && $GIT commit -q -m more) &&
	expect_status 0 "$SPDXFS" check -w "$T" >"$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'spdxcheck.py'"'"'s grammar: A OR B OR C is an error, line and column as it prints them' '
	printf "// %s GPL-2.0-only OR MIT OR BSD-2-Clause\nint three;\n" "$L" >"$T/kernel/three.c" &&
	(cd "$T" && $GIT add kernel && $GIT commit -q -m three) &&
	expect_status 1 "$SPDXFS" check -w "$T" >"$TMP/out" &&
	expect_file "$TMP/out" <<X
kernel/three.c: 1:48 Syntax error: OR (scripts/spdxcheck.py)
X
'

test_expect '--spdx: the SPDX reading, which accepts all of it' '
	printf "int new;\n" >"$T/kernel/new2.c" &&
	expect_status 0 "$SPDXFS" check --spdx -v "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" && test ! -s "$TMP/err" &&
	expect_status 1 "$SPDXFS" check --spdx -s -w "$T" >"$TMP/out" &&
	grep -q "^kernel/three.c: 1:48 Syntax error: OR (scripts/spdxcheck.py)$" "$TMP/out" &&
	rm "$T/kernel/new2.c"
'

test_expect 'no scripts/spdxcheck.py: the SPDX reading unless --kernel' '
	cp -a "$T" "$TMP/plain" && rm "$TMP/plain/scripts/spdxcheck.py" &&
	(cd "$TMP/plain" && $GIT commit -q -a -m "not a kernel") &&
	expect_status 0 "$SPDXFS" check "$TMP/plain" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" && test ! -s "$TMP/err" &&
	expect_status 1 "$SPDXFS" check --kernel -w "$TMP/plain" >"$TMP/out" &&
	grep -q "^kernel/three.c: 1:48 Syntax error: OR" "$TMP/out"
'

test_expect '--json: the diagnostics with their class; the counts still on stderr' '
	printf "int new;\n" >"$T/kernel/new3.c" &&
	expect_status 1 "$SPDXFS" check --json "$T" >"$TMP/out.json" 2>"$TMP/err" &&
	jq -r ".diagnostics[] | \"\(.path) \(.severity) \(.class)\"" "$TMP/out.json" >"$TMP/classes" &&
	expect_file "$TMP/classes" <<X &&
kernel/new3.c error checkpatch-malformed
kernel/three.c error spdxcheck-grammar
X
	grep -qx "warning: 4 files: Missing or malformed SPDX-License-Identifier tag (checkpatch.pl)" "$TMP/err" &&
	rm "$T/kernel/new3.c"
'

test_expect 'check --help names the rules' '
	"$SPDXFS" check --help >"$TMP/help" &&
	grep -q -- "--kernel " "$TMP/help" && grep -q -- "--spdx " "$TMP/help" &&
	grep -q -- "-v, --warnings" "$TMP/help"
'

test_done
