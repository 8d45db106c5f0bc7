#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built: the files of a kernel image from a build directory's
# records, on a fixture build directory made the way kbuild makes one
# (thin archives, .cmd records with source_ and deps_, a source symlink).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"

test_expect 'built --list: the tree files of the image, exact' '
	expect_status 1 "$SPDXFS" built --list "$B" >"$TMP/list" &&
	sed "s/\t/|/g" "$TMP/list" >"$TMP/list.bar" &&
	expect_file "$TMP/list.bar" <<X
a.c|tagged|1|GPL-2.0
b.h|tagged|1|GPL-2.0 OR MIT
drivers/bad.c|invalid|1|GPL-1.0-or-later
drivers/lower.c|tagged|1|GPL-2.0 or MIT
drivers/net/untagged.c|untagged|0|
include/uapi/linux/x.h|tagged|1|GPL-2.0 WITH Linux-syscall-note
two.c|tagged|1|GPL-2.0
X
'

test_expect 'built: summary line, counts, and the files to fix' '
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/sum" &&
	head -n 1 "$TMP/sum" >"$TMP/first" &&
	expect_file "$TMP/first" <<X &&
built into vmlinux: 7 tree files from 4 objects (1 generated files outside the tree, 0 not indexed)
X
	sed -n "2p" "$TMP/sum" >"$TMP/why" &&
	expect_file "$TMP/why" <<X &&
why: 6 compiled, 0 embedded, 1 linker-script, 0 generator-input
X
	sed -n "/^files without a valid tag/,\$p" "$TMP/sum" >"$TMP/lacking" &&
	expect_file "$TMP/lacking" <<X
files without a valid tag
  drivers/bad.c	invalid
  drivers/net/untagged.c	untagged

files not compiled into vmlinux itself
  drivers/lower.c	linker-script	tagged
X
'

