// SPDX-License-Identifier: GPL-2.0-only
/*
 * views: build the mount's directory tree from an index (see views.h):
 * the view table, the views' fills and README; the generated files are
 * views_files.c's, the built snapshot's nodes snapshot.c's.
 *
 * The build appends nodes to one array, parents before children, one
 * root entry of view_table[] (after the builders it names) at a time,
 * then gathers each directory's children into a contiguous sorted run
 * and fills the inode hash table.  Mirrored tree paths are added from
 * the index's files in path order, so a directory's files are
 * contiguous and a stack of open directories is enough to create each
 * directory once.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "sbom/built.h"
#include "sbom/built_report.h"
#include "sbom/export.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "spdx/licenses.h"
#include "maintainers.h"
#include "modscan.h"
#include "util/pathsearch.h"
#include "report.h"
#include "util/strpool.h"
#include "views.h"
#include "views_build.h"
#include "xattr.h"

#define FNV_BASIS	0xcbf29ce484222325ULL
#define FNV_PRIME	0x100000001b3ULL
#define NSEC_PER_SEC	1000000000

/* Room for a license identifier as a view names it; longer ones, which
 * no LICENSES/ file declares, are left out. */
#define ID_MAX		256

/* README: where a view's description starts, and the width its prose
 * paragraphs are wrapped to. */
#define README_COL	19
#define README_WIDTH	72

static uint64_t hash_more(uint64_t h, const char *s, size_t len)
{
	h ^= '/';
	h *= FNV_PRIME;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= FNV_PRIME;
	}
	return h;
}

/* splitmix64's finaliser: spreads the FNV state over 64 bits. */
static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return x;
}

/* Append a node; @name must outlive the snapshot.  Returns its index or
 * -ENOMEM. */
static long add_node(struct view_builder *b, uint32_t parent,
		     const char *name, size_t len, enum vnode_kind kind,
		     uint32_t first)
{
	struct snapshot *s = b->s;
	struct vnode *n;

	if (s->nnodes == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 4096;
		struct vnode *nodes = realloc(s->nodes, ncap * sizeof(*nodes));
		uint64_t *hash;

		if (!nodes)
			return -ENOMEM;
		s->nodes = nodes;
		hash = realloc(b->hash, ncap * sizeof(*hash));
		if (!hash)
			return -ENOMEM;
		b->hash = hash;
		b->cap = ncap;
	}
	n = &s->nodes[s->nnodes];
	memset(n, 0, sizeof(*n));
	n->name = name;
	n->parent = parent;
	n->kind = kind;
	n->first = first;
	b->hash[s->nnodes] = s->nnodes ? hash_more(b->hash[parent], name, len)
				       : FNV_BASIS;
	/* A file's number also says which file it is: a path that comes to
	 * name another file gets another number, so that a descriptor
	 * opened on the first never reads the other's bytes. */
	if (kind == VN_FILE)
		b->hash[s->nnodes] ^= file_stat_identity(&b->idx->files[first].st);
	return s->nnodes++;
}

/* A directory whose name is copied into the snapshot's pool. */
static long add_dir(struct view_builder *b, uint32_t parent,
		    const char *name, size_t len)
{
	char *copy = strpool_add(b->pool, name, len);

	if (!copy)
		return -ENOMEM;
	return add_node(b, parent, copy, len, VN_DIR, 0);
}

static int add_blob(struct view_builder *b, uint32_t parent,
		    const char *name, char *data, size_t len)
{
	struct snapshot *s = b->s;
	struct vblob *bl;
	long n;

	bl = grow(s->blobs, s->nblobs, &b->nblobs_cap, sizeof(*s->blobs), 8);
	if (!bl) {
		free(data);
		return -ENOMEM;
	}
	s->blobs = bl;
	s->blobs[s->nblobs].data = data;
	s->blobs[s->nblobs].len = len;
	n = add_node(b, parent, name, strlen(name), VN_BLOB, s->nblobs);
	s->nblobs++;	/* owned by the snapshot either way */
	return n < 0 ? (int)n : 0;
}

static int stack_reserve(struct view_builder *b, size_t depth)
{
	if (depth < b->stk_cap)
		return 0;
	size_t ncap = b->stk_cap ? b->stk_cap * 2 : 64;
	uint32_t *node = realloc(b->stk_node, ncap * sizeof(*node));

	if (!node)
		return -ENOMEM;
	b->stk_node = node;
	size_t *len = realloc(b->stk_len, ncap * sizeof(*len));

	if (!len)
		return -ENOMEM;
	b->stk_len = len;
	b->stk_cap = ncap;
	return 0;
}

