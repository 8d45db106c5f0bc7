// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_source_git: the contract of source.h on the git source.  A
 * repository is made with libgit2 (blobs, an executable, symlinks, a
 * gitlink, a subtree, a commit at a fixed time, a tag), then: the walk
 * in tree order with each entry's kind, stat data from the tree entry
 * and the blob (mode, size, id, commit time), reads, symlinks and
 * malformed paths refused, a gitlink an empty directory, versions told
 * apart by blob id, a bare repository, the index built from it, reads on
 * several threads at once, and the errors of source_open(): an unknown
 * revision, no repository, a missing object; a source pointed at another
 * revision (source_git_retarget()) or at a tree the caller read
 * (source_git_retarget_tree()), a handle of its lent and given back
 * (source_git_repo_get()) and renewed (source_git_renew()), and a build
 * handed the globals of another tree (index_globals_load()).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "source/source.h"
#include "source/source_git.h"
#include "tap.h"

#define COMMIT_TIME	1700000000

static const char gpl[] =
	"Valid-License-Identifier: GPL-2.0\n"
	"SPDX-URL: https://spdx.org/licenses/GPL-2.0.html\n"
	"Usage-Guide:\n  SPDX-License-Identifier: GPL-2.0\nLicense-Text:\n\nText.\n";
static const char a_c[] = "// SPDX-License-Identifier: GPL-2.0\nint a;\n";
static const char run_sh[] = "#!/bin/sh\n# SPDX-License-Identifier: GPL-2.0\n";
static const char b_h[] = "int untagged;\n";

/* One entry to put in a tree: @text a blob's, or NULL with @id given. */
struct ent {
	const char *name;
	git_filemode_t mode;
	const char *text;
	const git_oid *id;
};

/* A tree of @n entries into @out. */
static int make_tree(git_repository *r, git_oid *out, const struct ent *e,
		     size_t n)
{
	git_treebuilder *tb;
	git_oid blob;
	int ret = git_treebuilder_new(&tb, r, NULL);

	for (size_t i = 0; i < n && !ret; i++) {
		const git_oid *id = e[i].id;

		if (e[i].text) {
			ret = git_blob_create_from_buffer(&blob, r, e[i].text,
							  strlen(e[i].text));
			id = &blob;
		}
		if (!ret)
			ret = git_treebuilder_insert(NULL, tb, e[i].name, id,
						     e[i].mode);
	}
	if (!ret)
		ret = git_treebuilder_write(out, tb);
	git_treebuilder_free(tb);
	return ret;
}

/* The test's tree, committed on HEAD at COMMIT_TIME + @dt and tagged
 * v1 when @dt is 0; @a_text is a.c's.  Returns the commit's id. */
static int make_commit(git_repository *r, const char *a_text, int dt,
		       git_oid *commit)
{
	git_oid lic_pref, lic, dir, root, fake = { { 0x12, 0x34 } };
	git_signature *sig = NULL;
	git_tree *tree = NULL;
	git_object *obj = NULL;
	struct ent pref[] = { { "GPL-2.0", GIT_FILEMODE_BLOB, gpl, NULL } };
	struct ent lics[] = { { "preferred", GIT_FILEMODE_TREE, NULL, &lic_pref } };
	struct ent d[] = {
		{ "b.h", GIT_FILEMODE_BLOB, b_h, NULL },
		{ "up", GIT_FILEMODE_LINK, "..", NULL },
	};
	struct ent top[] = {
		{ "LICENSES", GIT_FILEMODE_TREE, NULL, &lic },
		{ "a.c", GIT_FILEMODE_BLOB, a_text, NULL },
		{ "dir", GIT_FILEMODE_TREE, NULL, &dir },
		{ "link", GIT_FILEMODE_LINK, "a.c", NULL },
		{ "run.sh", GIT_FILEMODE_BLOB_EXECUTABLE, run_sh, NULL },
		{ "sub", GIT_FILEMODE_COMMIT, NULL, &fake },
	};
	git_commit *parent = NULL;
	int ret;

	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, 0);
	ret = make_tree(r, &lic_pref, pref, 1) || make_tree(r, &lic, lics, 1) ||
	      make_tree(r, &dir, d, 2) || make_tree(r, &root, top, 6) ||
	      git_tree_lookup(&tree, r, &root) ||
	      git_signature_new(&sig, "T", "t@example.org", COMMIT_TIME + dt, 0);
	if (!ret && dt)
		ret = git_revparse_single(&obj, r, "HEAD") ||
		      git_commit_lookup(&parent, r, git_object_id(obj));
	if (!ret)
		ret = git_commit_create_v(commit, r, "HEAD", sig, sig, NULL, "c",
					  tree, parent ? 1 : 0, parent);
	if (!ret && !dt) {
		git_object_free(obj);
		obj = NULL;
		ret = git_object_lookup(&obj, r, commit, GIT_OBJECT_COMMIT) ||
		      git_tag_create_lightweight(&fake, r, "v1", obj, 0);
	}
	git_commit_free(parent);
	git_object_free(obj);
	git_tree_free(tree);
	git_signature_free(sig);
	return ret;
}

