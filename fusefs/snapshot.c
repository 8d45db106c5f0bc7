// SPDX-License-Identifier: GPL-2.0-only
/*
 * snapshot: a built snapshot's nodes, their lookup and memos, its end,
 * and what changed between two (snapshot.h); views.c builds it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "index.h"
#include "modscan.h"
#include "snapshot.h"
#include "util/strpool.h"

const char *const hist_file_name[HIST_NFILES] = {
	[HIST_CSV] = "backlog.csv",
	[HIST_SVG] = "backlog.svg",
};

void snapshot_free(struct snapshot *s)
{
	_Atomic(char *) *memo;

	if (!s)
		return;
	memo = atomic_load(&s->memo);
	if (memo) {
		for (size_t i = 0; i < s->idx->nfiles * SNAP_MEMO__N; i++)
			free(atomic_load(&memo[i]));
		free(memo);
	}
	free(atomic_load(&s->acl_memo));
	free(atomic_load(&s->node_flags));
	modscan_free(s->mods);
	for (size_t i = 0; i < s->nblobs; i++)
		free(s->blobs[i].data);
	free(s->blobs);
	for (size_t i = 0; i < s->nlazy; i++) {
		struct vblob *bl = atomic_load(&s->lazy[i].done);

		if (bl)
			free(bl->data);
		free(bl);
		pthread_mutex_destroy(&s->lazy[i].lock);
	}
	free(s->lazy);
	free(s->built_files);
	free(s->built_why);
	free(s->nodes);
	free(s->child);
	free(s->slots);
	strpool_free(s->pool);
	index_free(s->idx);
	free(s);
}

const struct vnode *snapshot_node(const struct snapshot *s, uint64_t ino)
{
	for (size_t i = ino & s->mask; s->slots[i]; i = (i + 1) & s->mask)
		if (s->nodes[s->slots[i] - 1].ino == ino)
			return &s->nodes[s->slots[i] - 1];
	return NULL;
}

const struct vnode *snapshot_lookup(const struct snapshot *s,
				    const struct vnode *dir, const char *name)
{
	size_t lo = 0, hi = dir->kind == VN_DIR ? dir->count : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct vnode *n = snapshot_child(s, dir, mid);
		int c = strcmp(name, n->name);

		if (!c)
			return n;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const struct spdx_file *vnode_file(const struct snapshot *s,
				   const struct vnode *n)
{
	return n->kind == VN_FILE ? &s->idx->files[n->first] : NULL;
}

const struct vnode *vnode_top(const struct snapshot *s, const struct vnode *n)
{
	size_t k = n - s->nodes;

	if (!k)
		return NULL;
	while (s->nodes[k].parent)
		k = s->nodes[k].parent;
	return &s->nodes[k];
}

const struct spdx_dir *vnode_dir(const struct snapshot *s,
				 const struct vnode *n)
{
	return n->kind == VN_DIR && n->tdir ? &s->idx->dirs[n->tdir - 1] : NULL;
}

const struct spdx_dir *snapshot_root_dir(const struct snapshot *s)
{
	const struct spdx_index *idx = s->idx;

	return idx->ndirs && !idx->dirs[0].path[0] ? &idx->dirs[0] : NULL;
}

/* The slots of a file are together. */
static size_t memo_slot(enum snapshot_memo_kind kind, size_t file)
{
	return file * SNAP_MEMO__N + kind;
}

const char *snapshot_memo_get(const struct snapshot *s,
			      enum snapshot_memo_kind kind, size_t file)
{
	_Atomic(char *) *memo = atomic_load(&((struct snapshot *)s)->memo);

	return memo && file < s->idx->nfiles && kind < SNAP_MEMO__N ?
	       atomic_load(&memo[memo_slot(kind, file)]) : NULL;
}

const char *snapshot_memo_set(struct snapshot *s, enum snapshot_memo_kind kind,
			      size_t file, char *val)
{
	_Atomic(char *) *memo = atomic_load(&s->memo), *fresh = NULL;
	char *cur = NULL;

	if (!memo) {
		fresh = calloc(s->idx->nfiles ? s->idx->nfiles * SNAP_MEMO__N : 1,
			       sizeof(*fresh));
		if (!fresh) {
			free(val);
			return NULL;
		}
		/* Another thread may have installed its array meanwhile. */
		if (atomic_compare_exchange_strong(&s->memo, &memo, fresh))
			memo = fresh;
		else
			free(fresh);
	}
	if (file >= s->idx->nfiles || kind >= SNAP_MEMO__N) {
		free(val);
		return NULL;
	}
	if (atomic_compare_exchange_strong(&memo[memo_slot(kind, file)], &cur, val))
		return val;
	free(val);
	return cur;
}

