#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Owners and permissions through the mount (-o allow_other): files have
# their tree file's, directories that mirror a tree directory that
# directory's, the other directories the tree root's owner and its
# permissions without write; the kernel enforces them, so a file under a
# 0700 directory is not reachable by another user.  Needs root (to
# chown and to switch users with setpriv).
. "$(dirname "$0")/lib.sh"

need_nobody

T=$TMP/tree
M=$TMP/mnt

make_tree() {
	mkdir -p "$T/LICENSES/preferred" "$T/secret" "$T/open/sub" "$M" &&
	license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
	printf 'int secret;\n' >"$T/secret/file" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nint tagged_secret;\n' >"$T/secret/tagged.c" &&
	printf '// SPDX-License-Identifier: GPL-2.0\nint nobodys;\n' >"$T/open/sub/nobody.c" &&
	printf 'int open;\n' >"$T/open/file" &&
	chown 65534:65534 "$T/open/sub/nobody.c" &&
	chmod 0640 "$T/open/sub/nobody.c" &&
	chown 1234:4321 "$T/open/sub" &&
	chmod 0751 "$T/open/sub" &&
	touch -d "2021-02-03 04:05:06" "$T/open/sub" &&
	chmod 0644 "$T/secret/file" "$T/secret/tagged.c" "$T/open/file" &&
	chmod 0700 "$T/secret" &&
	chmod 0755 "$T" "$T/open" &&
	chmod 0711 "$TMP" "$M"
}


# open_as WHO PATH: OK and the first line, or the errno's name, of
# open() and read() as root ("root") or as nobody ("nobody").
open_as() {
	who=$1
	shift
	set -- "$PY" -c '
import errno, sys
try:
    with open(sys.argv[1]) as f:
        print("OK " + f.readline().rstrip())
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1"
	if [ "$who" = nobody ]; then
		$NOBODY "$@"
	else
		"$@"
	fi
}

# stat_as WHO PATH FORMAT
stat_as() {
	if [ "$1" = nobody ]; then
		$NOBODY stat -c "$3" "$2" 2>&1
	else
		stat -c "$3" "$2" 2>&1
	fi
}

make_tree || exit 1
start_daemon "$M" -o allow_other "$T" "$M"

test_expect 'the mount answers, allow_other and default_permissions' '
	wait_mounted "$M" &&
	grep " $M " /proc/mounts >"$TMP/mounts" &&
	grep -q allow_other "$TMP/mounts" &&
	grep -q default_permissions "$TMP/mounts"
'

test_expect 'the tree itself: nobody cannot read secret/file, root can' '
	test "$(open_as nobody "$T/secret/file")" = EACCES &&
	test "$(open_as root "$T/secret/file")" = "OK int secret;"
'

test_expect 'a file under a 0700 directory: EACCES for nobody, readable by root' '
	test "$(open_as nobody "$M/untagged/secret/file")" = EACCES &&
	test "$(open_as root "$M/untagged/secret/file")" = "OK int secret;" &&
	test "$(open_as nobody "$M/by-license/GPL-2.0/secret/tagged.c")" = EACCES &&
	test "$(open_as root "$M/by-license/GPL-2.0/secret/tagged.c")" = "OK // SPDX-License-Identifier: GPL-2.0" &&
	test "$($NOBODY ls "$M/untagged/secret" 2>&1 >/dev/null | grep -c "Permission denied")" = 1
'

test_expect 'what the tree lets nobody read, the mount does too' '
	test "$(open_as nobody "$M/untagged/open/file")" = "OK int open;" &&
	test "$(open_as nobody "$M/by-license/GPL-2.0/open/sub/nobody.c")" = "OK // SPDX-License-Identifier: GPL-2.0" &&
	test "$(open_as nobody "$M/summary" | cut -c1-3)" = "OK " &&
	$NOBODY ls "$M/by-license/GPL-2.0/open" >"$TMP/ls" &&
	expect_file "$TMP/ls" <<-X &&
	sub
	X
	! $NOBODY ls "$T/open/sub" 2>/dev/null &&
	! $NOBODY ls "$M/by-license/GPL-2.0/open/sub" 2>"$TMP/err" &&
	grep -q "Permission denied" "$TMP/err"
'

test_expect 'stat: a file chowned to 65534 shows the tree'"'"'s uid, gid, mode' '
	test "$(stat_as root "$M/by-license/GPL-2.0/open/sub/nobody.c" "%u %g %a")" = "65534 65534 640" &&
	test "$(stat_as nobody "$M/by-license/GPL-2.0/open/sub/nobody.c" "%u %g %a")" = "65534 65534 640" &&
	test "$(stat_as root "$M/untagged/secret/file" "%u %g %a")" = "0 0 644"
'

test_expect 'stat: mirrored directories have the tree directory'"'"'s owner, mode, mtime' '
	for d in by-license/GPL-2.0/open/sub by-id/GPL-2.0-only/open/sub; do
		test "$(stat_as root "$M/$d" "%u %g %a %Y")" = "1234 4321 751 $(date -d "2021-02-03 04:05:06" +%s)" || return 1
	done &&
	test "$(stat_as root "$M/untagged/secret" "%u %g %a %F")" = "0 0 700 directory" &&
	test "$(stat_as root "$M/untagged/secret" "%Y")" = "$(stat -c %Y "$T/secret")"
'

test_expect 'the other directories: the tree root'"'"'s owner, its mode without write' '
	chown 4242:2424 "$T" &&
	within 5 "test \"\$(stat_as root \"$M\" %u)\" = 4242" &&
	for d in "" /by-license /by-license/GPL-2.0 /untagged /licenses /usable-under/GPL-2.0-only; do
		stat_as root "$M$d" "%u %g %a" >"$TMP/st" &&
		echo "4242 2424 555" | cmp - "$TMP/st" || { echo "$d: $(cat "$TMP/st")"; return 1; }
	done &&
	test "$(stat_as root "$M/summary" "%u %g %a")" = "4242 2424 444" &&
	test "$(stat_as root "$M/licenses/GPL-2.0" "%u %g %a")" = "0 0 644"
'

test_expect 'live: chmod of a tree directory reaches the mount' '
	chmod 0755 "$T/secret" &&
	within 5 "test \"\$(open_as nobody \"$M/untagged/secret/file\")\" = \"OK int secret;\"" &&
	test "$(stat_as nobody "$M/untagged/secret" "%a")" = 755 &&
	chmod 0700 "$T/secret" &&
	within 5 "test \"\$(open_as nobody \"$M/untagged/secret/file\")\" = EACCES"
'

test_expect 'live: chown of a tree file reaches the mount' '
	chown 65534:0 "$T/secret/file" &&
	within 5 "test \"\$(stat_as root \"$M/untagged/secret/file\" \"%u %g\")\" = \"65534 0\""
'

test_expect 'live: a tree root of 0700 keeps nobody out of the whole mount' '
	chmod 0700 "$T" &&
	within 5 "test \"\$(stat_as root \"$M\" %a)\" = 500" &&
	test "$(open_as nobody "$M/untagged/open/file")" = EACCES &&
	test "$(open_as nobody "$M/summary")" = EACCES &&
	chmod 0755 "$T"
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0 and said nothing' 'expect_clean_exit "$M"'

test_done
