// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_chart: the SVG charts of a summary and of an index built by hand:
 * which bars, in which order, with which numbers, on which axis, and
 * names from the tree escaped so that the document stays XML.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/chart.h"
#include "index.h"
#include "report.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static char *render_licenses(const struct summary *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ret = chart_licenses_svg(f, s);

	fclose(f);
	is_int(ret, 0, "chart_licenses_svg returns 0");
	return buf;
}

static char *render_backlog(const struct spdx_index *idx, unsigned depth)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ret = chart_backlog_svg(f, idx, depth);

	fclose(f);
	is_int(ret, 0, "chart_backlog_svg returns 0");
	return buf;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* The texts of the elements <text class="@cls" ...>, joined by '|'. */
static char *texts(const char *svg, const char *cls)
{
	char open[64], *out = calloc(1, strlen(svg) + 1);
	const char *p = svg;

	snprintf(open, sizeof(open), "<text class=\"%s\"", cls);
	while (out && (p = strstr(p, open))) {
		const char *start = strchr(p, '>') + 1, *end = strstr(start, "</text>");

		if (*out)
			strcat(out, "|");
		strncat(out, start, end - start);
		p = end;
	}
	return out;
}

static void check_texts(const char *svg, const char *cls, const char *want,
			const char *name)
{
	char *got = texts(svg, cls);

	is_str(got, want, "%s", name);
	free(got);
}

static void test_licenses(void)
{
	struct license_count lc[] = {
		{ "MIT", "preferred", 4 },
		{ "GPL-2.0", "preferred", 10 },
		{ "Unused", "deprecated", 0 },
		{ "Linux-syscall-note", "exceptions", 1 },
		{ "Apache-2.0", "dual", 4 },
	};
	struct summary s = { .licenses = lc, .nlicenses = ARRAY_SIZE(lc) };
	char *svg;

	s.count[ST_TAGGED] = 12;
	s.count[ST_MISPLACED] = 1;
	s.count[ST_UNTAGGED] = 7;
	svg = render_licenses(&s);
	ok(!strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44),
	   "an XML declaration, then the svg element");
	ok(strstr(svg, "</svg>\n") && !strcmp(strstr(svg, "</svg>\n"), "</svg>\n"),
	   "the document ends with </svg>");
	check_texts(svg, "label", "GPL-2.0|Apache-2.0|MIT|Linux-syscall-note",
		    "licenses naming files, most files first, then by name");
	check_texts(svg, "value", "10|4|4|1", "each bar's number of files");
	check_texts(svg, "tick", "0|2|4|6|8|10", "ticks every 2 up to 10");
	check_texts(svg, "subtitle",
		    "13 files with a valid tag, under each LICENSES/ file the tag "
		    "names; 1 LICENSES/ files unused",
		    "the subtitle counts tagged and misplaced files, and the unused");
	check_texts(svg, "legend", "preferred|dual|exceptions",
		    "the legend names the directories of the bars only");
	ok(strstr(svg, "width=\"480.0\" height=\"14\" fill=\"#4e79a7\"><title>"
		  "GPL-2.0: 10 files (LICENSES/preferred)</title>"),
	   "the longest bar spans the axis, coloured as preferred, with a tooltip");
	ok(strstr(svg, "width=\"192.0\" height=\"14\" fill=\"#59a14f\"><title>"
		  "Apache-2.0: 4 files (LICENSES/dual)</title>"),
	   "bars are proportional (4 of 10 is 192 of 480 pixels)");
	ok(strstr(svg, "<title>Linux-syscall-note: 1 file (LICENSES/exceptions)"),
	   "one file, singular");
	is_int(count(svg, "<g class=\"row\">"), 4, "four rows");
	free(svg);
}

static void test_axis(void)
{
	struct license_count lc[] = { { "GPL-2.0", "preferred", 60144 } };
	struct summary s = { .licenses = lc, .nlicenses = 1 };
	char *svg = render_licenses(&s);

	check_texts(svg, "tick", "0|20000|40000|60000|80000",
		    "60144 files: steps of 20000, the axis up to 80000");
	free(svg);
	lc[0].files = 5;
	svg = render_licenses(&s);
	check_texts(svg, "tick", "0|1|2|3|4|5", "5 files: steps of 1");
	free(svg);
}

