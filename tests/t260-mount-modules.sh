#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# user.spdx.module_license in the mount: each MODULE_LICENSE() call of a
# .c file with its class, as check --modules finds it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
M=$TMP/mnt

# module_license PATH: the value, or the errno's name.
module_license() {
	python3 -c '
import errno, os, sys
try:
    print(os.getxattr(sys.argv[1], "user.spdx.module_license").decode())
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1"
}

make_tree() {
	license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later &&
	license_file "$T/LICENSES/preferred" MIT MIT &&
	mkdir -p "$T/Documentation/process" "$T/drivers" "$M" &&
	module_license_rules >"$T/Documentation/process/license-rules.rst" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE("GPL");\n' >"$T/drivers/ok.c" &&
	printf '// SPDX-License-Identifier: MIT\nMODULE_LICENSE("Dual MIT/GPL");\nMODULE_LICENSE(NAME);\n' >"$T/drivers/two.c" &&
	printf 'MODULE_LICENSE("GPL v2");\n' >"$T/drivers/untagged.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint x;\n' >"$T/drivers/none.c" &&
	printf 'MODULE_LICENSE("GPL");\n' >"$T/drivers/h.h"
}

make_tree || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'user.spdx.module_license: each call and its class, absent without one' '
	for f in h.h none.c ok.c two.c untagged.c; do
		printf "%s|%s\n" "$f" "$(module_license "$M/all/drivers/$f")"
	done >"$TMP/got" &&
	expect_file "$TMP/got" <<X
h.h|ENODATA
none.c|ENODATA
ok.c|"GPL" consistent
two.c|"Dual MIT/GPL" contradiction, NAME unknown
untagged.c|"GPL v2" untagged
X
'

test_expect 'listed where it has a value' '
	python3 -c "import os,sys; print(os.listxattr(sys.argv[1]))" "$M/all/drivers/ok.c" >"$TMP/list" &&
	grep -q "user.spdx.module_license" "$TMP/list" &&
	! python3 -c "import os,sys; print(os.listxattr(sys.argv[1]))" "$M/all/drivers/none.c" | grep -q module_license
'

test_expect 'no table in the tree: absent' '
	rm "$T/Documentation/process/license-rules.rst" &&
	within 10 "test \"\$(module_license \"$M/all/drivers/ok.c\")\" = ENODATA"
'

stop_daemon "$M"
test_expect 'the daemon exits cleanly' 'expect_clean_exit "$M"'

test_done
