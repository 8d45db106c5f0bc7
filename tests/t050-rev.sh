#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# --rev REV REPO: a revision read from git's objects is the tree a
# checkout of it would be.  A repository of several commits (tags, a
# rename, a retag that keeps the size, symlinks, a submodule's gitlink,
# an untagged file, LICENSES/ and scripts/spdxexclude changing) is made
# with fixed dates; for every commit, list, scan and check of --rev equal
# those of a checkout, byte for byte.  Then: a bare repository, revision
# syntax, check's PATHs, a branch that moved, the blob cache (a blob read
# once, across repositories; a corrupt cache rebuilt), and bad input
# (unknown revision, no repository, a missing object, a corrupt one, a
# shallow clone), each one line and exit status 2.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
CO=$TMP/checkout
git_test_env

g() {
	git -C "$R" "$@"
}

# The history; every commit has the same date, so that only blob ids
# tell a file's versions apart.
make_history() {
	git init -q -b main "$R" && make_fixture "$R" &&
	g add -A && g commit -q -m base && g tag v1 &&
	g mv drivers/net/untagged.c drivers/net/moved.c &&
	sed -i "s/GPL-2.0/GPL-1.0/" "$R/a.c" &&
	printf '#!/bin/sh\necho untagged\n' >"$R/scripts/new.sh" &&
	chmod +x "$R/scripts/new.sh" &&
	rm "$R/link.c" && ln -s b.h "$R/link.c" &&
	g add -A && g commit -q -m rename && g tag -a -m two v2 &&
	g update-index --add --cacheinfo "160000,$(g rev-parse v1),sub" &&
	g rm -q LICENSES/dual/Apache-2.0 &&
	g commit -q -m submodule &&
	printf 'drivers/\n' >>"$R/scripts/spdxexclude" &&
	license_file "$R/LICENSES/dual" Apache-2.0 Apache-2.0 &&
	printf '// SPDX-License-Identifier: Apache-2.0\n' >"$R/drivers/net/ap.c" &&
	g add scripts LICENSES drivers && g commit -q -m licenses
}

test_expect 'a history of four commits' '
	make_history && test "$(g rev-list --count HEAD)" = 4 &&
	test "$(g ls-tree HEAD sub | cut -c1-6)" = 160000 &&
	test "$(g ls-tree HEAD link.c | cut -c1-6)" = 120000 &&
	test "$(g ls-tree HEAD scripts/new.sh | cut -c1-6)" = 100755
'

# same_as_checkout C: list, scan and check of C, checked out and as --rev.
same_as_checkout() {
	git -C "$CO" checkout -q -f --detach "$1" && git -C "$CO" clean -qffdx &&
	"$SPDXFS" list "$CO" >"$TMP/co.list" &&
	"$SPDXFS" list --rev "$1" "$R" >"$TMP/rev.list" &&
	cmp "$TMP/co.list" "$TMP/rev.list" &&
	"$SPDXFS" scan "$CO" >"$TMP/co.scan" &&
	"$SPDXFS" scan --rev "$1" "$R" >"$TMP/rev.scan" &&
	cmp "$TMP/co.scan" "$TMP/rev.scan" &&
	{ "$SPDXFS" check -v "$CO" >"$TMP/co.check"; echo $? >>"$TMP/co.check"; } &&
	{ "$SPDXFS" check -v --rev "$1" "$R" >"$TMP/rev.check"; echo $? >>"$TMP/rev.check"; } &&
	cmp "$TMP/co.check" "$TMP/rev.check"
}

test_expect 'every commit: list, scan and check as on a checkout' '
	git clone -q "$R" "$CO" &&
	for c in $(g rev-list HEAD); do
		same_as_checkout "$c" || { echo "differs at $c"; exit 1; }
	done
'

test_expect '... each list what the commit has' '
	"$SPDXFS" list --rev v1 "$R" | cut -f1,2 | grep -E "^(a\\.c|arch|drivers/net/|LICENSES/dual)" >"$TMP/v1" &&
	expect_file "$TMP/v1" <<-X &&
	LICENSES/dual/Apache-2.0	excluded
	a.c	tagged
	arch/x86/configs/x_defconfig	excluded
	drivers/net/misplaced.c	misplaced
	drivers/net/untagged.c	untagged
	X
	"$SPDXFS" list --rev main "$R" | cut -f1,2 | grep -E "^(a\\.c|drivers/net/|scripts/new)" >"$TMP/main" &&
	expect_file "$TMP/main" <<-X &&
	a.c	invalid
	drivers/net/ap.c	excluded
	drivers/net/misplaced.c	excluded
	drivers/net/moved.c	excluded
	scripts/new.sh	untagged
	X
	"$SPDXFS" scan --rev v2 "$R" | grep "^symlinks" | grep -q " 2$"
