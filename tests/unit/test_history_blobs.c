// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_history_blobs: history_rows() reads each blob once, in a run and
 * across runs (issue 10: "the same blob is never scanned twice").  A
 * history of six commits is made with git fast-import: a.c tagged, b.c
 * untagged and a license file (excluded, never read); b.c tagged (a new
 * blob); b.c untagged again (the first blob back); c.c added with a.c's
 * bytes; d.c tagged MIT (a new blob, invalid: no LICENSES/ file for it);
 * e.c added with d.c's bytes.  Each row's "scanned" (the blobs it read)
 * is checked: 2 1 0 0 1 0 with an empty blob cache, 0 on every row of a
 * second run, and 2 1 0 0 1 0 again with the cache corrupt (and then
 * rebuilt) or left alone (no_cache, which also saves nothing); with a
 * cache of the first four commits' blobs, only d.c's is read, and e.c
 * has its expression (the run's, not one of the cache's).
 * The rows' counts are the same in every run.
 * Then a history of HISTORY_SPLIT commits, each adding a tagged file:
 * counted on two threads, each row reads its new blob, but the second
 * half's first, counted whole (33 blobs); a second run reads none, so
 * the second half's reads were saved with the first's.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/error.h"
#include "fixture.h"
#include "history/history.h"
#include "tap.h"

#define NCOMMITS	6

static const char gpl[] =
	"Valid-License-Identifier: GPL-2.0\n"
	"SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n"
	"Usage-Guide:\n  SPDX-License-Identifier: GPL-2.0\nLicense-Text:\n\nText.\n";
static const char a_c[] = "// SPDX-License-Identifier: GPL-2.0\nint a;\n";
static const char b_c[] = "int b;\n";
static const char b_tagged[] = "// SPDX-License-Identifier: GPL-2.0\nint b;\n";
static const char d_c[] = "// SPDX-License-Identifier: MIT\nint d;\n";

static void blob(FILE *f, int mark, const char *text)
{
	fprintf(f, "blob\nmark :%d\ndata %zu\n%s\n", mark, strlen(text), text);
}

/* A commit on main at @t changing what @changes says (fast-import's M). */
static void commit(FILE *f, int t, const char *changes)
{
	fprintf(f, "commit refs/heads/main\ncommitter T <t@example.org> %d +0000\n"
		"data 1\nc\n%s\n", 1700000000 + t, changes);
}

/* The test's history in a bare repository @repo. */
static int make_history(const char *repo)
{
	char cmd[2 * PATH_MAX + 64];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "git init -q --bare '%s' && "
		 "git -C '%s' fast-import --quiet", repo, repo);
	f = popen(cmd, "w");
	if (!f)
		return -1;
	blob(f, 1, gpl);
	blob(f, 2, a_c);
	blob(f, 3, b_c);
	blob(f, 4, b_tagged);
	blob(f, 5, d_c);
	commit(f, 0, "M 100644 :1 LICENSES/preferred/GPL-2.0\n"
		  "M 100644 :2 a.c\nM 100644 :3 b.c");
	commit(f, 1, "M 100644 :4 b.c");
	commit(f, 2, "M 100644 :3 b.c");
	commit(f, 3, "M 100644 :2 c.c");
	commit(f, 4, "M 100644 :5 d.c");
	commit(f, 5, "M 100644 :5 e.c");
	return pclose(f) ? -1 : 0;
}

/* A history of HISTORY_SPLIT commits in bare repository @repo: the
 * first a license file and f0.c, each next one f<k>.c, tagged, a blob
 * of its own. */
static int make_long_history(const char *repo)
{
	char cmd[2 * PATH_MAX + 64], text[64], change[64];
	FILE *f;

	snprintf(cmd, sizeof(cmd), "git init -q --bare '%s' && "
		 "git -C '%s' fast-import --quiet", repo, repo);
	f = popen(cmd, "w");
	if (!f)
		return -1;
	blob(f, 1, gpl);
	for (int k = 0; k < HISTORY_SPLIT; k++) {
		snprintf(text, sizeof(text),
			 "// SPDX-License-Identifier: GPL-2.0\nint f%d;\n", k);
		blob(f, 2 + k, text);
		snprintf(change, sizeof(change), "%sM 100644 :%d f%d.c",
			 k ? "" : "M 100644 :1 LICENSES/preferred/GPL-2.0\n",
			 2 + k, k);
		commit(f, k, change);
	}
	return pclose(f) ? -1 : 0;
}

