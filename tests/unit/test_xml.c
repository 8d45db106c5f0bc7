// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_xml: the XML writer's nesting, indentation, escapes, what XML
 * cannot hold, and misuse checks, against exact bytes.
 */
#include <errno.h>
#include <stdlib.h>

#include "tap.h"
#include "util/xml.h"

struct capture {
	char *buf;
	size_t len;
	FILE *f;
	struct xml_writer w;
};

static struct xml_writer *start(struct capture *c)
{
	c->buf = NULL;
	c->f = open_memstream(&c->buf, &c->len);
	xml_init(&c->w, c->f);
	return &c->w;
}

/* Close the stream and compare with @want; returns xml_finish()'s value. */
static int finish(struct capture *c, const char *want, const char *name)
{
	int r = xml_finish(&c->w);

	fclose(c->f);
	is_str(c->buf, want, "%s", name);
	free(c->buf);
	return r;
}

static void test_shape(void)
{
	struct capture c;
	struct xml_writer *w = start(&c);

	xml_begin(w, "rdf:RDF");
	xml_attr(w, "xmlns:rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
	xml_begin(w, "a");
	xml_attr(w, "x", "1");
	xml_text_element(w, "b", "text");
	xml_begin(w, "c");
	xml_attr(w, "r", "v");
	xml_end(w);
	xml_text_element(w, "d", "");
	xml_end(w);
	xml_end(w);
	is_int(finish(&c, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
		      "  <a x=\"1\">\n"
		      "    <b>text</b>\n"
		      "    <c r=\"v\"/>\n"
		      "    <d></d>\n"
		      "  </a>\n"
		      "</rdf:RDF>\n", "nesting, indentation, empty elements"), 0,
	       "well used: 0");
}

static void test_escapes(void)
{
	struct capture c;
	struct xml_writer *w = start(&c);

	xml_begin(w, "e");
	xml_attr(w, "a", "<&>\"'\t\n\r");
	xml_text(w, "<&>\"'\t\n\r caf\xc3\xa9 \x01\x0c\x7f \xe9 \xef\xbf\xbe \xed\xa0\x80");
	xml_end(w);
	is_int(finish(&c, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		      "<e a=\"&lt;&amp;&gt;&quot;'&#9;&#10;&#13;\">&lt;&amp;&gt;\"'\t\n&#13; "
		      "caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd\x7f \xef\xbf\xbd \xef\xbf\xbd "
		      "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd</e>\n",
		      "markup escaped; what XML 1.0 cannot hold as U+FFFD"), 0,
	       "escapes: 0");
	is_int(xml_holds("caf\xc3\xa9\t\n\r"), 1, "xml_holds: UTF-8, tab, line breaks");
	is_int(xml_holds("a\x0c" "b"), 0, "xml_holds: a form feed is not");
	is_int(xml_holds("\xe9"), 0, "xml_holds: a Latin-1 byte is not");
	is_int(xml_holds("\xef\xbf\xbf"), 0, "xml_holds: U+FFFF is not");
}

static void test_misuse(void)
{
	struct capture c;
	struct xml_writer *w = start(&c);

	xml_begin(w, "a");
	xml_text(w, "t");
	xml_attr(w, "late", "1");	/* after content */
	xml_begin(w, "b");		/* an element after text */
	xml_end(w);
	xml_end(w);
	xml_end(w);			/* nothing open */
	fclose(c.f);
	free(c.buf);
	is_int(c.w.misuse, 3, "an attribute late, mixed content, an end too many");
	is_int(xml_finish(&c.w), -EINVAL, "misused: -EINVAL");

	w = start(&c);
	xml_begin(w, "a");
	is_int(finish(&c, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a\n",
		      "left open"), -EINVAL, "an element left open: -EINVAL");
}

int main(void)
{
	test_shape();
	test_escapes();
	test_misuse();
	return tap_done();
}
