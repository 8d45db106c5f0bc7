# SPDX-License-Identifier: GPL-2.0-only
#
# lib.sh: a small TAP library for the shell tests, sourced by tests/t*.sh.
#
#   . "$(dirname "$0")/lib.sh"
#   test_expect 'name' 'commands chained with &&'
#   test_done
#
# Each test runs in a subshell with "set -e" off; it passes when its last
# command succeeds.  $SPDXFS is the binary under test, $TMP a fresh
# directory removed at exit (after any cleanup the script registered with
# at_exit), $KERNEL_TREE the fetched 6.1 tree once kernel_tree found it,
# $VERSION spdxfs's version (index/util/version.h), the "version" of --json.

TOP=$(cd "$(dirname "$0")/.." && pwd)
SPDXFS=${SPDXFS:-$TOP/spdxfs}
VERSION=$(sed -n 's/^#define SPDXFS_VERSION "\(.*\)"$/\1/p' "$TOP/index/util/version.h")
TMP=$(mktemp -d "${TMPDIR:-/tmp}/spdxfs-test.XXXXXX")
export SPDXFS_CACHE_DIR="$TMP/cache"
test_count=0
test_failed=0
exit_hooks=

at_exit() {
	exit_hooks="$1; $exit_hooks"
}

lib_cleanup() {
	eval "$exit_hooks"
	rm -rf "$TMP"
}
trap lib_cleanup EXIT
trap 'exit 130' INT TERM

