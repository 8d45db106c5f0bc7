#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# POSIX ACLs through the mount (-o allow_other): the mount serves each
# tree file's and directory's system.posix_acl_access, the kernel
# enforces it (FUSE_CAP_POSIX_ACL), so what an ACL denies in the tree it
# denies in every view, and what it grants it grants; a change of an ACL
# in the tree reaches the mount.  Needs root, setpriv, setfacl (package
# acl) and a tree on a file system with ACLs.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt
NOBODY="setpriv --reuid=nobody --regid=nogroup --clear-groups"

PY=
for p in /usr/bin/python3 /usr/local/bin/python3; do
	[ -x "$p" ] && PY=$p && break
done
if [ "$(id -u)" != 0 ]; then
	test_skip "needs root, to switch to user nobody"
	test_done
	exit
fi
for cmd in setpriv setfacl getfacl; do
	if ! command -v "$cmd" >/dev/null; then
		test_skip "$cmd is missing (packages util-linux, acl)"
		test_done
		exit
	fi
done
if [ -z "$PY" ]; then
	test_skip "needs /usr/bin/python3, which nobody may run"
	test_done
	exit
fi
mkdir -p "$T" && touch "$T/probe" || exit 1
if ! setfacl -m u:nobody:--- "$T/probe" 2>/dev/null; then
	test_skip "the file system of $TMP has no POSIX ACLs"
	test_done
	exit
fi
rm -f "$T/probe"

# read_as PATH: OK and the first line, or the errno's name, of open()
# and read() as nobody.
read_as() {
	$NOBODY "$PY" -c '
import errno, sys
try:
    with open(sys.argv[1]) as f:
        print("OK " + f.readline().rstrip())
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1"
}

make_tree() {
	mkdir -p "$T/LICENSES/preferred" "$T/denied" "$M" &&
	license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	printf 'int acl;\n' >"$T/acl.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nint open;\n' >"$T/open.c" &&
	printf 'int granted;\n' >"$T/granted.c" &&
	printf 'int mask1;\n' >"$T/mask1.c" &&
	printf 'int mask2;\n' >"$T/mask2.c" &&
	printf 'int fresh;\n' >"$T/fresh.c" &&
	printf 'int in;\n' >"$T/denied/in.c" &&
	chmod 0644 "$T/acl.c" "$T/open.c" "$T/denied/in.c" "$T/mask1.c" "$T/mask2.c" \
	      "$T/fresh.c" &&
	chmod 0600 "$T/granted.c" &&
	chmod 0755 "$T" "$T/denied" &&
	chmod 0711 "$TMP" "$M" &&
	setfacl -m u:nobody:--- "$T/acl.c" "$T/denied" &&
	setfacl -d -m u:nobody:r-x "$T/denied" &&
	setfacl -m u:nobody:r-- "$T/granted.c"
}

make_tree || exit 1
start_daemon "$M" -o allow_other "$T" "$M"

test_expect 'the mount answers' 'wait_mounted "$M"'

test_expect 'in the tree: the ACLs deny and grant as set' '
	for f in acl.c open.c granted.c denied/in.c; do
		printf "%s %s\n" "$f" "$(read_as "$T/$f")"
	done >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	acl.c EACCES
	open.c OK // SPDX-License-Identifier: GPL-2.0
	granted.c OK int granted;
	denied/in.c EACCES
	X
'

test_expect 'through the mount, in every view: the same' '
	for f in all/acl.c untagged/acl.c all/open.c by-license/GPL-2.0/open.c \
		 all/granted.c untagged/granted.c all/denied/in.c untagged/denied/in.c; do
		printf "%s %s\n" "$f" "$(read_as "$M/$f")"
	done >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	all/acl.c EACCES
	untagged/acl.c EACCES
	all/open.c OK // SPDX-License-Identifier: GPL-2.0
	by-license/GPL-2.0/open.c OK // SPDX-License-Identifier: GPL-2.0
	all/granted.c OK int granted;
	untagged/granted.c OK int granted;
	all/denied/in.c EACCES
	untagged/denied/in.c EACCES
	X
'

test_expect 'root reads them all' '
	cat "$M/all/acl.c" "$M/all/denied/in.c" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	int acl;
	int in;
	X
'

test_expect 'getfacl through the mount equals getfacl in the tree' '
	for f in acl.c granted.c open.c denied; do
		getfacl -cn "$T/$f" >"$TMP/tree.acl" &&
		getfacl -cn "$M/all/$f" >"$TMP/mnt.acl" &&
		diff -u "$TMP/tree.acl" "$TMP/mnt.acl" || return 1
	done &&
	expect_file "$TMP/mnt.acl" <<-X &&
	user::rwx
	user:65534:---
	group::r-x
	mask::r-x
	other::r-x
	default:user::rwx
	default:user:65534:r-x
	default:group::r-x
	default:mask::r-x
	default:other::r-x

	X
	"$PY" -c "import os,sys; [print(sorted(n for n in os.listxattr(p) if n.startswith(\"system.\"))) for p in sys.argv[1:]]" \
		"$M/all/denied" "$M/all/granted.c" "$M/all/open.c" >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	['"'"'system.posix_acl_access'"'"', '"'"'system.posix_acl_default'"'"']
	['"'"'system.posix_acl_access'"'"']
	[]
	X
'

test_expect 'no ACL, no attribute: ENODATA; generated files have none' '
	for f in all/open.c summary; do
		"$PY" -c "
