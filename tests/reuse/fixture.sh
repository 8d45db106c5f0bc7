# SPDX-License-Identifier: GPL-2.0-only
#
# fixture.sh: small REUSE trees for tests/t30*.sh, one per feature of the
# REUSE specification, sourced after lib.sh.  Each function makes its tree
# at the directory it is given (which must not exist yet).

# reuse_licenses DIR ID...: LICENSES/ID.txt for each ID.
reuse_licenses() {
	d=$1
	shift
	mkdir -p "$d/LICENSES"
	for id in "$@"; do
		printf 'The text of %s.\n' "$id" >"$d/LICENSES/$id.txt"
	done
}

# The lint classes: bad, deprecated, no extension, missing, unused, files
# without copyright or licensing information.
make_reuse_lint_tree() {
	d=$1
	reuse_licenses "$d" GPL-2.0 Foo-Bar LicenseRef-mine MIT
	mv "$d/LICENSES/MIT.txt" "$d/LICENSES/MIT"
	mkdir -p "$d/src"
	printf '// SPDX-FileCopyrightText: 2024 A\n// SPDX-License-Identifier: GPL-2.0 OR LicenseRef-mine\n' >"$d/src/a.c"
	printf '# SPDX-FileCopyrightText: 2024 B\n# SPDX-License-Identifier: Apache-2.0\n' >"$d/src/b.py"
	printf '# SPDX-License-Identifier: LicenseRef-mine\n' >"$d/src/nocopy.sh"
	printf '# Copyright 2024 C\n' >"$d/src/nolicense.sh"
}

# Tags anywhere in the text: several expressions, comment closers, the
# copyright forms, ignore blocks, snippets, a binary file.
make_reuse_header_tree() {
	d=$1
	reuse_licenses "$d" MIT Apache-2.0 GPL-3.0-or-later CC0-1.0
	mkdir -p "$d/src"
	printf '/*\n * A file.\n *\n * SPDX-FileCopyrightText: 2024 Jane Doe\n * SPDX-License-Identifier: MIT\n * SPDX-License-Identifier: Apache-2.0\n */\nint x;\n' >"$d/src/two.c"
	printf '<!-- SPDX-License-Identifier: GPL-3.0-or-later -->\n<!-- Copyright (C) 2020 Web -->\n' >"$d/src/page.html"
	printf 'print(1)\n# REUSE-IgnoreStart\n# SPDX-License-Identifier: Apache-2.0\n# REUSE-IgnoreEnd\n# \302\251 2021 Sign\n# SPDX-License-Identifier: MIT\n' >"$d/src/ignore.py"
	printf 'int a;\n// SPDX-SnippetBegin\n// SPDX-SnippetCopyrightText: 2019 Snip\n// SPDX-License-Identifier: CC0-1.0\nint b;\n// SPDX-SnippetEnd\n' >"$d/src/snippet.c"
	printf 'x\000y SPDX-License-Identifier: MIT\nCopyright 2020 X\n' >"$d/src/nul.txt"
	# every byte value, four times over, then tags: binary
	i=0
	while [ $i -lt 1024 ]; do
		printf "\\$(printf %o $((i % 256)))"
		i=$((i + 1))
	done >"$d/src/blob.bin"
	printf 'SPDX-License-Identifier: MIT\nCopyright 2020 X\n' >>"$d/src/blob.bin"
	printf '/* SPDX-License-Identifier: MIT */\n/* Copyright: none */\n' >"$d/src/nocopy.c"
}

