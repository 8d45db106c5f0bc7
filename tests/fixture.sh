# SPDX-License-Identifier: GPL-2.0-only
#
# fixture.sh: make_fixture DIR builds a small kernel-like tree with one
# file for each status and each trap the tests assert on.  Its LICENSES/
# files are made by license_file (license_file.sh).

make_fixture() {
	t=$1
	mkdir -p "$t"
	license_file "$t/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later
	license_file "$t/LICENSES/preferred" MIT MIT
	license_file "$t/LICENSES/dual" Apache-2.0 Apache-2.0
	mkdir -p "$t/LICENSES/exceptions"
	cat >"$t/LICENSES/exceptions/Linux-syscall-note" <<'X'
SPDX-Exception-Identifier: Linux-syscall-note
SPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html
SPDX-Licenses: GPL-2.0, GPL-2.0+, GPL-2.0-only, GPL-2.0-or-later
Usage-Guide:
  SPDX-License-Identifier: <SPDX-License> WITH Linux-syscall-note
License-Text:

   NOTE! This copyright does *not* cover user programs that use kernel
 services by normal system calls.
X
	mkdir -p "$t/scripts" "$t/include/uapi/linux" "$t/drivers/net" "$t/arch/x86/configs"
	printf '# SPDX-License-Identifier: GPL-2.0\n# excluded\nLICENSES/\n/README\narch/*/configs/\n' \
		>"$t/scripts/spdxexclude"
	printf 'Read me.\n' >"$t/README"
	printf 'CONFIG_X=y\n' >"$t/arch/x86/configs/x_defconfig"
	printf '// SPDX-License-Identifier: GPL-2.0\nint a;\n' >"$t/a.c"
	printf '/* SPDX-License-Identifier: GPL-2.0 OR MIT */\nint b;\n' >"$t/b.h"
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0-only\necho hi\n' >"$t/scripts/run.sh"
	printf '/*\n * SPDX-License-Identifier: GPL-2.0+\n */\n' >"$t/drivers/net/misplaced.c"
	printf 'int untagged;\n' >"$t/drivers/net/untagged.c"
	printf '// SPDX-License-Identifier: GPL-1.0-or-later\n' >"$t/drivers/bad.c"
	printf '// SPDX-License-Identifier: MIT WITH Linux-syscall-note\n' >"$t/drivers/exc.c"
	printf '// SPDX-License-Identifier: GPL-2.0 or MIT\n' >"$t/drivers/lower.c"
	printf '// SPDX-License-Identifier: GPL-2.0 OR MIT OR Apache-2.0\n' >"$t/drivers/three.c"
	printf '// SPDX-License-Identifier: (GPL-2.0 OR MIT\n' >"$t/drivers/paren.c"
	printf '/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n' \
		>"$t/include/uapi/linux/x.h"
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n' >"$t/include/uapi/linux/y.h"
	printf '#define Z 1\n' >"$t/include/uapi/linux/z.h"
	printf '\357\273\277// SPDX-License-Identifier: MIT\r\n' >"$t/bom.c"
	printf '// SPDX-License-Identifier: GPL-2.0\n// SPDX-License-Identifier: MIT\n' >"$t/two.c"
	ln -s a.c "$t/link.c"
	ln -s /etc/passwd "$t/outside"
}

