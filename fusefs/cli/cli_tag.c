// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_tag: spdxfs tag TREE -o DIR, the SPDX tagging series.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_tag.h"
#include "util/error.h"
#include "spdx/expr.h"
#include "git/gitinfo.h"
#include "util/grow.h"
#include "index.h"
#include "git/libgit2.h"
#include "maintainers.h"
#include "source/source.h"
#include "series/subject.h"
#include "series/tag.h"
#include "series/tag_mail.h"
#include "series/tag_split.h"
#include "util/version.h"

static const char tag_help[] =
	"Write a git format-patch series to DIR that adds SPDX tags to the\n"
	"untagged source files of TREE, after the 2017 'License cleanup' series:\n"
	"  0000-cover-letter.patch   method, counts, skipped files, files to review\n"
	"  then, in this order, one patch for each kind of file there is:\n"
	"    malformed or misspelt SPDX tag lines, repaired in place\n"
	"    files with no license information\n"
	"    */uapi/* files with no license information\n"
	"    files with no license information whose directory's tagged\n"
	"    files all carry one license (the directory's)\n"
	"    files whose license boilerplate maps to an SPDX expression\n"
	"    files whose wording the tree's own tagged files tag one way\n"
	"    (its precedent)\n"
	"    files a reviewer decided (--decisions)\n"
	"With --upstream, a patch adopting NEWER's tags comes before the decided\n"
	"files, and one adding the LICENSES/ texts they need comes first.\n"
	"A file of a kind license-rules.rst gives no comment style for takes\n"
	"the one all the tree's tagged files of its extension use (three at\n"
	"least).\n"
	"A patch with no file is left out and the others renumbered.  Apply with\n"
	"'git am --keep-cr DIR/000[1-9]-*.patch' on TREE's commit (--keep-cr\n"
	"keeps the CR of CRLF files' tag lines); files needing review are listed\n"
	"in the cover letter and not tagged.  TREE is only read.  TREE may be\n"
	"any directory of a tree: the series then tags the files beneath it,\n"
	"with paths, LICENSES/, precedent and base commit from the tree's\n"
	"root (the nearest directory above with LICENSES/ or a .git).\n\n"
	"  -o, --output DIR   write the series to DIR (created; not inside TREE)\n"
	"  -f, --force        write into a non-empty DIR, replacing its patches\n"
	"  -l, --license ID   license of files without license information\n"
	"                     (default " TAG_DEFAULT_LICENSE "): one identifier\n"
	"                     LICENSES/ declares, which for a GPL must also\n"
	"                     take Linux-syscall-note (uapi files get it)\n"
	"  -d, --decisions F  a reviewer's decisions, one 'PATH EXPRESSION' line\n"
	"                     per file ('#' starts a comment; PATH relative to\n"
	"                     TREE, a leading ./ allowed): each must be an\n"
	"                     untagged source file of TREE and an expression\n"
	"                     valid against its LICENSES/ and for spdxcheck.py\n"
	"      --from A       'Name <email>' for From: and Signed-off-by:\n"
	"                     (default: git config user.name and user.email,\n"
	"                     TREE's own configuration first; --author is the\n"
	"                     same)\n"
	"      --no-precedent the rules alone: learn nothing from TREE's tagged\n"
	"                     files\n"
	"  -u, --upstream NEWER  adopt the tags of a newer tree (NEWER, a\n"
	"                     directory) for files untagged in TREE whose license\n"
	"                     wording is the same there, in a patch of their own;\n"
	"                     list the others in DIR/upstream-decisions; add the\n"
	"                     LICENSES/ texts the adopted or decided identifiers\n"
	"                     need from NEWER, in a first patch\n"
	"      --upstream-rev REV  NEWER is a git repository: adopt from its\n"
	"                     revision REV, read with no checkout\n"
	"      --date D       Date: of every mail, RFC 2822 ('Thu, 3 Dec 2026\n"
	"                     07:08:06 +0000', the day name and seconds optional)\n"
	"                     or @SECONDS (default: the committer date of TREE's\n"
	"                     HEAD, so the output is reproducible)\n"
	"      --split maintainers  one series per MAINTAINERS entry (the most\n"
	"                     specific, as scripts/get_maintainer.pl finds it),\n"
	"                     in DIR/ENTRY/, each mail with To: and Cc: from the\n"
	"                     entry's M:, R: and L: lines, and before its subject\n"
	"                     the prefix the entry's commits use in TREE's\n"
	"                     history (else its files' directory); DIR/index\n"
	"                     lists the series: entry, files tagged, directory\n"
	"      --log-depth N  with --split: how many of TREE's latest commits to\n"
	"                     read for the prefixes (default %u; 0: none)\n"
	"      --json         print the plan as JSON; with -o also write the\n"
	"                     series, without -o write nothing\n"
	"  -h, --help         this help\n"
	"and, as for scan (-q also leaves out the summary):\n";

