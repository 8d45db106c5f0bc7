// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_quote: paths quoted byte for byte as git quotes them; the expected
 * strings are what "git ls-files" (core.quotePath=true) printed for the
 * same names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/quote.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *name;
	size_t len;		/* 0: strlen(name) */
	const char *want;
} cases[] = {
	{ "drivers/net/x.c", 0, "drivers/net/x.c" },
	{ "sp ace/and'tick$", 0, "sp ace/and'tick$" },
	{ "zz\nspoofed.c\ttagged\t1\tGPL-2.0", 0,
	  "\"zz\\nspoofed.c\\ttagged\\t1\\tGPL-2.0\"" },
	{ "a\001b\033c\177d", 0, "\"a\\001b\\033c\\177d\"" },
	{ "back\\slash", 0, "\"back\\\\slash\"" },
	{ "bell\a\b\v\f\r", 0, "\"bell\\a\\b\\v\\f\\r\"" },
	{ "lat\351n", 0, "\"lat\\351n\"" },
	{ "q\"uote", 0, "\"q\\\"uote\"" },
	{ "utf\303\251", 0, "\"utf\\303\\251\"" },
	{ "a\0b", 3, "\"a\\000b\"" },
	{ "", 0, "" },
};

static char *capture(size_t *ret, int dir, const char *s, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	*ret = dir ? quote_dir(f, s, len) : quote_path(f, s, len);
	fclose(f);
	is_int(*ret, n, "the count returned is what was written (%zu)", n);
	return buf;
}

int main(void)
{
	char *got, buf[QUOTE_PATH_ROOM], small[6];
	size_t n;

	is_str(quote_path_str(buf, sizeof(buf), "a b.c"), "a b.c", "a string as it is");
	is_str(quote_path_str(buf, sizeof(buf), "new\nline\377"),
	       "\"new\\nline\\377\"", "a string quoted for a message");
	is_str(quote_path_str(small, sizeof(small), "new\nline"), "\"new\\",
	       "cut to its room, terminated");

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t len = cases[i].len ? cases[i].len : strlen(cases[i].name);

		got = capture(&n, 0, cases[i].name, len);
		is_str(got, cases[i].want, "quote_path case %zu", i);
		is_int(quote_needed(cases[i].name, len),
		       cases[i].want[0] == '"', "quote_needed case %zu", i);
		free(got);
	}
	got = capture(&n, 1, "", 0);
	is_str(got, "./", "quote_dir of the top");
	free(got);
	got = capture(&n, 1, "a/b/c.c", 3);
	is_str(got, "./a/b/", "quote_dir of a file's directory");
	free(got);
	got = capture(&n, 1, "a\nb/c", 5);
	is_str(got, "\"./a\\nb/c/\"", "quote_dir quotes the whole name");
	free(got);
	return tap_done();
}
