/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * filetype: what a file's name says about where its SPDX tag goes.
 *
 * Answers come from the path alone (and whether line 1 is a "#!" line),
 * so every function here is pure and thread-safe.
 *
 * checkpatch.pl's table, as scripts/checkpatch.pl of Linux 6.1 has it
 * (the comment a tag on its first line must open with):
 *   "/" "*"  .h .s .S
 *   "//"     .c .rs .dts .dtsi
 *   "#"      .sh .pl .py .awk .tc .yaml, and any file whose line 1 is "#!"
 *   ".."     .rst
 * Every other file has no rule there.  The first match wins, in that
 * order, so a .h file with a "#!" line still wants "/" "*".
 *
 * license-rules.rst puts the tag "at the first possible line in a file
 * which can contain a comment".  A plain text file (COPYING, *.txt)
 * cannot hold one: a bare tag in its prose is where it belongs, on
 * whatever line.  filetype_has_comments() says which files can.
 */
#ifndef SPDXFS_FILETYPE_H
#define SPDXFS_FILETYPE_H

/* checkpatch.pl's comment for @path ("//", "/" "*", "#", ".."), or NULL
 * when it has none.  @shebang: line 1 is a "#!" line. */
const char *filetype_checkpatch_comment(const char *path, int shebang);

/* Does checkpatch.pl check @path's comment style (.c .h .s .S)? */
int filetype_checkpatch_style(const char *path);

/* Does checkpatch.pl look for misplaced tags in @path (.h .c .rs .s .S
 * .sh .dtsi .dts)? */
int filetype_checkpatch_source(const char *path);

/*
 * Is @path of a type known to hold comments: checkpatch.pl's table, a
 * "#!" script, and the types the tagging series writes (tag.h): .dtso
 * .cocci .lds .asm .y .l .bash .pm .mk .yml, Makefile*, Kbuild*,
 * Kconfig*?
 */
int filetype_has_comments(const char *path, int shebang);

/*
 * What kind of file @path is, for the file types of an SPDX document,
 * from its name, whether line 1 is "#!" (@shebang) and whether its head
 * holds a NUL byte (@binary).  The first row that matches wins:
 *   ARCHIVE        .gz .xz .bz2 .zst .lz4 .lzma .lzo .tar .tgz .zip .cpio
 *   IMAGE          .png .jpg .jpeg .gif .svg .ppm .pbm .pgm .bmp .ico
 *   FIRMWARE       a binary .bin or .fw, or any binary under firmware/
 *   BINARY         any other binary
 *   CONFIGURATION  *defconfig .config .kunitconfig .cfg .conf .gitignore
 *   SOURCE         checkpatch.pl's sources (.c .h .S ... .sh) and "#!"
 *                  scripts, wherever they are
 *   DOCUMENTATION  under Documentation/, .rst .txt .md .html .tex, man
 *                  pages (.1 to .9), README*, COPYING*, CREDITS,
 *                  MAINTAINERS, LICENSES/
 *   SOURCE         the rest of filetype_has_comments(): Kconfig,
 *                  Makefile, .dts, .yaml, ...
 *   TEXT           everything else
 */
enum filetype_kind {
	FILETYPE_SOURCE,
	FILETYPE_DOCUMENTATION,
	FILETYPE_CONFIGURATION,
	FILETYPE_TEXT,
	FILETYPE_BINARY,
	FILETYPE_FIRMWARE,
	FILETYPE_ARCHIVE,
	FILETYPE_IMAGE,
	FILETYPE_NKINDS
};

enum filetype_kind filetype_kind(const char *path, int shebang, int binary);

#endif
