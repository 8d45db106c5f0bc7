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

# A forged loose blob read whole is caught by its hash; one longer than
# a scan's head is not read whole, so it is the cache that must keep it
# to its own repository.
test_expect 'a forged blob answers for its own repository, never for another' '
	copy forged &&
	{ printf "// SPDX-License-Identifier: MIT\n" &&
	  head -c 8000 /dev/zero | tr "\0" x; } >"$TMP/mit" &&
	$CRAFT loose "$O" "$A" blob 8032 "$TMP/mit" &&
	run list --rev HEAD "$D" | grep -q "^a.c	tagged	1	MIT$" &&
	run list --rev HEAD "$R" | cmp - "$TMP/good.list" &&
	run check --rev HEAD "$R" >/dev/null
'

test_expect 'a small forged blob: its hash is not its id, its file fails' '
	copy forged-small &&
	printf "// SPDX-License-Identifier: MIT\n" >"$TMP/mit" &&
	$CRAFT loose "$O" "$A" blob 32 "$TMP/mit" &&
	expect_status 2 run list --rev HEAD "$D" 2>"$TMP/err" &&
	grep -q "a.c: its object cannot be read" "$TMP/err"
'

# --no-cache: a.c's genuine result, cached by the first test, would
# answer before the object is read (main passed so, then crashed with
# --no-cache: libgit2 1.5.1 wrote past its buffer, issue 7177).
test_expect 'a loose object holding more than its header says: no overflow' '
	copy overlong &&
	head -c 4000 /dev/zero | tr "\0" x >"$TMP/long" &&
	$CRAFT loose "$O" "$A" blob 5 "$TMP/long" &&
	expect_status 2 run list --no-cache --rev HEAD "$D" 2>"$TMP/err" &&
	grep -q "a.c: its object cannot be read" "$TMP/err"
'

test_expect 'a truncated loose object: its file fails, no loop' '
	copy truncated && $CRAFT truncate "$O" "$B" &&
	expect_status 2 run list --no-cache --rev HEAD "$D" 2>"$TMP/err" &&
	grep -q "b.c: its object cannot be read" "$TMP/err"
'

# main handed the blob to libgit2, which looped, its memory growing
# (180-550 MB in 10 s, timed out); here each command fails a.c at once.
for len in 1 2 3; do
	test_expect "a REF_DELTA cycle of $len: its file fails, no loop, no growth" '
		copy cycle && rm -f "$O/${A%${A#??}}/${A#??}" &&
		$CRAFT cycle "$O/pack" "$A" '$len' &&
		for cmd in "list --no-cache --rev HEAD" history; do
			/usr/bin/time -o "$TMP/peak" -f %M timeout 10 \
				"$SPDXFS" $cmd "$D" >/dev/null 2>"$TMP/err"
			s=$? && kb=$(tail -n 1 "$TMP/peak") &&
			echo "$cmd: $s, $kb KB: $(cat "$TMP/err")" &&
			test "$s" = 2 && test "$kb" -lt 262144 &&
			grep -q "a.c: its object cannot be read" "$TMP/err" || return 1
		done
	'
done

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

# each_command CASE WANT [STAGED]: history, diff, export --rev and list
# --rev of $D, and check --staged in $W (a work tree whose .git holds the
# same hostile objects or files, its a.c staged anew as $S): each within
# 20 s, exit 2 with one line on stderr that has WANT in it; for check
# --staged, STAGED in it instead, or with STAGED "file" a failed file
# (a.c), exit 1.
each_command() {
	for cmd in "history $D" "diff HEAD~1 HEAD $D" \
		   "export --format spdx-json --rev HEAD $D" \
		   "list --no-cache --rev HEAD $D"; do
		run $cmd >/dev/null 2>"$TMP/err"; s=$?
		echo "$1: $cmd: $s: $(cat "$TMP/err")"
		test "$s" = 2 && test "$(wc -l <"$TMP/err")" = 1 &&
		grep -q "$2" "$TMP/err" || return 1
	done
	(cd "$W" && run check --staged) >"$TMP/out" 2>"$TMP/err"; s=$?
	echo "$1: check --staged: $s: $(cat "$TMP/err" "$TMP/out")"
	case ${3:-$2} in
	file) test "$s" = 1 && grep -q "^a.c: 0:0 cannot read" "$TMP/out" ;;
	*) test "$s" = 2 && test "$(wc -l <"$TMP/err")" = 1 &&
	   grep -q "${3:-$2}" "$TMP/err" ;;
	esac
}

