// SPDX-License-Identifier: GPL-2.0-only
/*
 * tag_mail: the series of a tag plan (tag.h) as mails: the patches, the
 * cover letter, upstream-decisions and the plan as JSON (tag_mail.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "util/json.h"
#include "series/precedent.h"
#include "report.h"
#include "series/tag.h"
#include "series/tag_mail.h"

struct idcount {
	const char *expr;
	size_t n;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int cmp_idcount(const void *a, const void *b)
{
	const struct idcount *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->expr, y->expr);
}

/* Files per expression for @kind, most files first.  *@out is malloc'd. */
static int count_ids(const struct tag_plan *p, enum tag_kind kind,
		     struct idcount **out, size_t *nout)
{
	const char **v = alloc_array(p->nkind[kind] + 1, sizeof(*v));
	struct idcount *c = alloc_array(p->nkind[kind] + 1, sizeof(*c));
	size_t n = 0, k = 0;

	if (!v || !c) {
		free(v);
		free(c);
		return -ENOMEM;
	}
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == kind)
			v[n++] = p->items[i].expr;
	qsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 0; i < n; i++) {
		if (!k || strcmp(c[k - 1].expr, v[i]))
			c[k++] = (struct idcount){ v[i], 0 };
		c[k - 1].n++;
	}
	qsort(c, k, sizeof(*c), cmp_idcount);
	free(v);
	*out = c;
	*nout = k;
	return 0;
}

/* The seeds' table: identifier left, count right-aligned in column 61. */
static void table_head(FILE *out, const char *what)
{
	fprintf(out, "   %-51s# files\n", what);
	fprintf(out, "   ---------------------------------------------------|-------\n");
}

static void table_row(FILE *out, const char *name, size_t n)
{
	if (strlen(name) <= 51)
		fprintf(out, "   %-51s%7zu\n", name, n);
	else
		fprintf(out, "   %s %zu\n", name, n);
}

static int id_table(FILE *out, const struct tag_plan *p, enum tag_kind kind)
{
	struct idcount *c;
	size_t n;

	if (count_ids(p, kind, &c, &n))
		return -ENOMEM;
	table_head(out, "SPDX license identifier");
	for (size_t i = 0; i < n; i++)
		table_row(out, c[i].expr, c[i].n);
	free(c);
	return 0;
}

static const char *author(const struct tag_opts *o)
{
	return o->author;
}

static const char *license(const struct tag_opts *o)
{
	return o->license ? o->license : TAG_DEFAULT_LICENSE;
}

static void subject(char *buf, size_t size, const struct tag_plan *p,
		    enum tag_kind kind, const struct tag_opts *o)
{
	size_t n = 0;

	if (o->prefix && o->prefix[0]) {
		int k = snprintf(buf, size, "%s: ", o->prefix);

		if (k < 0 || (size_t)k >= size)
			return;
		buf += k;
		size -= k;
	}
	switch (kind) {
	case TAG_K_LICENSES:
		n = snprintf(buf, size, "LICENSES: add ");
		for (size_t i = 0, k = 0; i < p->nitems && n < size; i++)
			if (p->items[i].kind == TAG_K_LICENSES)
				n += snprintf(buf + n, size - n, "%s%s", k++ ? ", " : "",
					      p->items[i].expr);
		break;
	case TAG_K_UPSTREAM:
		snprintf(buf, size, "License cleanup: adopt upstream SPDX identifiers");
		break;
	case TAG_K_FIXED:
		snprintf(buf, size, "License cleanup: fix malformed SPDX tag lines");
		break;
	case TAG_K_DIRECTORY:
		snprintf(buf, size, "License cleanup: add their directory's SPDX license identifier to files with no license");
		break;
	case TAG_K_NOLICENSE:
		snprintf(buf, size, "License cleanup: add SPDX %s license identifier to files with no license",
			 license(o));
		break;
	case TAG_K_UAPI:
		snprintf(buf, size, "License cleanup: add SPDX license identifier to uapi files with no license");
		break;
	case TAG_K_BOILERPLATE:
		snprintf(buf, size, "License cleanup: add SPDX license identifier to files with a license");
		break;
	case TAG_K_PRECEDENT:
		snprintf(buf, size, "License cleanup: add SPDX license identifiers by the tree's precedent");
		break;
	case TAG_K_DECIDED:
		snprintf(buf, size, "License cleanup: add SPDX license identifiers decided in review");
		break;
	default:
		snprintf(buf, size, "License cleanup: add SPDX license identifiers to files without one");
		break;
	}
}

