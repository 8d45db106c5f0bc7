#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# export --rev on real history: the repository kernel-tree-scripts/
# history-repo builds in the cache.  export --rev v6.1 reads its 78,000
# files from blobs (on several threads, each with its own repository
# handle) and gives the package, the file entries and the checksums of
# export of the 6.1 tree checked out (fetch), entry for entry.  Skipped
# when the repository has not been built (.ci/run builds it).
. "$(dirname "$0")/lib.sh"

cache=${XDG_CACHE_HOME:-$HOME/.cache}/spdxfs
H=${SPDXFS_HISTORY_REPO:-$cache/linux-history.git}
export SOURCE_DATE_EPOCH=1700000000
if ! git -C "$H" rev-parse -q --verify 'refs/tags/v6.1^{commit}' >/dev/null 2>&1; then
	test_skip "skipped: run kernel-tree-scripts/history-repo first"
	test_done
	exit
fi
if ! kernel_tree; then
	test_skip 'the 6.1 tree is not there (kernel-tree-scripts/fetch)'
	test_done
	exit
fi

test_expect 'v6.1: export --rev and export of the tree, spdx-json' '
	"$SPDXFS" export -q --format spdx-json --rev v6.1 -o "$TMP/rev.json" "$H" &&
	"$SPDXFS" export -q --format spdx-json -o "$TMP/tree.json" "$KERNEL_TREE"
'

test_expect 'v6.1: the same package: linux at the Makefile'"'"'s version' '
	jq -c ".packages[0] | [.name, .versionInfo, .licenseDeclared,
		.packageVerificationCode]" "$TMP/rev.json" >"$TMP/pkg.rev" &&
	jq -c ".packages[0] | [.name, .versionInfo, .licenseDeclared,
		.packageVerificationCode]" "$TMP/tree.json" | diff -u - "$TMP/pkg.rev" &&
	cut -d, -f1-2 "$TMP/pkg.rev" >"$TMP/nv" &&
	printf "[\"linux\",\"%s\"\n" "$(sed -n "s/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p" \
		"$KERNEL_TREE/Makefile" | head -3 | paste -sd.)" | diff -u - "$TMP/nv"
'

test_expect 'v6.1: the same file entries, checksums and licenses' '
	jq -c ".files[]" "$TMP/rev.json" >"$TMP/files.rev" &&
	jq -c ".files[]" "$TMP/tree.json" >"$TMP/files.tree" &&
	test "$(wc -l <"$TMP/files.rev")" -gt 70000 &&
	cmp "$TMP/files.tree" "$TMP/files.rev" &&
	jq -c ".hasExtractedLicensingInfos" "$TMP/rev.json" >"$TMP/refs.rev" &&
	jq -c ".hasExtractedLicensingInfos" "$TMP/tree.json" | cmp - "$TMP/refs.rev"
'

test_expect 'v6.1: a sample of checksums, those of git'"'"'s blobs' '
	jq -r ".files[] | [.fileName, .checksums[1].checksumValue] | @tsv" "$TMP/rev.json" |
		awk "NR % 4001 == 1" >"$TMP/sample" &&
	test "$(wc -l <"$TMP/sample")" -gt 15 &&
	while IFS="	" read -r f s256; do
		test "$(git -C "$H" cat-file blob "v6.1:${f#./}" | sha256sum | cut -c1-64)" = "$s256" ||
			{ echo "$f"; exit 1; }
	done <"$TMP/sample"
'

test_done