# make_build_fixture BUILD TREE: a kernel build directory the way kbuild
# leaves one (a source symlink, thin archives, .cmd records with source_
# and deps_), whose vmlinux is made of files of make_fixture's TREE.
make_build_fixture() {
	_B=$1 _T=$2
	mkdir -p "$_B/init" "$_B/drivers" "$_B/lib" "$_B/arch/x86/kernel" "$_B/include/generated"
	ln -s "$_T" "$_B/source"
	: >"$_B/init/main.o"; : >"$_B/drivers/x.o"; : >"$_B/lib/y.o"; : >"$_B/drivers/norecord.o"
	cat >"$_B/init/.main.o.cmd" <<-X
	cmd_init/main.o := gcc -Wp,-MMD,init/.main.o.d -c -o init/main.o $_T/a.c

	source_init/main.o := $_T/a.c

	deps_init/main.o := \\
	    \$(wildcard include/config/SMP) \\
	  $_T/b.h \\
	  $_T/include/uapi/linux/../linux/./x.h \\
	  include/generated/autoconf.h \\

	init/main.o: \$(deps_init/main.o)

	\$(deps_init/main.o):
	X
	printf 'source_drivers/x.o := %s/drivers/net/untagged.c\n\ndeps_drivers/x.o := \\\n  %s//drivers/bad.c \\\n\n' \
		"$_T" "$_T" >"$_B/drivers/.x.o.cmd"
	printf 'source_lib/y.o := %s/two.c\n\ndeps_lib/y.o := \\\n\n' "$_T" >"$_B/lib/.y.o.cmd"
	printf 'source_arch/x86/kernel/vmlinux.lds := %s/drivers/lower.c\n' "$_T" \
		>"$_B/arch/x86/kernel/.vmlinux.lds.cmd"
	echo "cmd_vmlinux.o := ld -m elf_x86_64 -r -o vmlinux.o --whole-archive vmlinux.a --no-whole-archive --start-group lib/lib.a --end-group" \
		>"$_B/.vmlinux.o.cmd"
	(cd "$_B" && ar cDPrST built-in.a init/main.o drivers/x.o drivers/norecord.o &&
		ar cDPrST vmlinux.a ./built-in.a && ar cDPrST lib/lib.a lib/y.o)
}

# module_license_rules: license-rules.rst's MODULE_LICENSE table as the
# kernel writes it, cut to what spdxfs parses, on stdout.
module_license_rules() {
	cat <<'X'
_`MODULE_LICENSE`
-----------------

   The valid license strings for MODULE_LICENSE() are:

    ============================= =============================================
    "GPL"			  Module is licensed under GPL version 2.

    "GPL v2"			  Same as "GPL". It exists for historic
				  reasons.

    "Dual MIT/GPL"		  The correct way of expressing that the
				  module is dual licensed under a GPL v2
				  variant or MIT license choice.

    "Dual BSD/GPL"		  The module is dual licensed under a GPL v2
				  variant or BSD license choice.

    "Proprietary"		  The module is under a proprietary license.
				  ... symbols exported with EXPORT_SYMBOL_GPL().
    ============================= =============================================
X
}

# mount_build_fixture: T, B and M under $TMP: make_fixture's tree, its
# build directory (make_build_fixture) and an empty mount point.
mount_build_fixture() {
	T=$TMP/tree B=$TMP/build M=$TMP/mnt
	make_fixture "$T" && make_build_fixture "$B" "$T" && mkdir -p "$M"
}

# make_ko OUT [MODINFO]...: an ELF object whose .modinfo section holds
# the MODINFO strings ("license=GPL"), NUL-separated as the kernel's
# MODULE_INFO() leaves them; with none, an object without .modinfo.
make_ko() {
	_out=$1
	shift
	{
		echo 'int init_module(void) { return 0; }'
		_i=0
		for _kv in "$@"; do
			printf '__attribute__((section(".modinfo"), used, aligned(1)))\n'
			printf 'static const char info%s[] = "%s";\n' $_i "$_kv"
			_i=$((_i + 1))
		done
	} >"$_out.c" && gcc -c -o "$_out" "$_out.c" && rm -f "$_out.c"
}

