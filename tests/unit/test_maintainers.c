// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_maintainers: MAINTAINERS read and matched as the tree's own
 * scripts/get_maintainer.pl does.  The fixture's expected entries are
 * what get_maintainer.pl 6.1 printed (--sections) for the same files in
 * a tree holding them.  When the 6.1 tree is present, 200 of its files
 * (a fixed sample) are checked against get_maintainer.pl run there.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "fixture.h"
#include "util/grow.h"
#include "maintainers.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char fixture[] =
	"List of maintainers\n"
	"===================\n"
	"\n"
	"Descriptions of section entries and preferred order\n"
	"---------------------------------------------------\n"
	"\n"
	"\tM: *Mail* patches to: FullName <address@domain>\n"
	"\tF: *Files* and directories wildcard patterns.\n"
	"\n"
	"Maintainers List\n"
	"----------------\n"
	"\n"
	"3C59X NETWORK DRIVER\n"
	"M:\tSteffen Klassert <klassert@example.org>\n"
	"L:\tnetdev@example.org\n"
	"S:\tOdd Fixes\n"
	"F:\tdrivers/net/ethernet/3com/3c59x.c\n"
	"\n"
	"3C59X  NETWORK/DRIVER\n"
	"M:\tNobody <nobody@example.org>\n"
	"\n"
	"ARM/FOO SOC SUPPORT\n"
	"M:\tAlice Arm <alice@example.org>\n"
	"R:\tRob Reviewer <rob@example.org>\n"
	"L:\tlinux-arm@example.org (moderated for non-subscribers)\n"
	"S:\tMaintained\n"
	"F:\tarch/arm/mach-foo/\n"
	"F:\tdrivers/clk/foo/\n"
	"N:\tfoo\n"
	"\n"
	"CAN NETWORK DRIVERS\n"
	"M:\tMarc <marc@example.org>\n"
	"F:\tdrivers/net/can\n"
	"\n"
	"CLK API\n"
	"M:\tClark <clark@example.org>\n"
	"S:\tMaintained\n"
	"F:\tdrivers/clk/\n"
	"F:\tinclude/linux/clk*.h\n"
	"\n"
	"# a comment inside the entry\n"
	"X:\tdrivers/clk/foo/skip.c\n"
	"\n"
	"DOT NAME (not a directory pattern)\n"
	"M:\tDot <dot@example.org>\n"
	"F:\ttools/x.d\n"
	"\n"
	"GPIO SUBSYSTEM\n"
	"M:\tGus <gus@example.org>\n"
	"N:\tgp io\n"
	"N:\tfoo(\n"
	"\n"
	"NETWORKING DRIVERS\n"
	"M:\tDave <dave@example.org>\n"
	"L:\tnetdev@example.org\n"
	"S:\tMaintained\n"
	"F:\tdrivers/net/\n"
	"F:\tinclude/linux/if_*\n"
	"X:\tdrivers/net/wireless/\n"
	"\n"
	"QUESTION MARKS\n"
	"M:\tQ <q@example.org>\n"
	"F:\tlib/da72??.[ch]\n"
	"\n"
	"THE REST\n"
	"M:\tLinus <torvalds@example.org>\n"
	"L:\tlinux-kernel@example.org\n"
	"S:\tBuried alive in reporters\n"
	"F:\t*\n"
	"F:\t*/\n";

/* The fixture tree's directories, for the "-d" test of F: patterns. */
static const char *const dirs[] = {
	"arch", "arch/arm", "arch/arm/mach-foo", "drivers", "drivers/clk",
	"drivers/clk/foo", "drivers/gpio", "drivers/net", "drivers/net/can",
	"drivers/net/ethernet", "drivers/net/ethernet/3com",
	"drivers/net/wireless", "include", "include/linux",
	"include/linux/if_x", "lib", "tools", "tools/x.d",
};

static int fixture_is_dir(const char *path, void *arg)
{
	int *calls = arg;

	(*calls)++;
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (!strcmp(dirs[i], path))
			return 1;
	return 0;
}

