// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_views: the snapshot of a small fixture tree, without FUSE: every
 * row of view_table[] is an entry at the root and nothing else is,
 * README byte for byte, what each view holds, and the user.spdx.*
 * attributes getxattr and listxattr serve.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sbom/built.h"
#include "history/chart.h"
#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "maintainers.h"
#include "report.h"
#include "source/source.h"
#include "tap.h"
#include "views.h"
#include "xattr.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define LICENSE(ids, name)						\
	ids "SPDX-URL: https://spdx.org/licenses/" name ".html\n"	\
	"Usage-Guide:\n  Put the tag into a comment.\nLicense-Text:\n\n"	\
	"The text of " name ".\n"

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/GPL-2.0", LICENSE(
		"Valid-License-Identifier: GPL-2.0\n"
		"Valid-License-Identifier: GPL-2.0-only\n"
		"Valid-License-Identifier: GPL-2.0+\n"
		"Valid-License-Identifier: GPL-2.0-or-later\n", "GPL-2.0") },
	{ "LICENSES/preferred/MIT", LICENSE(
		"Valid-License-Identifier: MIT\n", "MIT") },
	{ "LICENSES/exceptions/Linux-syscall-note",
		"SPDX-Exception-Identifier: Linux-syscall-note\n"
		"SPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html\n"
		"SPDX-Licenses: GPL-2.0, GPL-2.0+, GPL-2.0-only, GPL-2.0-or-later\n"
		"Usage-Guide:\n  Use it WITH a GPL.\nLicense-Text:\n\n   NOTE!\n" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0\nint a;\n" },
	{ "lib/mit.c", "// SPDX-License-Identifier: MIT\nint mit;\n" },
	{ "drivers/bad.c", "// SPDX-License-Identifier: Bogus-1.0\n" },
	{ "drivers/net/late.c", "/*\n * late\n * SPDX-License-Identifier: MIT\n */\n" },
	{ "kernel/untagged.c", "int untagged;\n" },
	{ "kernel/Makefile", "obj-y += untagged.o\n" },
	{ "include/uapi/linux/x.h",
		"/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n" },
	{ "include/uapi/linux/y.h", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
	{ "include/uapi/linux/z.h", "#define Z 1\n" },
};

static const char readme[] =
	"spdxfs: the files of a kernel tree, by SPDX license.\n"
	"\n"
	"all/               every file of the tree, whatever its status\n"
	"by-license/NAME/   files whose tag names an identifier of LICENSES/*/NAME\n"
	"by-id/ID/          files by identifier, in today's SPDX spelling\n"
	"                   (GPL-2.0 -> GPL-2.0-only, GPL-2.0+ -> GPL-2.0-or-later)\n"
	"usable-under/ID/   files whose expression is satisfied by accepting ID alone\n"
	"uapi/              files with a uapi path component, tagged or not;\n"
	"                   WITHOUT-SYSCALL-NOTE lists the GPL headers lacking Linux-syscall-note\n"
	"untagged/          files with no SPDX tag (excluded files left out)\n"
	"misplaced/         files whose tag is not on the conventional line\n"
	"invalid/           files whose tag fails parsing or validation\n"
	"module-license/    with --modules: files whose MODULE_LICENSE() contradicts\n"
	"                   their tag, as 'spdxfs check --modules' finds them\n"
	"by-maintainer/ENTRY/\n"
	"                   untagged files by their most specific MAINTAINERS entry, as\n"
	"                   get_maintainer.pl finds it (with a MAINTAINERS file)\n"
	"licenses/ID        the full LICENSES/ file declaring ID\n"
	"built/             with --build BUILD_DIR: the files of that kernel image;\n"
	"                   built/SUMMARY is the output of 'spdxfs built BUILD_DIR';\n"
	"                   sbom.spdx.json and sbom.spdx3.json, of 'built --format'\n"
	"summary            the report of 'spdxfs scan'; summary.json the same as JSON\n"
	"backlog            untagged files per directory, largest first; with a\n"
	"                   MAINTAINERS file, then per entry\n"
	"charts/            licenses.svg: files per license, as bars; backlog.svg:\n"
	"                   tagged and untagged files per top-level directory\n"
	"history/           backlog.csv, backlog.svg: 'spdxfs history --first-parent\n"
	"                   --csv' and its --svg chart, for HEAD of a git work tree or\n"
	"                   for --rev REV; the newest -o history=N commits (1000)\n"
	"\n"
	"Files keep their tree paths below each view.  Extended attributes:\n"
	"user.spdx.expression, user.spdx.status, user.spdx.line, user.spdx.path,\n"
	"user.spdx.error, user.spdx.copyright, user.spdx.source,\n"
	"user.spdx.module_license; in untagged/ and all/ also\n"
	"user.spdx.suggested: the expression 'spdxfs tag' would add (default\n"
	"GPL-2.0-only), or \"review: LICENSES\" (\"review\" when none is recognised)\n"
	"for a file left for review, absent for a file the series would not tag;\n"
	"in untagged/ and by-maintainer/ also user.spdx.maintainer: the title of\n"
	"the file's most specific MAINTAINERS entry, as get_maintainer.pl finds\n"
	"it (with a MAINTAINERS file).\n"
	"\n"
	"Files have the owner and mode of the tree file, directories that mirror\n"
	"a tree directory those of that directory; the other directories (the\n"
	"root, the views, by-license/NAME, ...) the tree root's owner and its\n"
	"permissions without write, generated files the tree root's owner and\n"
	"0444, and the tree's POSIX ACLs are theirs too.  The kernel checks them\n"
	"(default_permissions).\n"
	"The mount is read-only and follows the tree live.\n";

/* The node at @path below the root, or NULL. */
static const struct vnode *walk(const struct snapshot *s, const char *path)
{
	const struct vnode *n = snapshot_node(s, 1);
	char buf[PATH_MAX], *save = NULL, *part;

	snprintf(buf, sizeof(buf), "%s", path);
	for (part = strtok_r(buf, "/", &save); n && part;
	     part = strtok_r(NULL, "/", &save))
		n = snapshot_lookup(s, n, part);
	return n;
}

/* The kind of the node at @path, or -1 when there is none. */
static int kind_at(const struct snapshot *s, const char *path)
{
	const struct vnode *n = walk(s, path);

	return n ? (int)n->kind : -1;
}

/* A copy of generated file @path's text (free it), or NULL. */
static char *text_at(const struct snapshot *s, const char *path)
{
	const struct vnode *n = walk(s, path);

	if (!n || n->kind != VN_BLOB)
		return NULL;
	return strndup(s->blobs[n->first].data, s->blobs[n->first].len);
}

/* Do the snapshots build() makes have history/ (test_history_view())? */
static int with_history;

static int build(struct snapshot **out, struct source *src, const struct built *bt,
		 const char *under)
{
	struct index_opts opts = { .nthreads = 1 };
	struct spdx_index *idx = NULL;
	struct spdx_error err;
	int ret;

	*out = NULL;
	ret = index_build(&idx, src, &opts, &err);
	if (ret) {
		printf("# index_build: %s\n", err.msg);
		return ret;
	}
	ret = snapshot_build(out, idx, &(struct snapshot_opts){
		.built = bt, .under = under, .history = with_history });
	if (ret)
		index_free(idx);
	return ret;
}

/* Every row is at the root, as a directory or a file, and maps back to
 * its row; rows for --build only with a build; nothing else. */
static void test_root(const struct snapshot *s, int with_build)
{
	const struct vnode *root = snapshot_node(s, 1);
	size_t present = 0;

	is_int(root->kind, VN_DIR, "root is a directory");
	ok(vnode_view(s, root) == NULL, "the root is no view");
	for (size_t i = 0; i < view_count; i++) {
		const struct view *v = &view_table[i];
		const struct vnode *n = snapshot_lookup(s, root, v->name);

		if (v->needs_build && !with_build) {
			ok(!n, "%s: absent without a build", v->name);
			continue;
		}
		if (v->needs_modules) {
			ok(!n, "%s: absent without --modules", v->name);
			continue;
		}
		if (v->needs_maint) {	/* test_maintainers_view() */
			ok(!n, "%s: absent without MAINTAINERS", v->name);
			continue;
		}
		if (v->needs_history) {	/* test_history_view() */
			ok(!n, "%s: absent without snapshot_opts.history", v->name);
			continue;
		}
		present++;
		ok(n, "%s: at the root", v->name);
		if (!n)
			continue;
		is_int(n->kind, v->write ? VN_BLOB : VN_DIR, "%s: its kind", v->name);
		ok(vnode_view(s, n) == v, "%s: vnode_view() is its row", v->name);
		ok(!v->write || (!v->pick && !v->fill), "%s: a file or a view", v->name);
	}
	is_int(root->count, present, "the root holds the table's rows, no more");
}

static void test_readme(const struct snapshot *s)
{
	char *text = text_at(s, "README");

	is_str(text, readme, "README, byte for byte");
	for (size_t i = 0; text && i < view_count; i++) {
		const struct view *v = &view_table[i];
		char line[64];

		if (!v->usage)
			continue;
		snprintf(line, sizeof(line), "\n%s ", v->usage);
		if (!strstr(text, line))	/* a long one: alone on its line */
			snprintf(line, sizeof(line), "\n%s\n", v->usage);
		ok(strstr(text, line), "README lists %s", v->usage);
	}
	free(text);
}

/* charts/: what chart.h draws of the snapshot's index, the backlog by
 * top-level directory. */
static void test_charts(const struct snapshot *s)
{
	char *text, *want = NULL;
	size_t len = 0;
	struct summary sum;
	FILE *f;

	ok(!summary_compute(&sum, s->idx), "summary_compute");
	f = open_memstream(&want, &len);
	chart_licenses_svg(f, &sum);
	fclose(f);
	summary_release(&sum);
	text = text_at(s, "charts/licenses.svg");
	is_str(text, want, "charts/licenses.svg is the chart of the summary");
	free(text);
	free(want);
	want = NULL;
	f = open_memstream(&want, &len);
	chart_backlog_svg(f, s->idx, 1);
	fclose(f);
	text = text_at(s, "charts/backlog.svg");
	is_str(text, want, "charts/backlog.svg is the chart of the top-level directories");
	ok(text && strstr(text, ">kernel/</text>") && !strstr(text, ">drivers/net/</text>"),
	   "charts/backlog.svg: top-level directories only");
	free(text);
	free(want);
}

static void test_contents(const struct snapshot *s)
{
	static const struct {
		const char *path;
		int kind;
	} t[] = {
		{ "all/a.c", VN_FILE },
		{ "all/kernel/untagged.c", VN_FILE },
		{ "all/drivers/bad.c", VN_FILE },
		{ "all/drivers/net/late.c", VN_FILE },
		{ "all/LICENSES/preferred/MIT", VN_FILE },
		{ "all/include/uapi/linux", VN_DIR },
		{ "by-license/GPL-2.0/a.c", VN_FILE },
		{ "by-license/GPL-2.0/include/uapi/linux/x.h", VN_FILE },
		{ "by-license/Linux-syscall-note/include/uapi/linux/x.h", VN_FILE },
		{ "by-license/MIT/lib/mit.c", VN_FILE },
		{ "by-license/MIT/drivers/net/late.c", VN_FILE },
		{ "by-license/MIT/a.c", -1 },
		{ "by-id/GPL-2.0-only/a.c", VN_FILE },
		{ "by-id/MIT/lib", VN_DIR },
		{ "usable-under/MIT/lib/mit.c", VN_FILE },
		{ "usable-under/GPL-2.0-only/a.c", VN_FILE },
		{ "usable-under/GPL-2.0-or-later", -1 },
		{ "usable-under/GPL-2.0-only/lib/mit.c", -1 },
		{ "uapi/include/uapi/linux/x.h", VN_FILE },
		{ "uapi/include/uapi/linux/y.h", VN_FILE },
		{ "uapi/WITHOUT-SYSCALL-NOTE", VN_BLOB },
		{ "uapi/a.c", -1 },
		{ "untagged/kernel/untagged.c", VN_FILE },
		{ "untagged/kernel/Makefile", VN_FILE },
		{ "untagged/a.c", -1 },
		{ "misplaced/drivers/net/late.c", VN_FILE },
		{ "misplaced/lib", -1 },
		{ "invalid/drivers/bad.c", VN_FILE },
		{ "invalid/drivers/net", -1 },
		{ "licenses/GPL-2.0-or-later", VN_FILE },
		{ "licenses/Linux-syscall-note", VN_FILE },
		{ "summary", VN_BLOB },
		{ "summary.json", VN_BLOB },
		{ "backlog", VN_BLOB },
		{ "charts/licenses.svg", VN_BLOB },
		{ "charts/backlog.svg", VN_BLOB },
		{ "charts/summary", -1 },
	};
	char *text;

	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		is_int(kind_at(s, t[i].path), t[i].kind, "%s", t[i].path);
	text = text_at(s, "uapi/WITHOUT-SYSCALL-NOTE");
	is_str(text, "include/uapi/linux/y.h\n", "WITHOUT-SYSCALL-NOTE");
	free(text);
	text = text_at(s, "backlog");
	is_str(text, "untagged    files  directory\n"
	       "       2        2  ./kernel/\n"
	       "       1        3  ./include/uapi/linux/\n", "backlog");
	free(text);
	test_charts(s);
}

/* Attribute @name of the node at @path, as a string or "-ERRNO". */
static const char *xattr_at(struct snapshot *s, struct source *src,
			    const char *path, const char *name)
{
	static char buf[XATTR_VALUE_ROOM];
	const struct vnode *n = walk(s, path);
	int len;

	if (!n)
		return "(no node)";
	len = xattr_get(s, n, src, name, buf, sizeof(buf));
	if (len < 0)
		snprintf(buf, sizeof(buf), "-%s", strerrorname_np(-len));
	else if ((size_t)len >= sizeof(buf))
		return "(too long)";
	return buf;
}

/* The attribute names of the node at @path, joined by spaces. */
static const char *list_at(struct snapshot *s, struct source *src,
			   const char *path)
{
	static char out[XATTR_NAMES_ROOM];
	char list[XATTR_NAMES_ROOM];
	const struct vnode *n = walk(s, path);
	size_t len;

	if (!n)
		return "(no node)";
	len = xattr_list(s, n, src, list, sizeof(list));
	if (len > sizeof(list))
		return "(too long)";
	for (size_t i = 0; i < len; i++)
		out[i] = list[i] ? list[i] : ' ';
	out[len] = '\0';
	return out;
}

static void test_xattrs(struct snapshot *s, struct source *src)
{
	static const struct {
		const char *path, *name, *value;
	} t[] = {
		{ "by-license/GPL-2.0/a.c", "user.spdx.expression", "GPL-2.0" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.status", "tagged" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.line", "1" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.path", "a.c" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.error", "-ENODATA" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.suggested", "-ENODATA" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.nope", "-ENODATA" },
		{ "by-license/GPL-2.0/a.c", "user.spdx.", "-ENODATA" },
		{ "misplaced/drivers/net/late.c", "user.spdx.line", "3" },
		{ "misplaced/drivers/net/late.c", "user.spdx.status", "misplaced" },
		{ "invalid/drivers/bad.c", "user.spdx.expression", "Bogus-1.0" },
		{ "invalid/drivers/bad.c", "user.spdx.error",
		  "Invalid License ID: Bogus-1.0" },
		{ "untagged/kernel/untagged.c", "user.spdx.status", "untagged" },
		{ "untagged/kernel/untagged.c", "user.spdx.expression", "-ENODATA" },
		{ "untagged/kernel/untagged.c", "user.spdx.line", "-ENODATA" },
		{ "untagged/kernel/untagged.c", "user.spdx.suggested", "GPL-2.0-only" },
		{ "untagged/kernel/Makefile", "user.spdx.suggested", "-ENODATA" },
		{ "uapi/include/uapi/linux/z.h", "user.spdx.status", "untagged" },
		{ "uapi/include/uapi/linux/z.h", "user.spdx.suggested", "-ENODATA" },
		{ "untagged/include/uapi/linux/z.h", "user.spdx.suggested",
		  "GPL-2.0-only WITH Linux-syscall-note" },
		{ "licenses/MIT", "user.spdx.path", "LICENSES/preferred/MIT" },
		{ "all/a.c", "user.spdx.expression", "GPL-2.0" },
		{ "all/drivers/bad.c", "user.spdx.error", "Invalid License ID: Bogus-1.0" },
		{ "all/kernel/untagged.c", "user.spdx.suggested", "GPL-2.0-only" },
		{ "all/include/uapi/linux/z.h", "user.spdx.suggested",
		  "GPL-2.0-only WITH Linux-syscall-note" },
		{ "by-license", "user.spdx.status", "-ENODATA" },
		{ "README", "user.spdx.status", "-ENODATA" },
	};
	static const struct {
		const char *path, *names;
	} l[] = {
		{ "by-license/GPL-2.0/a.c", "user.spdx.expression user.spdx.status "
		  "user.spdx.line user.spdx.path " },
		{ "invalid/drivers/bad.c", "user.spdx.expression user.spdx.status "
		  "user.spdx.line user.spdx.path user.spdx.error " },
		{ "untagged/kernel/untagged.c", "user.spdx.status user.spdx.path "
		  "user.spdx.suggested " },
		{ "untagged/kernel/Makefile", "user.spdx.status user.spdx.path " },
		{ "uapi/include/uapi/linux/z.h", "user.spdx.status user.spdx.path " },
		{ "all/kernel/untagged.c", "user.spdx.status user.spdx.path "
		  "user.spdx.suggested " },
		{ "all/a.c", "user.spdx.expression user.spdx.status "
		  "user.spdx.line user.spdx.path " },
		{ "by-license", "" },
		{ "summary", "" },
	};
	const struct vnode *n = walk(s, "by-license/GPL-2.0/a.c");
	char small[4], exact[80];

	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		is_str(xattr_at(s, src, t[i].path, t[i].name), t[i].value,
		       "%s %s", t[i].path, t[i].name);
	for (size_t i = 0; i < ARRAY_SIZE(l); i++)
		is_str(list_at(s, src, l[i].path), l[i].names, "list %s", l[i].path);
	is_int(xattr_get(s, n, src, "user.spdx.expression", small, sizeof(small)),
	       7, "a value that does not fit: its length");
	is_int(xattr_list(s, n, src, small, sizeof(small)), 68,
	       "a list that does not fit: its length");
	memset(exact, 'x', sizeof(exact));
	is_int(xattr_list(s, n, src, exact, 68), 68, "a list that just fits");
	ok(!memcmp(exact, "user.spdx.expression\0user.spdx.status\0"
		   "user.spdx.line\0user.spdx.path\0x", 69),
	   "a list that just fits: all of it, nothing past it");
}

/* With a build: built/ holds the build's files the index has, and
 * built/SUMMARY. */
static void test_built(struct source *src)
{
	struct built_path paths[] = {
		{ "a.c", BUILT_COMPILED },
		{ "kernel/untagged.c", BUILT_EMBEDDED },
		{ "not/indexed.c", BUILT_COMPILED },
	};
	struct built bt = { .srctree = "/tree", .paths = paths,
			    .npaths = ARRAY_SIZE(paths), .nobjects = 2 };
	const char *header = "built into vmlinux: 2 tree files from 2 objects"
		" (0 generated files outside the tree, 1 not indexed)\n"
		"why: 1 compiled, 1 embedded, 0 linker-script, 0 generator-input\n";
	struct snapshot *s;
	char *text;
	int ret = build(&s, src, &bt, "");

	is_int(ret, 0, "snapshot with a build");
	if (ret)
		return;
	test_root(s, 1);
	is_int(kind_at(s, "built/a.c"), VN_FILE, "built/a.c");
	is_int(kind_at(s, "built/kernel/untagged.c"), VN_FILE, "built/kernel/untagged.c");
	is_int(kind_at(s, "built/lib"), -1, "built/lib: not built");
	text = text_at(s, "built/SUMMARY");
	ok(text && !strncmp(text, header, strlen(header)), "built/SUMMARY's header");
	ok(text && strstr(text, "\nfiles not compiled into vmlinux itself\n"
			  "  kernel/untagged.c\tembedded\tuntagged\n"),
	   "built/SUMMARY: the file that is not compiled, and why");
	free(text);
	snapshot_free(s);
}

/* The views of a subdirectory: its files alone, the tree's licenses. */
static void test_under(struct source *src)
{
	static const struct {
		const char *path;
		int kind;
	} t[] = {
		{ "all/include/uapi/linux/z.h", VN_FILE },
		{ "all/a.c", -1 },
		{ "all/kernel", -1 },
		{ "all/LICENSES", -1 },
		{ "uapi/include/uapi/linux/x.h", VN_FILE },
		{ "untagged/include/uapi/linux/z.h", VN_FILE },
		{ "untagged/kernel", -1 },
		{ "by-license/GPL-2.0/include/uapi/linux/y.h", VN_FILE },
		{ "by-license/GPL-2.0/a.c", -1 },
		{ "by-license/MIT", VN_DIR },
		{ "by-license/MIT/lib", -1 },
		{ "by-id/MIT", -1 },
		{ "usable-under/GPL-2.0-only/include", VN_DIR },
		{ "usable-under/GPL-2.0-only/a.c", -1 },
		{ "misplaced/drivers", -1 },
		{ "invalid/drivers", -1 },
		{ "licenses/MIT", VN_FILE },
		{ "licenses/GPL-2.0", VN_FILE },
	};
	const char *head = "files                         3\n"
			   "  tagged                      2\n"
			   "  misplaced                   0\n"
			   "  untagged                    1\n";
	struct snapshot *s;
	char *text;
	int ret = build(&s, src, NULL, "include");

	is_int(ret, 0, "snapshot of include/");
	if (ret)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(t); i++)
		is_int(kind_at(s, t[i].path), t[i].kind, "include/: %s", t[i].path);
	text = text_at(s, "summary");
	ok(text && !strncmp(text, head, strlen(head)),
	   "include/: summary counts its files");
	free(text);
	text = text_at(s, "backlog");
	is_str(text, "untagged    files  directory\n"
	       "       1        3  ./include/uapi/linux/\n", "include/: backlog");
	free(text);
	text = text_at(s, "uapi/WITHOUT-SYSCALL-NOTE");
	is_str(text, "include/uapi/linux/y.h\n", "include/: WITHOUT-SYSCALL-NOTE");
	free(text);
	snapshot_free(s);
	ret = build(&s, src, NULL, "kernel");
	is_int(ret, 0, "snapshot of kernel/");
	if (ret)
		return;
	is_int(kind_at(s, "all/kernel/Makefile"), VN_FILE, "kernel/: all/kernel/Makefile");
	is_int(kind_at(s, "uapi/include"), -1, "kernel/: no uapi file");
	text = text_at(s, "uapi/WITHOUT-SYSCALL-NOTE");
	is_str(text, "", "kernel/: WITHOUT-SYSCALL-NOTE is empty");
	free(text);
	snapshot_free(s);
}

