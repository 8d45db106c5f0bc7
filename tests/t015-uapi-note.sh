#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check in a kernel tree fails a header that "make headers_install"
# installs (include/uapi/, arch/ARCH/include/uapi/) whose expression has a
# GPL-family license without "WITH Linux-syscall-note", as
# scripts/headers_install.sh does, with its message; copies of uapi
# headers elsewhere (tools/) are not installed and not checked.  On a
# fixture, and on a copy of the 6.1 tree's if_tun.h with the note taken
# away, against the tree's own headers_install.sh.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
L="SPDX-License-Identifier:"

gpl_mit_note_licenses "$T"
license_file "$T/LICENSES/preferred" LGPL-2.1 LGPL-2.1 LGPL-2.1-only
license_file "$T/LICENSES/dual" BSD-2-Clause BSD-2-Clause
mkdir -p "$T/scripts" "$T/include/uapi/linux" "$T/arch/x86/include/uapi/asm" \
	"$T/tools/include/uapi/linux" "$T/include/linux"
printf '#!/usr/bin/env python3\n# %s GPL-2.0\nprint()\n' "$L" >"$T/scripts/spdxcheck.py"
printf '/* %s GPL-2.0 WITH Linux-syscall-note */\n' "$L" >"$T/include/uapi/linux/ok.h"
printf '/* %s GPL-2.0 */\n' "$L" >"$T/include/uapi/linux/gpl.h"
printf '/* %s (GPL-2.0 WITH Linux-syscall-note) OR MIT */\n' "$L" >"$T/arch/x86/include/uapi/asm/dual.h"
printf '/* %s LGPL-2.1 OR BSD-2-Clause */\n' "$L" >"$T/arch/x86/include/uapi/asm/lgpl.h"
printf '/* %s MIT */\n' "$L" >"$T/include/uapi/linux/mit.h"
printf '# %s GPL-2.0\n' "$L" >"$T/include/uapi/linux/Kbuild"
printf '/* %s GPL-2.0 */\n' "$L" >"$T/tools/include/uapi/linux/types.h"
printf '/* %s GPL-2.0 */\n' "$L" >"$T/include/linux/kernel.h"

test_expect 'the installed headers without the note are errors, with headers_install.sh'"'"'s message' '
	expect_status 1 "$SPDXFS" check "$T" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/out" <<X
arch/x86/include/uapi/asm/lgpl.h: 1:28 missing "WITH Linux-syscall-note" for SPDX-License-Identifier (scripts/headers_install.sh)
include/uapi/linux/gpl.h: 1:28 missing "WITH Linux-syscall-note" for SPDX-License-Identifier (scripts/headers_install.sh)
X
'

test_expect '--json: the class headers-install' '
	expect_status 1 "$SPDXFS" check --json "$T" >"$TMP/json" 2>/dev/null &&
	jq -r ".diagnostics[] | select(.class == \"headers-install\") | .path" \
		"$TMP/json" >"$TMP/paths" &&
	expect_file "$TMP/paths" <<X
arch/x86/include/uapi/asm/lgpl.h
include/uapi/linux/gpl.h
X
'

test_expect 'a tree without scripts/spdxcheck.py (not the kernel'"'"'s rules): no such error' '
	rm "$T/scripts/spdxcheck.py" &&
	expect_status 0 "$SPDXFS" check "$T" >"$TMP/out" 2>/dev/null &&
	test ! -s "$TMP/out"
'

if kernel_tree; then
	K=$KERNEL_TREE
	U=$TMP/if_tun
	mkdir -p "$U/scripts" "$U/include/uapi/linux" &&
	cp -r "$K/LICENSES" "$U/" &&
	cp "$K/scripts/spdxcheck.py" "$K/scripts/headers_install.sh" "$U/scripts/" &&
	sed "1s/ WITH Linux-syscall-note//" "$K/include/uapi/linux/if_tun.h" \
		>"$U/include/uapi/linux/if_tun.h" || exit 1

	test_expect '6.1'"'"'s if_tun.h without its note: the error headers_install.sh gives' '
		head -n 1 "$U/include/uapi/linux/if_tun.h" | grep -qxF "/* $L GPL-2.0+ */" &&
		expect_status 1 "$SPDXFS" check "$U" >"$TMP/out" 2>/dev/null &&
		expect_file "$TMP/out" <<-X &&
		include/uapi/linux/if_tun.h: 1:28 missing "WITH Linux-syscall-note" for SPDX-License-Identifier (scripts/headers_install.sh)
		X
		(cd "$U" && ! sh scripts/headers_install.sh ./include/uapi/linux/if_tun.h \
			"$TMP/out.h" 2>"$TMP/hi.err") &&
		grep -qxF "error: ./include/uapi/linux/if_tun.h: missing \"WITH Linux-syscall-note\" for SPDX-License-Identifier" "$TMP/hi.err"
	'

	test_expect 'the 6.1 tree itself: no such error' '
		"$SPDXFS" check --json "$K" >"$TMP/kjson" 2>/dev/null;
		test "$(jq "[.diagnostics[] | select(.class == \"headers-install\")] | length" "$TMP/kjson")" = 0
	'
else
	test_skip "the 6.1 tree: run kernel-tree-scripts/fetch first"
fi
test_done
