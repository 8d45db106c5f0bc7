#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Every kind of git checkout: what git tracks is read from its index in
# each form git writes (versions 2, 3 and 4, a split index, a sparse
# index, a linked worktree), so that a tracked file git ignores is kept
# and an untracked one is new (checkpatch's rules for a new file).  An
# index nobody here understands, or a corrupt one, is a warning and a
# walk as if there were no git; a bare repository is no tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

# gen/ is ignored, gen/forced.c and gen/kept.c tracked anyway;
# gen/build.c is ignored build output; new.c is new; sub/old.c has a
# tag checkpatch.pl flags only in a new file.
make_repo() {
	r=$1
	license_file "$r/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only
	mkdir -p "$r/sub/deep" "$r/gen" "$r/other"
	for f in a.c sub/b.c sub/deep/c.c other/d.c gen/forced.c gen/kept.c; do
		printf '// SPDX-License-Identifier: GPL-2.0\n' >"$r/$f"
	done
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n' >"$r/sub/old.c"
	printf 'gen/\n' >"$r/.gitignore"
	git -C "$r" init -q &&
	git -C "$r" add . &&
	git -C "$r" add -f gen/forced.c gen/kept.c &&
	git -C "$r" -c user.name=T -c user.email=t@example.org commit -qm base &&
	untracked "$r"
}

untracked() {
	printf 'int built;\n' >"$1/gen/build.c"
	printf 'int new;\n' >"$1/new.c"
}

# The paths list gives, then check's errors and exit status.
view() {
	"$SPDXFS" list --no-cache "$1" | cut -f1
	"$SPDXFS" check --kernel -w --no-cache "$1"
	echo "exit $?"
}

# Check's stderr in these trees: the one line saying that gen/build.c
# (and another in the split index's tree), which git ignores, was left
# out.
only_hint() {
	test "$(wc -l <"$1")" = 1 &&
	grep -q "^spdxfs: hint: [12] files\{0,1\} that git ignores and does not track left out, such as gen/build.c: name them, or use --all\$" "$1"
}

cat >"$TMP/tracked" <<X
.gitignore
LICENSES/preferred/GPL-2.0
a.c
gen/forced.c
gen/kept.c
new.c
other/d.c
sub/b.c
sub/deep/c.c
sub/old.c
new.c: 1:0 Missing or malformed SPDX-License-Identifier tag in line 1 (scripts/checkpatch.pl)
exit 1
X

# What a walk that knows no git gives: every file, none of them new.
cat >"$TMP/walk" <<X
.gitignore
LICENSES/preferred/GPL-2.0
a.c
gen/build.c
gen/forced.c
gen/kept.c
new.c
other/d.c
sub/b.c
sub/deep/c.c
sub/old.c
exit 0
X

R=$TMP/repo
make_repo "$R"

test_expect 'a plain index (version 2): 10 files, new.c new' '
	git -C "$R" update-index --index-version 2 &&
	view "$R" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/tracked" "$TMP/out"
'

test_expect 'version 3 (extended flags) and version 4 (prefix-compressed paths)' '
	git -C "$R" update-index --skip-worktree other/d.c &&
	git -C "$R" update-index --index-version 3 &&
	view "$R" >"$TMP/out3" && diff -u "$TMP/tracked" "$TMP/out3" &&
	git -C "$R" update-index --index-version 4 &&
	view "$R" >"$TMP/out4" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/tracked" "$TMP/out4" &&
	git -C "$R" update-index --no-skip-worktree other/d.c &&
	git -C "$R" update-index --index-version 2
'

test_expect 'a linked worktree (a .git file): the same files' '
	git -C "$R" worktree add -q "$TMP/wt" &&
	test -f "$TMP/wt/.git" && untracked "$TMP/wt" &&
	view "$TMP/wt" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/tracked" "$TMP/out" &&
	(cd "$TMP/wt/sub" && "$SPDXFS" list --no-cache) | cut -f1 >"$TMP/sub" &&
	printf "sub/b.c\nsub/deep/c.c\nsub/old.c\n" | diff -u - "$TMP/sub"
'

