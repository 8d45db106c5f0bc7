#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs export: SPDX 2.3 documents (JSON and tag-value) of a fixture
# tree, checked by the official JSON schema with ajv 8 (tests/spdx/
# validate.js, its npm packages installed by tests/spdx/install-validator)
# and for what the schema misses: ids, relationship targets, LicenseRef
# texts, checksums recomputed, the same facts in both formats, the counts
# of "spdxfs list".
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree
make_fixture "$T"
printf 'The kernel.\n\n\tSPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note\n' >"$T/COPYING"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 42\nEXTRAVERSION = -rc1\nNAME = x\n' >"$T/Makefile"
license_file "$T/LICENSES/deprecated" Linux-Foo Linux-Foo-1.0
printf '// SPDX-License-Identifier: GPL-2.0 OR linux-foo-1.0\n' >"$T/foo.c"
export SOURCE_DATE_EPOCH=1700000000
SCHEMA2=$TOP/tests/spdx-schemas/spdx-2.3/spdx-schema.json
SCHEMA3=$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-json-schema.json
MODEL3=$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-model.ttl
CONTEXT3=$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-context.jsonld

# The vendored schemas: a tag line added in front of the official bytes,
# whose sha256 tests/spdx-schemas/README.md records.
schema_is_vendored() {	# FILE TAG
	_sum=$(tail -n +2 "$1" | sha256sum | cut -d' ' -f1) &&
	echo "// SPDX-License-Identifier: $2" | cmp - "$TMP/first" &&
	grep -F "\`${1#"$TOP/tests/spdx-schemas/"}\`" "$TOP/tests/spdx-schemas/README.md" |
		grep -qF "| $_sum |"
}
test_expect 'the vendored schemas: their tag, then the official bytes' '
	head -n 1 "$SCHEMA2" >"$TMP/first" && schema_is_vendored "$SCHEMA2" CC-BY-3.0 &&
	head -n 1 "$SCHEMA3" >"$TMP/first" && schema_is_vendored "$SCHEMA3" Community-Spec-1.0 &&
	head -n 1 "$CONTEXT3" >"$TMP/first" && schema_is_vendored "$CONTEXT3" Community-Spec-1.0 &&
	head -n 1 "$MODEL3" | sed "s/^# /\/\/ /" >"$TMP/first" &&
	schema_is_vendored "$MODEL3" Community-Spec-1.0 &&
	test -f "$TOP/LICENSES/deprecated/CC-BY-3.0" &&
	test -f "$TOP/LICENSES/deprecated/Community-Spec-1.0"
'

export_doc() {	# FORMAT OUT [ARGS...]
	_f=$1 _o=$2
	shift 2
	"$SPDXFS" export -q --format "$_f" "$@" "$T" >"$_o"
}

test_expect 'spdx-json: document, package and a file, as the issue says' '
	export_doc spdx-json "$TMP/d.json" &&
	jq -r ".spdxVersion, .dataLicense, .SPDXID, .name, .creationInfo.created,
		.creationInfo.creators[0]" "$TMP/d.json" >"$TMP/head" &&
	expect_file "$TMP/head" <<-EOF &&
	SPDX-2.3
	CC0-1.0
	SPDXRef-DOCUMENT
	linux-6.1.42-rc1
	2023-11-14T22:13:20Z
	Tool: spdxfs-$("$SPDXFS" version | cut -d" " -f2)
	EOF
	jq -c ".packages[0] | [.name, .versionInfo, .licenseDeclared, .licenseConcluded,
		.filesAnalyzed, .downloadLocation]" "$TMP/d.json" >"$TMP/pkg" &&
	expect_file "$TMP/pkg" <<-EOF &&
	["linux","6.1.42-rc1","GPL-2.0-only WITH Linux-syscall-note","NOASSERTION",true,"NOASSERTION"]
	EOF
	jq -c ".files[] | select(.fileName == \"./a.c\")" "$TMP/d.json" >"$TMP/a" &&
	expect_file "$TMP/a" <<-EOF
	{"fileName":"./a.c","SPDXID":"SPDXRef-File-9","fileTypes":["SOURCE"],"checksums":[{"algorithm":"SHA1","checksumValue":"$(sha1sum <"$T/a.c" | cut -c1-40)"},{"algorithm":"SHA256","checksumValue":"$(sha256sum <"$T/a.c" | cut -c1-64)"}],"licenseConcluded":"NOASSERTION","licenseInfoInFiles":["GPL-2.0"],"copyrightText":"NOASSERTION"}
	EOF
'

test_expect 'expressions kept whole; operators upper case; NOASSERTION with the reason' '
	jq -r ".files[] | [.fileName, .licenseInfoInFiles[0], .comment // \"-\"] | @tsv" \
		"$TMP/d.json" | grep -E "^./(drivers/(lower|bad|exc|net/untagged)|include/uapi/linux/x|foo|README)" >"$TMP/lic" &&
	expect_file "$TMP/lic" <<-EOF
	./README	NOASSERTION	excluded by scripts/spdxexclude
	./drivers/bad.c	NOASSERTION	invalid SPDX-License-Identifier '"'"'GPL-1.0-or-later'"'"': Invalid License ID: GPL-1.0-or-later
	./drivers/exc.c	NOASSERTION	invalid SPDX-License-Identifier '"'"'MIT WITH Linux-syscall-note'"'"': Exception not valid for license MIT: Linux-syscall-note
	./drivers/lower.c	GPL-2.0 OR MIT	-
	./drivers/net/untagged.c	NOASSERTION	no SPDX-License-Identifier in its first 15 lines
	./foo.c	GPL-2.0 OR LicenseRef-Linux-Foo-1.0	-
	./include/uapi/linux/x.h	GPL-2.0 WITH Linux-syscall-note	-
	EOF
