#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# REUSE trees: the two real projects of ../shared/reuse-trees/ (FSFE's
# reuse-example, with sidecars; reuse-tool, with REUSE.toml and nested
# resources), extracted into $TMP.  Both are compliant, file for file as
# reuse-tool 6.2's lint --json says (6 and 157 files); check --json has
# its classes and per-file sources.  Skipped where the tarballs are not.
. "$(dirname "$0")/lib.sh"

R=${SPDXFS_REUSE_TREES:-$TOP/../shared/reuse-trees}
if [ ! -f "$R/reuse-example.tar.xz" ] || [ ! -f "$R/reuse-tool.tar.xz" ]; then
	test_skip "no REUSE trees at $R"
	test_done
	exit
fi
mkdir -p "$TMP/ex" "$TMP/tool" &&
tar -xJf "$R/reuse-example.tar.xz" -C "$TMP/ex" &&
tar -xJf "$R/reuse-tool.tar.xz" -C "$TMP/tool" || exit 1
EX=$TMP/ex/reuse-example TOOL=$TMP/tool/reuse-tool

test_expect 'reuse-example: compliant, 6 of 6 files, exit 0' '
	expect_status 0 "$SPDXFS" check "$EX" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
REUSE tree: 6 files, 6 with licensing information, 6 with copyright information
used licenses: CC-BY-4.0, CC0-1.0, GPL-3.0-or-later
compliant with REUSE 3.3
X
'

test_expect 'reuse-example: the images licensed by their sidecars' '
	"$SPDXFS" check -v "$EX" | grep "^img/" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
img/cat.jpg: license CC-BY-4.0 (dot-license img/cat.jpg.license)
img/cat.jpg: copyright SPDX-FileCopyrightText: 2017 Peter Janzen (dot-license img/cat.jpg.license)
img/dog.jpg: license GPL-3.0-or-later (dot-license img/dog.jpg.license)
img/dog.jpg: copyright SPDX-FileCopyrightText: 2017 Raffael Herrmann (dot-license img/dog.jpg.license)
X
'

if command -v reuse >/dev/null 2>&1; then
	test_expect 'reuse lint (Debian 1.1.2) agrees on reuse-example' '
		(cd "$EX" && reuse lint >/dev/null 2>&1)
	'
else
	test_skip "reuse is not installed"
fi

test_expect 'reuse-tool: compliant, 157 of 157 files, exit 0' '
	expect_status 0 "$SPDXFS" check "$TOOL" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
REUSE tree: 157 files, 157 with licensing information, 157 with copyright information
used licenses: Apache-2.0, CC-BY-SA-4.0, CC0-1.0, GPL-3.0-or-later
compliant with REUSE 3.3
X
'

test_expect 'reuse-tool --json: where each file'\''s license came from' '
	"$SPDXFS" check --json "$TOOL" >"$TMP/j" &&
	python3 -c "
import collections, json, sys
d = json.load(open(sys.argv[1]))
c = collections.Counter(e[\"source_type\"] for f in d[\"files\"] for e in f[\"expressions\"])
print(d[\"version\"], d[\"layout\"], len(d[\"files\"]), *(\"%s=%d\" % kv for kv in sorted(c.items())))
print(*sorted(d[\"non_compliant\"]), d[\"summary\"][\"compliant\"])
" "$TMP/j" >"$TMP/o" && expect_file "$TMP/o" <<X
$VERSION reuse 157 dot-license=5 file-header=105 reuse-toml=48
bad_licenses deprecated_licenses global_licensing_error licenses_without_extension missing_copyright_info missing_licenses missing_licensing_info read_errors unused_licenses True
X
'

test_expect 'reuse-tool, one file untagged: non-compliant, exit 1' '
	printf "no tags\n" >"$TOOL/src/reuse/new.py" &&
	expect_status 1 "$SPDXFS" check "$TOOL" >"$TMP/o" &&
	grep "^src/" "$TMP/o" >"$TMP/f" && expect_file "$TMP/f" <<\X
src/reuse/new.py: no copyright information
src/reuse/new.py: no licensing information
X
'

test_done
