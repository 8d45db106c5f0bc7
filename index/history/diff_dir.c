// SPDX-License-Identifier: GPL-2.0-only
/*
 * diff_dir: the renames between two directories (diff.h): a file only
 * in the old side and one only in the new side with the same content.
 *
 * Files on disk carry no blob id, so each such file is hashed as git
 * hashes a blob (digest.h's gitoid) and equal ids are paired as git
 * pairs exact renames (diff_exact_renames()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "history/diff.h"
#include "digest.h"
#include "util/error.h"
#include "util/grow.h"
#include "index.h"

/* Paths of @a not in @b (both sorted by path) into @out; their count. */
static size_t only_in(const struct diff_side *a, const struct diff_side *b,
		      const char **out)
{
	size_t i = 0, j = 0, k = 0;

	while (i < a->nfiles) {
		int c = j < b->nfiles ?
			strcmp(a->files[i]->path, b->files[j]->path) : -1;

		if (c < 0 && a->files[i]->error)
			i++;		/* unreadable: nothing to compare */
		else if (c < 0)
			out[k++] = a->files[i++]->path;
		else if (c > 0)
			j++;
		else
			i++, j++;
	}
	return k;
}

static int cmp_lone(const void *x, const void *y)
{
	const struct diff_lone *a = x, *b = y;
	int c = memcmp(a->id, b->id, sizeof(a->id));

	return c ? c : strcmp(a->path, b->path);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static int rename_add(struct diff_rename **r, size_t *k, size_t *cap,
		      const char *from, const char *to)
{
	struct diff_rename *p = grow(*r, *k, cap, sizeof(**r), 64);

	if (!p)
		return -ENOMEM;
	*r = p;
	p[*k].from = strdup(from);
	p[*k].to = strdup(to);
	(*k)++;
	return p[*k - 1].from && p[*k - 1].to ? 0 : -ENOMEM;
}

/*
 * Within one id: each new file, in path order, takes an old file not
 * taken yet, one with its own base name first, else the first in path
 * order.
 */
static int pair_run(const struct diff_lone *g, size_t ng,
		    const struct diff_lone *c, size_t nc, char *used,
		    struct diff_rename **r, size_t *k, size_t *cap)
{
	for (size_t j = 0; j < nc; j++) {
		size_t best = ng;

		for (size_t i = 0; i < ng; i++) {
			if (used[i])
				continue;
			if (best == ng)
				best = i;
			if (!strcmp(base_name(g[i].path), base_name(c[j].path))) {
				best = i;
				break;
			}
		}
		if (best == ng)
			return 0;
		used[best] = 1;
		if (rename_add(r, k, cap, g[best].path, c[j].path))
			return -ENOMEM;
	}
	return 0;
}

int diff_exact_renames(struct diff_lone *gone, size_t ng,
		       struct diff_lone *came, size_t nc,
		       struct diff_rename **out, size_t *n)
{
	struct diff_rename *r = NULL;
	size_t cap = 0, k = 0;
	char *used = calloc(ng ? ng : 1, 1);

	*out = NULL;
	*n = 0;
	if (!used)
		return -ENOMEM;
	qsort(gone, ng, sizeof(*gone), cmp_lone);
	qsort(came, nc, sizeof(*came), cmp_lone);
	for (size_t i = 0, j = 0, gi, cj; i < ng && j < nc; i += gi, j += cj) {
		int c = memcmp(gone[i].id, came[j].id, sizeof(gone[i].id));

		for (gi = 1; i + gi < ng && !memcmp(gone[i].id, gone[i + gi].id, 20); gi++)
			;
		for (cj = 1; j + cj < nc && !memcmp(came[j].id, came[j + cj].id, 20); cj++)
			;
		if (c < 0)
			cj = 0;
		else if (c > 0)
			gi = 0;
		else if (pair_run(gone + i, gi, came + j, cj, used + i, &r, &k, &cap))
			goto nomem;
	}
	free(used);
	*out = r;
	*n = k;
	return 0;
nomem:
	free(used);
	diff_renames_free(r, k);
	return -ENOMEM;
}

int diff_dir_renames(struct source *src_old, const struct diff_side *old,
		     struct source *src_new, const struct diff_side *new,
		     struct diff_rename **out, size_t *n,
		     struct spdx_error *err)
{
	const char **gone = alloc_array(old->nfiles + 1, sizeof(*gone));
	const char **came = alloc_array(new->nfiles + 1, sizeof(*came));
	struct file_digest *dg = NULL, *dc = NULL;
	struct diff_lone *lg = NULL, *lc = NULL;
	size_t ng, nc;
	int ret = -ENOMEM;

	*out = NULL;
	*n = 0;
	if (!gone || !came)
		goto out;
	ng = only_in(old, new, gone);
	nc = only_in(new, old, came);
	if (!ng || !nc) {
		ret = 0;
		goto out;
	}
	dg = alloc_array(ng, sizeof(*dg));
	dc = alloc_array(nc, sizeof(*dc));
	lg = alloc_array(ng, sizeof(*lg));
	lc = alloc_array(nc, sizeof(*lc));
	if (!dg || !dc || !lg || !lc)
		goto out;
	ret = digest_files(src_old, gone, ng, DIGEST_GITOID, 0, dg, err);
	if (!ret)
		ret = digest_files(src_new, came, nc, DIGEST_GITOID, 0, dc, err);
	if (ret)
		goto out;
	for (size_t i = 0; i < ng; i++) {
		lg[i].path = gone[i];
		memcpy(lg[i].id, dg[i].gitoid, sizeof(lg[i].id));
	}
	for (size_t i = 0; i < nc; i++) {
		lc[i].path = came[i];
		memcpy(lc[i].id, dc[i].gitoid, sizeof(lc[i].id));
	}
	ret = diff_exact_renames(lg, ng, lc, nc, out, n);
out:
	if (ret == -ENOMEM)
		spdx_error_set(err, ret, "out of memory");
	free(lc);
	free(lg);
	free(dc);
	free(dg);
	free(came);
	free(gone);
	return ret;
}
