#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The real tree: Debian's linux-source-6.1, fetched by
# kernel-tree-scripts/fetch.  The figures asserted here are computed
# independently at test time (find, git, the tree's own spdxcheck.py),
# never written down.
. "$(dirname "$0")/lib.sh"

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
	cmp "$TMP/check" "$TMP/strict"
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

test_expect 'the tree is not modified (git status clean)' '
	test -z "$(git -C "$K" status --porcelain --ignored=no | head -1)"
'

test_done
