#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs mount on a REUSE tree (the dep5 fixture): by-license/ holds each
# file under every license REUSE finds for it; the xattrs carry its
# expression, its copyright notices and user.spdx.source, where its
# licenses came from; a sidecar added is seen by the watcher.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/reuse/fixture.sh"

T=$TMP/d
M=$TMP/mnt
make_reuse_dep5_tree "$T" && mkdir "$M" || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'by-license/: the REUSE reading' '
	(cd "$M/by-license" && find . -type f | sort) >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
./Apache-2.0/src/a.py
./CC0-1.0/data/two.csv
./MIT/data/x/one.csv
./MIT/src/a.py
./MIT/src/q1
X
'

test_expect 'xattrs: expression, copyright, source of a header plus dep5' '
	F=$M/by-license/MIT/src/a.py &&
	{ xattr_of user.spdx.expression "$F" && xattr_of user.spdx.copyright "$F" &&
	  xattr_of user.spdx.source "$F" && xattr_of user.spdx.status "$F"; } >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
MIT AND Apache-2.0
2020 Dep5 A
SPDX-FileCopyrightText: 2024 Own
file-header,dep5
tagged
X
'

test_expect 'xattrs: dep5 alone; a license file has no source' '
	{ xattr_of user.spdx.source "$M/all/data/two.csv" &&
	  xattr_of user.spdx.copyright "$M/all/data/two.csv" &&
	  xattr_of user.spdx.source "$M/all/LICENSES/MIT.txt" &&
	  xattr_of user.spdx.status "$M/all/LICENSES/MIT.txt"; } >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
dep5
2024 Data One
2023 Data Two
ENODATA
excluded
X
'

test_expect 'listxattr names user.spdx.source' '
	python3 -c "import os, sys; print(\"\\n\".join(sorted(os.listxattr(sys.argv[1]))))" \
		"$M/all/src/q1" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
user.spdx.copyright
user.spdx.expression
user.spdx.path
user.spdx.source
user.spdx.status
X
'

test_expect 'a sidecar added: the watcher reads it' '
	printf "SPDX-FileCopyrightText: 2024 Side\nSPDX-License-Identifier: Apache-2.0\n" \
		>"$T/src/q1.license" &&
	within 10 "test -f \"$M/by-license/Apache-2.0/src/q1\"" &&
	xattr_of user.spdx.source "$M/all/src/q1" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
dot-license,dep5
X
'

stop_daemon "$M"

test_expect 'fusermount3 -u unmounts; the daemon exits 0' 'expect_clean_exit "$M"'

test_done
