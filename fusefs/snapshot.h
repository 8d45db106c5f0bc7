/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * snapshot: one immutable picture of the mount's directory tree, its
 * nodes and their lookup (views.h builds it; publish.h hands it out).
 * It owns the index it was built from.  Once built, nothing in it
 * changes but the readers' memos: any number of threads may read it
 * without a lock, for as long as they hold a reference (publish.h).
 *
 * Directories that mirror a directory of the tree point at it (tdir),
 * for its owner and permissions; the others (the root, the view roots,
 * by-license/NAME, ...) stand for the tree's root.
 *
 * Nodes are kept in one array; a directory's children are a contiguous
 * run of child[], sorted by name (strcmp), so readdir is sorted and
 * lookup is a binary search.  Inode numbers derive from a 64-bit hash of
 * the node's path in the mount, so a node keeps its number across
 * snapshots for as long as its path exists; the root is always 1.  A
 * file's hash also covers which tree file it is, with which owner and
 * mode (file_stat_identity()): an edit in place keeps the number, a file
 * renamed over it or a chmod gives a new one.
 *
 * Nothing here knows about FUSE.
 */
#ifndef SPDXFS_SNAPSHOT_H
#define SPDXFS_SNAPSHOT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

struct spdx_index;
struct spdx_file;
struct spdx_dir;
struct maint;
struct modscan;

enum vnode_kind {
	VN_DIR,		/* first/count: children in child[] */
	VN_FILE,	/* first: index in idx->files; content from the tree */
	VN_BLOB,	/* first: index in blobs[]; generated content */
	VN_DEAD,	/* a duplicate name that was dropped */
	VN_LAZY,	/* first: index in lazy[]; generated content, made
			   on first use (sbom.h) */
	VN_HIST,	/* first: enum hist_file; made on demand, outside
			   the snapshot (history_view.h) */
};

struct vnode {
	uint64_t ino;
	const char *name;	/* "" for the root */
	uint32_t parent;	/* node index; the root is its own parent */
	uint32_t kind;		/* enum vnode_kind */
	uint32_t first;
	uint32_t count;		/* VN_DIR: number of children */
	uint32_t nsubdirs;	/* VN_DIR: children that are directories */
	uint32_t tdir;		/* VN_DIR: 1 + index in idx->dirs of the tree
				   directory it mirrors; 0 for the others */
};

/* history/'s files (VN_HIST nodes' first), and their names. */
enum hist_file { HIST_CSV, HIST_SVG, HIST_NFILES };
extern const char *const hist_file_name[HIST_NFILES];

struct vblob {
	char *data;
	size_t len;
};

/*
 * A generated file too costly to make with every snapshot (built/'s
 * SPDX documents hash every built file): made by the first reader that
 * needs it, under lock, then kept for the snapshot's life.
 */
struct vlazy {
	int format;			/* enum export_format */
	pthread_mutex_t lock;		/* held while it is made */
	_Atomic(struct vblob *) done;	/* NULL until made; then fixed */
};

struct snapshot {
	atomic_long refs;	/* publish.c; 1 for the builder */
	atomic_long busy;	/* publish.c: requests using it now */
	struct spdx_index *idx;	/* owned */
	struct vnode *nodes;	/* nodes[0] is the root */
	size_t nnodes;
	uint32_t *child;
	uint32_t *slots;	/* ino hash table: node index + 1, 0 empty */
	size_t mask;
	struct vblob *blobs;
	size_t nblobs;
	struct vlazy *lazy;
	size_t nlazy;
	/* With a build directory: the files of idx that went into the
	 * image, in the order "spdxfs built" lists them, for the lazy
	 * files' documents. */
	uint32_t *built_files;
	uint8_t *built_why;	/* per built_files[]: its enum built_why */
	size_t nbuilt;
	int64_t time_ns;	/* when built: directories' and blobs' times */
	const struct maint *maint;	/* the tree's MAINTAINERS, or NULL;
					   not owned: it outlives the snapshot */
	/*
	 * Values the readers compute on demand, one per file of idx (see
	 * snapshot_memo_get()): the only part of a snapshot that changes
	 * after the build, each slot once, by compare-and-swap.
	 */
	_Atomic(_Atomic(char *) *) memo;	/* SNAP_MEMO__N per file */
	struct modscan *mods;	/* mount --modules: the MODULE_LICENSE()
				   calls of idx, owned; else NULL */
	/* One word per file of idx, then per directory, then one for what
	 * stands for the root: fs.c's memo of the ACLs each has not
	 * (snapshot_acl_memo()). */
	_Atomic(atomic_uint *) acl_memo;
	/* One byte per node: fs.c put its file in the page cache (made on
	 * first use, by snapshot_node_flags()). */
	_Atomic(atomic_uchar *) node_flags;
	void *pool;		/* private: names */
};

