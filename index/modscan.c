// SPDX-License-Identifier: GPL-2.0-only
/*
 * modscan: MODULE_LICENSE() calls of many files, read on threads and
 * classified (see modscan.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/error.h"
#include "util/grow.h"
#include "index.h"
#include "modscan.h"
#include "source/source.h"

/* What the workers share. */
struct work {
	struct source *src;
	const struct spdx_file *const *files;
	size_t nfiles;
	struct modscan_file *out;	/* per file given */
	const struct modscan *prev;	/* or NULL */
	size_t next;			/* next file to take, under lock */
	size_t nread;			/* under lock */
	int err;
	pthread_mutex_t lock;
};

/* The file of @prev's index at @path, or NULL. */
static const struct spdx_file *prev_file(const struct modscan *prev,
					 const char *path)
{
	const struct spdx_index *idx = prev->idx;
	size_t lo = 0, hi = idx->nfiles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(path, idx->files[mid].path);

		if (!c)
			return &idx->files[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/*
 * The calls of @f from @prev into @out when @prev read the same version
 * of it and none went through a macro: 1, 0 when it must be read, or
 * -ENOMEM.
 */
static int reuse(const struct modscan *prev, const struct spdx_file *f,
		 struct modscan_file *out)
{
	const struct spdx_file *pf = prev ? prev_file(prev, f->path) : NULL;
	const struct modscan_file *pe;

	if (!pf || !modlic_wanted(pf) || !file_stat_same(&pf->st, &f->st))
		return 0;
	pe = modscan_find(prev, pf);
	if (!pe)
		return 1;	/* read before: no call */
	for (size_t c = 0; c < pe->ncalls; c++)
		if (pe->calls[c].macro)
			return 0;
	out->calls = alloc_array(pe->ncalls, sizeof(*pe->calls));
	if (!out->calls)
		return -ENOMEM;
	memcpy(out->calls, pe->calls, pe->ncalls * sizeof(*pe->calls));
	out->ncalls = pe->ncalls;
	return 1;
}

static void *worker(void *arg)
{
	struct work *w = arg;
	size_t i;
	int r;

	for (;;) {
		pthread_mutex_lock(&w->lock);
		i = w->next++;
		pthread_mutex_unlock(&w->lock);
		if (i >= w->nfiles)
			return NULL;
		if (!modlic_wanted(w->files[i]))
			continue;
		r = reuse(w->prev, w->files[i], &w->out[i]);
		if (!r) {
			r = modlic_file(w->src, w->files[i], &w->out[i].calls,
					&w->out[i].ncalls);
			pthread_mutex_lock(&w->lock);
			w->nread++;
			pthread_mutex_unlock(&w->lock);
		}
		if (r < 0) {
			pthread_mutex_lock(&w->lock);
			w->err = r;
			pthread_mutex_unlock(&w->lock);
		}
	}
}

/* The calls of every file on @nthreads threads; 0 or -ENOMEM. */
static int find_all(struct work *w, int nthreads)
{
	pthread_t tid[INDEX_MAX_THREADS];
	int started = 0;

	if (nthreads <= 0) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		nthreads = n > 0 ? n : 1;
	}
	if (nthreads > INDEX_MAX_THREADS)
		nthreads = INDEX_MAX_THREADS;
	pthread_mutex_init(&w->lock, NULL);
	for (int i = 1; i < nthreads; i++)
		if (!pthread_create(&tid[started], NULL, worker, w))
			started++;
	worker(w);
	for (int i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&w->lock);
	return w->err;
}

/* Keep the files of @all (@n) with calls, classified, in m->files. */
static int classify_all(struct modscan *m, struct modscan_file *all, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		struct modscan_file *mf = &all[i];

		if (!mf->ncalls)
			continue;
		mf->cls = malloc(mf->ncalls);
		if (!mf->cls)
			return -ENOMEM;
		for (size_t c = 0; c < mf->ncalls; c++) {
			enum modlic_class cls = modlic_classify(&m->table, m->idx,
								mf->f, &mf->calls[c]);

			mf->cls[c] = cls;
			mf->classes |= 1u << cls;
			m->count[cls]++;
		}
		all[k++] = *mf;
		if (k - 1 != i)
			*mf = (struct modscan_file){ 0 };
	}
	m->files = all;
	m->nfiles = k;
	return 0;
}

int modscan_run(struct modscan **out, struct source *src,
		const struct spdx_index *idx,
		const struct spdx_file *const *files, size_t n, int nthreads,
		const struct modscan *prev, struct spdx_error *err)
{
	struct modscan *m = calloc(1, sizeof(*m));
	struct modscan_file *all = calloc(n ? n : 1, sizeof(*all));
	struct work w = { .src = src, .files = files, .nfiles = n, .out = all,
			  .prev = prev };
	int r = -ENOMEM;

	*out = NULL;
	if (!m || !all)
		goto fail;
	m->idx = idx;
	r = modlic_table_read(&m->table, src, err);
	if (r)
		goto fail;
	for (size_t i = 0; i < n; i++)
		all[i].f = files[i];
	r = find_all(&w, nthreads);
	m->nread = w.nread;
	if (!r)
		r = classify_all(m, all, n);
	if (r)
		goto fail;
	*out = m;
	return 0;
fail:
	if (r == -ENOMEM)
		spdx_error_set(err, r, "out of memory");
	for (size_t i = 0; all && i < n; i++) {
		free(all[i].calls);
		free(all[i].cls);
	}
	free(all);
	if (m)
		modlic_table_release(&m->table);
	free(m);
	return r;
}

int modscan_index(struct modscan **out, struct source *src,
		  const struct spdx_index *idx, int nthreads,
		  const struct modscan *prev, struct spdx_error *err)
{
	const struct spdx_file **files;
	int r;

	files = calloc(idx->nfiles ? idx->nfiles : 1, sizeof(*files));
	if (!files) {
		*out = NULL;
		return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	for (size_t i = 0; i < idx->nfiles; i++)
		files[i] = &idx->files[i];
	r = modscan_run(out, src, idx, files, idx->nfiles, nthreads, prev, err);
	free(files);
	return r;
}

const struct modscan_file *modscan_find(const struct modscan *m,
					const struct spdx_file *f)
{
	size_t lo = 0, hi = m->nfiles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->files[mid].f == f)
			return &m->files[mid];
		if (m->files[mid].f < f)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void modscan_free(struct modscan *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nfiles; i++) {
		free(m->files[i].calls);
		free(m->files[i].cls);
	}
	free(m->files);
	modlic_table_release(&m->table);
	free(m);
}
