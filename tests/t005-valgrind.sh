#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The commands under valgrind on the fixture tree: no invalid access, no
# uninitialised value used, no leak.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

if ! command -v valgrind >/dev/null; then
	test_skip "valgrind is not installed"
	test_done
	exit
fi
T=$TMP/tree
make_fixture "$T"

vg() {
	valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		--log-file="$TMP/vg.log" "$SPDXFS" "$@" >/dev/null 2>&1
	st=$?
	# "--PID--" lines are valgrind's own notes (it does not know openat2,
	# and spdxfs falls back); "==PID==" lines are errors.
	grep "^==[0-9]*== ." "$TMP/vg.log" >"$TMP/vg.rest"
	if [ "$st" -eq 99 ] || [ -s "$TMP/vg.rest" ]; then
		cat "$TMP/vg.log"
		return 1
	fi
}

test_expect 'scan, no saved index' 'vg scan "$T"'
test_expect 'scan with the saved index' 'vg scan --json "$T"'
test_expect 'list --json' 'vg list --json "$T"'
test_expect 'check, check -f, check -d -D 1, --kernel-strict' '
	vg check -s "$T" && vg check -f "$T" && vg check -d -D 1 "$T"
'
test_expect 'check --kernel in a git tree: new files, -v, --json' '
	(cd "$T" && git init -q && git add a.c b.h scripts &&
	 git -c user.name=t -c user.email=t@example.org commit -q -m base) &&
	vg check --kernel "$T" && vg check --kernel -v --json "$T"
'
test_expect 'a corrupt saved index' '
	printf "garbage" | dd of="$(ls "$SPDXFS_CACHE_DIR"/*.idx)" bs=1 seek=100 conv=notrunc 2>/dev/null &&
	vg list "$T"
'
test_expect 'bad input' 'vg scan "$TMP/nope"; vg check "$T" nowhere.c; true'

test_expect 'export: spdx-json, spdx-tv and spdx3, -o, and one that fails (no leak on its path)' '
	vg export --format spdx-json "$T" && vg export --format spdx-tv "$T" &&
	vg export --format spdx-rdf --modern "$T/drivers" &&
	vg export --format spdx3 --pretty -o "$TMP/d3.json" "$T" &&
	vg export --format spdx-json --declared "GPL-2.0 OR" "$T"
'

test_done