/* 1 + the index in idx->dirs of tree directory @path[0..@len), or 0. */
static uint32_t tree_dir(const struct spdx_index *idx, const char *path,
			 size_t len)
{
	size_t lo = 0, hi = idx->ndirs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const char *d = idx->dirs[mid].path;
		int c = strncmp(path, d, len);

		if (!c && d[len])
			c = -1;		/* @path is a proper prefix of d */
		if (!c)
			return mid + 1;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return 0;
}

/*
 * Add files @files[0..@n) (indices into idx->files, in path order) below
 * directory @top, each at its tree path, creating the directories on the
 * way; each of those mirrors its tree directory.
 */
static int mirror(struct view_builder *b, uint32_t top, const uint32_t *files, size_t n)
{
	const char *prev = "";
	size_t depth = 0;
	int ret = stack_reserve(b, 0);

	if (ret)
		return ret;
	b->stk_node[0] = top;
	b->stk_len[0] = 0;
	for (size_t i = 0; i < n; i++) {
		const char *p = b->idx->files[files[i]].path, *rest, *slash;
		long node;

		if (spdx_file_is_dir(&b->idx->files[files[i]]))
			continue;	/* unreadable: nothing to show in it */
		/* Every open directory is a prefix of the previous path (up to
		 * and with its '/'): keep those that are also a prefix of this
		 * one.  Mostly the innermost one is, and one strncmp() says
		 * so. */
		while (depth && strncmp(p, prev, b->stk_len[depth]))
			depth--;
		rest = p + b->stk_len[depth];
		while ((slash = strchr(rest, '/'))) {
			node = add_dir(b, b->stk_node[depth], rest, slash - rest);
			if (node < 0)
				return node;
			b->s->nodes[node].tdir = tree_dir(b->idx, p, slash - p);
			if ((ret = stack_reserve(b, ++depth)))
				return ret;
			b->stk_node[depth] = node;
			b->stk_len[depth] = slash + 1 - p;
			rest = slash + 1;
		}
		node = add_node(b, b->stk_node[depth], rest, strlen(rest), VN_FILE,
				files[i]);
		if (node < 0)
			return node;
		prev = p;
	}
	return 0;
}

/* Append @x to the growable array *@v of *@n items, *@cap allocated. */
static int u32_push(uint32_t **v, size_t *n, size_t *cap, uint32_t x)
{
	uint32_t *a = grow(*v, *n, cap, sizeof(**v), 8);

	if (!a)
		return -ENOMEM;
	*v = a;
	a[(*n)++] = x;
	return 0;
}

static int bin_push(struct bin *bin, uint32_t file)
{
	return u32_push(&bin->files, &bin->n, &bin->cap, file);
}

/* The bin named @name (added if new), or -ENOMEM. */
static long bin_find(struct binset *set, struct strpool *pool, const char *name)
{
	struct bin *bins;

	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->bins[i].name, name))
			return i;
	bins = grow(set->bins, set->n, &set->cap, sizeof(*set->bins), 16);
	if (!bins)
		return -ENOMEM;
	set->bins = bins;
	memset(&set->bins[set->n], 0, sizeof(set->bins[0]));
	set->bins[set->n].name = strpool_str(pool, name);
	if (!set->bins[set->n].name)
		return -ENOMEM;
	return set->n++;
}

static void binset_release(struct binset *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->bins[i].files);
	free(set->bins);
	memset(set, 0, sizeof(*set));
}

/* One directory per bin below @top, each mirroring its files.  Empty
 * bins get an empty directory. */
static int add_bins(struct view_builder *b, uint32_t top, const struct binset *set)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct bin *bin = &set->bins[i];
		long d = add_node(b, top, bin->name, strlen(bin->name), VN_DIR, 0);
		int ret;

		if (d < 0)
			return d;
		if ((ret = mirror(b, d, bin->files, bin->n)))
			return ret;
	}
	return 0;
}

/* Per expression: the bins its files go to, as a list of bin numbers. */
struct expr_bins {
	uint32_t *bins;
	size_t n, cap;
};

static int eb_add(struct expr_bins *eb, uint32_t bin)
{
	for (size_t i = 0; i < eb->n; i++)
		if (eb->bins[i] == bin)
			return 0;
	return u32_push(&eb->bins, &eb->n, &eb->cap, bin);
}

