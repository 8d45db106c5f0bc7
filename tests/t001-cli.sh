#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# scan, list and check on a fixture tree with one file per status and trap.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"
tab=$(printf '\t')

test_expect 'list: one line per regular file, sorted, exact' '
	"$SPDXFS" list "$T" >"$TMP/list" &&
	sed "s/\t/|/g" "$TMP/list" >"$TMP/list.bar" &&
	expect_file "$TMP/list.bar" <<X
LICENSES/dual/Apache-2.0|excluded|0|
LICENSES/exceptions/Linux-syscall-note|excluded|0|
LICENSES/preferred/GPL-2.0|excluded|0|
LICENSES/preferred/MIT|excluded|0|
README|excluded|0|
a.c|tagged|1|GPL-2.0
arch/x86/configs/x_defconfig|excluded|0|
b.h|tagged|1|GPL-2.0 OR MIT
bom.c|tagged|1|MIT
drivers/bad.c|invalid|1|GPL-1.0-or-later
drivers/exc.c|invalid|1|MIT WITH Linux-syscall-note
drivers/lower.c|tagged|1|GPL-2.0 or MIT
drivers/net/misplaced.c|misplaced|2|GPL-2.0+
drivers/net/untagged.c|untagged|0|
drivers/paren.c|invalid|1|(GPL-2.0 OR MIT
drivers/three.c|tagged|1|GPL-2.0 OR MIT OR Apache-2.0
include/uapi/linux/x.h|tagged|1|GPL-2.0 WITH Linux-syscall-note
include/uapi/linux/y.h|tagged|1|GPL-2.0
include/uapi/linux/z.h|untagged|0|
scripts/run.sh|tagged|2|GPL-2.0-only
scripts/spdxexclude|tagged|1|GPL-2.0
two.c|tagged|1|GPL-2.0
X
'

test_expect 'list: symlinks are not listed, sorted like sort(1) in C locale' '
	! grep -q "^link.c" "$TMP/list" && ! grep -q "^outside" "$TMP/list" &&
	cut -f1 "$TMP/list" >"$TMP/paths" &&
	LC_ALL=C sort -c "$TMP/paths"
'

test_expect 'scan: status counts and per-license counts' '
	"$SPDXFS" scan "$T" >"$TMP/summary" &&
	sed -n "1,13p" "$TMP/summary" >"$TMP/head" &&
	expect_file "$TMP/head" <<X
files                        22
  tagged                     10
  misplaced                   1
  untagged                    2
  invalid                     3
  excluded                    6
  unreadable                  0
symlinks (unfollowed)         2
lowercase operators           1
multiple tags                 1
spdxcheck syntax              2
with copyright                0

X
'

test_expect 'scan: uapi and license sections' '
	sed -n "/^uapi/,/^$/p" "$TMP/summary" >"$TMP/uapi" &&
	expect_file "$TMP/uapi" <<X &&
uapi             files        3
  tagged                      2
  misplaced                   0
  untagged                    1
  invalid                     0
  excluded                    0
  unreadable                  0
  without syscall note        1

X
	sed -n "/^files per license/,/^$/p" "$TMP/summary" >"$TMP/lic" &&
	expect_file "$TMP/lic" <<X
files per license
  Apache-2.0                     dual               1
  GPL-2.0                        preferred         10
  Linux-syscall-note             exceptions         1
  MIT                            preferred          4

X
'

test_expect 'scan --json agrees with the text summary' '
	"$SPDXFS" scan --json "$T" >"$TMP/summary.json" &&
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
assert s[\"files\"] == 22, s[\"files\"]
assert s[\"status\"] == {\"tagged\": 10, \"misplaced\": 1, \"untagged\": 2, \"invalid\": 3, \"excluded\": 6, \"error\": 0}, s[\"status\"]
assert s[\"symlinks\"] == 2
assert s[\"uapi\"][\"without_syscall_note\"] == 1
lic = {l[\"name\"]: l[\"files\"] for l in s[\"licenses\"]}
assert lic == {\"Apache-2.0\": 1, \"GPL-2.0\": 10, \"Linux-syscall-note\": 1, \"MIT\": 4}, lic
e = {x[\"expression\"]: (x[\"files\"], x[\"valid\"]) for x in s[\"expressions\"]}
assert e[\"GPL-2.0\"] == (4, True) and e[\"GPL-1.0-or-later\"] == (1, False), e
" "$TMP/summary.json"
'

test_expect 'check -v: diagnostics with spdxcheck columns, exit 1' '
	expect_status 1 "$SPDXFS" check -v "$T" >"$TMP/check" 2>"$TMP/check.err" &&
	test ! -s "$TMP/check.err" &&
	expect_file "$TMP/check" <<X
drivers/bad.c: 1:28 Invalid License ID: GPL-1.0-or-later
drivers/exc.c: 1:37 Exception not valid for license MIT: Linux-syscall-note
drivers/net/misplaced.c: 2:28 warning: tag on line 2, expected on line 1
drivers/paren.c: 1:0 Unfinished license expression
two.c: 2:0 warning: second SPDX tag (first on line 1)
X
'

test_expect 'check: errors listed, warnings counted by class on stderr; -w: none' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/quiet" 2>"$TMP/quiet.err" &&
	grep -v warning: "$TMP/check" | cmp - "$TMP/quiet" &&
	expect_file "$TMP/quiet.err" <<X &&
warning: 1 file: tag not on the first line that can hold it
warning: 1 file: second SPDX tag
hint: '"'"'spdxfs check -v'"'"' lists each warning
X
	expect_status 1 "$SPDXFS" check -w "$T" >"$TMP/w" 2>"$TMP/w.err" &&
	cmp "$TMP/quiet" "$TMP/w" && test ! -s "$TMP/w.err" &&
	expect_status 1 "$SPDXFS" check -q "$T" >"$TMP/q" 2>"$TMP/q.err" &&
	cmp "$TMP/quiet" "$TMP/q" && test ! -s "$TMP/q.err"
'

test_expect 'check --kernel-strict adds what spdxcheck.py rejects' '
	expect_status 1 "$SPDXFS" check -s -w "$T" >"$TMP/strict" &&
	grep "spdxcheck" "$TMP/strict" >"$TMP/strict.grep" &&
	expect_file "$TMP/strict.grep" <<X
drivers/three.c: 1:43 Syntax error: OR (scripts/spdxcheck.py)
X
'

test_expect 'check PATH limits the report; warnings alone exit 0' '
	expect_status 0 "$SPDXFS" check -v "$T" drivers/net >"$TMP/sub" &&
	expect_file "$TMP/sub" <<X &&
drivers/net/misplaced.c: 2:28 warning: tag on line 2, expected on line 1
X
	expect_status 0 "$SPDXFS" check "$T" ./a.c include/ >"$TMP/clean" &&
	test ! -s "$TMP/clean"
'

test_expect 'check -f lists files without a valid tag' '
	expect_status 1 "$SPDXFS" check -f "$T" >"$TMP/files" &&
	expect_file "$TMP/files" <<X
drivers/bad.c
drivers/exc.c
drivers/net/untagged.c
drivers/paren.c
include/uapi/linux/z.h
X
'

test_expect 'check -d and -D like spdxcheck -d' '
	expect_status 1 "$SPDXFS" check -d "$T" >"$TMP/dirs" &&
	sed "s/  */ /g" "$TMP/dirs" >"$TMP/dirs.s" &&
	expect_file "$TMP/dirs.s" <<X &&
Incomplete directories: SPDX in Files
 ./drivers/ : 2 of 5 40%
 ./drivers/net/ : 1 of 2 50%
 ./include/uapi/linux/ : 2 of 3 66%
X
	expect_status 1 "$SPDXFS" check -d -D 1 "$T" >"$TMP/dirs1" &&
	sed "s/  */ /g" "$TMP/dirs1" >"$TMP/dirs1.s" &&
	expect_file "$TMP/dirs1.s" <<X
Incomplete directories: SPDX in Files
 ./drivers/ : 3 of 7 42%
 ./include/ : 2 of 3 66%
X
'

test_expect 'list --json is valid JSON with one object per file' '
	"$SPDXFS" list --json "$T" >"$TMP/list.json" &&
	python3 -c "
import json, sys
l = json.load(open(sys.argv[1]))[\"files\"]
assert len(l) == 22, len(l)
bad = [x for x in l if x[\"path\"] == \"drivers/bad.c\"][0]
assert bad[\"status\"] == \"invalid\" and bad[\"error\"] == \"Invalid License ID: GPL-1.0-or-later\", bad
x = [x for x in l if x[\"path\"] == \"drivers/lower.c\"][0]
assert x[\"canonical\"] == \"GPL-2.0 OR MIT\" and x[\"leader\"] == \"//\", x
assert [x[\"uapi\"] for x in l].count(True) == 3
" "$TMP/list.json"
'

test_expect 'check --json: the same diagnostics, as JSON' '
	expect_status 1 "$SPDXFS" check -v --json "$T" >"$TMP/check.json" &&
	jq -r ".diagnostics[] | \"\(.path): \(.line):\(.col) \(if .severity == \"error\" then \"\" else .severity + \": \" end)\(.message)\"" \
		"$TMP/check.json" >"$TMP/check.from-json" &&
	cmp "$TMP/check" "$TMP/check.from-json"
'

test_expect 'check -f --json and -d --json: the same files and directories' '
	expect_status 1 "$SPDXFS" check -f --json "$T" >"$TMP/files.json" &&
	jq -r ".files[]" "$TMP/files.json" | cmp - "$TMP/files" &&
	expect_status 1 "$SPDXFS" check -d --json "$T" >"$TMP/dirs.json" &&
	jq -r ".dirs[] | \"\(.dir) \(.tagged) \(.files)\"" "$TMP/dirs.json" >"$TMP/dirs.from-json" &&
	expect_file "$TMP/dirs.from-json" <<X &&
./drivers/ 2 5
./drivers/net/ 1 2
./include/uapi/linux/ 2 3
X
	expect_status 0 "$SPDXFS" check --json "$T" a.c >"$TMP/none.json" &&
	test "$(jq ".diagnostics | length" "$TMP/none.json")" = 0
'

test_expect 'every --json output is one JSON document jq reads' '
	for args in "scan --json" "list --json" "check --json" "check -s --json" \
		    "check -f --json" "check -d --json" "check -d -D 1 --json"; do
		"$SPDXFS" $args "$T" >"$TMP/out.json";
		jq -e . "$TMP/out.json" >/dev/null || { echo "$args"; exit 1; }
	done
'

test_expect '--json and -z exclude each other' '
	expect_status 2 "$SPDXFS" list --json -z "$T" >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: --json and -z: choose one
X
'

test_expect 'uapi: a path with a component "uapi", the file name too' '
	U=$TMP/uapitree &&
	mkdir -p "$U/a/uapi2" "$U/xuapi" "$U/b/uapi/c" &&
	for f in uapi a/uapi a/uapi2/x.c xuapi/y.c b/uapi/c/d.c b/uapix; do
		printf "int x;\\n" >"$U/$f" || exit 1
	done &&
	"$SPDXFS" list --no-cache --json "$U" |
		jq -r ".files[] | select(.uapi) | .path" >"$TMP/uapi.list" &&
	expect_file "$TMP/uapi.list" <<X
a/uapi
b/uapi/c/d.c
uapi
X
'

test_expect 'the tree is never written to' '
	(cd "$T" && find . -exec stat -c "%n %s %Y" {} + | sort) >"$TMP/before" &&
	"$SPDXFS" scan "$T" >/dev/null && "$SPDXFS" check "$T" >/dev/null;
	(cd "$T" && find . -exec stat -c "%n %s %Y" {} + | sort) >"$TMP/after" &&
	cmp "$TMP/before" "$TMP/after"
'

test_done