static struct spdx_error err_unused;

static struct source *open_rev(const char *repo, const char *rev,
			       struct spdx_error *err)
{
	struct source *src = NULL;

	if (source_open(&src, &(struct source_spec){ .type = SOURCE_GIT,
			.path = repo, .rev = rev }, err))
		return NULL;
	return src;
}

static int blob_id(git_repository *r, const char *text, struct file_stat *st)
{
	git_oid id;
	int ret = git_odb_hash(&id, text, strlen(text), GIT_OBJECT_BLOB);

	memcpy(st->id, id.id, sizeof(st->id));
	return ret;
}

static void test_walk_stat(struct source *src, git_repository *r,
			   const char *gitdir)
{
	struct fixture_listing l;
	struct src_entry ent;
	struct file_stat want = { 0 };
	struct stat sb;

	is_str(fixture_walk(src, "", &l),
	       "LICENSES/\nLICENSES/preferred/\nLICENSES/preferred/GPL-2.0\n"
	       "a.c\ndir/\ndir/b.h\ndir/up@\nlink@\nrun.sh\nsub/\n",
	       "the walk: tree order, symlinks and a gitlink as what they are");
	is_int(l.ret, 0, "... returns 0");
	is_str(fixture_walk(src, "dir", &l), "dir/b.h\ndir/up@\n",
	       "a walk below a directory");
	is_str(fixture_walk(src, "sub", &l), "", "a gitlink holds nothing");
	is_int(l.ret, 0, "... and is no error");
	fixture_walk(src, "a.c", &l);
	is_int(l.ret, -ENOTDIR, "a walk below a file: -ENOTDIR");
	fixture_walk(src, "link", &l);
	is_int(l.ret, -ELOOP, "a walk below a symlink: -ELOOP");
	fixture_walk(src, "nope", &l);
	is_int(l.ret, -ENOENT, "a walk below nothing: -ENOENT");

	is_int(src->ops->stat(src, "a.c", &ent), 0, "stat a.c");
	stat(gitdir, &sb);
	want = (struct file_stat){ .size = strlen(a_c),
		.mtime_ns = COMMIT_TIME * 1000000000ll, .mode = S_IFREG | 0644,
		.uid = sb.st_uid, .gid = sb.st_gid };
	blob_id(r, a_c, &want);
	want.ino = ent.st.ino;	/* the object store's key: any but 0 */
	is_int(ent.kind, SRC_REG, "... a regular file");
	ok(ent.st.ino && !memcmp(&ent.st, &want, sizeof(want)),
	   "... size, commit time, mode 0644, the owner, the blob id");
	is_int(src->ops->stat(src, "run.sh", &ent), 0, "stat run.sh");
	is_int(ent.st.mode, S_IFREG | 0755, "... an executable: mode 0755");
	is_int(src->ops->stat(src, "link", &ent), 0, "stat link");
	is_int(ent.kind, SRC_SYMLINK, "... a symlink");
	is_int(src->ops->stat(src, "sub", &ent), 0, "stat sub");
	is_int(ent.kind, SRC_DIR, "... a gitlink is a directory");
	is_int(ent.st.mode, S_IFDIR | 0755, "... mode 0755");
	is_int(src->ops->stat(src, "", &ent), 0, "stat the root");
	is_int(ent.kind, SRC_DIR, "... a directory");
	is_int(ent.st.mtime_ns, COMMIT_TIME * 1000000000ll, "... the commit time");
	is_int(src->ops->stat(src, "sub/x", &ent), -ENOENT, "nothing in a gitlink");
	is_int(src->ops->stat(src, "link/x", &ent), -ELOOP, "through a symlink: -ELOOP");
	is_int(src->ops->stat(src, "a.c/x", &ent), -ENOTDIR, "through a file: -ENOTDIR");
	is_int(src->ops->stat(src, "dir/../a.c", &ent), -EINVAL, "'..': -EINVAL");
	is_int(src->ops->stat(src, "/a.c", &ent), -EINVAL, "absolute: -EINVAL");
	is_int(src->ops->stat(src, "dir//b.h", &ent), -EINVAL, "empty component: -EINVAL");
	is_int(src->ops->stat(src, "nope", &ent), -ENOENT, "nothing: -ENOENT");
	is_int(src->ops->tracked(src, "a.c"), 1, "every file of a revision is tracked");
	ok(source_watch_dir(src) == NULL, "a revision cannot be watched");
	is_int(source_refresh(src, NULL), 0, "refresh: nothing changes");
}

