#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel-tree-scripts/upstream-check on a small git tree, a newer tree and
# a fixture build directory: upstream's decisions are all accepted, and
# what the build holds untagged afterwards is exactly what upstream leaves
# untagged, each file with its reason from the cover letter.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
U=$TMP/upstream
B=$TMP/build
W=$TMP/work
CHECK=$TOP/kernel-tree-scripts/upstream-check
GIT="git -c user.name=t -c user.email=t@example.org -c commit.gpgsign=false"
export GIT_AUTHOR_DATE='@1500000000 +0000' GIT_COMMITTER_DATE='@1500000000 +0000'
FROM='T. Ester <t@example.org>'

PD='/*\n * This file has been put into the public domain.\n */\n'
ZBSD='/*\n * Permission to use, copy, modify, and/or distribute this software for any\n * purpose with or without fee is hereby granted.\n */\n'
MITTEXT=' * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\n'
GPL='/* Released under the GPL */\n'
LGPL='/* Released under the LGPL */\n'

# TREE: a.c no license (the rules tag it), pd.c and pd2.c public domain,
# mit.c MIT (the rules tag it), lgpl.c, left.c and gone.c for review,
# tagged.c tagged.
make_tree() {
	gpl_mit_licenses "$T"
	printf 'int a;\n' >"$T/a.c"
	printf "${PD}int pd;\n" >"$T/pd.c"
	printf "${PD}int pd2;\n" >"$T/pd2.c"
	printf "/*\n${MITTEXT}int m;\n" >"$T/mit.c"
	printf "${LGPL}int l;\n" >"$T/lgpl.c"
	printf "${GPL}int left;\n" >"$T/left.c"
	printf "${GPL}int gone;\n" >"$T/gone.c"
	printf '// SPDX-License-Identifier: GPL-2.0\nint t;\n' >"$T/tagged.c"
	(cd "$T" && git init -q && $GIT add . && $GIT commit -q -m base)
}

# NEWER: pd.c and pd2.c relicensed to 0BSD, mit.c tagged with more
# wording, lgpl.c tagged with the same wording, left.c as it was, gone.c
# gone.
make_upstream() {
	mkdir -p "$U" && git -C "$T" archive HEAD | tar -x -C "$U" &&
	license_file "$U/LICENSES/preferred" LGPL-2.1 LGPL-2.1 LGPL-2.1-only LGPL-2.1+ LGPL-2.1-or-later &&
	license_file "$U/LICENSES/deprecated" 0BSD 0BSD &&
	printf "// SPDX-License-Identifier: 0BSD\n${ZBSD}int pd;\n" >"$U/pd.c" &&
	printf "// SPDX-License-Identifier: 0BSD\n${ZBSD}int pd2;\n" >"$U/pd2.c" &&
	printf "// SPDX-License-Identifier: MIT\n/*\n * Copyright (C) 2024 Someone\n *\n%s%s" \
		" * The above copyright notice and this permission notice shall be included.\n" \
		"${MITTEXT}int m;\n" >"$U/mit.c" &&
	printf "// SPDX-License-Identifier: LGPL-2.1-only\n${LGPL}int l;\n" >"$U/lgpl.c" &&
	rm "$U/gone.c" &&
	printf 'VERSION = 9\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$U/Makefile"
}

# BUILD: one object per built file (pd2.c is not built), as kbuild
# records them: .cmd files with source_, thin archives, vmlinux.a.
make_build() {
	mkdir -p "$B/obj" &&
	ln -s "$T" "$B/source" &&
	for f in a pd mit lgpl left gone tagged; do
		: >"$B/obj/$f.o" &&
		printf 'source_obj/%s.o := %s/%s.c\n\ndeps_obj/%s.o := \\\n\n' \
			"$f" "$T" "$f" "$f" >"$B/obj/.$f.o.cmd" || return 1
	done &&
	echo "cmd_vmlinux.o := ld -r -o vmlinux.o --whole-archive vmlinux.a" >"$B/.vmlinux.o.cmd" &&
	(cd "$B" && ar cDPrST built-in.a obj/a.o obj/pd.o obj/mit.o obj/lgpl.o \
		obj/left.o obj/gone.o obj/tagged.o && ar cDPrST vmlinux.a ./built-in.a)
}
make_tree
make_upstream
make_build

test_expect 'upstream-check: every assertion passes on the fixture' '
	"$CHECK" -n -f "$FROM" "$T" "$U" "$B" "$W" >"$TMP/out" &&
	grep "^ok - \|^not ok - " "$TMP/out" >"$TMP/results" &&
	expect_file "$TMP/results" <<X
ok - spdxfs tag --upstream lists upstream'"'"'s decisions
ok - spdxfs tag --upstream --decisions: the series, with the 3 decisions of upstream accepted
ok - the series applies with git am
ok - spdxfs built lists the files of $B
ok - every built file upstream decided carries upstream'"'"'s expression (2 files, 1 of them left for review by the rules)
ok - the only built files left untagged are those upstream leaves untagged (2: 1 untagged there, 1 not there)
ok - each built file left untagged is in the cover letter with its reason
X
'

test_expect 'upstream-check: the accepted decisions are upstream'"'"'s, uncommented' '
	expect_file "$W/accepted" <<X