int tag_patch_name(const struct tag_plan *p, enum tag_kind kind,
		   const struct tag_opts *o, char *buf, size_t size)
{
	char subj[256], name[256];
	size_t n = 0;

	subject(subj, sizeof(subj), p, kind, o);
	/* as git format-patch sanitises a subject */
	for (const char *s = subj; *s && n + 1 < sizeof(name); s++) {
		int keep = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			   (*s >= '0' && *s <= '9') || *s == '.' || *s == '_';

		if (keep)
			name[n++] = *s;
		else if (n && name[n - 1] != '-')
			name[n++] = '-';
	}
	while (n && (name[n - 1] == '-' || name[n - 1] == '.'))
		n--;
	name[n] = '\0';
	if (kind == TAG_K_SKIP)
		return snprintf(buf, size, "0000-cover-letter.patch");
	return snprintf(buf, size, "%04d-%s.patch", p->patchno[kind], name);
}

static void mail_head(FILE *out, const struct tag_plan *p, int no,
		      const char *subj, const struct tag_opts *o)
{
	fprintf(out, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		"From: %s\nDate: %s\nSubject: [PATCH %d/%d] %s\n",
		author(o), o->date ? o->date : "Thu, 1 Jan 1970 00:00:00 +0000",
		no, p->npatches, subj);
	if (o->to && o->to[0])
		fprintf(out, "To: %s\n", o->to);
	if (o->cc && o->cc[0])
		fprintf(out, "Cc: %s\n", o->cc);
	fputc('\n', out);
}

static void mail_tail(FILE *out, const struct tag_opts *o)
{
	fprintf(out, "-- \n%s\n\n", o->version ? o->version : "spdxfs");
}

struct rule_use {
	const struct prec_rule *rule;
	size_t n;		/* files of the series it tagged */
};

static int cmp_rule_use(const void *a, const void *b)
{
	const struct rule_use *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	if (x->rule->n != y->rule->n)
		return x->rule->n < y->rule->n ? 1 : -1;
	return strcmp(x->rule->example, y->rule->example);
}

/* Each precedent the series followed: its expression, the tagged files of
 * the tree that back it, one of them, and how many files it tags here. */
static int rules_table(FILE *out, const struct tag_plan *p)
{
	struct rule_use *u = calloc(p->nkind[TAG_K_PRECEDENT] + 1, sizeof(*u));
	size_t n = 0;

	if (!u)
		return -ENOMEM;
	for (size_t i = 0; i < p->nitems; i++) {
		const struct tag_item *it = &p->items[i];
		size_t k;

		if (it->kind != TAG_K_PRECEDENT || !it->rule)
			continue;
		for (k = 0; k < n && u[k].rule != it->rule; k++)
			;
		if (k == n)
			u[n++].rule = it->rule;
		u[k].n++;
	}
	qsort(u, n, sizeof(*u), cmp_rule_use);
	for (size_t k = 0; k < n; k++)
		fprintf(out, "   %s\n"
			"       wording \"%s%s\"\n"
			"       %u of the %u tagged files with it, e.g.\n"
			"       %s; %zu file%s here\n",
			u[k].rule->expr, u[k].rule->words,
			strlen(u[k].rule->words) + 1 >= PREC_WORDS_MAX ? "..." : "",
			u[k].rule->k, u[k].rule->n,
			u[k].rule->example, u[k].n, u[k].n == 1 ? "" : "s");
	if (n)
		fputc('\n', out);
	free(u);
	return 0;
}