import errno, os, sys
try:
    os.getxattr(sys.argv[1], \"system.posix_acl_access\")
    print(\"present\")
except OSError as e:
    print(errno.errorcode[e.errno])
" "$M/$f"
	done >"$TMP/got" &&
	expect_file "$TMP/got" <<-X
	ENODATA
	ENODATA
	X
'

test_expect 'an ACL removed in the tree: nobody reads the file' '
	setfacl -b "$T/acl.c" &&
	within 5 "test \"\$(read_as \"$M/all/acl.c\")\" = \"OK int acl;\""
'

test_expect 'an ACL set in the tree: nobody is denied the file' '
	setfacl -m u:nobody:--- "$T/open.c" &&
	within 5 "test \"\$(read_as \"$M/by-license/GPL-2.0/open.c\")\" = EACCES"
'

test_expect 'a directory ACL removed: nobody reads what is in it' '
	setfacl -b "$T/denied" &&
	within 5 "test \"\$(read_as \"$M/all/denied/in.c\")\" = \"OK int in;\""
'

test_expect 'a directory ACL set, its mode unchanged: nobody is denied what is in it' '
	test "$(read_as "$M/all/denied/in.c")" = "OK int in;" &&
	setfacl -m u:nobody:--- "$T/denied" &&
	test "$(stat -c %a "$T/denied")" = 755 &&
	within 5 "test \"\$(read_as \"$M/all/denied/in.c\")\" = EACCES"
'

test_expect 'the root ACL denies nobody: every directory standing for the root too' '
	setfacl -m u:nobody:--- "$T" &&
	within 5 "test \"\$(read_as \"$M/summary\")\" = EACCES" &&
	test "$(read_as "$M/all/acl.c")" = EACCES &&
	setfacl -b "$T" &&
	within 5 "test \"\$(read_as \"$M/all/acl.c\")\" = \"OK int acl;\""
'

# mask_change FILE ACL [PRE]: once the watcher has no change pending (idle-FILE,
# new, is in the views: the rebuild of what came before is done), set
# ACL on FILE (0644), which changes its group
# bits (the mask), while BUSY.c, new, is touched so that the rebuild
# waits its longest (1 s); read FILE as nobody 0.3 s later, after the
# watcher told the kernel the file changed and before the rebuild (BUSY.c
# not yet in the views).  Prints the new mode, the result, and "before"
# or "after" the rebuild.  PRE, if given, is run (eval) just before the
# ACL is set, in the same snapshot.
mask_change() {
	: >"$T/idle-$1" &&
	within 5 "test -e \"$M/untagged/idle-$1\"" &&
	eval "${3:-:}" || return 1
	: >"$T/busy-$1" &&
	( i=0; while [ $i -lt 30 ]; do touch "$T/busy-$1"; sleep 0.05; i=$((i + 1)); done ) &
	# a fixed sleep, kept: the file is read while the busy loop still runs
	setfacl -m "$2" "$T/$1" && sleep 0.3 &&
	got=$(read_as "$M/all/$1") &&
	if test -e "$M/untagged/busy-$1"; then when=after; else when=before; fi &&
	wait $! &&
	echo "$(stat -c %a "$T/$1") $got $when"
}

test_expect 'an ACL granting nobody, the mode changed by its mask: nobody reads it, before the rebuild too' '
	test "$(read_as "$M/all/mask1.c")" = "OK int mask1;" &&
	test "$(mask_change mask1.c u:nobody:rw-)" = "664 OK int mask1; before" &&
	within 5 "test -e \"$M/untagged/busy-mask1.c\"" &&
	test "$(read_as "$M/all/mask1.c")" = "OK int mask1;" &&
	test "$(stat -c %a "$M/all/mask1.c")" = 664
'

test_expect 'an ACL denying nobody, the mode changed by its mask: EACCES, before the rebuild too' '
	test "$(read_as "$M/all/mask2.c")" = "OK int mask2;" &&
	test "$(mask_change mask2.c u:nobody:---,g:root:rw-)" = "664 EACCES before" &&
	within 5 "test -e \"$M/untagged/busy-mask2.c\"" &&
	test "$(read_as "$M/all/mask2.c")" = EACCES
'

# The daemon remembers that a file has no ACL (node_acl()): the memo
# must not outlive the ACL's arrival, not even until the rebuild.
test_expect 'an ACL set on a file known to have none, its mode unchanged: EACCES before the rebuild' '
	test "$(mask_change fresh.c u:nobody:--- \
		'"'"'test "$(read_as "$M/all/fresh.c")" = "OK int fresh;"'"'"')" = \
		"644 EACCES before" &&
	test "$(read_as "$M/untagged/fresh.c")" = EACCES
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

# Without inotify, the rescan finds the directory changed (its ctime).
setfacl -b "$T/denied" || exit 1
SPDXFS_WATCH=poll start_daemon "$M" -o allow_other "$T" "$M"

test_expect 'polling: a directory ACL set reaches the mount' '
	wait_mounted "$M" &&
	test "$(read_as "$M/all/denied/in.c")" = "OK int in;" &&
	setfacl -m u:nobody:--- "$T/denied" &&
	within 10 "test \"\$(read_as \"$M/all/denied/in.c\")\" = EACCES"
'

stop_daemon "$M"

test_expect 'unmounted; the polling daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_done