static void test_read(struct source *src)
{
	struct src_file *f = NULL;
	struct file_stat st, other;
	char buf[64];
	ssize_t n;

	is_int(source_file_open(src, "a.c", NULL, &f, &st), 0, "open a.c");
	n = source_pread(src, f, buf, sizeof(buf), 0);
	is_int(n, strlen(a_c), "... its whole blob");
	ok(n == (ssize_t)strlen(a_c) && !memcmp(buf, a_c, n), "... its bytes");
	is_int(source_pread(src, f, buf, 4, 3), 4, "a read at an offset");
	ok(!memcmp(buf, "SPDX", 4), "... the bytes there");
	is_int(source_pread(src, f, buf, 8, st.size), 0, "a read at the end: 0");
	is_int(source_pread(src, f, buf, 8, st.size + 10), 0, "... past it: 0");
	source_file_close(src, f);
	f = NULL;
	is_int(source_file_open(src, "a.c", &st, &f, NULL), 0,
	       "open with the stat data it had");
	source_file_close(src, f);
	f = NULL;
	other = st;
	other.mode = S_IFREG | 0755;
	is_int(source_file_open(src, "a.c", &other, &f, NULL), -ESTALE,
	       "open expecting another mode: -ESTALE");
	is_int(source_file_open(src, "link", NULL, &f, NULL), -ELOOP,
	       "a symlink is never opened: -ELOOP");
	is_int(source_file_open(src, "dir", NULL, &f, NULL), -EINVAL,
	       "a directory is not opened: -EINVAL");
	is_int(source_file_open(src, "sub", NULL, &f, NULL), -EINVAL,
	       "nor a gitlink");
	is_int(source_read_head(src, "run.sh", buf, 9), 9, "head of run.sh");
	ok(!memcmp(buf, "#!/bin/sh", 9), "... its first bytes");
}

/* Versions are told apart by blob id, not by anything else. */
static void test_versions(struct source *v1, struct source *v2)
{
	struct src_entry e1, e2;

	v1->ops->stat(v1, "a.c", &e1);
	v2->ops->stat(v2, "a.c", &e2);
	e2.st.mtime_ns = e1.st.mtime_ns;	/* as if committed at once */
	ok(e1.st.size == e2.st.size, "a.c edited to the same size");
	ok(!file_stat_same(&e1.st, &e2.st), "... another version: another blob id");
	v1->ops->stat(v1, "dir/b.h", &e1);
	v2->ops->stat(v2, "dir/b.h", &e2);
	ok(file_stat_same(&e1.st, &e2.st) == 0,
	   "the same blob in a commit made later: another mtime");
	e2.st.mtime_ns = e1.st.mtime_ns;
	ok(file_stat_same(&e1.st, &e2.st), "... the same version otherwise");
}

static void test_index(struct source *src)
{
	struct index_opts opts = { .nthreads = 2 };
	struct spdx_index *idx = NULL;
	struct spdx_error err;
	const struct spdx_file *f;

	is_int(index_build(&idx, src, &opts, &err), 0, "the index of v1");
	if (!idx)
		return;
	is_int(idx->nfiles, 4, "... four files");
	is_int(idx->nsymlinks, 2, "... two symlinks, counted");
	ok(idx->lic != NULL, "... LICENSES/ read from the revision");
	f = index_find(idx, "a.c");
	is_int(f ? f->status : -1, ST_TAGGED, "... a.c tagged");
	f = index_find(idx, "dir/b.h");
	is_int(f ? f->status : -1, ST_UNTAGGED, "... dir/b.h untagged");
	f = index_find(idx, "run.sh");
	is_int(f ? f->line : -1, 2, "... run.sh tagged on line 2");
	ok(index_find_dir(idx, "sub") != NULL, "... the gitlink a directory");
	index_free(idx);
}

