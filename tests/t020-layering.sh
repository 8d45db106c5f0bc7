#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The layering: index/ is a library that never prints, logs, parses
# options or ends the process, and includes nothing from fusefs/.  The
# command layer and the FUSE adapter (fusefs/) sit on top of it.
#
# Checked with nm -u on the archive of the build under test
# ($SPDXFS_LIBINDEX, which the Makefile sets; else build/libspdxindex.a).
# Forbidden, as undefined references of any member:
#  - the process's own streams: stdin, stdout, stderr, and what writes to
#    them implicitly: printf, vprintf, puts, putchar, perror, psignal,
#    their fortified forms (__printf_chk, __vprintf_chk), err(3)/warn(3)
#    and error(3);
#  - logging: syslog, vsyslog, openlog (the program picks the sink);
#  - ending the process: exit, _exit, _Exit, quick_exit, abort, and
#    __assert_fail (what assert() calls);
#  - options and terminals: getopt, getopt_long, getopt_long_only, optarg,
#    optind, opterr, optopt, isatty.
# Allowed: fprintf, vfprintf, fputs, fputc, putc, fwrite (and the
# fortified __fprintf_chk, __vfprintf_chk) to a FILE * the caller hands in.
. "$(dirname "$0")/lib.sh"

LIBINDEX=${SPDXFS_LIBINDEX:-$TOP/build/libspdxindex.a}

streams='stdin stdout stderr printf vprintf puts putchar putchar_unlocked
perror psignal psiginfo __printf_chk __vprintf_chk err errx verr verrx warn
warnx vwarn vwarnx error error_at_line'
logging='syslog vsyslog openlog __syslog_chk __vsyslog_chk'
ending='exit _exit _Exit quick_exit abort __assert_fail'
options='getopt getopt_long getopt_long_only optarg optind opterr optopt isatty'

# used SYMBOL...: the archive's members that reference any SYMBOL, as
# "member: symbol" lines.
used() {
	for s in "$@"; do
		awk -v s="$s" '$NF == s { n = split($1, p, ":"); print p[n - 1] ": " s }' \
			"$TMP/undefined"
	done
}

test_expect 'the archive under test exists and has the library in it' '
	echo "$LIBINDEX" &&
	nm -A -g --defined-only "$LIBINDEX" >"$TMP/defined" &&
	nm -A -u "$LIBINDEX" >"$TMP/undefined" &&
	grep -q " T index_refresh$" "$TMP/defined" &&
	grep -q " T index_build$" "$TMP/defined"
'

test_expect 'no command in the library' '
	awk "\$NF ~ /^(cmd|cli)_/" "$TMP/defined" >"$TMP/out" &&
	cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'no output to stdout or stderr' '
	used $streams >"$TMP/out" && cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'no logging' '
	used $logging >"$TMP/out" && cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'no option parsing, no terminal' '
	used $options >"$TMP/out" && cat "$TMP/out" && test ! -s "$TMP/out"
'

# uthash's default out-of-memory handler is exit(-1): index/util/hash.h is
# the one configuration, non-fatal, that every user of uthash includes.
test_expect 'nothing ends the process' '
	used $ending >"$TMP/out" && cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'uthash is included through index/util/hash.h only' '
	(cd "$TOP" && grep -rl --include="*.[ch]" "^#include <uthash.h>" index fusefs) >"$TMP/out";
	cat "$TMP/out" && test "$(cat "$TMP/out")" = index/util/hash.h
'

# A count times a size can wrap around; alloc_array() (index/util/grow.h)
# refuses that, and gives room for one element when the count is 0.
test_expect 'no malloc of a count times a size: alloc_array() instead' '
	grep -rnE --include="*.c" "[^_a-z]malloc\(.*\* *sizeof" "$TOP"/index "$TOP"/fusefs \
		>"$TMP/out";
	cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'index/ includes nothing from fusefs/ and no FUSE header' '
	for f in $(cd "$TOP" && find index -name "*.[ch]"); do
		sed -n "s/^#include \"\\(.*\\)\"/\\1/p" "$TOP/$f" | while read -r h; do
			test -f "$TOP/index/$h" || echo "$f includes $h"
		done &&
		{ grep -H "^#include <fuse" "$f" || :; }
	done >"$TMP/out" &&
	cat "$TMP/out" && test ! -s "$TMP/out"
'