'

test_expect '--modern: today'"'"'s spelling; the creation comment says which was chosen' '
	jq -r ".creationInfo.comment" "$TMP/d.json" >"$TMP/c" &&
	expect_file "$TMP/c" <<-EOF &&
	License identifiers as the files write them, deprecated ones (GPL-2.0) kept; spdxfs export --modern writes today'"'"'s spelling (GPL-2.0-only).
	EOF
	export_doc spdx-json "$TMP/m.json" --modern &&
	jq -r ".creationInfo.comment, (.files[] | select(.fileName | test(\"^./(a.c|foo.c|drivers/lower.c|drivers/net/misplaced.c|include/uapi/linux/x.h)\$\")) |
		[.fileName, .licenseInfoInFiles[0]] | @tsv)" "$TMP/m.json" >"$TMP/m" &&
	expect_file "$TMP/m" <<-EOF &&
	License identifiers in today'"'"'s spelling (spdxfs export --modern): GPL-2.0 as GPL-2.0-only, GPL-2.0+ as GPL-2.0-or-later, as the kernel'"'"'s tags mean them.
	./a.c	GPL-2.0-only
	./drivers/lower.c	GPL-2.0-only OR MIT
	./drivers/net/misplaced.c	GPL-2.0-or-later
	./foo.c	GPL-2.0-only OR LicenseRef-Linux-Foo-1.0
	./include/uapi/linux/x.h	GPL-2.0-only WITH Linux-syscall-note
	EOF
	export_doc spdx-tv "$TMP/m.spdx" --modern &&
	grep -E "^(CreatorComment|LicenseInfoInFile: GPL-2.0-only WITH)" "$TMP/m.spdx" | uniq >"$TMP/mt" &&
	expect_file "$TMP/mt" <<-EOF &&
	CreatorComment: <text>License identifiers in today'"'"'s spelling (spdxfs export --modern): GPL-2.0 as GPL-2.0-only, GPL-2.0+ as GPL-2.0-or-later, as the kernel'"'"'s tags mean them.</text>
	LicenseInfoInFile: GPL-2.0-only WITH Linux-syscall-note
	EOF
	export_doc spdx3 "$TMP/m3.json" --modern &&
	jq -r ".\"@graph\"[] | select(.type == \"CreationInfo\") | .comment" "$TMP/m3.json" |
		grep -q "^License identifiers in today" &&
	jq -r ".\"@graph\"[] | .simplelicensing_licenseExpression // empty" "$TMP/m3.json" |
		grep -E "^GPL-2.0( |\$)" | wc -l | grep -qx 0 &&
	"$SPDXFS" built --format spdx-json --help | grep -q -- "^      --modern"
'

test_expect 'an id not on the SPDX License List: LicenseRef- with its LICENSES/ text' '
	jq -c ".hasExtractedLicensingInfos | map([.licenseId, .name, .comment])" "$TMP/d.json" >"$TMP/refs" &&
	expect_file "$TMP/refs" <<-EOF &&
	[["LicenseRef-Linux-Foo-1.0","Linux-Foo-1.0","LICENSES/deprecated/Linux-Foo"]]
	EOF
	jq -j ".hasExtractedLicensingInfos[0].extractedText" "$TMP/d.json" >"$TMP/text" &&
	sed "1,/^License-Text:/d" "$T/LICENSES/deprecated/Linux-Foo" | cmp - "$TMP/text"
'

test_expect 'relationships: DESCRIBES the package, which CONTAINS every file' '
	jq -r ".relationships[] | .relationshipType" "$TMP/d.json" | sort | uniq -c |
		sed "s/^ *//" >"$TMP/rels" &&
	n=$(jq ".files | length" "$TMP/d.json") &&
	expect_file "$TMP/rels" <<-EOF &&
	$n CONTAINS
	1 DESCRIBES
	EOF
	test "$(jq "has(\"documentDescribes\")" "$TMP/d.json")" = false
'

test_expect 'packageVerificationCode: the SHA1 of the sorted SHA1s' '
	(cd "$T" && "$SPDXFS" list -q . | cut -f1 | while IFS= read -r f; do
		sha1sum <"$f" | cut -c1-40; done) | sort | tr -d "\n" | sha1sum | cut -c1-40 >"$TMP/want" &&
	jq -r ".packages[0].packageVerificationCode.packageVerificationCodeValue" "$TMP/d.json" |
		diff - "$TMP/want"
'

test_expect 'every checksum recomputed with sha1sum and sha256sum' '
	jq -r ".files[] | [.fileName, .checksums[0].checksumValue, .checksums[1].checksumValue] | @tsv" \
		"$TMP/d.json" >"$TMP/sums" &&
	test "$(wc -l <"$TMP/sums")" = "$("$SPDXFS" list -q "$T" | wc -l)" &&
	while IFS="	" read -r f s1 s256; do
		test "$(sha1sum <"$T/$f" | cut -c1-40)" = "$s1" &&
		test "$(sha256sum <"$T/$f" | cut -c1-64)" = "$s256" || { echo "$f"; exit 1; }
	done <"$TMP/sums"
'

test_expect 'deterministic: two runs, the same bytes; the namespace follows the content' '
	export_doc spdx-json "$TMP/d2.json" &&
	cmp "$TMP/d.json" "$TMP/d2.json" &&
	ns=$(jq -r .documentNamespace "$TMP/d.json") &&
	case $ns in https://spdx.org/spdxdocs/spdxfs/linux-6.1.42-rc1-*) ;; *) false ;; esac &&
	printf "int changed;\n" >>"$T/a.c" &&
	export_doc spdx-json "$TMP/d3.json" &&
	test "$(jq -r .documentNamespace "$TMP/d3.json")" != "$ns" &&
	printf "// SPDX-License-Identifier: GPL-2.0\nint a;\n" >"$T/a.c" &&
	export_doc spdx-json "$TMP/d4.json" && cmp "$TMP/d.json" "$TMP/d4.json"
