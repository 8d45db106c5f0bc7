#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# mount --build: built/sbom.spdx.json and built/sbom.spdx3.json are the
# documents "spdxfs built --format spdx-json|spdx3" writes, byte for
# byte (SOURCE_DATE_EPOCH fixed), with the fixture's modules (t068),
# made on first use and kept with the
# snapshot: the image changed alone leaves them as they were, a tree
# change makes them again.  They pass the validators of t060.  A build
# directory without vmlinux: reading one fails with EIO and one log line,
# and the daemon serves on.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

mount_build_fixture
make_modules_fixture "$B" "$T"
printf 'The kernel.\n\n\tSPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note\n' >"$T/COPYING"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 42\nEXTRAVERSION = -rc1\n' >"$T/Makefile"
mkdir -p "$B/arch/x86/boot" "$B/include/config"
printf 'an image\n' >"$B/vmlinux"
printf 'a bzImage\n' >"$B/arch/x86/boot/bzImage"
printf 'CONFIG_X=y\n' >"$B/.config"
printf '6.1.42-rc1\n' >"$B/include/config/kernel.release"
export SOURCE_DATE_EPOCH=1700000000

# want FORMAT OUT: what the command writes.
want() {
	"$SPDXFS" built -q --format "$1" "$B" "$T" >"$2"
}

start_daemon "$M" --build "$B" "$T" "$M"

test_expect 'mounted with --build; built/ lists the two documents' '
	wait_mounted "$M" &&
	ls "$M/built" | grep "^sbom" >"$TMP/ls" &&
	expect_file "$TMP/ls" <<-EOF
	sbom.spdx.json
	sbom.spdx3.json
	EOF
'

