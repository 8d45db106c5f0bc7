#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs mount's command line: bad input gets one line and nothing
# mounted; the daemon detaches only once the mount answers; -f, -d,
# -o allow_other,ro; the mount.fuse3 and /etc/fstab forms; exit status 0
# on fusermount3 -u, SIGTERM and SIGINT.
. "$(dirname "$0")/lib.sh"

T=$TMP/tree
M=$TMP/mnt

mkdir -p "$T/LICENSES/preferred" "$T/kernel" "$M" "$TMP/full" "$TMP/bin" || exit 1
license_file -s "MIT." "$T/LICENSES/preferred" MIT MIT
printf '// SPDX-License-Identifier: MIT\nint a;\n' >"$T/kernel/a.c"
: >"$TMP/full/x"
: >"$TMP/file"
ln -s "$SPDXFS" "$TMP/bin/spdxfs"

DAEMON=
at_exit 'fusermount3 -uz "$M" 2>/dev/null; [ -z "$DAEMON" ] || kill "$DAEMON" 2>/dev/null'

# Pids of spdxfs processes serving mountpoint $1.
daemons_of() {
	python3 - "$1" <<-'EOF'
	import os, sys
	for p in os.listdir("/proc"):
	    if not p.isdigit():
	        continue
	    try:
	        args = open("/proc/%s/cmdline" % p, "rb").read().split(b"\0")
	    except OSError:
	        continue
	    if args[0].endswith(b"spdxfs") and sys.argv[1].encode() in args:
	        print(p)
	EOF
}

not_mounted() {
	! mountpoint -q "$1" && ! grep -q " $1 " /proc/mounts &&
	test -z "$(daemons_of "$1")"
}

# gone MNT: the daemon of MNT exits within 2 seconds.
gone() {
	within 2 "test -z \"\$(daemons_of \"$1\")\""
}

# one_line_error PATTERN command...: exit 2, one stderr line matching
# PATTERN, nothing on stdout, nothing mounted on $M.
one_line_error() {
	pat=$1
	shift
	expect_status 2 "$@" >"$TMP/out" 2>"$TMP/err" || { cat "$TMP/err"; return 1; }
	test "$(wc -l <"$TMP/err")" -eq 1 || { cat "$TMP/err"; return 1; }
	grep -q -- "$pat" "$TMP/err" || { cat "$TMP/err"; return 1; }
	test ! -s "$TMP/out" &&
	not_mounted "$M"
}

test_expect 'tree missing' '
	one_line_error "^spdxfs: $TMP/nope: No such file or directory$" \
		"$SPDXFS" mount "$TMP/nope" "$M"
'

test_expect 'tree not a directory' '
	one_line_error "^spdxfs: $TMP/file: not a directory: name a directory of the tree (its files are those beneath it)$" \
		"$SPDXFS" mount "$TMP/file" "$M"
'

test_expect 'mountpoint missing' '
	one_line_error "^spdxfs: $TMP/nomnt: No such file or directory$" \
		"$SPDXFS" mount "$T" "$TMP/nomnt"
'

test_expect 'mountpoint not a directory' '
	one_line_error "^spdxfs: $TMP/file: mountpoint is not a directory$" \
		"$SPDXFS" mount "$T" "$TMP/file"
'

test_expect 'mountpoint not empty' '
	one_line_error "^spdxfs: $TMP/full: mountpoint is not empty$" \
		"$SPDXFS" mount "$T" "$TMP/full" &&
	not_mounted "$TMP/full"
'

test_expect 'mountpoint inside the tree' '
	mkdir "$T/mnt" &&
	one_line_error "^spdxfs: $T/mnt: mountpoint is inside the tree $T$" \
		"$SPDXFS" mount "$T" "$T/mnt" &&
	rmdir "$T/mnt"
'

test_expect 'no /dev/fuse' '
	unshare -m sh -c "mount -t tmpfs tmpfs /dev && exec \"\$0\" mount \"\$1\" \"\$2\"" \
		"$SPDXFS" "$T" "$M" >"$TMP/out" 2>"$TMP/err";
	echo $? >"$TMP/st" &&
	cat "$TMP/err" &&
	test "$(cat "$TMP/st")" = 2 &&
	test "$(wc -l <"$TMP/err")" -eq 1 &&
	grep -q "^spdxfs: /dev/fuse: No such file or directory" "$TMP/err" &&
	not_mounted "$M"
'

test_expect 'bad arguments and unknown options' '
	one_line_error "^usage: spdxfs mount" "$SPDXFS" mount "$T" &&
	one_line_error "^spdxfs: mount: unexpected argument" "$SPDXFS" mount "$T" "$M" extra &&
	one_line_error "^spdxfs: mount: unknown option .--nosuch." "$SPDXFS" mount --nosuch "$TMP/b" "$T" "$M" &&
	one_line_error "unknown option" "$SPDXFS" mount -o nosuchopt "$T" "$M"