/* Commits read for the subject prefixes: a few months of the kernel's
 * history, a few seconds' work. */
#define TAG_LOG_DEPTH	5000

static const char usage_args[] = "[OPTION]... TREE -o DIR";

/* What an SPDX identifier is made of (idstring, and "+" for "or later"). */
#define ID_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-+"

static int bad_usage(void)
{
	return cli_bad_usage("tag", usage_args);
}

struct tag_cli {
	struct tag_opts o;
	struct cli_index_opts io;
	const char *outdir;
	const char *decisions;		/* the file's name */
	char *decisions_text;		/* its bytes, cut into the reviews */
	struct tag_review *reviews;
	size_t nreviews, cap_reviews;
	int force, json;
	int split;			/* --split maintainers */
	struct maint *maint;
	unsigned log_depth;		/* --log-depth */
	char **prefixes;		/* per entry of maint, subject.h */
	char date[64];
	char base[41];		/* a commit id in hex */
	char version[64];
	char *from;			/* from git config, malloc'd */
	const char *upstream;		/* NEWER_TREE, or a repository */
	const char *upstream_rev;	/* --upstream-rev: its revision */
	struct tag_upstream up;
	char upname[64];
};

/* "Thu, 3 Dec 2026 07:08:06 +0000" for @t at @offset minutes east. */
static void rfc2822(char *buf, size_t size, int64_t t, int offset)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	time_t local = (time_t)(t + (int64_t)offset * 60);
	int off = offset < 0 ? -offset : offset;
	struct tm tm;

	gmtime_r(&local, &tm);
	snprintf(buf, size, "%s, %d %s %d %02d:%02d:%02d %c%02d%02d", days[tm.tm_wday],
		 tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, offset < 0 ? '-' : '+', off / 60, off % 60);
}

/* The index of the 3-letter name at *@s in @names, advancing *@s; -1. */
static int name_at(const char **s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++) {
		if (strncmp(*s, names[i], 3))
			continue;
		*s += 3;
		return i;
	}
	return -1;
}

/* A number of @min to @max digits at *@s, advancing *@s; -1 if none. */
static int digits_at(const char **s, int min, int max)
{
	int v = 0, n = 0;

	while (n < max && **s >= '0' && **s <= '9')
		v = v * 10 + (*(*s)++ - '0'), n++;
	return n < min ? -1 : v;
}

static int spaces_at(const char **s)
{
	size_t n = strspn(*s, " \t");

	*s += n;
	return n > 0;
}

/*
 * Parse the RFC 2822 date @s, "[Thu, ]3 Dec 2026 07:08[:06] +0000", into
 * seconds since the epoch and the zone's offset in minutes east.  Every
 * field is checked (a 31 Nov or a Thursday that is a Friday fails).
 * Returns 0 or -EINVAL.
 */
static int parse_rfc2822(const char *s, int64_t *t, int *offset)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm = { 0 }, back;
	int wday = -1, sign, zh, zm;
	time_t secs;

	spaces_at(&s);
	if (!(*s >= '0' && *s <= '9')) {
		wday = name_at(&s, days, 7);
		if (wday < 0 || *s++ != ',')
			return -EINVAL;
		spaces_at(&s);
	}
	tm.tm_mday = digits_at(&s, 1, 2);
	if (tm.tm_mday < 1 || !spaces_at(&s) ||
	    (tm.tm_mon = name_at(&s, months, 12)) < 0 || !spaces_at(&s) ||
	    (tm.tm_year = digits_at(&s, 4, 4)) < 1970 || !spaces_at(&s) ||
	    (tm.tm_hour = digits_at(&s, 2, 2)) < 0 || *s++ != ':' ||
	    (tm.tm_min = digits_at(&s, 2, 2)) < 0)
		return -EINVAL;
	if (*s == ':' && (s++, (tm.tm_sec = digits_at(&s, 2, 2)) < 0))
		return -EINVAL;
	if (!spaces_at(&s) || (*s != '+' && *s != '-'))
		return -EINVAL;
	sign = *s++ == '-' ? -1 : 1;
	zh = digits_at(&s, 2, 2);
	zm = digits_at(&s, 2, 2);
	spaces_at(&s);
	if (zh < 0 || zm < 0 || zm > 59 || *s)
		return -EINVAL;
	tm.tm_year -= 1900;
	back = tm;
	secs = timegm(&back);
	/* timegm() normalises: a field out of range shows as a change */
	if (back.tm_mday != tm.tm_mday || back.tm_mon != tm.tm_mon ||
	    back.tm_hour != tm.tm_hour || back.tm_min != tm.tm_min ||
	    back.tm_sec != tm.tm_sec || (wday >= 0 && back.tm_wday != wday))
		return -EINVAL;
	*offset = sign * (zh * 60 + zm);
	*t = (int64_t)secs - (int64_t)*offset * 60;
	return 0;
}