# make_modules_fixture BUILD TREE: loadable modules in make_build_fixture's
# BUILD, sources in make_fixture's TREE (which gets license-rules.rst), one
# module per verdict of "spdxfs built --modules" and per read error:
#   okmod      GPL, two objects (GPL-2.0-only, GPL-2.0 OR MIT): consistent
#   dualmod    Dual MIT/GPL, a GPL-2.0-only source: contradiction
#   untagmod   GPL, with drivers/net/untagged.c: untagged
#   v3mod      GPL v3: unknown
#   mismod     sources say GPL, the .ko says GPL v2: mismatch
#   nodecl     no MODULE_LICENSE(): undeclared
#   cmdmod     no .mod, objects from .cmdmod.ko.cmd (6.1 "kernel/" and
#              ".ko" form in modules.order): consistent
#   nomod      neither .mod nor .ko.cmd: error
#   noinfo     a .ko without .modinfo: error
#   notelf     a .ko that is not ELF: error
make_modules_fixture() {
	_B=$1 _T=$2 _d=drivers/mod
	mkdir -p "$_T/Documentation/process" "$_T/$_d" "$_B/$_d"
	module_license_rules >"$_T/Documentation/process/license-rules.rst"
	_src() {	# NAME TAG DECLARATION: TREE/drivers/mod/NAME.c
		{
			[ -z "$2" ] || printf '// SPDX-License-Identifier: %s\n' "$2"
			printf '#include <linux/module.h>\nint %s;\n' "$1"
			[ -z "$3" ] || printf 'MODULE_LICENSE("%s");\n' "$3"
		} >"$_T/$_d/$1.c"
	}
	_obj() {	# OBJ SOURCE: BUILD/drivers/mod/.OBJ.o.cmd
		printf 'cmd_%s/%s.o := gcc -c -o %s/%s.o %s\n\nsource_%s/%s.o := %s\n\ndeps_%s/%s.o := \\\n  %s/include/linux/module.h \\\n\n' \
			$_d "$1" $_d "$1" "$_T/$2" $_d "$1" "$_T/$2" $_d "$1" "$_T" \
			>"$_B/$_d/.$1.o.cmd"
	}
	_mod() {	# NAME LICENSE OBJ...: .mod and .ko
		_n=$1 _l=$2
		shift 2
		for _o in "$@"; do echo "$_d/$_o.o"; done >"$_B/$_d/$_n.mod"
		make_ko "$_B/$_d/$_n.ko" "author=Someone" "license=$_l" "description=$_n"
	}
	_src okmod-main GPL-2.0-only GPL
	_src okmod-util "GPL-2.0 OR MIT" ""
	_obj okmod-main $_d/okmod-main.c
	_obj okmod-util $_d/okmod-util.c
	_mod okmod GPL okmod-main okmod-util
	_src dualmod "GPL-2.0 OR MIT" "Dual MIT/GPL"
	_src dualmod-gpl GPL-2.0-only ""
	_obj dualmod $_d/dualmod.c
	_obj dualmod-gpl $_d/dualmod-gpl.c
	_mod dualmod "Dual MIT/GPL" dualmod dualmod-gpl
	_src untagmod GPL-2.0 GPL
	_obj untagmod $_d/untagmod.c
	_obj untagmod-net drivers/net/untagged.c
	_mod untagmod GPL untagmod untagmod-net
	_src v3mod GPL-2.0 "GPL v3"
	_obj v3mod $_d/v3mod.c
	_mod v3mod "GPL v3" v3mod
	_src mismod GPL-2.0 GPL
	_obj mismod $_d/mismod.c
	_mod mismod "GPL v2" mismod
	_src nodecl GPL-2.0 ""
	_obj nodecl $_d/nodecl.c
	_mod nodecl GPL nodecl
	_src cmdmod GPL-2.0-only GPL
	_src cmdmod-b "GPL-2.0 OR MIT" ""
	_obj cmdmod $_d/cmdmod.c
	_obj cmdmod-b $_d/cmdmod-b.c
	printf 'cmd_%s/cmdmod.ko := ld -r -o %s/cmdmod.ko %s/cmdmod.o %s/cmdmod-b.o %s/cmdmod.mod.o;  true\n' \
		$_d $_d $_d $_d $_d >"$_B/$_d/.cmdmod.ko.cmd"
	make_ko "$_B/$_d/cmdmod.ko" "license=GPL"
	make_ko "$_B/$_d/nomod.ko" "license=GPL"
	_src noinfo GPL-2.0 GPL
	_obj noinfo $_d/noinfo.c
	_mod noinfo GPL noinfo
	make_ko "$_B/$_d/noinfo.ko"
	_src notelf GPL-2.0 GPL
	_obj notelf $_d/notelf.c
	_mod notelf GPL notelf
	echo 'not an ELF file' >"$_B/$_d/notelf.ko"
	printf '%s\n' $_d/okmod.o $_d/dualmod.o $_d/untagmod.o $_d/v3mod.o \
		$_d/mismod.o $_d/nodecl.o kernel/$_d/cmdmod.ko $_d/nomod.o \
		$_d/noinfo.o $_d/notelf.o >"$_B/modules.order"
}

