#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# user.spdx.suggested in untagged/: the expression "spdxfs tag" would
# write for each file, "review: ..." for the files it leaves for review,
# absent (ENODATA) for the files it would not tag and outside untagged/.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
M=$TMP/mnt

make_tree() {
	license_file "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later &&
	license_file "$T/LICENSES/preferred" MIT MIT &&
	mkdir -p "$T/LICENSES/exceptions" "$T/include/uapi/linux" "$T/scripts" "$T/Documentation" "$M" &&
	printf 'SPDX-Exception-Identifier: Linux-syscall-note\nSPDX-Licenses: GPL-2.0, GPL-2.0-only\nLicense-Text:\n\nnote\n' \
		>"$T/LICENSES/exceptions/Linux-syscall-note" &&
	printf 'int a;\n' >"$T/a.c" &&
	printf '/*\n * Copyright (C) 2005 Foo\n */\n#define B 1\n' >"$T/b.h" &&
	printf '#!/bin/sh\necho hi\n' >"$T/scripts/run.sh" &&
	printf '#define U 1\n' >"$T/include/uapi/linux/u.h" &&
	printf '/*\n * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\nint m;\n' >"$T/mit.c" &&
	printf '/*\n * under the terms of the GNU General Public License as published by\n * the Free Software Foundation; either version 2 of the License, or\n * (at your option) any later version.\n */\nint g;\n' >"$T/gpl.c" &&
	printf '/*\n * under the terms of the GNU General Public License as published by\n * the Free Software Foundation; either version 2 of the License, or\n * (at your option) any later version.\n *\n * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\nint both;\n' >"$T/both.c" &&
	printf 'int x;\nMODULE_LICENSE("GPL");\n' >"$T/module.c" &&
	printf 'obj-y += a.o\n' >"$T/Makefile" &&
	printf 'int doc;\n' >"$T/Documentation/x.c" &&
	printf '{}\n' >"$T/data.json" &&
	printf '// SPDX-License-Identifier: GPL-2.0-only\nint t;\n' >"$T/tagged.c"
}


# suggested PATH: the value, or the errno's name.
suggested() {
	xattr_of user.spdx.suggested "$1"
}

make_tree || exit 1
start_daemon "$M" "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'user.spdx.suggested of every untagged file, exactly' '
	(cd "$M/untagged" && find . -type f | LC_ALL=C sort) >"$TMP/files" &&
	while read -r f; do
		printf "%s|%s\n" "${f#./}" "$(suggested "$M/untagged/$f")"
	done <"$TMP/files" >"$TMP/got" &&
	expect_file "$TMP/got" <<X
Documentation/x.c|ENODATA
Makefile|ENODATA
a.c|GPL-2.0-only
b.h|GPL-2.0-only
both.c|review: GPL-2.0-or-later, MIT
data.json|ENODATA
gpl.c|GPL-2.0-or-later
include/uapi/linux/u.h|GPL-2.0-only WITH Linux-syscall-note
mit.c|MIT
module.c|review
scripts/run.sh|GPL-2.0-only
X
'