struct reader {
	struct source *src;
	int bad;
};

/* Read every file many times, while other threads do. */
static void *read_all(void *arg)
{
	static const char *const paths[] = { "a.c", "run.sh", "dir/b.h" };
	static const char *const texts[] = { a_c, run_sh, b_h };
	struct reader *rd = arg;
	char buf[128];

	for (int i = 0; i < 200; i++) {
		for (int k = 0; k < 3; k++) {
			ssize_t n = source_read_head(rd->src, paths[k], buf,
						     sizeof(buf));

			if (n != (ssize_t)strlen(texts[k]) || memcmp(buf, texts[k], n))
				rd->bad++;
		}
	}
	return NULL;
}

static void test_threads(struct source *src)
{
	struct reader rd[4];
	pthread_t t[4];
	int bad = 0;

	for (int i = 0; i < 4; i++) {
		rd[i] = (struct reader){ src, 0 };
		pthread_create(&t[i], NULL, read_all, &rd[i]);
	}
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		bad += rd[i].bad;
	}
	is_int(bad, 0, "four threads reading at once read what is there");
}

static void test_errors(const char *repo, const char *plain)
{
	struct spdx_error err;
	char want[PATH_MAX + 64];

	ok(!open_rev(repo, "nope", &err), "an unknown revision");
	is_int(err.code, -EINVAL, "... -EINVAL");
	snprintf(want, sizeof(want), "%s: unknown revision 'nope'", repo);
	is_str(err.msg, want, "... named");
	ok(!open_rev(plain, "HEAD", &err), "a directory that is no repository");
	snprintf(want, sizeof(want), "%s: not a git repository", plain);
	is_str(err.msg, want, "... named");
	snprintf(want, sizeof(want), "%s/none", plain);
	ok(!open_rev(want, "HEAD", &err), "a path that does not exist");
	is_int(err.code, -ENOENT, "... -ENOENT");
	ok(!open_rev(repo, "HEAD:a.c", &err), "a revision that names a blob");
	snprintf(want, sizeof(want), "%s: revision 'HEAD:a.c' names no commit "
		 "and no tree", repo);
	is_str(err.msg, want, "... named");
}