static void method(FILE *out, const struct tag_opts *o)
{
	fprintf(out,
"How this work was done:\n\n"
"The series was generated by spdxfs from an index of the tree (at the\n"
"base-commit below) for three of the use cases of the 2017\n"
"series:\n"
" - file had no licensing information in it,\n"
" - file was a */uapi/* one with no licensing information in it,\n"
" - file had license boilerplate in it that maps to one SPDX license\n"
"   expression.\n\n"
"Criteria used to select files for SPDX license identifier tagging was:\n"
" - Files considered eligible had to be source code files: C, headers,\n"
"   assembly, linker scripts, device tree, Rust and scripts (shell,\n"
"   Python, Perl, awk).\n"
" - Make and config files (Makefile, Kbuild, Kconfig) were included as\n"
"   candidates if they contained >5 lines.\n"
" - Files matched by scripts/spdxexclude, binary files, empty files and\n"
"   files without comment syntax (JSON) were skipped.\n\n"
"All documentation files (Documentation/, *.rst, *.txt) were explicitly\n"
"excluded.\n\n"
"The following heuristics were used to determine which SPDX license\n"
"identifiers to apply.\n\n"
" - when the first 16 KiB of a file had no license wording (\"license\",\n"
"   \"licence\", \"GPL\", \"copyleft\", \"public domain\", \"redistribute\",\n"
"   \"free software\", \"warranty\", \"permission is hereby granted\",\n"
"   \"permission to use\") and the file had no MODULE_LICENSE(), the file\n"
"   was considered to have no license information in it, and the top\n"
"   level COPYING file license applied.  A copyright line alone is no\n"
"   license information, as for the scanners in 2017.\n\n"
" - if a file had license wording, its head was reduced to words and\n"
"   each license it names was looked for: GPL and LGPL with their version\n"
"   and \"only\" or \"or later\" wording, a text naming the kernel's\n"
"   COPYING file (GPL version 2), the BSD 2- and 3-clause texts (or BSD\n"
"   named with its variant), the OpenIB.org BSD text, MIT, ISC, Zlib,\n"
"   MPL, Apache, CDDL, copyleft-next and CC-BY with their versions.  One\n"
"   license gave its identifier; two became \"A OR B\" only with a\n"
"   statement of the choice (\"Alternatively\", \"dual licensed\", \"choice\n"
"   of\", \"under either license\", ...).  A license named without what\n"
"   the identifier needs (\"the GPL\" without a version: the 2017 series\n"
"   made that GPL-1.0+, later work GPL-2.0 or GPL-2.0+; \"BSD\" without\n"
"   its text), public domain wording, or a license LICENSES/ lacks left\n"
"   the file to a person: no license the text names is ever dropped.\n\n");
	if (!o->no_precedent)
		fprintf(out,
" - the tree's own tagged files were read as precedent: the sentences of\n"
"   their heads that speak about licensing (copyright lines, names and\n"
"   code aside) against the tag each carries.  Where at least %d of them\n"
"   share a wording and at least %d%% of those one expression, that\n"
"   expression decides a file the rules could not, if it keeps every\n"
"   license the text names; where those files disagree among themselves,\n"
"   or with what the rules read, the file is left for review.\n\n",
			PREC_MIN_FILES, PREC_MIN_PERCENT);
	fprintf(out,
" - a */uapi/* file got the Linux-syscall-note on its GPL-family\n"
"   license, as in 2017.\n\n"
" - identifiers are the current ones (GPL-2.0-only, GPL-2.0-or-later);\n"
"   where the tree's LICENSES/ does not declare an expression in that\n"
"   spelling (Linux-syscall-note lists LGPL-2.1 and LGPL-2.1+, not\n"
"   LGPL-2.1-only), the older spelling was used.\n\n"
" - anything else (license wording without a license the rules know,\n"
"   wording of both GPL and LGPL, MODULE_LICENSE() without a license\n"
"   text) was not tagged and is listed in the cover letter for manual\n"
"   review.\n\n"
"The tag was placed as Documentation/process/license-rules.rst asks: on\n"
"line 1, or on line 2 after a \"#!\" line; \"// \" in .c, .rs, .dts and\n"
".dtsi files, \"/* */\" in headers, assembly and linker scripts, \"# \" in\n"
"scripts, Makefiles and Kconfig files.  A UTF-8 byte order mark stays\n"
"first, CRLF files get a CRLF line, a file without a final newline keeps\n"
"it so.\n\n"
"No second scanner and no lawyer looked at these results: as in 2017,\n"
"each file needs review before this is applied.\n\n");
}

