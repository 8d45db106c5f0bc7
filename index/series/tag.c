// SPDX-License-Identifier: GPL-2.0-only
/*
 * tag: decide, place and diff the SPDX tag of each untagged file:
 * decisions (expression building), placement and edits, diffs, the plan.
 * The series' mails and cover letter are tag_mail.c's.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "series/boilerplate.h"
#include "util/error.h"
#include "spdx/expr.h"
#include "util/grow.h"
#include "index.h"
#include "git/libgit2.h"
#include "spdx/licenses.h"
#include "series/precedent.h"
#include "source/source.h"
#include "series/tag.h"

static const char *const reason_names[TAG__NREASONS] = {
	[TAG_OK]		= "eligible",
	[TAG_SKIP_EXCLUDED]	= "matched by scripts/spdxexclude",
	[TAG_SKIP_UNREADABLE]	= "unreadable",
	[TAG_SKIP_BINARY]	= "binary",
	[TAG_SKIP_EMPTY]	= "empty",
	[TAG_SKIP_DOC]		= "documentation",
	[TAG_SKIP_NO_COMMENT]	= "no comment syntax (JSON)",
	[TAG_SKIP_SHORT]	= "Makefile/Kbuild/Kconfig of 5 lines or fewer",
	[TAG_SKIP_NOT_SOURCE]	= "not a source file type",
	[TAG_SKIP_TOO_BIG]	= "larger than 64 MiB",
};

const char *tag_reason_name(enum tag_reason r)
{
	return (unsigned)r < TAG__NREASONS ? reason_names[r] : NULL;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int ends_with(const char *s, size_t n, const char *suffix)
{
	size_t k = strlen(suffix);

	return n >= k && !memcmp(s + n - k, suffix, k);
}

static int starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static int is_make_name(const char *base)
{
	size_t n = strlen(base);

	return starts_with(base, "Makefile") || starts_with(base, "Kbuild") ||
	       starts_with(base, "Kconfig") || !strcmp(base, "makefile") ||
	       !strcmp(base, "GNUmakefile") || ends_with(base, n, ".mk");
}

static int is_doc(const char *path)
{
	size_t n = strlen(path);

	return starts_with(path, "Documentation/") || ends_with(path, n, ".rst") ||
	       ends_with(path, n, ".txt");
}

static size_t bom_len(const char *buf, size_t len)
{
	return len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
}

/*
 * "#!/bin/sh", "#! /usr/bin/env python3", ...: 1 when the interpreter
 * takes '#' comments.  checkpatch.pl only counts "#!" followed by a '/'
 * as a shebang line, so nothing else is.
 */
static int hash_shebang(const char *buf, size_t len)
{
	static const char *const interp[] = {
		"sh", "bash", "dash", "ksh", "zsh", "python", "perl", "awk",
		"gawk", "mawk", "nawk", "make", "bpftrace", NULL
	};
	char word[64];
	size_t i = bom_len(buf, len), k;
	int env = 0;

	if (len - i < 3 || buf[i] != '#' || buf[i + 1] != '!')
		return 0;
	for (i += 2; i < len && (buf[i] == ' ' || buf[i] == '\t'); i++)
		;
	if (i >= len || buf[i] != '/')
		return 0;
next:
	for (k = 0; i < len && buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' &&
		    buf[i] != '\r'; i++)
		if (k + 1 < sizeof(word))
			word[k++] = buf[i];
	word[k] = '\0';
	if (!env && !strcmp(base_name(word), "env")) {
		env = 1;
		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		if (i + 1 < len && buf[i] == '-' && buf[i + 1] == 'S') {
			i += 2;
			while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
				i++;
		}
		goto next;
	}
	for (const char *const *p = interp; *p; p++) {
		const char *b = base_name(word);
		size_t n = strlen(*p);

		/* "python3", "python3.9", "perl5" */
		if (!strncmp(b, *p, n) && (!b[n] || (b[n] >= '0' && b[n] <= '9')))
			return 1;
	}
	return 0;
}

static const struct {
	const char *ext;
	enum tag_style style;
} ext_styles[] = {
	{ ".c", TAG_STYLE_SLASH }, { ".rs", TAG_STYLE_SLASH },
	{ ".dts", TAG_STYLE_SLASH }, { ".dtsi", TAG_STYLE_SLASH },
	{ ".dtso", TAG_STYLE_SLASH }, { ".cocci", TAG_STYLE_SLASH },
	{ ".h", TAG_STYLE_BLOCK }, { ".S", TAG_STYLE_BLOCK },
	{ ".s", TAG_STYLE_BLOCK }, { ".lds", TAG_STYLE_BLOCK },
	{ ".ld", TAG_STYLE_BLOCK },
	{ ".asm", TAG_STYLE_BLOCK }, { ".y", TAG_STYLE_BLOCK },
	{ ".l", TAG_STYLE_BLOCK },
	{ ".sh", TAG_STYLE_HASH }, { ".bash", TAG_STYLE_HASH },
	{ ".py", TAG_STYLE_HASH }, { ".pl", TAG_STYLE_HASH },
	{ ".pm", TAG_STYLE_HASH }, { ".awk", TAG_STYLE_HASH },
	{ ".tc", TAG_STYLE_HASH }, { ".mk", TAG_STYLE_HASH },
	{ ".rst", TAG_STYLE_RST },
};

static enum tag_style tag_style_for(const char *path, const char *buf, size_t len)
{
	const char *base = base_name(path);
	size_t n = strlen(base);

	if (buf && hash_shebang(buf, len))
		return TAG_STYLE_HASH;
	if (is_make_name(base))
		return TAG_STYLE_HASH;
	if (ends_with(base, n, "_shipped"))
		n -= strlen("_shipped");
	for (size_t i = 0; i < sizeof(ext_styles) / sizeof(ext_styles[0]); i++)
		if (ends_with(base, n, ext_styles[i].ext) &&
		    n > strlen(ext_styles[i].ext))
			return ext_styles[i].style;
	return TAG_STYLE_NONE;
}