/* Put each counted file the views show into the bins of its expression. */
static int fill_bins(struct binset *set, const struct view_builder *b,
		     const struct expr_bins *eb)
{
	for (size_t i = b->lo; i < b->hi; i++) {
		const struct spdx_file *f = &b->idx->files[i];
		int ret;

		if (!spdx_file_counted(f))
			continue;
		for (size_t j = 0; j < eb[f->expr].n; j++)
			if ((ret = bin_push(&set->bins[eb[f->expr].bins[j]], i)))
				return ret;
	}
	return 0;
}

struct classify {
	struct view_builder *b;
	struct binset *set;
	struct expr_bins *eb;
	int by_id;		/* else by license file */
};

static int classify_id(const char *id, size_t len, int plus, int is_exception,
		       void *arg)
{
	struct classify *c = arg;
	const struct licenses *lic = c->b->idx->lic;
	char buf[ID_MAX], modern[ID_MAX];
	const char *spelled;
	long bin;

	if (len + 2 > sizeof(buf))
		return 0;
	memcpy(buf, id, len);
	if (c->by_id) {
		spelled = licenses_spelling(lic, id, len);
		if (!spelled) {
			buf[len] = '\0';
			spelled = buf;
		}
		spdx_modern_id(spelled, plus && !is_exception, modern, sizeof(modern));
		bin = bin_find(c->set, c->b->pool, modern);
		if (bin < 0)
			return bin;
	} else {
		const struct license_file *lf;

		if (plus)
			buf[len++] = '+';
		buf[len] = '\0';
		lf = licenses_lookup(lic, buf, len);
		if (!lf)
			return 0;
		bin = lf - lic->files;
	}
	return eb_add(c->eb, bin);
}

static void eb_free(struct expr_bins *eb, size_t n)
{
	if (!eb)
		return;
	for (size_t k = 0; k < n; k++)
		free(eb[k].bins);
	free(eb);
}

/*
 * Fill @set: by license file (@by_id 0: one bin per LICENSES/ file, in
 * their order) or by modern identifier (@by_id 1: bins as found).
 */
static int classify_files(struct view_builder *b, struct binset *set, int by_id)
{
	const struct spdx_index *idx = b->idx;
	struct expr_bins *eb;
	int ret = 0;

	eb = calloc(idx->nexprs ? idx->nexprs : 1, sizeof(*eb));
	if (!eb)
		return -ENOMEM;
	if (!by_id && idx->lic) {
		for (int l = 0; l < idx->lic->nfiles; l++) {
			long bin = bin_find(set, b->pool, idx->lic->files[l].name);

			if (bin < 0) {
				ret = bin;
				goto out;
			}
		}
	}
	for (size_t k = 0; k < idx->nexprs; k++) {
		struct classify c = { .b = b, .set = set, .eb = &eb[k], .by_id = by_id };

		if (!b->used[k] || !idx->exprs[k].ast)
			continue;
		ret = expr_foreach_id(idx->exprs[k].ast, classify_id, &c);
		if (ret)
			goto out;
	}
	ret = fill_bins(set, b, eb);
out:
	eb_free(eb, idx->nexprs);
	return ret;
}

/* usable-under/'s candidates, into @cand: the modern id of each
 * identifier a license (not an exception) file declares. */
static int usable_candidates(struct view_builder *b, struct binset *cand)
{
	const struct licenses *lic = b->idx->lic;

	for (int l = 0; l < lic->nfiles; l++) {
		const struct license_file *lf = &lic->files[l];

		if (lf->exception)
			continue;
		for (int j = 0; j < lf->nids; j++) {
			char buf[ID_MAX], modern[ID_MAX];
			size_t len = strlen(lf->ids[j]);
			int plus = len && lf->ids[j][len - 1] == '+';

			if (len >= sizeof(buf))
				continue;
			memcpy(buf, lf->ids[j], len - plus);
			buf[len - plus] = '\0';
			spdx_modern_id(buf, plus, modern, sizeof(modern));
			if (bin_find(cand, b->pool, modern) < 0)
				return -ENOMEM;
		}
	}
	return 0;
}

/* usable-under/: one bin per candidate that at least one expression is
 * usable under. */
static int classify_usable(struct view_builder *b, struct binset *set)
{
	const struct spdx_index *idx = b->idx;
	struct binset cand = { 0 };
	struct expr_bins *eb = NULL;
	int ret;

	if (!idx->lic)
		return 0;
	if ((ret = usable_candidates(b, &cand)))
		goto out;
	eb = calloc(idx->nexprs ? idx->nexprs : 1, sizeof(*eb));
	if (!eb) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t k = 0; k < idx->nexprs && !ret; k++) {
		if (!b->used[k] || !idx->exprs[k].ast)
			continue;
		for (size_t c = 0; c < cand.n && !ret; c++) {
			long bin;

			if (!expr_usable_under(idx->exprs[k].ast, cand.bins[c].name))
				continue;
			bin = bin_find(set, b->pool, cand.bins[c].name);
			ret = bin < 0 ? (int)bin : eb_add(&eb[k], bin);
		}
	}
	if (!ret)
		ret = fill_bins(set, b, eb);
