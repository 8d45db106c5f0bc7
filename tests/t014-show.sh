#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs show PATH...: what spdxfs knows of each file, in text and JSON,
# for paths relative to the current directory, and for an untagged file
# what 'spdxfs tag' would write and why.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree

make_tree() {
	gpl_mit_note_licenses "$T" &&
	mkdir -p "$T/LICENSES/exceptions" "$T/include/uapi/linux" "$T/kernel" "$T/Documentation" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nint fork;\n' >"$T/kernel/fork.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0+ or MIT\nint dual;\n' >"$T/kernel/dual.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0 AND MIT\nint both;\n' >"$T/kernel/both.c" &&
	printf '// SPDX-License-Identifier: GPL-1.0+\nint bad;\n' >"$T/kernel/bad.c" &&
	printf '/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n' >"$T/include/uapi/linux/a.h" &&
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n' >"$T/include/uapi/linux/b.h" &&
	printf '#define U 1\n' >"$T/include/uapi/linux/u.h" &&
	printf 'int a;\n' >"$T/kernel/plain.c" &&
	printf '/*\n * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\nint m;\n' >"$T/kernel/mit.c" &&
	printf 'int x;\nMODULE_LICENSE("GPL");\n' >"$T/kernel/module.c" &&
	printf 'int doc;\n' >"$T/Documentation/x.c" &&
	ln -s fork.c "$T/kernel/link.c"
}

make_tree || exit 1

test_expect 'a tagged file: expression, modern spelling, licenses, usable under' '
	(cd "$T/kernel" && "$SPDXFS" show dual.c fork.c) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
kernel/dual.c
  status        tagged
  line          1
  expression    GPL-2.0+ or MIT
  modern        GPL-2.0-or-later OR MIT
  licenses      LICENSES/preferred/GPL-2.0, LICENSES/preferred/MIT
  usable under  GPL-2.0-only, GPL-2.0-or-later, MIT
  uapi          no
  syscall note  no

kernel/fork.c
  status        tagged
  line          1
  expression    GPL-2.0
  modern        GPL-2.0-only
  licenses      LICENSES/preferred/GPL-2.0
  usable under  GPL-2.0-only
  uapi          no
  syscall note  no
X
'

test_expect 'AND is usable under neither alone; an invalid tag says why' '
	"$SPDXFS" show "$T/kernel/bad.c" "$T/kernel/both.c" >"$TMP/out" &&
	expect_file "$TMP/out" <<X
kernel/bad.c
  status        invalid
  line          1
  expression    GPL-1.0+
  modern        GPL-1.0-or-later
  error         1:28 Invalid License ID: GPL-1.0+
  licenses      none
  uapi          no
  syscall note  no

kernel/both.c
  status        tagged
  line          1
  expression    GPL-2.0 AND MIT
  modern        GPL-2.0-only AND MIT
  licenses      LICENSES/preferred/GPL-2.0, LICENSES/preferred/MIT
  usable under  none
  uapi          no
  syscall note  no
X
'

test_expect 'uapi files: with and without the syscall note' '
	(cd "$T/include" && "$SPDXFS" show uapi/linux/a.h uapi/linux/b.h) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
include/uapi/linux/a.h
  status        tagged
  line          1
  expression    GPL-2.0 WITH Linux-syscall-note
  modern        GPL-2.0-only WITH Linux-syscall-note
  licenses      LICENSES/preferred/GPL-2.0, LICENSES/exceptions/Linux-syscall-note
  usable under  GPL-2.0-only
  uapi          yes
  syscall note  yes

include/uapi/linux/b.h
  status        tagged
  line          1
  expression    GPL-2.0
  modern        GPL-2.0-only
  licenses      LICENSES/preferred/GPL-2.0
  usable under  GPL-2.0-only
  uapi          yes
  syscall note  no
X
'

test_expect 'untagged files: what the series would write, and why' '
	(cd "$T" && "$SPDXFS" show Documentation/x.c include/uapi/linux/u.h \
		kernel/mit.c kernel/module.c kernel/plain.c) >"$TMP/out" &&
	expect_file "$TMP/out" <<X
Documentation/x.c
  status        untagged
  uapi          no
  suggested     none
  why           not a file the series tags: documentation

include/uapi/linux/u.h
  status        untagged
  uapi          yes
  suggested     GPL-2.0-only WITH Linux-syscall-note
  why           no license wording and no MODULE_LICENSE() in a uapi file: the default license with Linux-syscall-note (patch 2)

kernel/mit.c
  status        untagged
  uapi          no
  suggested     MIT
  why           its license boilerplate (patch 3)

kernel/module.c
  status        untagged
  uapi          no
  suggested     review
  why           MODULE_LICENSE() but no license text

kernel/plain.c
  status        untagged
  uapi          no
  suggested     GPL-2.0-only
  why           no license wording and no MODULE_LICENSE(): the default license (patch 1)
X
'

test_expect 'show --json: the same facts' '
	(cd "$T/kernel" && "$SPDXFS" show --json dual.c module.c plain.c) >"$TMP/out.json" &&
	python3 -c "
import json, sys
d, m, p = json.load(open(sys.argv[1]))[\"files\"]
assert d == {\"path\": \"kernel/dual.c\", \"status\": \"tagged\", \"line\": 1,
	\"expression\": \"GPL-2.0+ or MIT\", \"modern\": \"GPL-2.0-or-later OR MIT\",
	\"valid\": True,
	\"licenses\": [\"LICENSES/preferred/GPL-2.0\", \"LICENSES/preferred/MIT\"],
	\"usable_under\": [\"GPL-2.0-only\", \"GPL-2.0-or-later\", \"MIT\"],
	\"uapi\": False, \"syscall_note\": False, \"copyright\": [],
	\"suggested\": None}, d
assert p[\"expression\"] is None and p[\"modern\"] is None and p[\"licenses\"] == []
assert p[\"suggested\"] == {\"kind\": \"tag\", \"expression\": \"GPL-2.0-only\",
	\"why\": \"no license wording and no MODULE_LICENSE(): the default license (patch 1)\"}, p
assert m[\"suggested\"] == {\"kind\": \"review\", \"expression\": None, \"recognised\": \"\",
	\"why\": \"MODULE_LICENSE() but no license text\"}, m
" "$TMP/out.json"
'

test_expect 'the tree is the first PATH'"'"'s, from anywhere; a directory shows its files' '
	(cd / && "$SPDXFS" show "$T/kernel/fork.c") >"$TMP/abs" &&
	(cd "$T/kernel" && "$SPDXFS" show fork.c) | cmp - "$TMP/abs" &&
	(cd "$T" && "$SPDXFS" show include/uapi) >"$TMP/dir" &&
	test "$(grep -c "^include/uapi/linux/.\.h$" "$TMP/dir")" = 3
'

test_expect 'a symlink is reported and skipped; a missing file is an error' '
	(cd "$T/kernel" && expect_status 0 "$SPDXFS" show link.c fork.c) >"$TMP/out" 2>"$TMP/err" &&
	test "$(head -n1 "$TMP/out")" = kernel/fork.c &&
	expect_file "$TMP/err" <<X &&
spdxfs: link.c: a symlink, not followed
X
	(cd "$T/kernel" && expect_status 2 "$SPDXFS" show fork.c nope.c) >"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<X
spdxfs: nope.c: no such file in $T
X
'

test_done
