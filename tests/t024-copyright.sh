#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Copyright statements (index/copyright.h) in every command that shows a
# file's license: list --copyright, list --json, show, show --json, the
# count of scan and scan --json; and in the saved index, kept for the
# files a rescan does not read again.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_copyright_fixture "$T" || exit 1

test_expect 'list --copyright: a column of the statements, each form, exact' '
	"$SPDXFS" list --copyright "$T" >"$TMP/list" &&
	sed "s/\t/|/g" "$TMP/list" >"$TMP/list.bar" &&
	expect_file "$TMP/list.bar" <<X
LICENSES/preferred/GPL-2.0|excluded|0||
LICENSES/preferred/MIT|excluded|0||
c/block.c|tagged|1|GPL-2.0|Copyright (c) 2001 Foo Bar <foo@bar.org> / Copyright (C) 2008 Baz Corp, Inc.
c/cont.h|tagged|1|GPL-2.0|Copyright (C) 1999, 2000, 2001 Cont Author / Copyright (C) 2008 Aligned One <one@a.org> Aligned Two <two@b.org> / Copyright (c) 2001 Foo Bar <foo@bar.org>
c/deep.c|tagged|1|GPL-2.0|Copyright 2010 Deep Holder
c/latin1.c|tagged|1|GPL-2.0|Copyright (C) 1994 Jörg
c/none.c|tagged|1|GPL-2.0|
c/paren.c|tagged|1|GPL-2.0|(C) 2003 Qux <qux@example.org>
c/reuse.c|tagged|1|GPL-2.0|2019 Jane Doe <jane@example.com>
c/toodeep.c|tagged|1|GPL-2.0|
s/copr.m4|tagged|1|GPL-2.0|Copr. 2006 M4 Author
s/q.sql|tagged|1|MIT|Copyright 2007 Sql Author
s/sign.sh|tagged|2|GPL-2.0|Copyright © 2005 Shell Author / © 2004 Sign Holder
s/t.tex|tagged|1|MIT|copyright 2009 lower case
X
'

test_expect 'list without --copyright: the four columns as before' '
	"$SPDXFS" list "$T" | grep "^c/block.c" >"$TMP/plain" &&
	expect_file "$TMP/plain" <<X
c/block.c	tagged	1	GPL-2.0
X
'

test_expect 'list --json: copyright, an array, empty when none' '
	"$SPDXFS" list --json "$T" >"$TMP/list.json" &&
	python3 -c "