'

test_expect 'created: SOURCE_DATE_EPOCH, else the newest mtime; bad values refused' '
	SOURCE_DATE_EPOCH=0 "$SPDXFS" export -q --format spdx-json "$T" |
		jq -r .creationInfo.created | grep -qx "1970-01-01T00:00:00Z" &&
	find "$T" -exec touch -h -d @1600000000 {} + &&
	env -u SOURCE_DATE_EPOCH "$SPDXFS" export -q --format spdx-json "$T" |
		jq -r .creationInfo.created | grep -qx "2020-09-13T12:26:40Z" &&
	SOURCE_DATE_EPOCH=soon expect_status 2 "$SPDXFS" export -q --format spdx-json "$T" \
		>"$TMP/out" 2>"$TMP/err" &&
	test ! -s "$TMP/out" &&
	expect_file "$TMP/err" <<-EOF
	spdxfs: SOURCE_DATE_EPOCH: '"'"'soon'"'"' is not a number of seconds
	EOF
'

test_expect '--pretty is the same JSON, indented; compact has no white space between tokens' '
	export_doc spdx-json "$TMP/p.json" --pretty &&
	test "$(wc -l <"$TMP/p.json")" -gt 100 && test "$(wc -l <"$TMP/d.json")" = 1 &&
	jq -S . "$TMP/p.json" >"$TMP/p.s" && jq -S . "$TMP/d.json" | cmp - "$TMP/p.s"
'

test_expect '-o FILE: written whole, by a rename; no temporary file left' '
	mkdir "$TMP/o" &&
	"$SPDXFS" export -q --format spdx-json -o "$TMP/o/doc.json" "$T" >"$TMP/out" &&
	test ! -s "$TMP/out" && cmp "$TMP/o/doc.json" "$TMP/d.json" &&
	test "$(ls "$TMP/o")" = doc.json
'

test_expect 'an unwritable output: one line, exit 2, nothing left behind' '
	expect_status 2 "$SPDXFS" export -q --format spdx-json -o "$TMP/nodir/doc.json" "$T" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: $TMP/nodir/doc.json: No such file or directory
	EOF
	if [ "$(id -u)" != 0 ]; then
		mkdir "$TMP/ro" && chmod 555 "$TMP/ro" &&
		expect_status 2 "$SPDXFS" export -q --format spdx-json -o "$TMP/ro/d.json" "$T" 2>/dev/null &&
		test -z "$(ls "$TMP/ro")"
	fi
'

test_expect 'standard output that fails: one line, exit 2' '
	expect_status 2 "$SPDXFS" export -q --format spdx-json "$T" >/dev/full 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF
	spdxfs: standard output: write error
	EOF
'

test_expect 'bad usage: no format, an unknown format, two trees with --rev' '
	expect_status 2 "$SPDXFS" export "$T" 2>"$TMP/err" &&
	grep -qx "usage: spdxfs export --format FMT \[OPTION\]... \[TREE \[PATH\]... | PATH... | --rev REV REPO\]" "$TMP/err" &&
	expect_status 2 "$SPDXFS" export --format cyclonedx "$T" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: --format: '"'"'cyclonedx'"'"' is not spdx-json, spdx-tv, spdx-rdf or spdx3
	EOF
	expect_status 2 "$SPDXFS" export --format spdx-json --rev HEAD "$T" "$T" 2>/dev/null
'

test_expect 'an exception not on the SPDX License List cannot be written in 2.3: exit 2, no file' '
	cp -R "$T" "$TMP/t2" &&
	cat >"$TMP/t2/LICENSES/exceptions/Foo-note" <<-EOF &&
	SPDX-Exception-Identifier: Foo-note
	SPDX-Licenses: GPL-2.0
	License-Text:
	A note.
	EOF
	printf "// SPDX-License-Identifier: GPL-2.0 WITH Foo-note\n" >"$TMP/t2/note.c" &&
	expect_status 2 "$SPDXFS" export -q --format spdx-json -o "$TMP/t2.json" "$TMP/t2" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: note.c: '"'"'GPL-2.0 WITH Foo-note'"'"': exception Foo-note is not on the SPDX License List, which SPDX 2.3 requires
	EOF
	test ! -e "$TMP/t2.json" && test -z "$(ls "$TMP" | grep "^t2.json")"
'

