/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * built: the tree files that went into a kernel image, from the build's
 * own dependency records.
 *
 * In a kernel build directory (in-tree or O=), .vmlinux.o.cmd names the
 * archives linked into vmlinux (vmlinux.a whole, lib.a archives on
 * demand, so their members are a superset); each archive is a thin
 * archive listing object paths; each object's .NAME.o.cmd has its
 * source_ and deps_ records (gcc -MMD), whose files are the sources and
 * headers compiled into it.  So are the records of the objects that
 * scripts/link-vmlinux.sh links besides vmlinux.o (.vmlinux.export.o,
 * init/version-timestamp.o: no record names them), when they are there,
 * and the linker script's.  A boot image made of vmlinux
 * (arch/ARCH/boot/bzImage) is followed from its record too: the setup
 * code and the decompressor are compiled into it.
 *
 * A file of the build directory met on the way (a generated source or
 * header, an .incbin blob) is followed back through its own record: its
 * source_ and deps_ when it was compiled, else the files its command
 * names (built_cmd.h): the program that made it, the linker script, the
 * inputs; and the .incbin blobs of each assembler source.  Three headers
 * of the top Kbuild file that filechk writes without a record are made
 * from a record's file (bounds.h from kernel/bounds.s, asm-offsets.h
 * from arch/ARCH/kernel/asm-offsets.s, rq-offsets.h from
 * kernel/sched/rq-offsets.s).  Each tree file gets why it is there
 * (enum built_why, the first that applies): compiled into an object
 * vmlinux links; embedded, compiled into an object of a blob the image
 * holds (the vDSO through vdso2c's generated C, the real-mode code
 * through .incbin); a linker script, or what one includes; a generator
 * input, named on a generator's command line, compiled into a generator
 * (asm-offsets.c, a host program) or run as one.  Each file is followed
 * once per way it was reached, however often it is named, so a cycle of
 * records ends.
 *
 * Paths of the build directory (generated files) are counted apart;
 * so are paths outside both the tree and the build directory
 * ("/etc/shadow" in a crafted record), which are never read.  A command
 * word is a file only when it is one below the tree or the build
 * directory; nothing else is looked at.  Nothing here runs a tool or
 * writes.
 *
 * A build directory may be hostile: nothing in it but the records,
 * archives and assembler sources named above is opened, none of them
 * unless it is a regular file (a FIFO never blocks), each archive and
 * record is read once however often it is listed, an archive member
 * naming a path outside the build directory is an error, an archive is
 * read strictly (built_thin_members()), and at most BUILT_FOLLOW_MAX
 * generated files are followed (-E2BIG: "BUILD_DIR: more than N
 * generated files to follow").
 */
#ifndef SPDXFS_BUILT_H
#define SPDXFS_BUILT_H

#include <stddef.h>

#define BUILT_FOLLOW_MAX 100000

/* Why a tree file is in the bill of materials, strongest first. */
enum built_why {
	BUILT_COMPILED,		/* into an object vmlinux links */
	BUILT_EMBEDDED,		/* into a blob the image holds */
	BUILT_LINKER_SCRIPT,	/* a linker script, or what one includes */
	BUILT_GENERATOR_INPUT,	/* what a generated file was made from */
	BUILT_NWHY
};

struct built_path {
	char *path;		/* relative to the tree */
	enum built_why why;
};

struct built {
	char *srctree;		/* absolute path of the source tree */
	struct built_path *paths;	/* tree files, sorted, unique */
	size_t npaths;
	size_t nwhy[BUILT_NWHY];	/* of paths, per why */
	size_t nobjects;	/* objects whose records were read */
	size_t nno_record;	/* objects without a .cmd record */
	size_t nfollowed;	/* records of generated files read */
	size_t ngenerated;	/* distinct files of the build directory
				   outside the source tree */
	size_t noutside;	/* paths outside both, counted as often
				   as named */
	char *outside;		/* the first of them, or NULL */
	char *boot_image;	/* "arch/x86/boot/bzImage" when its record
				   was followed too, or NULL */
};

/* "compiled", "embedded", "linker-script", "generator-input". */
const char *built_why_name(enum built_why why);

/* Why tree file @path is in @b, or -1 when it is not. */
int built_why_of(const struct built *b, const char *path);

struct spdx_error;

/*
 * Collect the files of @build_dir's vmlinux.  Returns 0 and sets *@out,
 * or -errno with @err filled, naming the record or archive at fault
 * (-ENOENT: "BUILD_DIR: no vmlinux.a: not a built kernel build
 * directory"; -ENOTSUP: "BUILD_DIR/X.a: not a thin archive"; -EINVAL:
 * "BUILD_DIR/X.a: offset 68: a member header cut short", or a record,
 * archive or link record that is no regular file: "BUILD_DIR/X: not a
 * regular file").
 */
int built_collect(struct built **out, const char *build_dir,
		  struct spdx_error *err);
void built_free(struct built *b);

typedef int (*built_member_fn)(const char *name, size_t len, void *arg);

/*
 * The member names of thin archive @buf of @len bytes ("!<thin>\n" and
 * 60-byte headers, as GNU ar writes them: short names "NAME/", long ones
 * "/OFFSET" into the "//" table, whose entries end in "/\n"; the symbol
 * table and the long names are the only data stored), each in order to
 * @fn with its length, not terminated; a nonzero return of @fn stops the
 * walk with that value.  Strict and bounded: it reads nothing outside
 * @buf, and any header cut short, malformed, or pointing outside the
 * archive fails the whole archive with -EINVAL, *@at the offset of the
 * header at fault and *@why (static text) what is wrong.  -ENOTSUP
 * without the thin magic.
 */
int built_thin_members(const char *buf, size_t len, built_member_fn fn,
		       void *arg, size_t *at, const char **why);

/*
 * Collapse "//", "/./" and "dir/../" of path @p in place, lexically (a
 * leading "../" stays).  Returns the new length; @p is not terminated.
 */
size_t built_normalize(char *p, size_t len);

#endif
