#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/eval/run on a small tree: which tagged files it compares, how it
# normalises (GPL-2.0 = GPL-2.0-only, operand order), the classes and the
# review reasons it reports, byte for byte; and the tree stays as it was.
# Its --self-test checks the normaliser and the classes case by case.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
EVAL=$TOP/tests/eval/run
GPL2=' * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License version 2 as
 * published by the Free Software Foundation.'
GPL2P=' * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation; either version 2 of the License, or
 * (at your option) any later version.'
MIT=' * Permission is hereby granted, free of charge, to any person obtaining a
 * copy of this software and associated documentation files (the "Software"),'

file() {	# PATH TAG-LINE TEXT
	mkdir -p "$(dirname "$T/$1")"
	printf '%s\n/*\n * Copyright (C) 2020 A. Author\n *\n%s\n */\nint x;\n' "$2" "$3" >"$T/$1"
}

gpl_mit_note_licenses "$T"
file a.c '// SPDX-License-Identifier: GPL-2.0' "$GPL2"
file b.c '// SPDX-License-Identifier: GPL-2.0+' "$GPL2P"
file c.h '/* SPDX-License-Identifier: (MIT OR GPL-2.0) */' " * Dual licensed, at your choice:
$GPL2
$MIT"
file d.c '// SPDX-License-Identifier: GPL-2.0 OR MIT' "$MIT"
file e.c '// SPDX-License-Identifier: GPL-2.0' "$GPL2P"
file f.c '// SPDX-License-Identifier: GPL-2.0' ' * This file is licenced under the GPL.'
file g.c '// SPDX-License-Identifier: GPL-2.0' ' * This file has been put into the public domain.'
file include/uapi/u.h '/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */' "$GPL2"
file Documentation/x.rst '.. SPDX-License-Identifier: GPL-2.0' "$GPL2"
printf '// SPDX-License-Identifier: GPL-2.0\nint n;\n' >"$T/n.c"

test_expect 'the report on a small tree, two folds' '
	(cd "$T" && find . -type f | sort | xargs cat | cksum) >"$TMP/before" &&
	"$EVAL" -k 2 -w "$TMP/work" "$T" >"$TMP/report" 2>"$TMP/log" &&
	sed -e "s|$T|TREE|" -e "s/^# [0-9]* s$/# N s/" "$TMP/report" >"$TMP/report.s" &&
	expect_file "$TMP/report.s" <<X &&
tree: TREE
tagged files with license wording next to the tag: 9
  compared (the series tags them or lists them for review): 8
  not compared (skipped by the series, or still tagged): 1
tagged by the series: 6 (75.0% of compared)
agreement on the files the series tags: 4 of 6, 66.7%
sent to review: 2 (25.0% of compared)
public-domain wording, tagged anyway: 0
whole series: 0 tagged, 0 of them with license wording; 0 to review
derived share (license wording tagged, not sent to review): 0 of 0, -
dropped licenses (the head names one the tag leaves out): 0

per patch:  files  agree
  boilerplate             6       4  66.7%

disagreements by class (2): count, one example (derived / tree'"'"'s)
     1  tree: '"'"'only'"'"' where the text says '"'"'or later'"'"'
        e.c: GPL-2.0-or-later / GPL-2.0-only
     1  tree: adds a license the text does not name
        d.c: MIT / GPL-2.0-only OR MIT

review by reason (2):
     1  GPL without a version
     1  public domain wording
# N s
X
	(cd "$T" && find . -type f | sort | xargs cat | cksum) | cmp - "$TMP/before"
'

test_expect 'files.tsv: one line per selected file, normalised' '
	cut -f1-3 "$TMP/work/0-tree/files.tsv" >"$TMP/files" &&
	expect_file "$TMP/files" <<X
Documentation/x.rst	unseen	-
a.c	agree	boilerplate
b.c	agree	boilerplate
c.h	agree	boilerplate
d.c	DISAGREE	boilerplate
e.c	DISAGREE	boilerplate
f.c	review	GPL without a version
g.c	review	public domain wording
include/uapi/u.h	agree	boilerplate
X
'

test_expect 'normalising, classes and dropped licenses: every case of the self-test' '
	"$EVAL" --self-test >"$TMP/self" &&
	! grep "^not ok" "$TMP/self" && tail -n 1 "$TMP/self" | grep -q "^1\.\.26$"
'

# The whole series of a tree whose untagged files name the X11 license:
# every tag it writes keeps it, or the eval fails and names the file.
U=$TMP/untagged
gpl_mit_note_licenses "$U"
mkdir -p "$U/LICENSES/deprecated" "$U/dts"
printf 'Valid-License-Identifier: X11\nSPDX-URL: https://spdx.org/licenses/X11.html\nUsage-Guide:\n  x\nLicense-Text:\n\nx\n' \
	>"$U/LICENSES/deprecated/X11"
file t.c '// SPDX-License-Identifier: GPL-2.0' "$GPL2"
cp "$T/t.c" "$U/t.c" && rm "$T/t.c"
printf '/*\n * Copyright (C) 2014 A. Author\n *\n * This file is licensed under a dual GPLv2 or X11 license.\n */\n/ { };\n' \
	>"$U/dts/a.dtsi"
printf '/*\n * Copyright 2014 A. Author\n *\n * Licensed under the X11 license or the GPL v2 (or later)\n */\n/ { };\n' \
	>"$U/dts/b.dts"

test_expect 'the whole series: every tag keeps each license its head names' '
	"$EVAL" -q -k 2 "$U" >"$TMP/whole" 2>"$TMP/whole.err" &&
	grep -e "^whole series" -e "^derived share" -e "^dropped" -e "^  dts" "$TMP/whole" >"$TMP/whole.s" &&
	expect_file "$TMP/whole.s" <<X
whole series: 2 tagged, 2 of them with license wording; 0 to review
derived share (license wording tagged, not sent to review): 2 of 2, 100.0%
dropped licenses (the head names one the tag leaves out): 0
X
'

test_expect 'bad usage: no LICENSES/, too few folds' '
	expect_status 1 "$EVAL" "$TMP" 2>/dev/null &&
	expect_status 2 "$EVAL" -k 1 "$T" 2>/dev/null
'

test_done
