// SPDX-License-Identifier: GPL-2.0-only
/*
 * chart: horizontal bar charts of the summary, as SVG (see chart.h).
 *
 * Both charts are one layout: rows of bars made of up to CHART_SEGS
 * segments, a label at the left of each, its numbers at the right, an
 * x axis below.  There are no font metrics here, so widths are
 * estimated at CHAR_W pixels a character, which is generous for the
 * 12-pixel sans-serif a browser or librsvg picks.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "history/chart.h"
#include "history/history.h"
#include "index.h"
#include "report.h"
#include "util/utf8.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define CHART_SEGS	3

#define FONT		12	/* pixels */
#define CHAR_W		7	/* estimated width of a character */
#define MARGIN		16
#define TITLE_Y		28
#define SUBTITLE_Y	48
#define LEGEND_Y	68
#define PLOT_TOP	92	/* top of the first row */
#define ROW_H		20
#define BAR_H		14
#define PLOT_W		480	/* the longest bar */
#define TICKS		5	/* at most this many steps on the axis */

struct chart_row {
	const char *label;	/* bytes from the tree: escaped on output */
	size_t label_len;
	int slash;		/* write a '/' after the label */
	const char *group;	/* licenses: the LICENSES/ directory */
	size_t seg[CHART_SEGS];
	int colour;		/* licenses: index into the legend */
};

struct legend {
	const char *name;
	const char *colour;
};

struct chart {
	const char *title;
	char subtitle[256];
	struct chart_row *rows;
	size_t nrows;
	size_t nsegs;		/* 1: one colour per row; else per segment */
	struct legend legend[16];
	size_t nlegend;
	const char *unit;	/* the axis title */
	void (*value)(FILE *out, const struct chart_row *r);
	/* A bar segment's tooltip, after "LABEL: N ". */
	void (*tip)(FILE *out, const struct chart *c, const struct chart_row *r,
		    size_t seg);
};

/*
 * The length of the valid UTF-8 sequence at @p (@n bytes left) that XML
 * allows, or 0: utf8_seq()'s, but U+FFFE and U+FFFF.
 */
static size_t utf8_len(const unsigned char *p, size_t n)
{
	uint32_t cp;
	size_t len = utf8_seq(p, n, &cp);

	return len && cp != 0xfffe && cp != 0xffff ? len : 0;
}

/*
 * Write @s[0..@len) as XML character data (to @out when not NULL), at
 * most @max characters of it, then "..." if more was left.  Returns the
 * number of characters written, as a reader sees them.
 */
static size_t put_text(FILE *out, const char *s, size_t len, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t chars = 0, i = 0;

	while (i < len) {
		unsigned char c = p[i];
		size_t k = c < 0x80 ? 1 : utf8_len(p + i, len - i);
		size_t w = (c < 0x20 || c == 0x7f || !k) ? 4 : 1;

		if (chars + w > max) {
			if (out)
				fputs("...", out);
			return chars + 3;
		}
		chars += w;
		if (!out) {
			i += k ? k : 1;
			continue;
		}
		if (w == 4)
			fprintf(out, "\\x%02x", c);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c == '&')
			fputs("&amp;", out);
		else if (c == '"')
			fputs("&quot;", out);
		else if (c == '\'')
			fputs("&#39;", out);
		else
			fwrite(p + i, 1, k, out);
		i += k ? k : 1;
	}
	return chars;
}

/* A row's label, as its text and its width in characters. */
static size_t put_label(FILE *out, const struct chart_row *r)
{
	size_t n;

	if (!r->label_len && r->slash) {
		if (out)
			fputs("./", out);
		return 2;
	}
	n = put_text(out, r->label, r->label_len, CHART_LABEL_MAX - r->slash);
	if (r->slash && out)
		fputc('/', out);
	return n + r->slash;
}

static size_t row_total(const struct chart_row *r)
{
	size_t t = 0;

	for (int k = 0; k < CHART_SEGS; k++)
		t += r->seg[k];
	return t;
}

/* The axis step: the least of 1, 2, 5, 10, 20, 50, ... that covers
 * @max in at most TICKS steps. */
