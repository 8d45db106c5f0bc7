#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Installing: the version has one definition (index/util/version.h), which
# every way of asking prints; "make install" puts the program, spdxfs(1)
# and the bash completion in a DESTDIR and "make uninstall" takes exactly
# those away.  The man page renders without a warning and names every
# command, option, view and attribute the program itself lists, so the
# two cannot drift apart; its fstab lines mount a tree through mount(8)
# and mount.fuse3; the completion offers the commands, the options and
# the tree's licenses.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/fixture.sh"

version=$(sed -n 's/^#define SPDXFS_VERSION "\(.*\)"$/\1/p' "$TOP/index/util/version.h")
D=$TMP/dest
BIN=$D/usr/local/bin/spdxfs
PAGE=$D/usr/local/share/man/man1/spdxfs.1
COMP=$D/usr/local/share/bash-completion/completions/spdxfs
T=$TMP/tree
M=$TMP/mnt

test_expect 'version, --version and -V print the version of index/util/version.h' '
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
	test "$(cat "$TMP/def")" = "$TOP/index/util/version.h"
'

test_expect 'make install: the program, its man page, its completion, nothing else' '
	make -s -C "$TOP" install DESTDIR="$D" PREFIX=/usr/local >/dev/null &&
	(cd "$D" && find . ! -type d | sort) >"$TMP/files" &&
	expect_file "$TMP/files" <<-EOF &&
	./usr/local/bin/spdxfs
	./usr/local/share/bash-completion/completions/spdxfs
	./usr/local/share/man/man1/spdxfs.1
	EOF
	test "$(stat -c %a "$BIN" "$PAGE" "$COMP" | tr "\n" " ")" = "755 644 644 " &&
	test "$("$BIN" --version)" = "spdxfs $version" &&
	grep -qx ".TH SPDXFS 1 [0-9-]* \"spdxfs $version\" \"User Commands\"" "$PAGE"
'

test_expect 'man renders spdxfs(1) without a warning' '
	LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$PAGE" >"$TMP/man80" 2>"$TMP/manerr" &&
	cat "$TMP/manerr" && test ! -s "$TMP/manerr" &&
	grep -q "^NAME" "$TMP/man80" && grep -q "^EXAMPLES" "$TMP/man80" &&
	test "$(awk "length > 80" "$TMP/man80" | wc -l)" = 0
'

# The page as text, wide enough that no name is broken across lines.
LC_ALL=C MANWIDTH=1000 man -l "$PAGE" 2>/dev/null | col -b >"$TMP/man"

# mentions WORD...: the man page has each WORD, not as part of a longer one.
mentions() {
	for w in "$@"; do
		grep -qE -- "(^|[^A-Za-z0-9_-])$(printf %s "$w" | sed "s/[.+]/\\\\&/g")([^A-Za-z0-9_-]|$)" \
			"$TMP/man" || { echo "spdxfs.1 does not mention $w"; return 1; }
	done
}

# options CMD: what the lines of "spdxfs CMD --help" that start with an
# option name, the options and for "-o NAME" the NAME too.
options() {
	"$SPDXFS" "$1" --help | awk '
		/^[ \t]+-/ {
			for (i = 1; i <= NF; i++) {
				f = $i
				sub(/,$/, "", f)
				if (f ~ /^--?[A-Za-z][A-Za-z0-9-]*$/) {
					print f
					if (f == "-o" && $(i + 1) ~ /^[a-z_]+/) {
						g = $(i + 1)
						sub(/[=,].*/, "", g)
						print g
					}
				} else if (f !~ /^[A-Z_]+$/) {
					break
				}
			}
		}' | sort -u
}

test_expect 'the man page names every command spdxfs --help lists' '
	"$SPDXFS" --help | sed -n "s/^  \([a-z][a-z-]*\)  .*/\1/p" >"$TMP/commands" &&
	test "$(wc -l <"$TMP/commands")" -ge 7 &&
	mentions $(cat "$TMP/commands") help -V --version -h --help &&
	for c in $(cat "$TMP/commands"); do
		grep -q "^   $c\$" "$TMP/man" || grep -q "^       $c  *[A-Z]" "$TMP/man" ||
			grep -qx "       $c" "$TMP/man" || { echo "no entry for $c"; exit 1; }
	done
