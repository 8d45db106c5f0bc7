#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The real tree: Debian's linux-source-6.1, fetched by
# kernel-tree-scripts/fetch.  The figures asserted here are computed
# independently at test time (find, git, the tree's own spdxcheck.py),
# never written down.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

if ! kernel_tree; then
	test_skip "no kernel tree (kernel-tree-scripts/fetch failed)"
	test_done
	exit
fi
K=$KERNEL_TREE

"$SPDXFS" list "$K" >"$TMP/list"
"$SPDXFS" scan --json "$K" >"$TMP/summary.json"

test_expect 'every regular file is listed once, symlinks are counted' '
	(cd "$K" && find . -path ./.git -prune -o -type f -print) | sed "s|^\./||" | LC_ALL=C sort >"$TMP/find" &&
	cut -f1 "$TMP/list" >"$TMP/listed" &&
	cmp "$TMP/find" "$TMP/listed" &&
	nl=$(cd "$K" && find . -path ./.git -prune -o -type l -print | wc -l) &&
	python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert s[\"symlinks\"] == $nl and s[\"files\"] == $(wc -l <"$TMP/find"), (s[\"symlinks\"], s[\"files\"])" "$TMP/summary.json"
'

test_expect 'summary counts equal the counts of list' '
	cut -f2 "$TMP/list" | sort | uniq -c | awk "{ printf \"%s %s\n\", \$2, \$1 }" >"$TMP/from-list" &&
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
for k, v in sorted(s[\"status\"].items()):
    if v: print(k, v)
" "$TMP/summary.json" | sort >"$TMP/from-summary" &&
	sort "$TMP/from-list" | cmp - "$TMP/from-summary"
'

test_expect 'exactly one invalid file, the one spdxcheck reports, same reason' '
	expect_status 1 "$SPDXFS" check -w "$K" >"$TMP/check" &&
	expect_file "$TMP/check" <<X
drivers/cpufreq/amd-pstate-ut.c: 1:28 Invalid License ID: GPL-1.0-or-later
X
'

test_expect 'the tree'"'"'s own scripts/spdxcheck.py agrees, line for line' '
	if /usr/bin/python3 -c "import ply, git" 2>/dev/null; then
		(cd "$K" && /usr/bin/python3 scripts/spdxcheck.py) >"$TMP/spdxcheck" 2>&1;
		cmp "$TMP/spdxcheck" "$TMP/check"
	else
		echo "python3-ply and python3-git are needed" && false
	fi
'

test_expect '--kernel-strict finds nothing more on a tree spdxcheck accepts' '
	expect_status 1 "$SPDXFS" check -s -w "$K" >"$TMP/strict" &&
	cmp "$TMP/check" "$TMP/strict" &&
	expect_status 1 "$SPDXFS" check --spdx -w "$K" >"$TMP/spdx" &&
	cmp "$TMP/check" "$TMP/spdx"
'

# A kernel tree gets the kernel's rules by default; its files are all
# tracked, so checkpatch.pl's findings are warnings, and warnings are
# counted, one line per class, on stderr.
test_expect 'by default: spdxcheck'"'"'s one line on stdout, warnings by class on stderr' '
	expect_status 1 "$SPDXFS" check "$K" >"$TMP/default" 2>"$TMP/default.err" &&
	cmp "$TMP/check" "$TMP/default" &&
	grep -v "^warning: [0-9]* files\{0,1\}: " "$TMP/default.err" >"$TMP/other" &&
	expect_file "$TMP/other" <<X &&
hint: '"'"'spdxfs check -v'"'"' lists each warning
X
	test "$(wc -l <"$TMP/default.err")" -le 15 &&
	expect_status 1 "$SPDXFS" check -v "$K" >"$TMP/all" 2>"$TMP/all.err" &&
	test ! -s "$TMP/all.err" &&
	for c in "Missing or malformed SPDX-License-Identifier tag" \
		 "Improper SPDX comment style" "Misplaced SPDX-License-Identifier tag" \
		 "DT binding documents should be licensed" \
		 "/\* comment not closed on the tag line"; do
		n=$(grep -c "warning: $c" "$TMP/all") &&
		test "$n" -gt 0 &&
		grep -q "^warning: $n files: $c" "$TMP/default.err" || { echo "$c: $n"; return 1; }
	done
'

test_expect 'COPYING'"'"'s prose tag is no warning, in either reading' '
	expect_status 1 "$SPDXFS" check -v --spdx "$K" >"$TMP/spdx-all" &&
	! grep "^COPYING:" "$TMP/all" "$TMP/spdx-all"
'

# checkpatch.pl against "spdxfs check -v", on files of every kind.
# "checkpatch.pl -f FILE" checks a file whole, as spdxfs checks every
# file; it only notes the DT rule (CHECK, shown with --strict, which also
# writes a cache into the current directory: not used here).  A patch
# that adds files is what spdxfs's "new" files are: there every finding
# is a WARNING, and an error of spdxfs.
spdxfs_cp() {	# TREE FILE...: spdxfs's checkpatch.pl lines, as checkpatch prints them
	tree=$1
	shift
	"$SPDXFS" check -q -v --kernel "$tree" "$@" | grep " (scripts/checkpatch.pl)$" |
		sed -E "s/^([^:]*): ([0-9]+):[0-9]+ (warning: )?(.*) \(scripts\/checkpatch.pl\)$/\1:\2: \4/" |
		LC_ALL=C sort
}
checkpatch() {	# DIR ARG...: run in DIR, its WARNINGs as spdxfs_cp prints them
	dir=$1
	shift
	(cd "$dir" && perl "$K/scripts/checkpatch.pl" --no-tree --terse --no-summary \
		--types SPDX_LICENSE_TAG "$@") 2>>"$TMP/checkpatch.err" |
		sed -E "s/^([^:]*:[0-9]+): WARNING: /\1: /" | LC_ALL=C sort
}
# checkpatch.pl turns --strict on for drivers/net/, net/ and
# drivers/staging/, and then writes a cache file into its current
# directory: run it in a directory of links to the tree's top entries.
KLINKS=$TMP/klinks

C=$TMP/crafted
make_crafted() {
	license_file "$C/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only
	license_file "$C/LICENSES/dual" BSD-2-Clause BSD-2-Clause
	mkdir -p "$C/Documentation/devicetree/bindings"
	L="SPDX-License-Identifier:"
	cd "$C" || return 1
	printf "// $L GPL-2.0\nint a;\n" >a.c
	printf "/* $L GPL-2.0 */\nint b;\n" >block.c
	printf "// $L GPL-2.0\n" >slash.h
	printf "/* $L GPL-2.0 */\n" >ok.h
	printf "/* $L GPL-2.0 */\n" >ok.S
	printf "// $L GPL-2.0\n" >slash.S
	printf "# $L GPL-2.0\n" >hash.s
	printf "int untagged;\n" >untagged.c
	printf "#!/bin/sh\n# $L GPL-2.0\n" >run.sh
	printf "#!/bin/sh\n# x\n# $L GPL-2.0\n" >late.sh
	printf "#$L GPL-2.0\n" >nospace.py
	printf "#!/usr/bin/env python3\n# $L GPL-2.0\n" >tool
	printf ".. $L GPL-2.0\n" >doc.rst
	printf "$L GPL-2.0\n" >bare.rst
	printf "// $L GPL-2.0\n" >x.dts
	printf "/* $L GPL-2.0 */\n" >y.dtsi
	printf "// $L GPL-2.0\n" >z.rs
	printf "# $L GPL-2.0\n" >Documentation/devicetree/bindings/gpl.yaml
	printf "# $L (GPL-2.0-only OR BSD-2-Clause)\n" >Documentation/devicetree/bindings/dual.yaml
	printf "$L GPL-2.0\n" >Documentation/devicetree/bindings/bare.txt
	printf "\357\273\277// $L GPL-2.0\n" >bom.c
	printf "// $L GPL-2.0\n// $L GPL-2.0\n" >two.c
	printf " // $L GPL-2.0\n" >indent.c
	printf "The kernel\n\n\t$L GPL-2.0\n" >COPYING
	printf "# $L GPL-2.0\n" >x.awk
	printf "#!/bin/sh\n# $L GPL-2.0\n" >x.tc
	printf "#!/usr/bin/perl\n# $L GPL-2.0\n" >x.pl
	printf "//  $L GPL-2.0\n" >twospaces.c
	printf "// $L  GPL-2.0\n" >twoafter.c
	printf "/*\n * $L GPL-2.0\n */\n" >comment.h
	printf "// x\nint a; /* $L GPL-2.0 */\n" >code.c
	printf "// x\n# $L GPL-2.0\n" >hash.S
	printf "/* $L GPL-2.0 OR BSD-2-Clause OR GPL-2.0 */\n" >three.h
	printf "#!/bin/sh\n\n# $L GPL-2.0\n" >gap.sh
	printf "Kconfig text\n# $L GPL-2.0\n" >Kconfig
	cd - >/dev/null
}

test_expect 'checkpatch.pl -f agrees: a file of every kind' '
	make_crafted &&
	(cd "$C" && find . -type f ! -path "./LICENSES/*" | sed "s|^\./||" | LC_ALL=C sort) >"$TMP/crafted.files" &&
	checkpatch "$C" -f $(cat "$TMP/crafted.files") >"$TMP/cp.theirs" &&
	test "$(wc -l <"$TMP/cp.theirs")" -ge 25 &&
	spdxfs_cp "$C" $(cat "$TMP/crafted.files") | grep -v ": DT binding" >"$TMP/cp.mine" &&
	diff -u "$TMP/cp.theirs" "$TMP/cp.mine"
'

test_expect 'checkpatch.pl on a patch adding them: its warnings are spdxfs'"'"'s errors' '
	git -C "$C" init -q && git -C "$C" add LICENSES &&
	git -C "$C" -c user.name=t -c user.email=t@example.org commit -q -m licenses &&
	rm -rf "$TMP/cpatch" && cp -a "$C" "$TMP/cpatch" &&
	git -C "$TMP/cpatch" add . && git -C "$TMP/cpatch" diff --cached >"$TMP/add.patch" &&
	checkpatch "$TMP" --showfile "$TMP/add.patch" >"$TMP/cpp.theirs" &&
	grep -q ": DT binding documents" "$TMP/cpp.theirs" &&
	expect_status 1 "$SPDXFS" check -q --kernel "$C" >"$TMP/cpp.out" &&
	grep " (scripts/checkpatch.pl)$" "$TMP/cpp.out" |
		sed -E "s/^([^:]*): ([0-9]+):[0-9]+ (.*) \(scripts\/checkpatch.pl\)$/\1:\2: \3/" |
		LC_ALL=C sort >"$TMP/cpp.mine" &&
	diff -u "$TMP/cpp.theirs" "$TMP/cpp.mine"
'

# The first three files of each checkpatch.pl class spdxfs reports, and
# every 4000th file of a type checkpatch.pl knows, empty files left out
# (checkpatch.pl stops at one).
test_expect 'checkpatch.pl agrees: a sample of the tree'"'"'s files' '
	for c in "Missing or malformed" "Improper SPDX comment style" \
		 "Misplaced SPDX" "DT binding documents"; do
		grep "warning: $c" "$TMP/all" | cut -d: -f1 | head -n 3 || return 1
	done >"$TMP/sample" &&
	git -C "$K" ls-files | grep -E "\.(c|h|S|rs|dts|dtsi|sh|pl|py|awk|tc|yaml|rst)$" |
		awk "NR % 4000 == 1" >>"$TMP/sample" &&
	LC_ALL=C sort -u "$TMP/sample" | while IFS= read -r f; do
		[ -f "$K/$f" ] && [ ! -L "$K/$f" ] && [ -s "$K/$f" ] && echo "$f"
	done >"$TMP/sample.files" &&
	test "$(wc -l <"$TMP/sample.files")" -ge 25 &&
	mkdir -p "$KLINKS" && for e in "$K"/*; do ln -sf "$e" "$KLINKS/"; done &&
	checkpatch "$KLINKS" -f $(cat "$TMP/sample.files") >"$TMP/cps.theirs" &&
	spdxfs_cp "$K" $(cat "$TMP/sample.files") | grep -v ": DT binding" >"$TMP/cps.mine" &&
	test -s "$TMP/cps.theirs" &&
	diff -u "$TMP/cps.theirs" "$TMP/cps.mine"
'

# spdxcheck matches "dir/" rules as a plain prefix too, so "kernel/configs/"
# also excludes kernel/configs.c: spdxfs keeps that quirk, to agree with it.
test_expect 'excluded files are exactly what scripts/spdxexclude names' '
	awk -F"\t" "\$2 == \"excluded\" { print \$1 }" "$TMP/list" >"$TMP/excluded" &&
	grep -qx "kernel/configs.c" "$TMP/excluded" &&
	grep -v "^LICENSES/" "$TMP/excluded" | grep -v -e "^kernel/configs" -e "^arch/[^/]*/configs/" \
		-e "/license-rules.rst$" -e "^CREDITS$" -e "^MAINTAINERS$" -e "^README$" >"$TMP/unexplained";
	test ! -s "$TMP/unexplained" &&
	test "$(grep -c "^LICENSES/" "$TMP/excluded")" -eq "$(cd "$K" && find LICENSES -type f | wc -l)"
'

test_expect 'lowercase operators: the count equals the expressions with lowercase ones' '
	n=$(awk -F"\t" "(\$2 == \"tagged\" || \$2 == \"misplaced\") && \$4 ~ / (or|and|with) /" "$TMP/list" | wc -l) &&
	python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert s[\"lowercase_operators\"] == $n, (s[\"lowercase_operators\"], $n)" "$TMP/summary.json"
'

test_expect 'uapi counts equal the uapi paths of list' '
	n=$(awk -F"\t" "\$1 ~ /(^|\/)uapi(\/|$)/" "$TMP/list" | wc -l) &&
	u=$(awk -F"\t" "\$1 ~ /(^|\/)uapi(\/|$)/ && \$2 == \"untagged\"" "$TMP/list" | wc -l) &&
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
assert s[\"uapi\"][\"files\"] == $n and s[\"uapi\"][\"status\"][\"untagged\"] == $u, s[\"uapi\"]
" "$TMP/summary.json"
'

# scripts/headers_install.sh refuses a header whose tag line has "GPL-"
# and not "WITH Linux-syscall-note": the summary counts those headers.
test_expect 'uapi headers without the syscall note: those headers_install.sh refuses' '
	awk -F"\t" "\$1 ~ /(^|\/)uapi\/(.*\/)?[^\/]*\.h$/ && (\$2 == \"tagged\" || \$2 == \"misplaced\") && \$4 ~ /GPL-/ && \$4 !~ /WITH Linux-syscall-note/" \
		"$TMP/list" >"$TMP/nonote" &&
	test -s "$TMP/nonote" &&
	python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert s[\"uapi\"][\"without_syscall_note\"] == $(wc -l <"$TMP/nonote"), s[\"uapi\"]" "$TMP/summary.json"
'

test_expect 'a rescan with the saved index gives the same list' '
	"$SPDXFS" list "$K" | cmp - "$TMP/list" &&
	"$SPDXFS" list --no-cache "$K" | cmp - "$TMP/list"
'

# git tracks everything in the tree, 56 symlinks too (some alone in their
# directory): with its index unchanged, a rescan does not read it.
test_expect 'a rescan reads no git index: the saved index says what git tracks' '
	if ! command -v strace >/dev/null; then
		echo "strace is needed" >&2 &&
		false
	fi &&
	ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=openat,openat2 \
		-o "$TMP/rescan.trace" "$SPDXFS" list "$K" >"$TMP/list2" &&
	cmp "$TMP/list" "$TMP/list2" &&
	grep -q "\.idx\"," "$TMP/rescan.trace" &&
	! grep -q "\"index\"," "$TMP/rescan.trace"
'

test_expect 'a subdirectory: its files alone, validated against the root' '
	(cd "$K/drivers" && expect_status 1 "$SPDXFS" check -w) >"$TMP/drivers" &&
	cmp "$TMP/check" "$TMP/drivers" &&
	expect_status 0 "$SPDXFS" check -w "$K/kernel" >"$TMP/kernel" &&
	test ! -s "$TMP/kernel" &&
	"$SPDXFS" list "$K/drivers" >"$TMP/drivers.list" &&
	grep "^drivers/" "$TMP/list" | cmp - "$TMP/drivers.list"
'

test_expect 'git ls-files | xargs spdxfs check -w . : the symlinks said, the rest checked' '
	(cd "$K" && git ls-files | xargs -s 1000000 "$SPDXFS" check -w .) \
		>"$TMP/xargs" 2>"$TMP/xargs.err";
	test $? = 123 && cmp "$TMP/check" "$TMP/xargs" &&
	grep -qx "spdxfs: Documentation/Changes: a symlink, not followed" "$TMP/xargs.err" &&
	test "$(grep -vc ": a symlink, not followed$" "$TMP/xargs.err")" = 0 &&
	test "$(wc -l <"$TMP/xargs.err")" = "$(cd "$K" && git ls-files -s | grep -c "^120000")"
'

test_expect 'the tree is not modified (git status clean, nothing ignored added)' '
	test -z "$(git -C "$K" status --porcelain --ignored | head -1)"
'

test_done