mit.c  MIT
pd.c  0BSD
pd2.c  0BSD
X
'

test_expect 'upstream-check: decided.list, exact' '
	expect_file "$W/decided.list" <<X
mit.c	MIT	rules
pd.c	0BSD	review
X
'

test_expect 'upstream-check: adopted.list, exact' '
	expect_file "$W/adopted.list" <<X
lgpl.c	LGPL-2.1-only
X
'

test_expect 'upstream-check: left.list, exact, with the reasons of the cover letter' '
	expect_file "$W/left.list" <<X
gone.c	absent	gone.c: GPL (GPL without a version)
left.c	untagged	left.c: GPL (GPL without a version)
X
'

test_expect 'upstream-check: the tagged tree has upstream'"'"'s tags and the 0BSD text' '
	"$SPDXFS" list --no-cache "$W/tree" | cut -f1,2,4 >"$TMP/list" &&
	expect_file "$TMP/list" <<X
LICENSES/deprecated/0BSD	excluded	
LICENSES/preferred/GPL-2.0	excluded	
LICENSES/preferred/LGPL-2.1	excluded	
LICENSES/preferred/MIT	excluded	
a.c	tagged	GPL-2.0-only
gone.c	untagged	
left.c	untagged	
lgpl.c	tagged	LGPL-2.1-only
mit.c	tagged	MIT
pd.c	tagged	0BSD
pd2.c	tagged	0BSD
tagged.c	tagged	GPL-2.0
X
'

test_expect 'upstream-check: a reviewer'"'"'s decisions come first, upstream'"'"'s fill in' '
	printf "gone.c GPL-2.0-only\npd.c MIT" >"$TMP/mine" &&
	"$CHECK" -n -f "$FROM" -d "$TMP/mine" "$T" "$U" "$B" "$W" >"$TMP/out" &&
	expect_file "$W/accepted" <<X &&
gone.c GPL-2.0-only
pd.c MIT
mit.c  MIT
pd2.c  0BSD
X
	expect_file "$W/decided.list" <<X &&
mit.c	MIT	rules
X
	expect_file "$W/left.list" <<X
left.c	untagged	left.c: GPL (GPL without a version)
X
'

test_expect 'upstream-check: without -n, through tag-check (stand-ins for the kernel'"'"'s judges)' '
	T2=$TMP/tree2 &&
	git clone -q "$T" "$T2" && mkdir -p "$T2/scripts" &&
	printf "#!/usr/bin/perl\n# SPDX-License-Identifier: GPL-2.0-only\nexit 0;\n" \
		>"$T2/scripts/checkpatch.pl" &&
	printf "#!/usr/bin/python3\n# SPDX-License-Identifier: GPL-2.0-only\n" \
		>"$T2/scripts/spdxcheck.py" &&
	(cd "$T2" && $GIT add scripts && $GIT commit -q -m judges) &&
	"$CHECK" -f "$FROM" "$T2" "$U" "$B" "$TMP/w2" >"$TMP/out" &&
	grep "^ok - tag-check\|^not ok" "$TMP/out" | sed "s/ on [0-9a-f]*\$//" >"$TMP/results" &&
	expect_file "$TMP/results" <<X &&
ok - tag-check: the series applies with git am
ok - tag-check: checkpatch.pl --no-tree: no SPDX warning or error on 4 patches
ok - tag-check: checkpatch.pl in the tree: every distinct tag line valid (4 expressions)
ok - tag-check: spdxcheck.py: no more errors on the tagged tree than on the baseline
ok - tag-check: spdxfs: the untagged backlog shrinks by the 5 files the series tagged
ok - tag-check: spdxfs: every tagged file has the expression the series wrote
ok - tag-check ran to the end
X
	cat "$TMP/w2/decided.list" "$TMP/w2/adopted.list" "$TMP/w2/left.list" >"$TMP/lists" &&
	expect_file "$TMP/lists" <<X
mit.c	MIT	rules
pd.c	0BSD	review
lgpl.c	LGPL-2.1-only
gone.c	absent	gone.c: GPL (GPL without a version)
left.c	untagged	left.c: GPL (GPL without a version)
X
'

test_expect 'upstream-check: a built file left untagged that upstream tags, though not on line 1, fails' '
	printf "${GPL}int left;\n// SPDX-License-Identifier: GPL-2.0-only\n" >"$U/left.c" &&
	expect_status 1 "$CHECK" -n -f "$FROM" "$T" "$U" "$B" "$W" >"$TMP/out" &&
	grep -A1 "^not ok - " "$TMP/out" >"$TMP/bad" &&
	expect_file "$TMP/bad" <<X
not ok - the only built files left untagged are those upstream leaves untagged (2: 1 untagged there, 1 not there)
#   left.c: misplaced upstream
X
'

test_expect 'upstream-check: usage and a tree that is not a git work tree exit 2' '
	expect_status 2 "$CHECK" "$T" "$U" "$B" 2>"$TMP/err" &&
	grep -q "^usage: " "$TMP/err" &&
	expect_status 2 "$CHECK" -n "$U" "$T" "$B" "$W" 2>"$TMP/err" &&
	grep -q "not a git work tree" "$TMP/err"
'

test_done
