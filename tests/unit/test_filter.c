// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_filter: --status, --license and --uapi as filter.h reads them:
 * status lists, a license named by its LICENSES/ file or by an
 * identifier in any spelling, a uapi path, all combined.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/error.h"
#include "filter.h"
#include "fixture.h"
#include "index.h"
#include "source/source.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct fixture_file files[] = {
	{ "LICENSES/preferred/GPL-2.0",
	  "Valid-License-Identifier: GPL-2.0\nValid-License-Identifier: GPL-2.0-only\n"
	  "Valid-License-Identifier: GPL-2.0+\nValid-License-Identifier: GPL-2.0-or-later\n"
	  "License-Text:\n  x\n" },
	{ "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\nLicense-Text:\n  x\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
	  "SPDX-Exception-Identifier: Linux-syscall-note\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0-only\nLicense-Text:\n  x\n" },
	{ "a.c", "// SPDX-License-Identifier: GPL-2.0\n" },
	{ "b.c", "// SPDX-License-Identifier: GPL-2.0+\n" },
	{ "c.c", "// SPDX-License-Identifier: GPL-2.0-only OR MIT\n" },
	{ "d.c", "/*\n * SPDX-License-Identifier: mit\n */\n" },
	{ "e.c", "// SPDX-License-Identifier: MIT OR Bogus\n" },
	{ "f.c", "int f;\n" },
	{ "include/uapi/x.h", "/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */\n" },
	{ "include/uapi/y.h", "#define Y 1\n" },
};

/* The paths of the files of @idx that @flt keeps, space-separated. */
static const char *kept(const struct spdx_index *idx, const struct file_filter *flt)
{
	static char buf[512];
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < idx->nfiles; i++)
		if (!strncmp(idx->files[i].path, "LICENSES/", 9))
			continue;
		else if (file_filter_match(flt, &idx->files[i]))
			len += snprintf(buf + len, sizeof(buf) - len, "%s%s",
					len ? " " : "", idx->files[i].path);
	return buf;
}

static void test_status(const struct spdx_index *idx)
{
	struct file_filter flt = { 0 };
	struct spdx_error err;

	is_int(file_filter_status(&flt, "untagged", &err), 0, "untagged");
	is_str(kept(idx, &flt), "f.c include/uapi/y.h", "--status untagged");
	is_int(file_filter_status(&flt, "invalid,misplaced", &err), 0,
	       "a list, added to the first");
	is_str(kept(idx, &flt), "d.c e.c f.c include/uapi/y.h",
	       "--status untagged --status invalid,misplaced");
	is_int(flt.statuses, 1u << ST_UNTAGGED | 1u << ST_INVALID | 1u << ST_MISPLACED,
	       "the statuses as bits");
	is_int(file_filter_status(&flt, "tagged,Untagged", &err), -EINVAL,
	       "names are as list prints them");
	is_str(err.msg, "--status: unknown status 'Untagged' (tagged, misplaced, "
	       "untagged, invalid, excluded, error)", "which one, and the names");
	is_int(file_filter_status(&flt, "tagged,", &err), -EINVAL, "an empty name");
	is_int(file_filter_status(&flt, "", &err), -EINVAL, "nothing");
	flt = (struct file_filter){ .uapi = 1 };
	is_str(kept(idx, &flt), "include/uapi/x.h include/uapi/y.h", "--uapi");
	is_int(file_filter_status(&flt, "untagged", &err), 0, "--uapi --status");
	is_str(kept(idx, &flt), "include/uapi/y.h", "--uapi --status untagged");
}

static void license_is(const struct spdx_index *idx, const char *name,
		       unsigned statuses, const char *want)
{
	struct file_filter flt = { .license = name, .statuses = statuses };
	struct spdx_error err;
	int ret = file_filter_prepare(&flt, idx, &err);

	is_int(ret, 0, "--license %s: prepared", name);
	if (!ret)
		is_str(kept(idx, &flt), want, "--license %s%s", name,
		       statuses ? " --status ..." : "");
	file_filter_release(&flt);
}

static void test_license(const struct spdx_index *idx)
{
	struct file_filter flt = { .license = "GPL-2.0-or-later" };
	struct spdx_error err;

	/* A LICENSES/ file: every identifier it declares. */
	license_is(idx, "GPL-2.0", 0, "a.c b.c c.c include/uapi/x.h");
	license_is(idx, "gpl-2.0", 0, "a.c b.c c.c include/uapi/x.h");
	license_is(idx, "MIT", 0, "c.c d.c");
	license_is(idx, "Linux-syscall-note", 0, "include/uapi/x.h");
	/* An identifier: today's spelling compared. */
	license_is(idx, "GPL-2.0-only", 0, "a.c c.c include/uapi/x.h");
	license_is(idx, "GPL-2.0+", 0, "b.c");
	license_is(idx, "gpl-2.0-or-later", 0, "b.c");
	/* Only valid tags name a license: e.c is invalid, d.c misplaced. */
	license_is(idx, "MIT", 1u << ST_MISPLACED | 1u << ST_INVALID, "d.c");
	is_int(file_filter_prepare(&flt, idx, &err), 0, "prepared twice");
	is_int(file_filter_prepare(&flt, idx, &err), 0, "  without a leak");
	file_filter_release(&flt);
	flt.license = "Bogus";
	is_int(file_filter_prepare(&flt, idx, &err), -EINVAL, "an undeclared id");
	is_str(err.msg, "--license Bogus: neither a file in LICENSES/ nor an "
	       "identifier one declares", "says so");
	flt.license = "GPL-3.0";
	is_int(file_filter_prepare(&flt, idx, &err), -EINVAL, "GPL-3.0 is not declared");
	file_filter_release(&flt);
}

static void test_apply(const struct spdx_index *idx)
{
	const struct spdx_file *f[16];
	struct file_filter flt = { .uapi = 1 };
	size_t n = 0;

	for (size_t i = 0; i < idx->nfiles && n < ARRAY_SIZE(f); i++)
		f[n++] = &idx->files[i];
	n = file_filter_apply(&flt, f, n);
	is_int(n, 2, "apply keeps two");
	ok(n == 2 && !strcmp(f[0]->path, "include/uapi/x.h") &&
	   !strcmp(f[1]->path, "include/uapi/y.h"), "  in order, at the front");
}

static void test_no_licenses(void)
{
	struct spdx_index idx = { 0 };
	struct file_filter flt = { .license = "MIT" };
	struct spdx_error err;

	is_int(file_filter_prepare(&flt, &idx, &err), -EINVAL, "no LICENSES/");
	is_str(err.msg, "--license MIT: the tree has no LICENSES/ directory", "says so");
}

int main(void)
{
	struct fixture fx;
	int ret;

	ret = fixture_open(&fx, "filter", files, ARRAY_SIZE(files));
	is_int(ret, 0, "fixture made and indexed %.100s", fx.err.msg);
	if (!ret) {
		test_status(fx.idx);
		test_license(fx.idx);
		test_apply(fx.idx);
		test_no_licenses();
	}
	fixture_close(&fx);
	return tap_done();
}
