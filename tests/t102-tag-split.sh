#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs tag --split maintainers: one series per MAINTAINERS entry, its
# mails addressed from the entry, each series applying on its own.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
S=$TMP/series
git_test_env tag

gpl_mit_note_licenses "$T"
mkdir -p "$T/drivers/net/can" "$T/drivers/net/wireless" "$T/drivers/clk" "$T/lib" \
	"$T/include/uapi/linux"
cat >"$T/MAINTAINERS" <<'X'
List of maintainers

CAN NETWORK DRIVERS
M:	Marc <marc@example.org>
M:	Oliver <oliver@example.org>
R:	Rita <rita@example.org>
L:	linux-can@example.org (moderated for non-subscribers)
F:	drivers/net/can

CLK/FOO DRIVERS
L:	linux-clk@example.org
F:	drivers/clk/
N:	foo

NETWORKING DRIVERS
M:	Dave <dave@example.org>
L:	netdev@example.org
F:	drivers/net/
X:	drivers/net/wireless/

REVIEW ONLY
M:	Ray <ray@example.org>
F:	lib/review.c
X:
X

printf 'int can;\n' >"$T/drivers/net/can/dev.c"
printf '/*\n * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\nint m;\n' >"$T/drivers/net/can/mit.c"
printf 'int net;\n' >"$T/drivers/net/net.c"
printf 'int w;\n' >"$T/drivers/net/wireless/w.c"
printf 'int clk;\n' >"$T/drivers/clk/clk.c"
printf 'int foo;\n' >"$T/lib/foo.c"
printf '/* Released under the LGPL */\nint r;\n' >"$T/lib/review.c"
printf '#define U 1\n' >"$T/include/uapi/linux/u.h"
(cd "$T" && git init -q && $GIT add . && $GIT commit -q -m base &&
 git config user.name "A. U. Thor" && git config user.email author@example.org)

test_expect 'one directory per entry with patches, and the index' '
	"$SPDXFS" tag --split maintainers "$T" -o "$S" >"$TMP/out" &&
	(cd "$S" && find . -type f | LC_ALL=C sort) >"$TMP/ls" &&
	expect_file "$TMP/ls" <<X
./CAN_NETWORK_DRIVERS/0000-cover-letter.patch
./CAN_NETWORK_DRIVERS/0001-drivers-net-can-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
./CAN_NETWORK_DRIVERS/0002-drivers-net-can-License-cleanup-add-SPDX-license-identifier-to-files-with-a-license.patch
./CLK_FOO_DRIVERS/0000-cover-letter.patch
./CLK_FOO_DRIVERS/0001-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
./NETWORKING_DRIVERS/0000-cover-letter.patch
./NETWORKING_DRIVERS/0001-drivers-net-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
./_no_entry/0000-cover-letter.patch
./_no_entry/0001-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
./_no_entry/0002-License-cleanup-add-SPDX-license-identifier-to-uapi-files-with-no-license.patch
./index
X
'

test_expect 'the index: entry, files tagged, directory; review only is no series' '
	expect_file "$S/index" <<X
# entry	files	directory
CAN NETWORK DRIVERS	2	CAN_NETWORK_DRIVERS
CLK/FOO DRIVERS	2	CLK_FOO_DRIVERS
NETWORKING DRIVERS	1	NETWORKING_DRIVERS
(no entry)	2	_no_entry
X
'

test_expect 'stdout names each file written, then the counts' '
	head -n 3 "$TMP/out" >"$TMP/head" &&
	expect_file "$TMP/head" <<X &&
CAN_NETWORK_DRIVERS/0000-cover-letter.patch
CAN_NETWORK_DRIVERS/0001-drivers-net-can-License-cleanup-add-SPDX-GPL-2.0-only-license-identifier-to-files-with-no-license.patch
CAN_NETWORK_DRIVERS/0002-drivers-net-can-License-cleanup-add-SPDX-license-identifier-to-files-with-a-license.patch
X
	grep -x "index" "$TMP/out" &&
	grep -x "series, one per entry         4" "$TMP/out"
'

test_expect 'To: the M: lines, Cc: R: and L:, folded; the subject prefix' '
	sed -n "2,10p" "$S"/CAN_NETWORK_DRIVERS/0001-*.patch >"$TMP/head" &&
	expect_file "$TMP/head" <<X
