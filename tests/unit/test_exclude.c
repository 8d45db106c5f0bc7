// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_exclude: scripts/spdxexclude rules, matched as spdxcheck.py
 * matches them, the '*'-only glob matcher against fnmatch(3), and the
 * rules narrowed to a directory against all of them.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/exclude.h"
#include "tap.h"

static struct exclude *parse(const char *text)
{
	struct exclude *ex = NULL;

	if (exclude_parse(&ex, text, strlen(text)))
		return NULL;
	return ex;
}

static const char kernel_rules[] =
	"# comment\n"
	"\n"
	"LICENSES/\n"
	"license-rules.rst\n"
	"kernel/configs/\n"
	"arch/*/configs/\n"
	"/CREDITS\n"
	"  /MAINTAINERS \r\n"
	"/README\n"
	".*\n"
	"/Docu*/*.txt\n"
	"/scripts/?ake*\n"
	"drivers/[ab]*/\n";

static const struct {
	const char *path;
	int excluded;
} cases[] = {
	{ "LICENSES/preferred/GPL-2.0", 1 },
	{ "LICENSESX", 1 },			/* "dir/" is also a plain prefix */
	{ "Documentation/process/license-rules.rst", 1 },
	{ "license-rules.rst.orig", 0 },
	{ "kernel/configs/tiny.config", 1 },
	{ "kernel/configs.c", 1 },		/* spdxcheck's prefix rule */
	{ "kernel/config.c", 0 },
	{ "arch/x86/configs/x86_64_defconfig", 1 },
	{ "arch/arm/mach/configs/x", 1 },	/* '*' crosses '/' */
	{ "arch/x86/kernel/setup.c", 0 },
	{ "arch/configs/x", 0 },
	{ "CREDITS", 1 },
	{ "CREDITS.old", 0 },
	{ "sub/CREDITS", 0 },
	{ "MAINTAINERS", 1 },
	{ "README", 1 },
	{ ".gitignore", 1 },
	{ "net/.gitignore", 1 },
	{ "net/a.c", 0 },
	{ "Documentation/x.txt", 1 },
	{ "Documentation/a/b/x.txt", 1 },
	{ "Documentation/x.rst", 0 },
	{ "scripts/make.sh", 1 },
	{ "scripts/Makefile.lib", 1 },
	{ "scripts/mk", 0 },
	{ "drivers/acpi/x.c", 1 },
	{ "drivers/base/y.c", 1 },
	{ "drivers/clk/z.c", 0 },
};

/* '*'-only globs: "/PATTERN" rules against fnmatch() itself. */
static void star_against_fnmatch(void)
{
	static const char *const pats[] = {
		"*", "a*", "*a", "a*b", "*a*", "a*b*c", "**", "a**b", "*/*",
		"ab*ab", "*aa", "a*a*a",
	};
	static const char alphabet[] = "ab/";
	int agree = 1, n = 0;

	for (size_t p = 0; p < sizeof(pats) / sizeof(pats[0]); p++) {
		char rule[64];
		struct exclude *ex;

		snprintf(rule, sizeof(rule), "/%s\n", pats[p]);
		ex = parse(rule);
		if (!ex)
			continue;
		/* every string of up to 6 letters over a, b, '/' */
		for (int len = 1; len <= 6; len++) {
			int total = 1;

			for (int i = 0; i < len; i++)
				total *= 3;
			for (int k = 0; k < total; k++) {
				char s[8];
				int v = k, want, got;

				for (int i = 0; i < len; i++, v /= 3)
					s[i] = alphabet[v % 3];
				s[len] = '\0';
				want = !fnmatch(pats[p], s, 0);
				got = exclude_match(ex, s);
				/* ".*" is not among the rules, but a name
				 * starting with '.' is no concern here */
				if (want != got) {
					if (agree)
						printf("# pattern '%s' string '%s': fnmatch %d, exclude %d\n",
						       pats[p], s, want, got);
					agree = 0;
				}
				n++;
			}
		}
		exclude_free(ex);
	}
	ok(agree, "'*' globs agree with fnmatch on %d strings", n);
}

/* exclude_dir_match() of "dir/name" as exclude_match() of the path. */
static int dir_match(const struct exclude *ex, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t len = slash ? (size_t)(slash - path) : 0;
	struct exclude_dir xd;

	exclude_dir_init(ex, path, len, &xd);
	return exclude_dir_match(ex, &xd, path, slash ? slash + 1 : path);
}

/*
 * Rules narrowed to a directory agree with all the rules, on every file
 * of every directory of a small tree whose names sit next to the rules'
 * prefixes and globs: "dir/" matching a file's name ("kernel/configs.c"),
 * globs in the directory part and across '/', literal paths at the root
 * and below it.
 */
static void dir_against_match(void)
{
	static const char rules[] =
		"LICENSES/\nlicense-rules.rst\nkernel/configs/\narch/*/configs/\n"
		"/CREDITS\n/README\n/a/b/c\n.*\n/Docu*/*.txt\n/scripts/?ake*\n"
		"drivers/[ab]*/\n*/x/\na/b/\n/a/*.c\n";
	static const char *const dirs[] = {
		"", "LICENSES", "LICENSES/dual", "LICENSESX", "kernel",
		"kernel/configs", "kernel/configsX", "arch", "arch/x86",
		"arch/x86/configs", "arch/x86/configs/sub", "arch/configs",
		"Documentation", "Documentation/a", "scripts", "drivers",
		"drivers/acpi", "drivers/clk", "a", "a/b", "a/bc", "b/x",
		"b/x/y", "x", "sub",
	};
	static const char *const names[] = {
		"CREDITS", "README", "c", "b", "b.c", "bc", ".gitignore",
		"x.txt", "make.sh", "Makefile", "configs", "configs.c",
		"license-rules.rst", "LICENSES", "LICENSESX", "a.c", "x",
	};
	struct exclude *ex = parse(rules);
	int agree = 1, n = 0, hits = 0;
	char path[256];

	if (!ex) {
		ok(0, "directory rules parse");
		return;
	}
	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++)
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			int want, got;

			snprintf(path, sizeof(path), "%s%s%s", dirs[d],
				 dirs[d][0] ? "/" : "", names[k]);
			want = exclude_match(ex, path);
			got = dir_match(ex, path);
			if (want != got) {
				if (agree)
					printf("# %s: exclude_match %d, by directory %d\n",
					       path, want, got);
				agree = 0;
			}
			hits += want;
			n++;
		}
	ok(agree, "rules narrowed to a directory agree on %d paths (%d excluded)",
	   n, hits);
	exclude_free(ex);
}

int main(void)
{
	struct exclude *ex = parse(kernel_rules);

	ok(ex != NULL, "the rules parse");
	if (ex) {
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			is_int(exclude_match(ex, cases[i].path), cases[i].excluded,
			       "%s", cases[i].path);
			is_int(dir_match(ex, cases[i].path), cases[i].excluded,
			       "%s, by directory", cases[i].path);
		}
		exclude_free(ex);
	}
	ex = parse(EXCLUDE_DEFAULT);
	is_int(ex ? exclude_match(ex, "LICENSES/dual/MIT") : -1, 1, "default: LICENSES/");
	is_int(ex ? exclude_match(ex, "kernel/fork.c") : -1, 0, "default: other files");
	exclude_free(ex);
	star_against_fnmatch();
	dir_against_match();
	return tap_done();
}
