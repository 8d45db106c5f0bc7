// SPDX-License-Identifier: GPL-2.0-only
/*
 * filter: --status, --license, --uapi (see filter.h).  Whether an
 * expression names the license is decided once per expression, so a
 * file costs a lookup.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/error.h"
#include "spdx/expr.h"
#include "filter.h"
#include "index.h"
#include "spdx/licenses.h"

/* Room for an identifier; no LICENSES/ file declares a longer one. */
#define ID_MAX 256

int file_filter_status(struct file_filter *flt, const char *list,
		       struct spdx_error *err)
{
	const char *p = list;

	do {
		size_t len = strcspn(p, ",");
		int st;

		for (st = 0; st < ST__COUNT; st++) {
			const char *name = spdx_status_name(st);

			if (strlen(name) == len && !strncmp(p, name, len))
				break;
		}
		if (st == ST__COUNT)
			return spdx_error_set(err, -EINVAL,
					      "--status: unknown status '%.*s' (tagged, "
					      "misplaced, untagged, invalid, excluded, error)",
					      (int)len, p);
		flt->statuses |= 1u << st;
		p += len;
	} while (*p++ == ',');
	return 0;
}

/* What an expression must name: a license file, or a modern id. */
struct wanted {
	const struct licenses *lic;
	const struct license_file *file;	/* NULL: by id */
	char modern[ID_MAX];
};

/* @id (@len bytes, @plus) in today's spelling, as by-id/ names it. */
static void modern_of(const struct licenses *lic, const char *id, size_t len,
		      int plus, char *buf, size_t size)
{
	const char *spelled = licenses_spelling(lic, id, len);
	char copy[ID_MAX];

	if (!spelled) {
		snprintf(copy, sizeof(copy), "%.*s", (int)len, id);
		spelled = copy;
	}
	spdx_modern_id(spelled, plus, buf, size);
}

static int names_wanted(const char *id, size_t len, int plus, int is_exception,
			void *arg)
{
	const struct wanted *w = arg;
	char buf[ID_MAX];

	if (len + 2 > sizeof(buf))
		return 0;
	if (w->file) {
		memcpy(buf, id, len);
		if (plus)
			buf[len++] = '+';
		return licenses_lookup(w->lic, buf, len) == w->file;
	}
	modern_of(w->lic, id, len, plus && !is_exception, buf, sizeof(buf));
	return !strcasecmp(buf, w->modern);
}

/* The LICENSES/ file called @name, any case, or NULL. */
static const struct license_file *file_named(const struct licenses *lic,
					     const char *name)
{
	for (int l = 0; l < lic->nfiles; l++)
		if (!strcasecmp(lic->files[l].name, name))
			return &lic->files[l];
	return NULL;
}

/* What flt->license asks for, into @w; -EINVAL when nothing. */
static int resolve(struct wanted *w, const struct licenses *lic,
		   const char *name, struct spdx_error *err)
{
	size_t len = strlen(name);
	int plus = len > 1 && name[len - 1] == '+';

	w->lic = lic;
	if (!lic)
		return spdx_error_set(err, -EINVAL,
				      "--license %s: the tree has no LICENSES/ directory",
				      name);
	w->file = file_named(lic, name);
	if (w->file)
		return 0;
	if (len >= ID_MAX || !licenses_lookup(lic, name, len))
		return spdx_error_set(err, -EINVAL,
				      "--license %s: neither a file in LICENSES/ nor "
				      "an identifier one declares", name);
	modern_of(lic, name, len - plus, plus, w->modern, sizeof(w->modern));
	return 0;
}

int file_filter_prepare(struct file_filter *flt, const struct spdx_index *idx,
			struct spdx_error *err)
{
	struct wanted w = { 0 };
	int ret;

	free(flt->names);
	flt->names = NULL;
	if (!flt->license)
		return 0;
	ret = resolve(&w, idx->lic, flt->license, err);
	if (ret)
		return ret;
	flt->names = calloc(idx->nexprs ? idx->nexprs : 1, 1);
	if (!flt->names)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	for (size_t k = 0; k < idx->nexprs; k++)
		if (idx->exprs[k].valid)
			flt->names[k] = expr_foreach_id(idx->exprs[k].ast,
							names_wanted, &w) > 0;
	return 0;
}

int file_filter_match(const struct file_filter *flt, const struct spdx_file *f)
{
	if (flt->statuses && !(flt->statuses & 1u << f->status))
		return 0;
	if (flt->uapi && !(f->flags & IDX_F_UAPI))
		return 0;
	if (flt->license)
		return (f->status == ST_TAGGED || f->status == ST_MISPLACED) &&
		       f->expr >= 0 && flt->names && flt->names[f->expr];
	return 1;
}

size_t file_filter_apply(const struct file_filter *flt,
			 const struct spdx_file **files, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		if (file_filter_match(flt, files[i]))
			files[kept++] = files[i];
	return kept;
}

void file_filter_release(struct file_filter *flt)
{
	free(flt->names);
	flt->names = NULL;
}