out:
	eb_free(eb, idx->nexprs);
	binset_release(&cand);
	return ret;
}

/* The bins of @set (filled when @ret is 0) as directories below @dir;
 * @set is released either way. */
static int add_binned(struct view_builder *b, uint32_t dir, struct binset *set,
		      int ret)
{
	if (!ret)
		ret = add_bins(b, dir, set);
	binset_release(set);
	return ret;
}

static int fill_by_license(struct view_builder *b, uint32_t dir)
{
	struct binset set = { 0 };

	return add_binned(b, dir, &set, classify_files(b, &set, 0));
}

static int fill_by_id(struct view_builder *b, uint32_t dir)
{
	struct binset set = { 0 };

	return add_binned(b, dir, &set, classify_files(b, &set, 1));
}

static int fill_usable(struct view_builder *b, uint32_t dir)
{
	struct binset set = { 0 };

	return add_binned(b, dir, &set, classify_usable(b, &set));
}

/* The files @pick accepts, at their tree paths below @dir. */
static int mirror_picked(struct view_builder *b, uint32_t dir,
			 int (*pick)(const struct spdx_file *))
{
	const struct spdx_index *idx = b->idx;
	struct bin bin = { 0 };
	int ret = 0;

	for (size_t i = b->lo; i < b->hi && !ret; i++)
		if (pick(&idx->files[i]))
			ret = bin_push(&bin, i);
	if (!ret)
		ret = mirror(b, dir, bin.files, bin.n);
	free(bin.files);
	return ret;
}

static int pick_all(const struct spdx_file *f)
{
	return 1;
}

static int pick_untagged(const struct spdx_file *f)
{
	return f->status == ST_UNTAGGED;
}

static int pick_misplaced(const struct spdx_file *f)
{
	return f->status == ST_MISPLACED;
}

static int pick_invalid(const struct spdx_file *f)
{
	return f->status == ST_INVALID;
}

static int pick_uapi(const struct spdx_file *f)
{
	return !!(f->flags & IDX_F_UAPI);
}

/* by-maintainer/ENTRY/: untagged files by entry, ENTRY the entry's name. */
static int fill_by_maintainer(struct view_builder *b, uint32_t dir)
{
	struct binset set = { 0 };
	const struct maint_entry *ents;
	size_t nent;
	int ret = views_untagged_entries(b);

	ents = maint_entries(b->maint, &nent);
	for (size_t i = b->lo; i < b->hi && !ret; i++) {
		long e = b->entry_of[i - b->lo];
		long k;

		if (e < 0)
			continue;
		k = bin_find(&set, b->pool, ents[e].name);
		ret = k < 0 ? (int)k : bin_push(&set.bins[k], i);
	}
	return add_binned(b, dir, &set, ret);
}

/* licenses/ID: every declared identifier, served from its license file. */
static int fill_licenses(struct view_builder *b, uint32_t dir)
{
	const struct licenses *lic = b->idx->lic;

	if (!lic)
		return 0;
	for (int l = 0; l < lic->nfiles; l++) {
		const struct license_file *lf = &lic->files[l];
		const struct spdx_file *f = index_find(b->idx, lf->path);

		if (!f)
			continue;
		for (int j = 0; j < lf->nids; j++) {
			long n = add_node(b, dir, lf->ids[j], strlen(lf->ids[j]),
					  VN_FILE, f - b->idx->files);

			if (n < 0)
				return n;
		}
	}
	return 0;
}

/*
 * A generated file @name below @parent, whose text @write prints.  The
 * text is kept in memory: writing to a memory stream fails only when
 * memory is short, which fclose() reports.
 */
