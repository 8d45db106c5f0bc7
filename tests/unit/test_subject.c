// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_subject: the prefix of a commit subject, as kernel subjects write
 * it ("net: phy: fix a leak"); the walk over history is tested on a real
 * repository in tests/t102-tag-split.sh.
 */
#include <string.h>

#include "series/subject.h"
#include "tap.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
	const char *summary;
	const char *prefix;
} cases[] = {
	{ "net: phy: fix a leak", "net: phy" },
	{ "drm/i915: use the right lock", "drm/i915" },
	{ "can: dev: can_put_echo_skb(): don't crash", "can: dev: can_put_echo_skb()" },
	{ "x86/mm: Fix: it", "x86/mm: Fix" },
	{ "Fix a typo", "" },
	{ "fix a typo: in a comment", "" },		/* "fix a typo" has blanks */
	{ "net:phy: no blank after the colon", "" },
	{ "net: phy:fix", "net" },
	{ "net:  two blanks", "net" },
	{ "net: ", "net" },
	{ ": empty component", "" },
	{ "Revert \"net: phy: fix a leak\"", "" },
	{ "Merge tag 'net-6.1' of git://example.org/net", "" },
	{ "Merge: a subject, not a merge", "Merge" },
	{ "tools: a23456789b123456789c123456789d1234567890x: x", "tools" },
	{ "a23456789b123456789c123456789d123456789X: forty bytes",
	  "a23456789b123456789c123456789d123456789X" },
	{ "", "" },
};

int main(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t len = subject_prefix_len(cases[i].summary);
		char got[128];

		memcpy(got, cases[i].summary, len);
		got[len] = '\0';
		is_str(got, cases[i].prefix, "prefix of '%s'", cases[i].summary);
	}
	return tap_done();
}
