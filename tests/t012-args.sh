#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check's PATH arguments: absolute, relative to TREE (the current
# directory by default), refused outside the tree; a symlink among them
# reported and the run going on; a file git ignores checked when named.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"
printf 'build/\n*.gen.c\n' >"$T/.gitignore"
git -C "$T" init -q && git -C "$T" add -A &&
	git -C "$T" -c user.name=t -c user.email=t@t commit -qm fixture || exit 1
mkdir -p "$T/build"
printf '// SPDX-License-Identifier: Bogus-2.0\n' >"$T/new.gen.c"
printf '// SPDX-License-Identifier: MIT\n' >"$T/build/out.c"
printf 'int out;\n' >"$T/build/untagged.c"

test_expect 'an absolute PATH' '
	expect_status 1 "$SPDXFS" check -w "$T" "$T/drivers/bad.c" "$T/a.c" >"$TMP/abs" &&
	expect_file "$TMP/abs" <<X
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
'

test_expect 'PATHs relative to the current directory inside the tree' '
	(cd "$T/drivers/net" && expect_status 0 "$SPDXFS" check -v . misplaced.c ../lower.c) >"$TMP/rel" &&
	expect_file "$TMP/rel" <<X &&
drivers/net/misplaced.c: 2:28 warning: tag on line 2, expected on line 1
X
	(cd "$T/drivers" && expect_status 1 "$SPDXFS" check -w . ../two.c ./bad.c ../include/) >"$TMP/rel2" &&
	expect_file "$TMP/rel2" <<X
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
'

test_expect 'a PATH outside the tree: one line, exit 2' '
	expect_status 2 "$SPDXFS" check "$T" /etc/passwd >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X &&
spdxfs: /etc/passwd: outside the tree $T
X
	(cd "$T/drivers" && expect_status 2 "$SPDXFS" check . ../../x.c) 2>"$TMP/err2" &&
	expect_file "$TMP/err2" <<X
spdxfs: ../../x.c: outside the tree $T
X
'

test_expect 'a missing PATH: one line, exit 2, nothing checked' '
	expect_status 2 "$SPDXFS" check "$T" a.c nowhere.c >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: nowhere.c: no such file in $T
X
'

test_expect 'a symlink among the PATHs: one line, and the run goes on' '
	expect_status 1 "$SPDXFS" check -w "$T" link.c drivers/bad.c outside >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X &&
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
	expect_file "$TMP/err" <<X &&
spdxfs: link.c: a symlink, not followed
spdxfs: outside: a symlink, not followed
X
	expect_status 0 "$SPDXFS" check "$T" link.c >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" && test "$(wc -l <"$TMP/err")" = 1
'

test_expect 'git ls-files | xargs spdxfs check -w . : the whole tree, symlinks said' '
	(cd "$T" && git ls-files | xargs "$SPDXFS" check -w .) >"$TMP/xargs" 2>"$TMP/xargs.err";
	test $? = 123 &&
	(cd "$T" && expect_status 1 "$SPDXFS" check -w .) >"$TMP/whole" &&
	cmp "$TMP/whole" "$TMP/xargs" &&
	expect_file "$TMP/xargs.err" <<X
spdxfs: link.c: a symlink, not followed
spdxfs: outside: a symlink, not followed
X
'

test_expect 'a file git ignores is checked when named, only then' '
	(cd "$T" && expect_status 1 "$SPDXFS" check -w . new.gen.c a.c) >"$TMP/ign" &&
	expect_file "$TMP/ign" <<X &&
new.gen.c: 1:28 Invalid License ID: Bogus-2.0
X
	(cd "$T" && "$SPDXFS" check -w .) >"$TMP/whole2";
	cmp "$TMP/whole" "$TMP/whole2" &&
	(cd "$T" && expect_status 1 "$SPDXFS" check -f . . new.gen.c) >"$TMP/ign.f" &&
	expect_file "$TMP/ign.f" <<X
.gitignore
drivers/bad.c
drivers/exc.c
drivers/net/untagged.c
drivers/paren.c
include/uapi/linux/z.h
new.gen.c
X
'

test_expect 'a directory git ignores: named as a PATH or as TREE' '
	expect_status 1 "$SPDXFS" check -f "$T" build >"$TMP/build.f" &&
	expect_file "$TMP/build.f" <<X &&
build/untagged.c
X
	(cd "$T/build" && "$SPDXFS" list) >"$TMP/build.list" &&
	sed "s/\t/|/g" "$TMP/build.list" >"$TMP/build.bar" &&
	expect_file "$TMP/build.bar" <<X
build/out.c|tagged|1|MIT
build/untagged.c|untagged|0|
X
'

test_expect 'naming every file gives what the whole tree gives' '
	(cd "$T" && git ls-files | grep -v -e ^link.c -e ^outside |
		xargs "$SPDXFS" check .) >"$TMP/named";
	(cd "$T" && "$SPDXFS" check .) >"$TMP/all";
	cmp "$TMP/all" "$TMP/named"
'

test_done
