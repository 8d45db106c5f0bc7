// SPDX-License-Identifier: GPL-2.0-only
/*
 * source_git: the tree of a git revision as a struct source, read from
 * the object database through libgit2, with no checkout.
 *
 * The revision is resolved once, at open: the source keeps its tree's id
 * and its commit's time.  Entries are what the tree objects say: blobs
 * (modes 100644 and 100755) are regular files; 120000 entries are
 * symlinks, counted and never read; 160000 entries (gitlinks: a
 * submodule's commit, whose objects are another repository's) are
 * directories with nothing in them, as a checkout leaves them.  A file's
 * file_stat has the blob's size and id, the entry's mode, the commit time
 * as mtime and the repository's owner; as inode, the key of the object
 * store it is read from (the blob cache answers by store); no ctime.  A
 * directory's has its tree's id (a gitlink's, its commit's), so that a
 * caller can tell a source whose versions are object ids.
 *
 * libgit2's objects are not thread-safe: a thread takes a repository
 * handle of its own from a pool for the length of one call (a walk, a
 * read) and gives it back, so the pool grows to the number of threads
 * that ever read at once.  An open file holds a copy of its blob, so that
 * any number of threads may read it with no handle at all.
 *
 * At open every object the tree reaches is looked for (not read): a
 * shallow or partial clone that lacks one fails there with a line naming
 * it, rather than as unreadable files in the middle of a scan.
 *
 * head() of a packed blob reads only its first bytes from the packs
 * (packhead.h), as libgit2 cannot: building a 24 MB delta-compressed
 * header whole, with its base, set the peak memory of a scan, and every
 * blob built whole, its delta chain resolved, cost most of its time.
 * Anything packhead refuses is read whole through libgit2.  A blob's
 * size (stat()) comes from its pack entry's header the same way: through
 * libgit2 it took the locks every handle's pack reads share, and
 * history's two halves, each with a handle, spent their time waiting on
 * each other there.
 * $SPDXFS_PACKHEAD_MIN (bytes) reads smaller blobs whole, for tests.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <git2.h>

#include "util/error.h"
#include "git/gitrepo.h"
#include "git/libgit2.h"
#include "git/loose.h"
#include "git/packhead.h"
#include "source/source.h"
#include "source/source_git.h"
#include "source/source_impl.h"

_Static_assert(GIT_OID_RAWSZ == FILE_ID_BYTES, "a blob id fits file_stat");

#define PACKHEAD_MIN	0	/* bytes: smaller blobs are read whole (none:
				   heads from the packs cost less, whatever
				   the size; 0 spares the size lookup) */

/*
 * Blob sizes a handle's walks looked up, by id, in a table of a few
 * slots (an id's first bytes pick its slot; a newer size takes it).  A
 * size costs an object header read from the pack, and a caller that
 * walks the same few paths twice (a build and the blob cache's look at
 * it before: history.c's builds of a commit's changed paths) would read
 * each twice.  A whole tree's walk overwrites it: no more than it is.
 */
#define SIZE_SLOTS	4096	/* a power of two */

struct size_slot {
	git_oid id;		/* zero: empty */
	uint64_t size;
};

/* A repository handle: one thread's at a time. */
struct rev_handle {
	git_repository *repo;
	git_odb *odb;
	struct size_slot *sizes;	/* SIZE_SLOTS, made when first used */
	struct rev_handle *next;	/* in the idle list */
};

struct rev_source {
	struct source src;
	char *gitdir;		/* what each handle opens */
	git_oid tree;		/* the revision's tree */
	int64_t mtime_ns;	/* its commit's time; 0 for a bare tree */
	uint32_t uid, gid;	/* the repository's owner */
	pthread_mutex_t lock;	/* guards idle */
	struct rev_handle *idle;
	struct packhead *packs;	/* NULL: every blob read whole */
	char *objdir;		/* its loose objects, read by loose.h */
	uint64_t store;		/* which object store: file_stat.ino */
	uint64_t head_min;	/* blobs this big or more: their heads */
};

/* A tree entry as the source sees it. */
struct rev_ent {
	git_oid id;
	git_filemode_t mode;
};

/* A walk's entry, for head(): the walk's handle, on the walk's thread. */
struct rev_entry_ref {
	struct rev_handle *h;
	const struct rev_ent *ent;
};

struct src_file {
	struct file_stat st;
	size_t size;
	unsigned char *data;	/* malloc'd */
};

/* Bytes of one blob a read may hold at once (an open file, a head whose
 * chain is past packhead's budget): a tiny repository may hold a blob
 * of gigabytes (a zlib or delta bomb), the kernel's biggest is 24 MB. */
