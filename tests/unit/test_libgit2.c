// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_libgit2: libgit2 is linked, but initialised only when first
 * needed (index/git/libgit2.c): a scan of a git work tree whose files git
 * all tracks never initialises it; one with an untracked file does, to
 * read the ignore rules, which then apply; libgit2_init() is idempotent.
 */
#include <stdlib.h>

#include <git2.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "git/libgit2.h"
#include "source/source.h"
#include "tap.h"

/*
 * Has anything initialised libgit2?  git_libgit2_init() returns how many
 * initialisations are open, its own included; the shutdown undoes it.
 */
static int libgit2_initialised(void)
{
	int n = git_libgit2_init();

	git_libgit2_shutdown();
	return n > 1;
}

/* The paths of @dir's index, one a line, into @buf. */
static const char *index_paths(const char *dir, char *buf, size_t size)
{
	struct source *src = NULL;
	struct spdx_index *idx = NULL;
	struct spdx_error err;
	size_t used = 0;

	buf[0] = '\0';
	if (fixture_index(dir, 0, &src, &idx, &err)) {
		snprintf(buf, size, "error %d", err.code);
	} else {
		for (size_t i = 0; i < idx->nfiles && used < size; i++)
			used += snprintf(buf + used, size - used, "%s\n",
					 idx->files[i].path);
	}
	index_free(idx);
	source_free(src);
	return buf;
}

static void test_scan(const char *dir)
{
	char cmd[PATH_MAX + 64], buf[256];

	snprintf(cmd, sizeof(cmd), "git -C '%s' init -q && git -C '%s' add .",
		 dir, dir);
	if (!tap_ok(!system(cmd), "git init and git add"))
		return;
	is_str(index_paths(dir, buf, sizeof(buf)), ".gitignore\na.c\n",
	       "every file tracked: all of them");
	ok(!libgit2_initialised(), "libgit2 not initialised by that scan");
	ok(!fixture_write(dir, "b.o", "x\n") && !fixture_write(dir, "c.c", "y\n"),
	   "b.o and c.c, untracked");
	is_str(index_paths(dir, buf, sizeof(buf)), ".gitignore\na.c\nc.c\n",
	       "b.o left out by .gitignore, c.c in");
	ok(libgit2_initialised(), "libgit2 initialised to read the ignore rules");
	is_int(libgit2_init(), 0, "libgit2_init() again: 0");
}

/* A call goes through: the blob id git gives "hello\n". */
static void test_call(void)
{
	char hex[GIT_OID_HEXSZ + 1] = "";
	git_oid oid;

	is_int(git_odb_hash(&oid, "hello\n", 6, GIT_OBJECT_BLOB), 0,
	       "git_odb_hash");
	is_str(git_oid_tostr(hex, sizeof(hex), &oid),
	       "ce013625030ba8dba906f756967f9e9ca394464a", "its blob id");
}

int main(void)
{
	static const struct fixture_file files[] = {
		{ ".gitignore", "*.o\n" },
		{ "a.c", "// SPDX-License-Identifier: GPL-2.0\n" },
	};
	char dir[] = "/tmp/spdxfs-libgit2.XXXXXX";

	ok(!libgit2_initialised(), "libgit2 not initialised at start");
	if (tap_ok(!fixture_make(dir, files, sizeof(files) / sizeof(files[0])),
		   "fixture"))
		test_scan(dir);
	test_call();
	fixture_remove(dir);
	return tap_done();
}