static int diffstat(FILE *out, const struct tag_plan *p, enum tag_kind kind)
{
	size_t width = 0, files = 0, ins = 0, del = 0;
	unsigned maxc = 0;
	int cw;

	for (size_t i = 0; i < p->nitems; i++) {
		const struct tag_item *it = &p->items[i];

		if (it->kind != kind)
			continue;
		if (strlen(it->path) > width)
			width = strlen(it->path);
		if (it->ins + it->del > maxc)
			maxc = it->ins + it->del;
	}
	if (width > 50)
		width = 50;
	cw = snprintf(NULL, 0, "%u", maxc);
	for (size_t i = 0; i < p->nitems; i++) {
		const struct tag_item *it = &p->items[i];
		size_t n = strlen(it->path);

		if (it->kind != kind)
			continue;
		if (n > width)
			fprintf(out, " ...%s", it->path + n - (width - 3));
		else
			fprintf(out, " %-*s", (int)width, it->path);
		fprintf(out, " | %*u ", cw, it->ins + it->del);
		for (unsigned k = 0; k < it->ins; k++)
			fputc('+', out);
		for (unsigned k = 0; k < it->del; k++)
			fputc('-', out);
		fputc('\n', out);
		files++;
		ins += it->ins;
		del += it->del;
	}
	fprintf(out, " %zu file%s changed, %zu insertion%s(+)", files,
		files == 1 ? "" : "s", ins, ins == 1 ? "" : "s");
	if (del)
		fprintf(out, ", %zu deletion%s(-)", del, del == 1 ? "" : "s");
	fputc('\n', out);
	return 0;
}

/* The LICENSES/ texts from upstream: what they are for, which they are. */
static void licenses_message(FILE *out, const struct tag_plan *p,
			     const struct tag_opts *o)
{
	fprintf(out,
"The SPDX license identifiers this series adopts from %s,\n"
"or that were decided in review, name licenses this tree's LICENSES/\n"
"does not hold.  Add their texts as %s has them:\n\n",
		o->upstream->name, o->upstream->name);
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == TAG_K_LICENSES)
			fprintf(out, "  %s (%s)\n", p->items[i].path, p->items[i].expr);
	fputc('\n', out);
}

