// SPDX-License-Identifier: GPL-2.0-only
/*
 * show: one file, all that is known of it (see show.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "index_reuse.h"
#include "spdx/licenses.h"
#include "show.h"

/* Room for an identifier; no LICENSES/ file declares a longer one. */
#define ID_MAX 256

static int is_word(const char *p, size_t len, const char *word)
{
	return strlen(word) == len && !memcmp(p, word, len);
}

/*
 * The canonical text @canon with each license identifier in today's
 * spelling, into a new string, or NULL when memory is short.  The
 * canonical form has single spaces and bare parentheses, so a word is an
 * operator, the exception after WITH, or a license.
 */
static char *modern_text(const char *canon)
{
	char *out = NULL;
	size_t outlen;
	FILE *f = open_memstream(&out, &outlen);
	int after_with = 0;

	if (!f)
		return NULL;
	for (const char *p = canon; *p;) {
		size_t len = strcspn(p, " ()");
		char word[ID_MAX], modern[ID_MAX];
		int plus;

		if (!len) {
			fputc(*p++, f);
			continue;
		}
		plus = p[len - 1] == '+';
		if (is_word(p, len, "AND") || is_word(p, len, "OR") ||
		    is_word(p, len, "WITH") || after_with || len >= sizeof(word)) {
			after_with = is_word(p, len, "WITH");
			fwrite(p, 1, len, f);
		} else {
			memcpy(word, p, len - plus);
			word[len - plus] = '\0';
			fputs(spdx_modern_id(word, plus, modern, sizeof(modern)), f);
		}
		p += len;
	}
	if (fclose(f)) {
		free(out);
		return NULL;
	}
	return out;
}

struct id_files {
	const struct licenses *lic;
	unsigned char *hit;	/* per license file */
};

static int mark_file(const char *id, size_t len, int plus, int is_exception,
		     void *arg)
{
	struct id_files *w = arg;
	const struct license_file *lf;
	char buf[ID_MAX];

	if (len + 2 > sizeof(buf))
		return 0;
	memcpy(buf, id, len);
	if (plus)
		buf[len++] = '+';
	lf = licenses_lookup(w->lic, buf, len);
	if (lf)
		w->hit[lf - w->lic->files] = 1;
	return 0;
}

/* The LICENSES/ files @e's identifiers name, in their order. */
static int named_files(struct show_info *si, const struct licenses *lic,
		       const struct expr *e)
{
	struct id_files w = { lic, NULL };

	if (!lic || !lic->nfiles)
		return 0;
	w.hit = calloc(lic->nfiles, 1);
	si->licenses = alloc_array(lic->nfiles, sizeof(*si->licenses));
	if (!w.hit || !si->licenses) {
		free(w.hit);
		return -ENOMEM;
	}
	expr_foreach_id(e, mark_file, &w);
	for (int l = 0; l < lic->nfiles; l++)
		if (w.hit[l])
			si->licenses[si->nlicenses++] = &lic->files[l];
	free(w.hit);
	return 0;
}

static int have_id(char *const *ids, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (!strcasecmp(ids[i], id))
			return 1;
	return 0;
}

/* Today's id of each license LICENSES/ declares that @e is usable
 * under, once each, in LICENSES/ order. */
static int usable_under(struct show_info *si, const struct licenses *lic,
			const struct expr *e)
{
	size_t cap = 0;

	for (int l = 0; lic && l < lic->nfiles; l++) {
		const struct license_file *lf = &lic->files[l];

		for (int j = 0; !lf->exception && j < lf->nids; j++) {
			char base[ID_MAX], modern[ID_MAX];
			size_t len = strlen(lf->ids[j]);
			int plus = len && lf->ids[j][len - 1] == '+';
			char **v;

			if (len >= sizeof(base))
				continue;
			memcpy(base, lf->ids[j], len - plus);
			base[len - plus] = '\0';
			spdx_modern_id(base, plus, modern, sizeof(modern));
			if (have_id(si->usable, si->nusable, modern) ||
			    !expr_usable_under(e, modern))
				continue;
			v = grow(si->usable, si->nusable, &cap, sizeof(*v), 8);
			if (!v)
				return -ENOMEM;
			si->usable = v;
			if (!(v[si->nusable] = strdup(modern)))
				return -ENOMEM;
			si->nusable++;
		}
	}
	return 0;
}

int show_file(struct show_info *si, const struct spdx_index *idx,
	      const struct spdx_file *f)
{
	const struct spdx_expr *e = index_file_expr(idx, f);
	int ret = 0;

	memset(si, 0, sizeof(*si));
	si->file = f;
	si->expr = e;
	si->uapi = !!(f->flags & IDX_F_UAPI);
	if (idx->layout == INDEX_LAYOUT_REUSE) {
		si->reuse = 1;
		index_origin_names(INDEX_ORIGIN_LICENSE(f->origin),
				   si->license_src, sizeof(si->license_src));
		index_origin_names(INDEX_ORIGIN_COPYRIGHT(f->origin),
				   si->copyright_src, sizeof(si->copyright_src));
	}
	if (e && e->ast) {
		si->syscall_note = file_has_syscall_note(idx, f);
		if (e->canonical && !(si->modern = modern_text(e->canonical)))
			ret = -ENOMEM;
		if (!ret)
			ret = named_files(si, idx->lic, e->ast);
		if (!ret && e->valid)
			ret = usable_under(si, idx->lic, e->ast);
	}
	if (ret)
		show_info_release(si);
	return ret;
}

void show_info_release(struct show_info *si)
{
	free(si->modern);
	free(si->licenses);
	for (size_t i = 0; i < si->nusable; i++)
		free(si->usable[i]);
	free(si->usable);
	memset(si, 0, sizeof(*si));
}