static size_t count_lines(const char *buf, size_t len)
{
	size_t n = 0;

	for (const char *p = buf; (p = memchr(p, '\n', buf + len - p)); p++)
		n++;
	return n + (len && buf[len - 1] != '\n');
}

enum tag_reason tag_eligible(const char *path, const char *buf, size_t len,
			     enum tag_style *style)
{
	enum tag_style st;

	*style = TAG_STYLE_NONE;
	if (is_doc(path))
		return TAG_SKIP_DOC;
	if (memchr(buf, '\0', len))
		return TAG_SKIP_BINARY;
	if (len == bom_len(buf, len))
		return TAG_SKIP_EMPTY;
	st = tag_style_for(path, buf, len);
	if (st == TAG_STYLE_NONE)
		return ends_with(path, strlen(path), ".json") ?
			TAG_SKIP_NO_COMMENT : TAG_SKIP_NOT_SOURCE;
	if (is_make_name(base_name(path)) && !hash_shebang(buf, len) &&
	    count_lines(buf, len) <= 5)
		return TAG_SKIP_SHORT;
	*style = st;
	return TAG_OK;
}

int tag_line(enum tag_style style, const char *expr, char *buf, size_t size)
{
	static const char *const fmt[] = {
		[TAG_STYLE_SLASH] = "// SPDX-License-Identifier: %s",
		[TAG_STYLE_BLOCK] = "/* SPDX-License-Identifier: %s */",
		[TAG_STYLE_HASH] = "# SPDX-License-Identifier: %s",
		[TAG_STYLE_RST] = ".. SPDX-License-Identifier: %s",
	};

	if (style <= TAG_STYLE_NONE || style > TAG_STYLE_RST)
		return -EINVAL;
	return snprintf(buf, size, fmt[style], expr);
}

/* Decisions */

/* "A OR B" of @ids, Linux-syscall-note on the GPL-family ones for uapi. */
static void format_expr(char *buf, size_t size, const char *const *ids, int n,
			int uapi, int legacy)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && len < size; i++) {
		const char *id = legacy ? tag_legacy_id(ids[i]) : ids[i];
		int note = uapi && boilerplate_is_gpl_family(ids[i]);

		len += snprintf(buf + len, size - len, note && n > 1 ?
				"%s(%s WITH " TAG_SYSCALL_NOTE ")" :
				note ? "%s%s WITH " TAG_SYSCALL_NOTE : "%s%s",
				i ? " OR " : "", id);
	}
}

/* 1 when @text passes tag_expr_check(), 0 when not; -ENOMEM. */
static int expr_ok(const char *text, const struct licenses *lic)
{
	struct expr_error err;
	int ret = tag_expr_check(text, lic, &err);

	return ret == -ENOMEM ? ret : !ret;
}

/* The expression for @ids in the first spelling @lic accepts. */
static int build_expr(struct tag_decision *d, const char *const *ids, int n,
		      int uapi, const struct licenses *lic)
{
	for (int legacy = 0; legacy < 2; legacy++) {
		int ret;

		format_expr(d->expr, sizeof(d->expr), ids, n, uapi, legacy);
		ret = expr_ok(d->expr, lic);
		if (ret)
			return ret < 0 ? ret : 0;
	}
	return -EINVAL;
}

int tag_license_check(const char *license, const struct licenses *lic,
		      char *expr, size_t size, struct expr_error *err)
{
	struct tag_decision d;
	int ret = 0;

	for (int uapi = 0; !ret && uapi < 2; uapi++) {
		ret = build_expr(&d, &license, 1, uapi, lic);
		if (ret != -EINVAL)
			continue;
		format_expr(expr, size, &license, 1, uapi, 0);
		if (tag_expr_check(expr, lic, err) == -ENOMEM)
			ret = -ENOMEM;
	}
	return ret;
}

static void review(struct tag_decision *d, const struct bp_match *m,
		   const char *why)
{
	d->kind = TAG_K_REVIEW;
	d->why = why;
	d->expr[0] = '\0';
	for (int i = 0, len = 0; m && i < m->nids && len < (int)sizeof(d->expr); i++)
		len += snprintf(d->expr + len, sizeof(d->expr) - len, "%s%s",
				i ? ", " : "", m->ids[i]);
}

/*
 * Does canonical @canon keep every license @m recognised?  An id must be
 * one of its terms, a family ("BSD", "GPL") the prefix of one ("BSD-").
 */
static int keeps_all(const char *canon, const struct bp_match *m)
{
	for (int i = 0; i < m->nids; i++) {
		const char *x = m->ids[i], *t = canon;
		size_t n = strlen(x);
		int found = 0;

		while (*t && !found) {
			size_t k;

			t += strspn(t, " ()");
			k = strcspn(t, " ()");
			found = (k == n && !strncasecmp(t, x, n)) ||
				(k > n && !strncasecmp(t, x, n) && t[n] == '-');
			t += k;
		}
		if (!found)
			return 0;
	}
	return 1;
}

/*
 * The tree's precedent @r for a file whose wording names licenses (@m):
 * 1 when it decided (a tag or review, in @d), 0 when the rules decide.
 */
