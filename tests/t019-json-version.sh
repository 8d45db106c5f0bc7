#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Every --json output of spdxfs is one object whose first key is
# "version", the version of index/util/version.h that "spdxfs --version"
# prints; the outputs that list records hold them in an array under a
# second key (report.h).  Checked for each output in turn, and the
# mount's summary.json; the SPDX documents of export keep their schema's
# shape.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

mount_fixture
B=$TMP/build
make_build_fixture "$B" "$T"
mkdir -p "$T/Documentation/process"
module_license_rules >"$T/Documentation/process/license-rules.rst"
printf '// SPDX-License-Identifier: GPL-2.0\nMODULE_LICENSE("MIT");\n' >"$T/drivers/mod.c"
git -C "$T" init -q && git -C "$T" add -A &&
	git -C "$T" -c user.name=T -c user.email=t@example.org commit -qm one &&
	git -C "$T" tag v1 &&
	printf '// SPDX-License-Identifier: MIT\nint untagged;\n' >"$T/drivers/net/untagged.c" &&
	git -C "$T" -c user.name=T -c user.email=t@example.org commit -qam two &&
	git -C "$T" tag v2

test_expect 'one version: version.h, --version' '
	test -n "$VERSION" &&
	"$SPDXFS" --version >"$TMP/v" && echo "spdxfs $VERSION" | cmp - "$TMP/v"
'

# json_document FILE KEY: FILE is one object opening with "version" (on
# its second line, as written) and, unless KEY is -, holding an array
# KEY with at least one record after it.
json_document() {
	sed -n 1,2p "$1" >"$TMP/head" &&
	printf '{\n  "version": "%s",\n' "$VERSION" | cmp - "$TMP/head" &&
	test "$(jq -r "keys_unsorted[0]" "$1")" = version &&
	test "$(jq -r .version "$1")" = "$VERSION" &&
	if [ "$2" != - ]; then
		test "$(jq -r "keys_unsorted | join(\" \")" "$1")" = "version $2" &&
		jq -e ".$2 | type == \"array\" and length > 0" "$1" >/dev/null
	fi
}

# Each output: its arguments (TREE and BUILD for $T and $B), then the key
# of its records, or - for an object of other members.
while read -r key args; do
	case $key in
	-) what='its members' ;;
	*) what="the array $key" ;;
	esac
	test_expect "$args: \"version\" first, then $what" '
		eval "set -- $args" &&
		(cd "$T" && "$SPDXFS" "$@" >"$TMP/out.json"; echo $? >"$TMP/status") &&
		case $(cat "$TMP/status") in 0|1) ;; *) false ;; esac &&
		json_document "$TMP/out.json" "$key"
	'
done <<'X'
-		scan --json "$T"
-		built --json "$B"
-		tag --json "$T"
-		diff --json v1 v2 "$T"
-		check --modules --json --consistent -q "$T"
files		list --json "$T"
files		built --list --json "$B"
files		show --json drivers/bad.c a.c
files		check -f --json "$T"
diagnostics	check -v --json "$T"
dirs		check -d --json "$T"
commits		history --json "$T"
X

test_expect 'an output with no records: the key holds an empty array' '
	"$SPDXFS" check --json "$T" a.c >"$TMP/none.json" &&
	json_document "$TMP/none.json" - &&
	test "$(jq -c .diagnostics "$TMP/none.json")" = "[]"
'

test_expect 'the SPDX documents keep their schema'"'"'s shape: no "version"' '
	"$SPDXFS" export -q --format spdx-json "$T" >"$TMP/d.json" &&
	test "$(jq -r "has(\"version\"), .spdxVersion" "$TMP/d.json" | tr "\n" " ")" = "false SPDX-2.3 "
'

start_daemon "$M" "$T" "$M"
test_expect 'the mount'"'"'s summary.json: the same document as scan --json' '
	wait_mounted "$M" &&
	"$SPDXFS" scan --json "$T" >"$TMP/scan.json" &&
	json_document "$M/summary.json" - &&
	cmp "$TMP/scan.json" "$M/summary.json"
'
stop_daemon "$M"
test_expect 'the mount stopped cleanly' 'expect_clean_exit "$M"'

test_done