atomic_uint *snapshot_acl_memo(struct snapshot *s)
{
	atomic_uint *memo = atomic_load(&s->acl_memo), *fresh;

	if (memo)
		return memo;
	fresh = calloc(s->idx->nfiles + s->idx->ndirs + 1, sizeof(*fresh));
	if (!fresh)
		return NULL;
	/* Another thread may have installed its array meanwhile. */
	if (atomic_compare_exchange_strong(&s->acl_memo, &memo, fresh))
		return fresh;
	free(fresh);
	return memo;
}

atomic_uchar *snapshot_node_flags(struct snapshot *s)
{
	atomic_uchar *flags = atomic_load(&s->node_flags), *fresh;

	if (flags)
		return flags;
	fresh = calloc(s->nnodes ? s->nnodes : 1, sizeof(*fresh));
	if (!fresh)
		return NULL;
	if (atomic_compare_exchange_strong(&s->node_flags, &flags, fresh))
		return fresh;
	free(fresh);
	return flags;
}

static const char *expr_text(const struct snapshot *s, const struct spdx_file *f)
{
	return f->expr < 0 ? NULL : s->idx->exprs[f->expr].text;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static int same_dir(const struct spdx_dir *a, const struct spdx_dir *b, int mtime)
{
	if (!a || !b)
		return a == b;
	/* ctime: an ACL the kernel holds (fs.c) may have changed. */
	return a->mode == b->mode && a->uid == b->uid && a->gid == b->gid &&
	       a->ctime_ns == b->ctime_ns &&
	       (!mtime || a->mtime_ns == b->mtime_ns);
}

/* Would a reader see a difference between the two nodes' attributes,
 * content or extended attributes? */
static int node_changed(const struct snapshot *os, const struct vnode *o,
			const struct snapshot *ns, const struct vnode *n)
{
	if (o->kind != n->kind)
		return 1;
	if (n->kind == VN_LAZY)
		return 1;	/* not known until made: tell the kernel */
	if (n->kind == VN_DIR) {
		const struct spdx_dir *a = vnode_dir(os, o), *b = vnode_dir(ns, n);

		if (!a && !b)	/* they stand for the tree root */
			return !same_dir(snapshot_root_dir(os), snapshot_root_dir(ns), 0);
		return !same_dir(a, b, 1);
	}
	if (n->kind == VN_BLOB && !same_dir(snapshot_root_dir(os),
					     snapshot_root_dir(ns), 0))
		return 1;	/* the owner */
	if (n->kind == VN_BLOB) {
		const struct vblob *a = &os->blobs[o->first], *b = &ns->blobs[n->first];

		return a->len != b->len || memcmp(a->data, b->data, a->len);
	}
	if (n->kind == VN_FILE) {
		const struct spdx_file *a = vnode_file(os, o), *b = vnode_file(ns, n);

		return !file_stat_same(&a->st, &b->st) ||
		       a->status != b->status || a->line != b->line ||
		       strcmp(a->path, b->path) ||
		       !same_str(a->error, b->error) ||
		       !same_str(expr_text(os, a), expr_text(ns, b)) ||
		       (a->expr >= 0 && b->expr >= 0 &&
			!same_str(os->idx->exprs[a->expr].error,
				  ns->idx->exprs[b->expr].error));
	}
	return 0;
}

/*
 * Directory @n of @old is not in @new: a kernel may still hold it (a
 * shell's working directory), and must keep neither its listing, its
 * attributes nor the entries below it, or they are back as they were
 * when its path comes back.  The entries go first: the kernel drops one
 * only once a lookup or a listing of the directory in progress is done,
 * which would otherwise fill its cache again.  A file that is gone keeps
 * what the kernel has of it: a descriptor open on it reads on, as one on
 * a deleted file does.
 */
static size_t diff_gone(const struct snapshot *old, const struct vnode *n,
			const struct snapshot_diff_ops *ops, void *arg)
{
	size_t calls = 1;

	if (n->kind != VN_DIR)
		return 0;
	for (size_t i = 0; i < n->count; i++) {
		const struct vnode *c = snapshot_child(old, n, i);

		calls += diff_gone(old, c, ops, arg) + 1;
		ops->entry(arg, n->ino, c->name);
	}
	ops->inode(arg, n->ino);
	return calls;
}

/*
 * Directory @n of @new was not in @old: drop whatever the kernel still
 * has of it and of the directories below (it was there before, maybe),
 * should an answer from an older snapshot have slipped in after it left.
 */
static size_t diff_back(const struct snapshot *new, const struct vnode *n,
			const struct snapshot_diff_ops *ops, void *arg)
{
	size_t calls = 1;

	for (size_t i = 0; i < n->count; i++) {
		const struct vnode *c = snapshot_child(new, n, i);

		if (c->kind == VN_DIR)
			calls += diff_back(new, c, ops, arg);
	}
	ops->inode(arg, n->ino);
	return calls;
}

/*
 * What snapshot_diff() tells the kernel after everything else: the names
 * that appear and the listings that change.  A name the kernel holds as
 * absent (someone looked for it) shows only once it is told, so whoever
 * sees a file in its new place finds it gone from its old one.
 */
struct diff_later {
	const struct vnode *parent;	/* the directory, in @new */
	const struct vnode *node;	/* the entry that appears; NULL: the
					   parent's listing */
	int told;			/* its name was told already (it
					   replaced another): only what the
					   kernel may hold below it */
};

struct diff_queue {
	struct diff_later *v;
	size_t n, cap;
	const struct snapshot *new;
	const struct snapshot_diff_ops *ops;
	void *arg;
};

static size_t later_run(const struct diff_queue *q, const struct diff_later *l)
{
	size_t calls = 0;

	if (!l->node) {
		q->ops->inode(q->arg, l->parent->ino);
		return 1;
	}
	if (!l->told) {
		q->ops->entry(q->arg, l->parent->ino, l->node->name);
		calls++;
	}
	if (l->node->kind == VN_DIR)
		calls += diff_back(q->new, l->node, q->ops, q->arg);
	return calls;
}

/* Queue @l; told now when memory is short (the order is a nicety). */
static size_t later(struct diff_queue *q, const struct vnode *parent,
		    const struct vnode *node, int told)
{
	struct diff_later l = { parent, node, told }, *v;

	v = grow(q->v, q->n, &q->cap, sizeof(*v), 64);
	if (!v)
		return later_run(q, &l);
	q->v = v;
	q->v[q->n++] = l;
	return 0;
}

size_t snapshot_diff(const struct snapshot *old, const struct snapshot *new,
		     const struct snapshot_diff_ops *ops, void *arg)
{
	struct diff_queue q = { .new = new, .ops = ops, .arg = arg };
	size_t calls = 0;

	if (node_changed(old, &old->nodes[0], new, &new->nodes[0])) {
		ops->inode(arg, new->nodes[0].ino);
		calls++;
	}
	for (size_t k = 0; k < new->nnodes; k++) {
		const struct vnode *d = &new->nodes[k], *od;
		size_t i = 0, j = 0;
		int listing = 0, adds = 0;

		if (d->kind != VN_DIR)
			continue;
		od = snapshot_node(old, d->ino);
		if (!od || od->kind != VN_DIR)
			continue;	/* new directory: its parent reports it */
		while (i < od->count || j < d->count) {
			const struct vnode *a = i < od->count ? snapshot_child(old, od, i) : NULL;
			const struct vnode *b = j < d->count ? snapshot_child(new, d, j) : NULL;
			int c = !a ? 1 : !b ? -1 : strcmp(a->name, b->name);

			if (c < 0) {
				ops->entry(arg, d->ino, a->name);
				calls += 1 + diff_gone(old, a, ops, arg);
				listing = 1;
				i++;
			} else if (c > 0) {
				calls += later(&q, d, b, 0);
				listing = adds = 1;
				j++;
			} else {
				if (a->ino != b->ino || a->kind != b->kind) {
					ops->entry(arg, d->ino, b->name);
					calls += 1 + diff_gone(old, a, ops, arg);
					if (b->kind == VN_DIR)
						calls += later(&q, d, b, 1);
					listing = 1;
				} else if (node_changed(old, a, new, b)) {
					ops->inode(arg, b->ino);
					calls++;
				}
				i++;
				j++;
			}
		}
		/* A listing with new names waits for them to be told. */
		if (listing && adds)
			calls += later(&q, d, NULL, 0);
		else if (listing)
			calls += later_run(&q, &(struct diff_later){ d, NULL, 0 });
	}
	for (size_t i = 0; i < q.n; i++)
		calls += later_run(&q, &q.v[i]);
	free(q.v);
	return calls;
}