#define BLOB_WHOLE_MAX	((size_t)64 << 20)

static struct rev_source *rev_of(struct source *src)
{
	return (struct rev_source *)src;
}

/* -errno for libgit2's code @code: a missing object or name is -ENOENT,
 * anything else (a corrupt object, a pack that cannot be read) -EIO. */
static int rev_errno(int code)
{
	return code == GIT_ENOTFOUND ? -ENOENT : -EIO;
}

static void handle_free(struct rev_handle *h)
{
	if (!h)
		return;
	git_odb_free(h->odb);
	git_repository_free(h->repo);
	free(h->sizes);
	free(h);
}

/* Open repository @path as a handle (gitrepo.h): 0 or -errno, with
 * @err (may be NULL) filled. */
static int handle_open(struct rev_handle **out, const char *path,
		       unsigned flags, struct spdx_error *err)
{
	struct rev_handle *h = calloc(1, sizeof(*h));
	int ret;

	if (!h)
		return spdx_error_errno(err, -ENOMEM, "%s", path);
	ret = gitrepo_open(&h->repo, path, flags, err);
	if (!ret && git_repository_odb(&h->odb, h->repo))
		ret = spdx_error_set(err, -EIO, "%s: %s", path, libgit2_msg(LIBGIT2_UNKNOWN));
	if (ret) {
		handle_free(h);
		return ret;
	}
	*out = h;
	return 0;
}

/* A handle for this thread alone until handle_put(). */
static int handle_get(struct rev_source *gs, struct rev_handle **out)
{
	struct rev_handle *h;

	pthread_mutex_lock(&gs->lock);
	h = gs->idle;
	if (h)
		gs->idle = h->next;
	pthread_mutex_unlock(&gs->lock);
	if (h) {
		*out = h;
		return 0;
	}
	return handle_open(out, gs->gitdir, GIT_REPOSITORY_OPEN_NO_SEARCH,
			   NULL) ? -EIO : 0;
}

static void handle_put(struct rev_source *gs, struct rev_handle *h)
{
	pthread_mutex_lock(&gs->lock);
	h->next = gs->idle;
	gs->idle = h;
	pthread_mutex_unlock(&gs->lock);
}

/* An entry name a checkout would write: git refuses the others. */
static int name_ok(const char *name)
{
	return name[0] && strcmp(name, ".") && strcmp(name, "..") &&
	       strcasecmp(name, ".git") && !strchr(name, '/');
}

static enum src_kind ent_kind(git_filemode_t mode)
{
	switch (mode) {
	case GIT_FILEMODE_BLOB:
	case GIT_FILEMODE_BLOB_EXECUTABLE:
		return SRC_REG;
	case GIT_FILEMODE_TREE:
	case GIT_FILEMODE_COMMIT:	/* a gitlink: an empty directory */
		return SRC_DIR;
	case GIT_FILEMODE_LINK:
		return SRC_SYMLINK;
	default:
		return SRC_OTHER;
	}
}

static uint32_t ent_mode(git_filemode_t mode)
{
	switch (ent_kind(mode)) {
	case SRC_REG:
		return S_IFREG | (mode == GIT_FILEMODE_BLOB_EXECUTABLE ? 0755 : 0644);
	case SRC_DIR:
		return S_IFDIR | 0755;
	case SRC_SYMLINK:
		return S_IFLNK | 0777;
	default:
		return 0;
	}
}

/* The file_stat of @ent, its size when @size is not NULL (a blob's). */
static void ent_stat(const struct rev_source *gs, const struct rev_ent *ent,
		     const uint64_t *size, struct file_stat *st)
{
	*st = (struct file_stat){
		.size = size ? *size : 0,
		.mtime_ns = gs->mtime_ns,
		.mode = ent_mode(ent->mode),
		.uid = gs->uid,
		.gid = gs->gid,
		.ino = gs->store,
	};
	memcpy(st->id, ent->id.id, sizeof(st->id));	/* a tree's too */
}

/* The size of object @id from its header, through @h's size slots (0
 * when it cannot be read: reading the blob will say why): from the
 * packs when they can say, which takes no lock libgit2's readers share. */
static uint64_t blob_size(const struct rev_source *gs, struct rev_handle *h,
			  const git_oid *id)
{
	struct size_slot *slot = NULL;
	git_object_t type;
	uint64_t size;
	size_t len;

	if (!h->sizes)
		h->sizes = calloc(SIZE_SLOTS, sizeof(*h->sizes));
	if (h->sizes) {
		slot = &h->sizes[(id->id[0] << 8 | id->id[1]) & (SIZE_SLOTS - 1)];
		if (!memcmp(slot->id.id, id->id, GIT_OID_RAWSZ))
			return slot->size;
	}
	if (gs->packs && !packhead_size(gs->packs, id->id, &size))
		len = size;
	else if (git_odb_read_header(&len, &type, h->odb, id))
		return 0;	/* not kept: the next look says again */
	if (slot) {
		slot->id = *id;
		slot->size = len;
	}
	return len;
}

