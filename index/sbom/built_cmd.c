// SPDX-License-Identifier: GPL-2.0-only
/*
 * built_cmd: split a kbuild record's command into the words that can name
 * its inputs (built_cmd.h).
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "sbom/built_cmd.h"

static int is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* Ends an unquoted word, and (but for '<' and '>') the command. */
static int is_operator(char ch)
{
	return ch && strchr(";|&()<>", ch);
}

static int is_keyword(const char *w)
{
	static const char *const keywords[] = {
		"if", "then", "else", "elif", "fi", "do", "done", "while",
		"until", "!", "{", "}",
	};

	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (!strcmp(w, keywords[i]))
			return 1;
	return 0;
}

/* VAR=value before a command's program. */
static int is_assignment(const char *w)
{
	const char *eq = strchr(w, '=');

	if (!eq || eq == w || (*w >= '0' && *w <= '9'))
		return 0;
	for (const char *p = w; p < eq; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
		      (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return 0;
	return 1;
}

/* A program whose first argument is the script it runs. */
static int is_interpreter(const char *w)
{
	static const char *const names[] = {
		"sh", "bash", "dash", "perl", "python", "python3",
	};
	const char *base = strrchr(w, '/');

	base = base ? base + 1 : w;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(base, names[i]))
			return 1;
	return 0;
}

/*
 * One word from @p (below @end) into @buf, unquoted: its length, or
 * SIZE_MAX when it does not fit (it is skipped all the same); *@next is
 * where the scan goes on.
 */
static size_t word(const char *p, const char *end, char *buf, size_t size,
		   const char **next)
{
	size_t n = 0;
	int fits = 1;

	while (p < end && !is_blank(*p) && !is_operator(*p)) {
		char q = *p;

		if (q == '\'' || q == '"') {
			for (p++; p < end && *p != q; p++) {
				if (q == '"' && *p == '\\' && p + 1 < end)
					p++;
				if (n + 1 < size)
					buf[n++] = *p;
				else
					fits = 0;
			}
			p += p < end;	/* the closing quote */
			continue;
		}
		if (q == '\\' && p + 1 < end)
			p++;
		if (n + 1 < size)
			buf[n++] = *p;
		else
			fits = 0;
		p++;
	}
	buf[n] = '\0';
	*next = p;
	return fits ? n : SIZE_MAX;
}

/* built_cmd.h */
int built_cmd_words(const char *cmd, size_t len, built_word_fn fn, void *arg)
{
	enum { NONE, SKIP, SCRIPT, INPUT } pending = NONE;
	const char *p = cmd, *end = cmd + len;
	int start = 1, interp = 0, ret = 0;
	char buf[PATH_MAX];

	while (p < end && !ret) {
		size_t n;

		if (is_blank(*p)) {
			start |= *p == '\n';
			p++;
			continue;
		}
		if (*p == '<' || *p == '>') {
			int out = *p == '>';

			while (p < end && (*p == '<' || *p == '>'))
				p++;
			if (p < end && *p == '&') {	/* >&2: no file */
				while (++p < end && !is_blank(*p) && !is_operator(*p))
					;
				continue;
			}
			pending = out ? SKIP : INPUT;
			continue;
		}
		if (is_operator(*p)) {
			start = 1;
			interp = 0;
			pending = NONE;
			p++;
			continue;
		}
		n = word(p, end, buf, sizeof(buf), &p);
		if (n == SIZE_MAX || !n) {
			pending = NONE;
			continue;
		}
		if (pending != NONE) {
			if (pending != SKIP)
				ret = fn(buf, n, pending == SCRIPT ? BUILT_WORD_SCRIPT :
					 BUILT_WORD_INPUT, arg);
			pending = NONE;
		} else if (start) {
			if (is_keyword(buf) || is_assignment(buf))
				continue;
			start = 0;
			interp = is_interpreter(buf);
			ret = fn(buf, n, BUILT_WORD_PROGRAM, arg);
		} else if (buf[0] == '-') {
			if (!strcmp(buf, "-o"))
				pending = SKIP;
			else if (!strcmp(buf, "-T"))
				pending = SCRIPT;
			else if (buf[1] == 'T')
				ret = fn(buf + 2, n - 2, BUILT_WORD_SCRIPT, arg);
		} else if (interp) {
			interp = 0;
			ret = fn(buf, n, BUILT_WORD_PROGRAM, arg);
		} else {
			ret = fn(buf, n, BUILT_WORD_INPUT, arg);
		}
	}
	return ret;
}

/* built_cmd.h */
int built_incbin(const char *text, size_t len, built_word_fn fn, void *arg)
{
	const char *p = text, *end = text + len;
	char buf[PATH_MAX];
	int ret = 0;

	while (!ret && (p = memmem(p, end - p, ".incbin", 7))) {
		const char *q = p + 7, *close;

		p = q;
		if (q >= end || (*q != ' ' && *q != '\t'))
			continue;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q >= end || *q != '"')
			continue;
		q++;
		close = q;
		while (close < end && *close != '"' && *close != '\n' &&
		       *close != '\\')
			close++;
		if (close >= end || *close != '"' || close == q ||
		    (size_t)(close - q) >= sizeof(buf))
			continue;
		memcpy(buf, q, close - q);
		buf[close - q] = '\0';
		ret = fn(buf, close - q, BUILT_WORD_INPUT, arg);
		p = close + 1;
	}
	return ret;
}
