#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The tree's root is found as git finds its work tree: TREE defaults to
# the current directory, the root is the nearest directory at or above
# it with LICENSES/ or a .git, and a subdirectory narrows the output to
# itself while licenses and excludes come from the root.  A tree with no
# LICENSES/ anywhere says so once and is checked for syntax.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"

test_expect 'scan of a subdirectory: its files, validated against the root' '
	"$SPDXFS" scan "$T/drivers" >"$TMP/scan" 2>"$TMP/err" &&
	test ! -s "$TMP/err" &&
	sed -n "1,8p" "$TMP/scan" >"$TMP/head" &&
	expect_file "$TMP/head" <<X
files                         7
  tagged                      2
  misplaced                   1
  untagged                    1
  invalid                     3
  excluded                    0
  unreadable                  0
symlinks (unfollowed)         0
X
'

test_expect 'TREE defaults to the current directory' '
	(cd "$T/drivers" && "$SPDXFS" scan) >"$TMP/scan.cwd" &&
	cmp "$TMP/scan" "$TMP/scan.cwd" &&
	(cd "$T" && "$SPDXFS" scan) >"$TMP/scan.top" &&
	"$SPDXFS" scan "$T" | cmp - "$TMP/scan.top" &&
	grep -q "^files  *22$" "$TMP/scan.top"
'

test_expect 'the symlinks of a subdirectory are its own' '
	"$SPDXFS" scan "$T/drivers" | grep -q "^symlinks (unfollowed)  *0$" &&
	"$SPDXFS" scan "$T" | grep -q "^symlinks (unfollowed)  *2$"
'

test_expect 'list of a subdirectory: tree paths, nothing else' '
	(cd "$T/drivers/net" && "$SPDXFS" list) >"$TMP/list" &&
	sed "s/\t/|/g" "$TMP/list" >"$TMP/list.bar" &&
	expect_file "$TMP/list.bar" <<X
drivers/net/misplaced.c|misplaced|2|GPL-2.0+
drivers/net/untagged.c|untagged|0|
X
'

test_expect 'check of a subdirectory: its diagnostics, spdxcheck columns' '
	(cd "$T/drivers" && expect_status 1 "$SPDXFS" check -v) >"$TMP/check" &&
	expect_file "$TMP/check" <<X &&
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
drivers/exc.c: 1:37 Exception not valid for license MIT: Linux-syscall-note
drivers/net/misplaced.c: 2:28 warning: tag on line 2, expected on line 1
drivers/paren.c: 1:0 Unfinished license expression
X
	expect_status 0 "$SPDXFS" check "$T/include" >"$TMP/include" &&
	test ! -s "$TMP/include"
'

test_expect 'check -f and -d of a subdirectory' '
	expect_status 1 "$SPDXFS" check -f "$T/drivers/net" >"$TMP/f" &&
	expect_file "$TMP/f" <<X &&
drivers/net/untagged.c
X
	expect_status 1 "$SPDXFS" check -d "$T/drivers" >"$TMP/d" &&
	sed "s/  */ /g" "$TMP/d" >"$TMP/d.s" &&
	expect_file "$TMP/d.s" <<X
Incomplete directories: SPDX in Files
 ./drivers/ : 2 of 5 40%
 ./drivers/net/ : 1 of 2 50%
X
'

test_expect 'scripts/spdxexclude of the root applies in a subdirectory' '
	"$SPDXFS" list "$T/arch/x86" >"$TMP/arch" &&
	printf "arch/x86/configs/x_defconfig\texcluded\t0\t\n" | cmp - "$TMP/arch"
'

test_expect 'one saved index, the root'"'"'s, for any of its subdirectories' '
	"$SPDXFS" scan "$T" >/dev/null &&
	ls "$SPDXFS_CACHE_DIR" >"$TMP/cache.before" &&
	(cd "$T/drivers" && "$SPDXFS" scan --json) >"$TMP/sub.json" &&
	ls "$SPDXFS_CACHE_DIR" | cmp - "$TMP/cache.before" &&
	test "$(wc -l <"$TMP/cache.before")" = 1 &&
	test "$(jq .files "$TMP/sub.json")" = 7