/* The file_stat of @ent with the size its object's header gives. */
static void ent_stat_sized(const struct rev_source *gs, struct rev_handle *h,
			   const struct rev_ent *ent, struct file_stat *st)
{
	uint64_t size = 0;

	if (ent_kind(ent->mode) != SRC_DIR)
		size = blob_size(gs, h, &ent->id);
	ent_stat(gs, ent, &size, st);
}

/*
 * The entry @path names into @out, "" the root tree, with no symlink
 * followed: -ELOOP through one, -ENOTDIR through a file, -ENOENT through
 * a gitlink or for a name the tree lacks, -EINVAL for a malformed path.
 */
static int resolve(struct rev_source *gs, struct rev_handle *h,
		   const char *path, struct rev_ent *out)
{
	char name[PATH_MAX];
	git_tree *tree = NULL, *next;
	const char *p = path;
	int ret;

	if (!path[0]) {
		out->id = gs->tree;
		out->mode = GIT_FILEMODE_TREE;
		return 0;
	}
	if (!source_path_ok(path) || strlen(path) >= sizeof(name))
		return -EINVAL;
	ret = git_tree_lookup(&tree, h->repo, &gs->tree);
	if (ret)
		return rev_errno(ret);
	for (;;) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		const git_tree_entry *te;

		memcpy(name, p, n);
		name[n] = '\0';
		te = name_ok(name) ? git_tree_entry_byname(tree, name) : NULL;
		if (!te) {
			ret = -ENOENT;
			break;
		}
		out->id = *git_tree_entry_id(te);
		out->mode = git_tree_entry_filemode(te);
		if (!slash)
			break;
		if (out->mode != GIT_FILEMODE_TREE) {
			ret = out->mode == GIT_FILEMODE_LINK ? -ELOOP :
			      out->mode == GIT_FILEMODE_COMMIT ? -ENOENT : -ENOTDIR;
			break;
		}
		ret = git_tree_lookup(&next, h->repo, &out->id);
		if (ret) {
			ret = rev_errno(ret);
			break;
		}
		git_tree_free(tree);
		tree = next;
		p = slash + 1;
	}
	git_tree_free(tree);
	return ret;
}

struct rev_walk {
	struct rev_source *gs;
	struct rev_handle *h;
	unsigned flags;
	src_walk_fn fn;
	void *arg;
	char path[PATH_MAX];
};

static int walk_tree(struct rev_walk *w, const git_tree *tree, size_t len);

/* Report entry @te of a tree, whose name is w->path[name..), and descend
 * into a subtree unless told not to. */
static int walk_entry(struct rev_walk *w, const git_tree_entry *te, size_t len)
{
	struct rev_ent ent = { *git_tree_entry_id(te), git_tree_entry_filemode(te) };
	struct rev_entry_ref ref = { w->h, &ent };
	struct src_entry se = { .path = w->path, .kind = ent_kind(ent.mode),
				.priv = &ref };
	git_tree *sub;
	int ret;

	if (se.kind == SRC_DIR || (w->flags & SRC_WALK_STAT))
		ent_stat_sized(w->gs, w->h, &ent, &se.st);
	ret = w->fn(&se, w->arg);
	if (ret == SRC_WALK_PRUNE)
		return 0;
	if (ret || ent.mode != GIT_FILEMODE_TREE || (w->flags & SRC_WALK_SHALLOW))
		return ret;
	ret = git_tree_lookup(&sub, w->h->repo, &ent.id);
	if (ret)
		return rev_errno(ret);
	ret = walk_tree(w, sub, len);
	git_tree_free(sub);
	return ret;
}

/* Walk @tree, whose path is w->path[0..len), in its own (git's) order. */
static int walk_tree(struct rev_walk *w, const git_tree *tree, size_t len)
{
	size_t n = git_tree_entrycount(tree);
	int ret = gitrepo_tree_check(tree);

	for (size_t i = 0; i < n && !ret; i++) {
		const git_tree_entry *te = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(te);
		size_t nlen = strlen(name), at = len + !!len;

		if (!name_ok(name) || at + nlen + 1 > sizeof(w->path))
			continue;	/* cannot be checked out, or named */
		if (len)
			w->path[len] = '/';
		memcpy(w->path + at, name, nlen + 1);
		ret = walk_entry(w, te, at + nlen);
		w->path[len] = '\0';
	}
	return ret;
}

