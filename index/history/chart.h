/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * chart: the summary of an index as pictures, SVG 1.1 documents.
 *
 * chart_licenses_svg(): one horizontal bar per LICENSES/ file that at
 * least one file's valid tag names, longest first, coloured by the
 * LICENSES/ directory the file is in, with its number of files.  A file
 * whose expression names two licenses counts under both, as in the
 * summary's "files per license".
 *
 * chart_backlog_svg(): one stacked bar per directory, cut at @depth
 * path components (1: the top-level directories; files at the root
 * count under "./"): its tagged files, those with a tag that is
 * misplaced, invalid or could not be read ("other"), and its untagged
 * files; excluded files are left out, as in the mount's backlog.
 * Largest backlog first.
 *
 * chart_history_svg(): over the commits of a history (history.h), oldest
 * first on the x axis, a line of the untagged files, and below it one
 * line per license of the files whose valid tag names it (the
 * ten largest drawn; all in the tooltips).  Each commit is a
 * <rect class="commit"> whose <title> holds its numbers: "DATE ID12:
 * U untagged, NAME N, ..." (the licenses in name order).
 *
 * All have a title, a line saying what is counted (with the totals),
 * a legend, an x axis with ticks and gridlines, and a label and a
 * number on each bar.  Every number is the text of its own element:
 * <text class="value"> on each bar (for the backlog "T tagged, O
 * other, U untagged"), <text class="tick"> on the axis, and the totals
 * in <text class="subtitle">, so that a test can read them back.
 *
 * Names from the tree are escaped for XML; a byte that is not part of
 * valid UTF-8, and a control character, is written as the four
 * characters \xNN, so the document is valid XML for any file name.  A
 * label longer than CHART_LABEL_MAX characters is cut and ends in "...".
 * The output depends on the input only (no time, no path outside it):
 * the same index gives the same bytes.
 *
 * The functions only write to @out.  They return 0, or -ENOMEM; a
 * failed write is for the caller to find with ferror() or fclose().
 */
#ifndef SPDXFS_CHART_H
#define SPDXFS_CHART_H

#include <stdio.h>

struct summary;
struct spdx_index;
struct history_commit;
struct history_row;

#define CHART_LABEL_MAX	48

int chart_licenses_svg(FILE *out, const struct summary *s);
int chart_backlog_svg(FILE *out, const struct spdx_index *idx, unsigned depth);
int chart_history_svg(FILE *out, const struct history_commit *c,
		      const struct history_row *rows, size_t n);

#endif
