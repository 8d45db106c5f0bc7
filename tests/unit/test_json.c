// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_json: the JSON writer's layouts, separators, escapes and misuse
 * checks, against exact bytes.
 */
#include <errno.h>
#include <stdlib.h>

#include "util/json.h"
#include "tap.h"

struct capture {
	char *buf;
	size_t len;
	FILE *f;
	struct json_writer w;
};

static struct json_writer *start(struct capture *c, enum json_mode mode)
{
	c->buf = NULL;
	c->f = open_memstream(&c->buf, &c->len);
	json_init(&c->w, c->f, mode);
	return &c->w;
}

/* Close the stream and compare with @want; returns json_end()'s value. */
static int finish(struct capture *c, const char *want, const char *name)
{
	int r = json_end(&c->w);

	fclose(c->f);
	is_str(c->buf, want, "%s", name);
	free(c->buf);
	return r;
}

static void summary_shape(enum json_mode mode, const char *want, const char *name)
{
	struct capture c;
	struct json_writer *w = start(&c, mode);

	json_object_begin(w, JSON_BLOCK);
	json_kv_uint(w, "files", 3);
	json_key(w, "status");
	json_object_begin(w, JSON_INLINE);
	json_kv_uint(w, "tagged", 2);
	json_kv_uint(w, "untagged", 1);
	json_object_end(w);
	json_key(w, "list");
	json_array_begin(w, JSON_BLOCK);
	json_object_begin(w, JSON_INLINE);
	json_kv_string(w, "name", "GPL-2.0");
	json_kv_bool(w, "valid", 1);
	json_object_end(w);
	json_object_begin(w, JSON_INLINE);
	json_key(w, "name");
	json_null(w);
	json_kv_bool(w, "valid", 0);
	json_object_end(w);
	json_array_end(w);
	json_key(w, "empty");
	json_array_begin(w, JSON_BLOCK);
	json_array_end(w);
	json_key(w, "none");
	json_array_begin(w, JSON_INLINE);
	json_array_end(w);
	json_key(w, "neg");
	json_int(w, -7);
	json_object_end(w);
	is_int(finish(&c, want, name), 0, "%s: no misuse", name);
}

static void quoted(const char *in, size_t len, const char *want, const char *name)
{
	char *buf = NULL;
	size_t n;
	FILE *f = open_memstream(&buf, &n);

	json_quote(f, in, len);
	fclose(f);
	is_str(buf, want, "%s", name);
	free(buf);
}

static void misuse(void)
{
	struct capture c;
	struct json_writer *w;

	w = start(&c, JSON_AS_ASKED);
	json_object_begin(w, JSON_INLINE);
	json_uint(w, 1);		/* a value with no key */
	json_object_end(w);
	is_int(finish(&c, "{1}\n", "value without key written"), -EINVAL,
	       "value without a key is misuse");

	w = start(&c, JSON_AS_ASKED);
	json_array_begin(w, JSON_INLINE);
	json_key(w, "k");		/* a key in an array */
	json_uint(w, 1);
	json_array_end(w);
	is_int(finish(&c, "[\"k\": 1]\n", "key in array written"), -EINVAL,
	       "key in an array is misuse");

	w = start(&c, JSON_AS_ASKED);
	json_array_begin(w, JSON_INLINE);
	json_object_end(w);		/* mismatched close */
	is_int(finish(&c, "[}\n", "mismatched close written"), -EINVAL,
	       "mismatched close is misuse");

	w = start(&c, JSON_AS_ASKED);
	json_object_begin(w, JSON_INLINE);
	is_int(finish(&c, "{\n", "unclosed written"), -EINVAL,
	       "unclosed container is misuse");

	w = start(&c, JSON_AS_ASKED);
	for (int i = 0; i < JSON_MAX_DEPTH + 1; i++)
		json_array_begin(w, JSON_INLINE);
	is_int(w->depth, JSON_MAX_DEPTH, "depth stops at JSON_MAX_DEPTH");
	for (int i = 0; i < JSON_MAX_DEPTH; i++)
		json_array_end(w);
	is_int(w->misuse, 1, "one level too deep is one misuse");
	fclose(c.f);
	free(c.buf);
}

int main(void)
{
	summary_shape(JSON_AS_ASKED,
		      "{\n"
		      "  \"files\": 3,\n"
		      "  \"status\": {\"tagged\": 2, \"untagged\": 1},\n"
		      "  \"list\": [\n"
		      "    {\"name\": \"GPL-2.0\", \"valid\": true},\n"
		      "    {\"name\": null, \"valid\": false}\n"
		      "  ],\n"
		      "  \"empty\": [\n"
		      "  ],\n"
		      "  \"none\": [],\n"
		      "  \"neg\": -7\n"
		      "}\n", "layouts as asked");
	summary_shape(JSON_COMPACT,
		      "{\"files\":3,\"status\":{\"tagged\":2,\"untagged\":1},"
		      "\"list\":[{\"name\":\"GPL-2.0\",\"valid\":true},"
		      "{\"name\":null,\"valid\":false}],\"empty\":[],\"none\":[],"
		      "\"neg\":-7}\n", "compact");
	summary_shape(JSON_PRETTY,
		      "{\n"
		      "  \"files\": 3,\n"
		      "  \"status\": {\n"
		      "    \"tagged\": 2,\n"
		      "    \"untagged\": 1\n"
		      "  },\n"
		      "  \"list\": [\n"
		      "    {\n"
		      "      \"name\": \"GPL-2.0\",\n"
		      "      \"valid\": true\n"
		      "    },\n"
		      "    {\n"
		      "      \"name\": null,\n"
		      "      \"valid\": false\n"
		      "    }\n"
		      "  ],\n"
		      "  \"empty\": [\n"
		      "  ],\n"
		      "  \"none\": [\n"
		      "  ],\n"
		      "  \"neg\": -7\n"
		      "}\n", "pretty");

	quoted("plain", 5, "\"plain\"", "plain ASCII unchanged");
	quoted("a\"b\\c", 5, "\"a\\\"b\\\\c\"", "quote and backslash escaped");
	quoted("a\nb\tc\x01", 6, "\"a\\u000ab\\u0009c\\u0001\"", "controls as \\u00XX");
	quoted("a\0b", 3, "\"a\\u0000b\"", "NUL kept and escaped");
	quoted("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14,
	       "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"",
	       "valid UTF-8 of 2, 3 and 4 bytes unchanged");
	quoted("x\xffy", 3, "\"x\\udcffy\"", "invalid byte surrogate-escaped");
	quoted("\xc3", 1, "\"\\udcc3\"", "sequence cut short at the end");
	quoted("\xc3(", 2, "\"\\udcc3(\"", "lead byte without continuation");
	quoted("\xc0\xaf", 2, "\"\\udcc0\\udcaf\"", "overlong form rejected");
	quoted("\xe0\x80\xaf", 3, "\"\\udce0\\udc80\\udcaf\"", "overlong 3-byte rejected");
	quoted("\xed\xa0\x80", 3, "\"\\udced\\udca0\\udc80\"", "encoded surrogate rejected");
	quoted("\xf4\x90\x80\x80", 4, "\"\\udcf4\\udc90\\udc80\\udc80\"",
	       "past U+10FFFF rejected");
	quoted("\x7f", 1, "\"\x7f\"", "DEL needs no escape");

	misuse();
	return tap_done();
}