# A split index after a deletion (gen/forced.c, now ignored and gone), a
# replacement (sub/b.c) and an addition (new.c, no longer new).
test_expect 'a submodule (a .git file naming ../.git/modules/NAME): the same files' '
	git init -q "$TMP/super" &&
	git -C "$TMP/super" -c protocol.file.allow=always submodule add -q "$R" sub &&
	grep -q "^gitdir: ../.git/modules/sub$" "$TMP/super/sub/.git" &&
	untracked "$TMP/super/sub" &&
	view "$TMP/super/sub" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/tracked" "$TMP/out"
'

split_repo() {	# DIR [INDEX VERSION]
	make_repo "$1" &&
	git -C "$1" config splitIndex.maxPercentChange 100 &&
	git -C "$1" config core.splitIndex true &&
	git -C "$1" update-index --index-version ${2:-2} &&
	git -C "$1" update-index --split-index &&
	git -C "$1" rm -q --cached gen/forced.c &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\n" >"$1/sub/b.c" &&
	git -C "$1" add sub/b.c new.c &&
	ls "$1"/.git/sharedindex.* >/dev/null && grep -q link "$1/.git/index" &&
	git -C "$1" ls-files | wc -l >"$TMP/n" && echo 9 | cmp - "$TMP/n"
}

# A split index after a deletion (gen/forced.c, now ignored and gone), a
# replacement (sub/b.c) and an addition (new.c, no longer new).
grep -v -e "^gen/forced.c$" -e "^new.c:" -e "^exit" "$TMP/tracked" >"$TMP/split"
echo "exit 0" >>"$TMP/split"

test_expect 'a split index: the shared index with the split one applied' '
	split_repo "$TMP/split2" &&
	view "$TMP/split2" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/split" "$TMP/out"
'

test_expect 'a split index, version 4' '
	split_repo "$TMP/split4" 4 &&
	view "$TMP/split4" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/split" "$TMP/out"
'

# A sparse index: gen/ and other/ are directory entries; a file put back
# in gen/ is tracked (skip-worktree) although gen/ is ignored.
P=$TMP/sparse
test_expect 'a sparse index: directory entries stand for their trees' '
	make_repo "$P" &&
	git -C "$P" sparse-checkout init --cone --sparse-index &&
	git -C "$P" sparse-checkout set LICENSES sub &&
	git -C "$P" config index.sparse >"$TMP/cfg" && echo true | cmp - "$TMP/cfg" &&
	grep -q sdir "$P/.git/index" && test ! -e "$P/other" &&
	mkdir -p "$P/gen" && untracked "$P" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$P/gen/kept.c" &&
	view "$P" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" &&
	grep -v -e "^gen/forced.c$" -e "^other/d.c$" "$TMP/tracked" >"$TMP/want" &&
	diff -u "$TMP/want" "$TMP/out"
'

# An index with a mandatory extension git does not define, then other
# breakage: a warning, and the tree walked as if there were no git.
add_extension() {	# INDEX SIGNATURE
	python3 - "$1" "$2" <<'X'
import hashlib, sys
path, sig = sys.argv[1], sys.argv[2].encode()
body = open(path, "rb").read()[:-20] + sig + b"\0\0\0\0"
open(path, "wb").write(body + hashlib.sha1(body).digest())
X
}

test_expect 'an optional extension unknown to git is skipped, as git skips it' '
	cp "$R/.git/index" "$TMP/index.good" &&
	add_extension "$R/.git/index" ZZZZ &&
	git -C "$R" status --porcelain >/dev/null &&
	view "$R" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/tracked" "$TMP/out"
'

test_expect 'an unknown mandatory extension: libgit2 cannot either; a warning and the walk' '
	cp "$TMP/index.good" "$R/.git/index" &&
	add_extension "$R/.git/index" zzzz &&
	! git -C "$R" status >/dev/null 2>&1 &&
	view "$R" >"$TMP/out" 2>"$TMP/err" &&
	diff -u "$TMP/walk" "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: warning: $R: git'"'"'s index: unsupported mandatory extension: '"'"'zzzz'"'"'; walking the tree as if it were no git work tree
spdxfs: warning: $R: git'"'"'s index: unsupported mandatory extension: '"'"'zzzz'"'"'; walking the tree as if it were no git work tree
X
'