static const struct {
	const char *path;
	const char *want;	/* titles, most specific first, '|' between */
	const char *depths;
} cases[] = {
	/* 4 '/' + 1 beats a directory pattern (2) and THE REST (-1) */
	{ "drivers/net/ethernet/3com/3c59x.c",
	  "3C59X NETWORK DRIVER|NETWORKING DRIVERS|THE REST", "5 2 -1" },
	/* a pattern is a prefix: "3c59x.c" matches "3c59x.cx" */
	{ "drivers/net/ethernet/3com/3c59x.cx",
	  "3C59X NETWORK DRIVER|NETWORKING DRIVERS|THE REST", "5 2 -1" },
	/* "drivers/net/can" is a directory of the tree: it gets its '/' */
	{ "drivers/net/can/dev.c",
	  "CAN NETWORK DRIVERS|NETWORKING DRIVERS|THE REST", "3 2 -1" },
	/* X: drivers/net/wireless/ takes NETWORKING DRIVERS away */
	{ "drivers/net/wireless/ath.c", "THE REST", "-1" },
	/* ARM/FOO's last matching line is N: foo, depth 0, below CLK API */
	{ "drivers/clk/foo/a.c", "CLK API|ARM/FOO SOC SUPPORT|THE REST", "2 0 -1" },
	/* X: after a comment and a blank line still belongs to CLK API */
	{ "drivers/clk/foo/skip.c", "ARM/FOO SOC SUPPORT|THE REST", "0 -1" },
	{ "drivers/clk/core.c", "CLK API|THE REST", "2 -1" },
	{ "arch/arm/mach-foo/board.c", "ARM/FOO SOC SUPPORT|THE REST", "0 -1" },
	/* two N: matches tie at 0: the file's order (get_maintainer.pl's
	 * order among ties is its hash order) */
	{ "drivers/gpio/gpio-foo.c",
	  "ARM/FOO SOC SUPPORT|GPIO SUBSYSTEM|THE REST", "0 0 -1" },
	/* "if_*": the '*' stays within its component */
	{ "include/linux/if_ether.h", "NETWORKING DRIVERS|THE REST", "3 -1" },
	{ "include/linux/if_x/y.h", "THE REST", "-1" },
	{ "include/linux/clk-provider.h", "CLK API|THE REST", "3 -1" },
	/* "tools/x.d" has a '.', so it is no directory pattern */
	{ "tools/x.d/a.c", "THE REST", "-1" },
	{ "tools/x.dat", "DOT NAME (not a directory pattern)|THE REST", "2 -1" },
	/* '?' is one character, "[ch]" a class */
	{ "lib/da7213.c", "QUESTION MARKS|THE REST", "2 -1" },
	{ "lib/da721.c", "THE REST", "-1" },
	{ "lib/da7213.o", "THE REST", "-1" },
	/* "*" at the top, no '/': THE REST's "*" */
	{ "Makefile", "THE REST", "-1" },
};

static void join_hits(const struct maint *m, const struct maint_hit *h, int n,
		      char *titles, size_t tsize, char *depths, size_t dsize)
{
	size_t nent, t = 0, d = 0;
	const struct maint_entry *e = maint_entries(m, &nent);

	titles[0] = depths[0] = '\0';
	for (int i = 0; i < n; i++) {
		t += snprintf(titles + t, tsize - t, "%s%s", i ? "|" : "",
			      e[h[i].entry].title);
		d += snprintf(depths + d, dsize - d, "%s%d", i ? " " : "",
			      h[i].depth);
	}
}

static void test_entries(const struct maint *m, int dir_calls)
{
	size_t n;
	const struct maint_entry *e = maint_entries(m, &n);
	const struct maint_refusal *r;
	size_t nr;

	is_int(n, 10, "ten entries; the text before the first field is none");
	is_str(e[0].title, "3C59X NETWORK DRIVER", "first title");
	is_int(e[0].line, 13, "its line");
	is_str(e[0].name, "3C59X_NETWORK_DRIVER", "its name");
	is_str(e[1].name, "3C59X_NETWORK_DRIVER-2", "a name made twice gets -2");
	is_int(e[1].nfiles, 0, "an entry without F: or N:");
	is_str(e[2].name, "ARM_FOO_SOC_SUPPORT", "'/' and ' ' become '_'");
	is_str(e[5].name, "DOT_NAME_not_a_directory_pattern", "parentheses go");
	is_int(e[2].nm, 1, "one M:");
	is_str(e[2].m[0], "Alice Arm <alice@example.org>", "M: as written");
	is_str(e[2].m[1], NULL, "M: list ends in NULL");
	is_str(e[2].r[0], "Rob Reviewer <rob@example.org>", "R:");
	is_str(e[2].l[0], "linux-arm@example.org", "L: without its note");
	is_str(e[7].l[0], "netdev@example.org", "L: at its line's end");
	is_str(e[2].status, "Maintained", "S:");
	is_int(e[2].nfiles, 3, "two F: and an N:");
	is_str(e[3].status, "", "no S:");
	is_int(e[3].nr + e[3].nl, 0, "no R: or L:");
	is_str(e[3].r[0], NULL, "an empty list is NULL-terminated");
	r = maint_refused(m, &nr);
	is_int(nr, 1, "one N: regex that does not compile");
	if (nr == 1) {
		is_int(r[0].line, 51, "its line");
		is_int(r[0].type, 'N', "its type");
		is_str(r[0].why, "does not compile", "why");
	}
	is_int(maint_find_name(m, "CLK_API"), 4, "found by name");
	is_int(maint_find_name(m, "CLK"), -ENOENT, "a name that is none");
	/* only F:/X: patterns with no '.', '*', '?' and no '/' at the end:
	 * "drivers/net/can" */
	is_int(dir_calls, 1, "is_dir asked for one pattern");
}

