#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# user.spdx.module_license in the mount: each MODULE_LICENSE() call of a
# .c file with its class, as check --modules finds it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
M=$TMP/mnt

M2=$TMP/mnt2

# module_license PATH: the value, or the errno's name.
module_license() {
	xattr_of user.spdx.module_license "$1"
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

test_expect 'without --modules: no module-license/, no module counts' '
	test ! -e "$M/module-license" &&
	! grep -q MODULE_LICENSE "$M/summary" &&
	! grep -q "\"modules\"" "$M/summary.json"
'

test_expect 'remembered per snapshot: a changed file gives its new answer' '
	test "$(module_license "$M/all/drivers/ok.c")" = "\"GPL\" consistent" &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"Dual BSD/GPL\");\n" >"$T/drivers/ok.c" &&
	within 10 "test \"\$(module_license \"$M/all/drivers/ok.c\")\" = \"\\\"Dual BSD/GPL\\\" contradiction\"" &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"GPL\");\n" >"$T/drivers/ok.c" &&
	within 10 "test \"\$(module_license \"$M/all/drivers/ok.c\")\" = \"\\\"GPL\\\" consistent\""
'

# hostile_includes DIR: a 1 MB header, and 12 files of 1,600 #include
# lines of it each, then of the header that defines LIC (issue 25, item 4).
hostile_includes() {
	python3 - "$1" <<'PY'
import os, sys
d = sys.argv[1]
os.makedirs(d, exist_ok=True)
with open(os.path.join(d, "big.h"), "w") as h:
    h.write("/* SPDX-License-Identifier: GPL-2.0-only */\n")
    h.write(("int x; /* " + "y" * 100 + " */\n") * 9000)
with open(os.path.join(d, "lic.h"), "w") as h:
    h.write("#define LIC \"GPL\"\n")
for i in range(12):
    with open(os.path.join(d, "evil%d.c" % i), "w") as c:
        c.write("// SPDX-License-Identifier: GPL-2.0-only\n")
        c.write("#include \"big.h\"\n" * 1600 + "#include \"lic.h\"\n")
        c.write("MODULE_LICENSE(LIC);\n")
PY
}

test_expect 'a header included 1,600 times: read once, the mount answers meanwhile' '
	hostile_includes "$T/hostile" &&
	within 10 "test -e \"$M/all/hostile/evil11.c\"" &&
	for i in 0 1 2 3 4 5 6 7 8 9 10 11; do
		timeout 20 getfattr -n user.spdx.module_license "$M/all/hostile/evil$i.c" >/dev/null 2>&1 &
	done &&
	# a fixed sleep on purpose: the twelve getfattr in flight before the mount is asked to answer others
	sleep 0.1 &&
	timeout 1 stat "$M/README" >/dev/null &&
	timeout 1 ls "$M/all/drivers" >/dev/null &&
	wait &&
	test "$(module_license "$M/all/hostile/evil0.c")" = "\"GPL\" consistent"
'
rm -r "$T/hostile"

test_expect 'no table in the tree: absent' '
	mv "$T/Documentation/process/license-rules.rst" "$TMP/rules" &&
	within 10 "test \"\$(module_license \"$M/all/drivers/ok.c\")\" = ENODATA"
'

stop_daemon "$M"
test_expect 'the daemon exits cleanly' 'expect_clean_exit "$M"'

# mount --modules: module-license/ and the counts in summary.
mv "$TMP/rules" "$T/Documentation/process/license-rules.rst" || exit 1
mkdir -p "$M2" "$T/sub" || exit 1
printf '// SPDX-License-Identifier: MIT\nMODULE_LICENSE("GPL");\n' >"$T/sub/bad.c" || exit 1
start_daemon "$M2" --modules "$T" "$M2"

test_expect 'mount --modules answers' 'wait_mounted "$M2"'

test_expect 'module-license/: the files with a contradiction, at their tree paths' '
	(cd "$M2/module-license" && find . | sort) >"$TMP/got" &&
	expect_file "$TMP/got" <<X
.
./drivers
./drivers/two.c
./sub
./sub/bad.c
X
'

test_expect 'summary and summary.json count the calls per class' '
	sed -n "/^MODULE_LICENSE/,/^\$/p" "$M2/summary" >"$TMP/block" &&
	expect_file "$TMP/block" <<X &&
MODULE_LICENSE() calls        5
  in files                    4
  consistent                  1
  contradiction               2
  untagged or invalid         1
  unknown string              1

X
	grep "\"modules\"" "$M2/summary.json" >"$TMP/line" &&
	expect_file "$TMP/line" <<X &&
  "modules": {"calls": 5, "files": 4, "consistent": 1, "contradiction": 2, "untagged": 1, "unknown": 1},
X
	"$SPDXFS" scan -q --modules "$T" >"$TMP/scan" &&
	cmp "$TMP/scan" "$M2/summary"
'

test_expect 'user.spdx.module_license from the snapshot, the same values' '
	for f in drivers/h.h drivers/none.c drivers/ok.c drivers/two.c drivers/untagged.c sub/bad.c; do
		printf "%s|%s\n" "$f" "$(module_license "$M2/all/$f")"
	done >"$TMP/got" &&
	expect_file "$TMP/got" <<X
drivers/h.h|ENODATA
drivers/none.c|ENODATA
drivers/ok.c|"GPL" consistent
drivers/two.c|"Dual MIT/GPL" contradiction, NAME unknown
drivers/untagged.c|"GPL v2" untagged
sub/bad.c|"GPL" contradiction
X
'

test_expect 'module-license/ follows the tree: a fixed file leaves it, a new one enters' '
	printf "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"GPL\");\n" >"$T/sub/bad.c" &&
	printf "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"Dual MIT/GPL\");\n" >"$T/drivers/none.c" &&
	within 10 "test ! -e \"$M2/module-license/sub\" && test -e \"$M2/module-license/drivers/none.c\"" &&
	test "$(module_license "$M2/module-license/drivers/none.c")" = "\"Dual MIT/GPL\" contradiction" &&
	grep -q "^  contradiction  *2\$" "$M2/summary"
'

stop_daemon "$M2"
test_expect 'the daemon exits cleanly' 'expect_clean_exit "$M2"'

# The mount of a subdirectory: its files alone, in the view and the counts.
M3=$TMP/mnt3
mkdir -p "$M3" || exit 1
start_daemon "$M3" -o modules "$T/drivers" "$M3"

test_expect 'mount -o modules of drivers/: its files alone' '
	wait_mounted "$M3" &&
	(cd "$M3/module-license" && find . -type f | sort) >"$TMP/got" &&
	expect_file "$TMP/got" <<X &&
./drivers/none.c
./drivers/two.c
X
	grep "\"modules\"" "$M3/summary.json" >"$TMP/line" &&
	expect_file "$TMP/line" <<X
  "modules": {"calls": 5, "files": 4, "consistent": 1, "contradiction": 2, "untagged": 1, "unknown": 1},
X
'

stop_daemon "$M3"
test_expect 'the daemon exits cleanly' 'expect_clean_exit "$M3"'

test_done
