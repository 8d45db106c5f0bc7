// SPDX-License-Identifier: GPL-2.0-only
/*
 * boilerplate: license wording and license boilerplate in a file's head.
 */
#include <string.h>

#include "boilerplate.h"

static int is_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static int lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Case-insensitive search for the lower-case needle @n. */
static const char *find_ci(const char *buf, size_t len, const char *n)
{
	size_t nl = strlen(n);

	for (size_t i = 0; i + nl <= len; i++) {
		size_t k = 0;

		while (k < nl && lower(buf[i + k]) == n[k])
			k++;
		if (k == nl)
			return buf + i;
	}
	return NULL;
}

/* "GPL" or "LGPL" as a word: not part of EXPORT_SYMBOL_GPL or GPLONLY. */
static int has_gpl_word(const char *buf, size_t len)
{
	for (size_t i = 0; i + 3 <= len; i++) {
		size_t end = i + 3;

		if (memcmp(buf + i, "GPL", 3))
			continue;
		if (i && buf[i - 1] == 'L')
			i--;
		if ((i && (is_alnum(buf[i - 1]) || buf[i - 1] == '_')) ||
		    (end < len && (buf[end] == '_' ||
				   (buf[end] >= 'A' && buf[end] <= 'Z')))) {
			i = end - 1;
			continue;
		}
		return 1;
	}
	return 0;
}

int boilerplate_has_license_words(const char *buf, size_t len)
{
	static const char *const words[] = {
		"licen", "copyleft", "public domain", "redistribut",
		"free software", "warranty", "permission is hereby granted",
		"permission to use",
	};

	if (len > BP_HEAD_BYTES)
		len = BP_HEAD_BYTES;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (find_ci(buf, len, words[i]))
			return 1;
	return has_gpl_word(buf, len);
}

/*
 * The head as " word word ... ": lower-case alphanumeric runs separated by
 * single spaces, '+' a word of its own.  Returns the length.
 */
static size_t normalise(const char *buf, size_t len, char *out, size_t size)
{
	size_t n = 0;

	out[n++] = ' ';
	for (size_t i = 0; i < len && n + 3 < size; i++) {
		unsigned char c = buf[i];

		if (is_alnum(c)) {
			out[n++] = lower(c);
		} else if (c == '+') {
			if (out[n - 1] != ' ')
				out[n++] = ' ';
			out[n++] = '+';
			out[n++] = ' ';
		} else if (out[n - 1] != ' ') {
			out[n++] = ' ';
		}
	}
	if (out[n - 1] != ' ')
		out[n++] = ' ';
	out[n] = '\0';
	return n;
}

/* Does the normalised text contain the phrase @p (words, one space)? */
static int has(const char *norm, const char *p)
{
	char pat[160];
	size_t n = strlen(p);

	if (n + 3 > sizeof(pat))
		return 0;
	pat[0] = ' ';
	memcpy(pat + 1, p, n);
	pat[n + 1] = ' ';
	pat[n + 2] = '\0';
	return strstr(norm, pat) != NULL;
}

static int has_any(const char *norm, const char *const *ps)
{
	for (; *ps; ps++)
		if (has(norm, *ps))
			return 1;
	return 0;
}

/* "%s" in each pattern is replaced by the version words ("2", "2 1"). */
static int has_any_v(const char *norm, const char *const *ps, const char *v)
{
	char p[160];

	for (; *ps; ps++) {
		const char *s = strstr(*ps, "%s");

		if (!s) {
			if (has(norm, *ps))
				return 1;
			continue;
		}
		if (strlen(*ps) + strlen(v) >= sizeof(p))
			continue;
		memcpy(p, *ps, s - *ps);
		strcpy(p + (s - *ps), v);
		strcat(p, s + 2);
		if (has(norm, p))
			return 1;
	}
	return 0;
}

static const char *const or_later[] = {
	"version %s of the license or at your option any later version",
	"version %s or at your option any later version",
	"version %s of the license or any later version",
	"version %s or any later version",
	"version %s or later",
	"either version %s of the license or",
	"either version %s or",
	"v%s or later", "v %s or later", "gpl %s or later", "gpl %s 0 or later",
	"gpl %s +", "gpl %s 0 +", "gplv%s +", "v%s +",
	NULL
};

