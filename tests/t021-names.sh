#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Hostile file names through every output: a name that holds a newline
# and tabs shaped like a record, one that is not UTF-8, quotes,
# backslashes, an escape sequence.  Text output quotes them as git does
# (compared with git ls-files itself), -z gives them raw and NUL-ended,
# JSON stays valid and maps back to the original bytes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
B=$TMP/build
M=$TMP/mnt

forged=$(printf 'zz\nspoofed.c\ttagged\t1\tGPL-2.0')
latin=$(printf 'lat\351n.c')
utf8=$(printf 'caf\303\251.c')
esc=$(printf 'esc\033[31mred.c')
nldir=$(printf 'dir\nname')
tabh=$(printf 'u\tapi.h')

make_tree() {
	license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only &&
	license_file "$T/LICENSES/preferred" MIT MIT &&
	mkdir -p "$T/$nldir" "$T/include/uapi" "$M" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n' >"$T/ok.c" &&
	printf 'int x;\n' >"$T/$forged" &&
	printf 'int x;\n' >"$T/$latin" &&
	printf 'int x;\n' >"$T/$esc" &&
	printf 'int x;\n' >"$T/$nldir/x.c" &&
	printf '// SPDX-License-Identifier: MIT\n' >"$T/$utf8" &&
	printf '// SPDX-License-Identifier: GPL-1.0\n' >"$T/q\"uote.c" &&
	printf '/*\n * SPDX-License-Identifier: GPL-2.0\n */\n' >"$T/back\\slash.c" &&
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n' >"$T/include/uapi/$tabh"
}

# A build directory whose vmlinux has four of those files.
make_build() {
	mkdir -p "$B/init" && ln -s "$T" "$B/source" && : >"$B/init/main.o" &&
	printf 'source_init/main.o := %s/ok.c\n\ndeps_init/main.o := \\\n  %s \\\n  %s \\\n  %s \\\n  %s \\\n\n' \
		"$T" "$T/$latin" "$T/q\"uote.c" "$T/$utf8" "$T/include/uapi/$tabh" \
		>"$B/init/.main.o.cmd" &&
	echo "cmd_vmlinux.o := ld -r -o vmlinux.o --whole-archive vmlinux.a" >"$B/.vmlinux.o.cmd" &&
	(cd "$B" && ar cDPrST built-in.a init/main.o && ar cDPrST vmlinux.a ./built-in.a)
}

# z_records FILE N: FILE's NUL-ended fields, N to a record, one record
# per line as Python reprs of the bytes, so that every byte shows.
z_records() {
	python3 -c '
import sys
data = open(sys.argv[1], "rb").read()
assert data.endswith(b"\0"), "the last record ends in NUL"
f = data[:-1].split(b"\0")
n = int(sys.argv[2])
assert len(f) % n == 0, (len(f), f)
for i in range(0, len(f), n):
    print(" ".join(repr(x) for x in f[i:i + n]))
' "$1" "$2"
}

make_tree && make_build || exit 1

test_expect 'list: each unusual name quoted, one line per file, exact' '
	"$SPDXFS" list "$T" >"$TMP/list" &&
	test "$(wc -l <"$TMP/list")" -eq 11 &&
	! grep -q "^spoofed" "$TMP/list" &&
	sed "s/\t/|/g" "$TMP/list" >"$TMP/list.bar" &&
	expect_file "$TMP/list.bar" <<-\X
	LICENSES/preferred/GPL-2.0|excluded|0|
	LICENSES/preferred/MIT|excluded|0|
	"back\\slash.c"|misplaced|2|GPL-2.0
	"caf\303\251.c"|tagged|1|MIT
	"dir\nname/x.c"|untagged|0|
	"esc\033[31mred.c"|untagged|0|
	"include/uapi/u\tapi.h"|tagged|1|GPL-2.0
	"lat\351n.c"|untagged|0|
	ok.c|tagged|1|GPL-2.0
	"q\"uote.c"|invalid|1|GPL-1.0
	"zz\nspoofed.c\ttagged\t1\tGPL-2.0"|untagged|0|
	X
'

test_expect 'list: the paths are what git ls-files prints' '
	cp -a "$T" "$TMP/git" &&
	git -C "$TMP/git" init -q && git -C "$TMP/git" add -A &&
	git -C "$TMP/git" ls-files >"$TMP/git.ls" &&
	"$SPDXFS" list "$TMP/git" | cut -f1 >"$TMP/spdxfs.ls" &&
	cmp "$TMP/git.ls" "$TMP/spdxfs.ls"
'