test_expect 'built --json agrees' '
	expect_status 1 "$SPDXFS" built --json "$B" >"$TMP/sum.json" &&
	jq -e .files "$TMP/sum.json" >/dev/null &&
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
assert s[\"files\"] == 7 and s[\"status\"][\"untagged\"] == 1 and s[\"status\"][\"invalid\"] == 1, s
lic = {l[\"name\"]: l[\"files\"] for l in s[\"licenses\"]}
assert lic[\"GPL-2.0\"] == 5 and lic[\"MIT\"] == 2 and lic[\"Linux-syscall-note\"] == 1, lic
" "$TMP/sum.json"
'

test_expect 'built --list --json: the records of list --json for those files' '
	expect_status 1 "$SPDXFS" built --list --json "$B" >"$TMP/list.json" &&
	"$SPDXFS" list --json "$T" >"$TMP/all.json" &&
	jq -c ".files[]" "$TMP/list.json" >"$TMP/records" &&
	test "$(wc -l <"$TMP/records")" -eq 7 &&
	jq -c --slurpfile b "$TMP/list.json" \
		".files[] | select(.path as \$p | \$b[0].files | map(.path) | index(\$p))" \
		"$TMP/all.json" | cmp - "$TMP/records" &&
	jq -r ".files[] | \"\(.path)|\(.status)|\(.line)|\(.expression // \"\")\"" \
		"$TMP/list.json" | cmp - "$TMP/list.bar"
'

test_expect 'built --list -z: NUL after each path and each record' '
	expect_status 1 "$SPDXFS" built --list -z "$B" >"$TMP/list.z" &&
	tr "\0\t" "|:" <"$TMP/list.z" >"$TMP/list.z.bar" &&
	printf "%s" "a.c|tagged:1:GPL-2.0|b.h|tagged:1:GPL-2.0 OR MIT|" \
		"drivers/bad.c|invalid:1:GPL-1.0-or-later|drivers/lower.c|tagged:1:GPL-2.0 or MIT|" \
		"drivers/net/untagged.c|untagged:0:|" \
		"include/uapi/linux/x.h|tagged:1:GPL-2.0 WITH Linux-syscall-note|" \
		"two.c|tagged:1:GPL-2.0|" | cmp - "$TMP/list.z.bar" &&
	expect_status 2 "$SPDXFS" built -z "$B" 2>"$TMP/err" &&
	grep -q "^usage: spdxfs built" "$TMP/err"
'

test_expect 'a tree whose built files are all tagged exits 0' '
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/drivers/net/untagged.c" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/drivers/bad.c" &&
	expect_status 0 "$SPDXFS" built "$B" >/dev/null
'

test_expect 'not a build directory: one line, exit 2' '
	expect_status 2 "$SPDXFS" built "$T" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: $T: no vmlinux.a: not a built kernel build directory
X
'

# Issue 25, item 8: a FIFO in a build directory is never opened for
# reading (it would block for ever), only reported.
test_expect 'a FIFO as a record, an archive or the link record: exit 2 at once' '
	F=$TMP/fifo &&
	cp -a "$B" "$F" &&
	for f in drivers/.x.o.cmd lib/lib.a .vmlinux.o.cmd vmlinux.a; do
		rm "$F/$f" && mkfifo "$F/$f" &&
		expect_status 2 timeout 10 "$SPDXFS" built "$F" 2>"$TMP/err" &&
		echo "spdxfs: $F/$f: not a regular file" >"$TMP/want" &&
		cmp "$TMP/want" "$TMP/err" &&
		rm "$F/$f" && cp -a "$B/$f" "$F/$f" || return 1
	done
'

# Issue 25, item 10: thin archives read strictly.  ar_file NAME HEADER...:
# "!<thin>\n" and 60-byte headers "NAME:SIZE" (a stored table's data
# follows as "+DATA"), as a crafted or corrupt vmlinux.a would hold.
ar_file() {
	python3 - "$@" <<'PY'
import sys
out = b"!<thin>\n"
for a in sys.argv[2:]:
    if a.startswith("+"):
        out += a[1:].encode().replace(b"|", b"\n")
        continue
    name, size = a.rsplit(":", 1)
    out += b"%-16s%-12s%-6s%-6s%-8s%-10s`\n" % (name.encode(), b"0", b"0", b"0", b"644", size.encode())
open(sys.argv[1], "wb").write(out)
PY
}

test_expect 'a crafted or corrupt vmlinux.a: exit 2, one line naming the offset' '
	F=$TMP/ar &&
	cp -a "$B" "$F" &&
	rm "$F/vmlinux.a" &&
	for c in "//:-1 /99999:0 => offset 8: a member size that is no number" \
		 "//:-60 /0:0 => offset 8: a member size that is no number" \
		 "//:9999 +init/main.o/|drivers/x.o/| /0:0 /13:0 => offset 8: member data past the end of the archive" \
		 "//:26 +init/main.o/|drivers/x.o/| /0:0 /13:0 +/1x => offset 214: a member header cut short" \
		 "//:26 +init/main.o/|drivers/x.o/| /0:0 /26:0 => offset 154: a member name past the long-names table" \
		 "//:26 +init/main.o/|drivers/x.o/| /0:0 /25:0 => offset 154: a long name not ended by \"/\\n\"" \
		 "//:26 +init/main.o/|drivers/x.o/| //:0 /0:0 => offset 94: a second long-names table" \
		 "init/main.o:0 /0:0 => offset 8: a bad member name" \
		 "//:12 +../../xy.o/| /0:0 => $F/vmlinux.a: member ../../xy.o: outside the build directory"; do
		msg=${c#* => } &&
		ar_file "$F/vmlinux.a" ${c%% => *} &&
		expect_status 2 timeout 10 "$SPDXFS" built "$F" 2>"$TMP/err" &&
		case $msg in
		/*) printf "spdxfs: %s\n" "$msg" ;;
		*) printf "spdxfs: %s/vmlinux.a: %s\n" "$F" "$msg" ;;
		esac >"$TMP/want" &&
		diff -u "$TMP/want" "$TMP/err" || return 1
	done &&
	ar_file "$F/vmlinux.a" //:26 +init/main.o/\|drivers/x.o/\| /0:0 /13:0 &&
	expect_status 0 "$SPDXFS" built "$F" >"$TMP/out" &&
	head -n 1 "$TMP/out" >"$TMP/first" &&
	expect_file "$TMP/first" <<X
built into vmlinux: 7 tree files from 4 objects (1 generated files outside the tree, 0 not indexed)
X
'

# Issue 25, item 12: a record naming a path outside both the tree and
# the build directory ("/etc/shadow") never counts as generated: it is
# left out, counted, and named in a warning.
test_expect 'paths outside the tree and the build directory: left out, said so' '
	O=$TMP/outside &&
	cp -a "$B" "$O" &&
	printf "source_lib/y.o := /etc/shadow\n\ndeps_lib/y.o := \\\\\n  ../../etc/passwd \\\\\n  %s/two.c \\\\\n\n" "$T" >"$O/lib/.y.o.cmd" &&
	expect_status 0 "$SPDXFS" built "$O" >"$TMP/out" 2>"$TMP/err" &&
	head -n 1 "$TMP/out" >"$TMP/first" &&
	expect_file "$TMP/first" <<X &&
built into vmlinux: 7 tree files from 4 objects (1 generated files outside the tree, 0 not indexed, 2 paths outside the tree and the build directory left out)
X
	expect_file "$TMP/err" <<X &&
spdxfs: warning: $O: 2 paths outside the tree and the build directory left out, never read: /etc/shadow
X
	expect_status 0 "$SPDXFS" built --list "$O" >"$TMP/list" 2>/dev/null &&
	! grep -e shadow -e passwd "$TMP/list"
'

test_done
