#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# export on REUSE trees: each file's expression and copyright notices as
# REUSE reads them, a comment saying where they came from (file-header,
# dot-license, reuse-toml, dep5), LicenseRef- texts from
# LICENSES/<ID>.txt; the documents valid (SPDX 2.3 JSON and tag-value,
# 3.0.1, RDF) by the validators t060 uses.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fixture.sh"
. "$(dirname "$0")/reuse/fixture.sh"

make_reuse_dep5_tree "$TMP/d" && make_reuse_lint_tree "$TMP/l" &&
make_reuse_toml_tree "$TMP/t" && make_reuse_sidecar_tree "$TMP/s" || exit 1
export SOURCE_DATE_EPOCH=1700000000

files_of() {	# JSON
	jq -r '.files[] | [.fileName, .licenseInfoInFiles[0], .copyrightText,
		.comment] | @tsv' "$1"
}

test_expect 'spdx-json: dep5 and headers, their sources' '
	"$SPDXFS" export -q --format spdx-json "$TMP/d" >"$TMP/d.json" &&
	files_of "$TMP/d.json" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
./.reuse/dep5	NOASSERTION	NOASSERTION	REUSE: not a file REUSE covers
./LICENSES/Apache-2.0.txt	NOASSERTION	NOASSERTION	REUSE: not a file REUSE covers
./LICENSES/CC0-1.0.txt	NOASSERTION	NOASSERTION	REUSE: not a file REUSE covers
./LICENSES/MIT.txt	NOASSERTION	NOASSERTION	REUSE: not a file REUSE covers
./data/two.csv	CC0-1.0	2024 Data One\n2023 Data Two	REUSE: licensing from dep5, copyright from dep5
./data/x/one.csv	MIT	2024 X	REUSE: licensing from dep5, copyright from dep5
./src/a.py	MIT AND Apache-2.0	2020 Dep5 A\nSPDX-FileCopyrightText: 2024 Own	REUSE: licensing from file-header,dep5, copyright from file-header,dep5
./src/q1	MIT	2024 X	REUSE: licensing from dep5, copyright from dep5
X
'

test_expect 'spdx-json: sidecars' '
	"$SPDXFS" export -q --format spdx-json "$TMP/s" >"$TMP/s.json" &&
	files_of "$TMP/s.json" | grep "^./img/\(cat.png\|tagged.txt\)	" >"$TMP/o" &&
	expect_file "$TMP/o" <<\X
./img/cat.png	CC-BY-4.0	SPDX-FileCopyrightText: 2020 Cat	REUSE: licensing from dot-license, copyright from dot-license
./img/tagged.txt	MIT	SPDX-FileCopyrightText: 2020 T	REUSE: licensing from dot-license, copyright from dot-license
X
'

test_expect 'spdx-json: a LicenseRef text, a missing license, no license' '
	"$SPDXFS" export -q --format spdx-json "$TMP/l" >"$TMP/l.json" &&
	jq -c ".hasExtractedLicensingInfos[]" "$TMP/l.json" >"$TMP/o" &&
	files_of "$TMP/l.json" | grep "^./src/" >>"$TMP/o" &&
	expect_file "$TMP/o" <<\X
{"licenseId":"LicenseRef-mine","extractedText":"The text of LicenseRef-mine.\n","name":"LicenseRef-mine","comment":"LICENSES/LicenseRef-mine.txt"}
./src/a.c	GPL-2.0 OR LicenseRef-mine	SPDX-FileCopyrightText: 2024 A	REUSE: licensing from file-header, copyright from file-header
./src/b.py	NOASSERTION	SPDX-FileCopyrightText: 2024 B	REUSE: invalid license expression '"'"'Apache-2.0'"'"' (file-header): Invalid License ID: Apache-2.0
./src/nocopy.sh	LicenseRef-mine	NOASSERTION	REUSE: licensing from file-header, copyright from nowhere
./src/nolicense.sh	NOASSERTION	Copyright 2024 C	REUSE: licensing from nowhere, copyright from file-header
X
'

test_expect 'spdx-tv: the REUSE.toml fixture'"'"'s comments' '
	"$SPDXFS" export -q --format spdx-tv "$TMP/t" >"$TMP/t.spdx" &&
	grep -A1 "^FileCopyrightText: <text>2024 Docs" "$TMP/t.spdx" | head -n 2 >"$TMP/o" &&
	grep -c "^FileComment: <text>REUSE: licensing from reuse-toml, copyright from reuse-toml</text>" "$TMP/t.spdx" >>"$TMP/o" &&
	expect_file "$TMP/o" <<\X
FileCopyrightText: <text>2024 Docs
2023 More Docs</text>
4
X
'

if have_validator; then
	for tr in d l t s; do
		test_expect "the four formats of fixture $tr are valid" '
			"$SPDXFS" export -q --format spdx-json "$TMP/'$tr'" >"$TMP/v.json" &&
			"$SPDXFS" export -q --format spdx-tv "$TMP/'$tr'" >"$TMP/v.spdx" &&
			"$SPDXFS" export -q --format spdx3 "$TMP/'$tr'" >"$TMP/v3.json" &&
			validate_formats "$TMP/v.json" "$TMP/v.spdx" "$TMP/v3.json" "$TMP/vfacts" &&
			if have_rdflib; then
				"$SPDXFS" export -q --format spdx-rdf "$TMP/'$tr'" >"$TMP/v.rdf" &&
				check_rdf "$TMP/v.rdf" "$TMP/v.json"
			fi
		'
	done
else
	test_skip "the SPDX validator (tests/spdx/install-validator) is not installed"
fi

test_done
