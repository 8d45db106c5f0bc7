#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs export on the real 6.1 tree: the SPDX 2.3 JSON and 3.0.1
# documents pass the official schemas (ajv 8) and the extra checks of
# tests/spdx/validate.js; tag-value says what JSON says; file and
# per-expression counts equal spdxfs list; a sample of checksums is
# recomputed with sha1sum and sha256sum.  Skipped without the tree.
. "$(dirname "$0")/lib.sh"

VALIDATOR_DIR=$TOP/build/spdx-validator
validate() {
	NODE_PATH=$VALIDATOR_DIR/node_modules node --max-old-space-size=4096 \
		"$TOP/tests/spdx/validate.js" "$@"
}
export SOURCE_DATE_EPOCH=1700000000

if ! kernel_tree; then
	test_skip 'the 6.1 tree is not there (kernel-tree-scripts/fetch)'
	test_done
	exit
fi
if ! { [ -f "$VALIDATOR_DIR/node_modules/ajv/package.json" ] ||
       "$TOP/tests/spdx/install-validator" "$VALIDATOR_DIR" >/dev/null 2>&1; }; then
	test_skip 'the SPDX validator: npm could not install ajv (tests/spdx/install-validator)'
	test_done
	exit
fi

test_expect '6.1: spdx-json passes the 2.3 schema and the extra checks' '
	"$SPDXFS" export -q --format spdx-json -o "$TMP/k.json" "$KERNEL_TREE" &&
	validate spdx2 "$TOP/tests/spdx-schemas/spdx-2.3/spdx-schema.json" "$TMP/k.json" >"$TMP/facts" &&
	grep "^package" "$TMP/facts" | cut -f1-4 >"$TMP/pkg" &&
	printf "package\tlinux\t%s\tGPL-2.0-only WITH Linux-syscall-note\n" \
		"$(sed -n "s/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p" \
			"$KERNEL_TREE/Makefile" | head -3 | paste -sd.)" | diff -u - "$TMP/pkg"
'

test_expect '6.1: file count and per-expression counts equal spdxfs list' '
	"$SPDXFS" list -q "$KERNEL_TREE" >"$TMP/list" &&
	test "$(grep -c "^file	" "$TMP/facts")" = "$(wc -l <"$TMP/list")" &&
	awk -F"\t" "\$2 == \"tagged\" || \$2 == \"misplaced\" { print \$4 }" "$TMP/list" |
		perl -pe "s/(^|[\s(])(and|or|with)(?=[\s)]|\$)/\$1\U\$2/gi; s/^\s+|\s+\$//g; \$_ .= \"\n\"" |
		sort | uniq -c >"$TMP/want" &&
	awk -F"\t" "\$1 == \"file\" && \$5 != \"NOASSERTION\" { print \$5 }" "$TMP/facts" |
		sort | uniq -c | diff -u "$TMP/want" -
'

test_expect '6.1: a sample of checksums recomputed with sha1sum and sha256sum' '
	grep "^file	" "$TMP/facts" | awk "NR % 397 == 1" >"$TMP/sample" &&
	test "$(wc -l <"$TMP/sample")" -gt 150 &&
	while IFS="	" read -r _ f s1 s256 _; do
		test "$(sha1sum <"$KERNEL_TREE/$f" | cut -c1-40)" = "$s1" &&
		test "$(sha256sum <"$KERNEL_TREE/$f" | cut -c1-64)" = "$s256" || { echo "$f"; exit 1; }
	done <"$TMP/sample"
'

test_expect '6.1: spdx-tv carries the same facts' '
	"$SPDXFS" export -q --format spdx-tv -o "$TMP/k.spdx" "$KERNEL_TREE" &&
	validate spdx-tv "$TMP/k.spdx" | diff -q "$TMP/facts" -
'

# ajv takes over a minute on the 3.0.1 document: under the sanitizers
# (make check-san), where only spdxfs changes, its other checks alone.
SCHEMA3=$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-json-schema.json
[ -z "${ASAN_OPTIONS-}" ] || SCHEMA3=-
test_expect '6.1: spdx3 passes the 3.0.1 schema, with the files of spdx-json' '
	"$SPDXFS" export -q --format spdx3 -o "$TMP/k3.json" "$KERNEL_TREE" &&
	validate spdx3 "$SCHEMA3" "$TMP/k3.json" |
		grep "^file	" >"$TMP/files3" &&
	grep "^file	" "$TMP/facts" | diff -q - "$TMP/files3"
'

test_done