test_expect 'list -z: the raw names, NUL after the path and the record' '
	"$SPDXFS" list -z "$T" >"$TMP/list.z" &&
	z_records "$TMP/list.z" 2 >"$TMP/list.z.txt" &&
	expect_file "$TMP/list.z.txt" <<-\X
	b'"'"'LICENSES/preferred/GPL-2.0'"'"' b'"'"'excluded\t0\t'"'"'
	b'"'"'LICENSES/preferred/MIT'"'"' b'"'"'excluded\t0\t'"'"'
	b'"'"'back\\slash.c'"'"' b'"'"'misplaced\t2\tGPL-2.0'"'"'
	b'"'"'caf\xc3\xa9.c'"'"' b'"'"'tagged\t1\tMIT'"'"'
	b'"'"'dir\nname/x.c'"'"' b'"'"'untagged\t0\t'"'"'
	b'"'"'esc\x1b[31mred.c'"'"' b'"'"'untagged\t0\t'"'"'
	b'"'"'include/uapi/u\tapi.h'"'"' b'"'"'tagged\t1\tGPL-2.0'"'"'
	b'"'"'lat\xe9n.c'"'"' b'"'"'untagged\t0\t'"'"'
	b'"'"'ok.c'"'"' b'"'"'tagged\t1\tGPL-2.0'"'"'
	b'"'"'q"uote.c'"'"' b'"'"'invalid\t1\tGPL-1.0'"'"'
	b'"'"'zz\nspoofed.c\ttagged\t1\tGPL-2.0'"'"' b'"'"'untagged\t0\t'"'"'
	X
'

test_expect 'check: diagnostics name the files quoted' '
	expect_status 1 "$SPDXFS" check -v "$T" >"$TMP/check" &&
	expect_file "$TMP/check" <<-\X
	"back\\slash.c": 2:28 warning: tag on line 2, expected on line 1
	"q\"uote.c": 1:28 Invalid License ID: GPL-1.0
	X
'

test_expect 'check -z: raw names, NUL-ended' '
	expect_status 1 "$SPDXFS" check -v -z "$T" >"$TMP/check.z" &&
	z_records "$TMP/check.z" 2 >"$TMP/check.z.txt" &&
	expect_file "$TMP/check.z.txt" <<-\X
	b'"'"'back\\slash.c'"'"' b'"'"'2:28 warning: tag on line 2, expected on line 1'"'"'
	b'"'"'q"uote.c'"'"' b'"'"'1:28 Invalid License ID: GPL-1.0'"'"'
	X
'

test_expect 'check PATH takes a raw name; one that is not there is quoted' '
	expect_status 1 "$SPDXFS" check "$T" "q\"uote.c" "$nldir" >"$TMP/one" &&
	expect_file "$TMP/one" <<-\X &&
	"q\"uote.c": 1:28 Invalid License ID: GPL-1.0
	X
	expect_status 2 "$SPDXFS" check "$T" "$nldir/y.c" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" && test "$(wc -l <"$TMP/err")" -eq 1 &&
	grep -q "^spdxfs: \"dir\\\\nname/y.c\": no such file in $T\$" "$TMP/err"
'

test_expect 'check -f: quoted; with -z raw' '
	expect_status 1 "$SPDXFS" check -f "$T" >"$TMP/files" &&
	expect_file "$TMP/files" <<-\X &&
	"dir\nname/x.c"
	"esc\033[31mred.c"
	"lat\351n.c"
	"q\"uote.c"
	"zz\nspoofed.c\ttagged\t1\tGPL-2.0"
	X
	expect_status 1 "$SPDXFS" check -f -z "$T" >"$TMP/files.z" &&
	z_records "$TMP/files.z" 1 >"$TMP/files.z.txt" &&
	expect_file "$TMP/files.z.txt" <<-\X
	b'"'"'dir\nname/x.c'"'"'
	b'"'"'esc\x1b[31mred.c'"'"'
	b'"'"'lat\xe9n.c'"'"'
	b'"'"'q"uote.c'"'"'
	b'"'"'zz\nspoofed.c\ttagged\t1\tGPL-2.0'"'"'
	X
'

test_expect 'check -d: the directory quoted; with -z raw and no header' '
	expect_status 1 "$SPDXFS" check -d "$T" >"$TMP/dirs" &&
	sed "s/  */ /g" "$TMP/dirs" >"$TMP/dirs.s" &&
	expect_file "$TMP/dirs.s" <<-\X &&
	Incomplete directories: SPDX in Files
	 ./ : 3 of 7 42%
	 "./dir\nname/" : 0 of 1 0%
	X
	expect_status 1 "$SPDXFS" check -d -z "$T" >"$TMP/dirs.z" &&
	z_records "$TMP/dirs.z" 2 >"$TMP/dirs.z.txt" &&
	expect_file "$TMP/dirs.z.txt" <<-\X
	b'"'"'./'"'"' b'"'"'3 of 7 42%'"'"'
	b'"'"'./dir\nname/'"'"' b'"'"'0 of 1 0%'"'"'
	X