From: A. U. Thor <author@example.org>
Date: Fri, 14 Jul 2017 02:40:00 +0000
Subject: [PATCH 1/2] drivers/net/can: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
To: Marc <marc@example.org>,
    Oliver <oliver@example.org>
Cc: Rita <rita@example.org>,
    linux-can@example.org

Many source files in the tree are missing licensing information, which
X
'

test_expect 'the cover letter too; with no M:, To: the lists; no entry, no To:' '
	sed -n "4,6p" "$S"/CAN_NETWORK_DRIVERS/0000-cover-letter.patch >"$TMP/h1" &&
	expect_file "$TMP/h1" <<X &&
Subject: [PATCH 0/2] drivers/net/can: License cleanup: add SPDX license identifiers to files without one
To: Marc <marc@example.org>,
    Oliver <oliver@example.org>
X
	sed -n "4,6p" "$S"/CLK_FOO_DRIVERS/0001-*.patch >"$TMP/h2" &&
	expect_file "$TMP/h2" <<X &&
Subject: [PATCH 1/1] License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
To: linux-clk@example.org

X
	sed -n "4,5p" "$S"/_no_entry/0001-*.patch >"$TMP/h3" &&
	expect_file "$TMP/h3" <<X
Subject: [PATCH 1/2] License cleanup: add SPDX GPL-2.0-only license identifier to files with no license

X
'

test_expect 'each patch holds its entry files alone' '
	grep -h "^+++ b/" "$S"/*/000[1-9]-*.patch >"$TMP/files" &&
	expect_file "$TMP/files" <<X
+++ b/drivers/net/can/dev.c
+++ b/drivers/net/can/mit.c
+++ b/drivers/clk/clk.c
+++ b/lib/foo.c
+++ b/drivers/net/net.c
+++ b/drivers/net/wireless/w.c
+++ b/include/uapi/linux/u.h
X
'

test_expect '--force: a new run replaces every series, stale ones too' '
	mkdir -p "$S/OLD_ENTRY" && touch "$S/OLD_ENTRY/0001-old.patch" &&
	touch "$S/CLK_FOO_DRIVERS/0009-stale.patch" &&
	expect_status 2 "$SPDXFS" tag -q --split maintainers "$T" -o "$S" 2>"$TMP/err" &&
	grep -q "not empty (use --force" "$TMP/err" &&
	"$SPDXFS" tag -q -f --split maintainers "$T" -o "$S" &&
	(cd "$S" && find . -type f | LC_ALL=C sort) | diff -u "$TMP/ls" -
'

test_expect 'each series applies on its own, and all of them together' '
	for d in CAN_NETWORK_DRIVERS CLK_FOO_DRIVERS NETWORKING_DRIVERS _no_entry; do
		rm -rf "$TMP/clone" &&
		git clone -q "$T" "$TMP/clone" &&
		(cd "$TMP/clone" && $GIT am -q --keep-cr "$S/$d"/000[1-9]-*.patch) || return 1
	done &&
	(cd "$T" && $GIT am -q --keep-cr "$S"/*/000[1-9]-*.patch) &&
	"$SPDXFS" list --no-cache --status untagged "$T" | cut -f1 >"$TMP/left" &&
	expect_file "$TMP/left" <<X
MAINTAINERS
lib/review.c
X
'

