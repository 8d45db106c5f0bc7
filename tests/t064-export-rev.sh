#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs export --rev REV REPO: the document of a revision read from
# git's objects is the document of a checkout of it, byte for byte, in
# every format; the package's version is the revision's top Makefile's;
# checksums are those of the blobs (git's blob id is the gitoid); the
# hashing threads give the same bytes as one; the documents pass the
# validators of t060.  Bad input: an unknown revision, no repository,
# --rev with built: one line, exit status 2, no file left behind.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

R=$TMP/repo
CO=$TMP/checkout
git_test_env
export SOURCE_DATE_EPOCH=1700000000

g() {
	git -C "$R" "$@"
}

# Two commits: v1 is 6.1.42-rc1, v2 6.2.0 with a.c retagged and foo.c
# added under a LicenseRef-; the work tree then changes a.c again.
make_history() {
	git init -q -b main "$R" && make_fixture "$R" &&
	printf 'The kernel.\n\n\tSPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note\n' >"$R/COPYING" &&
	printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 42\nEXTRAVERSION = -rc1\n' >"$R/Makefile" &&
	g add -A && g commit -q -m one && g tag v1 &&
	license_file "$R/LICENSES/deprecated" Linux-Foo Linux-Foo-1.0 &&
	printf '// SPDX-License-Identifier: GPL-2.0 OR linux-foo-1.0\n' >"$R/foo.c" &&
	sed -i "s/GPL-2.0/MIT/" "$R/a.c" &&
	printf 'VERSION = 6\nPATCHLEVEL = 2\nSUBLEVEL = 0\nEXTRAVERSION =\n' >"$R/Makefile" &&
	g add -A && g commit -q -m two && g tag v2 &&
	printf 'int dirty;\n' >>"$R/a.c"
}

test_expect 'a repository of two commits and a changed work tree' '
	make_history && test "$(g rev-list --count HEAD)" = 2 &&
	test -n "$(g status --porcelain)"
'

# same_as_checkout REV FORMAT: export --rev REV and export of a checkout.
same_as_checkout() {
	git -C "$CO" checkout -q -f --detach "$1" && git -C "$CO" clean -qffdx &&
	"$SPDXFS" export -q --format "$2" "$CO" >"$TMP/co.$1.$2" &&
	"$SPDXFS" export -q --format "$2" --rev "$1" "$R" >"$TMP/rev.$1.$2" &&
	cmp "$TMP/co.$1.$2" "$TMP/rev.$1.$2"
}

test_expect 'every format of every revision: the bytes of a checkout'"'"'s' '
	git clone -q "$R" "$CO" &&
	for rev in v1 v2; do
		for f in spdx-json spdx-tv spdx3 spdx-rdf; do
			same_as_checkout $rev $f || exit 1
		done
	done
'

test_expect 'the package: name and version from the revision'"'"'s Makefile' '
	for rev in v1 v2; do
		jq -r ".name, .packages[0].versionInfo, .packages[0].licenseDeclared" \
			"$TMP/rev.$rev.spdx-json" || exit 1
	done >"$TMP/pkg" &&
	expect_file "$TMP/pkg" <<-EOF
	linux-6.1.42-rc1
	6.1.42-rc1
	GPL-2.0-only WITH Linux-syscall-note
	linux-6.2.0
	6.2.0
	GPL-2.0-only WITH Linux-syscall-note
	EOF
'

test_expect 'a.c: the checksums of its blob, not of the work tree'"'"'s file' '
	for rev in v1 v2; do
		jq -r ".files[] | select(.fileName == \"./a.c\") |
			[.checksums[].checksumValue, .licenseInfoInFiles[0]] | @tsv" \
			"$TMP/rev.$rev.spdx-json" || exit 1
	done >"$TMP/a" &&
	expect_file "$TMP/a" <<-EOF &&
	$(g show v1:a.c | sha1sum | cut -c1-40)	$(g show v1:a.c | sha256sum | cut -c1-64)	GPL-2.0
	$(g show v2:a.c | sha1sum | cut -c1-40)	$(g show v2:a.c | sha256sum | cut -c1-64)	MIT
	EOF
	test "$(sha256sum <"$R/a.c" | cut -c1-64)" != "$(g show v2:a.c | sha256sum | cut -c1-64)"
'

test_expect 'spdx3: the gitoid of every file is git'"'"'s blob id' '
	jq -r ".\"@graph\"[] | select(.type == \"software_File\") |
		[.name, .software_contentIdentifier[0].software_contentIdentifierValue] | @tsv" \
		"$TMP/rev.v2.spdx3" >"$TMP/gitoids" &&
	test "$(wc -l <"$TMP/gitoids")" = "$(g ls-tree -r v2 | grep -c "^100")" &&
	g ls-tree -r v2 | awk "\$1 ~ /^100/ { print \$4 \"\tgitoid:blob:sha1:\" \$3 }" |
		sort | diff -u - "$TMP/gitoids"