/* Free @s and the index (and modscan) it owns; NULL is nothing. */
void snapshot_free(struct snapshot *s);

/* The node with inode number @ino, or NULL. */
const struct vnode *snapshot_node(const struct snapshot *s, uint64_t ino);

/* Child @name of directory @dir, or NULL. */
const struct vnode *snapshot_lookup(const struct snapshot *s,
				    const struct vnode *dir, const char *name);

static inline const struct vnode *
snapshot_child(const struct snapshot *s, const struct vnode *dir, size_t i)
{
	return &s->nodes[s->child[dir->first + i]];
}

/* The tree file behind a VN_FILE node, or NULL. */
const struct spdx_file *vnode_file(const struct snapshot *s,
				   const struct vnode *n);

/* The entry at the root that @n is or lies below, a view or a generated
 * file (named as its row of view_table[], views.h); NULL for the root. */
const struct vnode *vnode_top(const struct snapshot *s, const struct vnode *n);

/* The tree directory a VN_DIR node mirrors, or NULL. */
const struct spdx_dir *vnode_dir(const struct snapshot *s,
				 const struct vnode *n);

/* The tree's root directory (owner and permissions), or NULL. */
const struct spdx_dir *snapshot_root_dir(const struct snapshot *s);

/* What a memo slot holds (the readers' business: xattr.c). */
enum snapshot_memo_kind {
	SNAP_MEMO_SUGGESTED,		/* user.spdx.suggested */
	SNAP_MEMO_MODULE_LICENSE,	/* user.spdx.module_license */
	SNAP_MEMO__N
};

/*
 * The memo @kind of file @file (an index in idx->files), or NULL when nobody
 * computed it yet.  snapshot_memo_set() installs @val (malloc'd; the
 * snapshot takes it) unless another thread was first, and returns the
 * value that stays: @val or the other one (then @val is freed).  NULL
 * and @val freed when memory is short.
 */
const char *snapshot_memo_get(const struct snapshot *s,
			      enum snapshot_memo_kind kind, size_t file);
const char *snapshot_memo_set(struct snapshot *s, enum snapshot_memo_kind kind,
			      size_t file, char *val);

/*
 * The ACL memo of @s, idx->nfiles + idx->ndirs + 1 words, all 0 when
 * made; NULL when memory is short.  Its words are the readers' (fs.c),
 * changed by compare-and-swap.
 */
atomic_uint *snapshot_acl_memo(struct snapshot *s);

/* A byte per node of @s (nnodes), all 0 when made, for the readers to
 * change by compare-and-swap; NULL when memory is short. */
atomic_uchar *snapshot_node_flags(struct snapshot *s);

/* What changed between two snapshots, for the kernel's caches. */
struct snapshot_diff_ops {
	/* @name appeared in or disappeared from directory @parent. */
	void (*entry)(void *arg, uint64_t parent, const char *name);
	/* The attributes or content of @ino changed (a directory: its
	 * listing). */
	void (*inode)(void *arg, uint64_t ino);
};

/* Report every difference between @old and @new through @ops: also,
 * for a directory that is gone, every entry below it and its listing,
 * and for one that is new, its listing and those below it (the kernel
 * may hold them from an earlier snapshot).  Names that go and nodes
 * that change come first, names that appear and the listings they
 * appear in last: a reader who finds a file in its new place (having
 * looked for it before) no longer finds it in its old one.  Returns the
 * number of calls made. */
size_t snapshot_diff(const struct snapshot *old, const struct snapshot *new,
		     const struct snapshot_diff_ops *ops, void *arg);

#endif