'

test_expect 'mount --help' '
	"$SPDXFS" mount --help >"$TMP/out" &&
	grep -q "^usage: spdxfs mount" "$TMP/out"
'

test_expect 'daemon mode: the mount answers when the command returns' '
	"$SPDXFS" mount "$T" "$M" >"$TMP/out" 2>"$TMP/err" &&
	ls "$M/by-license/MIT/kernel" >"$TMP/ls" &&
	expect_file "$TMP/ls" <<-EOF &&
	a.c
	EOF
	test ! -s "$TMP/out" && test ! -s "$TMP/err" &&
	test -n "$(daemons_of "$M")"
'

test_expect 'already mounted' '
	expect_status 2 "$SPDXFS" mount "$T" "$M" >"$TMP/out" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: $M: already a mountpoint
	EOF
	test ! -s "$TMP/out" &&
	test "$(grep -c " $M " /proc/mounts)" = 1 &&
	test "$(daemons_of "$M" | wc -l)" = 1
'

test_expect 'fusermount3 -u: the daemon exits' '
	mountpoint -q "$M" &&
	fusermount3 -u "$M" &&
	gone "$M" &&
	not_mounted "$M"
'

test_expect 'mount.fuse3 form with the binary on PATH' '
	PATH=$TMP/bin:$PATH mount.fuse3 "spdxfs#$T" "$M" -o ro &&
	test -f "$M/by-license/MIT/kernel/a.c" &&
	grep -q "^$T $M fuse.spdxfs ro," /proc/mounts &&
	fusermount3 -u "$M" && gone "$M" && not_mounted "$M"
'

# mount(8) runs helpers with a PATH of its own: name the binary in full.
test_expect 'an /etc/fstab line through mount(8)' '
	echo "$TMP/bin/spdxfs#$T $M fuse defaults 0 0" >"$TMP/fstab" &&
	mount -T "$TMP/fstab" "$M" &&
	cmp "$M/by-license/MIT/kernel/a.c" "$T/kernel/a.c" &&
	grep " $M " /proc/mounts >"$TMP/mounts" &&
	grep -q " fuse.spdxfs ro," "$TMP/mounts" &&
	! grep -q allow_other "$TMP/mounts" &&
	umount "$M" && gone "$M" && not_mounted "$M"
'

test_expect 'mount -t fuse, -o allow_other,ro' '
	mount -t fuse -o allow_other,ro "$TMP/bin/spdxfs#$T" "$M" &&
	grep " $M " /proc/mounts | grep -q "ro,.*default_permissions,allow_other" &&
	fusermount3 -u "$M" && gone "$M" && not_mounted "$M"
'

# -f: the daemon is this shell's child; wait for its status.  SIGINT
# must not be ignored (a shell ignores it in background jobs).
mount_fg() {
	python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$SPDXFS" mount "$@" "$T" "$M" 2>"$TMP/daemon.err" &
	DAEMON=$!
	wait_mounted "$M"
}

# running PID: alive and not yet a zombie.
running() {
	[ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) Z ' "/proc/$1/stat"
}

# Signal the daemon, give it 10 s to exit, then kill it (status 137) so
# that a hang fails the test instead of stalling the whole suite.
stop_fg() {
	kill -s "$1" "$DAEMON"
	i=0
	while running "$DAEMON" && [ "$i" -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	if running "$DAEMON"; then
		kill -9 "$DAEMON"
		fusermount3 -uz "$M" 2>/dev/null
	fi
	wait "$DAEMON"
	echo $? >"$TMP/status"
	DAEMON=
}

mount_fg -f
stop_fg TERM
test_expect '-f, SIGTERM: unmounted, exit status 0' '
	test "$(cat "$TMP/status")" = 0 && not_mounted "$M" && test ! -s "$TMP/daemon.err"
'

mount_fg -f
stop_fg INT
test_expect '-f, SIGINT: unmounted, exit status 0' '
	test "$(cat "$TMP/status")" = 0 && not_mounted "$M"
'

mount_fg -d
cat "$M/summary" >/dev/null
fusermount3 -u "$M"
wait "$DAEMON"
echo $? >"$TMP/status"
DAEMON=
test_expect '-d: debug output, foreground, exit status 0 on fusermount3 -u' '
	test "$(cat "$TMP/status")" = 0 && not_mounted "$M" &&
	grep -q "opcode: INIT" "$TMP/daemon.err" &&
	grep -q "opcode: LOOKUP" "$TMP/daemon.err"
'

test_done
