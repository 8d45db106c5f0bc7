#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# One source per fact (issue 27): the man page is the manual, HACKING.md
# the internals.  The man page names every option each command's --help
# lists, says which commands take the options shared by the commands
# that index a tree as --help says, and restricts each extended attribute
# to the views fusefs/xattr.c serves it in.  HACKING.md lists every
# source file in its layout, names only paths that exist, ties each
# "###" section to a source file, points only at sections and commands
# the man page has, and quotes no command session (EXAMPLES does).
. "$(dirname "$0")/lib.sh"

LC_ALL=C MANWIDTH=1000 man -l "$TOP/fusefs/spdxfs.1" 2>/dev/null | col -b >"$TMP/man"
tr -s ' \t\n' '   ' <"$TMP/man" >"$TMP/man1"
"$SPDXFS" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' >"$TMP/commands"
H=$TOP/HACKING.md

# A command's options: the lines of its --help that start with one.
options() {
	"$SPDXFS" "$1" --help 2>&1 |
		sed -n 's/^  \(-[A-Za-z0-9]\)\(, \(--[a-z][a-z0-9-]*\)\)\{0,1\}[ =].*/\1 \3/p
			s/^      \(--[a-z][a-z0-9-]*\).*/\1/p' | tr ' ' '\n' | sed '/^$/d'
}

test_expect 'the man page names every option of every --help' '
	test "$(wc -l <"$TMP/commands")" -ge 12 &&
	n=0 &&
	for c in $(cat "$TMP/commands"); do
		for o in $(options "$c"); do
			n=$((n + 1)) &&
			grep -qE -- "(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|\$)" "$TMP/man" ||
				{ echo "$c: $o not in the man page"; exit 1; }
		done
	done &&
	test "$n" -ge 80
'

test_expect 'the options of every command that indexes a tree: the commands --help gives them to' '
	for c in $(cat "$TMP/commands"); do
		options "$c" | grep -qx -- --no-cache && echo "$c"
	done | sort >"$TMP/indexing" &&
	test "$(wc -l <"$TMP/indexing")" -ge 5 &&
	sed -n "/^   Options of every command that indexes a tree/{n;p;}" "$TMP/man" |
		sed "s/ take these\..*//; s/,//g; s/ and / /" | tr " " "\n" |
		sed "/^\$/d" | sort | diff -u "$TMP/indexing" -
'

test_expect 'each extended attribute is in the views xattr.c serves it in' '
	sed -n "s/^	{ \"\(user\.spdx\.[a-z_]*\)\", { \"\([a-z-]*\)\", \"\([a-z-]*\)\" },.*/\1 \2 \3/p" \
		"$TOP/fusefs/xattr.c" >"$TMP/xattrs" &&
	test "$(wc -l <"$TMP/xattrs")" -ge 2 &&
	sed -n "/^EXTENDED ATTRIBUTES/,/^CHARTS/p" "$TMP/man" | tr -s " \t\n" "   " >"$TMP/xa" &&
	while read -r a v1 v2; do
		grep -qF "$a in $v1/ and $v2/ only" "$TMP/xa" || { echo "$a: not in $v1/ and $v2/ only"; exit 1; }
	done <"$TMP/xattrs"
'

# The layout: every name.[ch], name.c or name.h it mentions, expanded.
sed -n '/^## How the code is laid out/,/^## How a scan/p' "$H" |
	grep -oE '[a-z0-9_]+\.(\[ch\]|[ch])([^a-z0-9_]|$)' |
	sed -e 's/^\(.*\)\.\[ch\].*/\1.c\n\1.h/' -e 's/^\(.*\.[ch]\)[^a-z0-9_]*$/\1/' |
	sort -u >"$TMP/layout"

test_expect 'the layout lists every source file of index/ and fusefs/' '
	(cd "$TOP" && ls index/*.[ch] index/*/*.[ch] fusefs/*.[ch] fusefs/*/*.[ch]) | sed "s,.*/,," |
		sort -u >"$TMP/sources" &&
	test "$(wc -l <"$TMP/sources")" -ge 100 &&
	comm -23 "$TMP/sources" "$TMP/layout" >"$TMP/unlisted" &&
	cat "$TMP/unlisted" && test ! -s "$TMP/unlisted"
'

test_expect 'every file the layout lists exists' '
	for f in $(cat "$TMP/layout"); do
		ls "$TOP"/index/$f "$TOP"/index/*/$f "$TOP"/fusefs/$f "$TOP"/fusefs/*/$f 2>/dev/null | grep -q . || { echo "no $f"; exit 1; }
	done
'

test_expect 'every path HACKING.md names exists' '
	grep -oE "\`(index|fusefs|tests|kernel-tree-scripts)/[A-Za-z0-9_./-]+\`" "$H" | tr -d "\`" |
		sort -u >"$TMP/paths" &&
	test "$(wc -l <"$TMP/paths")" -ge 30 &&
	while read -r p; do
		test -e "$TOP/$p" || { echo "no $p"; exit 1; }
	done <"$TMP/paths"
'

test_expect 'each ### section of HACKING.md names a source file that exists' '
	awk "/^### /{ if (t) print t \"\t\" s; t = \$0; s = \"\"; next }
	     /^## /{ if (t) print t \"\t\" s; t = \"\"; next }
	     { s = s \" \" \$0 }
	     END { if (t) print t \"\t\" s }" "$H" >"$TMP/sections" &&
	test "$(wc -l <"$TMP/sections")" -ge 15 &&
	while IFS="	" read -r t s; do
		ok= &&
		for f in $(printf "%s\n" "$s" | grep -oE "(index|fusefs)/[a-z0-9_/]+\.[ch]\b"); do
			if test -e "$TOP/$f"; then ok=1; fi
		done &&
		test -n "$ok" || { echo "$t: names no source file"; exit 1; }
	done <"$TMP/sections"
'

test_expect 'HACKING.md points only at sections and commands of the man page' '
	tr -s " \n" "  " <"$H" | grep -oE "spdxfs\(1\), [^.;)]*" |
		sed "s/^spdxfs(1), //; s/, /\n/g; s/ and /\n/g" | tr -d "\`" |
		sed "/^\$/d" | sort -u >"$TMP/pointers" &&
	test "$(wc -l <"$TMP/pointers")" -ge 10 &&
	while IFS= read -r p; do
		grep -qE -- "^(   |       )?$p( |\$)" "$TMP/man" || { echo "no \"$p\" in the man page"; exit 1; }
	done <"$TMP/pointers"
'

test_expect 'HACKING.md quotes no command session: EXAMPLES does' '
	! grep -nE "^ +(\\\$ )?(\./)?spdxfs [a-z]" "$H"
'

test_done
