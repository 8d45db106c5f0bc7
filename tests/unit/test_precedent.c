// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_precedent: canonical expressions, the spelling the series writes,
 * and what a fixture tree's tagged files teach the series: a rule where
 * they agree, review where they disagree, where the rules read the text
 * otherwise, where the tree's tag drops a license the text names, and
 * for public domain wording.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series/boilerplate.h"
#include "util/error.h"
#include "index.h"
#include "series/precedent.h"
#include "source/source.h"
#include "series/tag.h"
#include "series/tag_mail.h"
#include "fixture.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void test_canon(void)
{
	static const struct {
		const char *in, *want;
	} t[] = {
		{ "GPL-2.0", "GPL-2.0-only" },
		{ "GPL-2.0+", "GPL-2.0-or-later" },
		{ "(GPL-2.0 OR MIT)", "GPL-2.0-only OR MIT" },
		{ "MIT OR GPL-2.0-only", "GPL-2.0-only OR MIT" },
		{ "GPL-2.0 or MIT", "GPL-2.0-only OR MIT" },
		{ "GPL-2.0 WITH Linux-syscall-note", "GPL-2.0-only" },
		{ "((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)",
		  "GPL-2.0-only OR BSD-3-Clause" },
		{ "GPL-2.0+ WITH GCC-exception-2.0", "GPL-2.0-or-later WITH GCC-exception-2.0" },
		{ "MIT OR (GPL-2.0+ WITH GCC-exception-2.0)",
		  "(GPL-2.0-or-later WITH GCC-exception-2.0) OR MIT" },
		{ "(MIT OR BSD-2-Clause) OR GPL-2.0", "(GPL-2.0-only OR BSD-2-Clause) OR MIT" },
		{ "GPL-2.0 OR GPL-2.0-only", "GPL-2.0-only" },
		{ "MIT AND (BSD-3-Clause OR GPL-2.0)", "(GPL-2.0-only OR BSD-3-Clause) AND MIT" },
		{ "LGPL-2.1 OR BSD-2-Clause", "LGPL-2.1-only OR BSD-2-Clause" },
	};
	char buf[PREC_EXPR_MAX];

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		is_int(precedent_canon_text(t[i].in, buf, sizeof(buf)), 0, "canon '%s'", t[i].in);
		is_str(buf, t[i].want, "canon '%s'", t[i].in);
	}
	is_int(precedent_canon_text("GPL-2.0 OR", buf, sizeof(buf)), -EINVAL,
	       "canon of no expression: -EINVAL");
	is_int(precedent_canon_text("GPL-2.0 OR MIT", buf, 8), -ERANGE,
	       "canon into too small a buffer: -ERANGE");
}

static void test_write(void)
{
	static const struct {
		const char *canon;
		int uapi;
		const char *want;
	} t[] = {
		{ "GPL-2.0-only OR BSD-3-Clause", 0, "GPL-2.0-only OR BSD-3-Clause" },
		{ "GPL-2.0-only OR BSD-3-Clause", 1,
		  "(GPL-2.0-only WITH Linux-syscall-note) OR BSD-3-Clause" },
		{ "GPL-2.0-or-later", 1, "GPL-2.0-or-later WITH Linux-syscall-note" },
		{ "MIT", 1, "MIT" },
		{ "GPL-2.0-or-later WITH GCC-exception-2.0", 1,
		  "GPL-2.0-or-later WITH GCC-exception-2.0" },
	};
	char buf[PREC_EXPR_MAX];

	for (size_t i = 0; i < ARRAY_SIZE(t); i++) {
		is_int(precedent_write(t[i].canon, t[i].uapi, NULL, buf, sizeof(buf)), 0,
		       "write '%s' uapi %d", t[i].canon, t[i].uapi);
		is_str(buf, t[i].want, "write '%s' uapi %d", t[i].canon, t[i].uapi);
	}
}

#define SOF	" * This file is provided under a dual BSD/GPLv2 license.  When using or\n" \
		" * redistributing this file, you may do so under either license.\n"
#define MITX	" * Permission is hereby granted, free of charge, to any person obtaining a\n" \
		" * copy of this software and associated documentation files (the \"Software\"),\n"
#define OHCI	" * This file is licenced under the GPL.\n"
#define DROP	" * This file is available under a dual BSD/GPL license, at your choice.\n"
#define GPL2	" * This program is free software; you can redistribute it and/or modify\n" \
		" * it under the terms of the GNU General Public License version 2 as\n" \
		" * published by the Free Software Foundation.\n"
