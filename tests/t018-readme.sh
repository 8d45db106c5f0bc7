#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Every spdxfs command the README's code blocks show runs as shown, so
# that the examples cannot drift from the program.  The commands are
# taken from the README mechanically: each indented line that runs
# spdxfs, its comment dropped, the optional [...] parts left out, and
# the placeholders given a fixture tree (TREE and linux/), a file of it
# (PATH...), a fixture build directory (BUILD_DIR) and a mountpoint
# (MNT).  Each runs in the tree; none may be refused (exit status 2,
# usage, an unknown option); check and built may find the fixture's bad
# tags (exit status 1).  What the examples print is tested elsewhere
# (t010 on the kernel tree for show, t017 for the pre-commit hook).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/linux
B=$TMP/build
M=$TMP/mnt
make_fixture "$T"
make_build_fixture "$B" "$T"
mkdir -p "$M" "$T/kernel/bpf"
printf '/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR MIT) */\n' \
	>"$T/include/uapi/linux/fuse.h"
printf '/*\n * This program is free software.\n */\nint offload;\n' >"$T/kernel/bpf/offload.c"
mkdir -p "$T/drivers/net" && printf '// SPDX-License-Identifier: GPL-2.0\n' >"$T/drivers/net/foo.c"
git -C "$T" init -q && git -C "$T" add -A &&
	git -C "$T" -c user.name=T -c user.email=t@example.org commit -qm fixture &&
	git -C "$T" tag v6.1 && git -C "$T" tag v6.12 &&
	git clone -q --bare "$T" "$TMP/linux.git" &&
	git -C "$TMP/linux.git" update-ref refs/remotes/origin/master HEAD

# The README's commands, one a line, as the shell will run them.
sed -n 's/^    \(\$ \)\{0,1\}//p' "$TOP/README.md" |
	grep -E '^(\./spdxfs|spdxfs|exec spdxfs|cd [^ ]+ && spdxfs) ' |
	sed -e 's/  *#.*$//' -e 's/^exec //' \
	    -e ':a' -e 's/ \[[-A-Z][^][]*\]//' -e 'ta' \
	    -e 's/\(^\|&& \)\(\.\/\)\{0,1\}spdxfs /\1"$SPDXFS" /' \
	    -e 's/PATH\.\.\./a.c/g' -e 's/BUILD_DIR/"$B"/g' -e 's/\bMNT\b/"$M"/g' \
	    -e 's/\bTREE\b/"$T"/g' -e 's/\blinux\//"$T"\//g' \
	    -e 's|~/src/linux\.git|"$TMP/linux.git"|g' -e 's|~/src/linux|"$T"|g' \
	    -e 's|/mnt/spdxfs|"$M"|g' -e 's|\bREPO\b|"$TMP/linux.git"|g' >"$TMP/commands"

test_expect 'the README shows at least 25 spdxfs commands, each one understood' '
	cat "$TMP/commands" &&
	test $(wc -l <"$TMP/commands") -ge 25 &&
	! grep -E " [[][-A-Z]|\b(TREE|PATH|BUILD_DIR|MNT)\b|(^| )spdxfs " "$TMP/commands"
'

n=0
while IFS= read -r cmd; do
	n=$((n + 1))
	case $cmd in
	*'" mount '*) after='within 10 "mountpoint -q \"\$M\"" && fusermount3 -u "$M"' ;;
	*) after=true ;;
	esac
	case $cmd in
	*' check'*|*' built '*) ok='0|1' ;;
	*) ok='0' ;;
	esac
	test_expect "README $n: $cmd" '
		(cd "$T" && eval "$cmd") >"$TMP/out" 2>"$TMP/err"
		status=$?
		cat "$TMP/err"
		eval "case $status in $ok) ;; *) false ;; esac" &&
		! grep -qiE "usage:|unknown option|unrecognized|invalid option|Try .spdxfs" "$TMP/err" &&
		eval "$after"
	'
done <"$TMP/commands"
at_exit 'fusermount3 -uz "$M" 2>/dev/null'

test_done
