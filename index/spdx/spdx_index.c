// SPDX-License-Identifier: GPL-2.0-only
/*
 * spdx_index: a built index's lookups (spdx_index.h).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "util/pathsearch.h"
#include "spdx/expr.h"
#include "spdx/spdx_index.h"

const struct spdx_file *index_find(const struct spdx_index *idx, const char *path)
{
	struct path_array a = { idx->files, idx->nfiles, sizeof(*idx->files),
				offsetof(struct spdx_file, path) };
	size_t k = path_bsearch(&a, path);

	return k == PATH_NONE ? NULL : &idx->files[k];
}

const struct spdx_dir *index_find_dir(const struct spdx_index *idx, const char *path)
{
	struct path_array a = { idx->dirs, idx->ndirs, sizeof(*idx->dirs),
				offsetof(struct spdx_dir, path) };
	size_t k = path_bsearch(&a, path);

	return k == PATH_NONE ? NULL : &idx->dirs[k];
}

const struct spdx_file *index_first_damaged(const struct spdx_index *idx)
{
	const char *eio = strerror(EIO);

	if (!idx->count[ST_ERROR])
		return NULL;
	for (size_t i = 0; i < idx->nfiles; i++)
		if (idx->files[i].error && !strcmp(idx->files[i].error, eio))
			return &idx->files[i];
	return NULL;
}

int path_is_uapi(const char *path)
{
	const char *p = path;

	while ((p = strstr(p, "uapi"))) {
		if ((p == path || p[-1] == '/') && (p[4] == '/' || p[4] == '\0'))
			return 1;
		p += 4;
	}
	return 0;
}

static int is_syscall_note(const char *id, size_t len, int plus,
			   int is_exception, void *arg)
{
	if (is_exception && len == 18 && !strncasecmp(id, "Linux-syscall-note", 18))
		*(int *)arg = 1;
	return 0;
}

int file_has_syscall_note(const struct spdx_index *idx, const struct spdx_file *f)
{
	const struct spdx_expr *e = index_file_expr(idx, f);
	int note = 0;

	if (!e || !e->ast)
		return 0;
	expr_foreach_id(e->ast, is_syscall_note, &note);
	return note;
}