#define PD	" * This file has been put into the public domain.\n"
#define RARE	" * Released under the GPL, see the README.\n"

/* Groups of tagged files sharing a wording, and the untagged ones. */
static const struct {
	const char *dir, *wording;
	const char *tags[20];
} groups[] = {
	{ "sof", SOF, { "(GPL-2.0-only OR BSD-3-Clause)", "GPL-2.0 OR BSD-3-Clause",
		"BSD-3-Clause OR GPL-2.0-only", "(GPL-2.0-only OR BSD-3-Clause)",
		"(GPL-2.0-only OR BSD-3-Clause)", "(GPL-2.0-only OR BSD-3-Clause)",
		"(GPL-2.0-only OR BSD-3-Clause)", "(GPL-2.0-only OR BSD-3-Clause)",
		"(GPL-2.0-only OR BSD-3-Clause)", "(GPL-2.0-only OR BSD-3-Clause)",
		"(GPL-2.0-only OR BSD-3-Clause)", "(GPL-2.0-only OR BSD-3-Clause)" } },
	{ "mit", MITX, { "MIT", "MIT", "MIT", "MIT", "MIT", "MIT", "GPL-2.0 OR MIT",
		"GPL-2.0 OR MIT", "GPL-2.0 OR MIT", "GPL-2.0 OR MIT", "GPL-2.0 OR MIT",
		"GPL-2.0 OR MIT" } },
	{ "ohci", OHCI, { "GPL-1.0+", "GPL-1.0+", "GPL-1.0+", "GPL-1.0+", "GPL-1.0+",
		"GPL-1.0+", "GPL-1.0+", "GPL-1.0+", "GPL-1.0+", "GPL-1.0+", "GPL-1.0+" } },
	{ "drop", DROP, { "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0",
		"GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0" } },
	{ "other", GPL2, { "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+",
		"GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+" } },
	{ "pd", PD, { "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0",
		"GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0" } },
	{ "rare", RARE, { "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0",
		"GPL-2.0", "GPL-2.0", "GPL-2.0", "GPL-2.0" } },
	/* a directory of MIT files without license text, as AMD's display */
	{ "amd", "", { "MIT", "MIT", "MIT", "MIT", "MIT", "MIT", "MIT", "MIT",
		"MIT", "MIT" } },
	/* 19 of 20 agree: enough for a wording's precedent, not unanimous */
	{ "most", "", { "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+",
		"GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+",
		"GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+", "GPL-2.0+",
		"GPL-2.0+", "GPL-2.0+", "GPL-2.0" } },
};

static const struct {
	const char *path;
	enum tag_kind kind;
	const char *expr, *why;
} untagged[] = {
	/* the tree splits over the MIT text, the directory agrees with it */
	{ "amd/mit.c", TAG_K_BOILERPLATE, "MIT", NULL },
	/* no license text: the directory's unanimous license */
	{ "amd/new.c", TAG_K_DIRECTORY, "MIT", NULL },
	{ "drop/new.c", TAG_K_REVIEW, "GPL, BSD", TAG_WHY_DROPS },
	{ "include/uapi/sof.h", TAG_K_PRECEDENT,
	  "(GPL-2.0-only WITH Linux-syscall-note) OR BSD-3-Clause", NULL },
	{ "mit/new.c", TAG_K_REVIEW, "MIT", TAG_WHY_CONTESTED },
	/* no license text in a split directory, most not the default */
	{ "mit/none.c", TAG_K_REVIEW, "", TAG_WHY_DIR_SPLIT },
	/* no license text, the directory 19 of 20 for one license: review */
	{ "most/new.c", TAG_K_REVIEW, "", TAG_WHY_DIR_SPLIT },
	{ "ohci/new.c", TAG_K_PRECEDENT, "GPL-1.0+", NULL },
	{ "other/new.c", TAG_K_REVIEW, "GPL-2.0-only", TAG_WHY_OTHERWISE },
	{ "pd/new.c", TAG_K_REVIEW, "public domain", BP_WHY_PUBLIC_DOMAIN },
	{ "rare/new.c", TAG_K_REVIEW, "GPL", "GPL without a version" },
	{ "sof/new.c", TAG_K_PRECEDENT, "GPL-2.0-only OR BSD-3-Clause", NULL },
};

