#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The version has one definition (index/version.h), which every way of
# asking for it prints.
. "$(dirname "$0")/lib.sh"

version=$(sed -n 's/^#define SPDXFS_VERSION "\(.*\)"$/\1/p' "$TOP/index/version.h")

test_expect 'version, --version and -V print the version of index/version.h' '
	test -n "$version" &&
	test "$("$SPDXFS" version)" = "spdxfs $version" &&
	test "$("$SPDXFS" --version)" = "spdxfs $version" &&
	test "$("$SPDXFS" -V)" = "spdxfs $version"
'

test_expect 'version takes no argument; --help explains it' '
	expect_status 2 "$SPDXFS" version extra 2>"$TMP/err" &&
	test "$(cat "$TMP/err")" = "usage: spdxfs version" &&
	"$SPDXFS" version --help | grep -qx "usage: spdxfs version"
'

test_expect 'no other file defines the version' '
	grep -rln "define SPDXFS_VERSION\b" "$TOP/index" "$TOP/fusefs" >"$TMP/def" &&
	test "$(cat "$TMP/def")" = "$TOP/index/version.h"
'

test_done