/* A second tree: "or later" ranges across versions; uapi headers that
 * need the syscall note and those that do not. */
static const struct fixture_file later_files[] = {
	{ "LICENSES/preferred/GPL-2.0", LICENSE(
		"Valid-License-Identifier: GPL-2.0\n"
		"Valid-License-Identifier: GPL-2.0-only\n"
		"Valid-License-Identifier: GPL-2.0+\n"
		"Valid-License-Identifier: GPL-2.0-or-later\n", "GPL-2.0") },
	{ "LICENSES/deprecated/GPL-1.0", LICENSE(
		"Valid-License-Identifier: GPL-1.0+\n", "GPL-1.0") },
	{ "LICENSES/preferred/LGPL-2.0", LICENSE(
		"Valid-License-Identifier: LGPL-2.0\n"
		"Valid-License-Identifier: LGPL-2.0+\n", "LGPL-2.0") },
	{ "LICENSES/preferred/LGPL-2.1", LICENSE(
		"Valid-License-Identifier: LGPL-2.1\n"
		"Valid-License-Identifier: LGPL-2.1+\n", "LGPL-2.1") },
	{ "LICENSES/preferred/MIT", LICENSE(
		"Valid-License-Identifier: MIT\n", "MIT") },
	{ "old.c", "// SPDX-License-Identifier: GPL-1.0+\n" },
	{ "lib.c", "// SPDX-License-Identifier: LGPL-2.0+\n" },
	{ "v2.c", "// SPDX-License-Identifier: GPL-2.0+ OR MIT\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
		"SPDX-Exception-Identifier: Linux-syscall-note\n"
		"SPDX-URL: https://spdx.org/licenses/Linux-syscall-note.html\n"
		"SPDX-Licenses: GPL-2.0, LGPL-2.1+\n"
		"Usage-Guide:\n  Use it WITH a GPL.\nLicense-Text:\n\n   NOTE!\n" },
	{ "include/uapi/linux/gpl.h", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
	{ "include/uapi/linux/lgpl.h", "/* SPDX-License-Identifier: LGPL-2.1+ */\n" },
	{ "include/uapi/linux/dual.h", "/* SPDX-License-Identifier: GPL-2.0 OR MIT */\n" },
	{ "include/uapi/linux/noted.h", "/* SPDX-License-Identifier: "
		"(GPL-2.0 WITH Linux-syscall-note) OR MIT */\n" },
	{ "include/uapi/linux/lnoted.h", "/* SPDX-License-Identifier: "
		"LGPL-2.1+ WITH Linux-syscall-note */\n" },
	{ "include/uapi/linux/mit.h", "/* SPDX-License-Identifier: MIT */\n" },
	{ "include/uapi/linux/Kbuild", "# SPDX-License-Identifier: GPL-2.0\n" },
	{ "include/uapi/linux/bad.h", "/* SPDX-License-Identifier: GPL-9.0 */\n" },
	{ "include/uapi/linux/none.h", "#define NONE\n" },
	{ "include/linux/kernel.h", "/* SPDX-License-Identifier: GPL-2.0 */\n" },
};

static void test_or_later(void)
{
	static const struct {
		const char *path;
		int kind;
	} t[] = {
		{ "usable-under/GPL-2.0-only/old.c", VN_FILE },
		{ "usable-under/GPL-2.0-or-later/old.c", VN_FILE },
		{ "usable-under/GPL-1.0-or-later/old.c", VN_FILE },
		{ "usable-under/LGPL-2.0-or-later/lib.c", VN_FILE },
		{ "usable-under/LGPL-2.1-only/lib.c", VN_FILE },
		{ "usable-under/LGPL-2.1-or-later/lib.c", VN_FILE },
		{ "usable-under/GPL-2.0-only/lib.c", -1 },
		{ "usable-under/LGPL-2.1-only/old.c", -1 },
		{ "usable-under/GPL-1.0-or-later/v2.c", -1 },
		{ "usable-under/GPL-2.0-or-later/v2.c", VN_FILE },
		{ "usable-under/MIT/v2.c", VN_FILE },
		{ "usable-under/MIT/old.c", -1 },
	};
	char dir[] = "/tmp/spdxfs-views.XXXXXX";
	struct source *src = NULL;
	struct snapshot *s = NULL;
	char *text;
	int ret;

	ret = fixture_make(dir, later_files, ARRAY_SIZE(later_files));
	if (!ret)
		ret = source_open(&src, &(struct source_spec){ .type = SOURCE_DIR,
					 .path = dir, .flags = 0 }, NULL);
	if (!ret)
		ret = build(&s, src, NULL, "");
	is_int(ret, 0, "or-later tree: snapshot built");
	for (size_t i = 0; !ret && i < ARRAY_SIZE(t); i++)
		is_int(kind_at(s, t[i].path), t[i].kind, "%s", t[i].path);
	text = ret ? NULL : text_at(s, "uapi/WITHOUT-SYSCALL-NOTE");
	is_str(text, "include/uapi/linux/dual.h\n"
	       "include/uapi/linux/gpl.h\n"
	       "include/uapi/linux/lgpl.h\n",
	       "WITHOUT-SYSCALL-NOTE: GPL headers only, not Kbuild or MIT");
	free(text);
	text = ret ? NULL : text_at(s, "summary");
	ok(text && strstr(text, "\n  without syscall note        3\n"),
	   "the summary counts the same 3");
	free(text);
	snapshot_free(s);
	source_free(src);
	fixture_remove(dir);
}

/* With MAINTAINERS: by-maintainer/, user.spdx.maintainer, the backlog's
 * table per entry. */
static void test_maintainers_view(struct source *src)
{
	static const char text[] =
		"KERNEL CORE\nM:\tK <k@example.org>\nF:\tkernel/\n\n"
		"UAPI\nF:\tinclude/uapi/\n";
	struct index_opts opts = { .nthreads = 1 };
	struct spdx_index *idx = NULL;
	struct snapshot *s = NULL;
	struct maint *m = NULL;
	const struct vnode *n;
	char buf[256], *backlog;

	if (maint_parse(&m, text, sizeof(text) - 1, NULL, NULL, NULL) ||
	    index_build(&idx, src, &opts, NULL) ||
	    snapshot_build(&s, idx, &(struct snapshot_opts){ .maint = m })) {
		ok(0, "snapshot with MAINTAINERS built");
		index_free(idx);
		maint_free(m);
		return;
	}
	ok(walk(s, "by-maintainer/KERNEL_CORE/kernel/untagged.c"), "KERNEL_CORE: untagged.c");
	ok(walk(s, "by-maintainer/KERNEL_CORE/kernel/Makefile"), "KERNEL_CORE: Makefile");
	ok(walk(s, "by-maintainer/UAPI/include/uapi/linux/z.h"), "UAPI: z.h");
	ok(!walk(s, "by-maintainer/UAPI/include/uapi/linux/x.h"), "UAPI: not the tagged x.h");
	n = snapshot_lookup(s, walk(s, "by-maintainer"), "KERNEL_CORE");
	is_int(n ? n->count : 0, 1, "KERNEL_CORE holds kernel/ alone");
	n = walk(s, "untagged/kernel/untagged.c");
	is_int(n ? xattr_get(s, n, src, "user.spdx.maintainer", buf, sizeof(buf)) : -1,
	       11, "user.spdx.maintainer in untagged/");
	is_str(buf, "KERNEL CORE", "its value");
	n = walk(s, "by-maintainer/UAPI/include/uapi/linux/z.h");
	is_int(n ? xattr_get(s, n, src, "user.spdx.maintainer", buf, sizeof(buf)) : -1,
	       4, "and in by-maintainer/");
	n = walk(s, "all/kernel/untagged.c");
	is_int(n ? xattr_get(s, n, src, "user.spdx.maintainer", buf, sizeof(buf)) : -1,
	       -ENODATA, "not in all/");
	backlog = text_at(s, "backlog");
	ok(backlog && strstr(backlog, "\n\nuntagged  MAINTAINERS entry\n"
			     "       2  KERNEL CORE\n       1  UAPI\n"),
	   "the backlog's table per entry");
	if (backlog && !strstr(backlog, "UAPI\n"))
		printf("# %s", backlog);
	free(backlog);
	snapshot_free(s);
	maint_free(m);
}

struct diff_log {
	char text[4096];
	size_t len;
	const struct snapshot *s;	/* names the inodes */
};

/* The path of the node numbered @ino in @s ("?" when none). */
static const char *path_of(const struct snapshot *s, uint64_t ino, char *buf,
			   size_t size)
{
	const struct vnode *n = snapshot_node(s, ino);
	char tmp[PATH_MAX];

	if (!n)
		return "?";
	buf[0] = '\0';
	while (n != &s->nodes[0]) {
		snprintf(tmp, sizeof(tmp), "/%s%s", n->name, buf);
		snprintf(buf, size, "%s", tmp);
		n = &s->nodes[n->parent];
	}
	return buf;
}

static void log_entry(void *arg, uint64_t parent, const char *name)
{
	struct diff_log *l = arg;
	char p[PATH_MAX];

	l->len += snprintf(l->text + l->len, sizeof(l->text) - l->len, "entry %s %s\n",
			   path_of(l->s, parent, p, sizeof(p)), name);
}

static void log_inode(void *arg, uint64_t ino)
{
	struct diff_log *l = arg;
	char p[PATH_MAX];

	l->len += snprintf(l->text + l->len, sizeof(l->text) - l->len, "inode %s\n",
			   path_of(l->s, ino, p, sizeof(p)));
}

/* Has @log the line @line? */
static int logged(const struct diff_log *log, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = log->text; (p = strstr(p, line)); p++)
		if ((p == log->text || p[-1] == '\n') && p[n] == '\n')
			return 1;
	return 0;
}

