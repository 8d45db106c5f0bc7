#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built: the files of a kernel image from a build directory's
# records, on a fixture build directory made the way kbuild makes one
# (thin archives, .cmd records with source_ and deps_, a source symlink).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
B=$TMP/build
make_fixture "$T"
mkdir -p "$B/init" "$B/drivers" "$B/lib" "$B/arch/x86/kernel" "$B/include/generated"
ln -s "$T" "$B/source"
: >"$B/init/main.o"; : >"$B/drivers/x.o"; : >"$B/lib/y.o"; : >"$B/drivers/norecord.o"
cat >"$B/init/.main.o.cmd" <<X
cmd_init/main.o := gcc -Wp,-MMD,init/.main.o.d -c -o init/main.o $T/a.c

source_init/main.o := $T/a.c

deps_init/main.o := \\
    \$(wildcard include/config/SMP) \\
  $T/b.h \\
  $T/include/uapi/linux/../linux/./x.h \\
  include/generated/autoconf.h \\

init/main.o: \$(deps_init/main.o)

\$(deps_init/main.o):
X
printf 'source_drivers/x.o := %s/drivers/net/untagged.c\n\ndeps_drivers/x.o := \\\n  %s//drivers/bad.c \\\n\n' \
	"$T" "$T" >"$B/drivers/.x.o.cmd"
printf 'source_lib/y.o := %s/two.c\n\ndeps_lib/y.o := \\\n\n' "$T" >"$B/lib/.y.o.cmd"
printf 'source_arch/x86/kernel/vmlinux.lds := %s/drivers/lower.c\n' "$T" \
	>"$B/arch/x86/kernel/.vmlinux.lds.cmd"
echo "cmd_vmlinux.o := ld -m elf_x86_64 -r -o vmlinux.o --whole-archive vmlinux.a --no-whole-archive --start-group lib/lib.a --end-group" \
	>"$B/.vmlinux.o.cmd"
(cd "$B" && ar cDPrST built-in.a init/main.o drivers/x.o drivers/norecord.o &&
	ar cDPrST vmlinux.a ./built-in.a && ar cDPrST lib/lib.a lib/y.o)

test_expect 'built --list: the tree files of the image, exact' '
	expect_status 1 "$SPDXFS" built --list "$B" >"$TMP/list" &&
	sed "s/\t/|/g" "$TMP/list" >"$TMP/list.bar" &&
	expect_file "$TMP/list.bar" <<X
a.c|tagged|1|GPL-2.0
b.h|tagged|1|GPL-2.0 OR MIT
drivers/bad.c|invalid|1|GPL-1.0-or-later
drivers/lower.c|tagged|1|GPL-2.0 or MIT
drivers/net/untagged.c|untagged|0|
include/uapi/linux/x.h|tagged|1|GPL-2.0 WITH Linux-syscall-note
two.c|tagged|1|GPL-2.0
X
'

test_expect 'built: summary line, counts, and the files to fix' '
	expect_status 1 "$SPDXFS" built "$B" >"$TMP/sum" &&
	head -n 1 "$TMP/sum" >"$TMP/first" &&
	expect_file "$TMP/first" <<X &&
built into vmlinux: 7 tree files from 4 objects (1 generated files outside the tree, 0 not indexed)
X
	sed -n "/^files without a valid tag/,\$p" "$TMP/sum" >"$TMP/lacking" &&
	expect_file "$TMP/lacking" <<X
files without a valid tag
  drivers/bad.c	invalid
  drivers/net/untagged.c	untagged
X
'

test_expect 'built --json agrees' '
	expect_status 1 "$SPDXFS" built --json "$B" >"$TMP/sum.json" &&
	python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
assert s[\"files\"] == 7 and s[\"status\"][\"untagged\"] == 1 and s[\"status\"][\"invalid\"] == 1, s
lic = {l[\"name\"]: l[\"files\"] for l in s[\"licenses\"]}
assert lic[\"GPL-2.0\"] == 5 and lic[\"MIT\"] == 2 and lic[\"Linux-syscall-note\"] == 1, lic
" "$TMP/sum.json"
'

test_expect 'a tree whose built files are all tagged exits 0' '
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/drivers/net/untagged.c" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/drivers/bad.c" &&
	expect_status 0 "$SPDXFS" built "$B" >/dev/null
'

test_expect 'not a build directory: one line, exit 2' '
	expect_status 2 "$SPDXFS" built "$T" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X
spdxfs: $T: no vmlinux.a: not a built kernel build directory
X
'

test_done
