#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A file opened through the mount, then replaced in the tree by another
# renamed over it: reads through the open descriptor give the first
# file's bytes or fail, never the other's, before and after the watcher
# has seen the change (-o allow_other: nobody reads, root swaps in a 0600
# file).  A new open gets the new file with its own permissions.
. "$(dirname "$0")/lib.sh"

need_nobody

T=$TMP/tree
M=$TMP/mnt
IO=$TMP/io		# the readers' answers: nobody writes there

# reader NAME PATH: as nobody, open PATH, say "opened" in $IO/NAME, wait
# for $IO/NAME.go, then read: "OK CONTENT" or the errno's name.
cat >"$TMP/reader.py" <<'PY'
import errno, os, sys, time
out = open(sys.argv[1], "w", buffering=1)
try:
    fd = os.open(sys.argv[2], os.O_RDONLY)
except OSError as e:
    print("open " + errno.errorcode[e.errno], file=out)
    sys.exit()
print("opened", file=out)
for i in range(200):
    if os.path.exists(sys.argv[1] + ".go"):
        break
    time.sleep(0.05)
try:
    print("OK " + os.read(fd, 4096).decode().rstrip(), file=out)
except OSError as e:
    print(errno.errorcode[e.errno], file=out)
PY

reader() {
	$NOBODY "$PY" "$TMP/reader.py" "$IO/$1" "$2" &
	within 5 "grep -q opened \"$IO/$1\" 2>/dev/null" || { cat "$IO/$1"; return 1; }
}

# go NAME: let the reader read, wait for its answer in $IO/NAME.
go() {
	touch "$IO/$1.go" &&
	within 10 "test \"\$(wc -l <\"$IO/$1\")\" -ge 2" &&
	sed -n 2p "$IO/$1"
}

# swap NAME: rename a 0600 file over shared/NAME.c.
swap() {
	printf 'SECRET %s\n' "$1" >"$TMP/secret" &&
	chmod 0600 "$TMP/secret" &&
	mv "$TMP/secret" "$T/shared/$1.c"
}

# swapped NAME: has the mount caught up (the file is 0600 now)?
swapped() {
	within 5 "test \"\$(stat -c %a \"$M/untagged/shared/$1.c\" 2>/dev/null)\" = 600"
}

mkdir -p "$T/LICENSES/preferred" "$T/shared" "$M" "$IO" &&
chmod 0777 "$IO" &&
license_file -s "GPL." "$T/LICENSES/preferred" GPL-2.0 GPL-2.0 &&
for f in pub1 pub2 pub3; do
	printf 'int %s;\n' "$f" >"$T/shared/$f.c" || exit 1
done &&
chmod 0644 "$T/shared"/*.c &&
chmod 0755 "$T" "$T/shared" &&
chmod 0711 "$TMP" "$M" || exit 1
start_daemon "$M" -o allow_other "$T" "$M"

test_expect 'the mount answers' '
	wait_mounted "$M"
'

test_expect 'read after the watcher saw the swap: the first file or an error' '
	reader r1 "$M/untagged/shared/pub1.c" &&
	swap pub1 &&
	swapped pub1 &&
	got=$(go r1) &&
	echo "got: $got" &&
	case "$got" in "OK int pub1;" | ESTALE | EIO) true ;; *) false ;; esac
'

test_expect 'read at once, before the watcher saw it: the first file or an error' '
	reader r2 "$M/untagged/shared/pub2.c" &&
	swap pub2 &&
	got=$(go r2) &&
	echo "got: $got" &&
	case "$got" in "OK int pub2;" | ESTALE | EIO) true ;; *) false ;; esac
'

test_expect 'read in part before the swap, the rest after' '
	cat "$M/untagged/shared/pub3.c" >/dev/null &&
	reader r3 "$M/untagged/shared/pub3.c" &&
	swap pub3 &&
	swapped pub3 &&
	got=$(go r3) &&
	echo "got: $got" &&
	case "$got" in "OK int pub3;" | ESTALE | EIO) true ;; *) false ;; esac
'

test_expect 'a new open: the new file, with its own permissions' '
	test "$(cat "$M/untagged/shared/pub1.c")" = "SECRET pub1" &&
	! $NOBODY cat "$M/untagged/shared/pub1.c" 2>"$TMP/err" &&
	grep -q "Permission denied" "$TMP/err"
'

stop_daemon "$M"

test_expect 'unmounted cleanly' '
	expect_clean_exit "$M"
'

test_done
