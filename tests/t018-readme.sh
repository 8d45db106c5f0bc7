#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The README's sessions run as shown and print what it shows.  Each
# indented line "$ COMMAND" of README.md is run, in order, in the 6.1
# tree (~/.cache/spdxfs/linux-source-6.1 in the README; a "cd" moves the
# session), with "spdxfs" the binary under test, /tmp/views a mountpoint
# of the test's own and /tmp/series a directory of its own.  The
# indented lines after it, up to the next command or empty line, are its
# output (stdout, then stderr): exactly, or, when the README elides some
# with a "..." line, those lines in that order among the output.  The
# README's set-up commands (kernel-tree-scripts/run, make install,
# .ci/run) install packages and run the whole CI: .ci/run runs them.
. "$(dirname "$0")/lib.sh"

if ! kernel_tree; then
	test_skip "no 6.1 tree (kernel-tree-scripts/fetch)"
	test_done
	exit
fi
K=$KERNEL_TREE
M=$TMP/views
# tag's series is signed off by git's user.name and user.email, which
# the README asks a user to set first: a user with none gets one of the
# test's own (in $XDG_CONFIG_HOME/git/config, which git reads before
# ~/.gitconfig).
if [ -z "$(git -C "$K" config user.name)" ] || [ -z "$(git -C "$K" config user.email)" ]; then
	export XDG_CONFIG_HOME="$TMP/xdg"
	mkdir -p "$XDG_CONFIG_HOME/git" &&
	printf '[user]\n\tname = T\n\temail = t@example.org\n' >"$XDG_CONFIG_HOME/git/config" || exit 1
fi
mkdir -p "$TMP/bin" && ln -s "$SPDXFS" "$TMP/bin/spdxfs" || exit 1
at_exit 'fusermount3 -uz "$M" 2>/dev/null'

# The sessions as "C COMMAND" and "O OUTPUT LINE" records, paths made the
# test's own.
sed -n 's/^    //p; /^$/p' "$TOP/README.md" | awk '
	/^\$ / { sub(/^\$ /, ""); print "C " $0; on = 1; next }
	/^$/ { on = 0; next }
	on { print "O " $0 }
' | sed -e "s|~/.cache/spdxfs/linux-source-6.1|$K|g" -e "s|/tmp/views|$M|g" \
	-e "s|/tmp/series|$TMP/series|g" >"$TMP/session"

test_expect 'the README shows a session of the five daily commands, with output' '
	for c in check show list mount tag; do
		grep -qE "^C .*spdxfs $c( |$)" "$TMP/session" || { echo "no $c"; exit 1; }
	done &&
	test "$(grep -c "^O " "$TMP/session")" -ge 40
'

# matches EXPECTED ACTUAL: ACTUAL is EXPECTED, or with "..." lines in
# EXPECTED, has EXPECTED's other lines in that order.
matches() {
	if grep -qx "\.\.\." "$1"; then
		grep -vx "\.\.\." "$1" >"$1.lines"
		awk 'BEGIN { i = 0; n = 0 }
			NR == FNR { want[n++] = $0; next }
			i < n && $0 == want[i] { i++ }
			END { if (i < n) { print "not found: " want[i]; exit 1 } }' \
			"$1.lines" "$2"
	else
		diff -u "$1" "$2"
	fi
}

dir=$K
n=0
: >"$TMP/expect"
cmd=
run_one() {
	n=$((n + 1))
	case $cmd in
	"cd "*)
		eval "dir=${cmd#cd }"
		test_expect "README $n: $cmd" 'test -d "$dir"'
		return ;;
	esac
	test_expect "README $n: $cmd" '
		(cd "$dir" && PATH="$TMP/bin:$PATH" eval "$cmd") >"$TMP/out" 2>"$TMP/err"
		status=$? &&
		cat "$TMP/out" "$TMP/err" >"$TMP/all" &&
		case $cmd in
		"spdxfs check"*) test $status -le 1 ;;
		*) test $status = 0 ;;
		esac || { echo "exit status $status"; cat "$TMP/err"; false; } &&
		matches "$TMP/expect" "$TMP/all"
	'
}

while IFS= read -r line; do
	case $line in
	"C "*)
		[ -z "$cmd" ] || run_one
		cmd=${line#C }
		: >"$TMP/expect" ;;
	"O "*) printf "%s\n" "${line#O }" >>"$TMP/expect" ;;
	esac
done <"$TMP/session"
[ -z "$cmd" ] || run_one

test_expect 'the tree is not modified' '
	test -z "$(git -C "$K" status --porcelain --ignored | head -1)"
'

test_done