test_expect 'a corrupt index: a warning and the walk, for every cut of it' '
	for n in 0 4 12 40 80 100 150 200 300 $(($(wc -c <"$TMP/index.good") - 21)); do
		head -c $n "$TMP/index.good" >"$R/.git/index" &&
		"$SPDXFS" list --no-cache "$R" >"$TMP/list.$n" 2>"$TMP/err.$n" || return 1
	done &&
	printf "spdxfs: warning: $R: git'"'"'s index: corrupt; walking the tree as if it were no git work tree\n" >"$TMP/corrupt" &&
	for n in 0 4 12 40 80 100 150 200 300; do
		cmp "$TMP/corrupt" "$TMP/err.$n" && test "$(wc -l <"$TMP/list.$n")" = 11 || return 1
	done
'

test_expect 'a corrupt index: check still runs, as for a tree outside git' '
	printf "DIRC\0\0\0\2\377\377\377\377" >"$R/.git/index" &&
	head -c 40 /dev/zero >>"$R/.git/index" &&
	view "$R" >"$TMP/out" 2>"$TMP/err" &&
	diff -u "$TMP/walk" "$TMP/out" && grep -c "corrupt; walking" "$TMP/err" >"$TMP/n" &&
	echo 2 | cmp - "$TMP/n"
'

test_expect 'an index version no one reads: libgit2 says why' '
	cp "$TMP/index.good" "$R/.git/index" &&
	python3 -c "import sys; p=sys.argv[1]; d=bytearray(open(p,\"rb\").read()); d[7]=5; open(p,\"wb\").write(d)" "$R/.git/index" &&
	"$SPDXFS" list --no-cache "$R" >"$TMP/list" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/list")" = 11 &&
	expect_file "$TMP/err" <<X &&
spdxfs: warning: $R: git'"'"'s index: invalid data in index - incorrect header version; walking the tree as if it were no git work tree
X
	cp "$TMP/index.good" "$R/.git/index" &&
	view "$R" >"$TMP/out" 2>"$TMP/err" &&
	only_hint "$TMP/err" && diff -u "$TMP/tracked" "$TMP/out"
'

test_expect 'a FIFO as git'"'"'s index: never opened blocking; a warning and the walk' '
	mv "$R/.git/index" "$TMP/index.kept" && mkfifo "$R/.git/index" &&
	view "$R" >"$TMP/out" 2>"$TMP/err" &&
	rm "$R/.git/index" && mv "$TMP/index.kept" "$R/.git/index" &&
	diff -u "$TMP/walk" "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: warning: $R: git'"'"'s index: not a regular file; walking the tree as if it were no git work tree
spdxfs: warning: $R: git'"'"'s index: not a regular file; walking the tree as if it were no git work tree
X
'

# A linked worktree mounts, its views from the worktree's own index.
M=$TMP/mnt
mkdir -p "$M"
start_daemon "$M" "$TMP/wt" "$M"
test_expect 'a linked worktree mounts: all/ holds its files' '
	wait_mounted "$M" &&
	(cd "$M/all" && find . -type f | sed "s|^\./||" | LC_ALL=C sort) >"$TMP/all" &&
	sed -n "/^new.c:/q;p" "$TMP/tracked" | LC_ALL=C sort | diff -u - "$TMP/all" &&
	ls -A "$M/untagged" >"$TMP/untagged" && printf ".gitignore\nnew.c\n" | diff -u - "$TMP/untagged"
'
stop_daemon "$M"
test_expect 'and unmounts cleanly' 'expect_clean_exit "$M"'

test_expect 'a bare repository, or a .git directory, is no tree: one line, exit 2' '
	git init -q --bare "$TMP/bare.git" &&
	expect_status 2 "$SPDXFS" scan "$TMP/bare.git" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X &&
spdxfs: $TMP/bare.git: a git repository without a work tree (bare, or a .git directory): nothing to index
X
	(cd "$TMP/bare.git/refs" && expect_status 2 "$SPDXFS" list) 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: .: a git repository without a work tree (bare, or a .git directory): nothing to index
X
	expect_status 2 "$SPDXFS" check "$R/.git" 2>"$TMP/err" &&
	grep -c "without a work tree" "$TMP/err" >"$TMP/n" && echo 1 | cmp - "$TMP/n"
'

test_done
