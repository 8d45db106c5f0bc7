#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The charts: "scan --svg" and "--backlog-svg" write the same bytes as
# the mount's charts/licenses.svg and charts/backlog.svg; each is XML
# whose numbers are those of summary.json and of "spdxfs list", and
# which a real renderer (rsvg-convert, Debian's librsvg2-bin) draws as
# a picture in colour, not a blank page.  The mount redraws them when
# the tree changes.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/fixture.sh"

T=$TMP/tree
M=$TMP/mnt

texts() {
	python3 "$TOP/tests/svg.py" text "$@"
}

# The numbers the charts should show, from summary.json and "list".
expected_licenses() {	# SUMMARY.JSON
	jq -r '.licenses | map(select(.files > 0)) | sort_by(-.files, .name)[] |
		"\(.name) \(.files)"' "$1"
}

expected_backlog() {	# TREE: "DIR/ TAGGED OTHER UNTAGGED", largest backlog first
	"$SPDXFS" list "$1" | awk -F'\t' '
		$2 == "excluded" { next }
		{ d = index($1, "/") ? substr($1, 1, index($1, "/")) : "./"
		  if ($2 == "tagged") t[d]++; else if ($2 == "untagged") u[d]++; else o[d]++
		  seen[d] = 1 }
		END { for (d in seen) printf "%s %d %d %d\n", d, t[d], o[d], u[d] }' |
		LC_ALL=C sort -k4,4nr -k1,1
}

# check_charts LICENSES.SVG BACKLOG.SVG SUMMARY.JSON TREE
check_licenses() {
	texts "$1" label >"$TMP/labels" && texts "$1" value >"$TMP/values" &&
	paste -d" " "$TMP/labels" "$TMP/values" >"$TMP/got" &&
	expected_licenses "$2" >"$TMP/want" &&
	test -s "$TMP/want" && diff -u "$TMP/want" "$TMP/got" &&
	n=$(jq '.status.tagged + .status.misplaced' "$2") &&
	unused=$(jq '[.licenses[] | select(.files == 0)] | length' "$2") &&
	test "$(texts "$1" subtitle)" = "$n files with a valid tag, under each LICENSES/ file the tag names; $unused LICENSES/ files unused"
}

check_backlog() {
	texts "$1" label >"$TMP/labels" &&
	texts "$1" value | sed 's/^\([0-9]*\) tagged, \([0-9]*\) other, \([0-9]*\) untagged$/\1 \2 \3/' \
		>"$TMP/values" &&
	paste -d" " "$TMP/labels" "$TMP/values" >"$TMP/got" &&
	expected_backlog "$3" >"$TMP/want" &&
	test -s "$TMP/want" && diff -u "$TMP/want" "$TMP/got" &&
	jq -r '.status | "\(.tagged + .misplaced + .invalid + .untagged + .error) files (excluded left out): \(.tagged) tagged, \(.misplaced + .invalid + .error) misplaced, invalid or unreadable, \(.untagged) untagged"' \
		"$2" >"$TMP/want" &&
	texts "$1" subtitle | diff -u "$TMP/want" -
}

# The ticks are evenly spaced numbers from 0 past the longest bar.
check_ticks() {	# SVG MAX
	texts "$1" tick >"$TMP/ticks" &&
	awk -v max="$2" 'NR == 1 && $1 != 0 { exit 1 }
		NR == 2 { step = $1 } NR > 2 && $1 - prev != step { exit 1 }
		{ prev = $1 } END { if (NR < 2 || prev < max || prev - step >= max) exit 1 }' \
		"$TMP/ticks"
}

make_fixture "$T"

test_expect 'scan --svg, --backlog-svg: the charts, and the summary as before' '
	"$SPDXFS" scan --json --svg "$TMP/licenses.svg" --backlog-svg "$TMP/backlog.svg" "$T" \
		>"$TMP/summary.json" &&
	"$SPDXFS" scan --json "$T" | cmp - "$TMP/summary.json" &&
	head -n 2 "$TMP/licenses.svg" | grep -q "^<svg xmlns=\"http://www.w3.org/2000/svg\" " &&
	head -n 2 "$TMP/backlog.svg" | grep -q "^<svg xmlns=\"http://www.w3.org/2000/svg\" "
'

test_expect 'licenses.svg: one bar per license naming files, the numbers of summary.json' '
	check_licenses "$TMP/licenses.svg" "$TMP/summary.json" &&
	expect_file "$TMP/got" <<-EOF &&
	GPL-2.0 10
	MIT 4
	Apache-2.0 1
	Linux-syscall-note 1
	EOF
	check_ticks "$TMP/licenses.svg" 10 &&
	test "$(texts "$TMP/licenses.svg" legend | tr "\n" " ")" = "preferred dual exceptions "
'