/* --date's argument into c->date, in the form rfc2822() writes; 2 after a
 * one-line error. */
static int set_date(struct tag_cli *c, const char *arg)
{
	/* 9999-12-31 23:59:59 UTC: four digits of year, as RFC 2822 has */
	const long long max = 253402300799LL;
	long long t = -1;
	int64_t secs;
	int offset = 0;
	char *end;

	if (arg[0] == '@') {
		if (arg[1] >= '0' && arg[1] <= '9') {
			errno = 0;
			t = strtoll(arg + 1, &end, 10);
			if (*end || errno)
				t = -1;
		}
		if (t < 0 || t > max) {
			cli_error("--date: expected @SECONDS, 0 to %lld, got '%s'",
				  max, arg);
			return 2;
		}
		secs = t;
	} else if (parse_rfc2822(arg, &secs, &offset)) {
		cli_error("--date: expected an RFC 2822 date such as "
			  "'Thu, 3 Dec 2026 07:08:06 +0000', or @SECONDS, got '%s'",
			  arg);
		return 2;
	}
	rfc2822(c->date, sizeof(c->date), secs, offset);
	c->o.date = c->date;
	return 0;
}

/* TREE's HEAD commit and its committer date, when TREE is a git work tree. */
static void read_base(struct tag_cli *c, const char *tree)
{
	int64_t time;
	int offset;

	if (gitinfo_head(tree, c->base, &time, &offset))
		return;
	c->o.base = c->base;
	if (!c->o.date) {
		rfc2822(c->date, sizeof(c->date), time, offset);
		c->o.date = c->date;
	}
}

/*
 * The series' author, "Name <email>", from git config user.name and
 * user.email (TREE's repository's configuration, which includes the
 * user's).  2 after a one-line error when there is none: a made-up
 * address has no place in a series meant to be sent.
 */
static int find_author(struct tag_cli *c, const char *tree)
{
	char *name, *email;
	int ret = 0;

	gitinfo_identity(tree, &name, &email);
	if (!name || !email || strpbrk(name, "<>\n") || strpbrk(email, "<>\n") ||
	    asprintf(&c->from, "%s <%s>", name, email) < 0) {
		c->from = NULL;
		cli_error("no author for the series: set git config user.name and "
			  "user.email, or give --from 'Name <email>'");
		ret = 2;
	}
	c->o.author = c->from;
	free(name);
	free(email);
	return ret;
}

/* The absolute form of @path, which need not exist yet. */
static int abs_path(const char *path, char *out, size_t size)
{
	char tmp[PATH_MAX], *slash;

	if (realpath(path, out))
		return 0;
	if (errno != ENOENT || strlen(path) >= sizeof(tmp))
		return -errno;
	strcpy(tmp, path);
	while (strlen(tmp) > 1 && tmp[strlen(tmp) - 1] == '/')
		tmp[strlen(tmp) - 1] = '\0';
	slash = strrchr(tmp, '/');
	if (!slash)
		return realpath(".", out) && strlen(out) + strlen(tmp) + 2 < size ?
			(strcat(strcat(out, "/"), tmp), 0) : -ENAMETOOLONG;
	*slash = '\0';
	if (abs_path(tmp[0] ? tmp : "/", out, size))
		return -errno;
	if (strlen(out) + strlen(slash + 1) + 2 >= size)
		return -ENAMETOOLONG;
	if (strcmp(out, "/"))
		strcat(out, "/");
	strcat(out, slash + 1);
	return 0;
}