static size_t axis_step(size_t max)
{
	static const unsigned mult[] = { 1, 2, 5 };
	size_t base = 1;

	for (;;) {
		for (int i = 0; i < 3; i++) {
			size_t step = base * mult[i];

			if (max <= step * TICKS)
				return step;
		}
		if (base > SIZE_MAX / 100)
			return base * 10;
		base *= 10;
	}
}

/* How many characters @r's value takes. */
static size_t value_width(const struct chart *c, const struct chart_row *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return 24;
	c->value(f, r);
	if (fclose(f))
		len = 24;
	free(buf);
	return len;
}

static const char *row_colour(const struct chart *c, const struct chart_row *r,
			      int seg)
{
	return c->legend[c->nsegs == 1 ? r->colour : seg].colour;
}

static void write_legend(FILE *out, const struct chart *c, int x)
{
	fputs("<g class=\"legend\">\n", out);
	for (size_t i = 0; i < c->nlegend; i++) {
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" "
			"fill=\"%s\"/>", x, LEGEND_Y - 9, c->legend[i].colour);
		fprintf(out, "<text class=\"legend\" x=\"%d\" y=\"%d\">", x + 14,
			LEGEND_Y);
		x += 14 + CHAR_W * put_text(out, c->legend[i].name,
					    strlen(c->legend[i].name),
					    CHART_LABEL_MAX) + 18;
		fputs("</text>\n", out);
	}
	fputs("</g>\n", out);
}

/* Gridlines, the axis line, its ticks and their numbers, its title. */
static void write_axis(FILE *out, const struct chart *c, int x0, int y_axis,
		       size_t step, size_t top)
{
	fputs("<g class=\"axis\">\n", out);
	for (size_t v = 0; v <= top; v += step) {
		double x = x0 + (double)v * PLOT_W / top;

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"%s\"/>", x, PLOT_TOP - 4, x, y_axis + 4,
			v ? "#dddddd" : "#333333");
		fprintf(out, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" "
			"text-anchor=\"middle\">%zu</text>\n", x, y_axis + 18, v);
	}
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		"stroke=\"#333333\"/>\n", x0, y_axis, x0 + PLOT_W, y_axis);
	fprintf(out, "<text class=\"axis-title\" x=\"%d\" y=\"%d\" "
		"text-anchor=\"middle\">%s</text>\n", x0 + PLOT_W / 2, y_axis + 36,
		c->unit);
	fputs("</g>\n", out);
}

/* One row: label, bar segments (each with a tooltip), value. */
static void write_row(FILE *out, const struct chart *c, const struct chart_row *r,
		      int x0, int y, size_t top)
{
	double x = x0;

	fputs("<g class=\"row\">\n", out);
	fprintf(out, "<text class=\"label\" x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">", x0 - 8, y + BAR_H - 3);
	put_label(out, r);
	fputs("</text>\n", out);
	for (size_t k = 0; k < c->nsegs; k++) {
		double w = (double)r->seg[k] * PLOT_W / top;

		if (!r->seg[k])
			continue;
		if (w < 1)
			w = 1;	/* visible, however small */
		fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"%s\"><title>", x, y, w, BAR_H, row_colour(c, r, k));
		put_label(out, r);
		fprintf(out, ": %zu ", r->seg[k]);
		c->tip(out, c, r, k);
		fputs("</title></rect>\n", out);
		x += w;
	}
	fprintf(out, "<text class=\"value\" x=\"%.1f\" y=\"%d\">", x + 6,
		y + BAR_H - 3);
	c->value(out, r);
	fputs("</text>\n</g>\n", out);
}

/* Where things go: the axis's step and end, the bars' x, the size. */
struct layout {
	size_t step, top;
	int x0, y_axis, width, height;
};