static const char *const strictly_only[] = {
	"version %s only", "v%s only", "gpl %s 0 only", "gpl v%s only",
	"and no later version", "not any later version",
	NULL
};

static const char *const only[] = {
	"version %s as published by the free software foundation",
	"free software foundation version %s of the license",
	"version %s of the gnu general public license",
	"version %s of the gnu lesser general public license",
	"version %s of the gnu library general public license",
	"license version %s as published", "license v%s as published",
	"public license version %s", "public license v%s",
	"gpl version %s", "gplv%s", "gpl v%s", "gpl %s", "gpl %s 0",
	"gpl v%s 0", "gplv%s 0", "lgpl version %s", "lgplv%s", "lgpl v%s",
	"lgpl %s",
	NULL
};

/* The kernel's COPYING, named as the license: GPL version 2. */
static const char *const see_copying[] = {
	"see the file copying in the main directory",
	"see the file copying in the top level directory",
	"in the file copying in the main directory",
	"available from the file copying in the main directory",
	"see the file copying for more details",
	"see the file copying",
	"see copying for details", "see file copying",
	"see kernel base copying",	/* "For licencing details see kernel-base/COPYING" */
	NULL
};

enum vers { V_NONE, V_ONLY, V_LATER, V_CONFLICT, V_OTHER };

static enum vers gpl_version(const char *norm, const char *v)
{
	int later = has_any_v(norm, or_later, v);
	int strict = has_any_v(norm, strictly_only, v);

	if (later && strict)
		return V_CONFLICT;
	if (later)
		return V_LATER;
	if (strict || has_any_v(norm, only, v))
		return V_ONLY;
	return V_NONE;
}

static const char *const other_versions[] = {
	"version 3", "gplv3", "gpl v3", "gpl 3", "lgplv3", "lgpl v3",
	"version 1 of the license or", "version 1 or",
	NULL
};

/* The GPL-family id the text states; NULL with *why when unclear. */
static const char *gpl_id(const char *norm, int lesser, const char **why)
{
	enum vers v;

	if (lesser) {
		v = gpl_version(norm, "2 1");
		if (v == V_ONLY || v == V_LATER)
			return v == V_ONLY ? "LGPL-2.1-only" : "LGPL-2.1-or-later";
		if (v == V_NONE) {
			v = gpl_version(norm, "2");
			if (v == V_ONLY || v == V_LATER)
				return v == V_ONLY ? "LGPL-2.0-only" : "LGPL-2.0-or-later";
		}
	} else {
		v = gpl_version(norm, "2");
		if (v == V_ONLY || v == V_LATER)
			return v == V_ONLY ? "GPL-2.0-only" : "GPL-2.0-or-later";
	}
	if (v == V_CONFLICT) {
		*why = "both 'only' and 'or later' wording";
		return NULL;
	}
	if (has_any(norm, other_versions)) {
		*why = "a license version other than 2";
		return NULL;
	}
	if (!lesser)	/* see the comment above gpl_names */
		return "GPL-2.0-only";
	*why = "LGPL without a version";
	return NULL;
}

/*
 * A GPL text that names no version is GPL version 2 in this tree: the
 * kernel's COPYING (and LICENSES/exceptions/Linux-syscall-note) says "the
 * only valid version of the GPL as far as the kernel is concerned is _this_
 * particular version of the license (ie v2 ...), unless explicitly
 * otherwise stated".  The LGPL has no such note, so it stays for review.
 */
static const char *const gpl_names[] = {
	"gnu general public license", "gpl", "gplv2", "gnu public license",
	"gnu gpl", "gpl v2", "gpl version 2",
	NULL
};

static const char *const lgpl_names[] = {
	"lesser general public license", "library general public license",
	"lgpl", "lgplv2", "lgplv2 1",
	NULL
};

static const char *const dual_words[] = {
	"alternatively", "dual licensed", "dual license", "choice of",
	"you may choose", "licensed under either", "under either the",
	"either the gnu general public license", "or the bsd license",
	"at your choosing", "at your choice",
	"under either license", "dual bsd gpl",	/* "a dual BSD/GPLv2 license" */
	"distributed separately from the linux kernel",	/* Xen's headers */
	NULL
};

