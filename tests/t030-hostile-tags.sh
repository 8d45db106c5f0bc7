#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Strange tag lines and LICENSES/ files are read as scripts/spdxcheck.py
# reads them: an error at the first token has its column in the line,
# white space that Python's str.strip() removes is removed, a NUL byte is
# an invalid token, a tag line is read whole (up to 64 KiB, an error past
# that); an identifier in LICENSES/ that is no SPDX idstring is refused
# with its file and line.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"
mkdir -p "$T/hostile"
H=$T/hostile

# long_tag N LAST: a tag line "MIT <spaces> AND LAST" of over N bytes.
long_tag() {
	awk -v n="$1" -v last="$2" 'BEGIN {
		s = "// SPDX-License-Identifier: MIT"
		while (length(s) < n) s = s "                "
		print s " AND " last; print "int x;" }'
}

printf '// SPDX-License-Identifier: OR MIT\n' >"$H/first.c"
printf '// SPDX-License-Identifier:   (GPL-2.0\n' >"$H/unfinished.c"
printf '//\302\240SPDX-License-Identifier:\302\240MIT\343\200\200\n' >"$H/nbsp.c"
printf '// SPDX-License-Identifier:\342\200\203OR MIT\302\205\n' >"$H/emsp.c"
printf '// SPDX-License-Identifier: MIT\000\n' >"$H/nul.c"
long_tag 5000 Proprietary-NOT-DECLARED >"$H/long.c"
long_tag 5000 GPL-2.0 >"$H/long-ok.c"
long_tag 70000 MIT >"$H/huge.c"

test_expect 'an error at the first token has its column in the line' '
	expect_status 1 "$SPDXFS" check -w "$T" hostile/first.c hostile/unfinished.c >"$TMP/c1" &&
	expect_file "$TMP/c1" <<-\EOF
	hostile/first.c: 1:28 Syntax error: OR
	hostile/unfinished.c: 1:0 Unfinished license expression
	EOF
'

test_expect 'white space str.strip() removes is not part of the expression' '
	"$SPDXFS" list "$T" >"$TMP/l2" &&
	grep -q "^hostile/nbsp.c	tagged	1	MIT$" "$TMP/l2" &&
	expect_status 1 "$SPDXFS" check -w "$T" hostile/emsp.c >"$TMP/c2" &&
	expect_file "$TMP/c2" <<-\EOF
	hostile/emsp.c: 1:28 Syntax error: OR
	EOF
'

test_expect 'a NUL byte in the expression is an invalid token' '
	grep -q "^hostile/nul.c	invalid	1	MIT" "$TMP/l2" &&
	expect_status 1 "$SPDXFS" check -w "$T" hostile/nul.c >"$TMP/c3" &&
	printf "hostile/nul.c: 1:31 Invalid token: \357\277\275\n" | cmp - "$TMP/c3"
'

test_expect 'a tag line longer than 4 KiB is read whole' '
	grep -q "^hostile/long-ok.c	tagged	1	MIT  * AND GPL-2.0$" "$TMP/l2" &&
	grep -q "^hostile/long.c	invalid	1	MIT  * AND Proprietary-NOT-DECLARED$" "$TMP/l2" &&
	expect_status 1 "$SPDXFS" check -w "$T" hostile/long.c >"$TMP/c4" &&
	grep -q "^hostile/long.c: 1:50[0-9][0-9] Invalid License ID: Proprietary-NOT-DECLARED$" "$TMP/c4"
'

test_expect 'a tag line longer than 64 KiB is an error' '
	grep -q "^hostile/huge.c	error	0	$" "$TMP/l2" &&
	expect_status 1 "$SPDXFS" check -w "$T" hostile/huge.c >"$TMP/c5" &&
	expect_file "$TMP/c5" <<-\EOF
	hostile/huge.c: 0:0 cannot read: File too large
	EOF
'

# bad_licenses DIR ID: a copy of the tree whose LICENSES/ declares ID.
bad_licenses() {
	rm -rf "$1" && cp -a "$T" "$1" &&
	printf "SPDX-URL: x\nValid-License-Identifier: %s\nLicense-Text:\n" "$2" \
		>"$1/LICENSES/preferred/Bad"
}

for id in a/b . .. "a/../../b" "GPL-2.0  OR MIT"; do
	test_expect "LICENSES/ identifier \"$id\" is refused with its file and line" '
		bad_licenses "$TMP/bad" "$id" &&
		expect_status 2 "$SPDXFS" scan "$TMP/bad" >"$TMP/out" 2>"$TMP/err" &&
		test ! -s "$TMP/out" &&
		printf "spdxfs: LICENSES/preferred/Bad:2: invalid identifier \"%s\" (an SPDX identifier is letters, digits, '"'"'.'"'"' and '"'"'-'"'"')\n" "$id" |
			cmp - "$TMP/err"
	'
done

at_exit 'fusermount3 -uz "$TMP/mnt" 2>/dev/null'
test_expect 'a LICENSES/ identifier with a slash: nothing is mounted' '
	bad_licenses "$TMP/bad" a/b && mkdir -p "$TMP/mnt" &&
	expect_status 2 timeout 60 "$SPDXFS" mount -f "$TMP/bad" "$TMP/mnt" 2>"$TMP/err" &&
	grep -q "Bad:2: invalid identifier \"a/b\"" "$TMP/err" &&
	! mountpoint -q "$TMP/mnt"
'

# The same lines through the kernel's own scripts/spdxcheck.py, on the
# 6.1 tree's LICENSES/: the same line, column and message kind.
PY=/usr/bin/python3
if kernel_tree && "$PY" -c "import ply, git" 2>/dev/null; then
	test_expect 'line, column and message kind agree with spdxcheck.py' '
		mkdir -p "$TMP/k" && cp -r "$KERNEL_TREE/LICENSES" "$TMP/k/" &&
		cp "$H"/*.c "$TMP/k/" && rm "$TMP/k/huge.c" &&
		printf "// SPDX-License-Identifier:\tGPL-2.0 OR\n" >"$TMP/k/tab.c" &&
		printf "/* SPDX-License-Identifier: GPL-2.0 \342\200\250*/\302\240\n" >"$TMP/k/sep.c" &&
		printf "# \303\251t\303\251 SPDX-License-Identifier: MIT OR\n" >"$TMP/k/utf.c" &&
		for f in first unfinished nbsp emsp nul long long-ok tab sep utf; do
			(cd "$KERNEL_TREE" && "$PY" scripts/spdxcheck.py - <"$TMP/k/$f.c") |
				sed -n "s/^-: \([0-9]*:[0-9]*\) \([^:]*\).*/$f.c: \1 \2/p"
		done >"$TMP/want" &&
		"$SPDXFS" check -w --no-cache "$TMP/k" >"$TMP/got0";
		grep -v "^LICENSES/" "$TMP/got0" | sed "s/^\([^ ]* [0-9]*:[0-9]*\) \([^:]*\).*/\1 \2/" |
			sort >"$TMP/got" &&
		sort "$TMP/want" | diff -u - "$TMP/got"
	'
else
	test_skip "spdxcheck.py comparison: needs the 6.1 tree and /usr/bin/python3 with ply and git"
fi

test_done