static void chart_layout(const struct chart *c, struct layout *l)
{
	size_t label_w = 4, value_w = 4, max = 0;
	int text_w = 2 * MARGIN + strlen(c->subtitle) * (CHAR_W - 1);

	for (size_t i = 0; i < c->nrows; i++) {
		size_t lw = put_label(NULL, &c->rows[i]), vw = value_width(c, &c->rows[i]);
		size_t t = row_total(&c->rows[i]);

		label_w = lw > label_w ? lw : label_w;
		value_w = vw > value_w ? vw : value_w;
		max = t > max ? t : max;
	}
	l->step = axis_step(max);
	l->top = max ? (max + l->step - 1) / l->step * l->step : l->step;
	l->x0 = MARGIN + label_w * CHAR_W + 8;
	l->width = l->x0 + PLOT_W + 6 + value_w * CHAR_W + MARGIN;
	if (l->width < text_w)
		l->width = text_w;	/* room for the subtitle */
	l->y_axis = PLOT_TOP + (c->nrows ? c->nrows : 1) * ROW_H;
	l->height = l->y_axis + 48;
}

static void write_chart(FILE *out, const struct chart *c)
{
	struct layout l;

	chart_layout(c, &l);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"%d\" fill=\"#222222\">\n",
		l.width, l.height, l.width, l.height, FONT);
	fprintf(out, "<title>%s</title>\n", c->title);
	fputs("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", out);
	fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\" font-size=\"16\" "
		"font-weight=\"bold\">%s</text>\n", MARGIN, TITLE_Y, c->title);
	fprintf(out, "<text class=\"subtitle\" x=\"%d\" y=\"%d\">%s</text>\n",
		MARGIN, SUBTITLE_Y, c->subtitle);
	write_legend(out, c, MARGIN);
	write_axis(out, c, l.x0, l.y_axis, l.step, l.top);
	if (!c->nrows)
		fprintf(out, "<text class=\"empty\" x=\"%d\" y=\"%d\">no files</text>\n",
			l.x0 + 8, PLOT_TOP + BAR_H - 3);
	for (size_t i = 0; i < c->nrows; i++)
		write_row(out, c, &c->rows[i], l.x0, PLOT_TOP + i * ROW_H + 3, l.top);
	fputs("</svg>\n", out);
}

/* Colours of the LICENSES/ directories, and of any others a tree has. */
static const struct legend license_dirs[] = {
	{ "preferred", "#4e79a7" },
	{ "dual", "#59a14f" },
	{ "other", "#f28e2b" },
	{ "deprecated", "#e15759" },
	{ "exceptions", "#b07aa1" },
};
static const char *const extra_colours[] = {
	"#76b7b2", "#edc948", "#ff9da7", "#9c755f", "#bab0ac",
};

static int cmp_license_row(const void *a, const void *b)
{
	const struct chart_row *x = a, *y = b;

	if (x->seg[0] != y->seg[0])
		return x->seg[0] > y->seg[0] ? -1 : 1;
	return strcmp(x->label, y->label);
}

/* The legend entry of LICENSES/ directory @dir, added when new. */
static int legend_of(struct chart *c, const char *dir)
{
	size_t i;

	for (i = 0; i < c->nlegend; i++)
		if (!strcmp(c->legend[i].name, dir))
			return i;
	if (c->nlegend == ARRAY_SIZE(c->legend))
		return c->nlegend - 1;	/* a tree with that many: share one */
	c->legend[i].name = dir;
	c->legend[i].colour = extra_colours[(i - ARRAY_SIZE(license_dirs)) %
					    ARRAY_SIZE(extra_colours)];
	return c->nlegend++;
}

static void license_value(FILE *out, const struct chart_row *r)
{
	fprintf(out, "%zu", r->seg[0]);
}

static void license_tip(FILE *out, const struct chart *c,
			const struct chart_row *r, size_t seg)
{
	fputs(r->seg[0] == 1 ? "file (LICENSES/" : "files (LICENSES/", out);
	put_text(out, r->group, strlen(r->group), CHART_LABEL_MAX);
	fputs(")", out);
}

