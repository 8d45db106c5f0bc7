#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# spdxfs built --format: the SPDX document of a built kernel on a fixture
# build directory: the image package the document describes, its files
# GENERATED_FROM the source package of what went into vmlinux (the files
# "spdxfs built --list" lists), for 3.0.1 a build_Build with the .config
# digest and the kernel release; valid against the official schemas.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"

T=$TMP/tree B=$TMP/build
make_fixture "$T"
make_build_fixture "$B" "$T"
export SOURCE_DATE_EPOCH=1700000000

test_expect 'no vmlinux: one line, exit 2, no file' '
	expect_status 2 "$SPDXFS" built -q --format spdx-json -o "$TMP/x.json" "$B" 2>"$TMP/err" &&
	expect_file "$TMP/err" <<-EOF &&
	spdxfs: $B: no vmlinux: the kernel is not built
	EOF
	test ! -e "$TMP/x.json"
'

test_expect 'a build directory without .vmlinux.o.cmd: one line, exit 2' '
	mkdir "$TMP/empty" &&
	expect_status 2 "$SPDXFS" built -q --format spdx-json "$TMP/empty" 2>"$TMP/err" >/dev/null &&
	test "$(wc -l <"$TMP/err")" = 1 && grep -q "^spdxfs: $TMP/empty" "$TMP/err"
'

printf '\177ELF vmlinux\n' >"$B/vmlinux"
mkdir -p "$B/arch/x86/boot" "$B/include/config"
printf 'MZ bzImage\n' >"$B/arch/x86/boot/bzImage"
printf '6.1.0-tiny\n' >"$B/include/config/kernel.release"
printf 'CONFIG_TINY=y\n' >"$B/.config"
ln -s x86 "$B/arch/x86_64"	# as an x86 build has it: bzImage once, not twice

test_expect 'spdx-json: the image package, described, GENERATED_FROM the sources' '
	"$SPDXFS" built -q --format spdx-json -o "$TMP/b.json" "$B" &&
	jq -r ".packages[] | [.SPDXID, .name, .versionInfo // \"-\", .licenseDeclared] | @tsv" \
		"$TMP/b.json" >"$TMP/pkgs" &&
	expect_file "$TMP/pkgs" <<-EOF &&
	SPDXRef-Package	tree	-	NOASSERTION
	SPDXRef-Package-image	linux-image	6.1.0-tiny	NOASSERTION
	EOF
	jq -r ".relationships[] | select(.relationshipType != \"CONTAINS\" or
		.spdxElementId == \"SPDXRef-Package-image\") |
		[.spdxElementId, .relationshipType, .relatedSpdxElement] | @tsv" "$TMP/b.json" >"$TMP/rels" &&
	expect_file "$TMP/rels" <<-EOF
	SPDXRef-DOCUMENT	DESCRIBES	SPDXRef-Package-image
	SPDXRef-Package-image	CONTAINS	SPDXRef-Image-1
	SPDXRef-Image-1	GENERATED_FROM	SPDXRef-Package
	SPDXRef-Package-image	CONTAINS	SPDXRef-Image-2
	SPDXRef-Image-2	GENERATED_FROM	SPDXRef-Package
	EOF
'

test_expect 'the source files are those of built --list; the image files are hashed' '
	"$SPDXFS" built -q --list "$B" | cut -f1 >"$TMP/want" &&
	jq -r ".files[] | select(.SPDXID | startswith(\"SPDXRef-File-\")) | .fileName[2:]" \
		"$TMP/b.json" | diff -u "$TMP/want" - &&
	jq -r ".files[] | select(.SPDXID | startswith(\"SPDXRef-Image-\")) |
		[.fileName, .checksums[0].checksumValue, .checksums[1].checksumValue] | @tsv" \
		"$TMP/b.json" >"$TMP/img" &&
	expect_file "$TMP/img" <<-EOF
	./vmlinux	$(sha1sum <"$B/vmlinux" | cut -c1-40)	$(sha256sum <"$B/vmlinux" | cut -c1-64)
	./arch/x86/boot/bzImage	$(sha1sum <"$B/arch/x86/boot/bzImage" | cut -c1-40)	$(sha256sum <"$B/arch/x86/boot/bzImage" | cut -c1-64)
	EOF
'

