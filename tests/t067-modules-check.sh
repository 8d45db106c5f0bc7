#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel-tree-scripts/modules-check, the kernel loop's host side for
# modules, without QEMU: collect on a fixture build directory (the .ko
# files for the initramfs, the assertion that every module was read),
# then compare against a guest report written here, one line per fault.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

MC=$(cd "$(dirname "$0")/.." && pwd)/kernel-tree-scripts/modules-check
export SPDXFS
T=$TMP/tree
B=$TMP/build
O=$TMP/out
make_fixture "$T"
make_build_fixture "$B" "$T"
make_modules_fixture "$B" "$T"
grep -e okmod -e dualmod -e cmdmod "$B/modules.order" >"$TMP/order" &&
	mv "$TMP/order" "$B/modules.order"

test_expect 'collect: the .ko files and one assertion, the report as comments' '
	"$MC" collect "$B" "$T" "$O" >"$TMP/log" &&
	grep -v "^# built --modules:  " "$TMP/log" | sed "s/\t/|/g" >"$TMP/log.bar" &&
	expect_file "$TMP/log.bar" <<X &&
ok - spdxfs built --modules read the 3 modules of modules.order, none in error (exit 0)
# built --modules: modules: 3 (2 consistent, 1 contradiction, 0 untagged, 0 unknown, 0 mismatch, 0 undeclared, 0 error)
# built --modules: okmod|GPL|GPL|consistent
# built --modules: dualmod|Dual MIT/GPL|Dual MIT/GPL|contradiction
# built --modules: cmdmod|GPL|GPL|consistent
X
	(cd "$O/ko" && ls) >"$TMP/ko" &&
	expect_file "$TMP/ko" <<X &&
cmdmod.ko
dualmod.ko
okmod.ko
X
	cmp "$O/ko/okmod.ko" "$B/drivers/mod/okmod.ko"
'

test_expect 'collect: a module in error fails the assertion' '
	echo drivers/mod/noinfo.o >>"$B/modules.order" &&
	expect_status 1 "$MC" collect "$B" "$T" "$TMP/out2" >"$TMP/log2" &&
	head -n 1 "$TMP/log2" >"$TMP/first2" &&
	expect_file "$TMP/first2" <<X
not ok - spdxfs built --modules read the 4 modules of modules.order, none in error (exit 1)
X
'

guest_log() {	# the serial log of a guest that loaded all three, then $1
	printf "boot noise\n==== MODULES-BEGIN ====\n"
	for m in okmod:GPL dualmod:"Dual MIT/GPL" cmdmod:GPL; do
		printf "module %s insmod: 0\nmodule %s sysfs: yes\nmodule %s license: %s\n" \
			"${m%%:*}" "${m%%:*}" "${m%%:*}" "${m#*:}"
	done
	printf "modules-tainted: 0\n==== MODULES-END ====\n"
}

test_expect 'compare: a guest that saw what the host found passes, exact' '
	guest_log >"$TMP/serial" &&
	"$MC" compare "$O" "$TMP/serial" >"$TMP/cmp" &&
	expect_file "$TMP/cmp" <<X
ok - the guest loaded the modules the host built: cmdmod dualmod okmod
ok - guest: insmod okmod.ko exits 0
ok - guest: /sys/module/okmod exists after insmod okmod.ko
ok - guest: modinfo -F license okmod.ko is "GPL", what spdxfs built read from the .ko and from its sources ("GPL", consistent)
ok - guest: insmod dualmod.ko exits 0
ok - guest: /sys/module/dualmod exists after insmod dualmod.ko
ok - guest: modinfo -F license dualmod.ko is "Dual MIT/GPL", what spdxfs built read from the .ko and from its sources ("Dual MIT/GPL", contradiction)
ok - guest: insmod cmdmod.ko exits 0
ok - guest: /sys/module/cmdmod exists after insmod cmdmod.ko
ok - guest: modinfo -F license cmdmod.ko is "GPL", what spdxfs built read from the .ko and from its sources ("GPL", consistent)
ok - guest /proc/sys/kernel/tainted is 0 after loading the modules
X
'

test_expect 'compare: each fault of the guest is one failed assertion' '
	guest_log | sed -e "s/^module okmod insmod: 0/module okmod insmod: 1/" \
		-e "s/^module dualmod sysfs: yes/module dualmod sysfs: no/" \
		-e "s/^module cmdmod license: GPL/module cmdmod license: GPL v2/" \
		-e "s/^modules-tainted: 0/modules-tainted: 4096/" >"$TMP/serial2" &&
	expect_status 1 "$MC" compare "$O" "$TMP/serial2" >"$TMP/cmp2" &&
	grep "^not ok" "$TMP/cmp2" >"$TMP/bad2" &&
	expect_file "$TMP/bad2" <<X &&
not ok - guest: insmod okmod.ko exits 0
not ok - guest: /sys/module/dualmod exists after insmod dualmod.ko
not ok - guest: modinfo -F license cmdmod.ko is "GPL", what spdxfs built read from the .ko and from its sources ("GPL", consistent)
not ok - guest /proc/sys/kernel/tainted is 0 after loading the modules
X
	grep -v "module cmdmod" "$TMP/serial" >"$TMP/serial3" &&
	expect_status 1 "$MC" compare "$O" "$TMP/serial3" >"$TMP/cmp3" &&
	grep -c "^not ok" "$TMP/cmp3" >"$TMP/n3" &&
	echo 4 | cmp - "$TMP/n3"
'

test_done
