// SPDX-License-Identifier: GPL-2.0-only
/*
 * suggest: what the tagging series would do with one untagged file, and
 * why, for show (suggest.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "index.h"
#include "show.h"
#include "series/suggest.h"
#include "series/tag.h"

_Static_assert(SHOW_EXPR_MAX == sizeof(((struct tag_decision *)0)->expr),
	       "show.h's room for an expression is the series'");

int show_suggest(struct show_info *si, struct source *src,
		 const struct spdx_index *idx, const struct spdx_file *f)
{
	struct tag_decision d = { .kind = TAG_K_SKIP, .reason = TAG_SKIP_TOO_BIG };
	int ret;

	/* The tagging series writes the kernel's tags, not REUSE's. */
	if (f->status != ST_UNTAGGED || si->reuse)
		return 0;
	si->suggested = 1;
	si->suggest = SHOW_NONE;
	ret = tag_decide_file(src, idx, f, NULL, &d);
	if (ret == -ENOMEM) {
		return ret;
	} else if (ret && ret != -EFBIG) {
		snprintf(si->why_buf, sizeof(si->why_buf), "cannot read it: %s",
			 strerror(-ret));
		si->why = si->why_buf;
		return 0;
	}
	switch (d.kind) {
	case TAG_K_NOLICENSE:
		si->why = "no license wording and no MODULE_LICENSE(): the "
			  "default license (patch 1)";
		break;
	case TAG_K_UAPI:
		si->why = "no license wording and no MODULE_LICENSE() in a uapi "
			  "file: the default license with Linux-syscall-note (patch 2)";
		break;
	case TAG_K_BOILERPLATE:
		si->why = "its license boilerplate (patch 3)";
		break;
	case TAG_K_DIRECTORY:
		si->why = "no license wording: its directory's license";
		break;
	case TAG_K_FIXED:
		si->why = "its malformed tag line, repaired in place";
		break;
	case TAG_K_REVIEW:
		si->why = d.why ? d.why : "left for review";
		break;
	default:
		snprintf(si->why_buf, sizeof(si->why_buf),
			 "not a file the series tags: %s", tag_reason_name(d.reason));
		si->why = si->why_buf;
		return 0;
	}
	si->suggest = d.kind == TAG_K_REVIEW ? SHOW_REVIEW : SHOW_TAG;
	memcpy(si->suggest_expr, d.expr, sizeof(si->suggest_expr));
	return 0;
}