/* Keep only the legend entries some row uses, in their order. */
static void legend_prune(struct chart *c)
{
	int map[ARRAY_SIZE(c->legend)];
	size_t n = 0;

	for (size_t i = 0; i < c->nlegend; i++) {
		int used = 0;

		for (size_t r = 0; r < c->nrows && !used; r++)
			used = c->rows[r].colour == (int)i;
		map[i] = used ? (int)n : -1;
		if (used)
			c->legend[n++] = c->legend[i];
	}
	for (size_t r = 0; r < c->nrows; r++)
		c->rows[r].colour = map[c->rows[r].colour];
	c->nlegend = n;
}

int chart_licenses_svg(FILE *out, const struct summary *s)
{
	struct chart c = {
		.title = "Files per license",
		.nsegs = 1,
		.unit = "files",
		.value = license_value,
		.tip = license_tip,
	};
	size_t unused = 0;

	c.rows = calloc(s->nlicenses ? s->nlicenses : 1, sizeof(*c.rows));
	if (!c.rows)
		return -ENOMEM;
	memcpy(c.legend, license_dirs, sizeof(license_dirs));
	c.nlegend = ARRAY_SIZE(license_dirs);
	for (size_t l = 0; l < s->nlicenses; l++) {
		const struct license_count *lc = &s->licenses[l];
		struct chart_row *r = &c.rows[c.nrows];

		if (!lc->files) {
			unused++;
			continue;
		}
		r->label = lc->name;
		r->label_len = strlen(lc->name);
		r->group = lc->dir;
		r->seg[0] = lc->files;
		r->colour = legend_of(&c, lc->dir);
		c.nrows++;
	}
	qsort(c.rows, c.nrows, sizeof(*c.rows), cmp_license_row);
	legend_prune(&c);
	snprintf(c.subtitle, sizeof(c.subtitle),
		 "%zu files with a valid tag, under each LICENSES/ file the tag "
		 "names; %zu LICENSES/ files unused",
		 s->count[ST_TAGGED] + s->count[ST_MISPLACED], unused);
	write_chart(out, &c);
	free(c.rows);
	return 0;
}

enum { SEG_TAGGED, SEG_OTHER, SEG_UNTAGGED };

static const struct legend backlog_legend[] = {
	[SEG_TAGGED] = { "tagged", "#59a14f" },
	[SEG_OTHER] = { "misplaced, invalid or unreadable", "#f28e2b" },
	[SEG_UNTAGGED] = { "untagged", "#e15759" },
};

/* The length of the first @depth components of @path's directory. */
static size_t dir_prefix(const char *path, unsigned depth)
{
	const char *slash = strrchr(path, '/'), *p = path;
	size_t dlen = slash ? (size_t)(slash - path) : 0;

	for (unsigned d = 0; d < depth; d++) {
		const char *next = memchr(p, '/', dlen - (p - path));

		if (!next)
			return dlen;
		if (d + 1 == depth)
			return next - path;
		p = next + 1;
	}
	return 0;
}

static int seg_of(int status)
{
	switch (status) {
	case ST_TAGGED:
		return SEG_TAGGED;
	case ST_UNTAGGED:
		return SEG_UNTAGGED;
	default:
		return SEG_OTHER;
	}
}

/* Byte @i of @r's label as shown ("dir/", "./" for the root), or 0. */
static int label_byte(const struct chart_row *r, size_t i)
{
	if (!r->label_len)
		return i < 2 ? "./"[i] : 0;
	if (i < r->label_len)
		return (unsigned char)r->label[i];
	return i == r->label_len ? '/' : 0;
}

/* Largest backlog first, then by label as shown (byte order). */
static int cmp_backlog_row(const void *a, const void *b)
{
	const struct chart_row *x = a, *y = b;

	if (x->seg[SEG_UNTAGGED] != y->seg[SEG_UNTAGGED])
		return x->seg[SEG_UNTAGGED] > y->seg[SEG_UNTAGGED] ? -1 : 1;
	for (size_t i = 0;; i++) {
		int cx = label_byte(x, i), cy = label_byte(y, i);

		if (cx != cy || !cx)
			return cx - cy;
	}
}

/* The row of directory @path[0..@len), added when new.  Files of one
 * directory are adjacent in path order, so the last row mostly is it. */