static int rev_walk(struct source *src, const char *under, unsigned flags,
		    src_walk_fn fn, void *arg)
{
	struct rev_source *gs = rev_of(src);
	size_t len = strlen(under);
	struct rev_walk *w;
	struct rev_ent ent;
	git_tree *tree;
	int ret;

	while (len && under[len - 1] == '/')
		len--;
	if (len >= sizeof(w->path))
		return -ENAMETOOLONG;
	w = malloc(sizeof(*w));
	if (!w)
		return -ENOMEM;
	*w = (struct rev_walk){ .gs = gs, .flags = flags, .fn = fn, .arg = arg };
	memcpy(w->path, under, len);
	w->path[len] = '\0';
	ret = handle_get(gs, &w->h);
	if (ret)
		goto out_free;
	ret = resolve(gs, w->h, w->path, &ent);
	if (ret)
		goto out_put;
	if (ent.mode == GIT_FILEMODE_COMMIT)
		goto out_put;		/* a gitlink: nothing in it */
	if (ent.mode != GIT_FILEMODE_TREE) {
		ret = ent.mode == GIT_FILEMODE_LINK ? -ELOOP : -ENOTDIR;
		goto out_put;
	}
	ret = git_tree_lookup(&tree, w->h->repo, &ent.id);
	if (ret) {
		ret = rev_errno(ret);
		goto out_put;
	}
	ret = walk_tree(w, tree, len);
	git_tree_free(tree);
out_put:
	handle_put(gs, w->h);
out_free:
	free(w);
	return ret;
}

static int rev_stat(struct source *src, const char *path, struct src_entry *ent)
{
	struct rev_source *gs = rev_of(src);
	struct rev_handle *h;
	struct rev_ent ge;
	int ret;

	memset(ent, 0, sizeof(*ent));
	ent->path = path;
	ret = handle_get(gs, &h);
	if (ret)
		return ret;
	ret = resolve(gs, h, path, &ge);
	if (!ret) {
		ent->kind = ent_kind(ge.mode);
		ent_stat_sized(gs, h, &ge, &ent->st);
	}
	handle_put(gs, h);
	return ret;
}

/*
 * Blob @id whole, read by libgit2 (an object of an alternate: neither
 * packhead nor loose.h reads those here), into *@out (malloc'd) and
 * *@size: refused past BLOB_WHOLE_MAX before it is read.
 */
static int blob_whole_libgit2(struct rev_source *gs, struct rev_handle *h,
			      const git_oid *id, unsigned char **out,
			      uint64_t *size)
{
	git_blob *blob;
	size_t len;
	git_object_t type;

	if (git_odb_read_header(&len, &type, h->odb, id))
		return -EIO;
	if (type != GIT_OBJECT_BLOB)
		return -EIO;
	if (len > BLOB_WHOLE_MAX)
		return -EFBIG;
	if (git_blob_lookup(&blob, h->repo, id))
		return -EIO;
	*size = git_blob_rawsize(blob);
	*out = *size <= BLOB_WHOLE_MAX ? malloc(*size ? *size : 1) : NULL;
	if (*out)
		memcpy(*out, git_blob_rawcontent(blob), *size);
	git_blob_free(blob);
	return *out ? 0 : *size > BLOB_WHOLE_MAX ? -EFBIG : -ENOMEM;
}

/* Loose blob @id whole (checked: loose.h), as blob_whole() gives it. */
static int blob_whole_loose(struct rev_source *gs, const git_oid *id,
			    unsigned char **out, uint64_t *size)
{
	struct loose *lo;
	unsigned char *buf = NULL;
	ssize_t got;
	int type, ret = loose_open(&lo, gs->objdir, id->id, &type, size);

	if (ret)
		return ret;
	ret = type != LOOSE_BLOB ? -EIO : *size > BLOB_WHOLE_MAX ? -EFBIG : 0;
	if (!ret && !(buf = malloc(*size ? *size : 1)))
		ret = -ENOMEM;
	if (!ret) {
		got = loose_read(lo, buf, *size);
		ret = got < 0 || (uint64_t)got != *size ? -EIO :
		      loose_finish(lo) ? -EIO : 0;
	}
	loose_close(lo);
	if (ret) {
		free(buf);
		return ret;
	}
	*out = buf;
	return 0;
}

/*
 * Blob @id whole into *@out (malloc'd) and its size into *@size, never
 * more than BLOB_WHOLE_MAX bytes (-EFBIG): from the packs, else loose,
 * else (an alternate's) through libgit2.  -EIO for an object that is
 * malformed, a delta cycle, or not a blob.
 */