# git_test_env [tag]: the environment of the git repositories a test
# makes, so that their commit ids do not depend on the machine or the
# day: no system or user configuration (HOME is $TMP/home), and $GIT,
# git that signs no commit.  By default git's author and committer are
# fixed (T, 2024-01-01 UTC).  With "tag", for the tests of spdxfs tag:
# the identity only on $GIT's command line (user.name t), so that the
# series' author comes from the tree's own configuration, and the dates
# @1500000000.
git_test_env() {
	mkdir -p "$TMP/home"
	export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/.config" GIT_CONFIG_NOSYSTEM=1
	GIT="git -c commit.gpgsign=false"
	if [ "${1-}" = tag ]; then
		GIT="$GIT -c user.name=t -c user.email=t@example.org"
		export GIT_AUTHOR_DATE='@1500000000 +0000' GIT_COMMITTER_DATE='@1500000000 +0000'
	else
		export GIT_AUTHOR_NAME=T GIT_AUTHOR_EMAIL=t@example.org
		export GIT_COMMITTER_NAME=T GIT_COMMITTER_EMAIL=t@example.org
		export GIT_AUTHOR_DATE='2024-01-01T00:00:00Z'
		export GIT_COMMITTER_DATE='2024-01-01T00:00:00Z'
	fi
}

# gpl_mit_licenses TREE: TREE's LICENSES/preferred/GPL-2.0 (GPL-2.0,
# GPL-2.0-only, GPL-2.0+, GPL-2.0-or-later) and LICENSES/preferred/MIT.
gpl_mit_licenses() {
	license_file "$1/LICENSES/preferred" GPL-2.0 GPL-2.0 GPL-2.0-only GPL-2.0+ GPL-2.0-or-later &&
	license_file "$1/LICENSES/preferred" MIT MIT
}

# gpl_mit_note_licenses TREE: gpl_mit_licenses, and a short
# LICENSES/exceptions/Linux-syscall-note for GPL-2.0 and GPL-2.0-only.
gpl_mit_note_licenses() {
	gpl_mit_licenses "$1" &&
	mkdir -p "$1/LICENSES/exceptions" &&
	printf 'SPDX-Exception-Identifier: Linux-syscall-note\nSPDX-Licenses: GPL-2.0, GPL-2.0-only\nLicense-Text:\n\nnote\n' \
		>"$1/LICENSES/exceptions/Linux-syscall-note"
}

# mount_fixture: make_fixture in T=$TMP/tree, and the mountpoint
# M=$TMP/mnt.
mount_fixture() {
	T=$TMP/tree
	M=$TMP/mnt
	make_fixture "$T"
	mkdir -p "$M"
}

# svg_matches CSV SVG: each commit's tooltip holds the CSV's numbers
# (untagged, then each license with files, by name, as the CSV's columns
# from the tenth on are).
svg_matches() {
	python3 "$TOP/tests/svg.py" commits "$2" >"$TMP/titles" &&
	head -n 1 "$1" | grep -q "^date,id,subject,files,tagged,misplaced,untagged,invalid,excluded," &&
	awk -F, "NR == 1 { h = NF; for (i = 10; i <= NF; i++) name[i] = \$i; next }
	{
		o = NF - h	# the commas of a quoted subject
		printf \"%s %s: %d untagged\", \$1, substr(\$2, 1, 12), \$(7 + o)
		for (i = 10; i <= h; i++)
			if (\$(i + o)) printf \", %s %d\", name[i], \$(i + o)
		print \"\"
	}" "$1" | diff -u - "$TMP/titles"
}

# have_validator: the SPDX validator of tests/spdx in build/, installed
# there when missing (false when npm cannot); validate MODE [SCHEMA] DOC
# runs it.
VALIDATOR_DIR=$TOP/build/spdx-validator
have_validator() {
	[ -f "$VALIDATOR_DIR/node_modules/ajv/package.json" ] ||
		"$TOP/tests/spdx/install-validator" "$VALIDATOR_DIR" >/dev/null 2>&1
}
validate() {
	NODE_PATH=$VALIDATOR_DIR/node_modules node "$TOP/tests/spdx/validate.js" "$@"
}