test_expect 'exactly what spdxfs tag writes and leaves for review, file by file' '
	"$SPDXFS" tag -q --from "T <t@example.org>" "$T" -o "$TMP/series" &&
	awk "/^diff --git a\//{ f = substr(\$3, 3) }
	     /^\+.*SPDX-License-Identifier: /{ sub(/.*SPDX-License-Identifier: /, \"\"); sub(/ \\*\/\$/, \"\"); print f \"|\" \$0 }" \
		"$TMP/series/"000[1-9]-*.patch | LC_ALL=C sort >"$TMP/written" &&
	test "$(wc -l <"$TMP/written")" = 6 &&
	grep -v "|ENODATA\$\||review" "$TMP/got" >"$TMP/suggested" &&
	diff -u "$TMP/written" "$TMP/suggested" &&
	sed -n "/need review and are not tagged/,/^-- /{
		s/^  \([^ :]*\): no match (.*)\$/\1|review/p
		s/^  \([^ :]*\): \(.*\) (.*)\$/\1|review: \2/p
	}" "$TMP/series/0000-cover-letter.patch" | LC_ALL=C sort >"$TMP/left" &&
	test "$(wc -l <"$TMP/left")" = 2 &&
	grep "|review" "$TMP/got" | diff -u "$TMP/left" -
'

test_expect 'listxattr lists it exactly where getxattr has it' '
	python3 -c "import os,sys; print(sorted(os.listxattr(sys.argv[1])))" "$M/untagged/a.c" >"$TMP/l1" &&
	expect_file "$TMP/l1" <<-X &&
	['"'"'user.spdx.path'"'"', '"'"'user.spdx.status'"'"', '"'"'user.spdx.suggested'"'"']
	X
	python3 -c "import os,sys; print(sorted(os.listxattr(sys.argv[1])))" "$M/untagged/module.c" >"$TMP/l2" &&
	cmp "$TMP/l1" "$TMP/l2" &&
	python3 -c "import os,sys; print(sorted(os.listxattr(sys.argv[1])))" "$M/untagged/Makefile" >"$TMP/l3" &&
	expect_file "$TMP/l3" <<-X
	['"'"'user.spdx.path'"'"', '"'"'user.spdx.status'"'"']
	X
'

test_expect 'getfattr -d in untagged/' '
	(cd "$M" && getfattr -d untagged/gpl.c untagged/both.c) >"$TMP/xattr" &&
	expect_file "$TMP/xattr" <<-EOF
	# file: untagged/gpl.c
	user.spdx.path="gpl.c"
	user.spdx.status="untagged"
	user.spdx.suggested="GPL-2.0-or-later"

	# file: untagged/both.c
	user.spdx.path="both.c"
	user.spdx.status="untagged"
	user.spdx.suggested="review: GPL-2.0-or-later, MIT"

	EOF
'

test_expect 'only in untagged/: ENODATA in uapi/ and on tagged files, directories' '
	test "$(suggested "$M/uapi/include/uapi/linux/u.h")" = ENODATA &&
	test "$(suggested "$M/by-license/GPL-2.0/tagged.c")" = ENODATA &&
	test "$(suggested "$M/untagged")" = ENODATA &&
	test "$(suggested "$M/untagged/include")" = ENODATA &&
	test "$(suggested "$M/summary")" = ENODATA &&
	python3 -c "import os,sys; assert \"user.spdx.suggested\" not in os.listxattr(sys.argv[1])" \
		"$M/uapi/include/uapi/linux/u.h"
'

test_expect 'a value too large for the buffer: ERANGE; size query' '
	python3 -c "
import ctypes, errno, os, sys
libc = ctypes.CDLL(None, use_errno=True)
p = sys.argv[1].encode()
n = libc.getxattr(p, b\"user.spdx.suggested\", None, 0)
assert n == len(\"GPL-2.0-or-later\"), n
buf = ctypes.create_string_buffer(4)
r = libc.getxattr(p, b\"user.spdx.suggested\", buf, 4)
assert r == -1 and ctypes.get_errno() == errno.ERANGE, (r, ctypes.get_errno())
" "$M/untagged/gpl.c"
'

test_expect 'the value follows the file' '
	printf "/*\n * Permission is hereby granted, free of charge, to any person obtaining a\n * copy of this software\n */\nint a;\n" >"$T/a.c" &&
	within 5 "test \"\$(suggested \"$M/untagged/a.c\")\" = MIT"
'

test_expect 'README describes it' '
	tr "\n" " " <"$M/README" >"$TMP/readme.line" &&
	grep -q "in untagged/ and all/ also user.spdx.suggested" "$TMP/readme.line" &&
	grep -q "review: LICENSES" "$TMP/readme.line"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_done