static int add_text(struct view_builder *b, uint32_t parent, const char *name,
		    int (*write)(struct view_builder *b, FILE *out))
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret;

	if (!f)
		return -ENOMEM;
	ret = write(b, f);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	if (!ret && !text)
		ret = -ENOMEM;
	if (ret) {
		free(text);
		return ret;
	}
	return add_blob(b, parent, name, text, len);
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * built/sbom.spdx.json and built/sbom.spdx3.json, made on first use, of
 * the @n @files "spdxfs built" lists (whatever the mount's directory:
 * the document is the command's).
 */
static int add_sboms(struct view_builder *b, uint32_t dir,
		     const struct spdx_file *const *files, size_t n)
{
	static const struct { const char *name; int format; } docs[] = {
		{ "sbom.spdx.json", EXPORT_SPDX_JSON },
		{ "sbom.spdx3.json", EXPORT_SPDX3 },
	};
	const size_t ndocs = sizeof(docs) / sizeof(docs[0]);
	struct snapshot *s = b->s;

	s->built_files = alloc_array(n ? n : 1, sizeof(*s->built_files));
	s->built_why = alloc_array(n ? n : 1, sizeof(*s->built_why));
	s->lazy = calloc(ndocs, sizeof(*s->lazy));
	if (!s->built_files || !s->built_why || !s->lazy)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		s->built_files[i] = files[i] - b->idx->files;
		s->built_why[i] = built_why_of(b->built, files[i]->path);
	}
	s->nbuilt = n;
	for (size_t i = 0; i < ndocs; i++) {
		long node;

		s->lazy[i].format = docs[i].format;
		pthread_mutex_init(&s->lazy[i].lock, NULL);
		s->nlazy++;	/* the snapshot destroys it either way */
		node = add_node(b, dir, docs[i].name, strlen(docs[i].name),
				VN_LAZY, i);
		if (node < 0)
			return node;
	}
	return 0;
}

/* built/: the image's files that the index has, at their tree paths,
 * built/SUMMARY and the SPDX documents. */
static int fill_built(struct view_builder *b, uint32_t dir)
{
	const struct spdx_index *idx = b->idx;
	const struct built *bt = b->built;
	const struct spdx_file **files;
	struct bin bin = { 0 };
	size_t missing, len, n;
	char *text = NULL;
	int ret = -ENOMEM;

	files = alloc_array(bt->npaths, sizeof(*files));
	if (!files)
		return -ENOMEM;
	/* The same files, in the same order, as the command's. */
	n = report_built_files(idx, bt, files, &missing);
	for (size_t i = 0; i < n; i++) {
		size_t k = files[i] - idx->files;

		if (k >= b->lo && k < b->hi && (ret = bin_push(&bin, k)))
			goto out;
	}
	if ((ret = views_built_summary(idx, bt, files, n, missing, &text, &len)))
		goto out;
	qsort(bin.files, bin.n, sizeof(*bin.files), cmp_u32);
	if (!(ret = mirror(b, dir, bin.files, bin.n)))
		ret = add_blob(b, dir, "SUMMARY", text, len);
	else
		free(text);
	if (!ret)
		ret = add_sboms(b, dir, files, n);
out:
	free(bin.files);
	free(files);
	return ret;
}

/* module-license/: the files with a call that contradicts their tag. */
static int fill_module_license(struct view_builder *b, uint32_t dir)
{
	struct bin bin = { 0 };
	int ret = 0;

	for (size_t i = 0; i < b->mods->nfiles && !ret; i++) {
		const struct modscan_file *mf = &b->mods->files[i];
		size_t k = mf->f - b->idx->files;

		if (k >= b->lo && k < b->hi &&
		    (mf->classes & (1u << MODLIC_CONTRADICTION)))
			ret = bin_push(&bin, k);
	}
	if (!ret)
		ret = mirror(b, dir, bin.files, bin.n);
	free(bin.files);
	return ret;
}

static int fill_uapi(struct view_builder *b, uint32_t dir)
{
	return add_text(b, dir, "WITHOUT-SYSCALL-NOTE", views_write_without_note);
}

static int fill_charts(struct view_builder *b, uint32_t dir)
{
	int ret = add_text(b, dir, "licenses.svg", views_write_licenses_svg);

	return ret ? ret : add_text(b, dir, "backlog.svg", views_write_backlog_svg);
}

static const char readme_head[] =
	"spdxfs: the files of a kernel tree, by SPDX license.\n";

static const char readme_paths[] =
	"Files keep their tree paths below each view.  Extended attributes: ";

static const char readme_tail[] =
	"Files have the owner and mode of the tree file, directories that mirror\n"
	"a tree directory those of that directory; the other directories (the\n"
	"root, the views, by-license/NAME, ...) the tree root's owner and its\n"
	"permissions without write, generated files the tree root's owner and\n"
	"0444, and the tree's POSIX ACLs are theirs too.  The kernel checks them\n"
	"(default_permissions).\n"
	"The mount is read-only and follows the tree live.\n";

