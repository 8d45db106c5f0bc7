#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The JSON documents spdxfs writes as one object (scan --json and the
# mount's summary.json, built --json, tag --json) carry a "version" key:
# the version of index/version.h, the one "spdxfs --version" prints.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
B=$TMP/build
M=$TMP/mnt
make_fixture "$T"
make_build_fixture "$B" "$T"
version=$(sed -n 's/^#define SPDXFS_VERSION "\(.*\)"$/\1/p' "$TOP/index/version.h")

test_expect 'one version: version.h, --version' '
	test -n "$version" &&
	"$SPDXFS" --version >"$TMP/v" && echo "spdxfs $version" | cmp - "$TMP/v"
'

test_expect 'scan --json: "version" first' '
	"$SPDXFS" scan --json "$T" >"$TMP/scan.json" &&
	sed -n 2p "$TMP/scan.json" >"$TMP/line" &&
	echo "  \"version\": \"$version\"," | cmp - "$TMP/line" &&
	jq -r .version "$TMP/scan.json" >"$TMP/got" && echo "$version" | cmp - "$TMP/got"
'

test_expect 'built --json and tag --json' '
	expect_status 1 "$SPDXFS" built --json "$B" >"$TMP/built.json" &&
	jq -r .version "$TMP/built.json" >"$TMP/got" && echo "$version" | cmp - "$TMP/got" &&
	"$SPDXFS" tag --json "$T" >"$TMP/tag.json" &&
	jq -r .version "$TMP/tag.json" >"$TMP/got" && echo "$version" | cmp - "$TMP/got"
'

mkdir -p "$M"
start_daemon "$M" "$T" "$M"
test_expect 'the mount'"'"'s summary.json: the same document as scan --json' '
	wait_mounted "$M" &&
	jq -r .version "$M/summary.json" >"$TMP/got" && echo "$version" | cmp - "$TMP/got" &&
	cmp "$TMP/scan.json" "$M/summary.json"
'
stop_daemon "$M"
test_expect 'the mount stopped cleanly' 'expect_clean_exit "$M"'

test_done
