# SPDX-License-Identifier: GPL-2.0-only
#
# A synthetic history for spdxfs history, as one git fast-import stream
# on stdout, and the counts each commit must have, computed here from
# the state this script keeps (never by spdxfs), as CSV without the id
# column into the file named by -v want=FILE.  -v commits=N (500).
#
# Each commit adds, removes, tags, untags or retags a few files of a pool
# of 120 ("sub/fN.c" for every fourth N); now and then LICENSES/ gains
# or loses Zlib (its tags turn valid or invalid in files the commit does
# not touch) and scripts/spdxexclude appears ("LICENSES/ sub/": the sub/
# files become excluded, the file itself is untagged) or goes.
# Kinds: G GPL-2.0, M MIT, U untagged, I invalid (Foo-1.0), P GPL-2.0 on
# line 2 (misplaced), Z Zlib (valid only while LICENSES/ has it).

function rnd(n) {	# a portable LCG: the same history everywhere
	seed = (seed * 1103515245 + 12345) % 2147483648
	return int(seed / 65536) % n
}

function path(i) {
	return (i % 4 == 0 ? "sub/" : "") "f" i ".c"
}

function blob(p, text) {
	printf "M 100644 inline %s\ndata %d\n%s\n", p, length(text), text
}

function license(name, id) {
	return "Valid-License-Identifier: " id "\n" \
	       "SPDX-URL: https://spdx.org/licenses/" name ".html\n" \
	       "Usage-Guide:\n" \
	       "  To use the " name " license put the following SPDX tag/value pair\n" \
	       "  into a comment: SPDX-License-Identifier: " id "\n" \
	       "License-Text:\n\nThe full text of " name " would be here.\n"
}

function content(i, k, c) {
	body = "int f" i "_" c ";\n"
	if (k == "G") return "// SPDX-License-Identifier: GPL-2.0\n" body
	if (k == "M") return "// SPDX-License-Identifier: MIT\n" body
	if (k == "I") return "// SPDX-License-Identifier: Foo-1.0\n" body
	if (k == "Z") return "// SPDX-License-Identifier: Zlib\n" body
	if (k == "P") return body "// SPDX-License-Identifier: GPL-2.0\n"
	return body
}

function put(i, c) {
	kind[i] = substr("GMUIPZ", rnd(6) + 1, 1)
	blob(path(i), content(i, kind[i], c))
}

function expected(c,	i, files, st, gpl, mit, zl) {
	split("", st)
	files = 2 + zlib + excl
	st["E"] = 2 + zlib
	st["T"] = st["X"] = st["U"] = st["I"] = 0
	st["U"] += excl
	gpl = mit = zl = 0
	for (i = 0; i < POOL; i++) {
		if (kind[i] == "")
			continue
		files++
		if (excl && i % 4 == 0) {
			st["E"]++
			continue
		}
		if (kind[i] == "G") { st["T"]++; gpl++ }
		if (kind[i] == "M") { st["T"]++; mit++ }
		if (kind[i] == "U") st["U"]++
		if (kind[i] == "I") st["I"]++
		if (kind[i] == "P") { st["X"]++; gpl++ }
		if (kind[i] == "Z") {
			if (zlib) { st["T"]++; zl++ } else st["I"]++
		}
	}
	printf "2024-01-01T%02d:%02d:00Z,commit %d,%d,%d,%d,%d,%d,%d,%d,%d,%d\n",
	       int(c / 60), c % 60, c, files, st["T"], st["X"], st["U"],
	       st["I"], st["E"], gpl, mit, zl >want
}

BEGIN {
	POOL = 120
	seed = 42
	if (!commits)
		commits = 500
	print "date,subject,files,tagged,misplaced,untagged,invalid,excluded,GPL-2.0,MIT,Zlib" >want
	for (c = 1; c <= commits; c++) {
		printf "commit refs/heads/main\nmark :%d\n", c
		printf "committer T <t@example.org> %d +0000\n", 1704067200 + 60 * c
		printf "data %d\ncommit %d\n", length("commit " c), c
		if (c == 1) {
			blob("LICENSES/preferred/GPL-2.0", license("GPL-2.0", "GPL-2.0"))
			blob("LICENSES/preferred/MIT", license("MIT", "MIT"))
			for (i = 0; i < POOL; i += 3)
				put(i, c)
		}
		if (c % 37 == 0) {
			if (zlib)
				print "D LICENSES/preferred/Zlib"
			else
				blob("LICENSES/preferred/Zlib", license("Zlib", "Zlib"))
			zlib = !zlib
		}
		if (c % 53 == 0) {
			if (excl)
				print "D scripts/spdxexclude"
			else
				blob("scripts/spdxexclude", "LICENSES/\nsub/\n")
			excl = !excl
		}
		for (n = 1 + rnd(4); n > 0; n--) {
			i = rnd(POOL)
			if (kind[i] != "" && rnd(4) == 0) {
				printf "D %s\n", path(i)
				kind[i] = ""
			} else {
				put(i, c)
			}
		}
		print ""
		expected(c)
	}
}
