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

# uthash's default out-of-memory handler is exit(-1): index/hash.h is
# the one configuration, non-fatal, that every user of uthash includes.
test_expect 'nothing ends the process' '
	used $ending >"$TMP/out" && cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'uthash is included through index/hash.h only' '
	grep -l "^#include <uthash.h>" "$TOP"/index/*.[ch] "$TOP"/fusefs/*.[ch] >"$TMP/out";
	cat "$TMP/out" && test "$(cat "$TMP/out")" = "$TOP/index/hash.h"
'

# A count times a size can wrap around; alloc_array() (index/grow.h)
# refuses that, and gives room for one element when the count is 0.
test_expect 'no malloc of a count times a size: alloc_array() instead' '
	grep -nE "[^_a-z]malloc\(.*\* *sizeof" "$TOP"/index/*.c "$TOP"/fusefs/*.c \
		>"$TMP/out";
	cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'index/ includes nothing from fusefs/ and no FUSE header' '
	for f in "$TOP"/index/*.[ch]; do
		sed -n "s/^#include \"\\(.*\\)\"/\\1/p" "$f" | while read -r h; do
			test -f "$TOP/index/$h" || echo "$f includes $h"
		done &&
		{ grep -H "^#include <fuse" "$f" || :; }
	done >"$TMP/out" &&
	cat "$TMP/out" && test ! -s "$TMP/out"
'

# A repository from strangers is opened one way: gitrepo_open() checks
# the files libgit2 would read (no FIFO) and gives it spdxfs's object
# readers (issue 25).  No other file opens one with libgit2 itself.
test_expect 'repositories are opened through index/gitrepo.c only' '
	awk "\$NF ~ /^git_repository_open/" "$TMP/undefined" |
		grep -v "gitrepo.o:" >"$TMP/out";
	grep -ln "git_repository_open[a-z_]*(" "$TOP"/fusefs/*.c >>"$TMP/out";
	cat "$TMP/out" && test ! -s "$TMP/out"
'

# The program (fusefs/) reaches git through headers with no libgit2
# type (index/gitinfo.h, the door; index/libgit2.h, the set-up), and
# never includes <git2.h> or a header that does (gitrepo.h).  In the
# library only the modules that read git's objects, index or ignore
# rules include it: the door, libgit2's set-up and the repository
# opener, the revision and staged sources, git's index and ignore rules,
# renames, the history and the subject prefixes of commits.
git2_allowed="index/diff_git.c index/gitignore.c index/gitindex.c
index/gitinfo.c index/gitrepo.c index/gitrepo.h index/history.c
index/libgit2.c index/source_git.c index/source_staged.c index/subject.c"

test_expect 'only the git modules include <git2.h>; fusefs/ none' '
	(cd "$TOP" && grep -l "^#include <git2.h>" index/*.[ch] fusefs/*.[ch] |
		LC_ALL=C sort) >"$TMP/out" &&
	printf "%s\n" $git2_allowed | LC_ALL=C sort >"$TMP/expect" &&
	diff -u "$TMP/expect" "$TMP/out"
'

test_expect 'fusefs/ includes no header that includes <git2.h>' '
	(cd "$TOP" && grep -l "^#include <git2.h>" index/*.h) >"$TMP/headers" &&
	while read -r h; do
		grep -Hn "^#include \"$(basename "$h")\"" "$TOP"/fusefs/*.[ch] || :
	done <"$TMP/headers" >"$TMP/out" &&
	cat "$TMP/out" && test ! -s "$TMP/out"
'

test_expect 'git_libgit2_init() is called in index/libgit2.c only' '
	(cd "$TOP" && grep -ln "git_libgit2_init *(" index/*.c fusefs/*.c) >"$TMP/out" &&
	test "$(cat "$TMP/out")" = index/libgit2.c
'

test_done