static void test_match(const struct maint *m)
{
	struct maint_hit h[8];
	char titles[512], depths[64];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		int n = maint_match(m, cases[i].path, h, ARRAY_SIZE(h));

		join_hits(m, h, n, titles, sizeof(titles), depths, sizeof(depths));
		is_str(titles, cases[i].want, "%s: entries", cases[i].path);
		is_str(depths, cases[i].depths, "%s: depths", cases[i].path);
	}
	is_int(maint_match(m, cases[0].path, h, 1), 3,
	       "the count of all matches, with room for one");
	is_int(maint_first(m, "drivers/net/can/dev.c"), 3, "maint_first");
}

/* N: regexes of the kinds 6.1 has, with a quick literal test before
 * regexec(): it must never turn a match away. */
static void test_regexes(void)
{
	static const char text[] =
		"A\nN:\tbcm[9]?47622\n\nB\nN:\tbcm283*\n\nC\nN:\tsun[x456789]i\n\n"
		"D\nN:\t[^a-z]tegra\n\nE\nN:\tx{2}y+z\n\nF\nN:\t(ab|cd)e\n\n"
		"G\nN:\t[]a]q\n";
	static const struct {
		const char *path;
		long want;
	} rcases[] = {
		{ "arch/arm/boot/dts/bcm947622.dts", 0 },
		{ "arch/arm/boot/dts/bcm47622.dts", 0 },
		{ "arch/arm/boot/dts/bcm4762.dts", -ENOENT },
		{ "drivers/bcm28.c", 1 },
		{ "drivers/bcm2835.c", 1 },
		{ "drivers/bcm2.c", -ENOENT },
		{ "drivers/sun8i.c", 2 },
		{ "drivers/sunxi.c", 2 },
		{ "drivers/sun3i.c", -ENOENT },
		{ "drivers/gpu/host1x/tegra.c", 3 },
		{ "drivers/gpu/nvtegra.c", -ENOENT },
		{ "lib/xxyyz.c", 4 },
		{ "lib/xyz.c", -ENOENT },
		{ "lib/cde.c", 5 },
		{ "lib/ace.c", -ENOENT },
		{ "lib/]q.c", 6 },
		{ "lib/aq.c", 6 },
		{ "lib/q.c", -ENOENT },
	};
	struct maint *m = NULL;

	is_int(maint_parse(&m, text, sizeof(text) - 1, NULL, NULL, NULL), 0,
	       "N: regexes parse");
	if (!m)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(rcases); i++)
		is_int(maint_first(m, rcases[i].path), rcases[i].want, "N: %s",
		       rcases[i].path);
	maint_free(m);
}

/*
 * Hostile patterns: regex syntax in F: is literal, '*' and '?' and
 * "[...]" the only wildcards, and no pattern costs exponential time
 * (20 nested "(a)+" took glibc's regcomp() 5 s and 850 MB).  What is
 * refused is listed, with its line and why.
 */
