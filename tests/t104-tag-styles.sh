#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs tag and the kinds of file license-rules.rst gives no comment
# style for: one every tagged file of the extension in the tree uses
# (three or more, none differing) is the style the series writes; two
# styles, or too few files, and the file is still "not a source file
# type".  Linker scripts named .ld take the block comment, as .lds do.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
S=$TMP/series
git_test_env tag

gpl_mit_note_licenses "$T"
mkdir -p "$T/arch/x/syscalls" "$T/arch/y/syscalls" "$T/arch/z" "$T/mixed" "$T/few"
for a in a b c; do
	printf '# SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note\n0 common read sys_read\n' \
		>"$T/arch/x/syscalls/$a.tbl"
done
printf '#\n# numbers\n#\n0 common read sys_read\n' >"$T/arch/y/syscalls/syscall_64.tbl"
printf '/*\n * setup.ld\n */\nSECTIONS { }\n' >"$T/arch/z/setup.ld"
printf '# SPDX-License-Identifier: GPL-2.0\nx\n' >"$T/mixed/a.cfgx"
printf '# SPDX-License-Identifier: GPL-2.0\nx\n' >"$T/mixed/b.cfgx"
printf '// SPDX-License-Identifier: GPL-2.0\nx\n' >"$T/mixed/c.cfgx"
printf 'x\n' >"$T/mixed/d.cfgx"
printf '# SPDX-License-Identifier: GPL-2.0\nx\n' >"$T/few/a.two"
printf '# SPDX-License-Identifier: GPL-2.0\nx\n' >"$T/few/b.two"
printf 'x\n' >"$T/few/c.two"
(cd "$T" && git init -q && $GIT add . && $GIT commit -q -m base) || exit 1

test_expect 'a .tbl file as the tree'"'"'s .tbl files are tagged; a .ld as a linker script' '
	"$SPDXFS" tag --from "T <t@example.org>" "$T" -o "$S" >/dev/null &&
	cat "$S"/0*.patch | grep "^+.*SPDX" | sort >"$TMP/added" &&
	expect_file "$TMP/added" <<\X &&
+# SPDX-License-Identifier: GPL-2.0-only
+/* SPDX-License-Identifier: GPL-2.0-only */
X
	grep -l "^+++ b/arch/y/syscalls/syscall_64.tbl" "$S"/0*.patch >/dev/null &&
	grep -l "^+++ b/arch/z/setup.ld" "$S"/0*.patch >/dev/null
'

test_expect 'two styles among an extension'"'"'s files, or two files only: not a source' '
	"$SPDXFS" tag --json "$T" >"$TMP/plan.json" &&
	python3 -c "
import json, sys
print(json.load(open(sys.argv[1]))[\"skipped\"][\"not a source file type\"])
" "$TMP/plan.json" >"$TMP/skipped" &&
	echo 2 | cmp - "$TMP/skipped" &&
	! grep -q -e "^+++ b/mixed/" -e "^+++ b/few/" "$S"/0*.patch
'

test_done