static int patch_message(FILE *out, const struct tag_plan *p, enum tag_kind kind,
			 const struct tag_opts *o)
{
	int first = 1;

	if (kind == TAG_K_LICENSES) {
		licenses_message(out, p, o);
		return 0;
	}
	for (int k = TAG_K_FIXED; k < kind; k++)
		first &= !p->patchno[k];
	switch (kind) {
	case TAG_K_DIRECTORY:
		fprintf(out,
"Some files with no license information sit in directories whose\n"
"tagged files agree on another license than the kernel's default: at\n"
"least %d tagged files beneath the nearest such directory, at least\n"
"%d%% of them with one expression.  The 2017 rule (no license text: the\n"
"top level COPYING) was written before such directories existed; add\n"
"their directory's identifier, as upstream later did:\n\n",
			PREC_DIR_MIN_FILES, PREC_MIN_PERCENT);
		for (size_t i = 0; i < p->nitems; i++) {
			const struct tag_item *it = &p->items[i];
			size_t j = 0;

			if (it->kind != TAG_K_DIRECTORY || !it->dir)
				continue;
			while (j < i && (p->items[j].kind != TAG_K_DIRECTORY ||
					 p->items[j].dir != it->dir))
				j++;
			if (j == i)	/* each directory once */
				fprintf(out, "  %s/: %s in %u of %u tagged files\n",
					it->dir->dir, it->dir->expr, it->dir->k,
					it->dir->n);
		}
		fputc('\n', out);
		break;
	case TAG_K_FIXED:
		fprintf(out,
"These files carry an SPDX license identifier line that tools do not\n"
"read: its key is misspelt (\"SPDX-License_Identifier\") or lacks its\n"
"colon.  Repair the line in place, keeping the expression its author\n"
"wrote, rather than adding a second tag line above the broken one:\n\n");
		for (size_t i = 0; i < p->nitems; i++)
			if (p->items[i].kind == TAG_K_FIXED)
				fprintf(out, "  %s: %s\n", p->items[i].path,
					p->items[i].expr);
		fputc('\n', out);
		break;
	case TAG_K_NOLICENSE:
		fprintf(out,
"Many source files in the tree are missing licensing information, which\n"
"makes it harder for compliance tools to determine the correct license.\n\n"
"By default all files without license information are under the default\n"
"license of the kernel, which is GPL version 2.\n\n"
"Update the files which contain no license information with the\n"
"'%s' SPDX license identifier.  The SPDX identifier is a legally\n"
"binding shorthand, which can be used instead of the full boiler plate\n"
"text.\n\n",
			license(o));
		break;
	case TAG_K_UAPI:
		fprintf(out,
"Many user space API files are missing licensing information, which\n"
"makes it hard for compliance tools to determine the correct license.\n\n"
"By default are files without license information under the default\n"
"license of the kernel.  Marking them without the syscall exception would\n"
"exclude them from being included in non GPL code, which is obviously not\n"
"intended.  The user space API files fall under the syscall exception\n"
"which is in the kernel's COPYING file and LICENSES/exceptions/\n"
"Linux-syscall-note.\n\n"
"Update the files which contain no license information with an SPDX\n"
"license identifier with the Linux-syscall-note.  SPDX license\n"
"identifiers are a legally binding shorthand, which can be used instead\n"
"of the full boiler plate text.\n\n");
		break;
	case TAG_K_PRECEDENT:
		fprintf(out,
"Some license boilerplate does not state a whole SPDX expression: \"a\n"
"dual BSD/GPLv2 license\" names BSD without its variant, \"licensed under\n"
"the GPL\" names no version.  Where the tree's own tagged files carry the\n"
"same wording (the same sentences about licensing; copyright lines,\n"
"names and code aside) on at least %d files, and at least %d%% of them\n"
"agree on one expression, this patch adds that expression, with the\n"
"Linux-syscall-note for */uapi/* files under a GPL family license, as\n"
"long as it keeps every license the text names.  The expressions, how\n"
"many of the tree's tagged files back each, and one of them:\n\n",
			PREC_MIN_FILES, PREC_MIN_PERCENT);
		if (rules_table(out, p))
			return -ENOMEM;
		break;
	case TAG_K_UPSTREAM:
		fprintf(out,
"These files have no SPDX license identifier here, and %s gives\n"
"them one.  Their license wording is the same in both trees (the same\n"
"sentences about licensing, or none in either), so this patch adopts\n"
"upstream's identifiers as upstream wrote them.\n\n",
			o->upstream->name);
		break;
	case TAG_K_DECIDED:
		fprintf(out,
"The rules of this series could not decide the license of some files:\n"
"their text names several licenses, a license LICENSES/ does not hold,\n"
"or none in a way the rules recognise.  A reviewer decided these, and\n"
"this patch adds the identifiers as decided, one per file:\n\n");
		for (size_t i = 0; i < p->nitems; i++)
			if (p->items[i].kind == TAG_K_DECIDED)
				fprintf(out, "  %s: %s\n", p->items[i].path,
					p->items[i].expr);
		fputc('\n', out);
		break;
	default:
		fprintf(out,
"Many source files in the tree carry license boilerplate but no SPDX\n"
"license identifier, which makes it harder for compliance tools to\n"
"determine the correct license.\n\n"
"Add the SPDX license identifier that the boilerplate in each file\n"
"states, with the Linux-syscall-note for */uapi/* files under a GPL\n"
"family license.  The boilerplate itself stays: removing it is a\n"
"separate step for the copyright holders.\n\n");
		break;
	}
	if (first)
		method(out, o);
	else
		fprintf(out, "See the first patch in this series for the methodology of how\n"
			"this patch was researched.\n\n");
	fprintf(out, "%s:\n\n", kind == TAG_K_NOLICENSE ? "For non */uapi/* files without license information that summary was" :
		kind == TAG_K_UAPI ? "For */uapi/* files without license information that summary was" :
		kind == TAG_K_DECIDED ? "For the files decided in review that summary is" :
		kind == TAG_K_PRECEDENT ? "For the files tagged by the tree's precedent that summary is" :
		kind == TAG_K_UPSTREAM ? "For the files whose identifier upstream decided that summary is" :
		kind == TAG_K_FIXED ? "For the files whose tag line is repaired that summary is" :
		kind == TAG_K_DIRECTORY ? "For the files given their directory's license that summary is" :
		"For files with license boilerplate that summary was");
	if (id_table(out, p, kind))
		return -ENOMEM;
	fputc('\n', out);
	return 0;
}