test_expect 'backlog.svg: per top-level directory, the numbers of list and summary.json' '
	check_backlog "$TMP/backlog.svg" "$TMP/summary.json" "$T" &&
	expect_file "$TMP/got" <<-EOF &&
	drivers/ 2 4 1
	include/ 2 0 1
	./ 4 0 0
	scripts/ 2 0 0
	EOF
	check_ticks "$TMP/backlog.svg" 7
'

test_expect 'rsvg-convert draws each chart in colour: background, text, bars' '
	rsvg-convert "$TMP/licenses.svg" -o "$TMP/licenses.png" &&
	rsvg-convert "$TMP/backlog.svg" -o "$TMP/backlog.png" &&
	python3 "$TOP/tests/svg.py" colours "$TMP/licenses.png" ffffff 4e79a7 59a14f b07aa1 >"$TMP/l" &&
	python3 "$TOP/tests/svg.py" colours "$TMP/backlog.png" ffffff 59a14f f28e2b e15759 >"$TMP/b" &&
	test "$(head -n 1 "$TMP/l")" -gt 8 && test "$(head -n 1 "$TMP/b")" -gt 8 &&
	test "$(sed 1d "$TMP/l" | tr "\n" " ")" = "ffffff 4e79a7 59a14f b07aa1 " &&
	test "$(sed 1d "$TMP/b" | tr "\n" " ")" = "ffffff 59a14f f28e2b e15759 "
'

test_expect 'a name that is not UTF-8 or holds markup stays XML' '
	U=$TMP/odd && make_fixture "$U" &&
	mkdir "$U/$(printf "b\377d<&>")" &&
	printf "int x;\n" >"$U/$(printf "b\377d<&>")/x.c" &&
	"$SPDXFS" scan -q --backlog-svg "$TMP/odd.svg" "$U" >/dev/null &&
	texts "$TMP/odd.svg" label | grep -qx "b\\\\xffd<&>/" &&
	rsvg-convert "$TMP/odd.svg" -o "$TMP/odd.png"
'

test_expect 'scan --svg: a file that cannot be written is one line and exit 2' '
	expect_status 2 "$SPDXFS" scan -q --svg "$TMP/no/such/dir.svg" "$T" \
		>/dev/null 2>"$TMP/err" &&
	test "$(cat "$TMP/err")" = "spdxfs: $TMP/no/such/dir.svg: No such file or directory" &&
	expect_status 2 "$SPDXFS" scan -q --backlog-svg /dev/full "$T" >/dev/null 2>"$TMP/err" &&
	test "$(cat "$TMP/err")" = "spdxfs: /dev/full: No space left on device" &&
	expect_status 2 "$SPDXFS" list --svg "$TMP/x.svg" "$T" 2>/dev/null &&
	test ! -e "$TMP/x.svg"
'

mkdir -p "$M"
start_daemon "$M" "$T" "$M"
wait_mounted "$M"

test_expect 'the mount: charts/ holds the same two files, 0444' '
	ls "$M/charts" >"$TMP/ls" &&
	expect_file "$TMP/ls" <<-EOF &&
	backlog.svg
	licenses.svg
	EOF
	cmp "$M/charts/licenses.svg" "$TMP/licenses.svg" &&
	cmp "$M/charts/backlog.svg" "$TMP/backlog.svg" &&
	test "$(stat -c %a "$M/charts/licenses.svg")" = 444 &&
	grep -q "^charts/  *licenses.svg: files per license" "$M/README"
'

test_expect 'the mount redraws the charts when the tree changes' '
	mkdir "$T/newdir" && printf "int n;\n" >"$T/newdir/n.c" &&
	within 10 "texts \"$M/charts/backlog.svg\" label | grep -qx newdir/" &&
	"$SPDXFS" scan --json "$T" >"$TMP/summary2.json" &&
	check_backlog "$M/charts/backlog.svg" "$TMP/summary2.json" "$T" &&
	grep -qx "newdir/ 0 0 1" "$TMP/got"
'

stop_daemon "$M"

test_expect 'the daemon exits cleanly' '
	expect_clean_exit "$M"
'

if kernel_tree; then
	test_expect 'the 6.1 tree: both charts hold the numbers of summary.json and list' '
		"$SPDXFS" scan -q --json --svg "$TMP/k-licenses.svg" \
			--backlog-svg "$TMP/k-backlog.svg" "$KERNEL_TREE" >"$TMP/k.json" &&
		check_licenses "$TMP/k-licenses.svg" "$TMP/k.json" &&
		test "$(wc -l <"$TMP/got")" -ge 20 &&
		check_ticks "$TMP/k-licenses.svg" "$(jq "[.licenses[].files] | max" "$TMP/k.json")" &&
		check_backlog "$TMP/k-backlog.svg" "$TMP/k.json" "$KERNEL_TREE" &&
		grep -q "^drivers/ " "$TMP/got" &&
		rsvg-convert "$TMP/k-licenses.svg" -o "$TMP/k.png"
	'
else
	test_skip 'the 6.1 tree is not there'
fi

test_done