# hostile NAME: copy NAME, and beside it $W, a work tree with a.c staged
# anew (its blob $S, loose), both to be made hostile the same way.
hostile() {
	copy "$1" && W=$TMP/$1-wt && rm -rf "$W" && cp -a "$R" "$W" &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\nint a2;\n" >"$W/a.c" &&
	git -C "$W" add a.c && S=$(git -C "$W" rev-parse :a.c) &&
	WO=$W/.git/objects
}

test_expect 'every command: a truncated loose blob fails its file, no loop' '
	hostile trunc-blob && $CRAFT truncate "$O" "$B" &&
	$CRAFT truncate "$WO" "$S" &&
	each_command trunc-blob "b.c: its object cannot be read" file
'

# Under ASan: libgit2 1.5.1's git_revparse_ext() leaks the reference it
# resolved when the commit's lookup fails (git_reference__alloc, 846
# bytes, once before exit), which LeakSanitizer turns into a failure.
test_expect 'every command: a truncated loose commit is one error, no loop' '
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" &&
	hostile trunc-commit && H=$(git -C "$D" rev-parse HEAD) &&
	$CRAFT truncate "$O" "$H" && $CRAFT truncate "$WO" "$H" &&
	each_command trunc-commit "loose object $H: cannot be read" \
		"cannot read HEAD"
'

test_expect 'every command: an overlong loose blob fails its file, no overflow' '
	hostile overlong-all && head -c 4000 /dev/zero | tr "\0" x >"$TMP/long" &&
	$CRAFT loose "$O" "$A" blob 5 "$TMP/long" &&
	$CRAFT loose "$WO" "$S" blob 5 "$TMP/long" &&
	each_command overlong-all "a.c: its object cannot be read" file
'

for f in objects/pack/x.idx objects/info/alternates config packed-refs \
	 refs/heads/stale HEAD; do
	test_expect "every command: a FIFO as .git/$f: refused, no hang" '
		hostile fifo-all && for d in "$D" "$W"; do
			rm -f "$d/.git/'"$f"'" &&
			mkdir -p "$(dirname "$d/.git/'"$f"'")" &&
			mkfifo "$d/.git/'"$f"'" || return 1
		done &&
		each_command fifo "'"$f"': not a regular file: refused"
	'
done

# bad_tree KIND: a copy whose HEAD is a commit on a root tree made by
# hand: "dup" holds a.c twice, "unsorted" b.c before a.c, "blobtree" a
# blob x and a tree x (x.c between them, where git's order puts it).
bad_tree() {
	copy "tree-$1" && L=$(git -C "$D" rev-parse HEAD:LICENSES) &&
	case $1 in
	dup) T=$($CRAFT tree "$O" 40000 LICENSES "$L" 100644 a.c "$A" \
		 100644 a.c "$B" 100644 b.c "$B") ;;
	unsorted) T=$($CRAFT tree "$O" 40000 LICENSES "$L" 100644 b.c "$B" \
		      100644 a.c "$A") ;;
	blobtree) T=$($CRAFT tree "$O" 40000 LICENSES "$L" 100644 x "$A" \
		      100644 x.c "$B" 40000 x "$L") ;;
	esac &&
	T=$(git -C "$D" commit-tree "$T" -p HEAD -m bad) &&
	git -C "$D" update-ref refs/heads/main "$T"
}

# main listed a.c twice, or a tree's files and a file of its name, and
# history counted one commit two ways (with and without -n 1).
for kind in dup unsorted blobtree; do
	test_expect "a tree with entries out of git's order ($kind): one error" '
		bad_tree '$kind' &&
		for cmd in "list --no-cache --rev HEAD" history "history -n 1" \
			   "diff HEAD~1 HEAD"; do
			run $cmd "$D" >/dev/null 2>"$TMP/err"; s=$? &&
			echo "$cmd: $s: $(cat "$TMP/err")" &&
			test "$s" = 2 && test "$(wc -l <"$TMP/err")" = 1 &&
			grep -q "tree /: entries out of git.s order or a name twice" \
				"$TMP/err" || return 1
		done
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
