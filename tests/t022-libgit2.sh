#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The program does not link libgit2 (index/libgit2.c loads it when first
# called): a run that never asks git pays nothing for it.  A scan of a
# git work tree with every file tracked never loads it; an untracked
# file makes it load, and its ignore rules apply.  Nor libcrypto
# (index/libcrypto.c): only a document's checksums load it.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
export SPDXFS_CACHE_DIR="$TMP/cache"

test_expect 'spdxfs needs no libgit2 to start' '
	ldd "$SPDXFS" >"$TMP/ldd" &&
	grep -q libc.so "$TMP/ldd" &&
	! grep libgit2 "$TMP/ldd"
'

test_expect 'a tree git tracks whole: scanned without libgit2' '
	mkdir -p "$T" &&
	printf "*.o\n" >"$T/.gitignore" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/a.c" &&
	git -C "$T" init -q && git -C "$T" add . &&
	LD_DEBUG=files "$SPDXFS" list "$T" >"$TMP/out" 2>"$TMP/ld" &&
	cut -f1 "$TMP/out" >"$TMP/paths" &&
	printf ".gitignore\na.c\n" | cmp - "$TMP/paths" &&
	! grep "file=libgit2" "$TMP/ld"
'

test_expect 'an untracked file: libgit2 loaded, the ignore rules applied' '
	echo x >"$T/b.o" && echo y >"$T/c.c" &&
	LD_DEBUG=files "$SPDXFS" list "$T" >"$TMP/out" 2>"$TMP/ld" &&
	cut -f1 "$TMP/out" >"$TMP/paths" &&
	printf ".gitignore\na.c\nc.c\n" | cmp - "$TMP/paths" &&
	grep -q "file=libgit2.*dynamically loaded" "$TMP/ld"
'

P=$TMP/plain

test_expect 'spdxfs needs no libcrypto to start, nor to scan' '
	! grep libcrypto "$TMP/ldd" &&
	mkdir -p "$P" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$P/a.c" &&
	LD_DEBUG=files "$SPDXFS" scan "$P" >/dev/null 2>"$TMP/ld" &&
	grep -q "file=libc.so" "$TMP/ld" &&
	! grep "file=libcrypto" "$TMP/ld"
'

test_expect 'a document: libcrypto loaded, its checksums right' '
	SOURCE_DATE_EPOCH=1700000000 LD_DEBUG=files "$SPDXFS" export -q \
		--format spdx-tv "$P" >"$TMP/doc" 2>"$TMP/ld" &&
	grep -q "file=libcrypto.*dynamically loaded by" "$TMP/ld" &&
	grep -qx "FileChecksum: SHA1: $(sha1sum <"$P/a.c" | cut -c1-40)" "$TMP/doc" &&
	grep -qx "FileChecksum: SHA256: $(sha256sum <"$P/a.c" | cut -c1-64)" "$TMP/doc"
'

test_done