/* README's line for root entry @v: its usage, then its help, each line
 * after the first indented to the same column. */
static void write_usage(FILE *out, const struct view *v)
{
	const char *p = v->help, *nl;

	if (!v->usage)
		return;
	if (strlen(v->usage) >= README_COL)	/* no room for a space */
		fprintf(out, "%s\n%*s", v->usage, README_COL, "");
	else
		fprintf(out, "%-*s", README_COL, v->usage);
	while ((nl = strchr(p, '\n'))) {
		fprintf(out, "%.*s\n%*s", (int)(nl - p), p, README_COL, "");
		p = nl + 1;
	}
	fprintf(out, "%s\n", p);
}

/* @text as lines of at most README_WIDTH columns (unless one word is
 * longer), broken at single spaces. */
static void write_wrapped(FILE *out, const char *text)
{
	size_t col = 0;

	while (*text) {
		size_t len = strcspn(text, " ");

		if (col && col + 1 + len > README_WIDTH) {
			fputc('\n', out);
			col = 0;
		} else if (col) {
			fputc(' ', out);
			col++;
		}
		fwrite(text, 1, len, out);
		col += len;
		text += len;
		if (*text == ' ')
			text++;
	}
	fputc('\n', out);
}

/* README: what each entry of view_table holds, what the extended
 * attributes (xattr.h) are, and whose the permissions are. */
static int write_readme(struct view_builder *b, FILE *out)
{
	char *para = NULL;
	size_t len = 0;
	FILE *f;

	fprintf(out, "%s\n", readme_head);
	for (size_t i = 0; i < view_count; i++)
		write_usage(out, &view_table[i]);
	f = open_memstream(&para, &len);
	if (!f)
		return -ENOMEM;
	fputs(readme_paths, f);
	xattr_describe(f);
	if (fclose(f) || !para) {
		free(para);
		return -ENOMEM;
	}
	fputc('\n', out);
	write_wrapped(out, para);
	fprintf(out, "\n%s", readme_tail);
	free(para);
	return 0;
}

/* history/: its files, whose content history_view.c makes. */
static int fill_history(struct view_builder *b, uint32_t dir)
{
	for (int i = 0; i < HIST_NFILES; i++) {
		long n = add_node(b, dir, hist_file_name[i],
				  strlen(hist_file_name[i]), VN_HIST, i);

		if (n < 0)
			return n;
	}
	return 0;
}

/*
 * The entries at the root, in the order README lists them.  A view
 * mirrors the files its pick() accepts at their tree paths and adds what
 * its fill() makes; a generated file holds what its write() prints.
 */
const struct view view_table[] = {
	{ "all", "all/",
	  "every file of the tree, whatever its status",
	  .pick = pick_all },
	{ "by-license", "by-license/NAME/",
	  "files whose tag names an identifier of LICENSES/*/NAME",
	  .fill = fill_by_license },
	{ "by-id", "by-id/ID/",
	  "files by identifier, in today's SPDX spelling\n"
	  "(GPL-2.0 -> GPL-2.0-only, GPL-2.0+ -> GPL-2.0-or-later)",
	  .fill = fill_by_id },
	{ "usable-under", "usable-under/ID/",
	  "files whose expression is satisfied by accepting ID alone",
	  .fill = fill_usable },
	{ "uapi", "uapi/",
	  "files with a uapi path component, tagged or not;\n"
	  "WITHOUT-SYSCALL-NOTE lists the GPL headers lacking Linux-syscall-note",
	  .pick = pick_uapi, .fill = fill_uapi },
	{ "untagged", "untagged/",
	  "files with no SPDX tag (excluded files left out)",
	  .pick = pick_untagged },
	{ "misplaced", "misplaced/",
	  "files whose tag is not on the conventional line",
	  .pick = pick_misplaced },
	{ "invalid", "invalid/",
	  "files whose tag fails parsing or validation",
	  .pick = pick_invalid },
	{ "module-license", "module-license/",
	  "with --modules: files whose MODULE_LICENSE() contradicts\n"
	  "their tag, as 'spdxfs check --modules' finds them",
	  .fill = fill_module_license, .needs_modules = 1 },
	{ "by-maintainer", "by-maintainer/ENTRY/",
	  "untagged files by their most specific MAINTAINERS entry, as\n"
	  "get_maintainer.pl finds it (with a MAINTAINERS file)",
	  .fill = fill_by_maintainer, .needs_maint = 1 },
	{ "licenses", "licenses/ID",
	  "the full LICENSES/ file declaring ID",
	  .fill = fill_licenses },
	{ "built", "built/",
	  "with --build BUILD_DIR: the files of that kernel image;\n"
	  "built/SUMMARY is the output of 'spdxfs built BUILD_DIR';\n"
	  "sbom.spdx.json and sbom.spdx3.json, of 'built --format'",
	  .fill = fill_built, .needs_build = 1 },
	{ "README", .write = write_readme },
	{ "summary", "summary",
	  "the report of 'spdxfs scan'; summary.json the same as JSON",
	  .write = views_write_summary },
	{ "summary.json", .write = views_write_summary_json },
	{ "backlog", "backlog",
	  "untagged files per directory, largest first; with a\n"
	  "MAINTAINERS file, then per entry",
	  .write = views_write_backlog },
	{ "charts", "charts/",
	  "licenses.svg: files per license, as bars; backlog.svg:\n"
	  "tagged and untagged files per top-level directory",
	  .fill = fill_charts },
	{ "history", "history/",
	  "backlog.csv, backlog.svg: 'spdxfs history --first-parent\n"
	  "--csv' and its --svg chart, for HEAD of a git work tree or\n"
	  "for --rev REV; the newest -o history=N commits (1000)",
	  .fill = fill_history, .needs_history = 1 },
};