'

test_expect 'the man page names every option of every command'"'"'s --help' '
	for c in $(cat "$TMP/commands"); do
		options "$c" >"$TMP/opts.$c" && mentions $(cat "$TMP/opts.$c") || exit 1
	done &&
	grep -qx -- "--svg" "$TMP/opts.scan" && grep -qx "clone_fd" "$TMP/opts.mount" &&
	grep -qx -- "--decisions" "$TMP/opts.tag"
'

make_fixture "$T"
mkdir -p "$M"

test_expect 'the man page names every view and attribute of the mount'"'"'s README' '
	"$SPDXFS" mount "$T" "$M" &&
	awk "NR > 2 && /^\$/ { exit } NR > 2 && /^[^ ]/ { print \$1 }" "$M/README" >"$TMP/views" &&
	grep -o "user\.spdx\.[a-z_]*" "$M/README" | sort -u >"$TMP/xattrs" &&
	ls "$M" >"$TMP/root" &&
	fusermount3 -u "$M" &&
	test "$(wc -l <"$TMP/views")" -ge 12 && test "$(wc -l <"$TMP/xattrs")" -ge 6 &&
	grep -qx "charts/" "$TMP/views" &&
	mentions $(cat "$TMP/views" "$TMP/xattrs" "$TMP/root") licenses.svg backlog.svg \
		tagged misplaced untagged invalid excluded error \
		SPDXFS_CACHE_DIR XDG_CACHE_HOME fuse.spdxfs
'

test_expect 'the man page lists the exit statuses' '
	sed -n "/^EXIT STATUS/,/^ENVIRONMENT/p" "$TMP/man" | grep -c "^       [012]  " >"$TMP/n" &&
	test "$(cat "$TMP/n")" = 3
'

