#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Every library spdxfs uses is linked, so that ldd and dpkg-shlibdeps see
# it: libgit2 and libcrypto too (issue 27).  No run loads one later with
# dlopen(), and without libgit2 the program does not start, the loader
# naming the library, rather than failing later with a vague libgit2
# error.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree

test_expect 'ldd lists libgit2, libcrypto, libfuse3, zlib and libc' '
	ldd "$SPDXFS" >"$TMP/ldd" &&
	for l in libgit2.so libcrypto.so libfuse3.so libz.so libc.so; do
		grep -q "^	$l" "$TMP/ldd" || { echo "no $l"; exit 1; }
	done
'

# loaded_later ARGS...: the libraries a run of spdxfs ARGS loaded after
# start-up (dlopen), glibc's NSS modules left out.
loaded_later() {
	LD_DEBUG=files "$SPDXFS" "$@" 2>"$TMP/ld" >/dev/null
	sed -n "s/^ *[0-9]*:.file=\([^ ]*\) .*dynamically loaded by.*/\1/p" \
		"$TMP/ld" | grep -v "^libnss_" || :
}

test_expect 'a git scan, a revision and a document load nothing later' '
	mkdir -p "$T" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/a.c" &&
	git -C "$T" init -q && git -C "$T" add . &&
	git -C "$T" -c user.name=t -c user.email=t@t commit -qm a &&
	echo y >"$T/untracked.c" &&
	loaded_later list "$T" >"$TMP/later" &&
	loaded_later list --rev HEAD "$T" >>"$TMP/later" &&
	SOURCE_DATE_EPOCH=1700000000 loaded_later export -q --format spdx-tv "$T" \
		>>"$TMP/later" &&
	grep -q "file=libcrypto" "$TMP/ld" &&
	cat "$TMP/later" && test ! -s "$TMP/later"
'

# A libgit2 that cannot be loaded: an empty file in its place.
test_expect 'without a loadable libgit2: the loader names it, exit 127' '
	soname=$(sed -n "s/^	\(libgit2\.so[^ ]*\) => .*/\1/p" "$TMP/ldd") &&
	test -n "$soname" &&
	mkdir -p "$TMP/lib" && : >"$TMP/lib/$soname" &&
	{ LD_LIBRARY_PATH=$TMP/lib "$SPDXFS" list --rev HEAD "$T" >"$TMP/out" 2>"$TMP/err"
	  test $? = 127; } &&
	test ! -s "$TMP/out" &&
	echo "$SPDXFS: error while loading shared libraries: $TMP/lib/$soname: file too short" |
		cmp - "$TMP/err"
'

test_done
