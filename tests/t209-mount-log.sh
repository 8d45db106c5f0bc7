#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The daemon's log: once daemonized, its messages go to syslog (ident
# spdxfs, facility daemon), not to the /dev/null its stderr has become;
# with -f they go to stderr and not to syslog.  This machine need have no
# syslog daemon: the test runs in a mount namespace of its own whose /dev
# is a tmpfs holding /dev/null, /dev/fuse and a /dev/log socket that a
# small listener copies into a file.  The message is the one a SIGHUP
# gives when the --build directory has gone.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

mount_fixture

cat >"$TMP/logd.py" <<'PY'
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
with open(sys.argv[2], "ab", buffering=0) as out:
    while True:
        out.write(s.recv(65536) + b"\n")
PY

# In the namespace: a /dev of our own, the listener, a daemonized mount
# that loses its build directory and is sent SIGHUP, then the same with
# -f.  Each step's outcome goes into a file for the tests below.
cat >"$TMP/ns.sh" <<'SH'
set -u
# poll 'condition': for at most 5 seconds (a wait on the condition;
# within of lib.sh is not here, in the namespace's own script).
poll() {
	i=0
	until eval "$1"; do
		i=$((i + 1))
		[ "$i" -le 100 ] || return 1
		sleep 0.05
	done
}
# The pid of the process whose command line is exactly "$*".
pid_of() {
	want=$(printf '%s ' "$@")
	for p in /proc/[0-9]*; do
		[ "$(tr '\0' ' ' 2>/dev/null <"$p/cmdline")" = "$want" ] && echo "${p#/proc/}"
	done
}
mkdir "$TMP/dev" &&
mount --bind /dev "$TMP/dev" &&
mount -t tmpfs -o mode=755 spdxfs-test /dev &&
for d in null zero urandom fuse; do
	touch "/dev/$d" && mount --bind "$TMP/dev/$d" "/dev/$d" || exit 1
done &&
ln -s /proc/self/fd /dev/fd || exit 1
python3 "$TMP/logd.py" /dev/log "$TMP/syslog" &
LOGD=$!
trap 'fusermount3 -uz "$M" 2>/dev/null; kill $LOGD' EXIT
poll 'test -S /dev/log' || exit 1

make_build_fixture "$TMP/b1" "$T"
"$SPDXFS" mount --build "$TMP/b1" "$T" "$M" >"$TMP/mount.out" 2>"$TMP/mount.err"
echo $? >"$TMP/mount.status"
poll 'mountpoint -q "$M"' || exit 1
pid=$(pid_of "$SPDXFS" mount --build "$TMP/b1" "$T" "$M")
echo "$pid" >"$TMP/daemon.pid"
rm -r "$TMP/b1" && kill -HUP "$pid" &&
poll 'grep -q "built/ unchanged" "$TMP/syslog"' &&
ls "$M/built" >"$TMP/built.ls" &&
fusermount3 -u "$M" &&
poll '! kill -0 "$pid" 2>/dev/null' || exit 1
cp "$TMP/syslog" "$TMP/syslog.daemon"

make_build_fixture "$TMP/b2" "$T"
"$SPDXFS" mount -f --build "$TMP/b2" "$T" "$M" 2>"$TMP/fg.err" &
pid=$!
poll 'mountpoint -q "$M"' &&
rm -r "$TMP/b2" && kill -HUP "$pid" &&
poll 'grep -q "built/ unchanged" "$TMP/fg.err"' &&
fusermount3 -u "$M" || exit 1
wait "$pid"
echo $? >"$TMP/fg.status"
SH

if ! unshare --mount true 2>/dev/null; then
	test_skip 'no mount namespace here (unshare --mount)'
	test_done
	exit
fi

test_expect 'in a namespace with a /dev/log: mount, lose the build, SIGHUP, unmount' '
	: >"$TMP/syslog" &&
	SPDXFS="$SPDXFS" TMP="$TMP" T="$T" M="$M" unshare --mount --propagation private \
		sh -c ". \"$TOP/tests/fixture.sh\" && . \"$TMP/ns.sh\"" &&
	test -s "$TMP/syslog.daemon"
'

test_expect 'the daemonized mount: exit 0, nothing on stdout or stderr' '
	test "$(cat "$TMP/mount.status")" = 0 &&
	test ! -s "$TMP/mount.out" && test ! -s "$TMP/mount.err"
'

test_expect 'its message went to syslog: daemon.warning, ident spdxfs[PID]' '
	pid=$(cat "$TMP/daemon.pid") &&
	test -n "$pid" &&
	sed -E "s/^(<[0-9]+>)[A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} /\\1/" \
		"$TMP/syslog.daemon" >"$TMP/got" &&
	expect_file "$TMP/got" <<-EOF
	<28>spdxfs[$pid]: $TMP/b1: No such file or directory; built/ unchanged
	EOF
'

test_expect 'built/ was kept' '
	test -s "$TMP/built.ls"
'

test_expect 'with -f: the message on stderr, nothing more in syslog' '
	test "$(cat "$TMP/fg.status")" = 0 &&
	expect_file "$TMP/fg.err" <<-EOF &&
	spdxfs: $TMP/b2: No such file or directory; built/ unchanged
	EOF
	cmp "$TMP/syslog" "$TMP/syslog.daemon"
'

test_expect 'the namespace left nothing mounted here' '
	! grep -q " $M " /proc/mounts && test -c /dev/fuse
'

test_done