/* The same source pointed at another revision, and refused a bad one. */
static void test_retarget(const char *repo, const char *plain)
{
	struct source *src = open_rev(repo, "v1", &err_unused), *fs = NULL;
	char want[PATH_MAX + 16], buf[64], *real = realpath(repo, NULL);
	uint8_t head_tree[FILE_ID_BYTES] = { 0 };
	struct rev_handle *h = NULL, *h2 = NULL;
	git_repository *r = NULL, *r2 = NULL;
	git_odb *db = NULL;
	git_tree *t = NULL;
	git_oid id;
	struct spdx_error err;
	struct src_entry e;
	ssize_t n;

	ok(src != NULL, "retarget: v1 open");
	if (!src || !real)
		goto out;
	is_int(source_git_retarget(src, "HEAD", &err), 0, "... pointed at HEAD");
	snprintf(want, sizeof(want), "%s@HEAD", real);
	is_str(src->root, want, "... named after it");
	n = source_read_head(src, "a.c", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	is_str(buf, "// SPDX-License-Identifier: GPL-2.0\nint b;\n",
	       "... reads HEAD's a.c");
	is_int(src->ops->stat(src, "a.c", &e), 0, "... stats it");
	is_int(e.st.mtime_ns, (int64_t)(COMMIT_TIME + 100) * 1000000000,
	       "... with HEAD's commit time");
	is_int(src->ops->stat(src, "", &e), 0, "... stats its root");
	memcpy(head_tree, e.st.id, sizeof(head_tree));
	is_int(source_git_retarget(src, "nope", &err), -EINVAL,
	       "an unknown revision: -EINVAL");
	ok(strstr(err.msg, "unknown revision 'nope'") != NULL, "... named");
	is_str(src->root, want, "... the source unchanged");
	is_int(source_git_retarget(src, "v1", &err), 0, "back to v1");
	n = source_read_head(src, "a.c", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	is_str(buf, a_c, "... reads v1's a.c again");
	/* Pointed at a tree the caller read, with the time it gives. */
	is_int(source_git_retarget_tree(src, "HEAD", head_tree, COMMIT_TIME + 7,
					&err), 0, "HEAD's tree, as read");
	is_str(src->root, want, "... named after HEAD");
	n = source_read_head(src, "a.c", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	is_str(buf, "// SPDX-License-Identifier: GPL-2.0\nint b;\n",
	       "... reads HEAD's a.c");
	is_int(src->ops->stat(src, "a.c", &e), 0, "... stats it");
	is_int(e.st.mtime_ns, (int64_t)(COMMIT_TIME + 7) * 1000000000,
	       "... with the time given");
	if (source_open(&fs, &(struct source_spec){ .type = SOURCE_DIR,
			.path = plain }, &err))
		fs = NULL;
	is_int(fs ? source_git_retarget(fs, "HEAD", &err) : 0, -EINVAL,
	       "a directory's source cannot be retargeted");
	is_int(fs ? source_git_retarget_tree(fs, "HEAD", head_tree, 0, &err) :
	       0, -EINVAL, "... nor pointed at a tree");
	is_int(fs ? source_git_repo_get(fs, &h, &r, &db) : 0, -EINVAL,
	       "... nor lend a repository handle");
	/* A handle of the source's, lent and given back: the next read
	 * takes it again, with what it read in its cache. */
	is_int(source_git_repo_get(src, &h, &r, &db), 0, "a handle lent");
	git_oid_fromraw(&id, head_tree);
	ok(r && db && git_odb_exists(db, &id), "... its objects there");
	is_int(git_tree_lookup(&t, r, &id), 0, "... HEAD's tree read with it");
	git_tree_free(t);
	source_git_repo_put(src, h);
	is_int(source_git_repo_get(src, &h2, &r, &db), 0, "... lent again");
	ok(h2 == h, "... the same handle");
	source_git_repo_put(src, h2);
	/* Renewed: a new handle, on another repository (an empty cache),
	 * which reads as the old one did. */
	is_int(fs ? source_git_renew(fs) : 0, -EINVAL,
	       "a directory's source has no handle to renew");
	is_int(source_git_renew(src), 0, "handles renewed");
	is_int(source_git_repo_get(src, &h2, &r2, &db), 0, "... a handle lent");
	ok(h2 != h && r2 != r, "... a new one, on a repository of its own");
	is_int(git_tree_lookup(&t, r2, &id), 0, "... HEAD's tree read with it");
	git_tree_free(t);
	source_git_repo_put(src, h2);
	n = source_read_head(src, "a.c", buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	is_str(buf, "// SPDX-License-Identifier: GPL-2.0\nint b;\n",
	       "... HEAD's a.c read through it");
out:
	source_free(fs);
	source_free(src);
	free(real);
}

/* A build with globals it is handed: theirs, not the tree's, used and
 * left to their owner (ASan: freed once). */
static void test_globals(struct source *src, const char *plain)
{
	struct index_globals own, none;
	struct index_opts opts = { .nthreads = 1 };
	struct spdx_index *idx = NULL;
	struct source *fs = NULL;
	struct spdx_error err;
	const struct spdx_file *f;

	is_int(index_globals_load(&own, src, &err), 0, "globals of v1");
	ok(own.lic && own.ex, "... LICENSES/ and the default exclusions");
	opts.globals = &own;
	is_int(index_build(&idx, src, &opts, &err), 0, "... built with them");
	ok(idx && idx->lic == own.lic && idx->lic_shared,
	   "... the index shares their licenses");
	f = idx ? index_find(idx, "a.c") : NULL;
	is_int(f ? f->status : -1, ST_TAGGED, "... a.c tagged");
	index_free(idx);
	idx = NULL;
	if (source_open(&fs, &(struct source_spec){ .type = SOURCE_DIR,
			.path = plain }, &err))
		fs = NULL;
	is_int(fs ? index_globals_load(&none, fs, &err) : -1, 0,
	       "globals of a tree without LICENSES/");
	ok(fs && !none.lic && none.ex, "... no licenses, the default exclusions");
	opts.globals = &none;
	is_int(fs ? index_build(&idx, src, &opts, &err) : -1, 0,
	       "v1 built with them");
	f = idx ? index_find(idx, "a.c") : NULL;
	is_int(f ? f->status : -1, ST_INVALID, "... a.c's GPL-2.0 unknown now");
	is_str(idx ? idx->lic_error : NULL, "no LICENSES/ directory",
	       "... and said why");
	index_free(idx);
	if (fs)
		index_globals_release(&none);
	index_globals_release(&own);
	ok(!own.lic && !own.ex, "released: emptied");
	source_free(fs);
}

/* A blob the tree names is not in the object database. */
static void test_missing(const char *dir)
{
	char repo[PATH_MAX], want[PATH_MAX + 128], *root = NULL;
	git_oid none = { { 0xde, 0xad, 0xbe, 0xef } }, tree, commit;
	git_repository *r = NULL;
	git_signature *sig = NULL;
	git_tree *t = NULL;
	struct ent top[] = { { "gone.c", GIT_FILEMODE_BLOB, NULL, &none } };
	struct spdx_error err;
	struct source *src;

	snprintf(repo, sizeof(repo), "%s/missing", dir);
	ok(!git_repository_init(&r, repo, 0) && !make_tree(r, &tree, top, 1) &&
	   !git_tree_lookup(&t, r, &tree) &&
	   !git_signature_new(&sig, "T", "t@example.org", COMMIT_TIME, 0) &&
	   !git_commit_create_v(&commit, r, "HEAD", sig, sig, NULL, "c", t, 0),
	   "a commit whose blob is missing");
	src = open_rev(repo, "HEAD", &err);
	ok(!src, "... is refused at open");
	is_int(err.code, -EIO, "... -EIO");
	root = realpath(repo, NULL);
	snprintf(want, sizeof(want), "%s@HEAD: object deadbeef00000000000000000000000000000000"
		 " (gone.c) is missing (a shallow or partial clone?)", root);
	is_str(err.msg, want, "... the object and its path named");
	source_free(src);
	free(root);
	git_tree_free(t);
	git_signature_free(sig);
	git_repository_free(r);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-test-git.XXXXXX";
	char repo[PATH_MAX], bare[PATH_MAX], plain[PATH_MAX], gitdir[PATH_MAX + 8];
	char want[PATH_MAX + 16], *real;
	git_repository *r = NULL, *rb = NULL;
	struct source *src, *v2;
	struct spdx_error err;
	git_oid c1, c2, cb;

	git_libgit2_init();
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(repo, sizeof(repo), "%s/repo", dir);
	snprintf(bare, sizeof(bare), "%s/bare.git", dir);
	snprintf(plain, sizeof(plain), "%s/plain", dir);
	snprintf(gitdir, sizeof(gitdir), "%s/.git", repo);
	mkdir(plain, 0755);
	ok(!git_repository_init(&r, repo, 0) &&
	   !make_commit(r, a_c, 0, &c1) &&
	   !make_commit(r, "// SPDX-License-Identifier: GPL-2.0\nint b;\n", 100, &c2),
	   "a repository with two commits");

	src = open_rev(repo, "v1", &err);
	ok(src != NULL, "open revision v1");
	if (!src) {
		printf("# %s\n", err.msg);
		return tap_done();
	}
	real = realpath(repo, NULL);
	snprintf(want, sizeof(want), "%s@v1", real);
	is_str(src->root, want, "its name: REPO@REV");
	free(real);
	test_walk_stat(src, r, gitdir);
	test_read(src);
	v2 = open_rev(repo, "HEAD", &err);
	ok(v2 != NULL, "open HEAD, the second commit");
	if (v2)
		test_versions(src, v2);
	source_free(v2);
	test_index(src);
	test_globals(src, plain);
	test_threads(src);
	source_free(src);

	ok(!git_repository_init(&rb, bare, 1) && !make_commit(rb, a_c, 0, &cb),
	   "a bare repository");
	ok(!git_oid_cmp(&c1, &cb), "... the same commit");
	src = open_rev(bare, "HEAD", &err);
	ok(src != NULL, "open its HEAD");
	snprintf(want, sizeof(want), "%s@HEAD", bare);
	is_str(src ? src->root : NULL, want, "... named after the repository");
	if (src)
		test_read(src);
	source_free(src);

	test_errors(repo, plain);
	test_retarget(repo, plain);
	test_missing(dir);
	git_repository_free(r);
	git_repository_free(rb);
	fixture_remove(dir);
	return tap_done();
}