'

# A tree without LICENSES/ anywhere above it: every command still useful.
B=$TMP/bare
mkdir -p "$B/sub"
printf '// SPDX-License-Identifier: MIT\n' >"$B/x.c"
printf '// SPDX-License-Identifier: GPL-2.0 OR MIT\n' >"$B/sub/y.c"
printf '// SPDX-License-Identifier: (MIT\n' >"$B/z.c"
printf 'int w;\n' >"$B/w.c"

test_expect 'no LICENSES/: one line, syntax errors only, once per run' '
	expect_status 1 "$SPDXFS" check "$B" >"$TMP/bare.out" 2>"$TMP/bare.err" &&
	expect_file "$TMP/bare.out" <<X &&
z.c: 1:0 Unfinished license expression
X
	expect_file "$TMP/bare.err" <<X &&
spdxfs: $B: no LICENSES/ directory here or above: identifiers are not validated (unknown: GPL-2.0, MIT)
X
	rm "$B/z.c" &&
	expect_status 0 "$SPDXFS" check "$B" >"$TMP/bare2" 2>"$TMP/bare2.err" &&
	test ! -s "$TMP/bare2" && test "$(wc -l <"$TMP/bare2.err")" = 1
'

test_expect 'no LICENSES/: scan and list work, with the same one line' '
	"$SPDXFS" list "$B" >"$TMP/bare.list" 2>"$TMP/bare.list.err" &&
	test "$(wc -l <"$TMP/bare.list")" = 3 &&
	cmp "$TMP/bare.list.err" "$TMP/bare2.err" &&
	"$SPDXFS" scan "$B" 2>"$TMP/bare.scan.err" | grep -q "^files  *3$" &&
	cmp "$TMP/bare.scan.err" "$TMP/bare2.err"
'

test_expect 'no LICENSES/: a subdirectory is its own tree' '
	"$SPDXFS" list "$B/sub" >"$TMP/bare.sub" 2>"$TMP/bare.sub.err" &&
	printf "y.c\tinvalid\t1\tGPL-2.0 OR MIT\n" | cmp - "$TMP/bare.sub" &&
	grep -q "^spdxfs: $B/sub: no LICENSES/ directory here or above" "$TMP/bare.sub.err"
'

# The top of a git work tree is a root too, LICENSES/ or not.
G=$TMP/git
mkdir -p "$G/src/deep"
printf '// SPDX-License-Identifier: MIT\n' >"$G/src/deep/m.c"
printf 'int top;\n' >"$G/top.c"
git -C "$G" init -q

test_expect 'the top of a git work tree is the root' '
	"$SPDXFS" list "$G/src" >"$TMP/git.list" 2>"$TMP/git.err" &&
	printf "src/deep/m.c\tinvalid\t1\tMIT\n" | cmp - "$TMP/git.list" &&
	expect_file "$TMP/git.err" <<X
spdxfs: $G: no LICENSES/ directory at the top of this git work tree: identifiers are not validated (unknown: MIT)
X
'

test_expect 'LICENSES/ nearer than the top of the git work tree wins' '
	mkdir -p "$G/linux" && cp -a "$T/LICENSES" "$T/drivers" "$G/linux/" &&
	"$SPDXFS" list "$G/linux/drivers/net" 2>"$TMP/git2.err" >"$TMP/git2.list" &&
	test ! -s "$TMP/git2.err" &&
	sed "s/\t/|/g" "$TMP/git2.list" >"$TMP/git2.bar" &&
	expect_file "$TMP/git2.bar" <<X
drivers/net/misplaced.c|misplaced|2|GPL-2.0+
drivers/net/untagged.c|untagged|0|
X
'

test_done
