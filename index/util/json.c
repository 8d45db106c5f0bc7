// SPDX-License-Identifier: GPL-2.0-only
/*
 * json: the writer behind every JSON output (see json.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "util/json.h"
#include "util/utf8.h"

void json_init(struct json_writer *w, FILE *out, enum json_mode mode)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	w->mode = mode;
}

static uint64_t level_bit(const struct json_writer *w)
{
	return 1ull << (w->depth - 1);
}

static int in_object(const struct json_writer *w)
{
	return w->depth > 0 && (w->object & level_bit(w));
}

static int in_block(const struct json_writer *w)
{
	if (w->mode == JSON_COMPACT)
		return 0;
	return w->mode == JSON_PRETTY || (w->block & level_bit(w));
}

static void indent(struct json_writer *w, int depth)
{
	fputc('\n', w->out);
	for (int i = 0; i < depth; i++)
		fputs("  ", w->out);
}

/* What goes before a member of the current container: a comma unless it
 * is the first, then a new line in a block or a space inline. */
static void separate(struct json_writer *w)
{
	int first;

	if (!w->depth)
		return;
	first = !!(w->empty & level_bit(w));
	w->empty &= ~level_bit(w);
	if (!first)
		fputc(',', w->out);
	if (in_block(w))
		indent(w, w->depth);
	else if (!first && w->mode != JSON_COMPACT)
		fputc(' ', w->out);
}

/* Before any value: after a key in an object, else a new member. */
static void before_value(struct json_writer *w)
{
	if (w->want_value) {
		w->want_value = 0;
		return;
	}
	if (in_object(w))
		w->misuse++;
	separate(w);
}

void json_key(struct json_writer *w, const char *key)
{
	if (!in_object(w) || w->want_value)
		w->misuse++;
	separate(w);
	json_quote(w->out, key, strlen(key));
	fputs(w->mode == JSON_COMPACT ? ":" : ": ", w->out);
	w->want_value = 1;
}

static void open_container(struct json_writer *w, int object,
			   enum json_layout layout)
{
	before_value(w);
	fputc(object ? '{' : '[', w->out);
	if (w->depth == JSON_MAX_DEPTH) {
		w->misuse++;
		return;
	}
	w->depth++;
	if (object)
		w->object |= level_bit(w);
	else
		w->object &= ~level_bit(w);
	if (layout == JSON_BLOCK)
		w->block |= level_bit(w);
	else
		w->block &= ~level_bit(w);
	w->empty |= level_bit(w);
}

static void close_container(struct json_writer *w, int object)
{
	if (!w->depth || in_object(w) != object || w->want_value) {
		w->misuse++;
		w->want_value = 0;
		if (!w->depth)
			return;
	}
	if (in_block(w))
		indent(w, w->depth - 1);
	w->depth--;
	fputc(object ? '}' : ']', w->out);
}

void json_object_begin(struct json_writer *w, enum json_layout layout)
{
	open_container(w, 1, layout);
}

void json_object_end(struct json_writer *w)
{
	close_container(w, 1);
}

void json_array_begin(struct json_writer *w, enum json_layout layout)
{
	open_container(w, 0, layout);
}

void json_array_end(struct json_writer *w)
{
	close_container(w, 0);
}

void json_quote(FILE *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t run = 0;		/* bytes written through unchanged */

	fputc('"', out);
	for (size_t i = 0; i < len; ) {
		unsigned char c = s[i];
		size_t n = c >= 0x20 && c != '"' && c != '\\' ? utf8_seq(s + i, len - i, NULL) : 0;

		if (n) {
			i += n;
			run += n;
			continue;
		}
		fwrite(s + i - run, 1, run, out);
		run = 0;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fprintf(out, "\\udc%02x", c);
		i++;
	}
	fwrite(s + len - run, 1, run, out);
	fputc('"', out);
}

void json_string_len(struct json_writer *w, const char *s, size_t len)
{
	before_value(w);
	json_quote(w->out, s, len);
}

void json_string(struct json_writer *w, const char *s)
{
	json_string_len(w, s, strlen(s));
}

void json_string_or_null(struct json_writer *w, const char *s)
{
	if (s)
		json_string(w, s);
	else
		json_null(w);
}

void json_uint(struct json_writer *w, uint64_t v)
{
	before_value(w);
	fprintf(w->out, "%" PRIu64, v);
}

void json_int(struct json_writer *w, int64_t v)
{
	before_value(w);
	fprintf(w->out, "%" PRId64, v);
}

void json_bool(struct json_writer *w, int v)
{
	before_value(w);
	fputs(v ? "true" : "false", w->out);
}

void json_null(struct json_writer *w)
{
	before_value(w);
	fputs("null", w->out);
}

int json_end(struct json_writer *w)
{
	if (w->depth || w->want_value)
		w->misuse++;
	fputc('\n', w->out);
	return w->misuse ? -EINVAL : 0;
}