# Sidecars and the files REUSE ignores.
make_reuse_sidecar_tree() {
	d=$1
	reuse_licenses "$d" CC-BY-4.0 MIT
	mkdir -p "$d/img" "$d/sub/LICENSES" "$d/.reuse"
	printf '\211PNG\r\n\032\n\000\000' >"$d/img/cat.png"
	printf 'SPDX-FileCopyrightText: 2020 Cat\n\nSPDX-License-Identifier: CC-BY-4.0\n' >"$d/img/cat.png.license"
	printf '# SPDX-License-Identifier: Apache-2.0\n' >"$d/img/tagged.txt"
	printf 'SPDX-FileCopyrightText: 2020 T\nSPDX-License-Identifier: MIT\n' >"$d/img/tagged.txt.license"
	printf 'no tags\n' >"$d/LICENSE"
	printf 'no tags\n' >"$d/COPYING.LIB"
	printf 'no tags\n' >"$d/sub/LICENSES/x.txt"
	printf 'no tags\n' >"$d/doc.spdx.json"
	: >"$d/empty"
	printf 'SPDX-FileCopyrightText: 2020 R\nSPDX-License-Identifier: MIT\n' >"$d/README"
}

# REUSE.toml: precedence closest, aggregate and override; lists of
# globs; a nested REUSE.toml.
make_reuse_toml_tree() {
	d=$1
	reuse_licenses "$d" MIT Apache-2.0 CC0-1.0 GPL-3.0-or-later
	mkdir -p "$d/src/deep" "$d/doc" "$d/vendor/lib"
	cp "$TOP/tests/reuse/toml/root.toml" "$d/REUSE.toml"
	cp "$TOP/tests/reuse/toml/nested.toml" "$d/vendor/REUSE.toml"
	printf 'int a;\n' >"$d/src/plain.c"
	printf '// SPDX-License-Identifier: Apache-2.0\n' >"$d/src/lic-only.c"
	printf '// SPDX-FileCopyrightText: 2024 Own\n' >"$d/src/cp-only.c"
	printf '// SPDX-FileCopyrightText: 2024 Own\n// SPDX-License-Identifier: GPL-3.0-or-later\n' >"$d/src/deep/both.c"
	printf 'doc\n' >"$d/doc/a.md"
	printf '<!-- SPDX-License-Identifier: GPL-3.0-or-later -->\n' >"$d/doc/b.md"
	printf '# SPDX-FileCopyrightText: 2024 Own\n# SPDX-License-Identifier: GPL-3.0-or-later\n' >"$d/gen.py"
	printf 'v\n' >"$d/vendor/lib/v.c"
	printf 'v\n' >"$d/vendor/top.c"
}

# .reuse/dep5, aggregated with what a file says.
make_reuse_dep5_tree() {
	d=$1
	reuse_licenses "$d" MIT CC0-1.0 Apache-2.0
	mkdir -p "$d/.reuse" "$d/data/x" "$d/src"
	# Its first line is this project's own tag.
	sed 1d "$TOP/tests/reuse/dep5" >"$d/.reuse/dep5"
	printf 'data\n' >"$d/data/x/one.csv"
	printf 'data\n' >"$d/data/two.csv"
	printf '# SPDX-FileCopyrightText: 2024 Own\n# SPDX-License-Identifier: Apache-2.0\n' >"$d/src/a.py"
	printf 'q\n' >"$d/src/q1"
}

# A tree to check a part of (t314-t319): the lint tree, a compliant file
# beside its others, and doc/ with a compliant file, a file with no
# information and an image whose sidecar names MIT (LICENSES/MIT has no
# extension).
make_reuse_select_tree() {
	d=$1
	make_reuse_lint_tree "$d"
	mkdir -p "$d/doc/img"
	printf '// SPDX-FileCopyrightText: 2024 D\n// SPDX-License-Identifier: LicenseRef-mine\n' >"$d/src/ok.c"
	printf '<!-- SPDX-FileCopyrightText: 2024 E -->\n<!-- SPDX-License-Identifier: LicenseRef-mine -->\n' >"$d/doc/guide.md"
	printf 'nothing yet\n' >"$d/doc/todo.txt"
	printf '\211PNG\r\n\032\n\000\000' >"$d/doc/img/logo.png"
	printf 'SPDX-FileCopyrightText: 2024 F\nSPDX-License-Identifier: MIT\n' >"$d/doc/img/logo.png.license"
}