static struct chart_row *backlog_row(struct chart *c, const char *path,
				     size_t len)
{
	struct chart_row *r;

	for (size_t i = c->nrows; i-- > 0;) {
		r = &c->rows[i];
		if (r->label_len == len && !memcmp(r->label, path, len))
			return r;
	}
	r = &c->rows[c->nrows++];
	r->label = path;
	r->label_len = len;
	r->slash = 1;
	return r;
}

static void backlog_value(FILE *out, const struct chart_row *r)
{
	fprintf(out, "%zu tagged, %zu other, %zu untagged", r->seg[SEG_TAGGED],
		r->seg[SEG_OTHER], r->seg[SEG_UNTAGGED]);
}

static void backlog_tip(FILE *out, const struct chart *c,
			const struct chart_row *r, size_t seg)
{
	fputs(c->legend[seg].name, out);
}

int chart_backlog_svg(FILE *out, const struct spdx_index *idx, unsigned depth)
{
	struct chart c = {
		.title = "Tagged and untagged files per directory",
		.nsegs = CHART_SEGS,
		.unit = "files",
		.value = backlog_value,
		.tip = backlog_tip,
	};
	size_t total[CHART_SEGS] = { 0 };

	c.rows = calloc(idx->nfiles ? idx->nfiles : 1, sizeof(*c.rows));
	if (!c.rows)
		return -ENOMEM;
	memcpy(c.legend, backlog_legend, sizeof(backlog_legend));
	c.nlegend = ARRAY_SIZE(backlog_legend);
	for (size_t i = 0; i < idx->nfiles; i++) {
		const struct spdx_file *f = &idx->files[i];
		int seg = seg_of(f->status);

		if (f->status == ST_EXCLUDED)
			continue;
		backlog_row(&c, f->path, dir_prefix(f->path, depth))->seg[seg]++;
		total[seg]++;
	}
	qsort(c.rows, c.nrows, sizeof(*c.rows), cmp_backlog_row);
	snprintf(c.subtitle, sizeof(c.subtitle),
		 "%zu files (excluded left out): %zu tagged, %zu misplaced, "
		 "invalid or unreadable, %zu untagged",
		 total[0] + total[1] + total[2], total[SEG_TAGGED],
		 total[SEG_OTHER], total[SEG_UNTAGGED]);
	write_chart(out, &c);
	free(c.rows);
	return 0;
}

/*
 * The history chart (chart_history_svg()): two panels over one x axis of
 * commits, oldest first; lines, not bars, so it is laid out here.
 */
#define HIST_X0		(MARGIN + 64)	/* room for the y ticks */
#define HIST_W		640
#define HIST_TOP1	(PLOT_TOP + 16)	/* the backlog panel */
#define HIST_H1		160
#define HIST_TOP2	(HIST_TOP1 + HIST_H1 + 48)	/* the licenses panel */
#define HIST_H2		200
#define HIST_LINES	10		/* licenses drawn, the largest */

static const char *const hist_colours[HIST_LINES] = {
	"#4e79a7", "#59a14f", "#f28e2b", "#b07aa1", "#76b7b2",
	"#edc948", "#ff9da7", "#9c755f", "#bab0ac", "#17becf",
};
#define HIST_UNTAGGED_COLOUR	"#e15759"

struct hist_series {
	const char *name;
	size_t max;
};

static size_t hist_license(const struct history_row *r, const char *name)
{
	for (size_t i = 0; i < r->nlic; i++)
		if (!strcmp(r->lic[i].name, name))
			return r->lic[i].files;
	return 0;
}