/*
 * A directory that leaves a view: the kernel drops its entries and its
 * listing, not only its name; when it comes back, its listing and those
 * of the directories below.
 */
static void test_diff(const char *dir, struct source *src, struct snapshot *s1)
{
	static const struct snapshot_diff_ops ops = {
		.entry = log_entry,
		.inode = log_inode,
	};
	struct snapshot *s2 = NULL, *s3 = NULL;
	struct diff_log gone = { .len = 0, .s = s1 }, back = { .len = 0 };
	int ret;

	ret = fixture_write(dir, "drivers/bad.c", "// SPDX-License-Identifier: MIT\n");
	if (!ret)
		ret = build(&s2, src, NULL, "");
	if (!ret)
		ret = fixture_write(dir, "drivers/bad.c", "// SPDX-License-Identifier: Bogus-2\n");
	if (!ret)
		ret = build(&s3, src, NULL, "");
	is_int(ret, 0, "diff: two more snapshots built");
	if (ret)
		goto out;
	is_int(kind_at(s2, "invalid/drivers"), -1, "diff: invalid/drivers left");
	is_int(kind_at(s3, "invalid/drivers"), VN_DIR, "diff: and came back");
	snapshot_diff(s1, s2, &ops, &gone);
	ok(logged(&gone, "entry /invalid drivers"), "gone: its name");
	ok(logged(&gone, "entry /invalid/drivers bad.c"), "gone: the entries in it");
	ok(logged(&gone, "inode /invalid/drivers"), "gone: its listing");
	ok(strstr(gone.text, "entry /invalid/drivers bad.c\n") <
	   strstr(gone.text, "inode /invalid/drivers\n"), "gone: entries first");
	ok(strstr(gone.text, "entry /by-license/MIT/drivers bad.c\n") &&
	   strstr(gone.text, "entry /invalid drivers\n") <
	   strstr(gone.text, "entry /by-license/MIT/drivers bad.c\n"),
	   "gone: names that go before names that appear");
	ok(strstr(gone.text, "entry /by-license/MIT/drivers bad.c\n") <
	   strstr(gone.text, "inode /by-license/MIT/drivers\n"),
	   "gone: a new name before its listing");
	back.s = s3;
	snapshot_diff(s2, s3, &ops, &back);
	ok(logged(&back, "entry /invalid drivers"), "back: its name");
	ok(logged(&back, "inode /invalid/drivers"), "back: its listing");
out:
	snapshot_free(s2);
	snapshot_free(s3);
}