test_expect 'spdx3: plain @context, full IRIs, one CreationInfo, created without fractions' '
	export_doc spdx3 "$TMP/d3.json" &&
	jq -r "[.\"@context\", (.\"@graph\" | map(select(.type == \"CreationInfo\")) | length),
		(.\"@graph\"[0] | .created, .specVersion)] | @tsv" "$TMP/d3.json" >"$TMP/h3" &&
	expect_file "$TMP/h3" <<-EOF &&
	https://spdx.org/rdf/3.0.1/spdx-context.jsonld	1	2023-11-14T22:13:20Z	3.0.1
	EOF
	ns=$(jq -r .documentNamespace "$TMP/d.json") &&
	jq -r ".\"@graph\"[] | .spdxId // empty" "$TMP/d3.json" | grep -v "^$ns#" | wc -l | grep -qx 0 &&
	jq -r ".\"@graph\"[] | select(.type != \"CreationInfo\") | .creationInfo" "$TMP/d3.json" |
		sort -u | grep -qx "_:creationinfo"
'

test_expect 'spdx3: the gitoid is git'"'"'s blob id; one expression per distinct tag' '
	jq -r ".\"@graph\"[] | select(.name == \"foo.c\") | .software_contentIdentifier[0].software_contentIdentifierValue" \
		"$TMP/d3.json" >"$TMP/g" &&
	echo "gitoid:blob:sha1:$(git hash-object "$T/foo.c")" | diff - "$TMP/g" &&
	jq -r ".\"@graph\"[] | select(.type == \"simplelicensing_LicenseExpression\") |
		.simplelicensing_licenseExpression" "$TMP/d3.json" | sort | uniq -d | wc -l | grep -qx 0 &&
	jq -c ".\"@graph\"[] | select(.simplelicensing_licenseExpression == \"GPL-2.0 OR LicenseRef-Linux-Foo-1.0\") |
		.simplelicensing_customIdToUri | map(.key)" "$TMP/d3.json" >"$TMP/k" &&
	test "$(cat "$TMP/k")" = "[\"LicenseRef-Linux-Foo-1.0\"]" &&
	export_doc spdx3 "$TMP/d3b.json" && cmp "$TMP/d3.json" "$TMP/d3b.json"
'

test_expect 'spdx3: the data license is an element of the graph, CC0-1.0' '
	jq -r "([.\"@graph\"[] | {(.spdxId // \"-\"): .}] | add) as \$e |
		.\"@graph\"[] | select(.type == \"SpdxDocument\") | \$e[.dataLicense] |
		[.type, .simplelicensing_licenseExpression, .creationInfo] | @tsv" "$TMP/d3.json" >"$TMP/dl" &&
	expect_file "$TMP/dl" <<-EOF
	simplelicensing_LicenseExpression	CC0-1.0	_:creationinfo
	EOF
'

test_expect 'spdx3: an exception not on the list becomes AdditionRef- with its text' '
	"$SPDXFS" export -q --format spdx3 "$TMP/t2" >"$TMP/t2.3.json" &&
	jq -r ".\"@graph\"[] | select(.simplelicensing_licenseExpression? // \"\" | test(\"Foo-note\")) |
		.simplelicensing_licenseExpression, .simplelicensing_customIdToUri[0].key" "$TMP/t2.3.json" >"$TMP/add" &&
	expect_file "$TMP/add" <<-EOF
	GPL-2.0 WITH AdditionRef-Foo-note
	AdditionRef-Foo-note
	EOF
'

test_expect 'a directory of the tree: package linux/DIR under the tree'"'"'s version, no declared license' '
	"$SPDXFS" export -q --format spdx-json "$T/drivers/net" >"$TMP/sub.json" &&
	jq -r ".name, (.packages[0] | .name, .versionInfo, .licenseDeclared),
		(.files[] | .fileName)" "$TMP/sub.json" >"$TMP/sub" &&
	expect_file "$TMP/sub" <<-EOF &&
	linux/drivers/net-6.1.42-rc1
	linux/drivers/net
	6.1.42-rc1
	NOASSERTION
	./drivers/net/misplaced.c
	./drivers/net/untagged.c
	EOF
	jq -r .documentNamespace "$TMP/sub.json" |
		grep -qx "https://spdx.org/spdxdocs/spdxfs/linux/drivers/net-6.1.42-rc1-[0-9a-f]\{32\}" &&
	"$SPDXFS" export -q --format spdx-tv "$T/drivers/net" >"$TMP/sub.spdx" &&
	grep -E "^(DocumentName|PackageName|PackageVersion|PackageLicenseDeclared):" "$TMP/sub.spdx" >"$TMP/subtv" &&
	expect_file "$TMP/subtv" <<-EOF &&
	DocumentName: linux/drivers/net-6.1.42-rc1
	PackageName: linux/drivers/net
	PackageVersion: 6.1.42-rc1
	PackageLicenseDeclared: NOASSERTION
	EOF
	"$SPDXFS" export -q --format spdx3 "$T/drivers/net" >"$TMP/sub3.json" &&
	jq -r ".\"@graph\"[] | select(.type == \"software_Package\") | .name, .software_packageVersion" \
		"$TMP/sub3.json" >"$TMP/sub3" &&
	expect_file "$TMP/sub3" <<-EOF &&
	linux/drivers/net
	6.1.42-rc1
	EOF
	test "$(jq "[.\"@graph\"[] | select(.relationshipType == \"hasDeclaredLicense\" and
		(.from | endswith(\"#package\")))] | length" "$TMP/sub3.json")" = 0 &&
	test "$(jq "[.\"@graph\"[] | select(.relationshipType == \"hasDeclaredLicense\" and
		(.from | endswith(\"#package\")))] | length" "$TMP/d3.json")" = 1 &&
	"$SPDXFS" export -q --format spdx-json --declared MIT "$T/drivers/net" |
		jq -r ".packages[0].licenseDeclared" | grep -qx MIT
'

test_expect 'file types (2.3) and purposes (3.0.1) by kind; the package is source' '
	cp -R "$T" "$TMP/t6" && mkdir -p "$TMP/t6/Documentation" "$TMP/t6/firmware" &&
	printf "Title\n=====\n" >"$TMP/t6/Documentation/x.rst" &&
	printf "P1\n1 1\n1\n" >"$TMP/t6/logo.ppm" &&
	printf "\0\1\2" >"$TMP/t6/firmware/x.bin" && printf "\0\1\2" >"$TMP/t6/blob" &&
	printf "x" | gzip -n >"$TMP/t6/x.tar.gz" && printf "#!/bin/sh\n" >"$TMP/t6/run" &&
	printf "[1]\n" >"$TMP/t6/data.json" &&
	"$SPDXFS" export -q --format spdx-json "$TMP/t6" >"$TMP/t6.json" &&
	"$SPDXFS" export -q --format spdx3 "$TMP/t6" >"$TMP/t6.3.json" &&
	jq -r ".packages[0].primaryPackagePurpose, (.files[] | [.fileName[2:], (.fileTypes | join(\",\"))] | @tsv)" \
		"$TMP/t6.json" >"$TMP/types" &&
	jq -r ".\"@graph\"[] | select(.type == \"software_File\" or .type == \"software_Package\") |
		.software_primaryPurpose" "$TMP/t6.3.json" >"$TMP/purposes" &&
	paste "$TMP/types" "$TMP/purposes" >"$TMP/kinds" &&
	expect_file "$TMP/kinds" <<-EOF
	SOURCE	source
	COPYING	DOCUMENTATION	documentation
	Documentation/x.rst	DOCUMENTATION	documentation
	LICENSES/deprecated/Linux-Foo	DOCUMENTATION	documentation
	LICENSES/dual/Apache-2.0	DOCUMENTATION	documentation
	LICENSES/exceptions/Linux-syscall-note	DOCUMENTATION	documentation
	LICENSES/preferred/GPL-2.0	DOCUMENTATION	documentation
	LICENSES/preferred/MIT	DOCUMENTATION	documentation
	Makefile	SOURCE	source
	README	DOCUMENTATION	documentation
	a.c	SOURCE	source
	arch/x86/configs/x_defconfig	TEXT	configuration
	b.h	SOURCE	source
	blob	BINARY	data
	bom.c	SOURCE	source
	data.json	TEXT	data
	drivers/bad.c	SOURCE	source
	drivers/exc.c	SOURCE	source
	drivers/lower.c	SOURCE	source
	drivers/net/misplaced.c	SOURCE	source
	drivers/net/untagged.c	SOURCE	source
	drivers/paren.c	SOURCE	source
	drivers/three.c	SOURCE	source
	firmware/x.bin	BINARY	firmware
	foo.c	SOURCE	source
	include/uapi/linux/x.h	SOURCE	source
	include/uapi/linux/y.h	SOURCE	source
	include/uapi/linux/z.h	SOURCE	source
	logo.ppm	IMAGE	data
	run	SOURCE	source
	scripts/run.sh	SOURCE	source
	scripts/spdxexclude	TEXT	data
	two.c	SOURCE	source
	x.tar.gz	ARCHIVE	archive
	EOF
'

test_expect 'tag-value: FileType and PrimaryPackagePurpose, as the JSON says' '
	"$SPDXFS" export -q --format spdx-tv "$TMP/t6" >"$TMP/t6.spdx" &&
	sed -n "s/^PrimaryPackagePurpose: //p; /^FileName: /{N; N; s/^FileName: .\/\(.*\)\nSPDXID: .*\nFileType: /\1	/p}" \
		"$TMP/t6.spdx" >"$TMP/tvtypes" &&
	diff -u "$TMP/types" "$TMP/tvtypes"
'

test_expect 'tag-value cannot hold a file name with a line break: exit 2' '
	cp -R "$T" "$TMP/t4" && printf "x\n" >"$TMP/t4/new
line.c" &&
	expect_status 2 "$SPDXFS" export -q --format spdx-tv -o "$TMP/t4.spdx" "$TMP/t4" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: "new\\nline.c": a file name with a line break cannot be written in tag-value
	EOF
	test ! -e "$TMP/t4.spdx" &&
	"$SPDXFS" export -q --format spdx-json "$TMP/t4" |
		jq "[.files[] | select(.fileName == \"./new\\nline.c\")] | length" | grep -qx 1
'

# Issue 25, item 12: a tag's bytes reach FileComment; raw, a control
# byte or one not in UTF-8 broke the document (and a terminal).
test_expect 'tag-value: control bytes and bytes not in UTF-8 of a tag become U+FFFD' '
	cp -R "$T" "$TMP/t8" &&
	printf "// SPDX-License-Identifier: GPL-2.0 \001\033[31m\377 x\r\n" >"$TMP/t8/ctl.c" &&
	"$SPDXFS" export -q --format spdx-tv "$TMP/t8" >"$TMP/t8.spdx" &&
	python3 -c "
import sys
b = open(sys.argv[1], \"rb\").read()
t = b.decode(\"utf-8\")
bad = [c for c in t if (ord(c) < 32 and c not in \"\\t\\n\") or 127 <= ord(c) < 160]
assert not bad, bad
" "$TMP/t8.spdx" &&
	grep -A12 "^FileName: ./ctl.c\$" "$TMP/t8.spdx" | grep "^FileComment" >"$TMP/comment" &&
	expect_file "$TMP/comment" <<-EOF
	FileComment: <text>invalid SPDX-License-Identifier '"'"'GPL-2.0 ��[31m� x'"'"': Invalid token: �</text>
	EOF
'

test_expect 'tag-value: a file name not in UTF-8 refused; UTF-8 names kept' '
	cp -R "$T" "$TMP/t5" && printf "x\n" >"$TMP/t5/caf$(printf "\351").c" &&
	expect_status 2 "$SPDXFS" export -q --format spdx-tv "$TMP/t5" 2>"$TMP/err" >/dev/null &&
	grep -q "a file name that is not UTF-8 cannot be written in tag-value\$" "$TMP/err" &&
	rm "$TMP/t5/caf$(printf "\351").c" && printf "x\n" >"$TMP/t5/café.c" &&
	"$SPDXFS" export -q --format spdx-tv "$TMP/t5" | grep -qx "FileName: ./café.c"
'

# file_block RDF PATH: the spdx:File element of ./PATH in RDF.
file_block() {
	awk -v name="    <spdx:fileName>./$2</spdx:fileName>" '
		/^  <spdx:File / { n = 0 }
		/^  <spdx:File /, /^  <\/spdx:File>/ { b[n++] = $0 }
		$0 == name { hit = 1 }
		/^  <\/spdx:File>/ { if (hit) for (i = 0; i < n; i++) print b[i]; hit = 0 }' "$1"
}

test_expect 'spdx-rdf: the 2.3 ontology; expressions as license trees' '
	export_doc spdx-rdf "$TMP/d.rdf" &&
	head -n 3 "$TMP/d.rdf" >"$TMP/rh" &&
	ns=$(jq -r .documentNamespace "$TMP/d.json") &&
	expect_file "$TMP/rh" <<-EOF &&
	<?xml version="1.0" encoding="UTF-8"?>
	<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:spdx="http://spdx.org/rdf/terms#">
	  <spdx:SpdxDocument rdf:about="$ns#SPDXRef-DOCUMENT">
	EOF
	id=$(jq -r ".files[] | select(.fileName == \"./drivers/three.c\") | .SPDXID" "$TMP/d.json") &&
	file_block "$TMP/d.rdf" drivers/three.c >"$TMP/three" &&
	expect_file "$TMP/three" <<-EOF &&
	  <spdx:File rdf:about="$ns#$id">
	    <spdx:fileName>./drivers/three.c</spdx:fileName>
	    <spdx:fileType rdf:resource="http://spdx.org/rdf/terms#fileType_source"/>
	    <spdx:checksum>
	      <spdx:Checksum>
	        <spdx:algorithm rdf:resource="http://spdx.org/rdf/terms#checksumAlgorithm_sha1"/>
	        <spdx:checksumValue>$(sha1sum <"$T/drivers/three.c" | cut -c1-40)</spdx:checksumValue>
	      </spdx:Checksum>
	    </spdx:checksum>
	    <spdx:checksum>
	      <spdx:Checksum>
	        <spdx:algorithm rdf:resource="http://spdx.org/rdf/terms#checksumAlgorithm_sha256"/>
	        <spdx:checksumValue>$(sha256sum <"$T/drivers/three.c" | cut -c1-64)</spdx:checksumValue>
	      </spdx:Checksum>
	    </spdx:checksum>
	    <spdx:licenseConcluded rdf:resource="http://spdx.org/rdf/terms#noassertion"/>
	    <spdx:licenseInfoInFile>
	      <spdx:DisjunctiveLicenseSet>
	        <spdx:member rdf:resource="http://spdx.org/licenses/GPL-2.0"/>
	        <spdx:member rdf:resource="http://spdx.org/licenses/MIT"/>
	        <spdx:member rdf:resource="http://spdx.org/licenses/Apache-2.0"/>
	      </spdx:DisjunctiveLicenseSet>
	    </spdx:licenseInfoInFile>
	    <spdx:copyrightText rdf:resource="http://spdx.org/rdf/terms#noassertion"/>
	  </spdx:File>
	EOF
	file_block "$TMP/d.rdf" include/uapi/linux/x.h | sed -n "/<spdx:licenseInfoInFile>/,/<\/spdx:licenseInfoInFile>/p" >"$TMP/xh" &&
	expect_file "$TMP/xh" <<-EOF &&
	    <spdx:licenseInfoInFile>
	      <spdx:WithExceptionOperator>
	        <spdx:member rdf:resource="http://spdx.org/licenses/GPL-2.0"/>
	        <spdx:licenseException>
	          <spdx:LicenseException rdf:about="http://spdx.org/licenses/Linux-syscall-note">
	            <spdx:licenseExceptionId>Linux-syscall-note</spdx:licenseExceptionId>
	          </spdx:LicenseException>
	        </spdx:licenseException>
	      </spdx:WithExceptionOperator>
	    </spdx:licenseInfoInFile>
	EOF
	file_block "$TMP/d.rdf" drivers/net/misplaced.c | grep -A4 "<spdx:licenseInfoInFile>" >"$TMP/plus" &&
	expect_file "$TMP/plus" <<-EOF &&
	    <spdx:licenseInfoInFile>
	      <spdx:OrLaterOperator>
	        <spdx:member rdf:resource="http://spdx.org/licenses/GPL-2.0"/>
	      </spdx:OrLaterOperator>
	    </spdx:licenseInfoInFile>
	EOF
	file_block "$TMP/d.rdf" foo.c | grep -A5 "<spdx:licenseInfoInFile>" >"$TMP/ref" &&
	expect_file "$TMP/ref" <<-EOF &&
	    <spdx:licenseInfoInFile>
	      <spdx:DisjunctiveLicenseSet>
	        <spdx:member rdf:resource="http://spdx.org/licenses/GPL-2.0"/>
	        <spdx:member rdf:resource="$ns#LicenseRef-Linux-Foo-1.0"/>
	      </spdx:DisjunctiveLicenseSet>
	    </spdx:licenseInfoInFile>
	EOF
	export_doc spdx-rdf "$TMP/d2.rdf" && cmp "$TMP/d.rdf" "$TMP/d2.rdf"
'

test_expect 'spdx-rdf: a file name XML cannot hold is refused; a text has U+FFFD' '
	cp -R "$T" "$TMP/t7" && printf "x\n" >"$TMP/t7/a$(printf "\001")b.c" &&
	expect_status 2 "$SPDXFS" export -q --format spdx-rdf -o "$TMP/t7.rdf" "$TMP/t7" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: a$(printf "\001")b.c: a file name with a control character or not in UTF-8 cannot be written in RDF/XML
	EOF
	test ! -e "$TMP/t7.rdf" && rm "$TMP/t7/a$(printf "\001")b.c" &&
	printf "\f<&>\n" >>"$TMP/t7/LICENSES/deprecated/Linux-Foo" &&
	"$SPDXFS" export -q --format spdx-rdf "$TMP/t7" | grep -A2 "^The full text of Linux-Foo" >"$TMP/ff" &&
	expect_file "$TMP/ff" <<-EOF
	The full text of Linux-Foo would be here.
	$(printf "\357\277\275")&lt;&amp;&gt;
	</spdx:extractedText>
	EOF
'

if [ "$(id -u)" = 0 ]; then
	test_skip 'a file that cannot be read (root reads every file)'
else
	test_expect 'a file that cannot be read: one line, exit 2' '
		cp -R "$T" "$TMP/t3" && chmod 000 "$TMP/t3/a.c" &&
		expect_status 2 "$SPDXFS" export -q --format spdx-json "$TMP/t3" 2>"$TMP/err" >/dev/null &&
		grep -qx "spdxfs: a.c: Permission denied" "$TMP/err"
	'
fi

if have_validator; then
	test_expect 'spdx-json passes the SPDX 2.3 schema (ajv 8) and the extra checks' '
		validate spdx2 "$SCHEMA2" "$TMP/d.json" >"$TMP/facts.json"
	'

	test_expect 'the validator is not vacuous: a broken document fails' '
		jq -c "del(.files[0].SPDXID)" "$TMP/d.json" >"$TMP/bad1.json" &&
		! validate spdx2 "$SCHEMA2" "$TMP/bad1.json" >/dev/null 2>"$TMP/err" &&
		grep -q "^schema: /files/0 must have required property .SPDXID." "$TMP/err" &&
		jq -c ".spdxVersion = \"SPDX-2.2\" | .relationships[1].relatedSpdxElement = \"SPDXRef-File-999\" |
			.files[0].licenseInfoInFiles = [\"LicenseRef-nope\"]" "$TMP/d.json" >"$TMP/bad2.json" &&
		! validate spdx2 "$SCHEMA2" "$TMP/bad2.json" >/dev/null 2>"$TMP/err" &&
		expect_file "$TMP/err" <<-EOF
		spdxVersion SPDX-2.2
		./COPYING: LicenseRef-nope not declared
		relationship to SPDXRef-File-999, which is not in the document
		EOF
	'

	test_expect 'spdx-tv carries the same facts as spdx-json' '
		export_doc spdx-tv "$TMP/d.spdx" &&
		validate spdx-tv "$TMP/d.spdx" >"$TMP/facts.tv" &&
		diff -u "$TMP/facts.json" "$TMP/facts.tv"
	'

	test_expect 'file count and per-expression counts equal spdxfs list' '
		"$SPDXFS" list -q "$T" >"$TMP/list" &&
		test "$(grep -c "^file	" "$TMP/facts.json")" = "$(wc -l <"$TMP/list")" &&
		awk -F"\t" "\$2 == \"tagged\" || \$2 == \"misplaced\" { print \$4 }" "$TMP/list" |
			perl -pe "s/(^|[\s(])(and|or|with)(?=[\s)]|\$)/\$1\U\$2/gi;
				s/linux-foo-1.0/LicenseRef-Linux-Foo-1.0/i" |
			sort | uniq -c >"$TMP/want" &&
		awk -F"\t" "\$1 == \"file\" && \$5 != \"NOASSERTION\" { print \$5 }" "$TMP/facts.json" |
			sort | uniq -c | diff -u "$TMP/want" -
	'

	test_expect 'spdx3 passes the SPDX 3.0.1 schema (ajv 8, draft 2020-12) and the extra checks' '
		validate spdx3 "$SCHEMA3" "$TMP/d3.json" >"$TMP/facts.3" &&
		validate spdx3 "$SCHEMA3" "$TMP/t2.3.json" >/dev/null
	'

	test_expect '--modern documents pass the schemas; tag-value has the facts of JSON' '
		validate spdx2 "$SCHEMA2" "$TMP/m.json" >"$TMP/mfacts.json" &&
		validate spdx-tv "$TMP/m.spdx" | diff -u "$TMP/mfacts.json" - &&
		validate spdx3 "$SCHEMA3" "$TMP/m3.json" >/dev/null
	'

	test_expect 'the documents of a directory pass the schemas' '
		validate_formats "$TMP/sub.json" "$TMP/sub.spdx" "$TMP/sub3.json" "$TMP/subfacts" &&
		grep "^package" "$TMP/subfacts" | cut -f1-4 >"$TMP/subpkg" &&
		expect_file "$TMP/subpkg" <<-EOF
		package	linux/drivers/net	6.1.42-rc1	NOASSERTION
		EOF
	'

	test_expect 'the documents with every kind of file pass the schemas' '
		"$SPDXFS" export -q --format spdx-tv "$TMP/t6" >"$TMP/t6.spdx" &&
		validate_formats "$TMP/t6.json" "$TMP/t6.spdx" "$TMP/t6.3.json" "$TMP/t6facts" &&
		grep -c "^filetype	" "$TMP/t6facts" | grep -qx 33 &&
		grep "^purpose	" "$TMP/t6facts.3" | cut -f3 | sort | uniq -c | sed "s/^ *//" >"$TMP/p3" &&
		expect_file "$TMP/p3" <<-EOF
		1 archive
		1 configuration
		4 data
		8 documentation
		1 firmware
		19 source
		EOF
	'

	test_expect 'spdx3 carries the files'"'"' facts of spdx-json' '
		grep "^file	" "$TMP/facts.json" >"$TMP/files.json" &&
		grep "^file	" "$TMP/facts.3" | diff -u "$TMP/files.json" -
	'

	test_expect 'the spdx3 schema is not vacuous: a context list with short prefixes fails' '
		jq -c ".\"@context\" = [\"https://spdx.org/rdf/3.0.1/spdx-context.jsonld\", {\"spdx\": \"https://spdx.org/\"}]" \
			"$TMP/d3.json" >"$TMP/bad3.json" &&
		! validate spdx3 "$SCHEMA3" "$TMP/bad3.json" >/dev/null 2>&1
	'
else
	test_skip 'the SPDX validator: npm could not install ajv (kernel-tree-scripts/deps --test; tests/spdx/install-validator)'
fi

if have_rdflib; then
	test_expect 'spdx-rdf parses (rdflib) and says what spdx-json says' '
		check_rdf "$TMP/d.rdf" "$TMP/d.json" >"$TMP/rdf" &&
		expect_file "$TMP/rdf" <<-EOF &&
		rdf: 538 triples; 1 packages, 26 files, 1 refs, 27 relationships as in the JSON
		EOF
		export_doc spdx-rdf "$TMP/m.rdf" --modern && check_rdf "$TMP/m.rdf" "$TMP/m.json" >/dev/null &&
		"$SPDXFS" export -q --format spdx-rdf "$TMP/t6" >"$TMP/t6.rdf" &&
		check_rdf "$TMP/t6.rdf" "$TMP/t6.json" >/dev/null &&
		"$SPDXFS" export -q --format spdx-rdf "$T/drivers/net" >"$TMP/sub.rdf" &&
		check_rdf "$TMP/sub.rdf" "$TMP/sub.json" >/dev/null
	'

	test_expect 'spdx-rdf: copyright statements as in the JSON; NOASSERTION without' '
		printf "// SPDX-License-Identifier: MIT\n// Copyright (c) 2024 J\303\266rg <j@example.org>\n" \
			>"$TMP/t7/c.c" &&
		"$SPDXFS" export -q --format spdx-rdf "$TMP/t7" >"$TMP/t7.rdf" &&
		"$SPDXFS" export -q --format spdx-json "$TMP/t7" >"$TMP/t7.json" &&
		check_rdf "$TMP/t7.rdf" "$TMP/t7.json" >/dev/null &&
		{ file_block "$TMP/t7.rdf" c.c && file_block "$TMP/t7.rdf" a.c; } |
			grep "copyrightText" >"$TMP/cr" &&
		expect_file "$TMP/cr" <<-EOF
		    <spdx:copyrightText>Copyright (c) 2024 Jörg &lt;j@example.org&gt;</spdx:copyrightText>
		    <spdx:copyrightText rdf:resource="http://spdx.org/rdf/terms#noassertion"/>
		EOF
	'

	test_expect 'the RDF check is not vacuous: a checksum, a license, a relationship changed' '
		sum=$(jq -r ".files[0].checksums[1].checksumValue" "$TMP/d.json") &&
		sed -e "s/$sum/0$(echo "$sum" | cut -c2-)/" \
			-e "0,/licenses\/MIT\"/s//licenses\/Apache-2.0\"/" \
			-e "0,/relationshipType_contains/s//relationshipType_describes/" "$TMP/d.rdf" >"$TMP/bad.rdf" &&
		expect_status 1 check_rdf "$TMP/bad.rdf" "$TMP/d.json" >"$TMP/out" &&
		cut -d: -f1 "$TMP/out" >"$TMP/what" &&
		expect_file "$TMP/what" <<-EOF &&
		./COPYING
		./b.h
		relationships
		EOF
		head -c 2000 "$TMP/d.rdf" >"$TMP/cut.rdf" &&
		! check_rdf "$TMP/cut.rdf" "$TMP/d.json" >/dev/null 2>&1
	'
else
	test_skip 'spdx-rdf: no python3 with rdflib (Debian: python3-rdflib; kernel-tree-scripts/deps --test)'
fi

if have_shacl; then
	test_expect 'spdx3 passes the SHACL shapes of the SPDX 3.0.1 model' '
		shacl "$TMP/d3.json" >"$TMP/shacl" && expect_file "$TMP/shacl" <<-EOF &&
		conforms
		EOF
		shacl "$TMP/t2.3.json" >"$TMP/shacl" && expect_file "$TMP/shacl" <<-EOF &&
		conforms
		EOF
		shacl "$TMP/m3.json" >"$TMP/shacl" && shacl "$TMP/sub3.json" >>"$TMP/shacl" &&
		shacl "$TMP/t6.3.json" >>"$TMP/shacl" &&
		expect_file "$TMP/shacl" <<-EOF
		conforms
		conforms
		conforms
		EOF
	'

	test_expect 'SHACL is not vacuous: a bare data license IRI, a date without its time fail' '
		jq -c "(.\"@graph\"[] | select(.type == \"SpdxDocument\") | .dataLicense) =
			\"https://spdx.org/licenses/CC0-1.0\" |
			(.\"@graph\"[] | select(.type == \"CreationInfo\") | .created) = \"2023-11-14\"" \
			"$TMP/d3.json" >"$TMP/bad4.json" &&
		expect_status 1 shacl "$TMP/bad4.json" >"$TMP/shacl" &&
		expect_file "$TMP/shacl" <<-EOF
		b0	created	DatatypeConstraintComponent	Value does not have datatype <http://www.w3.org/2001/XMLSchema#dateTimeStamp>
		b0	created	PatternConstraintComponent	Value does not match pattern "^\\d\\d\\d\\d-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\$"
		document	dataLicense	ClassConstraintComponent	-
		EOF
	'
else
	test_skip 'SHACL: npm could not install rdf-validate-shacl (tests/spdx/install-validator)'
fi

test_done
