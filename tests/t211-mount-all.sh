#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The mount's all/ view: every file at its tree path, whatever its
# status, with its user.spdx.* attributes, so that getfattr -d needs no
# view to be known.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

mount_fixture

start_daemon "$M" "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'all/ holds every file at its tree path, no symlink' '
	(cd "$M/all" && find . -type f | LC_ALL=C sort) >"$TMP/all" &&
	(cd "$T" && find . -type f | LC_ALL=C sort) >"$TMP/files" &&
	cmp "$TMP/files" "$TMP/all" &&
	test ! -e "$M/all/link.c" && test ! -e "$M/all/outside" &&
	cmp "$T/drivers/bad.c" "$M/all/drivers/bad.c"
'

test_expect 'getfattr -d in all/, whatever the file'"'"'s status' '
	(cd "$M/all" && getfattr -d drivers/bad.c a.c drivers/net/untagged.c README) >"$TMP/xattr" &&
	expect_file "$TMP/xattr" <<-EOF
	# file: drivers/bad.c
	user.spdx.error="Invalid License ID: GPL-1.0-or-later"
	user.spdx.expression="GPL-1.0-or-later"
	user.spdx.line="1"
	user.spdx.path="drivers/bad.c"
	user.spdx.status="invalid"

	# file: a.c
	user.spdx.expression="GPL-2.0"
	user.spdx.line="1"
	user.spdx.path="a.c"
	user.spdx.status="tagged"

	# file: drivers/net/untagged.c
	user.spdx.path="drivers/net/untagged.c"
	user.spdx.status="untagged"
	user.spdx.suggested="GPL-2.0-only"

	# file: README
	user.spdx.path="README"
	user.spdx.status="excluded"

	EOF
'

test_expect 'README lists all/' '
	grep -q "^all/  *every file of the tree" "$M/README"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_done
