// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_show: what show.h says of a file (today's spelling, the
 * LICENSES/ files named, usable-under, uapi and syscall note, the
 * series' suggestion) and report_show()'s text and JSON, byte for byte.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "fixture.h"
#include "index.h"
#include "spdx/licenses.h"
#include "report.h"
#include "show.h"
#include "source/source.h"
#include "series/suggest.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0-only\n"
	  "Valid-License-Identifier: GPL-2.0+\nValid-License-Identifier: GPL-2.0-or-later\n"
	  "License-Text:\n  x\n" },
	{ "LICENSES/preferred/LGPL-2.1",
	  "Valid-License-Identifier: LGPL-2.1\nValid-License-Identifier: LGPL-2.1+\n"
	  "License-Text:\n  x\n" },
	{ "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\nLicense-Text:\n  x\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
	  "SPDX-Exception-Identifier: Linux-syscall-note\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0-only, LGPL-2.1\nLicense-Text:\n  x\n" },
	{ "a.c", "// SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) or lgpl-2.1+\n" },
	{ "b.c", "// SPDX-License-Identifier: GPL-2.0 AND MIT\n" },
	{ "c.c", "// SPDX-License-Identifier: MIT OR Bogus\n" },
	{ "d.c", "// SPDX-License-Identifier: (MIT\n" },
	{ "include/uapi/u.h", "#define U 1\n" },
	{ "Documentation/doc.c", "int doc;\n" },
};

/* report_show()'s output for @si in @fmt, as a new string. */
static char *shown(const struct show_info *si, size_t n, enum report_format fmt)
{
	char *buf = NULL;
	size_t len;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		return NULL;
	report_show(out, fmt, si, n);
	fclose(out);
	return buf;
}

static int show(struct show_info *si, struct source *src,
		const struct spdx_index *idx, const char *path)
{
	const struct spdx_file *f = index_find(idx, path);
	int ret = f ? show_file(si, idx, f) : -ENOENT;

	if (!ret) {
		ret = show_suggest(si, src, idx, f);
		if (ret)
			show_info_release(si);
	}

	is_int(ret, 0, "show %s", path);
	return ret;
}

/* show() for @a and @b into si[0] and si[1]: both held, or neither. */
static int show_two(struct show_info si[2], struct source *src,
		    const struct spdx_index *idx, const char *a, const char *b)
{
	int ret = show(&si[0], src, idx, a);

	if (!ret && (ret = show(&si[1], src, idx, b)))
		show_info_release(&si[0]);
	return ret;
}

static void test_tagged(struct source *src, const struct spdx_index *idx)
{
	struct show_info si[2];
	char *text;

	if (show(&si[0], src, idx, "a.c"))
		return;
	is_str(si[0].modern, "(GPL-2.0-only WITH Linux-syscall-note) OR LGPL-2.1-or-later",
	       "today's spelling, exception untouched, operators upper case");
	is_int(si[0].nlicenses, 3, "three LICENSES/ files");
	is_int(si[0].nusable, 3, "usable under three");
	ok(si[0].syscall_note && !si[0].uapi && !si[0].suggested,
	   "the note, no uapi, no suggestion");
	if (show(&si[1], src, idx, "b.c")) {
		show_info_release(&si[0]);
		return;
	}
	text = shown(si, 2, REPORT_TEXT);
	is_str(text,
	       "a.c\n"
	       "  status        tagged\n"
	       "  line          1\n"
	       "  expression    (GPL-2.0 WITH Linux-syscall-note) or lgpl-2.1+\n"
	       "  modern        (GPL-2.0-only WITH Linux-syscall-note) OR LGPL-2.1-or-later\n"
	       "  licenses      LICENSES/preferred/GPL-2.0, LICENSES/preferred/LGPL-2.1, "
	       "LICENSES/exceptions/Linux-syscall-note\n"
	       "  usable under  GPL-2.0-only, LGPL-2.1-only, LGPL-2.1-or-later\n"
	       "  uapi          no\n"
	       "  syscall note  yes\n"
	       "\n"
	       "b.c\n"
	       "  status        tagged\n"
	       "  line          1\n"
	       "  expression    GPL-2.0 AND MIT\n"
	       "  modern        GPL-2.0-only AND MIT\n"
	       "  licenses      LICENSES/preferred/GPL-2.0, LICENSES/preferred/MIT\n"
	       "  usable under  none\n"
	       "  uapi          no\n"
	       "  syscall note  no\n", "text of two tagged files");
	free(text);
	text = shown(&si[1], 1, REPORT_JSON);
	is_str(text,
	       JSON_RECORDS("files")
	       "    {\n"
	       "      \"path\": \"b.c\",\n"
	       "      \"status\": \"tagged\",\n"
	       "      \"line\": 1,\n"
	       "      \"expression\": \"GPL-2.0 AND MIT\",\n"
	       "      \"modern\": \"GPL-2.0-only AND MIT\",\n"
	       "      \"valid\": true,\n"
	       "      \"licenses\": [\"LICENSES/preferred/GPL-2.0\", \"LICENSES/preferred/MIT\"],\n"
	       "      \"usable_under\": [],\n"
	       "      \"uapi\": false,\n"
	       "      \"syscall_note\": false,\n"
	       "      \"copyright\": [],\n"
	       "      \"suggested\": null\n"
	       "    }\n"
	       JSON_RECORDS_END, "JSON of a tagged file");
	free(text);
	show_info_release(&si[0]);
	show_info_release(&si[1]);
}

