#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Hostile repositories (issue 25): objects, packs and files crafted by
# tests/craftgit.py.  A forged blob answers for its own repository only;
# a loose object whose header lies, a truncated one, a REF_DELTA cycle, a
# pack index whose counts overflow, FIFOs where git keeps files: each a
# clear error or a failed file, never a crash, a hang or gigabytes; a
# zlib bomb costs no command more than 256 MB.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
CRAFT="python3 $TOP/tests/craftgit.py"
git_test_env

# The genuine repository: two commits, all objects loose.
make_repo() {
	git init -q -b main "$R" && gpl_mit_licenses "$R" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint a;\n' >"$R/a.c" &&
	printf '// SPDX-License-Identifier: MIT\nint b;\n' >"$R/b.c" &&
	git -C "$R" add -A && git -C "$R" commit -q -m one &&
	printf '// SPDX-License-Identifier: MIT\nint c;\n' >"$R/c.c" &&
	git -C "$R" add -A && git -C "$R" commit -q -m two
}

# copy NAME: a copy of the repository, its objects dir in $O, the ids of
# a.c, b.c and c.c in $A, $B, $C.
copy() {
	rm -rf "$TMP/$1" && cp -a "$R" "$TMP/$1" && D=$TMP/$1 &&
	O=$D/.git/objects && A=$(git -C "$D" rev-parse HEAD:a.c) &&
	B=$(git -C "$D" rev-parse HEAD:b.c) && C=$(git -C "$D" rev-parse HEAD:c.c)
}

# run: spdxfs with a time limit, for what used to hang, and (but under
# ASan, which maps terabytes) a bound on memory, for what used to grow.
run() {
	(case $SPDXFS in *build-san*) ;; *) ulimit -v 2097152;; esac &&
	 exec timeout 20 "$SPDXFS" "$@")
}

test_expect 'the repository' 'make_repo && "$SPDXFS" list --rev HEAD "$R" >"$TMP/good.list" &&
	grep -q "^a.c	tagged	1	GPL-2.0-only$" "$TMP/good.list"'

test_expect 'a forged blob answers for its own repository, never for another' '
	copy forged &&
	printf "// SPDX-License-Identifier: MIT\n" >"$TMP/mit" &&
	$CRAFT loose "$O" "$A" blob 32 "$TMP/mit" &&
	run list --rev HEAD "$D" | grep -q "^a.c	tagged	1	MIT$" &&
	run list --rev HEAD "$R" | cmp - "$TMP/good.list" &&
	run check --rev HEAD "$R" >/dev/null
'

test_expect 'a loose object holding more than its header says: no overflow' '
	copy overlong &&
	head -c 4000 /dev/zero | tr "\0" x >"$TMP/long" &&
	$CRAFT loose "$O" "$A" blob 5 "$TMP/long" &&
	run list --rev HEAD "$D" >"$TMP/out" 2>"$TMP/err"; s=$? &&
	test "$s" -lt 3 && grep -q "^b.c	tagged	1	MIT$" "$TMP/out"
'

test_expect 'a truncated loose object: its file fails, no loop' '
	copy truncated && $CRAFT truncate "$O" "$B" &&
	expect_status 2 run list --no-cache --rev HEAD "$D" 2>"$TMP/err" &&
	grep -q "b.c: its object cannot be read" "$TMP/err"
'

test_expect 'a REF_DELTA cycle: its file fails, no loop' '
	copy cycle && rm -f "$O/${A%${A#??}}/${A#??}" &&
	$CRAFT cycle "$O/pack" "$A" &&
	expect_status 2 run list --no-cache --rev HEAD "$D" 2>"$TMP/err" &&
	grep -q "a.c: its object cannot be read" "$TMP/err"
'

test_expect 'a pack index whose fanout ends at 0xffffffff: refused' '
	copy fanout && git -C "$D" repack -q -a -d &&
	$CRAFT fanout "$(ls "$O"/pack/*.idx)" &&
	expect_status 2 run list --no-cache --rev HEAD "$D" 2>"$TMP/err" &&
	grep -q "not a valid pack index and pack: refused" "$TMP/err"
'

for f in objects/pack/x.idx objects/info/alternates config packed-refs \
	 refs/heads/stale HEAD; do
	test_expect "a FIFO as .git/$f: refused, no hang" '
		copy fifo && rm -f "$D/.git/'"$f"'" &&
		mkdir -p "$(dirname "$D/.git/'"$f"'")" && mkfifo "$D/.git/'"$f"'" &&
		expect_status 2 run list --no-cache --rev main "$D" 2>"$TMP/err" &&
		grep -q "'"$f"': not a regular file" "$TMP/err" &&
		test "$(wc -l <"$TMP/err")" = 1
	'
done

# peak KB of a command: its RSS as /usr/bin/time -f %M says.
peak() {
	/usr/bin/time -o "$TMP/peak" -f %M timeout 60 "$SPDXFS" "$@" \
		>/dev/null 2>&1
	cat "$TMP/peak" | tail -n 1
}

test_expect 'a 600 MB zlib bomb in a tiny repository: every command under 256 MB' '
	copy bomb && $CRAFT bomb "$O" "$C" 629145600 &&
	test "$(du -sk "$D" | cut -f1)" -lt 10240 &&
	for cmd in "list --no-cache --rev HEAD $D" "check --no-cache --rev HEAD $D" \
		   "export --format spdx-json --rev HEAD $D" \
		   "diff HEAD~1 HEAD $D" "history $D"; do
		kb=$(peak $cmd) && echo "$cmd: $kb KB" >>"$TMP/peaks" &&
		test "$kb" -lt 262144 || { cat "$TMP/peaks"; return 1; }
	done
'

test_done