static void test_escape(void)
{
	static const char longname[] =
		"a-license-name-that-is-longer-than-anyone-would-want-to-read";
	struct license_count lc[] = {
		{ "A<&>\"'B", "preferred", 3 },
		{ "ctl\001\x7f" "bad\xff\xc3(ok\xc3\xa9" "end", "odd/\xe0\x80\x80", 2 },
		{ longname, "preferred", 1 },
	};
	struct summary s = { .licenses = lc, .nlicenses = ARRAY_SIZE(lc) };
	char *svg = render_licenses(&s);

	check_texts(svg, "label",
		    "A&lt;&amp;&gt;&quot;&#39;B|"
		    "ctl\\x01\\x7fbad\\xff\\xc3(ok\xc3\xa9" "end|"
		    "a-license-name-that-is-longer-than-anyone-would-...",
		    "markup escaped, control and non-UTF-8 bytes as \\xNN, "
		    "valid UTF-8 kept, a long name cut to 48 characters");
	check_texts(svg, "legend", "preferred|odd/\\xe0\\x80\\x80",
		    "an unknown directory gets a colour and an escaped name");
	ok(strstr(svg, "fill=\"#76b7b2\"><title>ctl"),
	   "the first unknown directory's colour");
	free(svg);
}

static void test_backlog(void)
{
	struct spdx_file files[] = {
		{ .path = "Makefile", .status = ST_UNTAGGED },
		{ .path = "README", .status = ST_EXCLUDED },
		{ .path = "a.c", .status = ST_TAGGED },
		{ .path = "arch/x86/a.c", .status = ST_TAGGED },
		{ .path = "arch/x86/b.c", .status = ST_UNTAGGED },
		{ .path = "drivers-x.c", .status = ST_MISPLACED },
		{ .path = "drivers/bad.c", .status = ST_INVALID },
		{ .path = "drivers/net/a.c", .status = ST_UNTAGGED },
		{ .path = "drivers/net/b.c", .status = ST_UNTAGGED },
		{ .path = "drivers/net/c.c", .status = ST_ERROR },
		{ .path = "drivers/net/wifi/d.c", .status = ST_TAGGED },
		{ .path = "kernel/fork.c", .status = ST_TAGGED },
		{ .path = "kernel/x/y.c", .status = ST_EXCLUDED },
	};
	struct spdx_index idx = { .files = files, .nfiles = ARRAY_SIZE(files) };
	char *svg = render_backlog(&idx, 1);

	check_texts(svg, "label", "drivers/|./|arch/|kernel/",
		    "top-level directories, largest backlog first, then by name");
	check_texts(svg, "value",
		    "1 tagged, 2 other, 2 untagged|1 tagged, 1 other, 1 untagged|"
		    "1 tagged, 0 other, 1 untagged|1 tagged, 0 other, 0 untagged",
		    "tagged, other and untagged per directory; excluded left out");
	check_texts(svg, "subtitle",
		    "11 files (excluded left out): 4 tagged, 3 misplaced, invalid "
		    "or unreadable, 4 untagged", "the totals");
	check_texts(svg, "legend", "tagged|misplaced, invalid or unreadable|untagged",
		    "the legend names the three segments");
	ok(strstr(svg, "<title>drivers/: 2 untagged</title>"),
	   "a segment's tooltip");
	check_texts(svg, "tick", "0|1|2|3|4|5", "the axis covers the largest total");
	free(svg);

	svg = render_backlog(&idx, 2);
	check_texts(svg, "label",
		    "drivers/net/|./|arch/x86/|drivers/|kernel/",
		    "depth 2: two components; files above that depth by their directory");
	free(svg);
}

/* Ties are in the byte order of the labels as shown: "foo-bar/" before
 * "foo/" ('-' is below '/'), "./" by its dot. */
static void test_backlog_order(void)
{
	struct spdx_file files[] = {
		{ .path = "-x.c", .status = ST_TAGGED },
		{ .path = "foo-bar/a.c", .status = ST_TAGGED },
		{ .path = "foo/a.c", .status = ST_TAGGED },
		{ .path = "foo0/a.c", .status = ST_TAGGED },
		{ .path = "-dash/a.c", .status = ST_TAGGED },
	};
	struct spdx_index idx = { .files = files, .nfiles = ARRAY_SIZE(files) };
	char *svg = render_backlog(&idx, 1);

	check_texts(svg, "label", "-dash/|./|foo-bar/|foo/|foo0/",
		    "equal backlogs in the byte order of the labels shown");
	free(svg);
}

static void test_empty(void)
{
	struct spdx_index idx = { 0 };
	struct summary s = { 0 };
	char *svg = render_backlog(&idx, 1);

	ok(strstr(svg, "<text class=\"empty\" x=\"") && strstr(svg, "\">no files</text>"),
	   "an empty tree says so");
	check_texts(svg, "tick", "0|1", "and has an axis from 0 to 1");
	free(svg);
	svg = render_licenses(&s);
	is_int(count(svg, "<g class=\"row\">"), 0, "no license, no row");
	free(svg);
}

int main(void)
{
	test_licenses();
	test_axis();
	test_escape();
	test_backlog();
	test_backlog_order();
	test_empty();
	return tap_done();
}