static void test_hostile(void)
{
	static const struct {
		const char *line;	/* after "X:\t" */
		const char *why;	/* refused: why; else NULL */
	} pats[] = {
		{ "F:\tdrivers/a+b{2}(c|d)^$\\e", NULL },
		{ "F:\tarch/*/boot/", NULL },
		{ "F:\tlib/[^a-z]x[]y]?.[a-c-]", NULL },
		{ "F:\tlib/[ch", "a '[' without its ']'" },
		{ "X:\tlib/[^", "a '[' without its ']'" },
		{ "F:\t@DEEP@", NULL },
		{ "F:\t@LONG@", "longer than 256 bytes" },
		{ "N:\t@DEEP@", "groups nested more than 3 deep" },
		{ "N:\t(((a)+)+)+", NULL },
		{ "N:\t(ab){2}", "a group repeated by count" },
		{ "N:\ta{17}", "a repetition count over 16" },
		{ "N:\ta{1,17}", "a repetition count over 16" },
		{ "N:\ta{16}", NULL },
		{ "N:\t(a)\\1", "a back-reference" },
		{ "N:\ta*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*", NULL },
		{ "N:\ta*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a?", "more than 16 repetitions" },
		{ "N:\t[(((((]x*[*+?{]", NULL },
		{ "N:\t@LONG@", "longer than 256 bytes" },
	};
	/* entry 1, REGEXES, has "a*a*...", which matches every path */
	static const struct {
		const char *path;
		int entry;
	} fcases[] = {
		{ "drivers/a+b{2}(c|d)^$\\e", 0 },
		{ "drivers/aab{2}c", 1 },
		{ "drivers/ab", 1 },
		{ "arch/arm/boot/a.dts", 0 },
		{ "arch/arm/mach-x/boot/a.dts", 0 },	/* '*' takes a '/' */
		{ "arch/boot/a.dts", 1 },
		{ "lib/0x]z.c", 0 },
		{ "lib/_xyq.-", 0 },
		{ "lib/_xyq.d", 1 },			/* [a-c-] */
		{ "lib/ax]z.c", 1 },			/* [^a-z] */
		{ "lib/0xzz.c", 1 },			/* []y] */
	};
	char deep[64], lng[300], text[4096];
	struct maint *m = NULL;
	const struct maint_refusal *r;
	size_t n = 0, nr, want = 0, k = 0;
	unsigned line;
	clock_t t;

	snprintf(deep, sizeof(deep), "%.20s%s", "((((((((((((((((((((", "a");
	for (int i = 0; i < 20; i++)
		strcat(deep, ")+");
	memset(lng, 'a', 257);
	lng[0] = '.';
	lng[257] = '\0';
	n = snprintf(text, sizeof(text), "List\n\nHOSTILE\n");
	for (size_t i = 0; i < ARRAY_SIZE(pats); i++) {
		const char *v = pats[i].line + 3;

		if (pats[i].line[0] == 'N' && pats[i - 1].line[0] != 'N')
			n += snprintf(text + n, sizeof(text) - n, "REGEXES\n");
		n += snprintf(text + n, sizeof(text) - n, "%.3s%s\n", pats[i].line,
			      !strcmp(v, "@DEEP@") ? deep :
			      !strcmp(v, "@LONG@") ? lng : v);
		want += !!pats[i].why;
	}
	t = clock();
	is_int(maint_parse(&m, text, n, NULL, NULL, NULL), 0, "hostile patterns parse");
	ok(clock() - t < CLOCKS_PER_SEC, "in well under a second");
	if (!m)
		return;
	r = maint_refused(m, &nr);
	is_int(nr, want, "the patterns refused");
	line = 4;
	for (size_t i = 0; i < ARRAY_SIZE(pats); i++, line++) {
		line += pats[i].line[0] == 'N' && pats[i - 1].line[0] != 'N';
		if (!pats[i].why)
			continue;
		if (k < nr) {
			is_int(r[k].line, line, "refused: line %u", line);
			is_int(r[k].type, pats[i].line[0], "its type");
			is_str(r[k].why, pats[i].why, "why");
		}
		k++;
	}
	for (size_t i = 0; i < ARRAY_SIZE(fcases); i++)
		is_int(maint_first(m, fcases[i].path), fcases[i].entry, "F: %s",
		       fcases[i].path);
	maint_free(m);

	/* Past 256 N: lines, the others are refused. */
	n = snprintf(text, sizeof(text), "A\n");
	for (int i = 0; i < MAINT_REGEX_COUNT + 2 && n < sizeof(text); i++)
		n += snprintf(text + n, sizeof(text) - n, "N:\tx.\n");
	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	is_int(maint_parse(&m, text, n, NULL, NULL, NULL), 0, "%d N: lines",
	       MAINT_REGEX_COUNT + 2);
	if (!m)
		return;
	r = maint_refused(m, &nr);
	is_int(nr, 2, "two refused");
	if (nr == 2) {
		is_int(r[0].line, MAINT_REGEX_COUNT + 2, "from line %d on",
		       MAINT_REGEX_COUNT + 2);
		is_str(r[0].why, "more than 256 N: lines", "why");
	}
	maint_free(m);
}

