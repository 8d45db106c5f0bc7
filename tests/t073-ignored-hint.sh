#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A tree whose .gitignore ignores everything untracked, as Debian's
# linux-source ends in "/*": check leaves new files out unless named,
# and says so in one line when some of them look like sources.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree

make_tree() {
	make_fixture "$T" && rm "$T/link.c" "$T/outside" &&
	git -C "$T" init -q && printf '/*\n' >"$T/.gitignore" &&
	git -C "$T" add -f . &&
	git -C "$T" -c user.name=t -c user.email=t@t commit -qm tree &&
	printf 'int n;\n' >"$T/drivers/new.c" &&
	printf '// SPDX-License-Identifier: GPL-1.0\n' >"$T/drivers/net/new.h" &&
	printf 'notes\n' >"$T/drivers/notes.txt"
}

make_tree || exit 1

test_expect 'check: the new files are left out, and one line says so' '
	(cd "$T" && expect_status 1 "$SPDXFS" check -w) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
drivers/exc.c: 1:37 Exception not valid for license MIT: Linux-syscall-note
drivers/paren.c: 1:0 Unfinished license expression
X
	expect_file "$TMP/err" <<X
spdxfs: hint: 2 files that git ignores and does not track left out, such as drivers/net/new.h: name them, or use --all
X
'

test_expect 'the hint is said again from the saved index; not with -q' '
	(cd "$T" && expect_status 1 "$SPDXFS" check -w) >/dev/null 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1 &&
	(cd "$T" && expect_status 1 "$SPDXFS" check -q) >/dev/null 2>"$TMP/err2" &&
	test ! -s "$TMP/err2"
'

test_expect 'named, a new file is checked, and no hint; --all: none either' '
	(cd "$T/drivers" && expect_status 1 "$SPDXFS" check -w net/new.h new.c) >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/net/new.h: 1:28 Invalid License ID: GPL-1.0
X
	test ! -s "$TMP/err" &&
	(cd "$T" && expect_status 1 "$SPDXFS" check -w --all) >"$TMP/out" 2>"$TMP/err" &&
	grep -q "^drivers/net/new.h: " "$TMP/out" && test ! -s "$TMP/err"
'

test_expect 'check --help says it' '
	"$SPDXFS" check --help | grep -q "Debian.s linux-source ends"
'

test_done
