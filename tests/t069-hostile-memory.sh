#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Small crafted build directories and trees cost bounded memory and time
# (issue 25): a vmlinux.a naming one object 20,000 times, whose record
# names one header 20,000 times; a module's .mod naming one object
# 200,000 times; a file including a 3 MB header 1,600 times.  Each
# command's peak RSS (/usr/bin/time -f %M) stays under 256 MB (under
# ASan, whose shadow memory counts, 768 MB), each within 30 s (the
# header, read once, within 5 s: it took 1,600 reads), and the results
# are what the same input named once gives.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
make_modules_fixture "$B" "$T"

MAX_KB=$((256 * 1024))
if [ -n "${ASAN_OPTIONS-}" ]; then
	MAX_KB=$((768 * 1024))
else
	ulimit -v 2000000	# a bad reader fails rather than swaps
fi

# peak CMD...: run it under a limit of $SECS (30) seconds, its exit
# status kept in $TMP/status and its peak RSS (KB) in $TMP/peak; 1 when
# over the bound.
peak() {
	/usr/bin/time -f %M -o "$TMP/peak" timeout "${SECS:-30}" "$@"
	echo $? >"$TMP/status"
	kb=$(tail -n 1 "$TMP/peak")
	[ "$kb" -le "$MAX_KB" ] || { echo "peak RSS $kb KB: $*" >&2; return 1; }
}

test_expect 'built: one object listed 20,000 times, one header 20,000 times' '
	H=$TMP/many &&
	cp -a "$B" "$H" &&
	python3 - "$H" "$T" <<-PY &&
	import sys
	h, t = sys.argv[1], sys.argv[2]
	def hdr(name, size):
	    return b"%-16s%-12s%-6s%-6s%-8s%-10s\x60\n" % (name, b"0", b"0", b"0", b"644", size)
	names = b"init/main.o/\n"
	out = b"!<thin>\n" + hdr(b"//", b"%d" % len(names)) + names + b"\n"
	out += hdr(b"/0", b"0") * 20000
	open(h + "/vmlinux.a", "wb").write(out)
	deps = ("  %s/b.h \\\\\n" % t) * 20000
	open(h + "/init/.main.o.cmd", "w").write(
	    "source_init/main.o := %s/a.c\n\ndeps_init/main.o := \\\\\n%s\n" % (t, deps))
	PY
	peak "$SPDXFS" built "$H" >"$TMP/out" &&
	test "$(cat "$TMP/status")" = 0 &&
	head -n 1 "$TMP/out" >"$TMP/first" &&
	expect_file "$TMP/first" <<-X
	built into vmlinux: 4 tree files from 3 objects (0 generated files outside the tree, 0 not indexed)
	X
'

test_expect 'built --modules: one object named 200,000 times by a .mod' '
	H=$TMP/mods &&
	cp -a "$B" "$H" &&
	echo drivers/mod/okmod.o >"$H/modules.order" &&
	python3 -c "
import sys
open(sys.argv[1], \"w\").write(\"drivers/mod/okmod-main.o \" * 200000 + \"drivers/mod/okmod-util.o\n\")
" "$H/drivers/mod/okmod.mod" &&
	peak "$SPDXFS" built --modules "$H" >"$TMP/out" &&
	test "$(cat "$TMP/status")" = 0 &&
	sed "s/\t/|/g" "$TMP/out" >"$TMP/out.bar" &&
	expect_file "$TMP/out.bar" <<-X
	modules: 1 (1 consistent, 0 contradiction, 0 untagged, 0 unknown, 0 mismatch, 0 undeclared, 0 error)
	okmod|GPL|GPL|consistent
	  drivers/mod/okmod-main.c|GPL-2.0-only|consistent
	  drivers/mod/okmod-util.c|GPL-2.0 OR MIT|consistent
	X
'

test_expect 'check --modules: a 3 MB header included 1,600 times' '
	mkdir -p "$T/hostile" &&
	python3 - "$T/hostile" <<-PY &&
	import os, sys
	d = sys.argv[1]
	open(os.path.join(d, "big.h"), "w").write(("int x; /* " + "y" * 100 + " */\n") * 27000)
	open(os.path.join(d, "lic.h"), "w").write("#define LIC \"GPL\"\n")
	open(os.path.join(d, "evil.c"), "w").write("// SPDX-License-Identifier: GPL-2.0-only\n" +
	    "#include \"big.h\"\n" * 1600 + "#include \"lic.h\"\nMODULE_LICENSE(LIC);\n")
	PY
	SECS=5 peak "$SPDXFS" check --modules --consistent "$T" hostile/evil.c >"$TMP/out" 2>/dev/null &&
	test "$(cat "$TMP/status")" = 0 &&
	expect_file "$TMP/out" <<-X
	hostile/evil.c:1603: "GPL" vs GPL-2.0-only: consistent
	X
'

test_done