/* The permissive family, or NULL; *unknown set for a variant we do not map. */
static const char *permissive_id(const char *norm, int *unknown)
{
	int src = has(norm, "redistributions of source code must retain");
	int bin = has(norm, "redistributions in binary form must reproduce");

	if (src || bin) {
		if (has(norm, "all advertising materials mentioning") ||
		    has(norm, "no express or implied licenses to any party s patent rights") ||
		    !(src && bin)) {
			*unknown = 1;
			return NULL;
		}
		if (has(norm, "openib org bsd license"))
			return "Linux-OpenIB";
		if (has(norm, "neither the name") ||
		    has(norm, "may not be used to endorse or promote"))
			return "BSD-3-Clause";
		return "BSD-2-Clause";
	}
	if (has(norm, "permission is hereby granted free of charge to any person obtaining a copy"))
		return has(norm, "x consortium") ? "X11" : "MIT";
	if (has(norm, "permission to use copy modify and or distribute this software for any purpose with or without fee is hereby granted"))
		return "ISC";
	if (has(norm, "permission is granted to anyone to use this software for any purpose including commercial applications and to alter it and redistribute it freely"))
		return "Zlib";
	return NULL;
}

/*
 * Blank out MODULE_LICENSE("...") in @buf's copy @out: it names the
 * module's license for modpost, it is no license text of the file (and
 * "GPL" there means "GPL v2 or later" in some kernels, "v2" in others).
 */
static void blank_module_license(const char *buf, size_t len, char *out)
{
	const char *p = buf, *m;

	memcpy(out, buf, len);
	while ((m = memmem(p, len - (p - buf), "MODULE_LICENSE(", 15))) {
		const char *end = memchr(m, ')', len - (m - buf));

		end = end ? end + 1 : buf + len;
		memset(out + (m - buf), ' ', end - m);
		p = end;
	}
}

void boilerplate_detect(const char *buf, size_t len, struct bp_match *out)
{
	char norm[BP_HEAD_BYTES * 3 + 4], text[BP_HEAD_BYTES];
	const char *why = NULL, *gid = NULL, *pid;
	int gpl, lgpl, unknown = 0;

	memset(out, 0, sizeof(*out));
	if (len > BP_HEAD_BYTES)
		len = BP_HEAD_BYTES;
	if (!boilerplate_has_license_words(buf, len)) {
		out->verdict = BP_NONE;
		return;
	}
	blank_module_license(buf, len, text);
	if (!boilerplate_has_license_words(text, len)) {
		out->verdict = BP_UNKNOWN;
		out->why = "MODULE_LICENSE() but no license text";
		return;
	}
	normalise(text, len, norm, sizeof(norm));
	lgpl = has_any(norm, lgpl_names);
	gpl = has_any(norm, gpl_names);
	if (gpl && lgpl) {
		out->verdict = BP_AMBIGUOUS;
		out->why = "both GPL and LGPL wording";
		return;
	}
	if (gpl || lgpl)
		gid = gpl_id(norm, lgpl, &why);
	else if (has_any(norm, see_copying))	/* COPYING, no "GPL" said */
		gid = "GPL-2.0-only";
	pid = permissive_id(norm, &unknown);
	if ((gpl || lgpl) && !gid) {
		out->verdict = pid ? BP_AMBIGUOUS : BP_UNKNOWN;
		out->why = why;
		if (pid)
			out->ids[out->nids++] = pid;
		return;
	}
	if (unknown) {
		out->verdict = gid ? BP_AMBIGUOUS : BP_UNKNOWN;
		out->why = "a BSD variant other than 2- or 3-clause";
		if (gid)
			out->ids[out->nids++] = gid;
		return;
	}
	if (gid && pid && !has_any(norm, dual_words)) {
		out->verdict = BP_AMBIGUOUS;
		out->why = "GPL and permissive texts without a dual-license statement";
		out->ids[out->nids++] = gid;
		out->ids[out->nids++] = pid;
		return;
	}
	if (gid)
		out->ids[out->nids++] = gid;
	if (pid)
		out->ids[out->nids++] = pid;
	if (!out->nids) {
		out->verdict = BP_UNKNOWN;
		out->why = "license wording, no known boilerplate";
		return;
	}
	out->verdict = BP_FOUND;
}

int boilerplate_is_gpl_family(const char *id)
{
	return !strncmp(id, "GPL-", 4) || !strncmp(id, "LGPL-", 5);
}
