// SPDX-License-Identifier: GPL-2.0-only
/*
 * xml: the XML writer (xml.h): nesting, indentation and escaping in one
 * place.
 */
#include <errno.h>
#include <string.h>

#include "util/utf8.h"
#include "util/xml.h"

void xml_init(struct xml_writer *w, FILE *out)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", out);
}

/* Close a start tag still open for attributes. */
static void close_tag(struct xml_writer *w)
{
	if (w->tag_open)
		fputc('>', w->out);
	w->tag_open = 0;
}

static void newline(struct xml_writer *w)
{
	fputc('\n', w->out);
	for (int i = 0; i < w->depth; i++)
		fputs("  ", w->out);
}

/* The length of the sequence at @s that XML 1.0 holds as it is, or 0. */
static size_t xml_seq(const unsigned char *s, size_t len)
{
	uint32_t cp;
	size_t n = utf8_seq(s, len, &cp);

	if (!n || (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') ||
	    cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

int xml_holds(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len = strlen(str);

	for (size_t i = 0, n; i < len; i += n)
		if (!(n = xml_seq(s + i, len - i)))
			return 0;
	return 1;
}

/* @str escaped; @attr: as an attribute value (in double quotes). */
static void escape(FILE *out, const char *str, int attr)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len = strlen(str), run = 0;

	for (size_t i = 0; i < len; ) {
		unsigned char c = s[i];
		size_t n = xml_seq(s + i, len - i);

		if (n && c != '&' && c != '<' && c != '>' && c != '\r' &&
		    !(attr && (c == '"' || c == '\t' || c == '\n'))) {
			i += n;
			run += n;
			continue;
		}
		fwrite(s + i - run, 1, run, out);
		run = 0;
		if (!n)
			fputs("\xef\xbf\xbd", out);	/* U+FFFD */
		else if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c == '"')
			fputs("&quot;", out);
		else
			fprintf(out, "&#%u;", c);
		if (!n)		/* a character XML cannot hold, or a byte */
			n = utf8_seq(s + i, len - i, NULL);
		i += n ? n : 1;
	}
	fwrite(s + len - run, 1, run, out);
}

void xml_begin(struct xml_writer *w, const char *name)
{
	if (w->depth >= XML_MAX_DEPTH || w->has_text) {
		w->misuse++;
		if (w->depth >= XML_MAX_DEPTH)
			return;
	}
	close_tag(w);
	newline(w);
	fprintf(w->out, "<%s", name);
	w->names[w->depth++] = name;
	w->tag_open = 1;
	w->has_text = w->has_child = 0;
}

void xml_attr(struct xml_writer *w, const char *name, const char *value)
{
	if (!w->tag_open) {
		w->misuse++;
		return;
	}
	fprintf(w->out, " %s=\"", name);
	escape(w->out, value, 1);
	fputc('"', w->out);
}

void xml_text(struct xml_writer *w, const char *s)
{
	if (!w->depth || w->has_child) {
		w->misuse++;
		return;
	}
	close_tag(w);
	escape(w->out, s, 0);
	w->has_text = 1;
}

void xml_end(struct xml_writer *w)
{
	if (!w->depth) {
		w->misuse++;
		return;
	}
	w->depth--;
	if (w->tag_open) {
		fputs("/>", w->out);
		w->tag_open = 0;
	} else {
		if (!w->has_text)
			newline(w);
		fprintf(w->out, "</%s>", w->names[w->depth]);
	}
	/* The parent now has a child, and no text. */
	w->has_text = 0;
	w->has_child = 1;
}

int xml_finish(struct xml_writer *w)
{
	fputc('\n', w->out);
	return w->depth || w->misuse ? -EINVAL : 0;
}