static int blob_whole(struct rev_source *gs, struct rev_handle *h,
		      const git_oid *id, unsigned char **out, uint64_t *size)
{
	int ret = -ENOENT;

	if (gs->packs)
		ret = packhead_read_whole(gs->packs, id->id, BLOB_WHOLE_MAX,
					  (void **)out, size);
	if (ret == -ENOENT)
		ret = blob_whole_loose(gs, id, out, size);
	if (ret == -ENOENT)
		ret = blob_whole_libgit2(gs, h, id, out, size);
	return ret == -EFBIG || ret == -ENOMEM || !ret ? ret : -EIO;
}

/*
 * The first @len bytes of blob @ent into @buf, @st filled: from the
 * packs as far as packhead's budget goes, else from its loose object as
 * far as asked (checked whole when that is all of it), else whole.  No blob reaches libgit2's readers but an
 * alternate's, and none is read past BLOB_WHOLE_MAX.
 */
static ssize_t blob_head(struct rev_source *gs, struct rev_handle *h,
			 const struct rev_ent *ent, void *buf, size_t len,
			 struct file_stat *st)
{
	unsigned char *whole;
	struct loose *lo;
	uint64_t size;
	ssize_t n = -ENOENT;
	int type;

	if (ent_kind(ent->mode) != SRC_REG)
		return ent->mode == GIT_FILEMODE_LINK ? -ELOOP : -EINVAL;
	if (gs->packs)
		n = packhead_read(gs->packs, ent->id.id, buf, len, &size);
	if (n == -ENOENT) {
		n = loose_open(&lo, gs->objdir, ent->id.id, &type, &size);
		if (!n) {
			n = type != LOOSE_BLOB ? -EIO : loose_read(lo, buf, len);
			/* A head that is the whole blob is checked whole: no
			 * byte more, its hash its id (loose.h), at no cost. */
			if (n >= 0 && (uint64_t)n == size && loose_finish(lo))
				n = -EIO;
			loose_close(lo);
		} else if (n == -ENOENT || n == -ENOMEM) {
			n = n == -ENOENT ? -E2BIG : n;	/* an alternate's */
		}
	}
	if (n == -E2BIG) {	/* past the budget of a head: whole */
		n = blob_whole(gs, h, &ent->id, &whole, &size);
		if (!n) {
			n = source_mem_pread(whole, size, buf, len, 0);
			free(whole);
		}
	}
	if (n < 0)
		return n == -EFBIG || n == -ENOMEM ? n : -EIO;
	ent_stat(gs, ent, &size, st);
	return n;
}

static ssize_t rev_head(struct source *src, const struct src_entry *ent,
			void *buf, size_t len, struct file_stat *st)
{
	struct rev_source *gs = rev_of(src);
	struct rev_entry_ref *ref = ent->priv;
	struct rev_handle *h = ref ? ref->h : NULL;
	struct rev_ent ge;
	ssize_t ret;

	if (!h && (ret = handle_get(gs, &h)))
		return ret;
	if (ref)
		ge = *ref->ent;
	else if ((ret = resolve(gs, h, ent->path, &ge)))
		goto out;
	ret = blob_head(gs, h, &ge, buf, len, st);
out:
	if (!ref)
		handle_put(gs, h);
	return ret;
}

static int rev_open(struct source *src, const char *path,
		    const struct file_stat *expect, struct src_file **out,
		    struct file_stat *st)
{
	struct rev_source *gs = rev_of(src);
	struct src_file *f = NULL;
	struct rev_handle *h;
	struct file_stat got;
	struct rev_ent ge;
	unsigned char *data = NULL;
	uint64_t size;
	int ret;

	ret = handle_get(gs, &h);
	if (ret)
		return ret;
	ret = resolve(gs, h, path, &ge);
	if (!ret && ent_kind(ge.mode) != SRC_REG)
		ret = ge.mode == GIT_FILEMODE_LINK ? -ELOOP : -EINVAL;
	if (ret)
		goto out;
	/* The stat first: a caller that may not read it reads nothing. */
	ent_stat_sized(gs, h, &ge, &got);
	if (expect && !file_stat_same_file(expect, &got)) {
		ret = -ESTALE;	/* not the file the caller checked */
		goto out;
	}
	ret = blob_whole(gs, h, &ge.id, &data, &size);
	if (!ret && !(f = malloc(sizeof(*f))))
		ret = -ENOMEM;
	if (ret) {
		free(data);
		goto out;
	}
	ent_stat(gs, &ge, &size, &got);
	f->st = got;
	f->size = size;
	f->data = data;
	if (st)
		*st = got;
	*out = f;
out:
	handle_put(gs, h);
	return ret;
}

