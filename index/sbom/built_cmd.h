/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * built_cmd: the files a kbuild record's command line names, and those an
 * assembler source pulls in with .incbin.
 *
 * A .cmd record's "cmd_T := ..." (since 6.3 "savedcmd_T := ...") line is
 * the shell command make ran to make T, already expanded.  This splits
 * it the way sh would split a simple one: words separated by blanks,
 * '...' and "..." quoted, a backslash escaping the next byte; ';', '|',
 * '&', '(' and ')' start a new command.  Each word that can name an input
 * is handed on with its role:
 *
 *   BUILT_WORD_PROGRAM  the program a command runs: its first word (after
 *                       VAR=value assignments and the keywords if, then,
 *                       else, elif, fi, do, done, while, until, !, {, }),
 *                       and the script an interpreter (sh, bash, dash,
 *                       perl, python, python3) runs: its first word that
 *                       is no option
 *   BUILT_WORD_SCRIPT   a linker script: the word after -T, or the rest of
 *                       a word -TPATH
 *   BUILT_WORD_INPUT    any other word that is no option (does not start
 *                       with '-'), and the word after '<'
 *
 * Never handed on: options, the word after -o, the word after '>' or
 * '>>' (outputs), ">&N" redirections.  The words are unquoted into a
 * buffer of PATH_MAX bytes; a longer one, which no path can be, is
 * dropped.  Which words name files is the caller's question.
 *
 * Nothing here reads or writes a file; all is bounded by the text.
 */
#ifndef SPDXFS_BUILT_CMD_H
#define SPDXFS_BUILT_CMD_H

#include <stddef.h>

enum built_word {
	BUILT_WORD_PROGRAM,
	BUILT_WORD_SCRIPT,
	BUILT_WORD_INPUT,
};

/* A word of @len bytes, terminated; a nonzero return stops the walk. */
typedef int (*built_word_fn)(const char *word, size_t len,
			     enum built_word role, void *arg);

/* The words of command @cmd (@len bytes), in order.  Returns 0 or what
 * @fn returned. */
int built_cmd_words(const char *cmd, size_t len, built_word_fn fn, void *arg);

/*
 * The path of each '.incbin "PATH"' in assembler source @text (@len
 * bytes), in order, to @fn as BUILT_WORD_INPUT: the directive anywhere on
 * a line, blanks, then a double-quoted path without escapes.  Returns 0
 * or what @fn returned.
 */
int built_incbin(const char *text, size_t len, built_word_fn fn, void *arg);

#endif
