#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A rescan of a git work tree whose index has not changed since the saved
# index was written, when git tracked everything that scan met, keeps
# what it kept without reading git's index (source.h: the prior).  Each
# scan lists what a scan with no saved index lists, whatever changed: a
# new file, ignored or not, an ignore rule added for an untracked file or
# symlink, a file git stops or starts tracking.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

if ! command -v git >/dev/null || ! command -v strace >/dev/null; then
	test_skip "git and strace are needed"
	test_done
	exit 0
fi
TAB=$(printf '\t')

# gen/ and *.tmp are ignored, gen/forced.c is tracked anyway, and so are
# the symlink tied and links/to-a, all links/ holds: git tracks
# everything there is.
R=$TMP/repo
license_file "$R/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only
mkdir -p "$R/sub" "$R/gen"
for f in a.c sub/b.c gen/forced.c; do
	printf '// SPDX-License-Identifier: GPL-2.0\n' >"$R/$f"
done
printf 'gen/\n*.tmp\n' >"$R/.gitignore"
ln -s a.c "$R/tied"
mkdir "$R/links"
ln -s ../a.c "$R/links/to-a"
git -C "$R" init -q
git -C "$R" add .
git -C "$R" add -f gen/forced.c
git -C "$R" -c user.name=T -c user.email=t@example.org commit -qm base

# "spdxfs scan" of the repository with the saved index, tracing the files
# it opens, then "spdxfs list"; fails unless they say what they say with
# no saved index.
scan_traced() {
	ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=openat,openat2 \
		-o "$TMP/trace" "$SPDXFS" scan --json "$R" >"$TMP/scan" &&
	"$SPDXFS" scan --json --no-cache "$R" >"$TMP/scan.want" &&
	cmp "$TMP/scan" "$TMP/scan.want" &&
	"$SPDXFS" list "$R" >"$TMP/list" &&
	"$SPDXFS" list --no-cache "$R" >"$TMP/want" &&
	cmp "$TMP/list" "$TMP/want"
}

# Did the last scan_traced() read git's index?
read_index() {
	grep -q '"index",' "$TMP/trace"
}

listed() {
	grep -q "^$1$TAB" "$TMP/list"
}

test_expect 'the first scan reads git index and keeps what git tracks' '
	scan_traced && read_index &&
	cut -f1 "$TMP/list" | grep -v ^LICENSES/ >"$TMP/paths" &&
	expect_file "$TMP/paths" <<X
.gitignore
a.c
gen/forced.c
sub/b.c
X
'

test_expect 'a rescan with git index unchanged does not read it' '
	printf "// SPDX-License-Identifier: GPL-2.0-only\n" >"$R/sub/b.c" &&
	scan_traced && ! read_index &&
	grep -q "^sub/b.c${TAB}tagged${TAB}1${TAB}GPL-2.0-only\$" "$TMP/list"
'

test_expect 'new files, one ignored: git index read, the other listed' '
	printf "int new;\n" >"$R/new.c" &&
	printf "int y;\n" >"$R/y.tmp" &&
	scan_traced && read_index &&
	listed new.c && ! listed y.tmp
'

test_expect 'with an untracked file in the tree, every rescan reads git index' '
	scan_traced && read_index
'

test_expect 'an ignore rule for the untracked file: left out' '
	printf "gen/\n*.tmp\nnew.c\n" >"$R/.gitignore" &&
	scan_traced && read_index && ! listed new.c && listed a.c
'

test_expect 'once git tracks everything again, a rescan reads git index, then none' '
	rm "$R/new.c" "$R/y.tmp" &&
	scan_traced && read_index &&
	scan_traced && ! read_index
'

test_expect 'an untracked symlink: git index read, the symlink counted' '
	ln -s sub/b.c "$R/loose" &&
	scan_traced && read_index &&
	jq -e ".symlinks == 3" "$TMP/scan" >/dev/null
'

test_expect 'an ignore rule for the untracked symlink: left out, still asked about' '
	printf "gen/\n*.tmp\nnew.c\nloose\n" >"$R/.gitignore" &&
	scan_traced && read_index &&
	jq -e ".symlinks == 2" "$TMP/scan" >/dev/null &&
	scan_traced && read_index
'

test_expect 'git rm --cached of an ignored file: git index read, the file gone' '
	git -C "$R" rm -q --cached gen/forced.c &&
	scan_traced && read_index && ! listed gen/forced.c
'

test_expect 'git add -f of it: it comes back; the next rescan reads no index' '
	rm "$R/loose" &&
	git -C "$R" add -f gen/forced.c .gitignore &&
	scan_traced && read_index && listed gen/forced.c &&
	scan_traced && ! read_index
'

test_done