static ssize_t rev_pread(struct source *src, struct src_file *f, void *buf,
			 size_t len, uint64_t off)
{
	return source_mem_pread(f->data, f->size, buf, len, off);
}

static void rev_close(struct source *src, struct src_file *f)
{
	free(f->data);
	free(f);
}

/* Every file of a revision is committed. */
static int rev_tracked(struct source *src, const char *path)
{
	return 1;
}

static void rev_free(struct source *src)
{
	struct rev_source *gs = rev_of(src);

	while (gs->idle) {
		struct rev_handle *h = gs->idle;

		gs->idle = h->next;
		handle_free(h);
	}
	pthread_mutex_destroy(&gs->lock);
	packhead_free(gs->packs);
	free(gs->objdir);
	free(gs->gitdir);
	free(src->root);
	free(gs);
}

static const struct source_ops rev_ops = {
	.walk = rev_walk,
	.stat = rev_stat,
	.head = rev_head,
	.open = rev_open,
	.pread = rev_pread,
	.close = rev_close,
	/* A revision's tree does not change: no refresh, no watch_dir. */
	.tracked = rev_tracked,
	.free = rev_free,
	.parallel_walk = 1,
};

/* "ROOT: object ID (PATH) is missing", for verify(). */
static int missing(struct rev_source *gs, const git_oid *id, const char *path,
		   struct spdx_error *err)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), id);
	return spdx_error_set(err, -EIO, "%s: object %s (%s) is missing "
			      "(a shallow or partial clone?)", gs->src.root,
			      hex, path[0] ? path : "the root tree");
}

/*
 * Are all the objects tree @id (at @path, of @len bytes in a buffer of
 * PATH_MAX) reaches there?  Trees are read, blobs only looked for.
 */
static int verify(struct rev_source *gs, struct rev_handle *h,
		  const git_oid *id, char *path, size_t len,
		  struct spdx_error *err)
{
	git_tree *tree;
	size_t n;
	int ret;

	ret = git_tree_lookup(&tree, h->repo, id);
	if (ret == GIT_ENOTFOUND)
		return missing(gs, id, path, err);
	if (ret)
		return spdx_error_set(err, -EIO, "%s: tree %s: %s", gs->src.root,
				      path[0] ? path : "/", libgit2_msg(LIBGIT2_UNKNOWN));
	ret = gitrepo_tree_check(tree);
	if (ret)
		spdx_error_set(err, ret, "%s: tree %s: entries out of git's "
			       "order or a name twice (git fsck: "
			       "treeNotSorted, duplicateEntries)",
			       gs->src.root, path[0] ? path : "/");
	n = git_tree_entrycount(tree);
	for (size_t i = 0; i < n && !ret; i++) {
		const git_tree_entry *te = git_tree_entry_byindex(tree, i);
		const char *name = git_tree_entry_name(te);
		git_filemode_t mode = git_tree_entry_filemode(te);
		size_t nlen = strlen(name), at = len + !!len;

		if (!name_ok(name) || at + nlen + 1 > PATH_MAX ||
		    mode == GIT_FILEMODE_COMMIT)
			continue;	/* never read */
		if (len)
			path[len] = '/';
		memcpy(path + at, name, nlen + 1);
		if (mode == GIT_FILEMODE_TREE)
			ret = verify(gs, h, git_tree_entry_id(te), path,
				     at + nlen, err);
		else if (!git_odb_exists(h->odb, git_tree_entry_id(te)))
			ret = missing(gs, git_tree_entry_id(te), path, err);
		path[len] = '\0';
	}
	git_tree_free(tree);
	return ret;
}

/*
 * The key of object directory @objdir, never 0: its device, inode and
 * birth time (its change time where the file system keeps none), so that
 * a directory made later in the place of a removed one, even with its
 * inode number, is another store (blobcache.h: results by store).
 * Not hash.h's mix: the key is in the names of the blob cache's saved
 * records (blobcache.c), so its values may not change.
 */
static uint64_t store_key(const char *objdir)
{
	struct statx sx;
	uint64_t k = 0x9e3779b97f4a7c15ull;

	if (!statx(AT_FDCWD, objdir, 0, STATX_INO | STATX_BTIME | STATX_CTIME,
		   &sx)) {
		const struct statx_timestamp *t = sx.stx_mask & STATX_BTIME ?
						  &sx.stx_btime : &sx.stx_ctime;
		uint64_t v[4] = { (uint64_t)sx.stx_dev_major << 32 | sx.stx_dev_minor,
				  sx.stx_ino, (uint64_t)t->tv_sec, t->tv_nsec };

		for (int i = 0; i < 4; i++) {
			k ^= v[i] + 0x9e3779b97f4a7c15ull + (k << 6) + (k >> 2);
			k *= 0xbf58476d1ce4e5b9ull;
			k ^= k >> 31;
		}
	}
	return k ? k : 1;
}

