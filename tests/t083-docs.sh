#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# One source per fact, kept in step (issue 27): the commands "spdxfs
# --help" lists are the man page's SYNOPSIS and the README's command
# list; each command's usage line, as --help prints it, is a line of the
# SYNOPSIS (TREE optional where it is); EXAMPLES show every command that
# reports something, check --staged among them; FILES states the rescan
# rule the saved index follows.  t040 checks that the page names every
# option and view.
. "$(dirname "$0")/lib.sh"

LC_ALL=C MANWIDTH=1000 man -l "$TOP/fusefs/spdxfs.1" 2>/dev/null | col -b >"$TMP/man"
# The SYNOPSIS's lines; "spdxfs version | -V | --version" also as
# "spdxfs version".
sed -n '/^SYNOPSIS/,/^DESCRIPTION/s/^       spdxfs /spdxfs /p' "$TMP/man" |
	sed 's/^\(spdxfs [a-z]*\) | -.*/&\n\1/' >"$TMP/synopsis"
"$SPDXFS" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' | sort >"$TMP/commands"

test_expect 'the SYNOPSIS has the commands --help lists, and no other' '
	test "$(wc -l <"$TMP/commands")" -ge 12 &&
	sed -n "s/^spdxfs \([a-z][a-z-]*\)\( .*\)\{0,1\}$/\1/p" "$TMP/synopsis" |
		grep -vx help | sort -u | diff -u "$TMP/commands" -
'

test_expect 'each usage line of --help is a line of the SYNOPSIS' '
	for c in $(cat "$TMP/commands"); do
		"$SPDXFS" "$c" --help | sed -n "/^usage: /,/^\$/p" |
			sed -e "/^\$/d" -e "s/^usage: //" -e "s/^ *//" \
			    -e "s/ *(mount\.fuse3, \/etc\/fstab)\$//" \
			    -e "s/^\(spdxfs [a-z]*\) \(.*\) | \(\[OPTION\]\.\.\. .*\)\$/\1 \2\n\1 \3/" |
			grep "^spdxfs " || exit 1
	done >"$TMP/usage" &&
	test "$(wc -l <"$TMP/usage")" -ge 13 &&
	while IFS= read -r u; do
		grep -qxF -- "$u" "$TMP/synopsis" || { echo "not in SYNOPSIS: $u"; exit 1; }
	done <"$TMP/usage"
'

# The README's command list: the commands it runs or quotes, in code.
test_expect 'the README names every command, and only those' '
	for c in $(grep -vx version "$TMP/commands"); do
		grep -qE "(spdxfs $c( |\$)|\`$c\`)" "$TOP/README.md" || { echo "README lacks $c"; exit 1; }
	done &&
	grep -oE "(^    (\\\$ )?|\`|&& )spdxfs [a-z][a-z-]+" "$TOP/README.md" | sed "s/.*spdxfs //" |
		sort -u >"$TMP/named" &&
	for c in check show list mount tag; do grep -qx "$c" "$TMP/named" || exit 1; done &&
	comm -13 "$TMP/commands" "$TMP/named" >"$TMP/unknown" &&
	cat "$TMP/unknown" && test ! -s "$TMP/unknown"
'

test_expect 'the README shows check, show, list, mount and tag run' '
	for c in check show list mount tag; do
		grep -qE "^    \\\$ (.* )?spdxfs $c( |\$)" "$TOP/README.md" || { echo "no session of $c"; exit 1; }
	done
'

test_expect 'EXAMPLES show every command that reports, and check --staged' '
	sed -n "/^EXAMPLES/,/^SEE ALSO/p" "$TMP/man" >"$TMP/examples" &&
	for c in $(grep -vxE "version|cache" "$TMP/commands"); do
		grep -qE "spdxfs $c( |\$)" "$TMP/examples" || { echo "no example of $c"; exit 1; }
	done &&
	grep -q "spdxfs check --staged" "$TMP/examples"
'

test_expect 'FILES states the rescan rule of the saved index' '
	sed -n "/^FILES/,/^EXAMPLES/p" "$TMP/man" | tr -s " \n" "  " >"$TMP/files" &&
	grep -q "reads again only those whose size, mtime, ctime, inode, owner or mode changed" "$TMP/files" &&
	grep -q "more than 1/64 of the files" "$TMP/files"
'

test_done
