/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xml: one way to write XML, to a FILE * the caller hands in, as json.h
 * is for JSON.
 *
 * The writer keeps the nesting, the indentation and the escaping, so
 * callers only say what comes next: an element opened (xml_begin()),
 * its attributes (xml_attr(), before anything else of it), then either
 * child elements or text (xml_text()), never both, then its end
 * (xml_end(): "<a/>" when it got neither).  The document starts with
 * the XML declaration (version 1.0, UTF-8); each element begins a line,
 * indented two spaces per level, and an element with text keeps it and
 * its end tag on that line.
 *
 * Escaping: '&', '<' and '>' always, '"' in attributes, where TAB, LF
 * and CR are written as character references so that no parser
 * normalises them away (CR in text too).  What XML 1.0 cannot hold at
 * all -- the control characters other than TAB, LF and CR, U+FFFE,
 * U+FFFF, and bytes that are not part of a valid UTF-8 sequence -- is
 * written as U+FFFD, one per character (one per byte that is not UTF-8);
 * xml_holds() says whether a string
 * needs none of that, for callers that must refuse rather than replace
 * (a file name).
 *
 * The writer checks its own use: an attribute after content, text and
 * elements mixed in one element, an end without a begin, more than
 * XML_MAX_DEPTH levels.  Such a misuse is a bug in the caller: it is
 * recorded in w->misuse and the output goes on as best it can.  Write
 * errors are the FILE's: check ferror() at the end.
 */
#ifndef SPDXFS_XML_H
#define SPDXFS_XML_H

#include <stdio.h>

#define XML_MAX_DEPTH 32

struct xml_writer {
	FILE *out;
	int depth;
	int misuse;		/* how often the caller broke the rules */
	int tag_open;		/* the last start tag still takes attributes */
	int has_text;		/* the innermost element got text */
	int has_child;		/* ... or an element */
	const char *names[XML_MAX_DEPTH];	/* the open elements' names */
};

/* Start a document on @out: the XML declaration. */
void xml_init(struct xml_writer *w, FILE *out);

/* Open element @name (a literal the writer keeps a pointer to). */
void xml_begin(struct xml_writer *w, const char *name);
void xml_attr(struct xml_writer *w, const char *name, const char *value);
void xml_text(struct xml_writer *w, const char *s);
void xml_end(struct xml_writer *w);

/* Finish the document: a newline after the root.  Returns 0, or -EINVAL
 * when elements are still open or the writer was misused. */
int xml_finish(struct xml_writer *w);

/* Does @s hold only what XML 1.0 can (nothing xml_text() replaces)? */
int xml_holds(const char *s);

/* An element with text only: <@name>@text</@name>. */
static inline void xml_text_element(struct xml_writer *w, const char *name,
				    const char *text)
{
	xml_begin(w, name);
	xml_text(w, text);
	xml_end(w);
}

#endif