/* Open the repository @spec names into @gs's first handle. */
static int open_repo(struct rev_source *gs, const struct source_spec *spec,
		     struct rev_handle **h, struct spdx_error *err)
{
	struct stat st;
	int ret;

	if (stat(spec->path, &st))
		return spdx_error_errno(err, -errno, "%s", spec->path);
	if (!S_ISDIR(st.st_mode))
		return spdx_error_errno(err, -ENOTDIR, "%s", spec->path);
	ret = handle_open(h, spec->path, 0, err);
	if (ret == -ENOENT)
		return spdx_error_set(err, -EINVAL, "%s: not a git repository",
				      spec->path);
	if (ret)
		return ret;
	gs->gitdir = strdup(git_repository_path((*h)->repo));
	if (gs->gitdir && asprintf(&gs->objdir, "%sobjects",
				   git_repository_commondir((*h)->repo)) < 0)
		gs->objdir = NULL;
	if (!gs->gitdir || !gs->objdir)
		return spdx_error_errno(err, -ENOMEM, "%s", spec->path);
	if (stat(gs->gitdir, &st))
		return spdx_error_errno(err, -errno, "%s", gs->gitdir);
	gs->store = store_key(gs->objdir);
	gs->uid = st.st_uid;
	gs->gid = st.st_gid;
	return 0;
}

/*
 * The packs of @gs's repository for big heads, when its objects are
 * where they look to be: none for a worktree (its objects are the main
 * repository's) or with the object directory moved by the environment.
 */
static void open_packs(struct rev_source *gs)
{
	const char *env = getenv("SPDXFS_PACKHEAD_MIN");
	char path[PATH_MAX];

	gs->head_min = env && *env ? strtoull(env, NULL, 10) : PACKHEAD_MIN;
	snprintf(path, sizeof(path), "%s/commondir", gs->gitdir);
	if (!access(path, F_OK) || getenv("GIT_OBJECT_DIRECTORY"))
		return;
	snprintf(path, sizeof(path), "%s/objects", gs->gitdir);
	if (packhead_open(&gs->packs, path))
		gs->packs = NULL;
}