static const struct fixture_file licenses[] = {
	{ "LICENSES/preferred/GPL-2.0", "Valid-License-Identifier: GPL-2.0\n"
	  "Valid-License-Identifier: GPL-2.0-only\nValid-License-Identifier: GPL-2.0+\n"
	  "Valid-License-Identifier: GPL-2.0-or-later\nLicense-Text:\n\nGPL\n" },
	{ "LICENSES/preferred/BSD-3-Clause",
	  "Valid-License-Identifier: BSD-3-Clause\nLicense-Text:\n\nBSD\n" },
	{ "LICENSES/preferred/MIT", "Valid-License-Identifier: MIT\nLicense-Text:\n\nMIT\n" },
	/* as in 6.1: only the old spellings of GPL-1.0 */
	{ "LICENSES/deprecated/GPL-1.0", "Valid-License-Identifier: GPL-1.0\n"
	  "Valid-License-Identifier: GPL-1.0+\nLicense-Text:\n\nGPL 1\n" },
	{ "LICENSES/exceptions/Linux-syscall-note",
	  "SPDX-Exception-Identifier: Linux-syscall-note\n"
	  "SPDX-Licenses: GPL-2.0, GPL-2.0-only, GPL-2.0+, GPL-2.0-or-later\n"
	  "License-Text:\n\nnote\n" },
};

static int make_tree(char *dir)
{
	char path[64], text[1024];
	int ret = fixture_make(dir, licenses, ARRAY_SIZE(licenses));

	for (size_t g = 0; g < ARRAY_SIZE(groups) && !ret; g++) {
		for (int i = 0; i < 20 && groups[g].tags[i] && !ret; i++) {
			snprintf(path, sizeof(path), "%s/f%02d.c", groups[g].dir, i);
			snprintf(text, sizeof(text),
				 "// SPDX-License-Identifier: %s\n/*\n"
				 " * Copyright (C) %d Author %d <a%d@example.org>\n *\n"
				 "%s */\nint f%d;\n", groups[g].tags[i], 2000 + i, i, i,
				 groups[g].wording, i);
			ret = fixture_write(dir, path, text);
		}
		snprintf(path, sizeof(path), "%s/new.c", groups[g].dir);
		snprintf(text, sizeof(text), "/*\n * Copyright (C) 2024 New Author\n *\n"
			 "%s */\nint n;\n", groups[g].wording);
		if (!ret)
			ret = fixture_write(dir, path, text);
	}
	if (!ret)
		ret = fixture_write(dir, "include/uapi/sof.h", "/*\n" SOF " */\n#define S 1\n");
	if (!ret)
		ret = fixture_write(dir, "amd/mit.c", "/*\n" MITX " */\nint m;\n");
	if (!ret)
		ret = fixture_write(dir, "mit/none.c", "int none;\n");
	return ret;
}

static const struct prec_rule *rule_of(const struct precedent *p, const char *wording)
{
	char text[512];

	snprintf(text, sizeof(text), "/*\n%s */\n", wording);
	return precedent_find(p, boilerplate_fingerprint(text, strlen(text), NULL, 0));
}