static int mkdirs(const char *path)
{
	char tmp[PATH_MAX];

	if (strlen(path) >= sizeof(tmp))
		return -ENAMETOOLONG;
	strcpy(tmp, path);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0777) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, 0777) && errno != EEXIST)
		return -errno;
	return 0;
}

/* Check and prepare DIR: outside TREE, created, empty (or --force). */
static int prepare_outdir(const struct tag_cli *c, const char *tree)
{
	char t[PATH_MAX], d[PATH_MAX];
	struct dirent *de;
	size_t n;
	DIR *dir;
	int ret;

	if (!realpath(tree, t)) {
		cli_error("%s: %s", tree, strerror(errno));
		return 2;
	}
	ret = abs_path(c->outdir, d, sizeof(d));
	if (ret) {
		cli_error("%s: %s", c->outdir, strerror(-ret));
		return 2;
	}
	n = strlen(t);
	if (!strncmp(d, t, n) && (d[n] == '/' || !d[n] || n == 1)) {
		cli_error("%s: the output directory must not be inside %s", c->outdir, t);
		return 2;
	}
	ret = mkdirs(d);
	if (ret) {
		cli_error("%s: %s", c->outdir, strerror(-ret));
		return 2;
	}
	dir = opendir(d);
	if (!dir) {
		cli_error("%s: %s", c->outdir, strerror(errno));
		return 2;
	}
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (!c->force) {
			closedir(dir);
			cli_error("%s: not empty (use --force to replace its patches)",
				  c->outdir);
			return 2;
		}
		n = strlen(de->d_name);
		if (n > 11 && !strcmp(de->d_name + n - 6, ".patch") &&
		    strspn(de->d_name, "0123456789") == 4 && de->d_name[4] == '-')
			unlinkat(dirfd(dir), de->d_name, 0);
	}
	closedir(dir);
	return 0;
}

/* Write the cover letter (@kind TAG_K_SKIP) or a patch of @p into @dir,
 * named on stdout as @sub/NAME (just NAME when @sub is NULL). */
static int write_mail(const struct tag_cli *c, const char *dir, const char *sub,
		      const struct tag_opts *o, const struct tag_plan *p,
		      enum tag_kind kind)
{
	char name[512], path[PATH_MAX + 512];
	FILE *f;
	int ret;

	tag_patch_name(p, kind, o, name, sizeof(name));
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return 2;
	}
	ret = kind == TAG_K_SKIP ? tag_write_cover(f, p, o)
				 : tag_write_patch(f, p, kind, o);
	if (fclose(f) || ret) {
		cli_error("%s: %s", path, ret == -ENOMEM ? "out of memory"
							  : "write error");
		return 2;
	}
	if (!c->io.quiet && !c->json)
		printf("%s%s%s\n", sub ? sub : "", sub ? "/" : "", name);
	return 0;
}

/* The cover letter and the patches of @p into @dir. */
static int write_series(const struct tag_cli *c, const char *dir, const char *sub,
			const struct tag_opts *o, const struct tag_plan *p)
{
	int r = write_mail(c, dir, sub, o, p, TAG_K_SKIP);

	for (int k = TAG_K_FIRST_PATCH; !r && k <= TAG_K_LAST_PATCH; k++)
		if (p->patchno[k])
			r = write_mail(c, dir, sub, o, p, k);
	return r;
}

/* Remove the NNNN-*.patch files of @dir, as --force does in DIR. */
static void remove_patches(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n > 11 && !strcmp(de->d_name + n - 6, ".patch") &&
		    strspn(de->d_name, "0123456789") == 4 && de->d_name[4] == '-')
			unlinkat(dirfd(d), de->d_name, 0);
	}
	if (d)
		closedir(d);
}

/* With --force, a series of an earlier --split run goes whole: the
 * patches of each subdirectory of @dir, then the directory if empty. */
static void remove_series(const char *dir)
{
	char path[PATH_MAX];
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISDIR(st.st_mode))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		remove_patches(path);
		rmdir(path);
	}
	if (d)
		closedir(d);
}