static int decide_by_precedent(struct tag_decision *d, const char *path,
			       const struct bp_match *m, const struct prec_rule *r,
			       const struct precedent *prec, int uapi,
			       const struct licenses *lic)
{
	char mine[PREC_EXPR_MAX], canon[PREC_EXPR_MAX];
	const struct prec_dir *pd;
	int ret;

	if (m->verdict != BP_FOUND && m->why &&
	    !strcmp(m->why, BP_WHY_PUBLIC_DOMAIN))
		return 0;	/* never by precedent */
	d->rule = r;
	/* The tree disagrees about the wording, but not the directory
	 * about what the rules read: the rules' patch. */
	if (r->contested && m->verdict == BP_FOUND &&
	    (pd = precedent_dir(prec, path)) && !pd->split) {
		format_expr(mine, sizeof(mine), m->ids, m->nids, 0, 0);
		if (!precedent_canon_text(mine, canon, sizeof(canon)) &&
		    !strcasecmp(canon, pd->expr)) {
			d->rule = NULL;
			return 0;
		}
	}
	if (r->contested) {
		review(d, m, TAG_WHY_CONTESTED);
		return 1;
	}
	if (m->verdict == BP_FOUND) {
		format_expr(mine, sizeof(mine), m->ids, m->nids, 0, 0);
		if (!precedent_canon_text(mine, canon, sizeof(canon)) &&
		    !strcasecmp(canon, r->expr)) {
			d->rule = NULL;
			return 0;	/* they agree: the rules' patch */
		}
		review(d, m, TAG_WHY_OTHERWISE);
		return 1;
	}
	if (!keeps_all(r->expr, m)) {
		review(d, m, TAG_WHY_DROPS);
		return 1;
	}
	ret = precedent_write(r->expr, uapi, lic, d->expr, sizeof(d->expr));
	if (ret) {
		review(d, m, "the license is not declared in LICENSES/");
		return 1;
	}
	d->kind = TAG_K_PRECEDENT;
	return 1;
}

/*
 * checkpatch.pl (6.12 on): "DT binding headers should be licensed
 * (GPL-2.0-only OR .*)", its regex unanchored as there.  A header under
 * include/dt-bindings/ that the rules would give one license alone is
 * left to a person, who can ask for the dual license.
 */
static int dt_binding_ok(const char *path, const char *expr)
{
	if (strncmp(path, "include/dt-bindings/", 20))
		return 1;
	for (const char *p = expr; (p = strstr(p, "GPL-2.0")); p++) {
		const char *q = p + 7;

		if (!strncmp(q, "-only", 5))
			q += 5;
		if (!strncmp(q, " OR ", 4) && q[4] && q[4] != ' ')
			return 1;
	}
	return 0;
}

/*
 * A file with no license text whose directory's tagged files all carry
 * one license other than the default @license: that license; where the
 * most common is not the default but not every tagged file carries it:
 * review.  Unanimity, not the 95% that lets a wording's precedent
 * decide: here nothing in the file itself says anything, so any tagged
 * file of the directory under another license could be the one it
 * follows.  1 when that decided, 0 when the default applies, -ENOMEM.
 */
static int by_directory(struct tag_decision *d, const char *path, int uapi,
			const char *license, const struct licenses *lic,
			const struct precedent *prec)
{
	const struct prec_dir *pd = precedent_dir(prec, path);
	char def[PREC_EXPR_MAX];
	int ret;

	if (!pd || precedent_canon_text(license, def, sizeof(def)) ||
	    !strcasecmp(pd->expr, def))
		return 0;
	d->dir = pd;
	if (pd->split || pd->k != pd->n) {
		review(d, NULL, TAG_WHY_DIR_SPLIT);
		return 1;
	}
	ret = precedent_write(pd->expr, uapi, lic, d->expr, sizeof(d->expr));
	if (ret == -ENOMEM)
		return ret;
	if (ret) {
		review(d, NULL, "the license is not declared in LICENSES/");
		return 1;
	}
	d->kind = TAG_K_DIRECTORY;
	return 1;
}

/*
 * A kind of file license-rules.rst gives no comment style for: the one
 * every tagged file of its extension in the tree uses (precedent.h),
 * else still not a source.
 */
static enum tag_reason style_of_tree(const struct precedent *prec,
				     const char *path, enum tag_style *style)
{
	const char *l = precedent_leader(prec, path);

	if (!l)
		return TAG_SKIP_NOT_SOURCE;
	*style = !strcmp(l, "#") ? TAG_STYLE_HASH :
		 !strcmp(l, "//") ? TAG_STYLE_SLASH : TAG_STYLE_BLOCK;
	return TAG_OK;
}

static int decide(const char *path, const char *buf, size_t len, int uapi,
		  const char *license, const struct licenses *lic,
		  const struct precedent *prec, struct tag_decision *d)
{
	const struct prec_rule *r;
	size_t head = len < BP_HEAD_BYTES ? len : BP_HEAD_BYTES;
	struct bp_match m;
	int ret;

	memset(d, 0, sizeof(*d));
	d->reason = tag_eligible(path, buf, len, &d->style);
	if (d->reason == TAG_SKIP_NOT_SOURCE)
		d->reason = style_of_tree(prec, path, &d->style);
	if (d->reason != TAG_OK)
		return 0;
	if (!license)
		license = TAG_DEFAULT_LICENSE;
	if (!tag_fix_make(buf, head, NULL, d->expr, sizeof(d->expr))) {
		ret = d->expr[0] ? expr_ok(d->expr, lic) : 0;
		if (ret < 0)
			return ret;
		d->kind = ret ? TAG_K_FIXED : TAG_K_REVIEW;
		d->why = ret ? NULL : TAG_WHY_MALFORMED;
		return 0;
	}
	boilerplate_detect(buf, head, &m);
	if (m.verdict == BP_NONE) {	/* no license wording in the head */
		if (memmem(buf, len, "MODULE_LICENSE(", 15)) {
			review(d, NULL, "MODULE_LICENSE() but no license text");
			return 0;
		}
		ret = by_directory(d, path, uapi, license, lic, prec);
		if (ret)
			return ret < 0 ? ret : 0;
		d->kind = uapi ? TAG_K_UAPI : TAG_K_NOLICENSE;
		ret = build_expr(d, &license, 1, uapi, lic);
		if (ret == -EINVAL) {
			snprintf(d->expr, sizeof(d->expr), "%s", license);
			d->kind = TAG_K_REVIEW;
			d->why = "the license is not declared in LICENSES/";
			return 0;
		}
		return ret;
	}
	if (prec && m.nids &&
	    (r = precedent_find(prec, boilerplate_fingerprint(buf, head, NULL, 0))) &&
	    decide_by_precedent(d, path, &m, r, prec, uapi, lic))
		return 0;
	if (m.verdict != BP_FOUND) {
		review(d, &m, m.why ? m.why : "license wording, no known boilerplate");
		return 0;
	}
	d->kind = TAG_K_BOILERPLATE;
	ret = build_expr(d, m.ids, m.nids, uapi, lic);
	if (ret == -EINVAL) {
		review(d, &m, "the license is not declared in LICENSES/");
		return 0;
	}
	return ret;
}

