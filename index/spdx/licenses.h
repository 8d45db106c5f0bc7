/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * licenses: the tree's LICENSES/ directory.
 *
 * LICENSES/{preferred,dual,deprecated,exceptions}/NAME files open with
 * metatags, then "License-Text:" and the text:
 *   Valid-License-Identifier: ID      (one or more, license files)
 *   SPDX-Exception-Identifier: ID     (exception files)
 *   SPDX-Licenses: ID, ID, ...        (licenses an exception may follow)
 *   SPDX-URL:, Usage-Guide:, Usage-Guidance:
 * A struct licenses is built once, then read-only and safe to share
 * between threads.
 */
#ifndef SPDXFS_LICENSES_H
#define SPDXFS_LICENSES_H

#include <stddef.h>

struct source;
struct spdx_error;

struct license_file {
	char *name;		/* file name: "GPL-2.0", "Linux-syscall-note" */
	char *dir;		/* "preferred", "dual", "deprecated", "exceptions" */
	char *path;		/* "LICENSES/preferred/GPL-2.0" */
	int exception;		/* an exception file */
	char **ids;		/* declared identifiers, as spelled */
	int nids;
	char **allowed;		/* exceptions: SPDX-Licenses entries */
	int nallowed;
	char *url;		/* SPDX-URL, or NULL */
	size_t text_offset;	/* byte offset of the line after License-Text: */
	size_t size;		/* file size */
};

struct licenses {
	struct license_file *files;	/* sorted by name */
	int nfiles;
	int nlicense_ids, nexception_ids;
	void *byid;			/* private: id (any case) -> file */
};

/*
 * Read LICENSES/ through @src.  Every regular file below the four
 * directories is read (a missing directory is skipped); a file is an
 * exception file when it has an SPDX-Exception-Identifier tag.  Tags are
 * read from the start of a line up to "License-Text:" (a file without it
 * is all tags).  Errors: an identifier that is not an SPDX idstring
 * (letters, digits, '.' and '-'; a license's may end in '+'; idstrings
 * joined by single spaces pass, as the kernel's GFDL files declare
 * "GPL-2.0 OR GFDL-1.1-no-invariants-only") or is "." or "..", since every
 * id names a directory of the mount; an empty one; the same identifier
 * declared twice (in any case, licenses and exceptions share one
 * namespace), a file declaring no identifier, an exception without
 * SPDX-Licenses or naming a license no file declares, a file with both
 * kinds of identifier: -EINVAL.
 *
 * Returns 0 and sets *@out, -ENOENT when the tree has no LICENSES/
 * directory, or another -errno, with @err filled
 * ("LICENSES/preferred/X:3: invalid identifier \"a/b\" (...)",
 * "LICENSES/preferred/X: duplicate identifier GPL-2.0 (also in
 * LICENSES/preferred/GPL-2.0)", "LICENSES/exceptions/Y: no SPDX-Licenses",
 * ...).  Duplicates are reported in files[] order (by name).  A tree without
 * LICENSES/ can still be scanned: every id is then unknown.
 */
int licenses_load(struct licenses **out, struct source *src,
		  struct spdx_error *err);
void licenses_free(struct licenses *lic);

/* One license file of a tree that declares no metatags (a REUSE tree's
 * LICENSES/<ID>.txt): its path, the id its name gives, its size. */
struct license_decl {
	const char *id;
	const char *path;
	size_t size;
	int exception;		/* an exception id: it may follow any
				   license the others declare */
};

/*
 * The licenses @d[0..@n) declare, as licenses_load() would hold them
 * (dir "", text_offset 0), into *@out: an id declared again in any case
 * is left out.  Returns 0, or -ENOMEM with @err filled.
 */
int licenses_from_decls(struct licenses **out, const struct license_decl *d,
			int n, struct spdx_error *err);

/* The license or exception file declaring @id (any case); NULL if none
 * or @lic is NULL.  @len bytes of @id are used. */
const struct license_file *licenses_lookup(const struct licenses *lic,
					   const char *id, size_t len);

/* The declared spelling of @id (any case, @len bytes): "gpl-2.0" ->
 * "GPL-2.0"; NULL if no file declares it.  Valid as long as @lic. */
const char *licenses_spelling(const struct licenses *lic, const char *id,
			      size_t len);

/* Is license id @lid (as declared, any case) in exception file @exc's
 * SPDX-Licenses list? */
int licenses_exception_allows(const struct license_file *exc,
			      const char *lid, size_t len);

#endif
