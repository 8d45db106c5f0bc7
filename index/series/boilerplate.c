// SPDX-License-Identifier: GPL-2.0-only
/*
 * boilerplate: license wording and license boilerplate in a file's head.
 */
#include <stdio.h>
#include <string.h>

#include "series/boilerplate.h"

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
 * The head as " word word ... ": lower-case runs of letters, digits and
 * '_' separated by single spaces, '+' a word of its own.  '_' joins, so
 * EXPORT_SYMBOL_GPL and __ksymtab_gpl are words of their own, not "gpl".
 * Returns the length.
 */
static size_t normalise(const char *buf, size_t len, char *out, size_t size)
{
	size_t n = 0;

	out[n++] = ' ';
	for (size_t i = 0; i < len && n + 3 < size; i++) {
		unsigned char c = buf[i];

		if (is_alnum(c) || c == '_') {
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

/* The first occurrence of the phrase @p (words, one space) in @from. */
static const char *find(const char *from, const char *p)
{
	char pat[160];
	size_t n = strlen(p);

	if (n + 3 > sizeof(pat))
		return NULL;
	pat[0] = ' ';
	memcpy(pat + 1, p, n);
	pat[n + 1] = ' ';
	pat[n + 2] = '\0';
	return strstr(from, pat);
}

static int has(const char *norm, const char *p)
{
	return find(norm, p) != NULL;
}

static int has_any(const char *norm, const char *const *ps)
{
	for (; *ps; ps++)
		if (has(norm, *ps))
			return 1;
	return 0;
}

/* "%s" in @pat replaced by @v into @out; 0, or -1 when it does not fit. */
static int subst(char *out, size_t size, const char *pat, const char *v)
{
	const char *s = strstr(pat, "%s");

	if (!s)
		return snprintf(out, size, "%s", pat) < (int)size ? 0 : -1;
	if (strlen(pat) + strlen(v) >= size)
		return -1;
	memcpy(out, pat, s - pat);
	strcpy(out + (s - pat), v);
	strcat(out, s + 2);
	return 0;
}

/* "%s" in each pattern is replaced by the version words ("2", "2 1"). */
static int has_any_v(const char *norm, const char *const *ps, const char *v)
{
	char p[160];

	for (; *ps; ps++)
		if (!subst(p, sizeof(p), *ps, v) && has(norm, p))
			return 1;
	return 0;
}

/* The start of the word before the space at @at (@at itself at the start). */
static const char *prev_word(const char *norm, const char *at)
{
	const char *w = at;

	if (w > norm)
		for (w--; w > norm && w[-1] != ' '; w--)
			;
	return w;
}

/*
 * Does a phrase of @ps occur with a word other than those of @bad right
 * before it?  "general public license" names the GPL, but not in "lesser
 * general public license".
 */
static int has_unless_after(const char *norm, const char *const *ps,
			    const char *const *bad)
{
	for (; *ps; ps++) {
		for (const char *at = find(norm, *ps); at; at = find(at + 1, *ps)) {
			const char *w = prev_word(norm, at);
			int hit = 0;

			for (const char *const *b = bad; *b && w < at; b++) {
				size_t n = strlen(*b);

				hit |= (size_t)(at - w) == n && !memcmp(w, *b, n);
			}
			if (!hit)
				return 1;
		}
	}
	return 0;
}

/* Is one of @words the word that starts at @w? */
static int word_in(const char *w, const char *const *words)
{
	for (; *words; words++) {
		size_t n = strlen(*words);

		if (!strncmp(w, *words, n) && w[n] == ' ')
			return 1;
	}
	return 0;
}

/*
 * "version 2 of the License, or (at your option) any later version",
 * "GPLv2 or later", "version 2 of that License or any later version": a
 * version phrase followed, within a dozen words, by "or" and then "later"
 * or "newer".
 */
static int later_near(const char *norm, const char *v)
{
	static const char *const anchors[] = {
		"version %s", "v%s", "v %s", "gplv%s", "gpl %s", "gpl v%s",
		"lgplv%s", "lgpl %s", "lgpl v%s", "gpl %s 0", "lgpl %s 0", NULL
	};
	char p[64];

	for (const char *const *a = anchors; *a; a++) {
		if (subst(p, sizeof(p), *a, v))
			continue;
		for (const char *at = find(norm, p); at; at = find(at + 1, p)) {
			const char *w = at + strlen(p) + 2;
			int or = 0;

			for (int k = 0; k < 12 && *w; k++) {
				if (!strncmp(w, "or ", 3))
					or = 1;
				else if (!strncmp(w, "only ", 5))
					break;
				else if (or && (!strncmp(w, "later ", 6) ||
						!strncmp(w, "newer ", 6)))
					return 1;
				w = strchr(w, ' ');
				if (!w)
					break;
				w++;
			}
		}
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
	"gpl %s +", "gpl %s 0 +", "gplv%s +", "v%s +", "lgpl %s 0 +", "lgpl %s +",
	"gpl %s 0 or later", "gpl %s 0 or newer",
	NULL
};

static const char *const strictly_only[] = {
	"version %s only", "v%s only", "gpl %s 0 only", "gpl v%s only",
	"gplv%s only", "and no later version", "not any later version",
	"and only version %s", "only version %s", "gpl %s 0 only",
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

enum vers { V_NONE, V_ONLY, V_LATER, V_CONFLICT };

static enum vers gpl_version(const char *norm, const char *v)
{
	int later = has_any_v(norm, or_later, v) || later_near(norm, v);
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

/*
 * The GPL-family id the text states; NULL with *why when it does not
 * state one.  A GPL text that names no version is no decision: the 2017
 * series made it GPL-1.0+ (as the SPDX reading of "the GPL" is "any
 * version"), later work GPL-2.0 or GPL-2.0+, so a person decides, unless
 * the text points at the kernel's COPYING (GPL version 2, and "the only
 * valid version of the GPL as far as the kernel is concerned").
 */
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
	if (!lesser && has_any(norm, see_copying))
		return "GPL-2.0-only";
	*why = lesser ? "LGPL without a version" : "GPL without a version";
	return NULL;
}

static const char *const gpl_names[] = {
	"gnu general public license", "gpl", "gplv2", "gnu public license",
	"gnu gpl", "gpl v2", "gpl version 2", "gpl d", "gpl ed",
	NULL
};

/* Said without "GNU", these name the GPL unless "lesser" or "library"
 * comes first. */
static const char *const gpl_bare_names[] = {
	"general public license", "general public licence", NULL
};

static const char *const not_gpl_prefix[] = { "lesser", "library", NULL };

static const char *const lgpl_names[] = {
	"lesser general public license", "library general public license",
	"lesser general public licence", "library general public licence",
	"lgpl", "lgplv2", "lgplv2 1",
	NULL
};

static const char *const dual_words[] = {
	"alternatively", "dual licensed", "dual license", "dual licence",
	"dual licenced", "dually licensed", "choice of", "you may choose",
	"licensed under either", "under either the", "either license",
	"either licence", "either the gnu general public license",
	"or the bsd license", "or the mit license", "one of two licenses",
	"one of the above listed licenses", "one of the following licenses",
	"at your choosing", "at your choice", "dual bsd gpl", "dual mit gpl",
	"dual gpl bsd", "dual gpl mit",
	"distributed separately from the linux kernel",	/* Xen's headers */
	"under a dual", "x11 license or the", "or the x11 license",
	NULL
};

/* What the text says about one license family. */
struct family {
	int named;		/* the text names it */
	const char *id;		/* the SPDX id it states, or NULL */
	const char *name;	/* for the review list when no id */
	const char *why;	/* why there is no id */
};

/* BSD named as such: "BSD license", "dual BSD/GPL", "BSD-3-Clause", ... */
static int bsd_named(const char *norm)
{
	static const char *const next[] = {
		"license", "licence", "licenses", "licensed", "licenced",
		"style", "type", "like", "gpl", "gplv2", "2", "3", "or", NULL
	};
	static const char *const prev[] = {
		"dual", "new", "simplified", "modified", "revised", "clause",
		"gpl", "gplv2", NULL
	};

	for (const char *at = find(norm, "bsd"); at; at = find(at + 1, "bsd"))
		if (word_in(at + 5, next) ||
		    (at > norm && word_in(prev_word(norm, at), prev)))
			return 1;
	return 0;
}

static void bsd_family(const char *norm, struct family *f)
{
	static const char *const three[] = {
		"bsd 3 clause", "3 clause bsd", "new bsd", "modified bsd",
		"revised bsd", NULL
	};
	static const char *const two[] = {
		"bsd 2 clause", "2 clause bsd", "simplified bsd",
		"freebsd license", NULL
	};
	int src = has(norm, "redistributions of source code must retain");
	int bin = has(norm, "redistributions in binary form must reproduce");
	int n3 = has_any(norm, three), n2 = has_any(norm, two);

	f->name = "BSD";
	if (!src && !bin) {
		f->named = bsd_named(norm) || n2 || n3;
		if (n2 != n3)
			f->id = n3 ? "BSD-3-Clause" : "BSD-2-Clause";
		else
			f->why = "BSD without its text or its variant";
		return;
	}
	f->named = 1;
	if (has(norm, "all advertising materials mentioning") || !(src && bin)) {
		f->why = "a BSD variant other than 2- or 3-clause";
		return;
	}
	if (has(norm, "openib org bsd license"))
		f->id = "Linux-OpenIB";
	else if (has(norm, "no express or implied licenses to any party s patent rights"))
		f->id = "BSD-3-Clause-Clear";
	else if (has(norm, "endorse or promote"))
		f->id = "BSD-3-Clause";
	else
		f->id = "BSD-2-Clause";
	if ((n3 && strcmp(f->id, "BSD-3-Clause")) ||
	    (n2 && strcmp(f->id, "BSD-2-Clause"))) {
		f->id = NULL;
		f->why = "a BSD text of one variant named as another";
	}
}

static void mit_family(const char *norm, struct family *f)
{
	static const char *const names[] = {
		"mit license", "mit licence", "mit licensed", "mit style",
		"mit x11", "dual mit", "mit or", "or mit", "gpl mit", "mit gpl",
		NULL
	};

	static const char *const x11[] = {
		"x11 license", "x11 licence", "x11 licensed", "x11 licenced",
		"or x11", "x11 or", "gpl x11", "x11 gpl", NULL
	};

	f->name = "MIT";
	if (has(norm, "permission is hereby granted free of charge to any person obtaining a copy")) {
		f->named = 1;
		f->id = has(norm, "x consortium") ? "X11" : "MIT";
	} else if (has_any(norm, names)) {
		f->named = 1;
		f->id = "MIT";
	} else if (has_any(norm, x11)) {
		/* the X11 license by name, without the text: its own id */
		f->named = 1;
		f->id = "X11";
	}
}

/*
 * A family the text names with its name and version: @names say it is
 * named, @versions[i] (a phrase) gives @ids[i].
 */
static void named_family(const char *norm, struct family *f, const char *name,
			 const char *const *names, const char *const *versions,
			 const char *const *ids)
{
	f->name = name;
	f->named = has_any(norm, names);
	if (!f->named)
		return;
	for (int i = 0; versions[i]; i++)
		if (has(norm, versions[i])) {
			f->id = ids[i];
			return;
		}
	f->why = "a license without the version it is under";
}

enum { FAM_GPL, FAM_LGPL, FAM_BSD, FAM_MIT, FAM_ISC, FAM_ZLIB, FAM_MPL,
       FAM_APACHE, FAM_CDDL, FAM_CLN, FAM_CC, FAM_GFDL, FAM_OTHER, FAM_PD,
       FAM__N };

static void families(const char *norm, struct family *f)
{
	static const char *const mpl[] = {
		"mozilla public license", "mozilla public licence", "mpl", NULL
	};
	static const char *const mpl_v[] = {
		"mozilla public license version 1 1", "mozilla public license v 1 1",
		"mozilla public license v1 1", "mpl 1 1", "mpl v1 1", "mpl version 1 1",
		"mozilla public license version 2 0", "mozilla public license v 2 0",
		"mozilla public license 2 0", "mpl 2 0", "mpl v2 0", "mpl version 2 0", NULL
	};
	static const char *const mpl_ids[] = {
		"MPL-1.1", "MPL-1.1", "MPL-1.1", "MPL-1.1", "MPL-1.1", "MPL-1.1",
		"MPL-2.0", "MPL-2.0", "MPL-2.0", "MPL-2.0", "MPL-2.0", "MPL-2.0"
	};
	static const char *const apache[] = { "apache license", "apache licence", "apache 2 0", NULL };
	static const char *const apache_v[] = {
		"apache license version 2 0", "apache license 2 0", "apache license v2 0",
		"apache 2 0", NULL
	};
	static const char *const apache_ids[] = { "Apache-2.0", "Apache-2.0", "Apache-2.0", "Apache-2.0" };
	static const char *const cddl[] = { "common development and distribution license", "cddl", NULL };
	static const char *const cddl_v[] = {
		"common development and distribution license version 1 0",
		"common development and distribution license cddl version 1 0",
		"cddl 1 0", "cddl version 1 0", NULL
	};
	static const char *const cddl_ids[] = { "CDDL-1.0", "CDDL-1.0", "CDDL-1.0", "CDDL-1.0" };
	static const char *const cln[] = { "copyleft next", NULL };
	static const char *const cln_v[] = { "copyleft next version 0 3 1", "copyleft next 0 3 1", NULL };
	static const char *const cln_ids[] = { "copyleft-next-0.3.1", "copyleft-next-0.3.1" };
	static const char *const cc[] = { "creative commons", NULL };
	static const char *const cc_v[] = { "attribution 4 0 international", "cc by 4 0", NULL };
	static const char *const cc_ids[] = { "CC-BY-4.0", "CC-BY-4.0" };
	static const char *const gfdl[] = { "gnu free documentation license", "gfdl", NULL };
	static const char *const other[] = {
		"openssl license", "openssl licence", "cc0", "artistic license",
		"python software foundation license", "eclipse public license",
		"boost software license", "proprietary license",
		"proprietary licence", "commercial license", "commercial licence",
		"academic free license", "open software license", "sleepycat",
		"common public license", "ibm public license", "unlicense", "wtfpl",
		NULL
	};
	static const char *const none[] = { NULL };

	memset(f, 0, FAM__N * sizeof(*f));
	f[FAM_LGPL].name = "LGPL";
	f[FAM_LGPL].named = has_any(norm, lgpl_names);
	f[FAM_GPL].name = "GPL";
	f[FAM_GPL].named = has_any(norm, gpl_names) ||
			   has_unless_after(norm, gpl_bare_names, not_gpl_prefix);
	for (int k = FAM_GPL; k <= FAM_LGPL; k++)
		if (f[k].named)
			f[k].id = gpl_id(norm, k == FAM_LGPL, &f[k].why);
	bsd_family(norm, &f[FAM_BSD]);
	mit_family(norm, &f[FAM_MIT]);
	f[FAM_ISC].name = "ISC";
	if (has(norm, "permission to use copy modify and or distribute this software for any purpose with or without fee is hereby granted"))
		f[FAM_ISC].named = 1, f[FAM_ISC].id = "ISC";
	f[FAM_ZLIB].name = "Zlib";
	if (has(norm, "permission is granted to anyone to use this software for any purpose including commercial applications and to alter it and redistribute it freely"))
		f[FAM_ZLIB].named = 1, f[FAM_ZLIB].id = "Zlib";
	named_family(norm, &f[FAM_MPL], "MPL", mpl, mpl_v, mpl_ids);
	named_family(norm, &f[FAM_APACHE], "Apache", apache, apache_v, apache_ids);
	named_family(norm, &f[FAM_CDDL], "CDDL", cddl, cddl_v, cddl_ids);
	named_family(norm, &f[FAM_CLN], "copyleft-next", cln, cln_v, cln_ids);
	named_family(norm, &f[FAM_CC], "CC", cc, cc_v, cc_ids);
	named_family(norm, &f[FAM_GFDL], "GFDL", gfdl, none, NULL);
	named_family(norm, &f[FAM_OTHER], "another license", other, none, NULL);
	f[FAM_OTHER].why = "a license LICENSES/ does not hold";
	f[FAM_PD].name = "public domain";
	f[FAM_PD].named = has(norm, "public domain");
	f[FAM_PD].why = BP_WHY_PUBLIC_DOMAIN;
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

/* Note what was recognised, for the review list. */
static void recognised(struct bp_match *out, const struct family *f)
{
	for (int k = 0; k < FAM__N && out->nids < BP_MAX_IDS; k++)
		if (f[k].named)
			out->ids[out->nids++] = f[k].id ? f[k].id : f[k].name;
}

void boilerplate_detect(const char *buf, size_t len, struct bp_match *out)
{
	char norm[BP_HEAD_BYTES * 3 + 4], text[BP_HEAD_BYTES];
	struct family f[FAM__N];
	int named = 0;

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
	families(norm, f);
	for (int k = 0; k < FAM__N; k++)
		named += f[k].named;
	if (!named && has_any(norm, see_copying)) {	/* COPYING, no "GPL" said */
		out->verdict = BP_FOUND;
		out->ids[out->nids++] = "GPL-2.0-only";
		return;
	}
	recognised(out, f);
	out->verdict = named > 1 ? BP_AMBIGUOUS : BP_UNKNOWN;
	if (!named) {
		out->why = "license wording, no known boilerplate";
		return;
	}
	if (f[FAM_PD].named) {
		out->why = f[FAM_PD].why;
		return;
	}
	if (f[FAM_GPL].named && f[FAM_LGPL].named) {
		out->why = "both GPL and LGPL wording";
		return;
	}
	for (int k = 0; k < FAM__N; k++)
		if (f[k].named && !f[k].id) {
			out->why = f[k].why;
			return;
		}
	if (named > 2) {
		out->why = "more than two licenses";
		return;
	}
	if (named == 2 && !has_any(norm, dual_words)) {
		out->why = "two licenses without a statement of the choice";
		return;
	}
	out->verdict = BP_FOUND;
}

int boilerplate_is_gpl_family(const char *id)
{
	return !strncmp(id, "GPL-", 4) || !strncmp(id, "LGPL-", 5);
}

/* Does the sentence (normalised) speak about licensing? */
static int license_sentence(const char *norm)
{
	static const char *const subs[] = {
		"licen", "copyleft", "public domain", "redistribut",
		"free software", "warrant", "permission", NULL
	};
	static const char *const words[] = {
		"gpl", "gplv2", "lgpl", "bsd", "mit", "mpl", "copying", NULL
	};

	for (const char *const *s = subs; *s; s++)
		if (strstr(norm, *s))
			return 1;
	return has_any(norm, words) || strstr(norm, " gpl") || strstr(norm, " lgpl");
}

/* A line with nothing but white space and comment characters. */
static int blank_line(const char *p, const char *end)
{
	for (; p < end && *p != '\n'; p++)
		if (!strchr(" \t\r*/#;!-", *p))
			return 0;
	return 1;
}

/* Blank SPDX-License-Identifier: to the end of its line, in place. */
static void blank_tags(char *text, size_t len)
{
	char *p = text, *m;

	while ((m = memmem(p, len - (p - text), "SPDX-License-Identifier", 23))) {
		char *nl = memchr(m, '\n', len - (m - text));

		if (!nl)
			nl = text + len;
		memset(m, ' ', nl - m);
		p = nl;
	}
}

/*
 * A quick look for the words a license sentence needs, in any case, so
 * that the many files with nothing but their tag cost one pass.  @low is
 * room for @len bytes.
 */
static int any_license_word(const char *text, size_t len, char *low)
{
	static const char *const w[] = {
		"icen", "gpl", "arrant", "ermission", "edistribut", "opyleft",
		"ublic domain", "ree software", "bsd", NULL
	};

	for (size_t i = 0; i < len; i++)
		low[i] = lower(text[i]);
	for (const char *const *p = w; *p; p++)
		if (memmem(low, len, *p, strlen(*p)))
			return 1;
	return 0;
}

#define FNV_OFFSET	0xcbf29ce484222325ull
#define FNV_PRIME	0x100000001b3ull

uint64_t boilerplate_fingerprint(const char *buf, size_t len, char *words,
				 size_t size)
{
	static __thread char text[BP_HEAD_BYTES], norm[BP_HEAD_BYTES * 3 + 4];
	uint64_t h = FNV_OFFSET;
	const char *p, *end, *s;
	int kept = 0, line1 = 0, shebang;
	size_t wl = 0;

	if (size)
		words[0] = '\0';

	if (len > BP_HEAD_BYTES)
		len = BP_HEAD_BYTES;
	blank_module_license(buf, len, text);
	blank_tags(text, len);
	if (!any_license_word(text, len, norm))
		return 0;	/* most tagged files: nothing but the tag */
	shebang = len >= 2 && text[0] == '#' && text[1] == '!';
	end = text + len;
	for (p = s = text; p <= end; p++) {
		/* A sentence ends at ". ", at a blank line, at the end, and
		 * after a "#!" line, which stands alone whether a tag line
		 * follows it (and is blanked) or not. */
		int stop = p == end || (*p == '.' && (p + 1 == end || strchr(" \t\r\n", p[1]))) ||
			   (*p == '\n' && ((shebang && !line1++) || blank_line(p + 1, end)));

		if (!stop)
			continue;
		normalise(s, p - s, norm, sizeof(norm));
		s = p + 1;
		if (!license_sentence(norm))
			continue;
		for (const char *c = norm + 1; *c; c++)
			h = (h ^ (unsigned char)*c) * FNV_PRIME;
		if (wl + 1 < size)
			wl += snprintf(words + wl, size - wl, "%s%.*s", wl ? " " : "",
				       (int)strlen(norm + 1) - 1, norm + 1);
		h = (h ^ '|') * FNV_PRIME;
		kept = 1;
	}
	return !kept ? 0 : h ? h : 1;
}