/* "REPO@REV": the work tree's path, or the repository's when bare. */
static int name_root(struct rev_source *gs, git_repository *repo,
		     const char *rev)
{
	const char *dir = git_repository_workdir(repo);
	size_t len;

	if (!dir)
		dir = git_repository_path(repo);
	len = strlen(dir);
	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (asprintf(&gs->src.root, "%.*s@%s", (int)len, dir, rev) < 0) {
		gs->src.root = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* Resolve @rev to its tree and its commit's time. */
static int resolve_rev(struct rev_source *gs, git_repository *repo,
		       const char *path, const char *rev,
		       struct spdx_error *err)
{
	git_object *obj = NULL, *peeled = NULL;
	int ret;

	ret = git_revparse_single(&obj, repo, rev);
	if (ret == GIT_ENOTFOUND)
		return spdx_error_set(err, -EINVAL, "%s: unknown revision '%s'%s",
				      path, rev, git_repository_is_shallow(repo) ?
				      " (or one beyond this shallow clone)" : "");
	if (ret == GIT_EAMBIGUOUS)
		return spdx_error_set(err, -EINVAL, "%s: ambiguous revision '%s'",
				      path, rev);
	if (ret)
		return spdx_error_set(err, -EINVAL, "%s: revision '%s': %s",
				      path, rev, libgit2_msg(LIBGIT2_UNKNOWN));
	if (!git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT)) {
		const git_commit *c = (const git_commit *)peeled;

		gs->tree = *git_commit_tree_id(c);
		gs->mtime_ns = (int64_t)git_commit_time(c) * 1000000000;
	} else if (!git_object_peel(&peeled, obj, GIT_OBJECT_TREE)) {
		gs->tree = *git_object_id(peeled);
	} else {
		ret = spdx_error_set(err, -EINVAL, "%s: revision '%s' names "
				     "no commit and no tree", path, rev);
	}
	git_object_free(peeled);
	git_object_free(obj);
	return ret;
}

int source_git_new(struct source **out, const struct source_spec *spec,
		   struct spdx_error *err)
{
	struct rev_handle *h = NULL;
	struct rev_source *gs;
	char *path = NULL;
	int ret;

	gs = calloc(1, sizeof(*gs));
	if (!gs)
		return spdx_error_errno(err, -ENOMEM, "%s", spec->path);
	pthread_mutex_init(&gs->lock, NULL);
	gs->src.ops = &rev_ops;
	ret = open_repo(gs, spec, &h, err);
	if (ret)
		goto fail;
	ret = resolve_rev(gs, h->repo, spec->path, spec->rev, err);
	if (ret)
		goto fail;
	open_packs(gs);
	if (name_root(gs, h->repo, spec->rev) || !(path = malloc(PATH_MAX))) {
		ret = spdx_error_errno(err, -ENOMEM, "%s", spec->path);
		goto fail;
	}
	path[0] = '\0';
	ret = verify(gs, h, &gs->tree, path, 0, err);
	free(path);
	if (ret)
		goto fail;
	handle_put(gs, h);
	*out = &gs->src;
	return 0;
fail:
	handle_free(h);
	rev_free(&gs->src);
	return ret;
}

/*
 * Point @src at @next's tree, resolved from @rev first when @resolve,
 * keeping @src's repository handles.
 */
static int retarget(struct source *src, const char *rev,
		    struct rev_source *next, int resolve,
		    struct spdx_error *err)
{
	struct rev_source *gs = rev_of(src);
	struct rev_handle *h;
	int ret;

	if (src->ops != &rev_ops)
		return spdx_error_set(err, -EINVAL, "%s: not a git revision",
				      src->root);
	ret = handle_get(gs, &h);
	if (ret)
		return spdx_error_set(err, ret, "%s: %s", gs->gitdir, libgit2_msg(LIBGIT2_UNKNOWN));
	if (resolve)
		ret = resolve_rev(next, h->repo, gs->gitdir, rev, err);
	if (!ret && name_root(next, h->repo, rev))
		ret = spdx_error_errno(err, -ENOMEM, "%s", gs->gitdir);
	handle_put(gs, h);
	if (ret)
		return ret;
	free(src->root);
	src->root = next->src.root;
	gs->tree = next->tree;
	gs->mtime_ns = next->mtime_ns;
	return 0;
}

/*
 * Point @src at revision @rev of the same repository, keeping its
 * repository handles: for a caller that reads commit after commit
 * (history.c), to whom opening the repository again each time would
 * cost more than the files that changed.  The objects the new tree
 * reaches are not looked for, as source_git_new() does: that is the
 * caller's to do, for what it reads.
 */
int source_git_retarget(struct source *src, const char *rev,
			struct spdx_error *err)
{
	struct rev_source next = { .src.root = NULL };

	return retarget(src, rev, &next, 1, err);
}

/*
 * The same, with the revision's tree and commit time as the caller read
 * them: a commit read once more, the revision parsed, cost history.c as
 * much as the files that changed in its commit.
 */
int source_git_retarget_tree(struct source *src, const char *rev,
			     const uint8_t tree[FILE_ID_BYTES], int64_t time,
			     struct spdx_error *err)
{
	struct rev_source next = { .src.root = NULL };

	memcpy(next.tree.id, tree, FILE_ID_BYTES);
	next.mtime_ns = time * 1000000000;
	return retarget(src, rev, &next, 0, err);
}

/*
 * A repository handle of @src's, for the calling thread alone until
 * source_git_repo_put(): a caller that reads the trees @src is about to
 * read (history.c's diff of two commits) reads them into the cache of
 * the handle @src's own reads take next, not into one of its own.
 */
int source_git_repo_get(struct source *src, struct rev_handle **h,
			git_repository **repo, git_odb **odb)
{
	int ret;

	if (src->ops != &rev_ops)
		return -EINVAL;
	ret = handle_get(rev_of(src), h);
	if (ret)
		return ret;
	*repo = (*h)->repo;
	*odb = (*h)->odb;
	return 0;
}

void source_git_repo_put(struct source *src, struct rev_handle *h)
{
	handle_put(rev_of(src), h);
}

int source_git_renew(struct source *src)
{
	struct rev_source *gs;
	struct rev_handle *h, *old;

	if (src->ops != &rev_ops)
		return -EINVAL;
	gs = rev_of(src);
	if (handle_open(&h, gs->gitdir, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL))
		return -EIO;
	pthread_mutex_lock(&gs->lock);
	old = gs->idle;
	gs->idle = h;
	pthread_mutex_unlock(&gs->lock);
	while (old) {
		struct rev_handle *next = old->next;

		handle_free(old);
		old = next;
	}
	return 0;
}
