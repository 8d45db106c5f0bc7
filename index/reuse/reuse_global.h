/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * reuse_global: a REUSE tree's bulk annotations, from its REUSE.toml
 * files (REUSE 3.2+) or from .reuse/dep5 (REUSE 3.0), and which of them
 * apply to a path (reuse.h states the matching and precedence rules).
 * Built once by reuse_global_read(), read-only afterwards.
 */
#ifndef SPDXFS_REUSE_GLOBAL_H
#define SPDXFS_REUSE_GLOBAL_H

#include <stddef.h>

struct source;
struct spdx_error;

enum reuse_precedence {
	REUSE_CLOSEST,
	REUSE_AGGREGATE,
	REUSE_OVERRIDE,
};

struct reuse_annotation {
	char **globs;
	size_t nglobs;
	enum reuse_precedence prec;
	char **copyrights;
	size_t ncopyrights;
	char **exprs;
	size_t nexprs;
};

/* One REUSE.toml, or .reuse/dep5 (dir "", dep5 set). */
struct reuse_global_file {
	char *path;		/* "REUSE.toml", "a/b/REUSE.toml" */
	char *dir;		/* "", "a/b/": the prefix its globs are
				   relative to */
	int dep5;
	struct reuse_annotation *anns;
	size_t nanns;
};

struct reuse_global {
	struct reuse_global_file *files;	/* outermost first */
	size_t nfiles;
};

/* An annotation that applies to a path, and the file it is from. */
struct reuse_hit {
	const struct reuse_annotation *ann;
	const struct reuse_global_file *file;
};

/*
 * Read the REUSE.toml files @tomls (paths of @src; NULL or none: no such
 * file) or, with @dep5 set, .reuse/dep5.  Returns 0, -EINVAL with @err
 * naming the file, the line and what was refused, -ENOMEM, or the
 * -errno of reading a file.  @g is zeroed first and holds nothing to
 * release on failure.
 */
int reuse_global_read(struct reuse_global *g, struct source *src,
		      const char *const *tomls, size_t ntomls, int dep5,
		      struct spdx_error *err);
void reuse_global_release(struct reuse_global *g);

/*
 * The annotations that apply to @path, outermost REUSE.toml first, the
 * last match of each file, stopping after the first "override", into
 * @hits (room for g->nfiles).  Returns how many.
 */
size_t reuse_global_match(const struct reuse_global *g, const char *path,
			  struct reuse_hit *hits);

int reuse_toml_glob_match(const char *glob, const char *path);
int reuse_dep5_glob_match(const char *glob, const char *path);

#endif