'

test_expect 'a LicenseRef- of the revision: the text of its LICENSES/ blob' '
	jq -j ".hasExtractedLicensingInfos[0] | .licenseId, \"\n\", .extractedText" \
		"$TMP/rev.v2.spdx-json" >"$TMP/ref" &&
	{ echo LicenseRef-Linux-Foo-1.0 &&
	  g show v2:LICENSES/deprecated/Linux-Foo | sed "1,/^License-Text:/d"; } |
		cmp - "$TMP/ref" &&
	test "$(jq ".hasExtractedLicensingInfos | length" "$TMP/rev.v1.spdx-json")" = 0
'

test_expect 'created: the commit time without SOURCE_DATE_EPOCH' '
	env -u SOURCE_DATE_EPOCH "$SPDXFS" export -q --format spdx-json --rev v2 "$R" |
		jq -r .creationInfo.created >"$TMP/created" &&
	expect_file "$TMP/created" <<-EOF
	2024-01-01T00:00:00Z
	EOF
'

test_expect 'hashing on one thread or four: the same bytes; a bare repository too' '
	"$SPDXFS" export -q -j 1 --format spdx3 --rev v2 "$R" | cmp - "$TMP/rev.v2.spdx3" &&
	"$SPDXFS" export -q -j 4 --format spdx3 --rev v2 "$R" | cmp - "$TMP/rev.v2.spdx3" &&
	git clone -q --bare "$R" "$TMP/bare.git" &&
	"$SPDXFS" export -q --format spdx-json --rev v2 "$TMP/bare.git" |
		cmp - "$TMP/rev.v2.spdx-json"
'

test_expect '-o FILE: the document, by a rename' '
	"$SPDXFS" export -q --format spdx-json --rev v1 -o "$TMP/o.json" "$R" &&
	cmp "$TMP/o.json" "$TMP/rev.v1.spdx-json"
'

test_expect 'an unknown revision, no repository: one line, exit 2, no file' '
	expect_status 2 "$SPDXFS" export -q --format spdx-json --rev nope -o "$TMP/x.json" "$R" 2>"$TMP/err" &&
	test "$(wc -l <"$TMP/err")" = 1 && grep -q "nope" "$TMP/err" &&
	mkdir "$TMP/plain" &&
	expect_status 2 "$SPDXFS" export -q --format spdx-json --rev v1 -o "$TMP/x.json" "$TMP/plain" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: $TMP/plain: not a git repository
	EOF
	test -z "$(ls "$TMP" | grep "^x.json")"
'

test_expect 'built takes no --rev' '
	expect_status 2 "$SPDXFS" built --format spdx-json --rev v1 "$R" 2>"$TMP/err" &&
	grep -q "^usage: spdxfs built --format FMT" "$TMP/err" &&
	"$SPDXFS" export --help | grep -q "^      --rev REV"
'

if have_validator; then
	test_expect 'the documents of a revision pass the validators' '
		validate_formats "$TMP/rev.v2.spdx-json" "$TMP/rev.v2.spdx-tv" \
			"$TMP/rev.v2.spdx3" "$TMP/facts.json" &&
		test "$(grep -c "^file	" "$TMP/facts.json")" = "$(g ls-tree -r v2 | grep -c "^100")"
	'
else
	test_skip 'the SPDX validator: npm could not install ajv (tests/spdx/install-validator)'
fi

if have_rdflib; then
	test_expect 'the spdx-rdf document of a revision says what its spdx-json says' '
		check_rdf "$TMP/rev.v2.spdx-rdf" "$TMP/rev.v2.spdx-json" >"$TMP/rdf" &&
		expect_file "$TMP/rdf" <<-EOF
		rdf: 538 triples; 1 packages, 26 files, 1 refs, 27 relationships as in the JSON
		EOF
	'
else
	test_skip 'spdx-rdf: no python3 with rdflib (Debian: python3-rdflib)'
fi

if have_shacl; then
	test_expect 'the spdx3 document of a revision passes the SHACL shapes of the model' '
		shacl "$TMP/rev.v2.spdx3" >"$TMP/shacl" && expect_file "$TMP/shacl" <<-EOF
		conforms
		EOF
	'
else
	test_skip 'SHACL: npm could not install rdf-validate-shacl (tests/spdx/install-validator)'
fi

test_done