'

test_expect 'scan: the summary names no path' '
	"$SPDXFS" scan "$T" >"$TMP/summary" &&
	! grep -q -e spoofed -e lat -e esc -e "u.api" "$TMP/summary"
'

test_expect 'built --list and built: quoted; --list -z raw' '
	expect_status 1 "$SPDXFS" built --list "$B" >"$TMP/built" &&
	sed "s/\t/|/g" "$TMP/built" >"$TMP/built.bar" &&
	expect_file "$TMP/built.bar" <<-\X &&
	"caf\303\251.c"|tagged|1|MIT
	"include/uapi/u\tapi.h"|tagged|1|GPL-2.0
	"lat\351n.c"|untagged|0|
	ok.c|tagged|1|GPL-2.0
	"q\"uote.c"|invalid|1|GPL-1.0
	X
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/built.sum" &&
	sed -n "/^files without a valid tag/,\$p" "$TMP/built.sum" >"$TMP/lacking" &&
	expect_file "$TMP/lacking" <<-\X &&
	files without a valid tag
	  "lat\351n.c"	untagged
	  "q\"uote.c"	invalid
	X
	expect_status 1 "$SPDXFS" built --list -z "$B" >"$TMP/built.z" &&
	z_records "$TMP/built.z" 2 | head -n 3 >"$TMP/built.z.txt" &&
	expect_file "$TMP/built.z.txt" <<-\X
	b'"'"'caf\xc3\xa9.c'"'"' b'"'"'tagged\t1\tMIT'"'"'
	b'"'"'include/uapi/u\tapi.h'"'"' b'"'"'tagged\t1\tGPL-2.0'"'"'
	b'"'"'lat\xe9n.c'"'"' b'"'"'untagged\t0\t'"'"'
	X
'

test_expect 'every --json output: jq reads it, and the paths map back to the bytes' '
	for args in "list --json $T" "scan --json $T" "check --json $T" \
		    "check -f --json $T" "check -d --json $T" \
		    "built --list --json $B" "built --json $B"; do
		"$SPDXFS" $args >"$TMP/out.json";
		jq -e . "$TMP/out.json" >/dev/null || { echo "jq: $args"; exit 1; } &&
		python3 -c "
import json, sys
json.loads(open(sys.argv[1], \"rb\").read().decode(\"utf-8\"))
" "$TMP/out.json" || { echo "not UTF-8: $args"; exit 1; }
	done &&
	"$SPDXFS" list --json "$T" >"$TMP/list.json" &&
	expect_status 1 "$SPDXFS" check -f --json "$T" >"$TMP/files.json" &&
	expect_status 1 "$SPDXFS" built --list --json "$B" >"$TMP/built.json" &&
	python3 -c "
import json, os, sys
t = os.fsencode(sys.argv[1])
def raw(s): return s.encode(\"utf-8\", \"surrogateescape\")
want = sorted(os.path.relpath(os.path.join(d, f), t)
              for d, _, fs in os.walk(t) for f in fs)
got = [raw(x[\"path\"]) for x in json.load(open(sys.argv[2]))[\"files\"]]
assert got == want, (got, want)
lacking = [raw(p) for p in json.load(open(sys.argv[3]))[\"files\"]]
assert b\"lat\\xe9n.c\" in lacking and b\"zz\\nspoofed.c\\ttagged\\t1\\tGPL-2.0\" in lacking, lacking
built = [raw(x[\"path\"]) for x in json.load(open(sys.argv[4]))[\"files\"]]
assert built == [b\"caf\\xc3\\xa9.c\", b\"include/uapi/u\\tapi.h\", b\"lat\\xe9n.c\", b\"ok.c\", b\"q\\\"uote.c\"], built
" "$T" "$TMP/list.json" "$TMP/files.json" "$TMP/built.json" &&
	grep -q "\"lat\\\\udce9n.c\"" "$TMP/list.json"
'

start_daemon "$M" "$T" "$M"

test_expect 'the mount: backlog and WITHOUT-SYSCALL-NOTE quote the names' '
	wait_mounted "$M" &&
	expect_file "$M/backlog" <<-\X &&
	untagged    files  directory
	       3        7  ./
	       1        1  "./dir\nname/"
	X
	expect_file "$M/uapi/WITHOUT-SYSCALL-NOTE" <<-\X &&
	"include/uapi/u\tapi.h"
	X
	jq -e .files "$M/summary.json" >/dev/null
'

stop_daemon "$M"

test_expect 'the daemon exits 0' 'expect_clean_exit "$M"'

test_done
