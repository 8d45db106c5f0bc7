#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The saved index: a second scan reads only changed files; a corrupt,
# truncated or foreign index is detected and rebuilt, never trusted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"

# "spdxfs: N of M files read" is printed only on a terminal; use --json
# free channels instead: the index file and the list output.
idx() {
	ls "$SPDXFS_CACHE_DIR"/*.idx
}

test_expect 'first scan saves an index outside the tree' '
	"$SPDXFS" list "$T" >"$TMP/list1" &&
	test "$(ls "$SPDXFS_CACHE_DIR" | wc -l)" -eq 1 &&
	case "$(idx)" in "$T"/*) false ;; *) true ;; esac &&
	test -z "$(find "$T" -newer "$TMP/list1")"
'

test_expect 'second scan gives the same answer from the saved index' '
	"$SPDXFS" list "$T" >"$TMP/list2" &&
	cmp "$TMP/list1" "$TMP/list2"
'

test_expect 'the saved index keeps every field list --json shows' '
	"$SPDXFS" list --json --no-cache "$T" >"$TMP/json1" &&
	"$SPDXFS" list --json "$T" >"$TMP/json2" &&
	grep -q "\"leader\": \"//\"" "$TMP/json2" &&
	cmp "$TMP/json1" "$TMP/json2"
'

test_expect 'an edited file is rescanned (size change)' '
	printf "// SPDX-License-Identifier: MIT\nint untagged;\n" >"$T/drivers/net/untagged.c" &&
	"$SPDXFS" list "$T" >"$TMP/list3" &&
	grep -q "^drivers/net/untagged.c	tagged	1	MIT$" "$TMP/list3"
'

test_expect 'an edited file of the same size is rescanned (mtime change)' '
	printf "// SPDX-License-Identifier: GPL-2.0\nint a;\n" >"$T/a.c" &&
	"$SPDXFS" list "$T" >/dev/null &&
	printf "// SPDX-License-Identifier: BSD-0.0\nint a;\n" >"$T/a.c" &&
	touch -d "2030-01-01 00:00:00" "$T/a.c" &&
	"$SPDXFS" list "$T" >"$TMP/list4" &&
	grep -q "^a.c	invalid	1	BSD-0.0$" "$TMP/list4"
'

test_expect 'an edit that puts size and mtime back is rescanned (ctime change)' '
	printf "// SPDX-License-Identifier: GPL-2.0\nint b;\n" >"$T/b.c" &&
	touch -d "2030-01-01 00:00:00" "$T/b.c" &&
	"$SPDXFS" list "$T" >/dev/null &&
	ino=$(stat -c %i:%s:%Y "$T/b.c") &&
	printf "// SPDX-License-Identifier: BSD-0.0\nint b;\n" >"$T/b.c" &&
	touch -d "2030-01-01 00:00:00" "$T/b.c" &&
	test "$(stat -c %i:%s:%Y "$T/b.c")" = "$ino" &&
	"$SPDXFS" list "$T" >"$TMP/list4b" &&
	grep -q "^b.c	invalid	1	BSD-0.0$" "$TMP/list4b"
'

test_expect 'unchanged files are not read again (atime of an untouched file)' '
	"$SPDXFS" list --no-cache "$T" >"$TMP/full" &&
	"$SPDXFS" list "$T" >"$TMP/cached" &&
	cmp "$TMP/full" "$TMP/cached" &&
	ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=openat,openat2 -o "$TMP/trace" \
		"$SPDXFS" list "$T" >/dev/null &&
	! grep -q "b.h" "$TMP/trace"
'

test_expect 'a deleted file disappears, a new one appears' '
	rm "$T/two.c" && printf "# SPDX-License-Identifier: GPL-2.0\n" >"$T/new.sh" &&
	"$SPDXFS" list "$T" >"$TMP/list5" &&
	! grep -q "^two.c" "$TMP/list5" &&
	grep -q "^new.sh	tagged	1	GPL-2.0$" "$TMP/list5"
'

test_expect 'a corrupt index is reported and rebuilt' '
	f=$(idx) && printf "garbage" | dd of="$f" bs=1 seek=200 conv=notrunc 2>/dev/null &&
	"$SPDXFS" list "$T" >"$TMP/list6" 2>"$TMP/err6" &&
	grep -q "^spdxfs: saved index of .* ignored ($f: checksum mismatch); rebuilding$" "$TMP/err6" &&
	"$SPDXFS" list --no-cache "$T" | cmp - "$TMP/list6" &&
	"$SPDXFS" list "$T" 2>"$TMP/err7" >/dev/null && test ! -s "$TMP/err7"
'

test_expect 'a truncated index is reported and rebuilt' '
	f=$(idx) && truncate -s 100 "$f" &&
	"$SPDXFS" list "$T" >"$TMP/list8" 2>"$TMP/err8" &&
	grep -q "ignored ($f: truncated)" "$TMP/err8" &&
	"$SPDXFS" list --no-cache "$T" | cmp - "$TMP/list8"
'

test_expect 'an index of another format version is rebuilt' '
	f=$(idx) && printf "\377" | dd of="$f" bs=1 seek=8 conv=notrunc 2>/dev/null &&
	"$SPDXFS" list "$T" >/dev/null 2>"$TMP/err9" &&
	grep -q "ignored ($f: index of another spdxfs version)" "$TMP/err9"
'

test_expect 'an index file that is not an index is rebuilt' '
	f=$(idx) && echo "hello" >"$f" &&
	"$SPDXFS" list "$T" >/dev/null 2>"$TMP/err10" &&
	grep -q "ignored ($f: not a spdxfs index)" "$TMP/err10"
'

test_expect 'another tree with the same index file name is not trusted' '
	f=$(idx) && mkdir -p "$TMP/other" && cp -a "$T/." "$TMP/other/" &&
	o=$(SPDXFS_CACHE_DIR=$TMP/c2 "$SPDXFS" list "$TMP/other" >/dev/null && ls "$TMP"/c2/*.idx) &&
	cp "$o" "$f" &&
	"$SPDXFS" list "$T" >/dev/null 2>"$TMP/err11" &&
	grep -q "ignored ($f: index of another tree)" "$TMP/err11"
'

test_expect 'a cache directory inside the tree is refused, the tree untouched' '
	SPDXFS_CACHE_DIR=$T/.cache "$SPDXFS" list "$T" >/dev/null 2>"$TMP/err12";
	grep -q "^spdxfs: cannot save the index of .*: $T/.cache: cache directory inside the tree$" "$TMP/err12" &&
	test ! -e "$T/.cache" &&
	SPDXFS_CACHE_DIR=$T/drivers/sub/dir "$SPDXFS" list "$T" >/dev/null 2>"$TMP/err13";
	grep -q "cache directory inside the tree" "$TMP/err13" &&
	test ! -e "$T/drivers/sub"
'

# SPDXFS_TIMINGS: one line on stderr with each phase, the output the same.
timings_re='^spdxfs: timings: load [0-9]+\.[0-9]{2} ms, prepare [0-9]+\.[0-9]{2} ms, walk [0-9]+\.[0-9]{2} ms, merge [0-9]+\.[0-9]{2} ms, resolve [0-9]+\.[0-9]{2} ms, save [0-9]+\.[0-9]{2} ms$'

test_expect 'SPDXFS_TIMINGS: one line of phases on stderr, stdout unchanged' '
	rm -rf "$SPDXFS_CACHE_DIR" &&
	SPDXFS_TIMINGS=1 "$SPDXFS" scan "$T" >"$TMP/tm.out" 2>"$TMP/tm.err" &&
	test "$(wc -l <"$TMP/tm.err")" -eq 1 &&
	grep -Eq "$timings_re" "$TMP/tm.err" &&
	"$SPDXFS" scan "$T" >"$TMP/tm.plain" 2>"$TMP/tm.plain.err" &&
	cmp "$TMP/tm.out" "$TMP/tm.plain" &&
	test ! -s "$TMP/tm.plain.err"
'

test_expect 'SPDXFS_TIMINGS: nothing loaded nor saved without the cache' '
	SPDXFS_TIMINGS=1 "$SPDXFS" list --no-cache "$T" 2>"$TMP/tm.err" >/dev/null &&
	grep -Eq "$timings_re" "$TMP/tm.err" &&
	grep -q "load 0.00 ms, " "$TMP/tm.err" &&
	grep -q "save 0.00 ms$" "$TMP/tm.err"
'

test_expect 'SPDXFS_TIMINGS: writing the first saved index takes time' '
	rm -rf "$SPDXFS_CACHE_DIR" &&
	SPDXFS_TIMINGS=1 "$SPDXFS" scan "$T" 2>"$TMP/tm.first" >/dev/null &&
	grep -Eq "$timings_re" "$TMP/tm.first" &&
	! grep -q "save 0.00 ms$" "$TMP/tm.first"
'

test_expect 'SPDXFS_TIMINGS empty: no timings' '
	SPDXFS_TIMINGS= "$SPDXFS" scan "$T" 2>"$TMP/tm.err" >/dev/null &&
	test ! -s "$TMP/tm.err"
'

test_done