test_expect 'built/sbom.spdx.json is built --format spdx-json, byte for byte' '
	want spdx-json "$TMP/want.json" &&
	cat "$M/built/sbom.spdx.json" >"$TMP/got.json" &&
	cmp "$TMP/want.json" "$TMP/got.json" &&
	jq -r "[.packages[].name] | join(\",\")" "$TMP/got.json" >"$TMP/facts" &&
	jq -r ".files | length" "$TMP/got.json" >>"$TMP/facts" &&
	jq -r "[.files[] | select(.SPDXID | startswith(\"SPDXRef-Module-\"))] | length" \
		"$TMP/got.json" >>"$TMP/facts" &&
	jq -r "[.relationships[] | select(.relationshipType == \"GENERATED_FROM\" and
		(.spdxElementId | startswith(\"SPDXRef-Module-\")))] | length" "$TMP/got.json" \
		>>"$TMP/facts" &&
	expect_file "$TMP/facts" <<-EOF
	linux,linux-image
	31
	10
	13
	EOF
'

test_expect 'built/sbom.spdx3.json is built --format spdx3, byte for byte' '
	want spdx3 "$TMP/want3.json" &&
	cmp "$TMP/want3.json" "$M/built/sbom.spdx3.json"
'

test_expect 'once made: its size and mode, read again the same' '
	test "$(stat -c "%s %a" "$M/built/sbom.spdx.json")" = "$(stat -c %s "$TMP/want.json") 444" &&
	test "$(stat -c "%s %a" "$M/built/sbom.spdx3.json")" = "$(stat -c %s "$TMP/want3.json") 444" &&
	cmp "$TMP/want.json" "$M/built/sbom.spdx.json" &&
	dd if="$M/built/sbom.spdx.json" bs=1000 skip=1 count=1 2>/dev/null >"$TMP/part" &&
	dd if="$TMP/want.json" bs=1000 skip=1 count=1 2>/dev/null | cmp - "$TMP/part"
'

# O_DIRECT: past the kernel's page cache, from the daemon.
direct() {
	dd if="$1" iflag=direct bs=1M status=none
}

test_expect 'kept with the snapshot: the image changed alone, the same document' '
	direct "$M/built/sbom.spdx.json" | cmp "$TMP/want.json" - &&
	printf "another image\n" >"$B/vmlinux" &&
	# a fixed sleep on purpose: time for a change the image alone must not make
	sleep 1 &&
	direct "$M/built/sbom.spdx.json" | cmp "$TMP/want.json" - &&
	want spdx-json "$TMP/want2.json" && ! cmp -s "$TMP/want.json" "$TMP/want2.json"
'

test_expect 'a tree change, a new snapshot: made again, with the new image' '
	printf "// SPDX-License-Identifier: MIT\n" >"$T/drivers/net/untagged.c" &&
	want spdx-json "$TMP/want3a.json" &&
	within 5 "cat \"$M/built/sbom.spdx.json\" | cmp -s - \"$TMP/want3a.json\"" &&
	jq -r ".files[] | select(.fileName == \"./drivers/net/untagged.c\") |
		.licenseInfoInFiles[0]" "$M/built/sbom.spdx.json" >"$TMP/lic" &&
	echo MIT | cmp - "$TMP/lic" &&
	want spdx3 "$TMP/want3b.json" &&
	cmp "$TMP/want3b.json" "$M/built/sbom.spdx3.json"
'

test_expect 'opened before a tree change, read after the rebuild: later opens read the new document' '
	exec 3<"$M/built/sbom.spdx.json" &&
	printf "// SPDX-License-Identifier: GPL-2.0\n" >"$T/drivers/net/untagged.c" &&
	within 5 "test -f \"$M/by-license/GPL-2.0/drivers/net/untagged.c\"" &&
	cat <&3 >"$TMP/fd.json" && exec 3<&- &&
	want spdx-json "$TMP/want3c.json" &&
	! cmp -s "$TMP/want3a.json" "$TMP/want3c.json" &&
	cmp "$TMP/want3c.json" "$TMP/fd.json" &&
	cmp "$TMP/want3c.json" "$M/built/sbom.spdx.json"
'

if have_validator; then
	test_expect 'the documents the mount serves pass the validators' '
		validate spdx2 "$TOP/tests/spdx-schemas/spdx-2.3/spdx-schema.json" \
			"$M/built/sbom.spdx.json" >/dev/null &&
		validate spdx3 "$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-json-schema.json" \
			"$M/built/sbom.spdx3.json" >/dev/null
	'
else
	test_skip 'the SPDX validator: npm could not install ajv (tests/spdx/install-validator)'
fi

test_expect 'no vmlinux: EIO and one log line; the rest of the mount answers' '
	mv "$B/vmlinux" "$B/vmlinux.away" &&
	printf "int x;\n" >>"$T/a.c" &&
	within 5 "! cat \"$M/built/sbom.spdx3.json\" >/dev/null 2>\"$TMP/cat.err\"" &&
	grep -q "Input/output error" "$TMP/cat.err" &&
	cmp "$T/a.c" "$M/built/a.c" && test -s "$M/built/SUMMARY" &&
	grep "sbom" "$TMP/daemon.err" | sort -u >"$TMP/log" &&
	expect_file "$TMP/log" <<-EOF
	spdxfs: built/sbom.spdx3.json: $B: no vmlinux: the kernel is not built
	EOF
'

stop_daemon "$M"

test_expect 'unmounted; the daemon exits 0' '
	test "$(cat "$TMP/status")" = 0 && ! mountpoint -q "$M"
'

mv "$B/vmlinux.away" "$B/vmlinux"
start_daemon "$M" -o exact_size --build "$B" "$T" "$M"

test_expect '-o exact_size (reads through an open handle): the same documents' '
	wait_mounted "$M" &&
	want spdx-json "$TMP/want4.json" && want spdx3 "$TMP/want4.3.json" &&
	cmp "$TMP/want4.json" "$M/built/sbom.spdx.json" &&
	direct "$M/built/sbom.spdx3.json" | cmp "$TMP/want4.3.json" -
'

stop_daemon "$M"

test_done
