#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built --modules: the loadable modules of a fixture build
# directory (modules.order, .mod or .ko.cmd, each object's .cmd, the
# .ko's .modinfo ELF section made by gcc), one module per verdict and
# per read error, text and JSON exact.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
make_modules_fixture "$B" "$T"

test_expect 'built --modules: one line per module, its sources under it, exact' '
	expect_status 1 "$SPDXFS" built --modules "$B" >"$TMP/out" &&
	sed "s/\t/|/g" "$TMP/out" >"$TMP/out.bar" &&
	expect_file "$TMP/out.bar" <<X
modules: 10 (2 consistent, 1 contradiction, 1 untagged, 1 unknown, 1 mismatch, 1 undeclared, 3 error)
okmod|GPL|GPL|consistent
  drivers/mod/okmod-main.c|GPL-2.0-only|consistent
  drivers/mod/okmod-util.c|GPL-2.0 OR MIT|consistent
dualmod|Dual MIT/GPL|Dual MIT/GPL|contradiction
  drivers/mod/dualmod.c|GPL-2.0 OR MIT|consistent
  drivers/mod/dualmod-gpl.c|GPL-2.0-only|contradiction
untagmod|GPL|GPL|untagged
  drivers/mod/untagmod.c|GPL-2.0|consistent
  drivers/net/untagged.c|(untagged)|untagged
v3mod|GPL v3|GPL v3|unknown
  drivers/mod/v3mod.c|GPL-2.0|unknown
mismod|GPL|GPL v2|mismatch
  drivers/mod/mismod.c|GPL-2.0|consistent
nodecl|-|GPL|undeclared
  drivers/mod/nodecl.c|GPL-2.0|-
cmdmod|GPL|GPL|consistent
  drivers/mod/cmdmod.c|GPL-2.0-only|consistent
  drivers/mod/cmdmod-b.c|GPL-2.0 OR MIT|consistent
nomod|-|GPL|error: drivers/mod/nomod.mod: No such file or directory
noinfo|GPL|-|error: drivers/mod/noinfo.ko: no .modinfo section
  drivers/mod/noinfo.c|GPL-2.0|consistent
notelf|GPL|-|error: drivers/mod/notelf.ko: not an ELF object
  drivers/mod/notelf.c|GPL-2.0|consistent
X
'

test_expect 'built --modules --json: the same, with a version key' '
	expect_status 1 "$SPDXFS" built --modules --json "$B" >"$TMP/out.json" &&
	jq -r ".version" "$TMP/out.json" >"$TMP/v" &&
	"$SPDXFS" --version | grep -qF "$(cat "$TMP/v")" &&
	jq -c ".modules, .verdicts" "$TMP/out.json" >"$TMP/counts" &&
	expect_file "$TMP/counts" <<X &&
10
{"consistent":2,"contradiction":1,"untagged":1,"unknown":1,"mismatch":1,"undeclared":1,"error":3}
X
	jq -r ".list[] | [.name, .ko, .declared // \"-\", .declared_in // \"-\", .license // \"-\", .verdict, .error // \"-\"] | join(\"|\")" \
		"$TMP/out.json" >"$TMP/mods" &&
	expect_file "$TMP/mods" <<X &&
okmod|drivers/mod/okmod.ko|GPL|drivers/mod/okmod-main.c|GPL|consistent|-
dualmod|drivers/mod/dualmod.ko|Dual MIT/GPL|drivers/mod/dualmod.c|Dual MIT/GPL|contradiction|-
untagmod|drivers/mod/untagmod.ko|GPL|drivers/mod/untagmod.c|GPL|untagged|-
v3mod|drivers/mod/v3mod.ko|GPL v3|drivers/mod/v3mod.c|GPL v3|unknown|-
mismod|drivers/mod/mismod.ko|GPL|drivers/mod/mismod.c|GPL v2|mismatch|-
nodecl|drivers/mod/nodecl.ko|-|-|GPL|undeclared|-
cmdmod|drivers/mod/cmdmod.ko|GPL|drivers/mod/cmdmod.c|GPL|consistent|-
nomod|drivers/mod/nomod.ko|-|-|GPL|error|drivers/mod/nomod.mod: No such file or directory
noinfo|drivers/mod/noinfo.ko|GPL|drivers/mod/noinfo.c|-|error|drivers/mod/noinfo.ko: no .modinfo section
notelf|drivers/mod/notelf.ko|GPL|drivers/mod/notelf.c|-|error|drivers/mod/notelf.ko: not an ELF object
X
	jq -c "[.list[2].sources[] | [.path, .status, .expression, .class]]" "$TMP/out.json" >"$TMP/srcs" &&
	expect_file "$TMP/srcs" <<X