static void test_edges(void)
{
	struct spdx_error err = { 0 };
	struct maint *m = NULL;
	const char nul[] = "A\nF:\tx\0y\n", crlf[] = "F:\tx\r\nT\r\nF:\t*\r\n";
	size_t n;

	is_int(maint_parse(&m, nul, sizeof(nul) - 1, NULL, NULL, &err), -EINVAL,
	       "a NUL byte");
	is_str(err.msg, "MAINTAINERS: a NUL byte: not a text file", "its message");
	ok(!m, "nothing returned");
	is_int(maint_parse(&m, "", 0, NULL, NULL, NULL), 0, "an empty file");
	maint_entries(m, &n);
	is_int(n, 0, "no entries");
	is_int(maint_first(m, "a.c"), -ENOENT, "nothing matches");
	maint_free(m);
	is_int(maint_parse(&m, crlf, sizeof(crlf) - 1, NULL, NULL, NULL), 0,
	       "CRLF, a field before any title");
	if (!m)
		return;
	maint_entries(m, &n);
	is_int(n, 1, "the field before any title is no entry");
	is_int(maint_first(m, "x"), 0, "CR is not part of the pattern");
	maint_free(m);
}

/* The 6.1 tree: get_maintainer.pl's sections for a sample of files. */

struct files {
	char **v;
	size_t n, cap;
};

static int collect_file(const struct src_entry *ent, void *arg)
{
	struct files *f = arg;
	char **p, *copy;

	if (ent->kind != SRC_REG || strchr(ent->path, '\''))
		return 0;
	p = grow(f->v, f->n, &f->cap, sizeof(*f->v), 1024);
	copy = strdup(ent->path);
	if (!p || !copy) {
		free(copy);
		return -ENOMEM;
	}
	f->v = p;
	f->v[f->n++] = copy;
	return 0;
}