# The &&-chain lint (as git's test-lib): every command of a test body is
# chained to the next with && (or ||, |), or the failure of all but the
# last would go unseen.  A line may end without one where it opens or
# closes a block (then, do, else, {, (, done, fi, esac, }, ) on the next
# line), ends a case arm (;;) or a pattern, or ends with an explicit ; or
# & (a status ignored, a command in the background, on purpose); and
# where the next command reads its status ("s=$?", "test $? = 1").
# Heredocs, quoted strings over several lines, $( ) and comments are read
# as the shell reads them.  chain_lint BODY prints each line that breaks
# the chain, numbered; test_expect then fails the test without running
# it.
chain_lint_awk='
function flush_logical(   t) {
	t = logical
	sub(/[ \t]+$/, "", t)
	if (t == "") return
	nlog++
	ltext[nlog] = t
	lno[nlog] = startno
	lcase[nlog] = casedepth
	tt = t
	sub(/^[ \t]+/, "", tt)
	if (tt ~ /^case[ \t]/ && tt ~ /[ \t]in$/) casedepth++
	if (tt ~ /^esac([ \t;&|)]|$)/) casedepth--
}
{
	line = $0
	if (heredoc != "") {
		l = line
		if (hd_strip) sub(/^\t+/, "", l)
		if (l == heredoc) heredoc = ""
		next
	}
	if (logical == "") startno = NR
	# scan the line for quotes, $( ) and comments; st is a stack
	# of the open contexts: s single quotes, d double quotes, c $( ),
	# p a ( inside $( )
	out = ""
	n = length(line)
	for (i = 1; i <= n; i++) {
		c = substr(line, i, 1)
		top = substr(st, length(st), 1)
		out = out c
		if (top == "s") {
			if (c == "'\''") st = substr(st, 1, length(st) - 1)
			continue
		}
		if (c == "\\") { i++; out = out substr(line, i, 1); continue }
		if (c == "$" && substr(line, i + 1, 1) == "(") {
			st = st "c"; i++; out = out "("; continue
		}
		if (top == "d") {
			if (c == "\"") st = substr(st, 1, length(st) - 1)
			continue
		}
		if (c == "'\''") { st = st "s"; continue }
		if (c == "\"") { st = st "d"; continue }
		if (top == "c" || top == "p") {
			if (c == "(") st = st "p"
			else if (c == ")") st = substr(st, 1, length(st) - 1)
			continue
		}
		if (c == "#" && (i == 1 || substr(line, i - 1, 1) ~ /[ \t;]/)) {
			out = substr(out, 1, length(out) - 1)
			break
		}
	}
	logical = logical (logical == "" ? "" : "\n") out
	if (st != "") next
	# a heredoc starts on this line: its body is no command
	if (match(out, /<<-?[ \t]*\\?['\''"]?[A-Za-z_][A-Za-z_0-9]*['\''"]?/)) {
		hd = substr(out, RSTART, RLENGTH)
		hd_strip = (hd ~ /^<<-/)
		sub(/^<<-?[ \t]*/, "", hd)
		gsub(/['\''"\\]/, "", hd)
		heredoc = hd
	}
	flush_logical()
	logical = ""
}
END {
	if (logical != "") flush_logical()
	for (k = 1; k < nlog; k++) {
		t = ltext[k]
		if (t ~ /(&&|\|\||\||\\|\{|\(|;|&)$/) continue
		if (t ~ /(^|[ \t;])(then|do|else|in)$/) continue
		if (t ~ /^[ \t]*$/) continue
		if (lcase[k] > 0 && t ~ /\)$/) continue
		nx = ltext[k + 1]
		sub(/^[ \t]+/, "", nx)
		if (nx ~ /^(then|do|done|fi|else|elif|esac|;;|\}|\)|&&|\|\||\|)([ \t;&|<>)]|$)/) continue
		# the next command reads the status: a capture, on purpose
		if (nx ~ /^[A-Za-z_][A-Za-z_0-9]*=\$\?/ || nx ~ /^(test|\[) +"?\$\?/) continue
		printf "%d: %s\n", lno[k], t
	}
}
'
chain_lint() {
	printf '%s\n' "$1" | awk "$chain_lint_awk"
}

test_expect() {
	test_count=$((test_count + 1))
	chain_lint "$2" >"$TMP/.lint" 2>&1
	if [ -s "$TMP/.lint" ]; then
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		echo "# broken &&-chain in the test '$1' of $0, at body line:"
		sed 's/^/#   /' "$TMP/.lint"
		echo "$0: broken &&-chain in the test '$1'" >&2
		return
	fi
	if ( eval "$2" ) >"$TMP/.out" 2>&1; then
		echo "ok $test_count - $1"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		sed 's/^/#   /' "$TMP/.out" | tail -n 40
	fi
}

test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count # skip $1"
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
}

. "$TOP/tests/license_file.sh"

# errno_of 'python statement using p' PATH: OK, or the name of the errno
# the statement fails with.
errno_of() {
	python3 -c '
import errno, os, sys
p = sys.argv[2]
try:
    exec(sys.argv[1])
    print("OK")
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1" "$2"
}

# xattr_of NAME PATH: the value of PATH's extended attribute NAME, or
# the name of the errno reading it failed with.
xattr_of() {
	python3 -c '
import errno, os, sys
try:
    print(os.getxattr(sys.argv[2], sys.argv[1]).decode())
except OSError as e:
    print(errno.errorcode[e.errno])
' "$1" "$2"
}

# need_nobody: for a script that acts as user nobody (65534), set
# $NOBODY, a command prefix that runs as that user, and $PY, a python3
# the user may run (not one under /root); without root, setpriv or such
# a python3, skip the whole script.
need_nobody() {
	NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"
	PY=
	for p in /usr/bin/python3 /usr/local/bin/python3; do
		[ -x "$p" ] && PY=$p && break
	done
	if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null || [ -z "$PY" ]; then
		test_skip "needs root, setpriv and /usr/bin/python3"
		test_done
		exit
	fi
}

# Compare a file (not "-": stdin holds the expected text) with the
# expected text given on stdin.
expect_file() {
	cat >"$TMP/.expect"
	diff -u "$TMP/.expect" "$1"
}

# expect_status N command...: run it, require exit status N.
expect_status() {
	want=$1
	shift
	set +e
	"$@"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "exit status $got, expected $want: $*" >&2
		return 1
	fi
	return 0
}

# wait_mounted MNT [TRIES]: wait (TRIES x 0.05 s, 10 s by default) until
# MNT is a mountpoint, while the daemon whose pid is $DAEMON still runs.
wait_mounted() {
	i=0
	until mountpoint -q "$1"; do
		i=$((i + 1))
		[ "$i" -le "${2:-200}" ] || return 1
		kill -0 "$DAEMON" 2>/dev/null || return 1
		sleep 0.05
	done
}

# within SECONDS 'condition': until the condition (a command line, eval'd
# each time) holds, for at most SECONDS times WITHIN_FACTOR (5); then say
# which one did not.  For what the mount shows only after its watcher has
# caught up.  A test waits for what must come and times nothing: make
# stress measures the 2 s, make bench the speeds, and a loaded machine
# or the sanitizers only make the wait longer.
within() {
	within_end=$(($(date +%s%N) + $1 * ${WITHIN_FACTOR:-5} * 1000000000))
	until eval "$2"; do
		[ "$(date +%s%N)" -lt "$within_end" ] || { echo "not within $1 s: $2" >&2; return 1; }
		sleep 0.05
	done
}

# daemon_at_exit MNT: when the script exits, unmount MNT and kill the
# daemon whose pid is $DAEMON, if still there.  For a daemon started by
# hand (under valgrind, say); start_daemon does it itself.
DAEMON=
daemon_at_exit() {
	daemon_mnt=$1
	if [ -z "${daemon_hook-}" ]; then
		at_exit 'fusermount3 -uz "$daemon_mnt" 2>/dev/null; [ -z "$DAEMON" ] || kill "$DAEMON" 2>/dev/null'
		daemon_hook=1
	fi
}

# start_daemon MNT ARG...: run "spdxfs mount -f ARG..." in the background,
# stderr in $TMP/daemon.err, its pid in DAEMON; at exit whatever is left
# is unmounted and killed.
start_daemon() {
	daemon_at_exit "$1"
	shift
	"$SPDXFS" mount -f "$@" 2>"$TMP/daemon.err" &
	DAEMON=$!
}

# stop_daemon MNT: unmount (fusermount3's stderr in $TMP/umount.err), wait
# for the daemon, its exit status in $TMP/status.  At the top level of the
# script: only that shell can wait for the daemon.
stop_daemon() {
	fusermount3 -u "$1" 2>"$TMP/umount.err"
	wait "$DAEMON"
	echo $? >"$TMP/status"
	DAEMON=
}

# expect_clean_exit MNT: after stop_daemon, MNT is unmounted, the daemon
# exited 0, and neither it nor fusermount3 said anything.
expect_clean_exit() {
	cat "$TMP/umount.err" "$TMP/daemon.err"
	test ! -s "$TMP/umount.err" && ! mountpoint -q "$1" &&
		test "$(cat "$TMP/status")" = 0 && test ! -s "$TMP/daemon.err"
}

# Set KERNEL_TREE to the 6.1 tree (fetching it if needed) or return 1.
kernel_tree() {
	KERNEL_TREE=$("$TOP/kernel-tree-scripts/fetch" -q) && [ -d "$KERNEL_TREE" ]
}

# need_history_repo: set H to the repository of real history that
# kernel-tree-scripts/history-repo builds in the cache (6.1, then 6.12;
# $SPDXFS_HISTORY_REPO if set); when it has not been built, skip the
# whole script.
need_history_repo() {
	H=${SPDXFS_HISTORY_REPO:-${XDG_CACHE_HOME:-$HOME/.cache}/spdxfs/linux-history.git}
	if ! git -C "$H" rev-parse -q --verify 'refs/tags/v6.12^{commit}' >/dev/null 2>&1; then
		test_skip "skipped: run kernel-tree-scripts/history-repo first"
		test_done
		exit
	fi
}