'

test_expect 'a bare repository, revisions as git reads them' '
	git clone -q --bare "$R" "$TMP/bare.git" &&
	"$SPDXFS" list --rev v1 "$R" >"$TMP/v1.list" &&
	"$SPDXFS" list --rev v1 "$TMP/bare.git" | cmp - "$TMP/v1.list" &&
	"$SPDXFS" list --rev "$(g rev-parse --short v1)" "$R" | cmp - "$TMP/v1.list" &&
	"$SPDXFS" list --rev main~3 "$TMP/bare.git" | cmp - "$TMP/v1.list" &&
	"$SPDXFS" list --rev "v2^{tree}" "$R" >"$TMP/v2tree.list" &&
	"$SPDXFS" list --rev v2 "$R" | cmp - "$TMP/v2tree.list" &&
	(cd "$R/drivers" && "$SPDXFS" list --rev v1) | cmp - "$TMP/v1.list"
'

# Heads of blobs read from the packs (source_git.c, packhead.c) for every
# blob, not only big ones: the same lists and scans as blobs read whole.
test_expect 'blob heads read from delta packs: as whole blobs give them' '
	git -C "$TMP/bare.git" repack -adfq --depth=50 --window=50 &&
	for c in $(g rev-list HEAD); do
		SPDXFS_PACKHEAD_MIN=4294967296 "$SPDXFS" scan --no-cache \
			--rev "$c" "$TMP/bare.git" >"$TMP/whole.scan" &&
		SPDXFS_PACKHEAD_MIN=0 "$SPDXFS" scan --no-cache \
			--rev "$c" "$TMP/bare.git" | cmp - "$TMP/whole.scan" &&
		SPDXFS_PACKHEAD_MIN=4294967296 "$SPDXFS" list --no-cache \
			--rev "$c" "$TMP/bare.git" >"$TMP/whole.list" &&
		SPDXFS_PACKHEAD_MIN=0 "$SPDXFS" list --no-cache \
			--rev "$c" "$TMP/bare.git" | cmp - "$TMP/whole.list" ||
		{ echo "differs at $c"; exit 1; }
	done
'

test_expect 'check --rev PATH: paths of the revision tree' '
	(cd "$TMP" && expect_status 1 "$SPDXFS" check -w --rev v1 "$R" \
		drivers/bad.c ./drivers/../a.c) >"$TMP/out" &&
	expect_file "$TMP/out" <<-X &&
	drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
	X
	expect_status 2 "$SPDXFS" check --rev v1 "$R" ../x 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: ../x: outside the tree $R@v1
	X
	expect_status 2 "$SPDXFS" check --rev v1 "$R" nope.c 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: nope.c: no such file in $R@v1
	X
	"$SPDXFS" check --rev v2 "$R" link.c 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X
	spdxfs: link.c: a symlink, not followed
	X
'

# a.c is retagged from GPL-2.0 to GPL-1.0 between v1 and v2: same size,
# same commit date; only the blob id says that it changed.
test_expect 'a branch that moved: results told apart by blob id' '
	g branch moving v1 &&
	"$SPDXFS" list --rev moving "$R" | cmp - "$TMP/v1.list" &&
	g branch -f moving v2 &&
	"$SPDXFS" list --rev moving "$R" >"$TMP/moved" &&
	"$SPDXFS" list --no-cache --rev v2 "$R" | cmp - "$TMP/moved" &&
	grep -q "^a.c	invalid" "$TMP/moved"
'