/* history_rows() over @n commits of @c on two threads: the blobs each
 * row read into @read, the last row's tagged files into *@tagged. */
static int run_long(const char *repo, const struct history_commit *c,
		    size_t n, size_t *read, size_t *tagged)
{
	struct history_opts o = { .nthreads = 2 };
	struct history_row *rows = NULL;
	struct spdx_error err;

	if (history_rows(&rows, repo, c, n, &o, &err)) {
		printf("# history_rows: %s\n", err.msg);
		return -1;
	}
	for (size_t k = 0; k < n; k++)
		read[k] = rows[k].scanned;
	*tagged = rows[n - 1].count[ST_TAGGED];
	history_rows_free(rows, n);
	return 0;
}

/* "row:read" for each of the @n rows of @read that read other than
 * @usual blobs, into @buf. */
static const char *unusual(const size_t *read, size_t n, size_t usual,
			   char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < n && at < len; k++)
		if (read[k] != usual)
			at += snprintf(buf + at, len - at, "%s%zu:%zu",
				       at ? " " : "", k, read[k]);
	return buf;
}

/* One run of history_rows() over the first @n commits of @c: each
 * row's blobs read into @read, its tagged, untagged and invalid counts
 * into @counts; 0 or -errno. */
static int run(const char *repo, const struct history_commit *c, size_t n,
	       int no_cache, size_t read[NCOMMITS], size_t counts[NCOMMITS][3])
{
	struct history_opts o = { .nthreads = 2, .no_cache = no_cache };
	struct history_row *rows = NULL;
	struct spdx_error err;
	int ret;

	memset(read, 0, NCOMMITS * sizeof(*read));
	memset(counts, 0, NCOMMITS * sizeof(*counts));
	ret = history_rows(&rows, repo, c, n, &o, &err);
	if (ret) {
		printf("# history_rows: %s\n", err.msg);
		return ret;
	}
	for (size_t k = 0; k < n; k++) {
		read[k] = rows[k].scanned;
		counts[k][0] = rows[k].count[ST_TAGGED];
		counts[k][1] = rows[k].count[ST_UNTAGGED];
		counts[k][2] = rows[k].count[ST_INVALID];
	}
	history_rows_free(rows, n);
	return 0;
}

/* "2 1 0 0 1 0": a run's blobs read, row by row. */
static const char *reads(const size_t read[NCOMMITS], char *buf, size_t len)
{
	snprintf(buf, len, "%zu %zu %zu %zu %zu %zu", read[0], read[1],
		 read[2], read[3], read[4], read[5]);
	return buf;
}

