/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spdx_index: the records of a built index (struct spdx_index: its
 * files, expressions and directories) and their lookups.  index.h builds
 * and frees one; every reader needs only this.
 *
 * A built index is immutable: any number of threads may read it with no
 * lock.  Updating means building a new one and swapping pointers.
 */
#ifndef SPDXFS_SPDX_INDEX_H
#define SPDXFS_SPDX_INDEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "source/file_stat.h"
#include "spdx/scan.h"

struct expr;
struct licenses;
struct reuse_tree;

/*
 * struct spdx_file.flags holds two sets: the scanner's (enum scan_flag)
 * in the bits of IDX_F_SCAN_MASK, which a rebuild takes over from the
 * previous index for an unchanged file and the saved index stores; and
 * the index's own above them, which every build decides again.
 */
#define IDX_F_SCAN_MASK	0x00ffffffu

/* Index-level flags (struct spdx_file.flags, above the scan flags). */
enum index_flag {
	IDX_F_UAPI	= 1u << 24,	/* a path component is "uapi" */
	IDX_F_STRICT	= 1u << 25,	/* scripts/spdxcheck.py would reject
					   the expression's syntax */
};

struct spdx_expr {
	const char *text;	/* as written (key) */
	struct expr *ast;	/* NULL when it does not parse */
	int valid;		/* parses and validates */
	unsigned col;		/* error column, relative to text */
	const char *error;	/* reason when !valid, else NULL */
	const char *strict_error; /* spdxcheck's syntax objection, or NULL */
	unsigned strict_col;
	unsigned expr_flags;	/* enum expr_flag */
	char *canonical;	/* canonical form, NULL when it does not parse */
	uint32_t nfiles;	/* files written with exactly this text */
};

struct spdx_file {
	const char *path;	/* relative to the root; in the index's pool */
	const char *leader;	/* comment leader, interned; "" if none */
	const char *error;	/* read error ("Permission denied"), or NULL */
	const char *copyright;	/* its copyright statements joined by "\n"
				   (copyright.h), interned; NULL if none */
	struct file_stat st;	/* the version scanned, as the source saw it */
	uint32_t flags;		/* enum scan_flag | enum index_flag */
	int32_t expr;		/* index into exprs[], -1 when untagged */
	uint16_t line, col;	/* tag position; col is 0-based */
	uint16_t second_line;	/* line of a second tag, 0 if none */
	uint8_t status;		/* enum spdx_status */
	uint8_t scan_status;	/* what the scanner saw: TAGGED, MISPLACED,
				   UNTAGGED (kept when invalid/excluded) */
	uint8_t origin;		/* a REUSE tree's: where its licenses (bits
				   of INDEX_ORIGIN_LICENSE) and copyright
				   statements (INDEX_ORIGIN_COPYRIGHT) came
				   from, 1 << enum reuse_src each (reuse.h);
				   0 in a kernel tree */
};

#define INDEX_ORIGIN_LICENSE(o)		((o) & 0x0fu)
#define INDEX_ORIGIN_COPYRIGHT(o)	(((o) >> 4) & 0x0fu)

/* How a tree's files are read (index_reuse.h decides). */
enum index_layout {
	INDEX_LAYOUT_KERNEL,	/* the kernel's rules: scan.h, licenses.h */
	INDEX_LAYOUT_REUSE,	/* the REUSE specification: reuse.h */
};

/* A directory of the tree, for views that mirror its permissions (all
 * but its path zero in an index built with index_opts.no_dir_stat). */
struct spdx_dir {
	const char *path;	/* relative; "" for the root */
	uint32_t mode, uid, gid;
	int64_t mtime_ns;
	int64_t ctime_ns;	/* moves with an ACL change too */
};

struct spdx_index {
	char *root;			/* the source's display name */
	struct spdx_file *files;	/* sorted by path (strcmp) */
	size_t nfiles;
	struct spdx_expr *exprs;	/* sorted by text */
	size_t nexprs;
	struct spdx_dir *dirs;		/* sorted by path, the root ("") first */
	size_t ndirs;
	char **symlinks;		/* paths, sorted */
	size_t nsymlinks;
	char **others;			/* fifos, sockets, devices, sorted */
	size_t nothers;
	struct licenses *lic;		/* NULL when the tree has no LICENSES/ */
	int lic_shared;			/* lic is index_opts.globals', freed
					   by their owner, not index_free() */
	char *lic_error;		/* why LICENSES/ could not be read */
	size_t count[ST__COUNT];	/* files per status */
	size_t rescanned;		/* files read by this build */
	enum index_layout layout;	/* INDEX_LAYOUT_REUSE: every file's
					   expression, copyright statements,
					   status and origin are the REUSE
					   reading's (index_reuse.h) */
	struct reuse_tree *reuse;	/* that reading itself (reuse.h),
					   kept when index_opts.keep_reuse
					   asked for it; else NULL */
	/* The source's stamp (ops->stamp), when the walk met only what
	 * the tree's version control tracks: the next build gives the
	 * source this index's paths as its prior (source.h). */
	int has_source_stamp;
	struct file_stat source_stamp;
	void *pool;			/* private: string storage */
	void *map;			/* private: a loaded saved index's
					   mapping, which strings point into */
	size_t maplen;
};

/* The file at @path, or NULL. */
const struct spdx_file *index_find(const struct spdx_index *idx,
				   const char *path);

/*
 * The first file of @idx whose read failed with EIO, or NULL.  In a git
 * revision that means a damaged object (a missing one is refused when
 * the source opens), not a file's state: the commands fail on it.
 */
const struct spdx_file *index_first_damaged(const struct spdx_index *idx);

/* The directory at @path ("" for the root), or NULL. */
const struct spdx_dir *index_find_dir(const struct spdx_index *idx,
				      const char *path);

static inline const struct spdx_expr *
index_file_expr(const struct spdx_index *idx, const struct spdx_file *f)
{
	return f->expr < 0 ? NULL : &idx->exprs[f->expr];
}

/* Without a valid tag: what spdxcheck would flag as missing or wrong. */
static inline int spdx_file_lacks_tag(const struct spdx_file *f)
{
	return f->status == ST_UNTAGGED || f->status == ST_INVALID ||
	       f->status == ST_ERROR;
}

/* With a valid tag, whose licenses the summary counts: then f->expr >= 0,
 * as index_build() classifies files. */
static inline int spdx_file_counted(const struct spdx_file *f)
{
	return f->status == ST_TAGGED || f->status == ST_MISPLACED;
}

/*
 * A directory the source could not list (whole), recorded with
 * ST_ERROR as its path and a '/' ("drivers/secret/"), which sorts where
 * its files would: counted as a file, never opened.
 */
static inline int spdx_file_is_dir(const struct spdx_file *f)
{
	size_t n = strlen(f->path);

	return n && f->path[n - 1] == '/';
}

/* Does @path have a "uapi" component? */
int path_is_uapi(const char *path);

/* Does the tagged expression of @f name exception "Linux-syscall-note"? */
int file_has_syscall_note(const struct spdx_index *idx, const struct spdx_file *f);

#endif