# complete WORD...: run the installed completion on the command line
# "WORD..." with the cursor in the last word, print COMPREPLY sorted.
complete_words() {
	PATH="$D/usr/local/bin:$PATH" bash -c '
		. "$0" &&
		COMP_WORDS=("$@") && COMP_CWORD=$(($# - 1)) &&
		_spdxfs && printf "%s\n" "${COMPREPLY[@]}" | sort' "$COMP" "$@"
}

test_expect 'completion: the commands, then each command'"'"'s options' '
	complete_words spdxfs "" >"$TMP/got" &&
	sort "$TMP/commands" | diff -u - "$TMP/got" &&
	complete_words spdxfs t >"$TMP/got" && test "$(cat "$TMP/got")" = tag &&
	complete_words spdxfs scan -- >"$TMP/got" &&
	grep -x -- "--.*" "$TMP/opts.scan" | diff -u - "$TMP/got" &&
	complete_words spdxfs check - >"$TMP/got" &&
	diff -u "$TMP/opts.check" "$TMP/got"
'

test_expect 'completion: -l/--license offers the identifiers of the tree'"'"'s LICENSES/' '
	complete_words spdxfs tag "$T" -l "" >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF &&
	Apache-2.0
	GPL-2.0
	GPL-2.0+
	GPL-2.0-only
	GPL-2.0-or-later
	MIT
	EOF
	complete_words spdxfs tag -q "$T" --license GPL-2.0- >"$TMP/got" &&
	test "$(cat "$TMP/got" | tr "\n" " ")" = "GPL-2.0-only GPL-2.0-or-later " &&
	complete_words spdxfs tag "$T" --license = M >"$TMP/got" &&
	test "$(cat "$TMP/got")" = MIT &&
	complete_words spdxfs tag -o "$TMP/out" "$T" -l Apa >"$TMP/got" &&
	test "$(cat "$TMP/got")" = Apache-2.0
'

test_expect 'completion: tag --split offers maintainers' '
	complete_words spdxfs tag --split "" >"$TMP/got" &&
	test "$(cat "$TMP/got")" = maintainers
'

test_expect 'completion: trees and mount options' '
	complete_words spdxfs scan "$TMP/tr" >"$TMP/got" &&
	test "$(cat "$TMP/got")" = "$T" &&
	complete_words spdxfs mount -o allow_other,au >"$TMP/got" &&
	test "$(cat "$TMP/got")" = allow_other,auto_unmount &&
	complete_words spdxfs diff --fail-on added,un >"$TMP/got" &&
	test "$(cat "$TMP/got")" = added,untagged &&
	complete_words spdxfs diff --fail-on b >"$TMP/got" &&
	test "$(cat "$TMP/got")" = broken
'

# fstab FORM: the man page's fstab line of that form ("fuse.spdxfs" or
# "spdxfs#"), for the fixture tree and mountpoint, the program the
# installed one.
fstab_line() {
	grep -E "^ +$1" "$TMP/man" | sed -e "s|^ *||" -e "s|/usr/src/linux|$T|" \
		-e "s|/mnt/spdxfs|$M|" -e "s|^spdxfs#|$BIN#|"
}

# in_namespace SCRIPT: run SCRIPT in a mount namespace of its own in
# which the installed bin/ is /usr/local/bin, where mount.fuse3 finds
# "spdxfs" with the shell's default PATH (mount(8) runs it without ours).
in_namespace() {
	unshare --mount --propagation private sh -c \
		"mount --bind '$D/usr/local/bin' /usr/local/bin && $1"
}

# Does a process run "spdxfs $T $M ..."?  Read from /proc, since procps
# may be missing.
daemon_running() {
	for f in /proc/[0-9]*/cmdline; do
		{ tr "\0" " " <"$f"; } 2>/dev/null | grep -qF "spdxfs $T $M " && return 0
	done
	return 1
}

# Wait for the daemon on $M to be gone (it may outlive its unmount by
# a moment); 10 seconds at most.
daemon_gone() {
	within 10 '! daemon_running'
}

if ! unshare --mount true 2>/dev/null; then
	test_skip 'no mount namespace here (unshare --mount)'
	test_skip 'no mount namespace here (unshare --mount)'
else
	test_expect 'the fstab line of spdxfs(1) mounts the tree (mount -T, mount.fuse3)' '
		fstab_line "/usr/src/linux +/mnt/spdxfs +fuse.spdxfs" >"$TMP/fstab" &&
		test "$(awk "{ print \$1, \$3, \$4 }" "$TMP/fstab")" = "$T fuse.spdxfs ro,allow_other,nofail" &&
		"$SPDXFS" scan "$T" >"$TMP/summary" &&
		in_namespace "mount -T \"$TMP/fstab\" \"$M\" &&
			grep \" $M fuse.spdxfs \" /proc/self/mounts >\"$TMP/mounts\" &&
			cat \"$M/summary\" >\"$TMP/got\"; fusermount3 -u \"$M\"" &&
		daemon_gone &&
		grep -q "^$T $M fuse.spdxfs ro,.*allow_other" "$TMP/mounts" &&
		cmp "$TMP/summary" "$TMP/got"
	'

	test_expect 'and so does the older "spdxfs#TREE" line, of type fuse' '
		fstab_line "spdxfs#" >"$TMP/fstab" &&
		test "$(awk "{ print \$1, \$3 }" "$TMP/fstab")" = "$BIN#$T fuse" &&
		in_namespace "mount -T \"$TMP/fstab\" \"$M\" &&
			cat \"$M/summary\" >\"$TMP/got\"; fusermount3 -u \"$M\"" &&
		daemon_gone &&
		cmp "$TMP/summary" "$TMP/got"
	'
fi

test_expect 'make uninstall leaves no file in DESTDIR' '
	make -s -C "$TOP" uninstall DESTDIR="$D" PREFIX=/usr/local >/dev/null &&
	(cd "$D" && find . ! -type d) >"$TMP/left" &&
	cat "$TMP/left" && test ! -s "$TMP/left"
'

test_expect 'a man page'"'"'s .\\" SPDX comment is a known comment leader' '
	U=$TMP/pages && mkdir -p "$U" && cp -r "$TOP/LICENSES" "$TOP/fusefs/spdxfs.1" "$U" &&
	printf "'"'"'\\\\\" SPDX-License-Identifier: GPL-2.0-only\n" >"$U/other.1" &&
	"$SPDXFS" check -v "$U" >"$TMP/out" &&
	expect_file "$TMP/out" <<-EOF
	other.1: 1:29 warning: tag not preceded by a known comment leader
	EOF
'

test_done