test_expect 'hostile file names: as a checkout lists them' '
	H=$TMP/hostile && git init -q -b main "$H" &&
	license_file "$H/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	mkdir -p "$H/$(printf "dir\\nname")" &&
	printf "int x;\\n" >"$H/$(printf "zz\\nspoofed.c\\ttagged\\t1\\tGPL-2.0")" &&
	printf "int x;\\n" >"$H/$(printf "lat\\351n.c")" &&
	printf "int x;\\n" >"$H/$(printf "esc\\033[31mred.c")" &&
	printf "// SPDX-License-Identifier: GPL-2.0\\n" >"$H/$(printf "dir\\nname")/a.c" &&
	git -C "$H" add -A && git -C "$H" commit -q -m hostile &&
	"$SPDXFS" list "$H" >"$TMP/h.co" && "$SPDXFS" list --rev HEAD "$H" | cmp - "$TMP/h.co" &&
	"$SPDXFS" list -z "$H" >"$TMP/hz.co" && "$SPDXFS" list -z --rev HEAD "$H" | cmp - "$TMP/hz.co" &&
	test "$(wc -l <"$TMP/h.co")" = 5
'

# The blob cache: results by blob id and object store.  A copy
# of the repository whose object for drivers/bad.c is then damaged lists
# as the original does: that blob is never read again from that object
# store (another store's results never answer for it: t056).
test_expect 'a blob is read once: results come from the blob cache' '
	export SPDXFS_CACHE_DIR="$TMP/blobs" && mkdir -m 700 "$SPDXFS_CACHE_DIR" &&
	"$SPDXFS" list --rev v1 "$R" | cmp - "$TMP/v1.list" &&
	test "$(ls "$SPDXFS_CACHE_DIR" | wc -l)" = 1 &&
	cp -a "$R" "$TMP/damaged" &&
	"$SPDXFS" list --rev v1 "$TMP/damaged" | cmp - "$TMP/v1.list" &&
	id=$(g rev-parse v1:drivers/bad.c) && rest=${id#??} &&
	obj="$TMP/damaged/.git/objects/${id%$rest}/$rest" &&
	chmod u+w "$obj" && printf "not zlib at all" >"$obj" &&
	"$SPDXFS" list --rev v1 "$TMP/damaged" | cmp - "$TMP/v1.list"
'

test_expect 'a corrupt object read: one line naming it, exit status 2' '
	expect_status 2 "$SPDXFS" list --no-cache --rev v1 "$TMP/damaged" \
		>"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<-X
	spdxfs: $TMP/damaged@v1: drivers/bad.c: its object cannot be read (corrupt?)
	X
'

test_expect 'a corrupt blob cache: said, ignored and rebuilt' '
	export SPDXFS_CACHE_DIR="$TMP/blobs" &&
	f=$(ls "$SPDXFS_CACHE_DIR"/*) &&
	printf "XXXXXXXX" | dd of="$f" bs=1 seek=200 conv=notrunc 2>/dev/null &&
	"$SPDXFS" list --rev v2 "$R" >"$TMP/v2.list" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: saved index of $R@v2 ignored ($f: checksum mismatch); rebuilding
	X
	"$SPDXFS" list --no-cache --rev v2 "$R" | cmp - "$TMP/v2.list" &&
	"$SPDXFS" list --rev v2 "$R" 2>"$TMP/err" | cmp - "$TMP/v2.list" &&
	test ! -s "$TMP/err"
'

test_expect 'an unknown revision: one line, exit status 2' '
	expect_status 2 "$SPDXFS" list --rev nope "$R" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<-X
	spdxfs: $R: unknown revision '"'nope'"'
	X
'

test_expect 'no repository, no directory: one line, exit status 2' '
	mkdir "$TMP/plain" &&
	expect_status 2 "$SPDXFS" scan --rev HEAD "$TMP/plain" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X &&
	spdxfs: $TMP/plain: not a git repository
	X
	expect_status 2 "$SPDXFS" check --rev HEAD "$TMP/none" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X
	spdxfs: $TMP/none: No such file or directory
	X
'

test_expect 'a missing object: one line naming it, exit status 2' '
	cp -a "$R" "$TMP/broken" &&
	id=$(g rev-parse v1:drivers/bad.c) &&
	rest=${id#??} &&
	rm "$TMP/broken/.git/objects/${id%$rest}/$rest" &&
	expect_status 2 "$SPDXFS" list --rev v1 "$TMP/broken" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<-X
	spdxfs: $TMP/broken@v1: object $id (drivers/bad.c) is missing (a shallow or partial clone?)
	X
'

test_expect 'a shallow clone: its history ends, one line' '
	git clone -q --depth 1 "file://$R" "$TMP/shallow" &&
	"$SPDXFS" list --rev HEAD "$TMP/shallow" >"$TMP/shallow.list" &&
	"$SPDXFS" list --rev main "$R" | cmp - "$TMP/shallow.list" &&
	expect_status 2 "$SPDXFS" list --rev HEAD~1 "$TMP/shallow" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-X
	spdxfs: $TMP/shallow: unknown revision '"'HEAD~1'"' (or one beyond this shallow clone)
	X
'

test_done
