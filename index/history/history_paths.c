// SPDX-License-Identifier: GPL-2.0-only
/*
 * history_paths: what each file of a tree adds to its history row
 * (history_paths.h).  The license files of an expression are asked of
 * summary_compute_files() on one file written with it, so that they are
 * found by the very code that counts a whole tree; an index asks once
 * per expression, and the lists are kept once per distinct list.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash.h"
#include "history/history_paths.h"
#include "index.h"
#include "report.h"

/* The license files of one expression, "A\0B\0" as the key. */
struct names_set {
	UT_hash_handle hh;
	size_t n;
	const char **name;	/* into key */
	size_t len;
	char key[];
};

struct path_share {
	UT_hash_handle hh;
	const struct names_set *set;	/* NULL: it names none */
	uint8_t status;
	char path[];
};

struct history_paths {
	struct path_share *paths;
	struct names_set *sets;
	size_t npaths;
};

int history_paths_new(struct history_paths **out)
{
	*out = calloc(1, sizeof(**out));
	return *out ? 0 : -ENOMEM;
}

void history_paths_clear(struct history_paths *hp)
{
	struct path_share *p, *tmp;

	HASH_ITER(hh, hp->paths, p, tmp) {
		HASH_DELETE(hh, hp->paths, p);
		free(p);
	}
	hp->npaths = 0;
}

void history_paths_free(struct history_paths *hp)
{
	struct names_set *s, *tmp;

	if (!hp)
		return;
	history_paths_clear(hp);
	HASH_ITER(hh, hp->sets, s, tmp) {
		HASH_DELETE(hh, hp->sets, s);
		free(s->name);
		free(s);
	}
	free(hp);
}

size_t history_paths_count(const struct history_paths *hp)
{
	return hp->npaths;
}

/* The kept set of the @n names in @key (@len bytes), found or added. */
static int names_intern(struct history_paths *hp, const char *key,
			size_t len, size_t n, const struct names_set **out)
{
	struct names_set *s;
	int hash_oom = 0;
	const char *p;

	HASH_FIND(hh, hp->sets, key, len, s);
	if (s) {
		*out = s;
		return 0;
	}
	s = malloc(sizeof(*s) + (len ? len : 1));
	if (!s)
		return -ENOMEM;
	s->name = calloc(n ? n : 1, sizeof(*s->name));
	if (!s->name) {
		free(s);
		return -ENOMEM;
	}
	memcpy(s->key, key, len);
	s->len = len;
	s->n = n;
	p = s->key;
	for (size_t i = 0; i < n; p += strlen(p) + 1)
		s->name[i++] = p;
	HASH_ADD_KEYPTR(hh, hp->sets, s->key, len, s);
	if (hash_oom) {
		free(s->name);
		free(s);
		return -ENOMEM;
	}
	*out = s;
	return 0;
}

/* The license files counted file @f of @idx adds one to, into *@out. */
static int names_of(struct history_paths *hp, const struct spdx_index *idx,
		    const struct spdx_file *f, const struct names_set **out)
{
	const struct spdx_file *one[1] = { f };
	size_t len = 0, n = 0;
	struct summary s;
	char *key = NULL;
	int ret;

	ret = summary_compute_files(&s, idx, one, 1);
	if (ret)
		return ret;
	for (size_t l = 0; l < s.nlicenses; l++)
		if (s.licenses[l].files)
			len += strlen(s.licenses[l].name) + 1;
	key = malloc(len ? len : 1);
	if (!key) {
		ret = -ENOMEM;
		goto out;
	}
	len = 0;
	for (size_t l = 0; l < s.nlicenses; l++) {
		size_t k;

		if (!s.licenses[l].files)
			continue;
		k = strlen(s.licenses[l].name) + 1;
		memcpy(key + len, s.licenses[l].name, k);
		len += k;
		n++;
	}
	ret = names_intern(hp, key, len, n, out);
out:
	free(key);
	summary_release(&s);
	return ret;
}

/* Path @path with @status and @set, replacing what it had. */
static int path_put(struct history_paths *hp, const char *path,
		    uint8_t status, const struct names_set *set)
{
	size_t len = strlen(path);
	struct path_share *p;
	int hash_oom = 0;

	HASH_FIND(hh, hp->paths, path, len, p);
	if (p) {
		p->status = status;
		p->set = set;
		return 0;
	}
	p = malloc(sizeof(*p) + len + 1);
	if (!p)
		return -ENOMEM;
	memcpy(p->path, path, len + 1);
	p->status = status;
	p->set = set;
	HASH_ADD_KEYPTR(hh, hp->paths, p->path, len, p);
	if (hash_oom) {
		free(p);
		return -ENOMEM;
	}
	hp->npaths++;
	return 0;
}

int history_paths_add(struct history_paths *hp, const struct spdx_index *idx)
{
	const struct names_set **of;
	int ret = 0;

	/* per expression, its set once asked (a counted file's) */
	of = calloc(idx->nexprs ? idx->nexprs : 1, sizeof(*of));
	if (!of)
		return -ENOMEM;
	for (size_t i = 0; i < idx->nfiles && !ret; i++) {
		const struct spdx_file *f = &idx->files[i];
		const struct names_set *set = NULL;

		if (spdx_file_counted(f) && f->expr >= 0 &&
		    (size_t)f->expr < idx->nexprs) {
			if (!of[f->expr])
				ret = names_of(hp, idx, f, &of[f->expr]);
			set = of[f->expr];
		}
		if (!ret)
			ret = path_put(hp, f->path, f->status, set);
	}
	free(of);
	return ret;
}

int history_paths_take(struct history_paths *hp, const char *path,
		       struct history_share *sh)
{
	struct path_share *p;

	HASH_FIND(hh, hp->paths, path, strlen(path), p);
	if (!p)
		return 0;
	sh->status = p->status;
	sh->nnames = p->set ? p->set->n : 0;
	sh->names = p->set ? p->set->name : NULL;
	HASH_DELETE(hh, hp->paths, p);
	free(p);
	hp->npaths--;
	return 1;
}