int tag_write_patch(FILE *out, const struct tag_plan *p, enum tag_kind kind,
		    const struct tag_opts *o)
{
	char subj[256];

	if (kind < TAG_K_FIRST_PATCH || kind > TAG_K_LAST_PATCH ||
	    !p->patchno[kind] || !o->author)
		return -EINVAL;
	subject(subj, sizeof(subj), p, kind, o);
	mail_head(out, p, p->patchno[kind], subj, o);
	if (patch_message(out, p, kind, o))
		return -ENOMEM;
	fprintf(out, "Signed-off-by: %s\n---\n", author(o));
	diffstat(out, p, kind);
	fputc('\n', out);
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == kind)
			fwrite(p->items[i].diff, 1, p->items[i].diff_len, out);
	mail_tail(out, o);
	return ferror(out) ? -EIO : 0;
}

static void skipped_table(FILE *out, const struct tag_plan *p)
{
	table_head(out, "Reason a file was skipped");
	for (int r = TAG_SKIP_EXCLUDED; r < TAG__NREASONS; r++)
		if (p->skipped[r])
			table_row(out, tag_reason_name(r), p->skipped[r]);
}

int tag_write_cover(FILE *out, const struct tag_plan *p, const struct tag_opts *o)
{
	static const char *const what[TAG__NKINDS] = {
		[TAG_K_LICENSES] = "license texts from upstream",
		[TAG_K_UPSTREAM] = "files whose identifier upstream decided",
		[TAG_K_FIXED] = "files whose malformed tag line is repaired",
		[TAG_K_DIRECTORY] = "files with no license information, their directory's license",
		[TAG_K_NOLICENSE] = "non */uapi/* files with no license information",
		[TAG_K_UAPI] = "*/uapi/* files with no license information",
		[TAG_K_BOILERPLATE] = "files with license boilerplate",
		[TAG_K_PRECEDENT] = "files whose wording the tree's own tags decide",
		[TAG_K_DECIDED] = "files decided in review",
	};
	size_t tagged = 0, skipped = 0, files, lines = 0;
	char subj[256];

	if (!o->author)
		return -EINVAL;
	for (int k = TAG_K_NOLICENSE; k <= TAG_K_LAST_PATCH; k++)
		tagged += p->nkind[k];
	for (size_t i = 0; i < p->nitems; i++)
		if (p->items[i].kind == TAG_K_LICENSES)
			lines += p->items[i].ins;
	files = tagged + p->nkind[TAG_K_LICENSES];
	lines += tagged;
	for (int r = TAG_SKIP_EXCLUDED; r < TAG__NREASONS; r++)
		skipped += p->skipped[r];
	subject(subj, sizeof(subj), p, TAG_K_SKIP, o);
	mail_head(out, p, 0, subj, o);
	fprintf(out,
"Many source files in the tree are missing an SPDX license identifier,\n"
"which makes it harder for compliance tools to determine the correct\n"
"license.  This series adds one to %zu of the %zu files that have none,\n"
"in the way the 2017 series did (b24413180f56, 6f52b16c5b29).\n\n",
		tagged, p->candidates);
	method(out, o);
	for (int k = TAG_K_FIRST_PATCH; k <= TAG_K_LAST_PATCH; k++) {
		if (!p->patchno[k] && (k == TAG_K_DECIDED || k == TAG_K_LICENSES ||
				       k == TAG_K_FIXED || k == TAG_K_DIRECTORY ||
				       (k == TAG_K_UPSTREAM && !o->upstream) ||
				       (k == TAG_K_PRECEDENT && !p->prec)))
			continue;	/* nothing asked for, learned, needed */
		if (!p->patchno[k]) {
			fprintf(out, "There are no %s: that patch is left out.\n\n", what[k]);
			continue;
		}
		fprintf(out, "Patch %d/%d, %s (%zu files):\n\n", p->patchno[k],
			p->npatches, what[k], p->nkind[k]);
		if (id_table(out, p, k))
			return -ENOMEM;
		fputc('\n', out);
		if (k == TAG_K_PRECEDENT) {
			fprintf(out, "The tree's precedent, expression by expression:\n\n");
			if (rules_table(out, p))
				return -ENOMEM;
		}
	}
	if (p->crlf)
		fprintf(out, "%zu of the files have CRLF line endings and get a CRLF tag line:\n"
			"apply the series with 'git am --keep-cr'.\n\n", p->crlf);
	fprintf(out, "%zu files without an SPDX tag were skipped:\n\n", skipped);
	skipped_table(out, p);
	fputc('\n', out);
	if (p->misplaced || p->invalid)
		fprintf(out, "Files with a misplaced (%zu) or invalid (%zu) tag are left alone.\n\n",
			p->misplaced, p->invalid);
	fprintf(out, "%zu files need review and are not tagged (recognised licenses, or\n"
		"'no match'; and why):\n\n", p->nkind[TAG_K_REVIEW]);
	for (size_t i = 0; i < p->nitems; i++) {
		const struct tag_item *it = &p->items[i];

		if (it->kind != TAG_K_REVIEW)
			continue;
		fprintf(out, "  %s: %s (%s", it->path,
			it->expr[0] ? it->expr : "no match", it->why);
		if (it->rule && it->rule->contested)
			fprintf(out, ": %s in %u, %s in %u of %u files", it->rule->expr,
				it->rule->k, it->rule->second, it->rule->k2, it->rule->n);
		else if (it->rule)
			fprintf(out, ": %s in %u of %u files, e.g. %s", it->rule->expr,
				it->rule->k, it->rule->n, it->rule->example);
		else if (it->dir)
			fprintf(out, ": %s in %u, %s in %u of %u files beneath %s/",
				it->dir->expr, it->dir->k,
				it->dir->second ? it->dir->second : "-", it->dir->k2,
				it->dir->n, it->dir->dir);
		fputs(")\n", out);
	}
	if (p->nkind[TAG_K_REVIEW])
		fputc('\n', out);
	if (p->nupstream_changed) {
		fprintf(out, "%zu files that %s tags were not given its tag\n"
			"(its tag, and why; upstream-decisions has them, commented out,\n"
			"for a person to accept with --decisions):\n\n",
			p->nupstream_changed, o->upstream->name);
		for (size_t i = 0; i < p->nupstream_changed; i++)
			fprintf(out, "  %s: %s (%s)\n", p->upstream_changed[i].path,
				p->upstream_changed[i].expr, p->upstream_changed[i].why);
		fputc('\n', out);
	}
	fprintf(out, "%s (%d):\n", author(o), p->npatches);
	for (int k = TAG_K_FIRST_PATCH; k <= TAG_K_LAST_PATCH; k++) {
		if (!p->patchno[k])
			continue;
		subject(subj, sizeof(subj), p, k, o);
		fprintf(out, "  %s\n", subj);
	}
	fprintf(out, "\n %zu file%s changed, %zu insertion%s(+)\n\n", files,
		files == 1 ? "" : "s", lines, lines == 1 ? "" : "s");
	if (o->base)
		fprintf(out, "base-commit: %s\n", o->base);
	mail_tail(out, o);
	return ferror(out) ? -EIO : 0;
}