/* snapshot_opts.history (for good: last): history/ at the root, its two
 * files VN_HIST nodes, numbered by enum hist_file. */
static void test_history_view(struct source *src)
{
	struct snapshot *s = NULL;
	const struct vnode *dir, *n;

	with_history = 1;
	is_int(build(&s, src, NULL, ""), 0, "history: snapshot built");
	if (!s)
		return;
	dir = snapshot_lookup(s, &s->nodes[0], "history");
	ok(dir && dir->kind == VN_DIR && dir->count == HIST_NFILES,
	   "history/: a directory of %d files", HIST_NFILES);
	for (int i = 0; dir && i < HIST_NFILES; i++) {
		n = snapshot_lookup(s, dir, hist_file_name[i]);
		ok(n && n->kind == VN_HIST && n->first == (uint32_t)i,
		   "history/%s: VN_HIST %d", hist_file_name[i], i);
	}
	is_str(hist_file_name[HIST_CSV], "backlog.csv", "the CSV's name");
	is_str(hist_file_name[HIST_SVG], "backlog.svg", "the SVG's name");
	snapshot_free(s);
}

int main(void)
{
	char dir[] = "/tmp/spdxfs-views.XXXXXX";
	struct source *src = NULL;
	struct snapshot *s = NULL;
	int ret;

	ret = fixture_make(dir, files, ARRAY_SIZE(files));
	is_int(ret, 0, "fixture made");
	if (!ret)
		ret = source_open(&src, &(struct source_spec){ .type = SOURCE_DIR,
					 .path = dir, .flags = 0 }, NULL);
	if (!ret)
		ret = build(&s, src, NULL, "");
	is_int(ret, 0, "snapshot built");
	if (ret)
		goto out;
	test_root(s, 0);
	test_readme(s);
	test_contents(s);
	test_xattrs(s, src);
	test_built(src);
	test_under(src);
	test_or_later();
	test_maintainers_view(src);
	test_diff(dir, src, s);
	test_history_view(src);
out:
	snapshot_free(s);
	source_free(src);
	fixture_remove(dir);
	return tap_done();
}