/* --split maintainers: DIR/ENTRY/ per series, and DIR/index. */
static int write_split(const struct tag_cli *c, const struct tag_plan *p,
		       size_t *nseries)
{
	char path[PATH_MAX];
	struct tag_series *s;
	size_t n = 0;
	FILE *f;
	int r = tag_split_maintainers(&s, &n, p, c->maint, c->prefixes);

	if (r) {
		cli_error("out of memory");
		return 2;
	}
	if (c->force)
		remove_series(c->outdir);
	for (size_t i = 0; !r && i < n; i++) {
		struct tag_opts o = c->o;

		o.to = s[i].to;
		o.cc = s[i].cc;
		o.prefix = s[i].prefix;
		snprintf(path, sizeof(path), "%s/%s", c->outdir, s[i].dir);
		if (mkdir(path, 0777) && errno != EEXIST) {
			cli_error("%s: %s", path, strerror(errno));
			r = 2;
			break;
		}
		remove_patches(path);
		r = write_series(c, path, s[i].dir, &o, &s[i].plan);
	}
	snprintf(path, sizeof(path), "%s/index", c->outdir);
	if (!r && (!(f = fopen(path, "w")) ||
		   (tag_split_write_index(f, s, n) | fclose(f)))) {
		cli_error("%s: write error", path);
		r = 2;
	}
	if (!r && !c->io.quiet && !c->json)
		printf("index\n");
	*nseries = n;
	tag_split_free(s, n);
	return r;
}

static void summary(FILE *out, const struct tag_plan *p)
{
	size_t skipped = 0;

	for (int r = TAG_SKIP_EXCLUDED; r < TAG__NREASONS; r++)
		skipped += p->skipped[r];
	fprintf(out, "untagged files           %7zu\n", p->candidates);
	if (p->patchno[TAG_K_FIXED])
		fprintf(out, "  tag line repaired (%d)  %7zu\n",
			p->patchno[TAG_K_FIXED], p->nkind[TAG_K_FIXED]);
	fprintf(out, "  no license (patch %d)   %7zu\n", p->patchno[TAG_K_NOLICENSE],
		p->nkind[TAG_K_NOLICENSE]);
	fprintf(out, "  uapi, no license (%d)   %7zu\n", p->patchno[TAG_K_UAPI],
		p->nkind[TAG_K_UAPI]);
	if (p->patchno[TAG_K_DIRECTORY])
		fprintf(out, "  directory's (patch %d)  %7zu\n",
			p->patchno[TAG_K_DIRECTORY], p->nkind[TAG_K_DIRECTORY]);
	fprintf(out, "  boilerplate (patch %d)  %7zu\n", p->patchno[TAG_K_BOILERPLATE],
		p->nkind[TAG_K_BOILERPLATE]);
	if (p->prec)
		fprintf(out, "  precedent (patch %d)    %7zu\n",
			p->patchno[TAG_K_PRECEDENT], p->nkind[TAG_K_PRECEDENT]);
	if (p->patchno[TAG_K_UPSTREAM] || p->nupstream_changed)
		fprintf(out, "  upstream's (patch %d)   %7zu\n"
			"  upstream's, not adopted %6zu\n",
			p->patchno[TAG_K_UPSTREAM], p->nkind[TAG_K_UPSTREAM],
			p->nupstream_changed);
	if (p->patchno[TAG_K_LICENSES])
		fprintf(out, "  LICENSES/ texts (patch %d) %4zu\n",
			p->patchno[TAG_K_LICENSES], p->nkind[TAG_K_LICENSES]);
	if (p->patchno[TAG_K_DECIDED])
		fprintf(out, "  decided (patch %d)     %7zu\n",
			p->patchno[TAG_K_DECIDED], p->nkind[TAG_K_DECIDED]);
	fprintf(out, "  needing review         %7zu\n", p->nkind[TAG_K_REVIEW]);
	fprintf(out, "  skipped                %7zu\n", skipped);
	for (int r = TAG_SKIP_EXCLUDED; r < TAG__NREASONS; r++)
		if (p->skipped[r])
			fprintf(out, "    %-44s %7zu\n", tag_reason_name(r), p->skipped[r]);
}

#define DECISIONS_MAX	(16u << 20)

static int cmp_review(const void *a, const void *b)
{
	return strcmp(((const struct tag_review *)a)->path,
		      ((const struct tag_review *)b)->path);
}

