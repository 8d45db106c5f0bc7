/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * maintainers: a tree's MAINTAINERS file, and which entries a path
 * belongs to, by the rules of the tree's scripts/get_maintainer.pl.
 *
 * An entry is a title line followed by "X:\tvalue" fields (blank lines
 * and '#' lines are skipped, so they neither end nor split an entry;
 * text before the first field is not an entry).  Read here: M: R: L:
 * (addresses), S: (status), F: and X: (file patterns), N: (a regex).
 *
 * Matching, as get_maintainer.pl does it:
 *  - An F:/X: pattern is a glob anchored at the start of the path: '*'
 *    any run of characters ('/' too), '?' any one, "[...]" one of a set
 *    ("[ch]", "[^a-z]", as the tree writes them); every other character
 *    stands for itself.  (get_maintainer.pl gives Perl the rest of regex
 *    syntax too, "+" or "(a|b)"; MAINTAINERS documents only wildcards,
 *    the tree uses no more, and no pattern may cost exponential time
 *    here.)  A pattern that names a directory of the tree (no '.', '*'
 *    or '?' in it) gets a trailing '/'.
 *  - A pattern ending in '/' matches every path below it.  Any other
 *    pattern matches a path with as many '/' as the pattern has, so its
 *    '*' stays within one component (and "foo.c" also matches "foo.cx").
 *  - N: is an extended regex (whitespace ignored, as Perl's /x) searched
 *    anywhere in the path.
 *  - An entry with an X: pattern matching the path does not match it.
 *  - Each matching entry gets the depth of its last matching F:/N: line:
 *    for F: the pattern's '/' count, plus 1 unless it ends in '/', or -1
 *    when it starts with '*' (THE REST); 0 for N:.  Entries are ordered
 *    by depth, deepest first: the first is the most specific.  Equal
 *    depths keep the file's order (get_maintainer.pl's order among them
 *    is its hash order, which varies from run to run).
 *
 * Refused, left out and listed by maint_refused() (the tree's own
 * patterns are far from each bound): an F:/X: pattern longer than
 * MAINT_PATTERN_MAX bytes or with a '[' that has no ']'; an N: regex
 * that does not compile, is longer than MAINT_PATTERN_MAX, nests groups
 * more than MAINT_REGEX_DEPTH deep, repeats more than MAINT_REGEX_REPS
 * times (each '*', '+', '?' and "{m,n}", whose counts may not pass it
 * either), repeats a group by count or has a back-reference; the N:
 * lines after the first MAINT_REGEX_COUNT, each tried on every path.
 * Within these, compiling and matching take time in proportion to the
 * pattern and the path.
 *
 * A struct maint is immutable once built: any number of threads may
 * match at once (POSIX regexec() is reentrant).  Errors are 0 or -errno;
 * nothing here prints.
 */
#ifndef SPDXFS_MAINTAINERS_H
#define SPDXFS_MAINTAINERS_H

#include <stddef.h>

struct source;
struct spdx_error;

#define MAINT_FILE	"MAINTAINERS"
#define MAINT_MAX_SIZE	(32u << 20)

/* The bounds on patterns (above); _TEXT: the same, for messages. */
#define MAINT_PATTERN_MAX	256
#define MAINT_PATTERN_MAX_TEXT	"256"
#define MAINT_REGEX_DEPTH	3
#define MAINT_REGEX_DEPTH_TEXT	"3"
#define MAINT_REGEX_REPS	16
#define MAINT_REGEX_REPS_TEXT	"16"
#define MAINT_REGEX_COUNT	256
#define MAINT_REGEX_COUNT_TEXT	"256"

struct maint_entry {
	const char *title;	/* the line as written: "NETWORKING DRIVERS" */
	const char *name;	/* the title as a file name: only [A-Za-z0-9._+-],
				   other runs made one '_', never "." or "..";
				   unique among the entries (a "-2" suffix) */
	unsigned line;		/* 1-based line of the title */
	const char *status;	/* S:, or "" */
	const char *const *m;	/* M: values as written, then NULL */
	const char *const *r;	/* R: */
	const char *const *l;	/* L: the address alone, without
				   "(moderated for non-subscribers)" */
	size_t nm, nr, nl;
	size_t nfiles;		/* F: and N: lines */
};

struct maint_hit {
	size_t entry;		/* index into maint_entries() */
	int depth;		/* see above */
};

struct maint;

/* Is @path (a pattern, relative to the root) a directory of the tree? */
typedef int (*maint_is_dir_fn)(const char *path, void *arg);

/* A pattern left out. */
struct maint_refusal {
	unsigned line;		/* 1-based, in MAINTAINERS */
	char type;		/* 'F', 'X' or 'N' */
	const char *why;	/* "does not compile", "longer than 256
				   bytes", ...: static text */
};

/*
 * Parse MAINTAINERS text @buf of @len bytes.  @is_dir (may be NULL: no
 * directories) answers for patterns without a trailing '/'.  A pattern
 * refused (above) is left out and listed (maint_refused()).  Returns
 * 0 and sets *@out, or -ENOMEM, -EINVAL (a NUL byte) with @err filled.
 */
int maint_parse(struct maint **out, const char *buf, size_t len,
		maint_is_dir_fn is_dir, void *arg, struct spdx_error *err);

/* Read @src's MAINTAINERS and parse it, directories from @src.  -ENOENT
 * when the tree has none; @err filled on failure. */
int maint_load(struct maint **out, struct source *src, struct spdx_error *err);

void maint_free(struct maint *m);

const struct maint_entry *maint_entries(const struct maint *m, size_t *n);

/* The patterns left out, in the file's order, *@n of them. */
const struct maint_refusal *maint_refused(const struct maint *m, size_t *n);

/*
 * The entries matching @path (relative to the root), most specific
 * first, into @hits (room for @max).  Returns how many match (which may
 * exceed @max: only @max are written) or -ENOMEM.
 */
int maint_match(const struct maint *m, const char *path,
		struct maint_hit *hits, size_t max);

/* The most specific entry for @path: its index, or -ENOENT when none
 * matches, -ENOMEM. */
long maint_first(const struct maint *m, const char *path);

/* The index of the entry called @name (maint_entry.name), or -ENOENT. */
long maint_find_name(const struct maint *m, const char *name);

#endif
