#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The program links libgit2 and libcrypto as any library, but sets up
# libgit2 (git_libgit2_init(), the costly part: TLS and certificates)
# only when it first needs git (index/git/libgit2.c).  A scan of a git work
# tree with every file tracked never sets it up; an untracked file
# makes it, and its ignore rules apply.  Lazy binding shows which libgit2
# functions a run called: LD_DEBUG=bindings prints each as it is bound.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree

test_expect 'a tree git tracks whole: scanned without setting up libgit2' '
	mkdir -p "$T" &&
	printf "*.o\n" >"$T/.gitignore" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/a.c" &&
	git -C "$T" init -q && git -C "$T" add . &&
	LD_DEBUG=bindings "$SPDXFS" list "$T" >"$TMP/out" 2>"$TMP/ld" &&
	cut -f1 "$TMP/out" >"$TMP/paths" &&
	printf ".gitignore\na.c\n" | cmp - "$TMP/paths" &&
	grep -q "^ *[0-9]*:.binding file" "$TMP/ld" &&
	! grep "symbol .git_libgit2_init" "$TMP/ld"
'

test_expect 'an untracked file: libgit2 set up once, the ignore rules applied' '
	echo x >"$T/b.o" && echo y >"$T/c.c" &&
	LD_DEBUG=bindings "$SPDXFS" list "$T" >"$TMP/out" 2>"$TMP/ld" &&
	cut -f1 "$TMP/out" >"$TMP/paths" &&
	printf ".gitignore\na.c\nc.c\n" | cmp - "$TMP/paths" &&
	grep -c "symbol .git_libgit2_init" "$TMP/ld" | grep -qx 1 &&
	grep -q "symbol .git_libgit2_opts" "$TMP/ld"
'

P=$TMP/plain

test_expect 'a document: its checksums right' '
	mkdir -p "$P" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$P/a.c" &&
	SOURCE_DATE_EPOCH=1700000000 "$SPDXFS" export -q \
		--format spdx-tv "$P" >"$TMP/doc" &&
	grep -qx "FileChecksum: SHA1: $(sha1sum <"$P/a.c" | cut -c1-40)" "$TMP/doc" &&
	grep -qx "FileChecksum: SHA256: $(sha256sum <"$P/a.c" | cut -c1-64)" "$TMP/doc"
'

test_done