/* Overwrite every file of directory @dir with bytes no cache has. */
static int spoil(const char *dir)
{
	char path[PATH_MAX + NAME_MAX + 2];
	struct dirent *d;
	DIR *D = opendir(dir);
	int n = 0;

	if (!D)
		return 0;
	while ((d = readdir(D))) {
		FILE *f;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		f = fopen(path, "w");
		if (f && fputs("not a saved index\n", f) >= 0)
			n++;
		if (f)
			fclose(f);
	}
	closedir(D);
	return n;
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-history-blobs.XXXXXX";
	char repo[PATH_MAX], cache[PATH_MAX], buf[64];
	size_t read[NCOMMITS], counts[NCOMMITS][3], first[NCOMMITS][3];
	struct history_commit *c = NULL;
	struct spdx_error err;
	size_t n = 0;

	if (!mkdtemp(dir))
		return 1;
	snprintf(repo, sizeof(repo), "%s/repo.git", dir);
	snprintf(cache, sizeof(cache), "%s/cache", dir);
	setenv("SPDXFS_CACHE_DIR", cache, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	if (make_history(repo) ||
	    history_list(&c, &n, repo, "main", 0, 0, &err) || n != NCOMMITS) {
		ok(0, "the test's history is made");
		fixture_remove(dir);
		return tap_done();
	}

	is_int(run(repo, c, NCOMMITS, 0, read, first), 0, "history, empty blob cache");
	is_str(reads(read, buf, sizeof(buf)), "2 1 0 0 1 0",
	       "each blob read once: b.c's old blobs and c.c (a.c's bytes) "
	       "come from the run's own results");
	is_int(first[0][0], 1, "commit 1: a.c tagged");
	is_int(first[0][1], 1, "... b.c untagged");
	is_int(first[1][0], 2, "commit 2: b.c tagged");
	is_int(first[2][0], 1, "commit 3: b.c untagged again");
	is_int(first[3][0], 2, "commit 4: c.c tagged");
	is_int(first[4][2], 1, "commit 5: d.c's MIT invalid (no LICENSES/ file)");
	is_int(first[5][2], 2, "commit 6: so is e.c's, from d.c's blob");

	is_int(run(repo, c, NCOMMITS, 0, read, counts), 0, "history again");
	is_str(reads(read, buf, sizeof(buf)), "0 0 0 0 0 0",
	       "no blob read again: the run saved what it read");
	ok(!memcmp(counts, first, sizeof(first)), "the same counts");

	ok(spoil(cache) > 0, "the blob cache spoilt");
	is_int(run(repo, c, NCOMMITS, 0, read, counts), 0, "history, corrupt blob cache");
	is_str(reads(read, buf, sizeof(buf)), "2 1 0 0 1 0",
	       "a corrupt cache is ignored");
	ok(!memcmp(counts, first, sizeof(first)), "the same counts");
	is_int(run(repo, c, NCOMMITS, 0, read, counts), 0, "history after that");
	is_str(reads(read, buf, sizeof(buf)), "0 0 0 0 0 0",
	       "... and rebuilt by it");

	fixture_remove(cache);
	is_int(run(repo, c, NCOMMITS, 1, read, counts), 0, "history, no_cache");
	is_str(reads(read, buf, sizeof(buf)), "2 1 0 0 1 0",
	       "no_cache: each blob read once in the run");
	ok(!memcmp(counts, first, sizeof(first)), "the same counts");
	is_int(run(repo, c, NCOMMITS, 0, read, counts), 0, "history after that");
	is_str(reads(read, buf, sizeof(buf)), "2 1 0 0 1 0",
	       "... which saved nothing");

	/* A cache that holds some blobs, and a run that reads others: a
	 * blob of the run's has the run's expression. */
	fixture_remove(cache);
	is_int(run(repo, c, 4, 0, read, counts), 0, "history of commits 1-4");
	is_int(run(repo, c, NCOMMITS, 0, read, counts), 0, "then of 1-6");
	is_str(reads(read, buf, sizeof(buf)), "0 0 0 0 1 0",
	       "only d.c's blob read");
	ok(!memcmp(counts, first, sizeof(first)),
	   "the same counts: e.c has the run's MIT, not the cache's GPL-2.0");

	history_free(c, n);
	c = NULL;

	/* A history long enough for two threads: the second half's first
	 * row is counted whole, with a run of its own, and what it read is
	 * saved with the first's. */
	fixture_remove(cache);
	snprintf(repo, sizeof(repo), "%s/long.git", dir);
	if (make_long_history(repo) ||
	    history_list(&c, &n, repo, "main", 0, 0, &err) ||
	    n != HISTORY_SPLIT) {
		ok(0, "the long history is made");
	} else {
		size_t tagged = 0, lread[HISTORY_SPLIT];
		char want[32], got[512];

		snprintf(want, sizeof(want), "%d:%d", HISTORY_SPLIT / 2,
			 HISTORY_SPLIT / 2 + 1);
		is_int(run_long(repo, c, n, lread, &tagged), 0,
		       "history of %d commits, two threads", HISTORY_SPLIT);
		is_str(unusual(lread, n, 1, got, sizeof(got)), want,
		       "each row reads its new blob, but the second half's "
		       "first, which reads its whole tree");
		is_int(tagged, HISTORY_SPLIT, "the last row: every file tagged");
		is_int(run_long(repo, c, n, lread, &tagged), 0, "history again");
		is_str(unusual(lread, n, 0, got, sizeof(got)), "",
		       "no blob read again: both halves' reads were saved");
		is_int(tagged, HISTORY_SPLIT, "... the same count");
	}
	history_free(c, n);
	fixture_remove(dir);
	return tap_done();
}