const size_t view_count = sizeof(view_table) / sizeof(view_table[0]);

/* Root entry @v: its directory and what goes in it, or its file. */
static int add_root_entry(struct view_builder *b, const struct view *v)
{
	long dir;
	int ret = 0;

	if (v->write)
		return add_text(b, 0, v->name, v->write);
	dir = add_node(b, 0, v->name, strlen(v->name), VN_DIR, 0);
	if (dir < 0)
		return dir;
	if (v->pick)
		ret = mirror_picked(b, dir, v->pick);
	if (!ret && v->fill)
		ret = v->fill(b, dir);
	return ret;
}

static int cmp_child(const void *a, const void *b, void *arg)
{
	const struct vnode *nodes = arg;

	return strcmp(nodes[*(const uint32_t *)a].name,
		      nodes[*(const uint32_t *)b].name);
}

/* Lay each directory's children out as one run of child[], in node
 * order. */
static int gather_children(struct snapshot *s)
{
	struct vnode *nodes = s->nodes;
	uint32_t *pos;
	size_t off = 0;

	s->child = alloc_array(s->nnodes, sizeof(*s->child));
	pos = calloc(s->nnodes, sizeof(*pos));
	if (!s->child || !pos) {
		free(pos);
		return -ENOMEM;
	}
	for (size_t k = 1; k < s->nnodes; k++)
		nodes[nodes[k].parent].count++;
	for (size_t k = 0; k < s->nnodes; k++) {
		nodes[k].first = nodes[k].kind == VN_DIR ? off : nodes[k].first;
		pos[k] = off;
		if (nodes[k].kind == VN_DIR)
			off += nodes[k].count;
	}
	for (size_t k = 1; k < s->nnodes; k++)
		s->child[pos[nodes[k].parent]++] = k;
	free(pos);
	return 0;
}

/* Sort each directory's run by name and keep one node of each name; the
 * others, and all that lies below them, become VN_DEAD. */
static void sort_children(struct snapshot *s)
{
	struct vnode *nodes = s->nodes;

	for (size_t k = 0; k < s->nnodes; k++) {
		struct vnode *d = &nodes[k];
		uint32_t *c = s->child + d->first;
		size_t out = 0;

		if (d->kind != VN_DIR)
			continue;
		for (size_t i = 1; i < d->count; i++)
			if (strcmp(nodes[c[i - 1]].name, nodes[c[i]].name) >= 0) {
				qsort_r(c, d->count, sizeof(*c), cmp_child, nodes);
				break;
			}
		for (size_t i = 0; i < d->count; i++) {
			if (out && !strcmp(nodes[c[out - 1]].name, nodes[c[i]].name)) {
				nodes[c[i]].kind = VN_DEAD;
				continue;
			}
			c[out++] = c[i];
			d->nsubdirs += nodes[c[i]].kind == VN_DIR;
		}
		d->count = out;
	}
	/* A dropped directory's descendants are unreachable: kill them too
	 * (parents come before children). */
	for (size_t k = 1; k < s->nnodes; k++)
		if (nodes[nodes[k].parent].kind == VN_DEAD)
			nodes[k].kind = VN_DEAD;
}

/* The inode number of node @k: @ino, or on a collision the next free
 * one probing on; 0 and 1 (the root's) go to nobody else.  Its slot in
 * the hash table is taken. */