int tag_decide(const char *path, const char *buf, size_t len, int uapi,
	       const char *license, const struct licenses *lic,
	       const struct precedent *prec, struct tag_decision *d)
{
	int ret = decide(path, buf, len, uapi, license, lic, prec, d);

	if (!ret && d->kind >= TAG_K_NOLICENSE && d->kind <= TAG_K_PRECEDENT &&
	    !dt_binding_ok(path, d->expr)) {
		d->kind = TAG_K_REVIEW;
		d->why = TAG_WHY_DT_BINDING;
		d->rule = NULL;
	}
	return ret;
}

int tag_decide_file(struct source *src, const struct spdx_index *idx,
		    const struct spdx_file *f, const char *license,
		    struct tag_decision *d)
{
	size_t n;
	char *data;
	int ret;

	ret = source_read_all(src, f->path, TAG_FILE_MAX, &data, &n);
	if (ret)
		return ret;
	ret = tag_decide(f->path, data, n, !!(f->flags & IDX_F_UAPI), license,
			 idx->lic, NULL, d);
	free(data);
	return ret;
}

int tag_suggest(struct source *src, const struct spdx_index *idx,
		const struct spdx_file *f, const char *license,
		char *buf, size_t len)
{
	struct tag_decision d;
	int ret;

	if (f->status != ST_UNTAGGED || (f->flags & SCAN_F_BINARY))
		return -ENODATA;
	ret = tag_decide_file(src, idx, f, license, &d);
	if (ret == -EFBIG)
		return -ENODATA;	/* the series skips it: too big to tag */
	if (ret)
		return ret;
	if (d.kind == TAG_K_SKIP)
		return -ENODATA;
	if (strlen(d.expr) >= len)
		return -ERANGE;
	strcpy(buf, d.expr);
	return d.kind == TAG_K_REVIEW;
}

/* Placement */

int tag_edit_make(const char *buf, size_t len, const char *tagline,
		  struct tag_edit *e)
{
	size_t bom = bom_len(buf, len), l1, tl = strlen(tagline);
	const char *nl = memchr(buf, '\n', len);
	const char *eol = nl && nl > buf && nl[-1] == '\r' ? "\r\n" : "\n";
	size_t el = strlen(eol);
	int after;
	char *t;

	memset(e, 0, sizeof(*e));
	if (len == bom)
		return -EINVAL;
	l1 = nl ? (size_t)(nl - buf) + 1 : len;
	after = (len - bom >= 2 && !memcmp(buf + bom, "#!", 2)) ||
		(len - bom >= 5 && !memcmp(buf + bom, "<?xml", 5));
	t = malloc(l1 + tl + el + 1);
	if (!t)
		return -ENOMEM;
	e->text = t;
	if (after && nl) {			/* a line after line 1 */
		e->off = l1;
		e->len = (size_t)sprintf(t, "%s%s", tagline, eol);
		e->line = 2;
	} else if (after) {			/* line 1 is all there is */
		e->old_len = len;
		memcpy(t, buf, len);
		memcpy(t + len, eol, el);
		memcpy(t + len + el, tagline, tl);
		e->len = len + el + tl;
		e->line = 2;
	} else if (bom) {			/* BOM, tag, rest of line 1 */
		e->old_len = l1;
		memcpy(t, buf, bom);
		memcpy(t + bom, tagline, tl);
		memcpy(t + bom + tl, eol, el);
		memcpy(t + bom + tl + el, buf + bom, l1 - bom);
		e->len = l1 + tl + el;
		e->line = 1;
	} else {
		e->len = (size_t)sprintf(t, "%s%s", tagline, eol);
		e->line = 1;
	}
	return 0;
}

/* The key of a tag, split so that this file holds no tag of its own. */
#define TAG_KEY		"SPDX-License-" "Identifier"
#define TAG_KEY_LEN	(sizeof(TAG_KEY) - 1)

/*
 * "spdx[-_]license[-_]identifier" in any case at @p, as scan.c's near
 * miss has it; 1 when it is not the exact key followed by ':'.
 */
static int near_miss_at(const char *p, const char *end)
{
	static const char stem[] = "spdx-license-identifier";

	if ((size_t)(end - p) < TAG_KEY_LEN)
		return 0;
	for (size_t i = 0; i < TAG_KEY_LEN; i++) {
		int c = p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i];

		if (stem[i] == '-' ? c != '-' && c != '_' : c != stem[i])
			return 0;
	}
	return memcmp(p, TAG_KEY, TAG_KEY_LEN) ||
	       p + TAG_KEY_LEN == end || p[TAG_KEY_LEN] != ':';
}