# The folders are the layers, and includes go down them.  FOLDER: the
# folders its files may include besides its own.  The library, from the
# bottom: util/ (errors, arrays, hashes, writers), git/ (repositories
# and objects), source/ (where a tree's files and bytes come from),
# spdx/ (a tag, an expression, the license lists, the index's records),
# reuse/ (REUSE trees' own files), index/ itself (the index built,
# saved, checked and reported), and on it the three wings: series/ (the
# tagging series), sbom/ (what a build linked, the SPDX documents) and
# history/ (history and diff).  The program: fusefs/, the daemon, and
# fusefs/cli/, the commands.
layers='index/util:
index/git: index/util
index/source: index/util index/git
index/spdx: index/util index/source
index/reuse: index/util index/source index/spdx
index: index/util index/git index/source index/spdx index/reuse
index/series: index/util index/git index/source index/spdx index
index/sbom: index/util index/git index/source index/spdx index/reuse index
index/history: index/util index/git index/source index/spdx index
fusefs: index index/util index/git index/source index/spdx index/reuse index/series index/sbom index/history
fusefs/cli: fusefs index index/util index/git index/source index/spdx index/reuse index/series index/sbom index/history'

test_expect 'every folder of index/ and fusefs/ has its layer' '
	(cd "$TOP" && find index fusefs -name "*.[ch]" -exec dirname {} + | LC_ALL=C sort -u) >"$TMP/folders" &&
	echo "$layers" | sed "s/:.*//" | LC_ALL=C sort >"$TMP/layered" &&
	diff -u "$TMP/layered" "$TMP/folders"
'

# down_the_layers: every quoted include of index/ and fusefs/ that goes
# to another folder than its own and not down the layers, one line each.
down_the_layers() {
	(cd "$TOP" && find index fusefs -name "*.[ch]" | LC_ALL=C sort) |
	while read -r f; do
		d=${f%/*}
		sed -n "s/^#include \"\(.*\)\"/\1/p" "$TOP/$f" | while read -r h; do
			if test -f "$TOP/$d/$h"; then t=$d/$h
			elif test -f "$TOP/index/$h"; then t=index/$h
			elif test -f "$TOP/fusefs/$h"; then t=fusefs/$h
			else echo "$f: $h not found"; continue
			fi
			td=${t%/*}
			test "$td" = "$d" && continue
			echo "$layers" | grep -q "^$d:.* $td\( \|\$\)" ||
				echo "$f includes $t ($d may not include $td)"
		done
	done
}

test_expect 'includes go down the layers' '
	down_the_layers >"$TMP/out" &&
	cat "$TMP/out" && test ! -s "$TMP/out"
'

# A repository from strangers is opened one way: gitrepo_open() checks
# the files libgit2 would read (no FIFO) and gives it spdxfs's object
# readers (issue 25).  No other file opens one with libgit2 itself.
test_expect 'repositories are opened through index/git/gitrepo.c only' '
	awk "\$NF ~ /^git_repository_open/" "$TMP/undefined" |
		grep -v "gitrepo.o:" >"$TMP/out";
	grep -rln --include="*.c" "git_repository_open[a-z_]*(" "$TOP"/fusefs >>"$TMP/out";
	cat "$TMP/out" && test ! -s "$TMP/out"
'

# The program (fusefs/) reaches git through headers with no libgit2
# type (index/git/gitinfo.h, the door; index/git/libgit2.h, the set-up), and
# never includes <git2.h> or a header that does (gitrepo.h).  In the
# library only the modules that read git's objects, index or ignore
# rules include it: the door, libgit2's set-up and the repository
# opener, the revision and staged sources, git's index and ignore rules,
# renames, the history and the subject prefixes of commits.
git2_allowed="index/history/diff_git.c index/source/gitignore.c index/source/gitindex.c
index/git/gitinfo.c index/git/gitrepo.c index/git/gitrepo.h index/history/history.c
index/git/libgit2.c index/source/source_git.c index/source/source_staged.c index/series/subject.c"

test_expect 'only the git modules include <git2.h>; fusefs/ none' '
	(cd "$TOP" && grep -rl --include="*.[ch]" "^#include <git2.h>" index fusefs |
		LC_ALL=C sort) >"$TMP/out" &&
	printf "%s\n" $git2_allowed | LC_ALL=C sort >"$TMP/expect" &&
	diff -u "$TMP/expect" "$TMP/out"
'

test_expect 'fusefs/ includes no header that includes <git2.h>' '
	(cd "$TOP" && grep -rl --include="*.h" "^#include <git2.h>" index) >"$TMP/headers" &&
	while read -r h; do
		grep -rHn --include="*.[ch]" "^#include \"${h#index/}\"" "$TOP"/fusefs || :
	done <"$TMP/headers" >"$TMP/out" &&
	cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'git_libgit2_init() is called in index/git/libgit2.c only' '
	(cd "$TOP" && grep -rln --include="*.c" "git_libgit2_init *(" index fusefs) >"$TMP/out" &&
	test "$(cat "$TMP/out")" = index/git/libgit2.c
'

test_done