static uint64_t claim_ino(struct snapshot *s, size_t k, uint64_t ino)
{
	for (;;) {
		size_t i;

		if (ino > 1 || k == 0) {
			for (i = ino & s->mask; s->slots[i]; i = (i + 1) & s->mask)
				if (s->nodes[s->slots[i] - 1].ino == ino)
					break;
			if (!s->slots[i]) {
				s->slots[i] = k + 1;
				return ino;
			}
		}
		ino = mix64(ino + 1);	/* collision: probe on */
	}
}

/* Number the live nodes from the hashes of their paths, the root 1, and
 * fill the inode hash table. */
static int number_nodes(struct view_builder *b)
{
	struct snapshot *s = b->s;
	size_t cap;

	for (cap = 16; cap < 2 * s->nnodes; cap *= 2)
		;
	s->slots = calloc(cap, sizeof(*s->slots));
	if (!s->slots)
		return -ENOMEM;
	s->mask = cap - 1;
	for (size_t k = 0; k < s->nnodes; k++) {
		uint64_t ino = k ? mix64(b->hash[k]) : 1;

		if (s->nodes[k].kind != VN_DEAD)
			s->nodes[k].ino = claim_ino(s, k, ino);
	}
	return 0;
}

/* Gather children into sorted runs, drop duplicate names, number the
 * nodes. */
static int finish(struct view_builder *b)
{
	int ret = gather_children(b->s);

	if (ret)
		return ret;
	sort_children(b->s);
	return number_nodes(b);
}

/* An empty snapshot of @idx with its root, and what the views share. */
static int builder_init(struct view_builder *b, struct spdx_index *idx,
			const struct built *built, const char *under)
{
	struct path_array files = { idx->files, idx->nfiles, sizeof(*idx->files),
				    offsetof(struct spdx_file, path) };
	struct timespec ts;

	memset(b, 0, sizeof(*b));
	b->idx = idx;
	b->built = built;
	b->under = under;
	path_range_under(&files, under, &b->lo, &b->hi);
	b->s = calloc(1, sizeof(*b->s));
	if (!b->s)
		return -ENOMEM;
	b->pool = b->s->pool = strpool_new();
	if (!b->pool)
		return -ENOMEM;
	atomic_init(&b->s->refs, 1);
	atomic_init(&b->s->busy, 0);
	clock_gettime(CLOCK_REALTIME, &ts);
	b->s->time_ns = (int64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
	if (add_node(b, 0, "", 0, VN_DIR, 0) < 0)
		return -ENOMEM;
	b->used = calloc(idx->nexprs ? idx->nexprs : 1, 1);
	if (!b->used)
		return -ENOMEM;
	for (size_t i = b->lo; i < b->hi; i++)
		if (spdx_file_counted(&idx->files[i]))
			b->used[idx->files[i].expr] = 1;
	return 0;
}

/* Free what the build needed and the snapshot does not keep. */
static void builder_release(struct view_builder *b)
{
	if (b->have_sum)
		summary_release(&b->sum);
	free(b->used);
	free(b->entry_of);
	free(b->hash);
	free(b->stk_node);
	free(b->stk_len);
}

int snapshot_build(struct snapshot **out, struct spdx_index *idx,
		   const struct snapshot_opts *o)
{
	static const struct snapshot_opts none = { 0 };
	struct view_builder b;
	int ret;

	if (!o)
		o = &none;
	ret = builder_init(&b, idx, o->built, o->under ? o->under : "");
	b.maint = o->maint;
	b.mods = o->mods;
	if (b.s)
		b.s->maint = o->maint;
	for (size_t i = 0; !ret && i < view_count; i++)
		if ((!view_table[i].needs_build || o->built) &&
		    (!view_table[i].needs_maint || o->maint) &&
		    (!view_table[i].needs_modules || o->mods) &&
		    (!view_table[i].needs_history || o->history))
			ret = add_root_entry(&b, &view_table[i]);
	if (!ret)
		ret = finish(&b);
	builder_release(&b);
	if (ret) {
		snapshot_free(b.s);
		return ret;
	}
	b.s->idx = idx;
	b.s->mods = o->mods;
	*out = b.s;
	return 0;
}

const struct view *vnode_view(const struct snapshot *s, const struct vnode *n)
{
	const struct vnode *top = vnode_top(s, n);

	for (size_t i = 0; top && i < view_count; i++)
		if (!strcmp(view_table[i].name, top->name))
			return &view_table[i];
	return NULL;
}
