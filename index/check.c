// SPDX-License-Identifier: GPL-2.0-only
/*
 * check: selecting files, their diagnostics, per-directory completeness
 * (see check.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "util/error.h"
#include "spdx/expr.h"
#include "source/filetype.h"
#include "util/grow.h"
#include "index.h"
#include "util/pathsearch.h"
#include "util/quote.h"

struct range {
	size_t lo, hi;
	int all;	/* a path git's index lacks: every file beneath it */
};

static int cmp_range(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* A copy of @path without leading "./" and trailing "/", "." as "". */
static char *normalize(const char *path)
{
	size_t n;
	char *p;

	while (path[0] == '.' && path[1] == '/')
		path += 2;
	if (!strcmp(path, "."))
		path++;
	n = strlen(path);
	while (n && path[n - 1] == '/')
		n--;
	p = malloc(n + 1);
	if (p) {
		memcpy(p, path, n);
		p[n] = '\0';
	}
	return p;
}

static int no_such_file(struct spdx_error *err, const char *path,
			const char *root)
{
	char *q = NULL;
	size_t len;
	FILE *f = open_memstream(&q, &len);

	if (f) {
		quote_path(f, path, strlen(path));
		if (fclose(f)) {
			free(q);
			q = NULL;
		}
	}
	spdx_error_set(err, -ENOENT, "%s: no such file in %s", q ? q : path,
		       root);
	free(q);
	return -ENOENT;
}

static struct path_array files_of(const struct spdx_index *idx)
{
	return (struct path_array){ idx->files, idx->nfiles, sizeof(*idx->files),
				    offsetof(struct spdx_file, path) };
}

/* Is @path a file or a directory of @idx? */
static int index_has(const struct spdx_index *idx, const char *path)
{
	return index_find(idx, path) || index_find_dir(idx, path);
}

/* Where @path's files lie in idx->files, into @r; 0 or -ENOENT. */
static int find_range(const struct spdx_index *idx, const char *path,
		      struct range *r)
{
	struct path_array a = files_of(idx);
	const struct spdx_file *f = index_find(idx, path);

	if (f) {
		r->lo = f - idx->files;
		r->hi = r->lo + 1;
		return 0;
	}
	if (!index_find_dir(idx, path))
		return -ENOENT;
	path_range_under(&a, path, &r->lo, &r->hi);
	return 0;
}

/* The ranges of @r that are "all", sorted and merged, into @all;
 * returns how many. */
static size_t merge_all(const struct range *r, size_t nr, struct range *all)
{
	size_t n = 0;

	for (size_t k = 0; k < nr; k++) {
		if (!r[k].all)
			continue;
		if (n && r[k].lo <= all[n - 1].hi) {
			if (r[k].hi > all[n - 1].hi)
				all[n - 1].hi = r[k].hi;
			continue;
		}
		all[n++] = r[k];
	}
	return n;
}

/*
 * Is file @i to be selected: always without @git, else when it lies in
 * an "all" range (*@ak walks @all forward, as @i only grows) or @git
 * has it too.
 */
static int keep(const struct spdx_index *idx, const struct spdx_index *git,
		struct path_cursor *cur, const struct range *all, size_t nall,
		size_t *ak, size_t i)
{
	struct path_array g;

	if (!git)
		return 1;
	while (*ak < nall && all[*ak].hi <= i)
		++*ak;
	if (*ak < nall && all[*ak].lo <= i)
		return 1;
	g = files_of(git);
	return path_find(&g, cur, idx->files[i].path) != PATH_NONE;
}

/* The files of the ranges @r, sorted and merged, into a new array. */
static int collect(const struct spdx_index *idx, const struct spdx_index *git,
		   struct range *r, size_t nr, const struct spdx_file ***files,
		   size_t *nfiles)
{
	const struct spdx_file **out;
	struct path_cursor *cur = NULL;
	struct range *all = NULL;
	size_t total = 0, n = 0, end = 0, nall = 0, ak = 0;

	qsort(r, nr, sizeof(*r), cmp_range);
	/* Merged, they hold no more than the index ("a a a ..." or "." ten
	 * thousand times must not ask for ten thousand indexes' worth). */
	for (size_t k = 0; k < nr && total < idx->nfiles; k++)
		total += r[k].hi - r[k].lo;
	out = alloc_array(total < idx->nfiles ? total : idx->nfiles, sizeof(*out));
	if (git) {
		cur = calloc(1, sizeof(*cur));
		all = alloc_array(nr, sizeof(*all));
	}
	if (!out || (git && (!cur || !all))) {
		free(out);
		free(cur);
		free(all);
		return -ENOMEM;
	}
	nall = git ? merge_all(r, nr, all) : 0;
	for (size_t k = 0; k < nr; k++) {
		/* Ranges overlap when a path lies beneath another given. */
		for (size_t i = r[k].lo > end ? r[k].lo : end; i < r[k].hi; i++)
			if (keep(idx, git, cur, all, nall, &ak, i))
				out[n++] = &idx->files[i];
		if (r[k].hi > end)
			end = r[k].hi;
	}
	free(cur);
	free(all);
	*files = out;
	*nfiles = n;
	return 0;
}

int check_select(const struct spdx_index *idx, const struct spdx_index *git,
		 const char *const *paths, size_t npaths,
		 const struct spdx_file ***files, size_t *nfiles,
		 struct spdx_error *err)
{
	struct range all = { 0, idx->nfiles, 0 }, *r = &all;
	int ret = 0;

	if (npaths) {
		r = alloc_array(npaths, sizeof(*r));
		if (!r)
			return spdx_error_set(err, -ENOMEM, "out of memory");
	}
	for (size_t k = 0; k < npaths; k++) {
		char *p = normalize(paths[k]);

		if (!p) {
			ret = spdx_error_set(err, -ENOMEM, "out of memory");
			goto out;
		}
		ret = find_range(idx, p, &r[k]);
		if (ret)
			no_such_file(err, p, idx->root);
		else
			r[k].all = git && !index_has(git, p);
		free(p);
		if (ret)
			goto out;
	}
	ret = collect(idx, git, r, npaths ? npaths : 1, files, nfiles);
	if (ret)
		spdx_error_set(err, ret, "out of memory");
out:
	if (r != &all)
		free(r);
	return ret;
}

/* The licenses scripts/headers_install.sh wants the note on ("GPL-" in
 * the id): GPL, LGPL and AGPL of any version. */
static int is_gpl_family(const char *id)
{
	return !strncasecmp(id, "GPL-", 4) || !strncasecmp(id, "LGPL-", 5) ||
	       !strncasecmp(id, "AGPL-", 5);
}

/* Does the subexpression at node @i hold a GPL-family license that is
 * not the left side of "WITH Linux-syscall-note"? */
static int gpl_without_note(const struct expr *e, int i)
{
	const struct expr_node *n = &e->nodes[i];

	switch (n->kind) {
	case EXPR_LICENSE:
		return is_gpl_family(n->id);
	case EXPR_WITH:
		return strcasecmp(n->exception, "Linux-syscall-note") &&
		       gpl_without_note(e, n->left);
	case EXPR_AND:
	case EXPR_OR:
		return gpl_without_note(e, n->left) ||
		       gpl_without_note(e, n->right);
	}
	return 0;
}

static int is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

int file_is_uapi_header(const struct spdx_file *f)
{
	return (f->flags & IDX_F_UAPI) && is_header(f->path);
}

int expr_needs_syscall_note(const struct expr *e)
{
	return e && gpl_without_note(e, e->root);
}

int file_needs_syscall_note(const struct spdx_index *idx, const struct spdx_file *f)
{
	const struct spdx_expr *e = index_file_expr(idx, f);

	return file_is_uapi_header(f) && spdx_file_counted(f) &&
	       expr_needs_syscall_note(e->ast);
}

/*
 * Is @path a header "make headers_install" installs, and so checks with
 * scripts/headers_install.sh: beneath include/uapi/ or
 * arch/ARCH/include/uapi/ (tools/ and the other uapi directories are
 * copies it never reads)?
 */
static int headers_installed(const char *path)
{
	const char *rest;

	if (!strncmp(path, "include/uapi/", 13))
		return is_header(path);
	if (strncmp(path, "arch/", 5) || !(rest = strchr(path + 5, '/')))
		return 0;
	return !strncmp(rest, "/include/uapi/", 14) && is_header(path);
}

int check_kernel_tree(const struct spdx_index *idx)
{
	return index_find(idx, "scripts/spdxcheck.py") != NULL;
}

/* Per class: a short key for JSON (the enum's name in lower case), and
 * the line that says what it is. */
static const struct {
	const char *key, *name;
} classes[CHECK__NCLASSES] = {
	[CHECK_C_INVALID] = { "invalid",
		"invalid tag" },
	[CHECK_C_UNREADABLE] = { "unreadable",
		"file cannot be read" },
	[CHECK_C_GRAMMAR] = { "spdxcheck-grammar",
		"expression scripts/spdxcheck.py rejects" },
	[CHECK_C_MISPLACED] = { "misplaced",
		"tag not on the first line that can hold it" },
	[CHECK_C_SECOND] = { "second-tag",
		"second SPDX tag" },
	[CHECK_C_STRAY_TERM] = { "stray-terminator",
		"comment terminator left on a line that did not open it" },
	[CHECK_C_UNCLOSED] = { "unclosed-comment",
		"/* comment not closed on the tag line" },
	[CHECK_C_NEAR_MISS] = { "near-miss",
		"misspelled tag, e.g. SPDX-License_Identifier" },
	[CHECK_C_BAD_LEADER] = { "bad-leader",
		"tag not preceded by a known comment leader" },
	[CHECK_C_MIXED_OP] = { "mixed-case-operators",
		"operators in mixed case" },
	[CHECK_C_CP_MALFORMED] = { "checkpatch-malformed",
		"Missing or malformed SPDX-License-Identifier tag (checkpatch.pl)" },
	[CHECK_C_CP_STYLE] = { "checkpatch-comment-style",
		"Improper SPDX comment style (checkpatch.pl)" },
	[CHECK_C_CP_MISPLACED] = { "checkpatch-misplaced",
		"Misplaced SPDX-License-Identifier tag (checkpatch.pl)" },
	[CHECK_C_CP_DT] = { "checkpatch-dt-binding",
		"DT binding documents should be licensed (GPL-2.0-only OR BSD-2-Clause) (checkpatch.pl)" },
	[CHECK_C_HEADERS_INSTALL] = { "headers-install",
		"uapi header without Linux-syscall-note (headers_install.sh)" },
};

const char *check_class_name(enum check_class c)
{
	return (unsigned)c < CHECK__NCLASSES ? classes[c].name : NULL;
}

const char *check_class_key(enum check_class c)
{
	return (unsigned)c < CHECK__NCLASSES ? classes[c].key : NULL;
}

/* check_file's state: where the diagnostics go, how many were errors. */
struct emit {
	const struct spdx_file *file;
	const struct check_opts *o;
	check_fn fn;
	void *arg;
	size_t errors;
};

static void emit(struct emit *e, unsigned line, unsigned col,
		 enum check_severity severity, enum check_class cls,
		 const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void emit(struct emit *e, unsigned line, unsigned col,
		 enum check_severity severity, enum check_class cls,
		 const char *fmt, ...)
{
	struct check_diag d = { e->file, line, col, severity, cls, NULL };
	char msg[2048];
	va_list ap;

	if (severity == CHECK_WARNING && !e->o->warnings)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	d.message = msg;
	e->errors += severity == CHECK_ERROR;
	e->fn(&d, e->arg);
}

/* Flags worth a warning: each is something to fix in the file. */
static const struct {
	unsigned flag;
	enum check_class cls;
} warn_flags[] = {
	{ SCAN_F_STRAY_TERM, CHECK_C_STRAY_TERM },
	{ SCAN_F_UNCLOSED, CHECK_C_UNCLOSED },
	{ SCAN_F_NEAR_MISS, CHECK_C_NEAR_MISS },
	{ SCAN_F_BAD_LEADER, CHECK_C_BAD_LEADER },
};

/*
 * @f's tag is prose, not a comment: a bare tag in a file of a type not
 * known to hold comments (COPYING, *.txt).  Placement and leader rules
 * do not apply to it.
 */
static int tag_in_prose(const struct spdx_file *f)
{
	return f->line && !f->leader[0] &&
	       !filetype_has_comments(f->path, f->flags & SCAN_F_SHEBANG);
}

static void check_warnings(struct emit *em, const struct spdx_file *f,
			   const struct spdx_expr *e, const char *cp)
{
	/* checkpatch.pl calls a second tag misplaced in its source files */
	if ((f->flags & SCAN_F_MULTIPLE) &&
	    !(cp && filetype_checkpatch_source(f->path)))
		emit(em, f->second_line, 0, CHECK_WARNING, CHECK_C_SECOND,
		     "second SPDX tag (first on line %u)", f->line);
	for (size_t k = 0; k < sizeof(warn_flags) / sizeof(warn_flags[0]); k++) {
		if (!(f->flags & warn_flags[k].flag))
			continue;
		/* checkpatch.pl's rules judge the leader of its types */
		if (warn_flags[k].flag == SCAN_F_BAD_LEADER &&
		    (cp || tag_in_prose(f)))
			continue;
		emit(em, f->line, f->col, CHECK_WARNING, warn_flags[k].cls, "%s",
		     scan_flag_message(warn_flags[k].flag));
	}
	if (e && (e->expr_flags & EXPR_F_MIXED_OP))
		emit(em, f->line, f->col, CHECK_WARNING, CHECK_C_MIXED_OP,
		     "operators in mixed case");
}

/* @path as git quotes it, malloc'd (NULL when out of memory): a name
 * must not forge a line of the output through a message. */
static char *quoted(const char *path)
{
	char *q = NULL;
	size_t len;
	FILE *f = open_memstream(&q, &len);

	if (!f)
		return NULL;
	quote_path(f, path, strlen(path));
	if (fclose(f)) {
		free(q);
		return NULL;
	}
	return q;
}

/* Does @text match checkpatch.pl's /GPL-2\.0.*BSD-2-Clause/? */
static int dt_dual(const char *text)
{
	const char *gpl = strstr(text, "GPL-2.0");

	return gpl && strstr(gpl + 7, "BSD-2-Clause");
}

/* A checkpatch.pl finding is an error for a new file: asked once, when
 * there is one. */
struct cp_finding {
	struct emit *em;
	int fresh;		/* -1 until asked */
	unsigned want;		/* the line it checks */
};

static void cp_emit(struct cp_finding *c, unsigned line, enum check_class cls,
		    const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void cp_emit(struct cp_finding *c, unsigned line, enum check_class cls,
		    const char *fmt, ...)
{
	const struct check_opts *o = c->em->o;
	char msg[1024];
	va_list ap;

	if (c->fresh < 0)
		c->fresh = o->is_new && o->is_new(c->em->file, o->new_arg);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	emit(c->em, line, 0, c->fresh ? CHECK_ERROR : CHECK_WARNING, cls,
	     "%s (scripts/checkpatch.pl)", msg);
}

/*
 * scripts/checkpatch.pl's SPDX rules for @f, whose type wants comment
 * @cp (NULL: none): its messages, errors for a new file.  It checks line
 * want (1, or 2 after "#!"): a tag there in the form "CP
 * SPDX-License-Identifier: ", the comment style of .c .h .s .S, any tag
 * on another line of a source file; and a devicetree binding's license.
 * It reads every line; spdxfs knows the first SCAN_MAXLINES.
 */
static void check_checkpatch(struct emit *em, const struct spdx_file *f,
			     const struct spdx_expr *e, const char *cp)
{
	struct cp_finding c = { em, -1, f->flags & SCAN_F_SHEBANG ? 2 : 1 };
	int on_line = f->line == c.want, plain;
	int bom = (f->flags & SCAN_F_BOM) && c.want == 1;
	char *q;

	if (!f->st.size)
		return;		/* checkpatch.pl sees no line at all */
	plain = cp && on_line && (f->flags & SCAN_F_PLAIN) &&
		!strcmp(f->leader, cp);
	if (cp && on_line && filetype_checkpatch_style(f->path) &&
	    (bom || strncmp(f->leader, cp, strlen(cp)))) {
		q = quoted(f->path);
		cp_emit(&c, c.want, CHECK_C_CP_STYLE, "Improper SPDX comment style"
			" for '%s', please use '%s' instead", q ? q : "?", cp);
		free(q);
	}
	if (cp && !plain)
		cp_emit(&c, c.want, CHECK_C_CP_MALFORMED, "Missing or malformed "
			"SPDX-License-Identifier tag in line %u", c.want);
	/* Its test for a tag in a comment compares empty strings, so any
	 * tag line but want is misplaced; spdxfs knows two of them. */
	if (cp && filetype_checkpatch_source(f->path)) {
		if (f->line && !on_line)
			cp_emit(&c, f->line, CHECK_C_CP_MISPLACED, "Misplaced "
				"SPDX-License-Identifier tag - use line %u instead",
				c.want);
		if (f->second_line && f->second_line != c.want)
			cp_emit(&c, f->second_line, CHECK_C_CP_MISPLACED, "Misplaced "
				"SPDX-License-Identifier tag - use line %u instead",
				c.want);
	}
	if ((plain || (!cp && on_line)) && e &&
	    !strncmp(f->path, "Documentation/devicetree/bindings/", 34) &&
	    !dt_dual(e->text))
		cp_emit(&c, c.want, CHECK_C_CP_DT, "DT binding documents should "
			"be licensed (GPL-2.0-only OR BSD-2-Clause)");
}

size_t check_file(const struct spdx_index *idx, const struct spdx_file *f,
		  const struct check_opts *o, check_fn fn, void *arg)
{
	const struct spdx_expr *e = index_file_expr(idx, f);
	struct emit em = { f, o, fn, arg, 0 };
	const char *cp = NULL;

	if (o->kernel && f->status != ST_EXCLUDED && f->status != ST_ERROR)
		cp = filetype_checkpatch_comment(f->path, f->flags & SCAN_F_SHEBANG);
	switch (f->status) {
	case ST_INVALID:
		/* Without LICENSES/ only the syntax can be wrong; the
		 * command says once that nothing is validated. */
		if (!idx->lic && e->ast)
			break;
		/* spdxcheck puts "Unfinished" at column 0 of the line */
		emit(&em, f->line,
		     strcmp(e->error, EXPR_UNFINISHED) ? f->col + e->col : 0,
		     CHECK_ERROR, CHECK_C_INVALID, "%s", e->error);
		break;
	case ST_ERROR:
		emit(&em, 0, 0, CHECK_ERROR, CHECK_C_UNREADABLE,
		     "cannot read: %s", f->error);
		break;
	case ST_MISPLACED:
		if (!cp && !tag_in_prose(f))
			emit(&em, f->line, f->col, CHECK_WARNING, CHECK_C_MISPLACED,
			     "tag on line %u, expected on line %u", f->line,
			     f->flags & (SCAN_F_SHEBANG | SCAN_F_XMLDECL) ? 2 : 1);
		break;
	default:
		break;
	}
	if ((o->strict || o->kernel) && e && e->valid && e->strict_error)
		emit(&em, f->line, f->col + e->strict_col, CHECK_ERROR,
		     CHECK_C_GRAMMAR, "%s (scripts/spdxcheck.py)", e->strict_error);
	if (o->kernel && f->status != ST_EXCLUDED && f->status != ST_ERROR)
		check_checkpatch(&em, f, e, cp);
	/* What makes "make headers_install" fail, with its message. */
	if (o->kernel && headers_installed(f->path) && file_needs_syscall_note(idx, f))
		emit(&em, f->line, f->col, CHECK_ERROR, CHECK_C_HEADERS_INSTALL,
		     "missing \"WITH Linux-syscall-note\" for "
		     "SPDX-License-Identifier (scripts/headers_install.sh)");
	if (f->status != ST_EXCLUDED)
		check_warnings(&em, f, e, cp);
	return em.errors;
}

/* A run of files in one directory, the first @len bytes of @path. */
struct dir_run {
	const char *path;
	size_t len;
	size_t files, tagged;
};

/* The length of @path's directory, cut to @depth components if >= 0. */
static size_t dir_len(const char *path, int depth)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	int comps = 0;

	if (depth < 0)
		return n;
	if (depth == 0)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (path[k] == '/' && ++comps == depth)
			return k;
	return n;
}

/* Directories in the order of their names "./DIR/": as DIR + "/", the
 * root ("./") first. */
static int cmp_run(const void *a, const void *b)
{
	const struct dir_run *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c;

	if (!x->len || !y->len)
		return !!x->len - !!y->len;
	c = memcmp(x->path, y->path, n);
	if (c || x->len == y->len)
		return c;
	/* One is a prefix of the other: the shorter one's '/' against the
	 * other's next byte; "a/" comes before "a/b/". */
	if (x->len < y->len)
		return (unsigned char)y->path[n] < '/' ? 1 : -1;
	return (unsigned char)x->path[n] < '/' ? -1 : 1;
}

/* "./DIR/" for the first @len bytes of @path, "./" when @len is 0. */
static char *dir_name(const char *path, size_t len)
{
	char *s = malloc(len + 4);

	if (!s)
		return NULL;
	memcpy(s, "./", 2);
	memcpy(s + 2, path, len);
	strcpy(s + 2 + len, len ? "/" : "");
	return s;
}

/* Runs of files in one directory, in @files' order. */
static int dir_runs(struct dir_run **runs, size_t *nruns,
		    const struct spdx_file *const *files, size_t nfiles,
		    int depth, int (*lacks)(const struct spdx_file *, void *),
		    void *arg)
{
	struct dir_run *r = alloc_array(nfiles, sizeof(*r));
	size_t n = 0;

	if (!r)
		return -ENOMEM;
	for (size_t i = 0; i < nfiles; i++) {
		const struct spdx_file *f = files[i];
		size_t len;

		if (f->status == ST_EXCLUDED)
			continue;
		len = dir_len(f->path, depth);
		/* Files of one directory are mostly adjacent: count runs. */
		if (!n || r[n - 1].len != len || memcmp(r[n - 1].path, f->path, len))
			r[n++] = (struct dir_run){ f->path, len, 0, 0 };
		r[n - 1].files++;
		r[n - 1].tagged += !lacks(f, arg);
	}
	*runs = r;
	*nruns = n;
	return 0;
}

static int lacks_tag(const struct spdx_file *f, void *arg)
{
	return spdx_file_lacks_tag(f);
}

int check_dirs(struct check_dir **dirs, size_t *ndirs,
	       const struct spdx_file *const *files, size_t nfiles, int depth)
{
	return check_dirs_by(dirs, ndirs, files, nfiles, depth, lacks_tag,
			     NULL);
}

int check_dirs_by(struct check_dir **dirs, size_t *ndirs,
		  const struct spdx_file *const *files, size_t nfiles,
		  int depth, int (*lacks)(const struct spdx_file *, void *),
		  void *arg)
{
	struct check_dir *d = NULL;
	struct dir_run *r;
	size_t nr, n = 0;
	int ret;

	ret = dir_runs(&r, &nr, files, nfiles, depth, lacks, arg);
	if (ret)
		return ret;
	qsort(r, nr, sizeof(*r), cmp_run);
	d = alloc_array(nr, sizeof(*d));
	if (!d)
		goto nomem;
	for (size_t i = 0; i < nr; i++) {
		if (i && !cmp_run(&r[i - 1], &r[i])) {
			d[n - 1].files += r[i].files;
			d[n - 1].tagged += r[i].tagged;
			continue;
		}
		d[n].name = dir_name(r[i].path, r[i].len);
		if (!d[n].name)
			goto nomem;
		d[n].files = r[i].files;
		d[n].tagged = r[i].tagged;
		n++;
	}
	free(r);
	*dirs = d;
	*ndirs = n;
	return 0;
nomem:
	check_dirs_free(d, n);
	free(r);
	return -ENOMEM;
}

void check_dirs_free(struct check_dir *dirs, size_t ndirs)
{
	for (size_t i = 0; i < ndirs; i++)
		free(dirs[i].name);
	free(dirs);
}