int tag_fix_make(const char *buf, size_t len, struct tag_edit *e,
		 char *expr, size_t size)
{
	const char *end = buf + len, *k = NULL, *ls, *le, *nl, *x, *xe, *after;
	char *t;

	for (const char *p = buf; p + TAG_KEY_LEN <= end; p++) {
		if ((*p | 0x20) == 's' && near_miss_at(p, end)) {
			k = p;
			break;
		}
	}
	if (!k)
		return -ENOENT;
	for (ls = k; ls > buf && ls[-1] != '\n'; ls--)
		;
	nl = memchr(k, '\n', end - k);
	le = nl ? nl : end;
	if (le > k && le[-1] == '\r')
		le--;
	/* the expression: after the key, a ':' or '=' and blanks, up to a
	 * comment's end or the end of the line */
	for (x = k + TAG_KEY_LEN; x < le && strchr(" \t:=", *x); x++)
		;
	for (xe = le; xe > x && strchr(" \t", xe[-1]); xe--)
		;
	if (xe - x >= 2 && (!memcmp(xe - 2, "*/", 2)))
		xe -= 2;
	else if (xe - x >= 3 && !memcmp(xe - 3, "-->", 3))
		xe -= 3;
	while (xe > x && strchr(" \t", xe[-1]))
		xe--;
	if (expr)
		snprintf(expr, size, "%.*s", (int)(xe - x), x);
	if (!e)
		return 0;
	memset(e, 0, sizeof(*e));
	after = nl ? nl + 1 : end;
	t = malloc((size_t)(after - ls) + TAG_KEY_LEN + 3);
	if (!t)
		return -ENOMEM;
	e->off = ls - buf;
	e->old_len = after - ls;
	e->text = t;
	t = mempcpy(t, ls, k - ls);
	t = mempcpy(t, TAG_KEY ": ", TAG_KEY_LEN + 2);
	t = mempcpy(t, x, xe - x);
	t = mempcpy(t, xe, after - xe);
	e->len = t - e->text;
	for (const char *p = buf; p < ls; p++)
		e->line += *p == '\n';
	e->line++;
	return 0;
}

void tag_edit_release(struct tag_edit *e)
{
	free(e->text);
	e->text = NULL;
}

int tag_edit_apply(const char *buf, size_t len, const struct tag_edit *e,
		   char **out, size_t *outlen)
{
	size_t n = len - e->old_len + e->len;
	char *p = malloc(n + 1);

	if (!p)
		return -ENOMEM;
	memcpy(p, buf, e->off);
	memcpy(p + e->off, e->text, e->len);
	memcpy(p + e->off + e->len, buf + e->off + e->old_len,
	       len - e->off - e->old_len);
	p[n] = '\0';
	*out = p;
	*outlen = n;
	return 0;
}

/* Diffs */

struct span {
	const char *p;
	size_t n;
};

/* Up to @max lines of [p, end) from the start, into @l; returns the count. */
static int lines_from(const char *p, const char *end, struct span *l, int max)
{
	int k = 0;

	while (p < end && k < max) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);

		l[k].p = p;
		l[k++].n = n;
		p += n;
	}
	return k;
}