static int cmp_series(const void *a, const void *b)
{
	const struct hist_series *x = a, *y = b;

	if (x->max != y->max)
		return x->max > y->max ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Every license some row names, with its largest count, largest first,
 * into *@out (names borrowed from @rows). */
static int hist_series_of(const struct history_row *rows, size_t n,
			  struct hist_series **out, size_t *nout)
{
	struct hist_series *s;
	size_t total = 0, k = 0;

	for (size_t i = 0; i < n; i++)
		total += rows[i].nlic;
	s = calloc(total ? total : 1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < rows[i].nlic; j++) {
			const struct history_license *l = &rows[i].lic[j];
			size_t m;

			for (m = 0; m < k && strcmp(s[m].name, l->name); m++)
				;
			if (m == k)
				s[k++] = (struct hist_series){ l->name, 0 };
			if (l->files > s[m].max)
				s[m].max = l->files;
		}
	}
	qsort(s, k, sizeof(*s), cmp_series);
	*out = s;
	*nout = k;
	return 0;
}

static double hist_x(size_t k, size_t n)
{
	return n > 1 ? HIST_X0 + (double)k * HIST_W / (n - 1) :
		       HIST_X0 + HIST_W / 2.0;
}

static double hist_y(size_t v, size_t top, int y0, int h)
{
	return y0 + h - (double)v * h / top;
}

/* A panel: its heading, y gridlines and ticks up to @max; returns the
 * axis's top value. */
static size_t hist_panel(FILE *out, const char *heading, int y0, int h,
			 size_t max)
{
	size_t step = axis_step(max);
	size_t top = max ? (max + step - 1) / step * step : step;

	fprintf(out, "<g class=\"panel\">\n<text class=\"panel\" x=\"%d\" "
		"y=\"%d\" font-weight=\"bold\">%s</text>\n", HIST_X0, y0 - 10,
		heading);
	for (size_t v = 0; v <= top; v += step) {
		double y = hist_y(v, top, y0, h);

		fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
			"stroke=\"%s\"/>", HIST_X0 - 4, y, HIST_X0 + HIST_W, y,
			v ? "#dddddd" : "#333333");
		fprintf(out, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" "
			"text-anchor=\"end\">%zu</text>\n", HIST_X0 - 8, y + 4, v);
	}
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		"stroke=\"#333333\"/>\n</g>\n", HIST_X0, y0, HIST_X0, y0 + h);
	return top;
}

/* The x axis under the last panel: commit numbers, and its title. */
static void hist_x_axis(FILE *out, size_t n, int y)
{
	size_t step = axis_step(n);

	fputs("<g class=\"axis\">\n", out);
	for (size_t v = 1; v <= n; v = v == 1 && step > 1 ? step : v + step) {
		double x = hist_x(v - 1, n);

		fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#333333\"/>", x, y, x, y + 4);
		fprintf(out, "<text class=\"xtick\" x=\"%.1f\" y=\"%d\" "
			"text-anchor=\"middle\">%zu</text>\n", x, y + 18, v);
	}
	fprintf(out, "<text class=\"axis-title\" x=\"%d\" y=\"%d\" "
		"text-anchor=\"middle\">commits, oldest first</text>\n</g>\n",
		HIST_X0 + HIST_W / 2, y + 36);
}

/* One line: @v(k) for each commit, in @colour. */
static void hist_line(FILE *out, const struct history_row *rows, size_t n,
		      const char *name, size_t top, int y0, int h,
		      const char *colour)
{
	fprintf(out, "<polyline class=\"line\" fill=\"none\" stroke=\"%s\" "
		"stroke-width=\"2\" points=\"", colour);
	for (size_t k = 0; k < n; k++) {
		size_t v = name ? hist_license(&rows[k], name) :
			   rows[k].count[ST_UNTAGGED];

		fprintf(out, "%s%.1f,%.1f", k ? " " : "", hist_x(k, n),
			hist_y(v, top, y0, h));
	}
	fputs("\"/>\n", out);
}