[["drivers/mod/untagmod.c","tagged","GPL-2.0","consistent"],["drivers/net/untagged.c","untagged",null,"untagged"]]
X
'

test_expect 'built --modules exits 0 when every module could be read' '
	B2=$TMP/build2 &&
	cp -a "$B" "$B2" &&
	grep -v -e nomod -e noinfo -e notelf "$B/modules.order" >"$B2/modules.order" &&
	expect_status 0 "$SPDXFS" built --modules "$B2" >"$TMP/out2" &&
	head -n 1 "$TMP/out2" >"$TMP/first2" &&
	expect_file "$TMP/first2" <<X
modules: 7 (2 consistent, 1 contradiction, 1 untagged, 1 unknown, 1 mismatch, 1 undeclared, 0 error)
X
'

test_expect 'bad input: no modules.order, a .ko cut short, an object without record' '
	expect_status 2 "$SPDXFS" built --modules "$T" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<X &&
spdxfs: $T: no modules.order: no modules built
X
	B3=$TMP/build3 &&
	cp -a "$B" "$B3" &&
	head -c 100 "$B/drivers/mod/okmod.ko" >"$B3/drivers/mod/okmod.ko" &&
	rm "$B3/drivers/mod/.dualmod-gpl.o.cmd" &&
	echo "drivers/mod/okmod.o" >"$B3/modules.order" &&
	echo "drivers/mod/dualmod.o" >>"$B3/modules.order" &&
	expect_status 1 "$SPDXFS" built --modules "$B3" >"$TMP/out3" &&
	sed "s/\t/|/g" "$TMP/out3" >"$TMP/out3.bar" &&
	expect_file "$TMP/out3.bar" <<X &&
modules: 2 (0 consistent, 0 contradiction, 0 untagged, 0 unknown, 0 mismatch, 0 undeclared, 2 error)
okmod|GPL|-|error: drivers/mod/okmod.ko: a section past the end of the file
  drivers/mod/okmod-main.c|GPL-2.0-only|consistent
  drivers/mod/okmod-util.c|GPL-2.0 OR MIT|consistent
dualmod|Dual MIT/GPL|Dual MIT/GPL|error: drivers/mod/.dualmod-gpl.o.cmd: No such file or directory
  drivers/mod/dualmod.c|GPL-2.0 OR MIT|consistent
X
	expect_status 2 "$SPDXFS" built --modules --list "$B" 2>"$TMP/err" &&
	grep -q "^usage: spdxfs built" "$TMP/err"
'

# Issue 25, item 8: a FIFO in a build directory is never opened for
# reading (it would block for ever), only reported.
test_expect 'FIFOs as .ko, .mod and modules.order: reported at once, never read' '
	B4=$TMP/build4 &&
	cp -a "$B" "$B4" &&
	rm "$B4/drivers/mod/okmod.ko" "$B4/drivers/mod/dualmod.mod" &&
	mkfifo "$B4/drivers/mod/okmod.ko" "$B4/drivers/mod/dualmod.mod" &&
	printf "drivers/mod/okmod.o\ndrivers/mod/dualmod.o\n" >"$B4/modules.order" &&
	expect_status 1 timeout 10 "$SPDXFS" built --modules "$B4" >"$TMP/out4" &&
	sed "s/\t/|/g" "$TMP/out4" >"$TMP/out4.bar" &&
	expect_file "$TMP/out4.bar" <<X &&
modules: 2 (0 consistent, 0 contradiction, 0 untagged, 0 unknown, 0 mismatch, 0 undeclared, 2 error)
okmod|GPL|-|error: drivers/mod/okmod.ko: not a regular file
  drivers/mod/okmod-main.c|GPL-2.0-only|consistent
  drivers/mod/okmod-util.c|GPL-2.0 OR MIT|consistent
dualmod|-|Dual MIT/GPL|error: drivers/mod/dualmod.mod: not a regular file
X
	rm "$B4/modules.order" && mkfifo "$B4/modules.order" &&
	expect_status 2 timeout 10 "$SPDXFS" built --modules "$B4" 2>"$TMP/err4" &&
	expect_file "$TMP/err4" <<X
spdxfs: $B4/modules.order: not a regular file
X
'

test_done
