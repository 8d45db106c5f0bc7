#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Bash completion (fusefs/spdxfs.bash), run with compgen in bash on a
# fixture tree: --license offers each identifier of LICENSES/ once, never
# an operator of a Valid-License-Identifier: line that holds an
# expression, for every command that takes it; --status offers the
# statuses; show, list, check and scan offer files as well as
# directories (issue 27).
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
COMP=$TOP/fusefs/spdxfs.bash

mkdir -p "$T/LICENSES/preferred" "$T/LICENSES/dual" "$T/kernel" "$T/kdir" || exit 1
printf 'Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0-only\nValid-License-Identifier: GPL-2.0+\nValid-License-Identifier: GPL-2.0-or-later\nSPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n' \
	>"$T/LICENSES/preferred/GPL-2.0"
printf 'Valid-License-Identifier: MIT\nSPDX-URL: https://spdx.org/licenses/MIT.html\n' \
	>"$T/LICENSES/preferred/MIT"
printf 'Valid-License-Identifier: GPL-2.0 OR GFDL-1.1-no-invariants-only\nValid-License-Identifier: GPL-2.0 OR GFDL-1.1-no-invariants-or-later\n' \
	>"$T/LICENSES/dual/GFDL-1.1"
printf '// SPDX-License-Identifier: MIT\n' >"$T/kernel/fork.c"
printf '// SPDX-License-Identifier: MIT\n' >"$T/kernel/fork2.c"

# complete DIR WORD...: in DIR, complete the command line "WORD..." with
# the cursor in the last word; COMPREPLY, one a line, in its order.
complete_in() {
	(cd "$1" && shift && bash -c '
		. "$0" &&
		COMP_WORDS=("$@") && COMP_CWORD=$(($# - 1)) &&
		_spdxfs && printf "%s\n" "${COMPREPLY[@]}"' "$COMP" "$@")
}

test_expect 'tag -l GPL: each identifier once, no operator' '
	complete_in "$T" spdxfs tag -l GPL >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF &&
	GPL-2.0
	GPL-2.0+
	GPL-2.0-only
	GPL-2.0-or-later
	EOF
	complete_in "$T" spdxfs tag -l "" >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF
	GFDL-1.1-no-invariants-only
	GFDL-1.1-no-invariants-or-later
	GPL-2.0
	GPL-2.0+
	GPL-2.0-only
	GPL-2.0-or-later
	MIT
	EOF
'

test_expect '--license for list and check too, the tree found from a file' '
	for c in list check; do
		complete_in "$T/kernel" spdxfs $c --license M >"$TMP/got" &&
		test "$(cat "$TMP/got")" = MIT || { echo "$c"; exit 1; }
	done &&
	complete_in "$TMP" spdxfs list "$T/kernel/fork.c" --license GPL-2.0- >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF
	GPL-2.0-only
	GPL-2.0-or-later
	EOF
'

test_expect '--status: the statuses, also after a comma' '
	complete_in "$T" spdxfs list --status "" >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF &&
	tagged
	misplaced
	untagged
	invalid
	excluded
	error
	EOF
	complete_in "$T" spdxfs check --status tagged,un >"$TMP/got" &&
	test "$(cat "$TMP/got")" = tagged,untagged &&
	complete_in "$T" spdxfs list --status kern >"$TMP/got" &&
	test -z "$(cat "$TMP/got")"
'
# What --help does not list is no option of that command: nothing to
# complete after it.
test_expect '--license and --status complete nothing where the command takes neither' '
	for c in scan show export diff built; do
		complete_in "$T" spdxfs $c --license M >"$TMP/got" &&
		! grep -qx MIT "$TMP/got" &&
		complete_in "$T" spdxfs $c --status un >"$TMP/got" &&
		! grep -qx untagged "$TMP/got" || { echo "$c"; exit 1; }
	done
'

test_expect 'check --class: the classes of --modules, also after a comma' '
	complete_in "$T" spdxfs check --modules --class "" >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF &&
	consistent
	contradiction
	untagged
	unknown
	all
	EOF
	complete_in "$T" spdxfs check --class contradiction,un >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF
	contradiction,untagged
	contradiction,unknown
	EOF
'

test_expect 'show, list, check and scan: files and directories' '
	for c in show list check scan; do
		complete_in "$T" spdxfs $c kernel/fo | sort >"$TMP/got" &&
		expect_file "$TMP/got" <<-EOF || { echo "$c"; exit 1; }
		kernel/fork.c
		kernel/fork2.c
		EOF
	done &&
	complete_in "$T" spdxfs mount k | sort >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF
	kdir
	kernel
	EOF
'

test_expect 'mount -o: its options, rev= among them, no exact_size' '
	complete_in "$T" spdxfs mount -o "" >"$TMP/got" &&
	grep -qx "rev=" "$TMP/got" && grep -qx "auto_unmount" "$TMP/got" &&
	! grep -x "exact_size" "$TMP/got"
'

test_done