/* Per commit, a column whose tooltip holds its numbers. */
static void hist_columns(FILE *out, const struct history_commit *c,
			 const struct history_row *rows, size_t n)
{
	double w = n > 1 ? (double)HIST_W / (n - 1) : HIST_W;
	char date[32];

	fputs("<g class=\"commits\" fill=\"#ffffff\" fill-opacity=\"0\">\n", out);
	for (size_t k = 0; k < n; k++) {
		fprintf(out, "<rect class=\"commit\" x=\"%.1f\" y=\"%d\" "
			"width=\"%.1f\" height=\"%d\"><title>", hist_x(k, n) - w / 2,
			HIST_TOP1, w, HIST_TOP2 + HIST_H2 - HIST_TOP1);
		history_date(date, sizeof(date), c[k].time);
		fprintf(out, "%s %.12s: %zu untagged", date, c[k].id,
			rows[k].count[ST_UNTAGGED]);
		for (size_t i = 0; i < rows[k].nlic; i++) {
			fputs(", ", out);
			put_text(out, rows[k].lic[i].name,
				 strlen(rows[k].lic[i].name), CHART_LABEL_MAX);
			fprintf(out, " %zu", rows[k].lic[i].files);
		}
		fputs("</title></rect>\n", out);
	}
	fputs("</g>\n", out);
}

static void hist_legend(FILE *out, const struct hist_series *s, size_t ns)
{
	int x = MARGIN;

	fputs("<g class=\"legend\">\n", out);
	for (size_t i = 0; i <= ns; i++) {
		const char *name = i ? s[i - 1].name : "untagged";

		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" "
			"fill=\"%s\"/>", x, LEGEND_Y - 9,
			i ? hist_colours[i - 1] : HIST_UNTAGGED_COLOUR);
		fprintf(out, "<text class=\"legend\" x=\"%d\" y=\"%d\">", x + 14,
			LEGEND_Y);
		x += 14 + CHAR_W * put_text(out, name, strlen(name),
					    CHART_LABEL_MAX) + 18;
		fputs("</text>\n", out);
	}
	fputs("</g>\n", out);
}

int chart_history_svg(FILE *out, const struct history_commit *c,
		      const struct history_row *rows, size_t n)
{
	struct hist_series *s;
	size_t ns, max_u = 0, top1, top2;
	char first[32] = "-", last[32] = "-";
	int width = HIST_X0 + HIST_W + MARGIN + 8;
	int height = HIST_TOP2 + HIST_H2 + 48;

	if (hist_series_of(rows, n, &s, &ns))
		return -ENOMEM;
	for (size_t k = 0; k < n; k++)
		if (rows[k].count[ST_UNTAGGED] > max_u)
			max_u = rows[k].count[ST_UNTAGGED];
	if (n) {
		history_date(first, sizeof(first), c[0].time);
		history_date(last, sizeof(last), c[n - 1].time);
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"%d\" fill=\"#222222\">\n",
		width, height, width, height, FONT);
	fputs("<title>Untagged backlog and files per license over history</title>\n"
	      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", out);
	fprintf(out, "<text class=\"title\" x=\"%d\" y=\"%d\" font-size=\"16\" "
		"font-weight=\"bold\">Untagged backlog and files per license "
		"over history</text>\n", MARGIN, TITLE_Y);
	fprintf(out, "<text class=\"subtitle\" x=\"%d\" y=\"%d\">%zu commits, "
		"%s to %s; untagged %zu at the first, %zu at the last</text>\n",
		MARGIN, SUBTITLE_Y, n, first, last,
		n ? rows[0].count[ST_UNTAGGED] : 0,
		n ? rows[n - 1].count[ST_UNTAGGED] : 0);
	if (ns > HIST_LINES)
		ns = HIST_LINES;	/* the largest; the tooltips have all */
	hist_legend(out, s, ns);
	top1 = hist_panel(out, "Untagged files", HIST_TOP1, HIST_H1, max_u);
	top2 = hist_panel(out, "Files with a valid tag, per license",
			  HIST_TOP2, HIST_H2, ns ? s[0].max : 0);
	hist_x_axis(out, n, HIST_TOP2 + HIST_H2);
	hist_line(out, rows, n, NULL, top1, HIST_TOP1, HIST_H1,
		  HIST_UNTAGGED_COLOUR);
	for (size_t i = 0; i < ns; i++)
		hist_line(out, rows, n, s[i].name, top2, HIST_TOP2, HIST_H2,
			  hist_colours[i]);
	hist_columns(out, c, rows, n);
	fputs("</svg>\n", out);
	free(s);
	return 0;
}