static char *trim(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

#define SAMPLE	200

/* The next entry title get_maintainer.pl printed, into @line; 0 at EOF. */
static int next_title(FILE *p, char *line, size_t size)
{
	static int fresh = 1;	/* at a title: first, or after a blank line */

	while (fgets(line, size, p)) {
		int title = fresh && line[0] != '\n';

		fresh = line[0] == '\n';
		if (title) {
			trim(line);
			return 1;
		}
	}
	return 0;
}

/* Is @title one of @h's @k entries; at the depth of the first? */
static int among(const struct maint *m, const struct maint_hit *h, int k,
		 const char *title, int *deepest)
{
	size_t nent;
	const struct maint_entry *e = maint_entries(m, &nent);
	char t[512];

	for (int q = 0; q < k; q++) {
		snprintf(t, sizeof(t), "%s", e[h[q].entry].title);
		if (!strcmp(trim(t), title)) {
			*deepest = h[q].depth == h[0].depth;
			return 1;
		}
	}
	return 0;
}

/*
 * One get_maintainer.pl run for the whole sample: with --sections it
 * prints, file after file, each matching entry (its title, its fields, a
 * blank line), most specific first; our count for each file says where
 * its entries end.  get_maintainer.pl orders entries of equal depth by
 * hash order, so its first entry must be one of our deepest.
 */
static void compare_sample(const char *tree, const struct maint *m,
			   char **sample, size_t n)
{
	size_t cmdlen = strlen(tree) + 256, nent, same = 0, sets = 0;
	const struct maint_entry *e = maint_entries(m, &nent);
	char *cmd, line[4096];
	FILE *p;

#ifdef __SANITIZE_ADDRESS__
	/* a minute of perl that checks the rules, not memory: the plain
	 * build runs it */
	ok(1, "# skip the get_maintainer.pl comparison under ASan");
	return;
#endif
	for (size_t i = 0; i < n; i++)
		cmdlen += strlen(sample[i]) + 8;
	cmd = malloc(cmdlen);
	if (!cmd) {
		ok(0, "out of memory");
		return;
	}
	snprintf(cmd, cmdlen, "cd '%s' && perl scripts/get_maintainer.pl --nogit "
		 "--nogit-fallback --nokeywords --sections", tree);
	for (size_t i = 0; i < n; i++)
		strcat(strcat(strcat(cmd, " -f '"), sample[i]), "'");
	p = popen(cmd, "r");
	free(cmd);
	if (!p) {
		ok(0, "popen get_maintainer.pl");
		return;
	}
	for (size_t i = 0; i < n; i++) {
		struct maint_hit h[64];
		int k = maint_match(m, sample[i], h, ARRAY_SIZE(h));
		int first_ok = 0, set_ok = k > 0 && k <= (int)ARRAY_SIZE(h);
		char theirs[512] = "(none)";

		for (int j = 0; j < k && j < (int)ARRAY_SIZE(h); j++) {
			int deepest = 0;

			if (!next_title(p, line, sizeof(line))) {
				set_ok = 0;
				break;
			}
			if (!j)
				snprintf(theirs, sizeof(theirs), "%s", line);
			set_ok &= among(m, h, k, line, &deepest);
			if (!j)
				first_ok = set_ok && deepest;
		}
		same += first_ok;
		sets += set_ok;
		if (!first_ok)
			printf("# %s: get_maintainer.pl's first entry '%s', ours '%s'\n",
			       sample[i], theirs, k > 0 ? e[h[0].entry].title : "(none)");
		else if (!set_ok)
			printf("# %s: the entries differ\n", sample[i]);
	}
	/* nothing left over: the counts agreed file by file */
	ok(!next_title(p, line, sizeof(line)), "no entries left over");
	is_int(pclose(p), 0, "get_maintainer.pl ran");
	is_int(same, n, "the same first entry as get_maintainer.pl for %zu files", n);
	is_int(sets, n, "the same entries for each of them");
}

static void test_tree(void)
{
	char tree[4096], gm[4200 + 32];
	struct spdx_error err = { 0 };
	struct source *src = NULL;
	struct maint *m = NULL;
	struct files f = { 0 };
	char *sample[SAMPLE];
	unsigned long long x = 20261203;	/* the fixed seed */
	size_t assigned = 0;
	struct stat st;
	int ret;

	if (getenv("SPDXFS_SKIP_TREE") || !fixture_kernel_tree(tree, sizeof(tree))) {
		ok(1, "# skip the 6.1 comparison: no kernel tree "
		   "(kernel-tree-scripts/fetch)");
		return;
	}
	snprintf(gm, sizeof(gm), "%s/scripts/get_maintainer.pl", tree);
	if (stat(gm, &st) || system("perl -e 1 2>/dev/null")) {
		ok(1, "# skip the 6.1 comparison: no %.160s, or no perl", gm);
		return;
	}
	if (source_open(&src, &(struct source_spec){ .path = tree }, &err) ||
	    maint_load(&m, src, &err)) {
		ok(0, "open the tree: %.200s", err.msg);
		goto out;
	}
	ret = source_walk(src, "", collect_file, &f);
	ok(!ret && f.n > SAMPLE, "walked the tree (%zu files)", f.n);
	if (f.n <= SAMPLE)
		goto out;
	/* every file gets an entry: THE REST's "*" and "*" "/" */
	for (size_t i = 0; i < f.n; i++)
		assigned += maint_first(m, f.v[i]) >= 0;
	is_int(assigned, f.n, "every file has a most specific entry");
	/* a fixed sample: a 64-bit LCG picks distinct files */
	for (size_t i = 0; i < SAMPLE; i++) {
		size_t k;

		do {
			x = x * 6364136223846793005ull + 1442695040888963407ull;
			k = (x >> 33) % f.n;
		} while (!f.v[k][0]);
		sample[i] = strdup(f.v[k]);
		f.v[k][0] = '\0';	/* not twice */
	}
	compare_sample(tree, m, sample, SAMPLE);
	for (size_t i = 0; i < SAMPLE; i++)
		free(sample[i]);
out:
	for (size_t i = 0; i < f.n; i++)
		free(f.v[i]);
	free(f.v);
	maint_free(m);
	source_free(src);
}

int main(void)
{
	struct spdx_error err = { 0 };
	struct maint *m = NULL;
	int calls = 0;

	is_int(maint_parse(&m, fixture, sizeof(fixture) - 1, fixture_is_dir, &calls,
			   &err), 0, "the fixture parses");
	if (m) {
		test_entries(m, calls);
		test_match(m);
	}
	maint_free(m);
	test_edges();
	test_regexes();
	test_hostile();
	test_tree();
	return tap_done();
}
