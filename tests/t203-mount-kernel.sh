#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs mount on the real 6.1 tree: the counts in the views equal those
# of spdxfs list and spdxfs scan, the generated files equal the CLI's
# output, and files read back as the tree's.  The tree is only read.
. "$(dirname "$0")/lib.sh"

if ! kernel_tree; then
	test_skip "the 6.1 kernel tree is not available"
	test_done
	exit
fi
T=$KERNEL_TREE
M=$TMP/mnt
mkdir "$M" || exit 1

"$SPDXFS" list "$T" >"$TMP/list" || exit 1
"$SPDXFS" scan --json "$T" >"$TMP/scan.json" || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'the 6.1 tree mounts' 'wait_mounted "$M" 400'

# count_files DIR: regular files below DIR.
count_files() {
	find "$1" -type f | wc -l
}

for st in untagged misplaced invalid; do
	test_expect "$st/ holds every $st file of spdxfs list" '
		awk -F"\t" -v st='"$st"' "\$2 == st { print \$1 }" "$TMP/list" >"$TMP/want" &&
		test -s "$TMP/want" &&
		(cd "$M/'"$st"'" && find . -type f | sed "s,^\./,," | LC_ALL=C sort) >"$TMP/got" &&
		LC_ALL=C sort "$TMP/want" | cmp - "$TMP/got"
	'
done