int tag_write_upstream_decisions(FILE *out, const struct tag_plan *p,
				 const struct tag_opts *o)
{
	fprintf(out,
"# Files that have no SPDX tag here and that %s tags, but whose\n"
"# tag the series did not adopt: the license wording differs between the\n"
"# two trees (upstream may have relicensed the file), or the tag is not\n"
"# valid here.  Check each, remove the '# ' of those whose tag is right\n"
"# for this tree, and pass this file to spdxfs tag --decisions (with\n"
"# --upstream, for LICENSES/ texts this tree lacks).\n",
		o->upstream ? o->upstream->name : "upstream");
	for (size_t i = 0; i < p->nupstream_changed; i++)
		fprintf(out, "\n# %s: %s\n# %s  %s\n", p->upstream_changed[i].path,
			p->upstream_changed[i].why, p->upstream_changed[i].path,
			p->upstream_changed[i].expr);
	return ferror(out) ? -EIO : 0;
}

void tag_plan_json(FILE *out, const struct tag_plan *p, const struct tag_opts *o)
{
	static const char *const key[TAG__NKINDS] = {
		[TAG_K_NOLICENSE] = "no_license", [TAG_K_UAPI] = "uapi_no_license",
		[TAG_K_BOILERPLATE] = "boilerplate", [TAG_K_PRECEDENT] = "precedent",
		[TAG_K_DECIDED] = "decided", [TAG_K_LICENSES] = "licenses",
		[TAG_K_UPSTREAM] = "upstream", [TAG_K_FIXED] = "fixed",
		[TAG_K_DIRECTORY] = "directory",
	};
	struct json_writer w;

	report_json_object(&w, out);
	json_kv_uint(&w, "candidates", p->candidates);
	json_key(&w, "patches");
	json_array_begin(&w, JSON_BLOCK);
	for (int k = TAG_K_FIRST_PATCH; k <= TAG_K_LAST_PATCH; k++) {
		struct idcount *c;
		size_t n;

		if (!p->patchno[k] || count_ids(p, k, &c, &n))
			continue;
		json_object_begin(&w, JSON_INLINE);
		json_kv_uint(&w, "number", p->patchno[k]);
		json_kv_string(&w, "kind", key[k]);
		json_kv_uint(&w, "files", p->nkind[k]);
		json_key(&w, "identifiers");
		json_object_begin(&w, JSON_INLINE);
		for (size_t i = 0; i < n; i++)
			json_kv_uint(&w, c[i].expr, c[i].n);
		json_object_end(&w);
		json_object_end(&w);
		free(c);
	}
	json_array_end(&w);
	json_key(&w, "skipped");
	json_object_begin(&w, JSON_INLINE);
	for (int r = TAG_SKIP_EXCLUDED; r < TAG__NREASONS; r++)
		if (p->skipped[r])
			json_kv_uint(&w, tag_reason_name(r), p->skipped[r]);
	json_object_end(&w);
	json_key(&w, "review");
	json_array_begin(&w, JSON_BLOCK);
	for (size_t i = 0; i < p->nitems; i++) {
		const struct tag_item *it = &p->items[i];

		if (it->kind != TAG_K_REVIEW)
			continue;
		json_object_begin(&w, JSON_INLINE);
		json_kv_string(&w, "path", it->path);
		json_kv_string(&w, "licenses", it->expr);
		json_kv_string(&w, "why", it->why);
		json_object_end(&w);
	}
	json_array_end(&w);
	json_key(&w, "upstream_changed");
	json_array_begin(&w, JSON_BLOCK);
	for (size_t i = 0; i < p->nupstream_changed; i++) {
		json_object_begin(&w, JSON_INLINE);
		json_kv_string(&w, "path", p->upstream_changed[i].path);
		json_kv_string(&w, "expression", p->upstream_changed[i].expr);
		json_kv_string(&w, "why", p->upstream_changed[i].why);
		json_object_end(&w);
	}
	json_array_end(&w);
	json_kv_string(&w, "license", license(o));
	json_object_end(&w);
	json_end(&w);
}