# have_rdflib: a python3 with rdflib (Debian: python3-rdflib, which
# kernel-tree-scripts/deps --test installs) in $RDFPY; check_rdf RDF JSON
# runs tests/spdx/check-rdf.py with it.
have_rdflib() {
	for RDFPY in python3 /usr/bin/python3; do
		"$RDFPY" -c 'import rdflib' 2>/dev/null && return 0
	done
	return 1
}
check_rdf() {
	"$RDFPY" "$TOP/tests/spdx/check-rdf.py" "$@"
}

# have_shacl: the SHACL validator's packages too (installed as above);
# shacl DOC checks an SPDX 3.0.1 document against the model's shapes
# (tests/spdx/shacl.js: "conforms", or the violations and status 1).
have_shacl() {
	[ -f "$VALIDATOR_DIR/node_modules/rdf-validate-shacl/package.json" ] ||
		"$TOP/tests/spdx/install-validator" "$VALIDATOR_DIR" >/dev/null 2>&1
}
shacl() {
	NODE_PATH=$VALIDATOR_DIR/node_modules node --max-old-space-size=4096 \
		"$TOP/tests/spdx/shacl.js" "$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-model.ttl" \
		"$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-context.jsonld" "$1"
}

# validate_formats JSON TV SPDX3 FACTS: the three documents of one tree
# valid (SPDX 2.3 and 3.0.1 against the official schemas), JSON's facts
# in FACTS, the tag-value's equal to them, and 3.0.1's files the same.
validate_formats() {
	validate spdx2 "$TOP/tests/spdx-schemas/spdx-2.3/spdx-schema.json" "$1" >"$4" &&
	validate spdx-tv "$2" | diff -u "$4" - &&
	validate spdx3 "$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-json-schema.json" \
		"$3" >"$4.3" &&
	grep "^file	" "$4" >"$4.files" &&
	grep "^file	" "$4.3" | diff -u "$4.files" -
}

# make_copyright_fixture DIR: a tree with a file per form of copyright
# notice copyright.h reads, and files whose heads hold none.
make_copyright_fixture() {
	t=$1
	gpl_mit_licenses "$t" &&
	mkdir -p "$t/c" "$t/s" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n/*\n * Copyright (c) 2001 Foo Bar <foo@bar.org>\n * Copyright (C) 2008 Baz Corp, Inc. All rights reserved.\n */\nint a;\n' >"$t/c/block.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n// (C) 2003 Qux <qux@example.org>\n' >"$t/c/paren.c" &&
	printf '#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\n# Copyright \302\251 2005 Shell Author\n# \302\251 2004 Sign Holder\n' >"$t/s/sign.sh" &&
	printf 'dnl SPDX-License-Identifier: GPL-2.0\ndnl Copr. 2006 M4 Author\n' >"$t/s/copr.m4" &&
	printf -- '-- SPDX-License-Identifier: MIT\n-- Copyright 2007 Sql Author\n' >"$t/s/q.sql" &&
	printf '%% SPDX-License-Identifier: MIT\n%% copyright 2009 lower case\n' >"$t/s/t.tex" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n// SPDX-FileCopyrightText: 2019 Jane Doe <jane@example.com>\n' >"$t/c/reuse.c" &&
	printf '/* SPDX-License-Identifier: GPL-2.0 */\n/*\n * Copyright (C) 1999, 2000,\n *   2001 Cont Author\n * Copyright (C) 2008 Aligned One <one@a.org>\n *                    Aligned Two <two@b.org>\n *\n * Copyright (c) 2001 Foo Bar <foo@bar.org>\n */\n' >"$t/c/cont.h" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n/* Copyright (C) 1994 J\366rg */\n' >"$t/c/latin1.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\n/* the above copyright notice and this permission */\nint x;\n' >"$t/c/none.c" &&
	{
		printf '// SPDX-License-Identifier: GPL-2.0\n/*\n' &&
		i=0 && while [ $i -lt 200 ]; do
			printf ' * a line of a long comment block\n'
			i=$((i + 1))
		done &&
		printf ' * Copyright 2010 Deep Holder\n */\n'
	} >"$t/c/deep.c" &&
	{
		printf '// SPDX-License-Identifier: GPL-2.0\n/*\n' &&
		i=0 && while [ $i -lt 700 ]; do
			printf ' * a line of a very long comment block\n'
			i=$((i + 1))
		done &&
		printf ' * Copyright 2011 Too Deep\n */\n'
	} >"$t/c/toodeep.c"
}