test_expect 'spdx3: a build_Build with the .config digest and the kernel release' '
	"$SPDXFS" built -q --format spdx3 -o "$TMP/b3.json" "$B" &&
	jq -c ".\"@graph\"[] | select(.type == \"build_Build\") |
		[.build_configSourceDigest[0].hashValue, .build_parameter[0].key,
		 .build_parameter[0].value]" "$TMP/b3.json" >"$TMP/bb" &&
	echo "[\"$(sha256sum <"$B/.config" | cut -c1-64)\",\"KERNELRELEASE\",\"6.1.0-tiny\"]" |
		diff - "$TMP/bb" &&
	jq -c ".\"@graph\"[] | select(.type == \"SpdxDocument\") | .profileConformance" "$TMP/b3.json" |
		grep -qx "\[\"core\",\"software\",\"simpleLicensing\",\"build\"\]" &&
	jq -r ".\"@graph\"[] | select(.type == \"Relationship\" and .relationshipType != \"hasDeclaredLicense\"
		and .relationshipType != \"contains\") | [.relationshipType, (.to | length)] | @tsv" \
		"$TMP/b3.json" >"$TMP/rel3" &&
	expect_file "$TMP/rel3" <<-EOF
	generates	2
	hasInput	1
	hasOutput	2
	EOF
'

test_expect 'built --modern: the sources'"'"' identifiers in today'"'"'s spelling' '
	"$SPDXFS" built -q --format spdx-json --modern "$B" |
		jq -r ".creationInfo.comment[0:34], (.files[] | select(.fileName == \"./a.c\" or
			.fileName == \"./b.h\") | [.fileName, .licenseInfoInFiles[0]] | @tsv)" >"$TMP/mod" &&
	expect_file "$TMP/mod" <<-EOF
	License identifiers in today'"'"'s spe
	./a.c	GPL-2.0-only
	./b.h	GPL-2.0-only OR MIT
	EOF
'

if have_validator; then
	test_expect 'built: spdx-json and spdx3 valid, spdx-tv with the same facts' '
		validate spdx2 "$TOP/tests/spdx-schemas/spdx-2.3/spdx-schema.json" "$TMP/b.json" >"$TMP/f.json" &&
		"$SPDXFS" built -q --format spdx-tv "$B" >"$TMP/b.spdx" &&
		validate spdx-tv "$TMP/b.spdx" | diff -u "$TMP/f.json" - &&
		validate spdx3 "$TOP/tests/spdx-schemas/spdx-3.0.1/spdx-json-schema.json" "$TMP/b3.json" >/dev/null
	'

	# The kernel loop's check, on the fixture: it passes, and fails
	# when built --list and the documents disagree.
	test_expect 'tests/spdx/check-built: passes here, fails on a list the documents lack' '
		mkdir "$TMP/cb" &&
		"$TOP/tests/spdx/check-built" "$B" "$T" "$TMP/cb" &&
		test "$(wc -l <"$TMP/cb/built.paths")" = 6 &&
		expect_file "$TMP/cb/image.paths" <<-EOF &&
		vmlinux
		arch/x86/boot/bzImage
		EOF
		cat >"$TMP/wrap" <<-\EOF &&
		#!/bin/sh
		# built --list with one more file
		case " $* " in
		*" --list "*) "$REAL" "$@"; printf "extra.c\0tagged\0" ;;
		*) exec "$REAL" "$@" ;;
		esac
		EOF
		chmod +x "$TMP/wrap" &&
		! REAL=$SPDXFS SPDXFS=$TMP/wrap "$TOP/tests/spdx/check-built" "$B" "$T" "$TMP/cb" >"$TMP/cb.out" 2>&1 &&
		grep -qx -- "-extra.c" "$TMP/cb.out"
	'
else
	test_skip 'the SPDX validator: npm could not install ajv (tests/spdx/install-validator)'
fi

if have_rdflib; then
	test_expect 'built: spdx-rdf parses (rdflib) and says what spdx-json says' '
		"$SPDXFS" built -q --format spdx-rdf -o "$TMP/b.rdf" "$B" &&
		check_rdf "$TMP/b.rdf" "$TMP/b.json" >"$TMP/rdf" &&
		expect_file "$TMP/rdf" <<-EOF &&
		rdf: 202 triples; 2 packages, 8 files, 0 refs, 11 relationships as in the JSON
		EOF
		grep -c "relationshipType_generatedFrom" "$TMP/b.rdf" | grep -qx 2
	'
else
	test_skip 'spdx-rdf: no python3 with rdflib (Debian: python3-rdflib)'
fi

if have_shacl; then
	test_expect 'built: spdx3 passes the SHACL shapes of the SPDX 3.0.1 model' '
		shacl "$TMP/b3.json" >"$TMP/shacl" && expect_file "$TMP/shacl" <<-EOF
		conforms
		EOF
	'
else
	test_skip 'SHACL: npm could not install rdf-validate-shacl (tests/spdx/install-validator)'
fi

test_done