test_expect 'the review file is in its own cover letter only when its entry has a series' '
	! grep -l "lib/review.c" "$S"/*/0000-cover-letter.patch
'

test_expect 'bad --split, --split without -o, a tree without MAINTAINERS: exit 2' '
	expect_status 2 "$SPDXFS" tag --split directories "$T" -o "$TMP/x" 2>"$TMP/e1" &&
	expect_file "$TMP/e1" <<X &&
spdxfs: --split: expected '"'"'maintainers'"'"', got '"'"'directories'"'"'
X
	expect_status 2 "$SPDXFS" tag --split maintainers --json "$T" 2>"$TMP/e2" &&
	expect_file "$TMP/e2" <<X &&
spdxfs: --split maintainers writes series: it needs -o DIR
X
	rm "$T/MAINTAINERS" && (cd "$T" && git rm -q --cached MAINTAINERS) &&
	expect_status 2 "$SPDXFS" tag -q --split maintainers "$T" -o "$TMP/y" 2>"$TMP/e3" &&
	expect_file "$TMP/e3" <<X &&
spdxfs: --split maintainers: $T/MAINTAINERS: No such file or directory
X
	test ! -e "$TMP/y"
'

test_expect 'each cover letter counts the files its entry leaves alone' '
	T2=$TMP/tree2 &&
	git clone -q "$T" "$T2" &&
	git -C "$T2" checkout -q "$(git -C "$T" rev-list --max-parents=0 HEAD)" &&
	printf "\\177ELF\\0\\1\\2\\3" >"$T2/drivers/net/can/fw.bin" &&
	printf "\\177ELF\\0\\1\\2\\3" >"$T2/drivers/clk/fw.bin" &&
	(cd "$T2" && $GIT add . && $GIT commit -q -m firmware) &&
	"$SPDXFS" tag --split maintainers --from "A <a@example.org>" "$T2" -o "$TMP/S2" >/dev/null &&
	grep -E "files that have none|^   [a-z ]+ +[0-9]+$" \
		"$TMP/S2/CAN_NETWORK_DRIVERS/0000-cover-letter.patch" >"$TMP/can" &&
	cat "$TMP/can" &&
	grep -q "adds one to 2 of the 3 files" "$TMP/can" &&
	grep -Eq "^   binary +1$" "$TMP/can" &&
	grep -q "adds one to 2 of the 3 files" "$TMP/S2/CLK_FOO_DRIVERS/0000-cover-letter.patch" &&
	grep -q "adds one to 1 of the 1 files" "$TMP/S2/NETWORKING_DRIVERS/0000-cover-letter.patch"
'


# The subject prefix from the history of TREE: one vote per commit and
# entry, the most votes win, ties go to the newest; merges, reverts and
# subjects without a prefix say nothing.
subjects() {	# SERIES_DIR
	for d in CAN_NETWORK_DRIVERS CLK_FOO_DRIVERS NETWORKING_DRIVERS; do
		sed -n "s/^Subject: \[PATCH 1\/[0-9]\] //p" "$1/$d"/0001-*.patch
	done
}
T3=$TMP/tree3
commit() {	# SUBJECT FILE...
	_s=$1
	shift
	for f; do echo "int x$#;" >>"$T3/$f"; done
	(cd "$T3" && $GIT add . && $GIT commit -q -m "$_s")
}
test_expect '--split: each entry'"'"'s prefix is the one its commits use' '
	git clone -q "$T" "$T3" &&
	git -C "$T3" checkout -q "$(git -C "$T" rev-list --max-parents=0 HEAD)" &&
	commit "can: dev: fix a leak" drivers/net/can/dev.c &&
	commit "can: add a counter" drivers/net/can/dev.c &&
	commit "can: tidy" drivers/net/can/dev.c &&
	commit "net: fix both" drivers/net/net.c drivers/net/can/dev.c &&
	commit "Revert \"clk: x\"" drivers/clk/clk.c &&
	commit "Fix a typo" drivers/clk/clk.c &&
	commit "netdev: y" drivers/net/net.c &&
	"$SPDXFS" tag -q --split maintainers --from "A <a@example.org>" "$T3" -o "$TMP/S3" &&
	subjects "$TMP/S3" >"$TMP/subj" &&
	expect_file "$TMP/subj" <<X
can: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
netdev: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
X
'

test_expect '--log-depth: how many commits vote; 0, the directories' '
	"$SPDXFS" tag -q --split maintainers --log-depth 1 --from "A <a@example.org>" "$T3" -o "$TMP/S4" &&
	subjects "$TMP/S4" >"$TMP/subj" &&
	expect_file "$TMP/subj" <<X &&
drivers/net/can: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
netdev: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
X
	"$SPDXFS" tag -q --split maintainers --log-depth 0 --from "A <a@example.org>" "$T3" -o "$TMP/S5" &&
	subjects "$TMP/S5" >"$TMP/subj" &&
	expect_file "$TMP/subj" <<X &&
drivers/net/can: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
drivers/net: License cleanup: add SPDX GPL-2.0-only license identifier to files with no license
X
	expect_status 2 "$SPDXFS" tag --split maintainers --log-depth x "$T3" -o "$TMP/S6" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: --log-depth: expected a number, got '"'"'x'"'"'
X
'

test_done