test_expect 'uapi/ holds every file with a uapi component' '
	awk -F"\t" "\$1 ~ /(^|\/)uapi(\/|$)/ { print \$1 }" "$TMP/list" | LC_ALL=C sort >"$TMP/want" &&
	(cd "$M/uapi" && find . -type f ! -path ./WITHOUT-SYSCALL-NOTE | sed "s,^\./,," | LC_ALL=C sort) >"$TMP/got" &&
	cmp "$TMP/want" "$TMP/got" &&
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d[\"uapi\"][\"files\"]); print(d[\"uapi\"][\"without_syscall_note\"])" \
		"$TMP/scan.json" >"$TMP/uapi" &&
	{ wc -l <"$TMP/got"; wc -l <"$M/uapi/WITHOUT-SYSCALL-NOTE"; } | cmp - "$TMP/uapi"
'

test_expect 'by-license/NAME counts equal the summary'"'"'s per-license counts' '
	python3 -c "import json,sys
for l in json.load(open(sys.argv[1]))[\"licenses\"]: print(l[\"name\"], l[\"files\"])" \
		"$TMP/scan.json" >"$TMP/want" &&
	test "$(wc -l <"$TMP/want")" -ge 15 &&
	ls "$M/by-license" | while read -r name; do
		echo "$name $(count_files "$M/by-license/$name")"
	done >"$TMP/got" &&
	LC_ALL=C sort "$TMP/want" | diff - "$TMP/got"
'

test_expect 'by-license/GPL-2.0 holds the files whose tag names a GPL-2.0 id' '
	awk -F"\t" "(\$2 == \"tagged\" || \$2 == \"misplaced\") && \$4 ~ /GPL-2\.0([^.0-9]|$)/ && \$4 !~ /LGPL-2\.0/ { print \$1 }" \
		"$TMP/list" | LC_ALL=C sort >"$TMP/want" &&
	(cd "$M/by-license/GPL-2.0" && find . -type f | sed "s,^\./,," | LC_ALL=C sort) >"$TMP/got" &&
	wc -l <"$TMP/got" &&
	cmp "$TMP/want" "$TMP/got"
'

test_expect 'summary and summary.json are spdxfs scan'"'"'s output' '
	"$SPDXFS" scan "$T" | cmp - "$M/summary" &&
	cmp "$TMP/scan.json" "$M/summary.json"
'

# The backlog's tables: per directory first, then per MAINTAINERS entry.
sed -n "2,/^\$/{/^\$/d;p}" "$M/backlog" >"$TMP/backlog.dirs"
sed -n "/MAINTAINERS entry\$/,\${/MAINTAINERS entry\$/d;p}" "$M/backlog" >"$TMP/backlog.entries"

test_expect 'backlog adds up to the untagged count' '
	awk "{ n += \$1 } END { print n }" "$TMP/backlog.dirs" >"$TMP/sum" &&
	awk -F"\t" "\$2 == \"untagged\"" "$TMP/list" | wc -l | cmp - "$TMP/sum" &&
	head -n 1 "$TMP/backlog.dirs" | awk "{ print \$1 }" >"$TMP/top" &&
	awk "{ print \$1 }" "$TMP/backlog.dirs" | sort -rn | head -n 1 | cmp - "$TMP/top"
'

test_expect 'and so does its table per MAINTAINERS entry, largest first' '
	awk "{ n += \$1 } END { print n }" "$TMP/backlog.entries" | cmp - "$TMP/sum" &&
	awk "{ print \$1 }" "$TMP/backlog.entries" >"$TMP/n" &&
	sort -rn "$TMP/n" | cmp - "$TMP/n"
'

test_expect 'by-maintainer/ holds each untagged file once, counted as the backlog counts' '
	(cd "$M/by-maintainer" && find . -type f | sed "s,^\./[^/]*/,,") | LC_ALL=C sort >"$TMP/bym" &&
	(cd "$M/untagged" && find . -type f | sed "s,^\./,,") | LC_ALL=C sort | cmp - "$TMP/bym" &&
	n=$(ls "$M/by-maintainer" | wc -l) &&
	test "$n" -eq "$(wc -l <"$TMP/backlog.entries")"
'

test_expect 'licenses/ID for every identifier, byte for byte' '
	n=0 &&
	for d in preferred dual deprecated exceptions; do
		[ -d "$T/LICENSES/$d" ] || continue &&
		for f in "$T/LICENSES/$d"/*; do
			sed -n "/^License-Text:/q; s/^\(Valid-License\|SPDX-Exception\)-Identifier: *//p" "$f" >"$TMP/ids" &&
			while read -r id; do
				cmp "$M/licenses/$id" "$f" || return 1 &&
				n=$((n + 1))
			done <"$TMP/ids" &&
			echo $n >"$TMP/n" || return 1
		done
	done &&
	n=$(cat "$TMP/n") &&
	test "$n" -eq "$(ls "$M/licenses" | wc -l)"
'

test_expect 'usable-under/GPL-2.0-only: GPL-2.0+ files included, dual MIT files too' '
	f=$(awk -F"\t" "\$2 == \"tagged\" && \$4 == \"GPL-2.0+\" { print \$1; exit }" "$TMP/list") &&
	test -f "$M/usable-under/GPL-2.0-only/$f" &&
	test -f "$M/usable-under/GPL-2.0-or-later/$f" &&
	f=$(awk -F"\t" "\$2 == \"tagged\" && \$4 == \"GPL-2.0 OR MIT\" { print \$1; exit }" "$TMP/list") &&
	test -f "$M/usable-under/GPL-2.0-only/$f" &&
	test -f "$M/usable-under/MIT/$f" &&
	test ! -e "$M/usable-under/GPL-2.0-or-later/$f"
'

test_expect 'a sample of files reads back as the tree'"'"'s, with its attributes' '
	(cd "$M/by-license/GPL-2.0" && find . -type f | awk "NR % 300 == 1") >"$TMP/sample" &&
	while read -r f; do
		cmp "$M/by-license/GPL-2.0/$f" "$T/$f" &&
		test "$(stat -c "%s %Y" "$M/by-license/GPL-2.0/$f")" = "$(stat -c "%s %Y" "$T/$f")" &&
		test "$(getfattr --only-values -n user.spdx.path "$M/by-license/GPL-2.0/$f")" = "${f#./}" ||
			return 1
	done <"$TMP/sample"
'

test_expect 'no symlink is served' '
	test -z "$(find "$M" -type l | head -n 1)"
'

stop_daemon "$M"

test_expect 'clean unmount, exit status 0' 'expect_clean_exit "$M"'

test_done