static void test_invalid(struct source *src, const struct spdx_index *idx)
{
	struct show_info si[2];
	char *text;

	if (show_two(si, src, idx, "c.c", "d.c"))
		return;
	text = shown(si, 2, REPORT_TEXT);
	is_str(text,
	       "c.c\n"
	       "  status        invalid\n"
	       "  line          1\n"
	       "  expression    MIT OR Bogus\n"
	       "  modern        MIT OR Bogus\n"
	       "  error         1:35 Invalid License ID: Bogus\n"
	       "  licenses      LICENSES/preferred/MIT\n"
	       "  uapi          no\n"
	       "  syscall note  no\n"
	       "\n"
	       "d.c\n"
	       "  status        invalid\n"
	       "  line          1\n"
	       "  expression    (MIT\n"
	       "  error         1:0 Unfinished license expression\n"
	       "  uapi          no\n", "invalid: what parses is shown, no usable-under");
	free(text);
	show_info_release(&si[0]);
	show_info_release(&si[1]);
}

static void test_untagged(struct source *src, const struct spdx_index *idx)
{
	struct show_info si[2];
	char *text;

	if (show_two(si, src, idx, "Documentation/doc.c", "include/uapi/u.h"))
		return;
	is_int(si[0].suggest, SHOW_NONE, "documentation: not tagged");
	is_int(si[1].suggest, SHOW_TAG, "uapi: tagged");
	text = shown(si, 2, REPORT_TEXT);
	is_str(text,
	       "Documentation/doc.c\n"
	       "  status        untagged\n"
	       "  uapi          no\n"
	       "  suggested     none\n"
	       "  why           not a file the series tags: documentation\n"
	       "\n"
	       "include/uapi/u.h\n"
	       "  status        untagged\n"
	       "  uapi          yes\n"
	       "  suggested     GPL-2.0-only WITH Linux-syscall-note\n"
	       "  why           no license wording and no MODULE_LICENSE() in a uapi"
	       " file: the default license with Linux-syscall-note (patch 2)\n",
	       "untagged: the suggestion and why");
	free(text);
	text = shown(si, 1, REPORT_JSON);
	ok(text && strstr(text, "\"suggested\": {\"kind\": \"none\", \"expression\": null, "
			  "\"why\": \"not a file the series tags: documentation\"}"),
	   "JSON: kind none, no expression");
	free(text);
	show_info_release(&si[0]);
	show_info_release(&si[1]);
}

/* A file gone since the index was made: says why, no failure. */
static void test_unreadable(struct source *src, const struct spdx_index *idx,
			    const char *dir)
{
	struct show_info si;
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/Documentation/doc.c", dir);
	ok(!remove(path), "removed");
	if (show(&si, src, idx, "Documentation/doc.c"))
		return;
	is_int(si.suggest, SHOW_NONE, "gone: no suggestion");
	is_str(si.why, "cannot read it: No such file or directory", "and why");
	show_info_release(&si);
}

int main(void)
{
	struct fixture fx;
	int ret;

	ret = fixture_open(&fx, "show", files, ARRAY_SIZE(files));
	is_int(ret, 0, "fixture made and indexed %.100s", fx.err.msg);
	if (!ret) {
		test_tagged(fx.src, fx.idx);
		test_invalid(fx.src, fx.idx);
		test_untagged(fx.src, fx.idx);
		test_unreadable(fx.src, fx.idx, fx.dir);
	}
	fixture_close(&fx);
	return tap_done();
}