static void test_learn(void)
{
	char dir[] = "/tmp/spdxfs-precedent.XXXXXX";
	struct spdx_error err = { 0 };
	struct tag_opts o = { .author = "T <t@example.org>" };
	struct spdx_index *idx = NULL;
	struct tag_plan *plan = NULL;
	struct precedent *p = NULL;
	const struct prec_rule *r;
	struct source *src = NULL;
	char *cover = NULL;
	size_t len;
	FILE *f;
	int ret;

	ret = make_tree(dir);
	is_int(ret, 0, "fixture tree made");
	if (!ret)
		ret = fixture_index(dir, SOURCE_ALL_FILES, &src, &idx, &err);
	is_int(ret, 0, "index built");
	if (ret) {
		printf("# %s\n", err.msg);
		goto out;
	}
	is_int(idx->count[ST_TAGGED], 104, "104 tagged files");
	is_int(precedent_learn(&p, src, idx), 0, "learned");
	is_int(p->learned, 74, "every tagged file has a wording");
	is_int(p->nrules, 6, "six wordings on 10 files or more; 9 are too few");
	ok(precedent_dir(p, "amd/x.c") && !precedent_dir(p, "amd/x.c")->split &&
	   !strcmp(precedent_dir(p, "amd/x.c")->expr, "MIT") &&
	   precedent_dir(p, "amd/x.c")->n == 10, "amd/: 10 tagged files, all MIT");
	ok(precedent_dir(p, "mit/x.c") && precedent_dir(p, "mit/x.c")->split &&
	   precedent_dir(p, "mit/x.c")->k == 6, "mit/: split 6 and 6");
	ok(precedent_dir(p, "rare/x.c") && !strcmp(precedent_dir(p, "rare/x.c")->dir, ""),
	   "rare/: 9 files, too few: the root decides");
	is_str(precedent_dir(p, "top.c") ? precedent_dir(p, "top.c")->dir : NULL, "",
	       "a file at the root: the root");

	r = rule_of(p, SOF);
	ok(r && !r->contested && r->n == 12 && r->k == 12, "dual BSD/GPLv2: 12 of 12 agree");
	is_str(r ? r->expr : NULL, "GPL-2.0-only OR BSD-3-Clause", "dual BSD/GPLv2: expression");
	is_str(r ? r->example : NULL, "sof/f00.c", "dual BSD/GPLv2: example");
	is_str(r ? r->words : NULL, "this file is provided under a dual bsd gplv2 license when using",
	       "dual BSD/GPLv2: its words");
	r = rule_of(p, MITX);
	ok(r && r->contested && r->n == 12 && r->k == 6 && r->k2 == 6, "MIT text: 6 and 6, contested");
	is_str(r ? r->expr : NULL, "GPL-2.0-only OR MIT", "MIT text: first expression");
	is_str(r ? r->second : NULL, "MIT", "MIT text: second expression");
	r = rule_of(p, OHCI);
	ok(r && !r->contested && r->n == 11, "licenced under the GPL: 11 of 11");
	is_str(r ? r->expr : NULL, "GPL-1.0-or-later", "licenced under the GPL: expression");
	ok(!rule_of(p, RARE), "9 files: no rule");
	precedent_free(p);

	is_int(tag_plan_build(&plan, src, idx, &o, NULL), 0, "plan built");
	if (!plan)
		goto out;
	is_int(plan->nitems, ARRAY_SIZE(untagged), "every untagged file decided");
	for (size_t i = 0; i < plan->nitems && i < ARRAY_SIZE(untagged); i++) {
		const struct tag_item *it = &plan->items[i];

		is_str(it->path, untagged[i].path, "item %zu", i);
		is_int(it->kind, untagged[i].kind, "%s: kind", it->path);
		is_str(it->expr, untagged[i].expr, "%s: expression", it->path);
		is_str(it->why, untagged[i].why, "%s: why", it->path);
	}
	is_int(plan->nkind[TAG_K_PRECEDENT], 3, "precedent tags 3");
	is_int(plan->nkind[TAG_K_DIRECTORY], 1, "the directory's license tags 1");
	is_int(plan->patchno[TAG_K_PRECEDENT], 3, "the precedent patch is the third");
	f = open_memstream(&cover, &len);
	is_int(tag_write_cover(f, plan, &o), 0, "cover letter written");
	fclose(f);
	ok(strstr(cover, "   GPL-2.0-only OR BSD-3-Clause\n"
		  "       wording \"this file is provided under a dual bsd gplv2 license when using...\"\n"
		  "       12 of the 12 tagged files with it, e.g.\n"
		  "       sof/f00.c; 2 files here\n") != NULL,
	   "cover letter: the rule, its backing, an example");
	ok(strstr(cover, "  mit/new.c: MIT (" TAG_WHY_CONTESTED
		  ": GPL-2.0-only OR MIT in 6, MIT in 6 of 12 files)\n") != NULL,
	   "cover letter: a contested wording in the review list");
	ok(strstr(cover, "  other/new.c: GPL-2.0-only (" TAG_WHY_OTHERWISE
		  ": GPL-2.0-or-later in 10 of 10 files, e.g. other/f00.c)\n") != NULL,
	   "cover letter: precedent against the rules in the review list");
	free(cover);
	tag_plan_free(plan);

	o.no_precedent = 1;
	is_int(tag_plan_build(&plan, src, idx, &o, NULL), 0, "plan built without precedent");
	if (plan) {
		ok(!plan->prec && !plan->nkind[TAG_K_PRECEDENT], "--no-precedent: none learned");
		is_int(plan->nkind[TAG_K_BOILERPLATE], 3,
		       "--no-precedent: the rules tag amd/mit.c, mit/new.c, other/new.c");
		tag_plan_free(plan);
	}
out:
	index_free(idx);
	source_free(src);
	fixture_remove(dir);
}

int main(void)
{
	test_canon();
	test_write();
	test_learn();
	return tap_done();
}