/* Cut the decisions file into c->reviews.  2 after a one-line error. */
static int parse_decisions(struct tag_cli *c)
{
	char *line, *next;
	size_t len;
	unsigned no = 0;
	int ret = file_read_all(c->decisions, DECISIONS_MAX, &c->decisions_text, &len);

	if (ret) {
		cli_error("%s: %s", c->decisions, strerror(-ret));
		return 2;
	}
	if (memchr(c->decisions_text, '\0', len)) {
		cli_error("%s: a NUL byte: not a text file", c->decisions);
		return 2;
	}
	for (line = c->decisions_text; line; line = next) {
		struct tag_review *r;
		char *p, *e;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		no++;
		e = line + strlen(line);
		while (e > line && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		p = line + strspn(line, " \t");
		if (!*p || *p == '#')
			continue;
		r = grow(c->reviews, c->nreviews, &c->cap_reviews,
			 sizeof(*c->reviews), 64);
		if (!r) {
			cli_error("out of memory");
			return 2;
		}
		c->reviews = r;
		r = &c->reviews[c->nreviews++];
		r->path = p;
		r->line = no;
		p += strcspn(p, " \t");
		if (!*p) {
			cli_error("%s:%u: expected 'PATH EXPRESSION'", c->decisions, no);
			return 2;
		}
		*p++ = '\0';
		r->expr = p + strspn(p, " \t");
		/* "./drivers/x.c", as spdxcheck -f prints paths */
		while (r->path[0] == '.' && r->path[1] == '/')
			r->path += 2 + strspn(r->path + 2, "/");
	}
	if (c->nreviews > 1)
		qsort(c->reviews, c->nreviews, sizeof(*c->reviews), cmp_review);
	for (size_t i = 1; i < c->nreviews; i++) {
		if (strcmp(c->reviews[i - 1].path, c->reviews[i].path))
			continue;
		cli_error("%s:%u: %s decided twice (also on line %u)", c->decisions,
			  c->reviews[i].line, c->reviews[i].path,
			  c->reviews[i - 1].line);
		return 2;
	}
	c->o.reviews = c->reviews;
	c->o.nreviews = c->nreviews;
	c->o.decisions = c->decisions;
	return 0;
}

/* --license must be a license the series can write in TREE: declared in
 * its LICENSES/, and taking Linux-syscall-note for uapi files when it is
 * a GPL.  Else every file it would tag goes to review.  2 after a
 * one-line error. */
static int check_license(const struct tag_cli *c, const struct spdx_index *idx)
{
	struct expr_error err = { 0 };
	char expr[256];
	int ret;

	if (!c->o.license)
		return 0;
	ret = tag_license_check(c->o.license, idx->lic, expr, sizeof(expr), &err);
	if (ret == -ENOMEM) {
		cli_error("out of memory");
		return 2;
	}
	if (ret) {
		cli_error("--license: %s: '%s' is not valid against %s/LICENSES/ (%s)",
			  c->o.license, expr, idx->root, err.msg);
		return 2;
	}
	return 0;
}

/* Each decision's expression must hold against the tree's LICENSES/ and
 * pass scripts/spdxcheck.py's grammar.  2 after a one-line error. */
static int check_decisions(const struct tag_cli *c, const struct spdx_index *idx)
{
	for (size_t i = 0; i < c->nreviews; i++) {
		const struct tag_review *r = &c->reviews[i];
		struct expr_error err = { 0 };
		int ret;

		if (!idx->lic) {
			cli_error("%s: %s, so no decision can be validated",
				  idx->root, idx->lic_error);
			return 2;
		}
		ret = tag_expr_check(r->expr, idx->lic, &err);
		if (ret == -EINVAL && c->o.upstream && c->o.upstream->idx->lic) {
			struct expr_error uerr;

			if (!tag_expr_check(r->expr, c->o.upstream->idx->lic, &uerr))
				ret = 0;	/* with LICENSES/ texts from upstream */
		}
		if (ret == -ENOMEM) {
			cli_error("out of memory");
			return 2;
		}
		if (ret) {
			cli_error("%s:%u: %s: '%s' column %u: %s", c->decisions,
				  r->line, r->path, r->expr, err.col + 1, err.msg);
			return 2;
		}
	}
	return 0;
}

static void plan_progress(size_t done, size_t total, void *arg)
{
	if (done == total)
		fputs("\r\033[K", stderr);
	else
		fprintf(stderr, "\rspdxfs: deciding, %zu of %zu files", done, total);
}

/* "Linux 6.12.118" from the newer tree's Makefile, else its path. */
static void upstream_name(struct tag_cli *c)
{
	char *mk = NULL, *p;
	size_t len;
	int v[3] = { -1, -1, -1 };
	static const char *const keys[] = { "VERSION = ", "PATCHLEVEL = ", "SUBLEVEL = " };

	if (!source_read_all(c->up.src, "Makefile", 1u << 20, &mk, &len)) {
		for (int k = 0; k < 3; k++) {
			p = strstr(mk, keys[k]);
			if (p && (p == mk || p[-1] == '\n'))
				v[k] = atoi(p + strlen(keys[k]));
		}
	}
	free(mk);
	if (v[0] >= 0 && v[1] >= 0)
		snprintf(c->upname, sizeof(c->upname), v[2] > 0 ? "Linux %d.%d.%d" : "Linux %d.%d",
			 v[0], v[1], v[2]);
	else
		snprintf(c->upname, sizeof(c->upname), "%s", c->upstream);
	c->up.name = c->upname;
}

/* DIR/upstream-decisions, with --upstream. */
static int write_upstream_decisions(const struct tag_cli *c, const struct tag_plan *p)
{
	char path[PATH_MAX];
	FILE *f;
	int ret;

	snprintf(path, sizeof(path), "%s/upstream-decisions", c->outdir);
	f = fopen(path, "w");
	if (!f) {
		cli_error("%s: %s", path, strerror(errno));
		return 2;
	}
	ret = tag_write_upstream_decisions(f, p, &c->o);
	if (fclose(f) || ret) {
		cli_error("%s: write error", path);
		return 2;
	}
	if (!c->io.quiet)
		printf("upstream-decisions\n");
	return 0;
}

/* --split maintainers: the tree's MAINTAINERS.  2 after a one-line error. */
static int load_maintainers(struct tag_cli *c, struct source *src)
{
	struct spdx_error err;
	int r;

	if (maint_load(&c->maint, src, &err)) {
		cli_error("--split maintainers: %s", err.msg);
		return 2;
	}
	cli_maint_warnings(src->root, c->maint);
	/* No history (-ENOENT): the directories give the prefixes. */
	r = subject_prefixes(&c->prefixes, src->root, c->log_depth, c->maint, &err);
	if (r && r != -ENOENT)
		fprintf(stderr, "spdxfs: warning: %s: %s; subject prefixes from "
			"directories\n", src->root, err.msg);
	return 0;
}

/*
 * The series is for DIR, any directory of a tree: the index, LICENSES/,
 * the precedent, the author, HEAD's commit and date come from the tree's
 * root (root.h), the patches' paths are the root's, and only the files
 * beneath DIR are tagged, counted and listed.  Returns 0 or 2 after a
 * one-line error, with @t to release either way.
 */
static int run(struct tag_cli *c, const char *dir)
{
	struct spdx_index *idx = NULL, *uidx = NULL;
	struct source *src = NULL, *usrc = NULL;
	struct spdx_error err;
	struct tag_plan *plan;
	struct cli_tree t;
	const char *tree;
	size_t nseries = 0;
	int r;

	if (c->decisions && (r = parse_decisions(c)))
		return r;
	r = cli_tree_find(&t, dir);
	if (r)
		return r;
	tree = t.where.root;
	c->o.under = t.where.under;
	if ((!c->json || c->outdir) && !c->o.author && (r = find_author(c, tree)))
		goto out;
	r = cli_open_index(tree, &c->io, &src, &idx);
	if (r)
		goto out;
	if (c->split && (r = load_maintainers(c, src)))
		goto out;
	if (c->upstream) {
		struct cli_index_opts uio = c->io;

		uio.rev = c->upstream_rev;	/* NULL: a directory */
		uio.staged = 0;
		r = cli_open_index(c->upstream, &uio, &usrc, &uidx);
		if (r)
			goto out;
		c->up.idx = uidx;
		c->up.src = usrc;
		upstream_name(c);
		c->o.upstream = &c->up;
	}
	if ((r = check_license(c, idx)) || (r = check_decisions(c, idx)))
		goto out;
	read_base(c, tree);
	if (!c->io.quiet && isatty(STDERR_FILENO))
		c->o.progress = plan_progress;
	r = tag_plan_build(&plan, src, idx, &c->o, &err);
	if (r) {
		cli_error("%s", err.msg);
		r = 2;
		goto out;
	}
	/* Only now, with nothing left to refuse, touch the output. */
	if (c->outdir && (r = prepare_outdir(c, tree))) {
		tag_plan_free(plan);
		goto out;
	}
	if (c->outdir && c->split)
		r = write_split(c, plan, &nseries);
	else if (c->outdir)
		r = write_series(c, c->outdir, NULL, &c->o, plan);
	if (!r && c->outdir && c->upstream)
		r = write_upstream_decisions(c, plan);
	if (!r && c->json) {
		tag_plan_json(stdout, plan, &c->o);
	} else if (!r && !c->io.quiet) {
		summary(stdout, plan);
		if (c->split)
			printf("series, one per entry   %7zu\n", nseries);
	}
	tag_plan_free(plan);
out:
	if (c->maint) {
		size_t n;

		maint_entries(c->maint, &n);
		subject_prefixes_free(c->prefixes, n);
	}
	maint_free(c->maint);
	index_free(uidx);
	source_free(usrc);
	index_free(idx);
	source_free(src);
	tree_root_release(&t.where);
	return r;
}

int cmd_tag(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'f' },
		{ "license", required_argument, NULL, 'l' },
		{ "decisions", required_argument, NULL, 'd' },
		{ "author", required_argument, NULL, 'A' },
		{ "from", required_argument, NULL, 'A' },
		{ "no-precedent", no_argument, NULL, 'P' },
		{ "upstream", required_argument, NULL, 'u' },
		{ "upstream-rev", required_argument, NULL, 'V' },
		{ "date", required_argument, NULL, 'D' },
		{ "json", no_argument, NULL, 'J' },
		{ "split", required_argument, NULL, 'S' },
		{ "log-depth", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		CLI_INDEX_OPTS,
		{ 0 }
	};
	struct tag_cli c = { .o.version = NULL, .log_depth = TAG_LOG_DEPTH };
	unsigned long ul;
	char *end;
	int ch;

	snprintf(c.version, sizeof(c.version), "spdxfs %s", SPDXFS_VERSION);
	c.o.version = c.version;
	optind = 1;
	while ((ch = getopt_long(argc, argv, "o:fl:d:u:aj:qh", longopts, NULL)) != -1) {
		int r = cli_index_opt(ch, &c.io);

		if (r < 0)
			return 2;
		if (r)
			continue;
		switch (ch) {
		case 'o': c.outdir = optarg; break;
		case 'd': c.decisions = optarg; break;
		case 'f': c.force = 1; break;
		case 'l': c.o.license = optarg; break;
		case 'J': c.json = 1; break;
		case 'P': c.o.no_precedent = 1; break;
		case 'u': c.upstream = optarg; break;
		case 'V': c.upstream_rev = optarg; break;
		case 'S':
			if (strcmp(optarg, "maintainers")) {
				cli_error("--split: expected 'maintainers', got '%s'",
					  optarg);
				return 2;
			}
			c.split = 1;
			break;
		case 'L':
			errno = 0;
			ul = strtoul(optarg, &end, 10);
			if (!isdigit((unsigned char)optarg[0]) || *end || errno ||
			    ul > UINT_MAX) {
				cli_error("--log-depth: expected a number, got '%s'",
					  optarg);
				return 2;
			}
			c.log_depth = ul;
			break;
		case 'A':
			if (!strchr(optarg, '<') || !strchr(optarg, '>') || strchr(optarg, '\n')) {
				cli_error("--from: expected 'Name <email>', got '%s'", optarg);
				return 2;
			}
			c.o.author = optarg;
			break;
		case 'D':
			if (set_date(&c, optarg))
				return 2;
			break;
		case 'h':
			printf("usage: spdxfs tag %s\n", usage_args);
			printf(tag_help, TAG_LOG_DEPTH);
			fputs(cli_index_help, stdout);
			return 0;
		default:
			return bad_usage();
		}
	}
	if (argc - optind == 1 && !c.outdir && !c.json)
		cli_error("tag: no -o DIR: the directory to write the series "
			  "into (or --json for the plan only)");
	else if (argc - optind != 1)
		cli_error("tag: %s", argc == optind ? "no TREE" :
			  "one TREE only");
	if (argc - optind != 1 || (!c.outdir && !c.json))
		return bad_usage();
	if (c.split && !c.outdir) {
		cli_error("--split maintainers writes series: it needs -o DIR");
		return 2;
	}
	if (c.upstream_rev && !c.upstream) {
		cli_error("--upstream-rev: it needs --upstream REPO");
		return 2;
	}
	if (c.o.license && (!c.o.license[0] ||
			    c.o.license[strspn(c.o.license, ID_CHARS)])) {
		cli_error("--license: expected one license identifier, got '%s'",
			  c.o.license);
		return 2;
	}
	/* One libgit2 set-up for the run (read_base(), tag.c's blob ids). */
	libgit2_init();
	ch = run(&c, argv[optind]);
	free(c.from);
	free(c.reviews);
	free(c.decisions_text);
	return ch;
}
