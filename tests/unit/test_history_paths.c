// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_history_paths: what each file adds to its history row, as kept
 * for the old side of a diff.  On a small tree (two license files, a
 * file under each, one under both, one untagged, one invalid, one
 * excluded by scripts/spdxexclude, a symbolic link): each path's status
 * and license names exactly; the sum over every path equals
 * summary_compute() of the whole index (files, each status, each
 * license); a path is taken once; a link, a directory or an unknown
 * path is no file; adding again replaces, clearing forgets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "fixture.h"
#include "history/history_paths.h"
#include "index.h"
#include "report.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file tree[] = {
	{ "LICENSES/", NULL },
	{ "LICENSES/preferred/", NULL },
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\n"
	  "SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n"
	  "Usage-Guide:\n  SPDX-License-Identifier: GPL-2.0\n"
	  "License-Text:\n\nText.\n" },
	{ "LICENSES/preferred/MIT",
	  "Valid-License-Identifier: MIT\n"
	  "SPDX-URL: https://spdx.org/licenses/MIT.html\n"
	  "Usage-Guide:\n  SPDX-License-Identifier: MIT\n"
	  "License-Text:\n\nText.\n" },
	{ "scripts/", NULL },
	{ "scripts/spdxexclude", "gen/\n" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0\nint a;\n" },
	{ "b.c", "// SPDX-License-Identifier: GPL-2.0 OR MIT\nint b;\n" },
	{ "c.c", "int c;\n" },
	{ "d.c", "// SPDX-License-Identifier: BSD-9-Clause\nint d;\n" },
	{ "e.c", "// SPDX-License-Identifier: MIT\nint e;\n" },
	{ "gen/", NULL },
	{ "gen/f.c", "// SPDX-License-Identifier: MIT\nint f;\n" },
	{ "link -> a.c", NULL },
};

/* Status and names of @path, taken: "tagged GPL-2.0 MIT", "none". */
static const char *take(struct history_paths *hp, const char *path)
{
	static const char *const st[] = { "tagged", "misplaced", "untagged",
					  "invalid", "excluded",
					  "unreadable" };
	static char buf[256];
	struct history_share sh;
	size_t len;

	if (!history_paths_take(hp, path, &sh))
		return "none";
	len = snprintf(buf, sizeof(buf), "%s",
		       sh.status < ARRAY_SIZE(st) ? st[sh.status] : "?");
	for (size_t k = 0; k < sh.nnames && len < sizeof(buf); k++)
		len += snprintf(buf + len, sizeof(buf) - len, " %s",
				sh.names[k]);
	return buf;
}

/* Every file's share summed, the set emptied, against summary_compute(). */
static void test_sum(struct history_paths *hp, const struct spdx_index *idx)
{
	size_t count[ST__COUNT] = { 0 }, files = 0, gpl = 0, mit = 0;
	struct summary s;
	int same = 1;

	for (size_t i = 0; i < idx->nfiles; i++) {
		struct history_share sh;

		if (!history_paths_take(hp, idx->files[i].path, &sh)) {
			ok(0, "%s kept", idx->files[i].path);
			continue;
		}
		files++;
		count[sh.status]++;
		for (size_t k = 0; k < sh.nnames; k++) {
			gpl += !strcmp(sh.names[k], "GPL-2.0");
			mit += !strcmp(sh.names[k], "MIT");
		}
	}
	if (summary_compute(&s, idx)) {
		ok(0, "summary");
		return;
	}
	is_int(files, s.files, "the shares add up to the files");
	for (int k = 0; k < ST__COUNT; k++)
		same &= count[k] == s.count[k];
	ok(same, "and to each status's count");
	for (size_t l = 0; l < s.nlicenses; l++) {
		if (!strcmp(s.licenses[l].name, "GPL-2.0"))
			is_int(gpl, s.licenses[l].files, "and to GPL-2.0's");
		if (!strcmp(s.licenses[l].name, "MIT"))
			is_int(mit, s.licenses[l].files, "and to MIT's");
	}
	is_int(history_paths_count(hp), 0, "every file taken");
	summary_release(&s);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-hpaths.XXXXXX";
	struct history_paths *hp = NULL;
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct spdx_error err;

	if (fixture_make(dir, tree, ARRAY_SIZE(tree)) ||
	    fixture_index(dir, 0, &src, &idx, &err) ||
	    history_paths_new(&hp)) {
		ok(0, "fixture tree, its index and a set");
		goto out;
	}
	is_int(history_paths_add(hp, idx), 0, "add an index");
	is_int(history_paths_count(hp), idx->nfiles, "one per file");
	is_int(idx->nfiles, 9, "nine files (the link is none)");
	is_str(take(hp, "a.c"), "tagged GPL-2.0", "a.c");
	is_str(take(hp, "a.c"), "none", "a.c taken once");
	is_str(take(hp, "b.c"), "tagged GPL-2.0 MIT", "b.c: both");
	is_str(take(hp, "c.c"), "untagged", "c.c");
	is_str(take(hp, "d.c"), "invalid", "d.c: no license file");
	is_str(take(hp, "e.c"), "tagged MIT", "e.c");
	is_str(take(hp, "gen/f.c"), "excluded", "gen/f.c");
	is_str(take(hp, "link"), "none", "a link adds nothing");
	is_str(take(hp, "gen"), "none", "a directory is no file");
	is_str(take(hp, "x.c"), "none", "nor is an unknown path");
	is_int(history_paths_count(hp), 3,
	       "three left (the license files, scripts/spdxexclude)");

	is_int(history_paths_add(hp, idx), 0, "add again");
	is_int(history_paths_add(hp, idx), 0, "and again, replacing");
	is_int(history_paths_count(hp), idx->nfiles, "one per file still");
	test_sum(hp, idx);

	is_int(history_paths_add(hp, idx), 0, "add once more");
	history_paths_clear(hp);
	is_int(history_paths_count(hp), 0, "cleared");
	is_str(take(hp, "b.c"), "none", "b.c forgotten");
	is_int(history_paths_add(hp, idx), 0, "add after a clear");
	is_str(take(hp, "b.c"), "tagged GPL-2.0 MIT", "b.c again");
out:
	history_paths_free(hp);
	index_free(idx);
	source_free(src);
	fixture_remove(dir);
	return tap_done();
}
