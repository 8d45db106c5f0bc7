#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs follows the rules it checks: run on its own repository it reports
# nothing (no invalid tag, no warning, no file without a tag), and every
# identifier it uses has its text in LICENSES/.
. "$(dirname "$0")/lib.sh"

test_expect 'spdxfs check on the project: no diagnostics, exit 0' '
	expect_status 0 "$SPDXFS" check "$TOP" >"$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'spdxfs check -f on the project: no file without a tag' '
	expect_status 0 "$SPDXFS" check -f "$TOP" >"$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'every project file is indexed (what git tracks, and more)' '
	if git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
		"$SPDXFS" list "$TOP" | cut -f1 >"$TMP/indexed" &&
		git -C "$TOP" ls-files | while IFS= read -r f; do
			[ -L "$TOP/$f" ] || grep -qxF "$f" "$TMP/indexed" || { echo "missing $f"; exit 1; }
		done
	else
		true
	fi
'

test_expect 'build output is left out because git ignores it' '
	test -x "$TOP/spdxfs" &&
	! "$SPDXFS" list "$TOP" | grep -q "^spdxfs	" &&
	"$SPDXFS" list --all "$TOP" | grep -q "^spdxfs	untagged	0	$"
'

test_expect 'every identifier used has a LICENSES/ text with the kernel headers' '
	"$SPDXFS" list "$TOP" | awk -F"\t" "\$2 == \"tagged\" { print \$4 }" | sort -u >"$TMP/ids" &&
	printf "%s\n" CC-BY-3.0 Community-Spec-1.0 GPL-2.0-only | cmp - "$TMP/ids" &&
	while read -r id; do
		f=$(grep -lx "Valid-License-Identifier: $id" "$TOP"/LICENSES/*/*) &&
		test "$(echo "$f" | wc -l)" = 1 &&
		grep -q "^SPDX-URL: https://spdx.org/licenses/" "$f" &&
		grep -q "^Usage-Guide:" "$f" && grep -q "^License-Text:" "$f" ||
		return 1
	done <"$TMP/ids"
'

test_expect 'make install honours PREFIX and DESTDIR; uninstall removes' '
	make -s -C "$TOP" install DESTDIR="$TMP/dest" PREFIX=/opt/x >/dev/null &&
	test -x "$TMP/dest/opt/x/bin/spdxfs" &&
	"$TMP/dest/opt/x/bin/spdxfs" --version | grep -q "^spdxfs " &&
	make -s -C "$TOP" uninstall DESTDIR="$TMP/dest" PREFIX=/opt/x >/dev/null &&
	test ! -e "$TMP/dest/opt/x/bin/spdxfs"
'

test_done