static void emit(FILE *out, char c, const struct span *l)
{
	fputc(c, out);
	fwrite(l->p, 1, l->n, out);
	if (!l->n || l->p[l->n - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

static void range(FILE *out, char sign, size_t start, size_t count)
{
	if (count == 1)
		fprintf(out, "%c%zu", sign, start);
	else
		fprintf(out, "%c%zu,%zu", sign, count ? start : start - (start > 0), count);
}

/* git's quoting of a path in diff headers: "a/..." when needed. */
static void put_path(FILE *out, const char *prefix, const char *path)
{
	int quote = 0;

	for (const unsigned char *s = (const unsigned char *)path; *s; s++)
		if (*s < 0x20 || *s >= 0x7f || *s == '"' || *s == '\\')
			quote = 1;
	if (!quote) {
		fprintf(out, "%s%s", prefix, path);
		return;
	}
	fprintf(out, "\"%s", prefix);
	for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
		static const char esc[] = "\aa\bb\tt\nn\vv\ff\rr\"\"\\\\";
		const char *x = *s ? strchr(esc, *s) : NULL;

		if (x && (x - esc) % 2 == 0)
			fprintf(out, "\\%c", x[1]);
		else if (*s < 0x20 || *s >= 0x7f)
			fprintf(out, "\\%03o", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}



int tag_diff(FILE *out, const char *path, uint32_t mode, const char *buf,
	     size_t len, const struct tag_edit *e, unsigned *ins, unsigned *del)
{
	struct span before[3], old[4], new[4], after[3];
	char oid_old[13], oid_new[13], *nbuf;
	const char *p = buf, *cut = buf + e->off;
	size_t nlen, skip = 0;
	int nb = 0, no, nn, na;

	/* the (at most 3) lines before the change */
	while (p < cut) {
		const char *nl = memchr(p, '\n', cut - p);
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(cut - p);

		if (nb == 3) {
			memmove(before, before + 1, 2 * sizeof(*before));
			nb--;
			skip++;
		}
		before[nb].p = p;
		before[nb++].n = n;
		p += n;
	}
	no = lines_from(cut, cut + e->old_len, old, 4);
	nn = lines_from(e->text, e->text + e->len, new, 4);
	if (count_lines(cut, e->old_len) > 4 || count_lines(e->text, e->len) > 4)
		return -EINVAL;
	na = lines_from(cut + e->old_len, buf + len, after, 3);
	if (tag_edit_apply(buf, len, e, &nbuf, &nlen))
		return -ENOMEM;
	if (libgit2_blob_id(buf, len, oid_old, sizeof(oid_old)) ||
	    libgit2_blob_id(nbuf, nlen, oid_new, sizeof(oid_new))) {
		free(nbuf);
		return -EIO;
	}
	free(nbuf);
	fputs("diff --git ", out);
	put_path(out, "a/", path);
	fputc(' ', out);
	put_path(out, "b/", path);
	fprintf(out, "\nindex %s..%s %s\n--- ", oid_old, oid_new,
		mode & 0111 ? "100755" : "100644");
	put_path(out, "a/", path);
	fputs("\n+++ ", out);
	put_path(out, "b/", path);
	fputs("\n@@ ", out);
	range(out, '-', skip + 1, nb + no + na);
	fputc(' ', out);
	range(out, '+', skip + 1, nb + nn + na);
	fputs(" @@\n", out);
	for (int i = 0; i < nb; i++)
		emit(out, ' ', &before[i]);
	for (int i = 0; i < no; i++)
		emit(out, '-', &old[i]);
	for (int i = 0; i < nn; i++)
		emit(out, '+', &new[i]);
	for (int i = 0; i < na; i++)
		emit(out, ' ', &after[i]);
	*ins += nn;
	*del += no;
	return ferror(out) ? -EIO : 0;
}

/* The plan */

static int plan_add(struct tag_plan *p, size_t *cap, const char *path,
		    const struct tag_decision *d)
{
	struct tag_item *it;

	it = grow(p->items, p->nitems, cap, sizeof(*p->items), 1024);
	if (!it)
		return -ENOMEM;
	p->items = it;
	it = &p->items[p->nitems];
	memset(it, 0, sizeof(*it));
	it->path = strdup(path);
	it->expr = strdup(d->expr);
	if (!it->path || !it->expr) {
		free(it->path);
		free(it->expr);
		return -ENOMEM;
	}
	it->kind = d->kind;
	it->why = d->why;
	it->rule = d->rule;
	it->dir = d->dir;
	p->nitems++;
	return 0;
}

/* The diff of a file the series tags, into @it. */
static int item_diff(struct tag_item *it, const struct spdx_file *f,
		     const char *buf, size_t len, enum tag_style style)
{
	char line[256];
	struct tag_edit e;
	FILE *mem;
	int ret;

	if (it->kind == TAG_K_FIXED)
		ret = tag_fix_make(buf, len < BP_HEAD_BYTES ? len : BP_HEAD_BYTES,
				   &e, NULL, 0);
	else if ((size_t)tag_line(style, it->expr, line, sizeof(line)) >= sizeof(line))
		return -EINVAL;
	else
		ret = tag_edit_make(buf, len, line, &e);
	if (ret)
		return ret;
	mem = open_memstream(&it->diff, &it->diff_len);
	if (!mem) {
		tag_edit_release(&e);
		return -ENOMEM;
	}
	ret = tag_diff(mem, f->path, f->st.mode, buf, len, &e, &it->ins, &it->del);
	if (fclose(mem) && !ret)
		ret = -ENOMEM;
	tag_edit_release(&e);
	return ret;
}

static int cmp_review(const void *key, const void *elem)
{
	return strcmp(key, ((const struct tag_review *)elem)->path);
}

static const struct tag_review *find_review(const struct tag_opts *o,
					    const char *path)
{
	if (!o->nreviews)
		return NULL;
	return bsearch(path, o->reviews, o->nreviews, sizeof(*o->reviews),
		       cmp_review);
}

/* Refuse a decision: the plan fails with -EINVAL, naming it. */
static int bad_review(struct spdx_error *err, const struct tag_opts *o,
		      const struct tag_review *r, const char *why)
{
	return spdx_error_set(err, -EINVAL, "%s:%u: %s: %s",
			      o->decisions ? o->decisions : "decisions",
			      r->line, r->path, why);
}

/* Upstream */

static int note_upstream(struct tag_plan *p, const char *path, const char *expr,
			 const char *why)
{
	struct tag_note *n;

	n = grow(p->upstream_changed, p->nupstream_changed, &p->upstream_cap,
		 sizeof(*n), 64);
	if (!n)
		return -ENOMEM;
	p->upstream_changed = n;
	n = &n[p->nupstream_changed];
	n->path = strdup(path);
	n->expr = strdup(expr);
	n->why = why;
	if (!n->path || !n->expr) {
		free(n->path);
		free(n->expr);
		return -ENOMEM;
	}
	p->nupstream_changed++;
	return 0;
}

/*
 * Is upstream's @text valid here (0), valid once LICENSES/ texts of the
 * newer tree are added (1), or not (-EINVAL)?  -ENOMEM.
 */
static int upstream_valid(const char *text, const struct licenses *here,
			  const struct licenses *there)
{
	struct expr_error err;
	int ret = tag_expr_check(text, here, &err);

	if (ret != -EINVAL)
		return ret;
	ret = there ? tag_expr_check(text, there, &err) : -EINVAL;
	return ret ? ret : 1;
}

/*
 * The newer tree's tag for @f, when it has one at the same path and the
 * license wording is the same in both trees: into @d as TAG_K_UPSTREAM.
 * A tag whose wording differs, or that cannot be valid here, is noted.
 */
static int upstream_decide(struct tag_plan *p, const struct tag_opts *o,
			   const struct spdx_file *f, const char *buf, size_t len,
			   const struct licenses *lic, struct tag_decision *d)
{
	const struct tag_upstream *up = o->upstream;
	const struct spdx_file *g = index_find(up->idx, f->path);
	const struct spdx_expr *ge = g ? index_file_expr(up->idx, g) : NULL;
	uint64_t here, there;
	ssize_t n;
	char *head;
	int ret;

	if (!g || g->status != ST_TAGGED || !ge)
		return 0;
	head = malloc(BP_HEAD_BYTES);
	if (!head)
		return -ENOMEM;
	n = source_read_head(up->src, f->path, head, BP_HEAD_BYTES);
	here = boilerplate_fingerprint(buf, len, NULL, 0);
	there = n < 0 ? here + 1 : boilerplate_fingerprint(head, n, NULL, 0);
	free(head);
	if (here != there)
		return note_upstream(p, f->path, ge->text, "its license wording differs");
	ret = upstream_valid(ge->text, lic, up->idx->lic);
	if (ret == -EINVAL)
		return note_upstream(p, f->path, ge->text,
				     "not valid against this tree's LICENSES/");
	if (ret < 0)
		return ret;
	if ((size_t)snprintf(d->expr, sizeof(d->expr), "%s", ge->text) >= sizeof(d->expr))
		return note_upstream(p, f->path, ge->text, "too long a tag line");
	d->kind = TAG_K_UPSTREAM;
	d->why = NULL;
	d->rule = NULL;
	return 0;
}

/* A new file's diff, as git prints it. */
static int new_file_diff(FILE *out, const char *path, const char *buf,
			 size_t len, unsigned *ins)
{
	char oid[13];
	unsigned n = count_lines(buf, len);
	struct span l;

	if (libgit2_blob_id(buf, len, oid, sizeof(oid)))
		return -EIO;
	fputs("diff --git ", out);
	put_path(out, "a/", path);
	fputc(' ', out);
	put_path(out, "b/", path);
	fprintf(out, "\nnew file mode 100644\nindex 000000000000..%s\n--- /dev/null\n+++ ", oid);
	put_path(out, "b/", path);
	fputs("\n@@ -0,0 ", out);
	range(out, '+', 1, n);
	fputs(" @@\n", out);
	for (const char *p = buf; p < buf + len; p += l.n) {
		const char *nl = memchr(p, '\n', buf + len - p);

		l.p = p;
		l.n = nl ? (size_t)(nl - p) + 1 : (size_t)(buf + len - p);
		emit(out, '+', &l);
	}
	*ins += n;
	return ferror(out) ? -EIO : 0;
}

struct backport {
	const struct licenses *here, *there;
	const struct license_file *files[16];
	int n;
};

/* expr_foreach_id(): note the newer tree's file for an id missing here. */
static int need_license(const char *id, size_t len, int plus, int is_exception,
			void *arg)
{
	struct backport *b = arg;
	char full[128];
	const struct license_file *lf;

	snprintf(full, sizeof(full), "%.*s%s", (int)len, id, plus ? "+" : "");
	if (licenses_lookup(b->here, full, strlen(full)) ||
	    !(lf = licenses_lookup(b->there, full, strlen(full))))
		return 0;
	for (int i = 0; i < b->n; i++)
		if (b->files[i] == lf)
			return 0;
	if (b->n == (int)(sizeof(b->files) / sizeof(b->files[0])))
		return -ENOSPC;
	b->files[b->n++] = lf;
	return 0;
}

static int cmp_license_file(const void *a, const void *b)
{
	return strcmp((*(const struct license_file *const *)a)->path,
		      (*(const struct license_file *const *)b)->path);
}

/*
 * The LICENSES/ texts of the newer tree that the adopted and decided
 * identifiers need and this tree lacks, as items of the first patch.
 */
static int plan_backports(struct tag_plan *p, size_t *cap,
			  const struct spdx_index *idx, const struct tag_opts *o)
{
	struct backport b = { idx->lic, o->upstream->idx->lic, { 0 }, 0 };
	int ret = 0;

	if (!b.there)
		return 0;
	for (size_t i = 0; i < p->nitems && !ret; i++) {
		struct expr *e;

		if (p->items[i].kind != TAG_K_UPSTREAM && p->items[i].kind != TAG_K_DECIDED)
			continue;
		if (expr_parse(&e, p->items[i].expr, strlen(p->items[i].expr), NULL))
			continue;
		ret = expr_foreach_id(e, need_license, &b);
		expr_free(e);
	}
	if (ret)
		return ret == -ENOSPC ? -EINVAL : ret;
	qsort(b.files, b.n, sizeof(b.files[0]), cmp_license_file);
	for (int k = 0; k < b.n && !ret; k++) {
		struct tag_decision d = { .kind = TAG_K_LICENSES };
		struct tag_item *it;
		FILE *mem;
		char *buf;
		size_t len;

		snprintf(d.expr, sizeof(d.expr), "%s", b.files[k]->name);
		ret = source_read_all(o->upstream->src, b.files[k]->path, TAG_FILE_MAX,
				      &buf, &len);
		if (!ret)
			ret = plan_add(p, cap, b.files[k]->path, &d);
		if (ret)
			break;
		it = &p->items[p->nitems - 1];
		mem = open_memstream(&it->diff, &it->diff_len);
		ret = mem ? new_file_diff(mem, it->path, buf, len, &it->ins) : -ENOMEM;
		if (mem && fclose(mem) && !ret)
			ret = -ENOMEM;
		free(buf);
		p->nkind[TAG_K_LICENSES]++;
	}
	return ret;
}

/* Count untagged file @path as left alone for @reason, and note it. */
static int plan_skip(struct tag_plan *p, const char *path,
		     enum tag_reason reason)
{
	struct tag_skip *v = grow(p->skips, p->nskips, &p->skips_cap,
				  sizeof(*p->skips), 1024);

	if (!v)
		return -ENOMEM;
	p->skips = v;
	v[p->nskips].path = strdup(path);
	if (!v[p->nskips].path)
		return -ENOMEM;
	v[p->nskips++].reason = reason;
	p->skipped[reason]++;
	return 0;
}

/* Decide for one untagged file; adds an item or counts a skip. */
static int plan_file(struct tag_plan *p, size_t *cap, struct source *src,
		     const struct spdx_index *idx, const struct spdx_file *f,
		     const struct tag_opts *o, struct spdx_error *err)
{
	const struct tag_review *r = find_review(o, f->path);
	struct tag_decision d;
	char *buf;
	size_t len;
	int ret;

	if (r && (f->flags & SCAN_F_BINARY))
		return bad_review(err, o, r, "a binary file");
	if (f->flags & SCAN_F_BINARY)
		return plan_skip(p, f->path, is_doc(f->path) ? TAG_SKIP_DOC :
				 TAG_SKIP_BINARY);
	ret = source_read_all(src, f->path, TAG_FILE_MAX, &buf, &len);
	if (ret && r && ret != -ENOMEM)
		return bad_review(err, o, r, ret == -EFBIG ? "too big to tag" :
				  "the file cannot be read");
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return plan_skip(p, f->path, ret == -EFBIG ? TAG_SKIP_TOO_BIG :
				 TAG_SKIP_UNREADABLE);
	ret = tag_decide(f->path, buf, len, !!(f->flags & IDX_F_UAPI),
			 o->license, idx->lic, p->prec, &d);
	if (!ret && r && d.kind == TAG_K_SKIP) {
		free(buf);
		return bad_review(err, o, r, tag_reason_name(d.reason));
	}
	if (!ret && !r && o->upstream && d.kind != TAG_K_SKIP)
		ret = upstream_decide(p, o, f, buf, len, idx->lic, &d);
	if (!ret && r) {	/* the reviewer's word over the rules' */
		d.kind = TAG_K_DECIDED;
		d.why = NULL;
		d.rule = NULL;
		if ((size_t)snprintf(d.expr, sizeof(d.expr), "%s", r->expr) >=
		    sizeof(d.expr)) {
			free(buf);
			return bad_review(err, o, r, "expression too long");
		}
	}
	if (!ret && d.kind == TAG_K_SKIP)
		ret = plan_skip(p, f->path, d.reason);
	else if (!ret)
		ret = plan_add(p, cap, f->path, &d);
	if (!ret && d.kind != TAG_K_SKIP && d.kind != TAG_K_REVIEW) {
		ret = item_diff(&p->items[p->nitems - 1], f, buf, len, d.style);
		if (ret == -EINVAL) {	/* a tag line we cannot write */
			p->items[p->nitems - 1].kind = TAG_K_REVIEW;
			p->items[p->nitems - 1].why = "tag line too long";
			ret = 0;
		}
	}
	if (!ret && d.kind != TAG_K_SKIP) {
		const struct tag_item *it = &p->items[p->nitems - 1];
		const char *nl = memchr(buf, '\n', len);

		p->nkind[it->kind]++;
		if (it->diff && nl && nl > buf && nl[-1] == '\r')
			p->crlf++;
	}
	free(buf);
	return ret;
}

/* Is @path beneath the directory @under of the tree ("" or NULL: the root)? */
static int beneath(const char *path, const char *under)
{
	size_t n = under ? strlen(under) : 0;

	return !n || (!strncmp(path, under, n) && path[n] == '/');
}

int tag_plan_build(struct tag_plan **out, struct source *src,
		   const struct spdx_index *idx, const struct tag_opts *o,
		   struct spdx_error *err)
{
	struct tag_plan *p = calloc(1, sizeof(*p));
	struct spdx_error e = { 0 };	/* a refused decision, said */
	size_t cap = 0;
	int ret = 0, n = 0;

	if (!p)
		return spdx_error_errno(err, -ENOMEM, "%s", idx->root);
	if (!o->no_precedent)
		ret = precedent_learn(&p->prec, src, idx);
	for (size_t i = 0; i < idx->nfiles && !ret; i++) {
		const struct spdx_file *f = &idx->files[i];

		if (o->progress && !(i % 512))
			o->progress(i, idx->nfiles, o->progress_arg);
		if (!beneath(f->path, o->under))
			continue;
		switch (f->status) {
		case ST_MISPLACED:
			p->misplaced++;
			continue;
		case ST_INVALID:
			p->invalid++;
			continue;
		case ST_EXCLUDED:
			if (f->scan_status == ST_UNTAGGED) {
				p->candidates++;
				ret = plan_skip(p, f->path, TAG_SKIP_EXCLUDED);
			}
			continue;
		case ST_ERROR:
			p->candidates++;
			ret = plan_skip(p, f->path, TAG_SKIP_UNREADABLE);
			continue;
		case ST_UNTAGGED:
			p->candidates++;
			ret = plan_file(p, &cap, src, idx, f, o, &e);
			continue;
		default:
			continue;
		}
	}
	if (o->progress)
		o->progress(idx->nfiles, idx->nfiles, o->progress_arg);
	if (!ret && o->upstream)
		ret = plan_backports(p, &cap, idx, o);
	/* Every decision must have met its file among the untagged ones. */
	for (size_t k = 0; !ret && k < o->nreviews; k++) {
		const struct spdx_file *f = index_find(idx, o->reviews[k].path);

		if (!f)
			ret = bad_review(&e, o, &o->reviews[k], "no such file in the tree");
		else if (!beneath(f->path, o->under))
			ret = bad_review(&e, o, &o->reviews[k],
					 "not beneath the directory the series is for");
		else if (f->status == ST_EXCLUDED)
			ret = bad_review(&e, o, &o->reviews[k],
					 "matched by scripts/spdxexclude");
		else if (f->status == ST_ERROR)
			ret = bad_review(&e, o, &o->reviews[k], "the file cannot be read");
		else if (f->status != ST_UNTAGGED)
			ret = bad_review(&e, o, &o->reviews[k], "the file has a tag already");
	}
	if (ret) {
		if (!e.code)
			spdx_error_errno(&e, ret, "%s", idx->root);
		if (err)
			*err = e;
		tag_plan_free(p);
		return ret;
	}
	for (int k = TAG_K_FIRST_PATCH; k <= TAG_K_LAST_PATCH; k++)
		p->patchno[k] = p->nkind[k] ? ++n : 0;
	p->npatches = n;
	*out = p;
	return 0;
}

void tag_plan_free(struct tag_plan *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nitems; i++) {
		free(p->items[i].path);
		free(p->items[i].expr);
		free(p->items[i].diff);
	}
	free(p->items);
	for (size_t i = 0; i < p->nupstream_changed; i++) {
		free(p->upstream_changed[i].path);
		free(p->upstream_changed[i].expr);
	}
	free(p->upstream_changed);
	for (size_t i = 0; i < p->nskips; i++)
		free(p->skips[i].path);
	free(p->skips);
	precedent_free(p->prec);
	free(p);
}
