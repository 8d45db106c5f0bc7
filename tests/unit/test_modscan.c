// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_modscan: the MODULE_LICENSE() calls of a fixture tree, classified
 * and counted, and a scan that starts from a previous one reading only
 * the files that changed (and those whose string comes from a macro).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "modscan.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0-only\n"
	  "SPDX-URL: x\nUsage-Guide:\n  x\nLicense-Text:\n  x\n" },
	{ "Documentation/process/license-rules.rst",
	  "MODULE_LICENSE\n\n"
	  "    ============== ==============\n"
	  "    \"GPL\"          GNU Public License v2\n"
	  "    \"Dual BSD/GPL\" BSD or GPL\n"
	  "    ============== ==============\n" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"GPL\");\n" },
	{ "b.c", "// SPDX-License-Identifier: GPL-2.0-only\n#define L \"GPL\"\nMODULE_LICENSE(L);\n" },
	{ "c.c", "// SPDX-License-Identifier: GPL-2.0-only\nint c;\n" },
	{ "d.h", "MODULE_LICENSE(\"GPL\");\n" },
	{ "e.c", "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"GPL\");\n" },
};

/* The declared string of the first call of @path in @m, or "-". */
static const char *declared(const struct modscan *m, const char *path)
{
	for (size_t i = 0; i < m->nfiles; i++)
		if (!strcmp(m->files[i].f->path, path))
			return m->files[i].calls[0].declared;
	return "-";
}

static const struct spdx_file *file_of(const struct spdx_index *idx,
				       const char *path)
{
	for (size_t i = 0; i < idx->nfiles; i++)
		if (!strcmp(idx->files[i].path, path))
			return &idx->files[i];
	return NULL;
}

static void test_scan(const char *dir, struct source *src,
		      struct spdx_index *idx)
{
	struct modscan *m1 = NULL, *m2 = NULL, *m3 = NULL;
	struct spdx_index *idx2 = NULL;
	struct spdx_error err = { 0 };

	is_int(modscan_index(&m1, src, idx, 2, NULL, &err), 0, "scan %.80s", err.msg);
	if (!m1)
		return;
	is_int(m1->nread, 4, "the .c files read");
	is_int(m1->nfiles, 3, "three with calls");
	is_int(m1->count[MODLIC_CONSISTENT], 3, "all consistent");
	is_str(declared(m1, "b.c"), "GPL", "a macro resolved");
	ok(modscan_find(m1, file_of(idx, "a.c")) == &m1->files[0], "found by file");
	ok(!modscan_find(m1, file_of(idx, "c.c")), "no entry without calls");

	/* The tree changes under the same index: what the previous scan read
	 * of an unchanged version is taken, the macro's file read again. */
	fixture_write(dir, "a.c", "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"Dual BSD/GPL\");\n");
	fixture_write(dir, "b.c", "// SPDX-License-Identifier: GPL-2.0-only\n#define L \"Dual BSD/GPL\"\nMODULE_LICENSE(L);\n");
	fixture_write(dir, "c.c", "// SPDX-License-Identifier: GPL-2.0-only\nMODULE_LICENSE(\"GPL\");\n");
	is_int(modscan_index(&m2, src, idx, 2, m1, &err), 0, "scan from the previous");
	if (!m2)
		goto out;
	is_int(m2->nread, 1, "one file read");
	is_str(declared(m2, "a.c"), "GPL", "a.c taken from the previous scan");
	is_str(declared(m2, "b.c"), "Dual BSD/GPL", "b.c read again (a macro)");
	is_str(declared(m2, "c.c"), "-", "c.c: no call, as before");
	is_int(m2->count[MODLIC_CONTRADICTION], 1, "classified anew");

	/* The next index has the new versions: they are read, the file
	 * that did not change is taken. */
	is_int(index_build(&idx2, src, &(struct index_opts){ .nthreads = 1 }, &err),
	       0, "the next index");
	if (!idx2)
		goto out;
	is_int(modscan_index(&m3, src, idx2, 1, m2, &err), 0, "scan after a change");
	if (!m3)
		goto out;
	is_int(m3->nread, 3, "the changed files read");
	is_str(declared(m3, "a.c"), "Dual BSD/GPL", "a.c's new call");
	is_str(declared(m3, "c.c"), "GPL", "c.c's new call");
	is_str(declared(m3, "e.c"), "GPL", "e.c as it was");
	ok(modscan_find(m3, file_of(idx2, "e.c")), "of the new index");
out:
	modscan_free(m1);
	modscan_free(m2);
	modscan_free(m3);
	index_free(idx2);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-modscan.XXXXXX";
	struct spdx_index *idx = NULL;
	struct source *src = NULL;
	struct spdx_error err = { 0 };
	struct modscan *m = NULL;
	int ret;

	ret = fixture_make(dir, files, ARRAY_SIZE(files));
	is_int(ret, 0, "fixture made");
	if (!ret)
		ret = fixture_index(dir, 0, &src, &idx, &err);
	is_int(ret, 0, "index built %.100s", err.msg);
	if (ret)
		goto out;
	test_scan(dir, src, idx);
	fixture_write(dir, "Documentation/process/license-rules.rst", "nothing\n");
	is_int(modscan_index(&m, src, idx, 1, NULL, &err), -ENOENT, "no table");
	ok(!m, "no scan");
	is_str(err.msg, "Documentation/process/license-rules.rst: no MODULE_LICENSE table",
	       "said so");
out:
	index_free(idx);
	source_free(src);
	fixture_remove(dir);
	return tap_done();
}