import json, sys
d = {f[\"path\"]: f[\"copyright\"] for f in json.load(open(sys.argv[1]))[\"files\"]}
assert d[\"c/cont.h\"] == [\"Copyright (C) 1999, 2000, 2001 Cont Author\", \"Copyright (C) 2008 Aligned One <one@a.org> Aligned Two <two@b.org>\", \"Copyright (c) 2001 Foo Bar <foo@bar.org>\"], d[\"c/cont.h\"]
assert d[\"c/none.c\"] == [] and d[\"LICENSES/preferred/MIT\"] == [], d
" "$TMP/list.json"
'

test_expect 'show: a copyright line per statement' '
	"$SPDXFS" show "$T/c/block.c" "$T/c/none.c" >"$TMP/show" &&
	expect_file "$TMP/show" <<X
c/block.c
  status        tagged
  line          1
  expression    GPL-2.0
  modern        GPL-2.0-only
  licenses      LICENSES/preferred/GPL-2.0
  usable under  GPL-2.0-only
  uapi          no
  syscall note  no
  copyright     Copyright (c) 2001 Foo Bar <foo@bar.org>
  copyright     Copyright (C) 2008 Baz Corp, Inc.

c/none.c
  status        tagged
  line          1
  expression    GPL-2.0
  modern        GPL-2.0-only
  licenses      LICENSES/preferred/GPL-2.0
  usable under  GPL-2.0-only
  uapi          no
  syscall note  no
X
'

test_expect 'show --json: copyright, an array' '
	"$SPDXFS" show --json "$T/s/sign.sh" "$T/c/none.c" >"$TMP/show.json" &&
	python3 -c "
import json, sys
f = {x[\"path\"]: x for x in json.load(open(sys.argv[1]))[\"files\"]}
assert f[\"s/sign.sh\"][\"copyright\"] == [\"Copyright \u00a9 2005 Shell Author\", \"\u00a9 2004 Sign Holder\"], f
assert f[\"c/none.c\"][\"copyright\"] == [], f
" "$TMP/show.json"
'

test_expect 'scan: files with copyright counted, text and JSON' '
	"$SPDXFS" scan "$T" >"$TMP/summary" &&
	grep "^with copyright" "$TMP/summary" >"$TMP/count" &&
	expect_file "$TMP/count" <<X &&
with copyright               10
X
	"$SPDXFS" scan --json "$T" >"$TMP/summary.json" &&
	python3 -c "
import json, sys
assert json.load(open(sys.argv[1]))[\"copyright\"] == 10
" "$TMP/summary.json"
'

test_expect 'SPDX 2.3 JSON: copyrightText of each file, NOASSERTION when none' '
	"$SPDXFS" export --format spdx-json "$T" >"$TMP/doc.json" &&
	python3 -c "
import json, sys
f = {x[\"fileName\"]: x[\"copyrightText\"] for x in json.load(open(sys.argv[1]))[\"files\"]}
assert f[\"./c/block.c\"] == \"Copyright (c) 2001 Foo Bar <foo@bar.org>\\nCopyright (C) 2008 Baz Corp, Inc.\", f
assert f[\"./c/latin1.c\"] == \"Copyright (C) 1994 J\\u00f6rg\", f
assert f[\"./c/reuse.c\"] == \"2019 Jane Doe <jane@example.com>\", f
assert f[\"./c/none.c\"] == \"NOASSERTION\", f
" "$TMP/doc.json"
'

test_expect 'SPDX 2.3 tag-value: FileCopyrightText in <text>, NOASSERTION when none' '
	"$SPDXFS" export --format spdx-tv "$T" >"$TMP/doc.tv" &&
	sed -n "/^FileName: .\/c\/block.c/,/^FileName/p" "$TMP/doc.tv" |
		grep -A1 "^FileCopyrightText" >"$TMP/tv.block" &&
	expect_file "$TMP/tv.block" <<X &&
FileCopyrightText: <text>Copyright (c) 2001 Foo Bar <foo@bar.org>
Copyright (C) 2008 Baz Corp, Inc.</text>
X
	sed -n "/^FileName: .\/c\/none.c/,/^FileName/p" "$TMP/doc.tv" |
		grep "^FileCopyrightText" >"$TMP/tv.none" &&
	expect_file "$TMP/tv.none" <<X
FileCopyrightText: NOASSERTION
X
'

test_expect 'SPDX 3.0.1: software_copyrightText on each file that has any' '
	"$SPDXFS" export --format spdx3 "$T" >"$TMP/doc3.json" &&
	python3 -c "
import json, sys
f = {e[\"name\"]: e.get(\"software_copyrightText\") for e in json.load(open(sys.argv[1]))[\"@graph\"] if e.get(\"type\") == \"software_File\"}
assert f[\"s/sign.sh\"] == \"Copyright \\u00a9 2005 Shell Author\\n\\u00a9 2004 Sign Holder\", f
assert f[\"s/copr.m4\"] == \"Copr. 2006 M4 Author\", f
assert f[\"c/none.c\"] is None, f
" "$TMP/doc3.json"
'

test_expect 'rescan: the saved index keeps them, a changed file is read again' '
	"$SPDXFS" list --copyright "$T" >"$TMP/again" &&
	cmp "$TMP/list" "$TMP/again" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n// Copyright 2024 New Holder\n" >"$T/c/paren.c" &&
	"$SPDXFS" list --copyright "$T" >"$TMP/changed" &&
	grep "^c/paren.c" "$TMP/changed" >"$TMP/paren" &&
	expect_file "$TMP/paren" <<X &&
c/paren.c	tagged	1	GPL-2.0	Copyright 2024 New Holder
X
	grep -v "^c/paren.c" "$TMP/changed" >"$TMP/changed.rest" &&
	grep -v "^c/paren.c" "$TMP/list" | cmp - "$TMP/changed.rest"
'

test_expect 'SPDXFS_NO_COPYRIGHT: none found, the saved index neither read nor written' '
	C2=$TMP/cache-nocr &&
	SPDXFS_CACHE_DIR=$C2 SPDXFS_NO_COPYRIGHT=1 "$SPDXFS" scan "$T" >"$TMP/nocr" &&
	grep "^with copyright" "$TMP/nocr" >"$TMP/nocr.count" &&
	expect_file "$TMP/nocr.count" <<X &&
with copyright                0
X
	{ test ! -e "$C2" || test -z "$(ls -A "$C2")"; }
'

test_expect 'a comment block past the head: statements read further on, in the same open' '
	mkdir -p "$TMP/long" &&
	{
		echo "// SPDX-License-Identifier: GPL-2.0" &&
		echo "/*" &&
		i=0 && while [ $i -lt 60 ]; do
			echo " * This line of prose only makes the comment long, $i." &&
			i=$((i + 1))
		done &&
		echo " * Copyright (C) 2019 Far Down Holder" &&
		echo " */" &&
		echo "int x;"
	} >"$TMP/long/far.c" &&
	"$SPDXFS" list --copyright "$TMP/long" 2>/dev/null >"$TMP/far" &&
	grep "^far.c" "$TMP/far" | cut -f1,5 >"$TMP/far.line" &&
	expect_file "$TMP/far.line" <<X
far.c	Copyright (C) 2019 Far Down Holder
X
'

test_done
