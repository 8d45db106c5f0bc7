// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_rev: the current directory's git repository; revisions named on a
 * command line (cli_rev.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_rev.h"
#include "error.h"
#include "history.h"

/* Does @dir hold @name (a directory when @want_dir)? */
static int has(const char *dir, const char *name, int want_dir)
{
	char path[PATH_MAX];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path) || lstat(path, &st))
		return 0;
	return !want_dir || S_ISDIR(st.st_mode);
}

static int is_git_dir(const char *dir)
{
	return has(dir, "HEAD", 0) && has(dir, "objects", 1) &&
	       has(dir, "refs", 1);
}

int cli_cwd_repo(char **repo)
{
	char *dir = realpath(".", NULL), *slash;

	*repo = NULL;
	if (!dir)
		return -errno;
	for (;;) {
		if (has(dir, ".git", 0) || is_git_dir(dir)) {
			*repo = dir;
			return 0;
		}
		slash = strrchr(dir, '/');
		if (!slash || !strcmp(dir, "/"))
			break;
		slash[slash == dir] = '\0';
	}
	free(dir);
	return -ENOENT;
}

/* Does the @len bytes of @rev (none: HEAD) name a commit or a tree? */
static int resolves(const char *repo, const char *rev, size_t len)
{
	struct spdx_error err;
	char id[41], *r = strndup(rev, len);
	int ret;

	if (!r)
		return 0;
	ret = history_resolve(id, repo, len ? r : NULL, &err);
	free(r);
	return !ret || ret == -ENOENT;
}

int cli_is_rev(const char *repo, const char *text)
{
	const char *dots = strstr(text, "..");

	if (!*text)
		return 0;
	if (!dots)
		return resolves(repo, text, strlen(text));
	if (dots[2] == '.')	/* A...B: not a range history walks */
		return 0;
	return resolves(repo, text, dots - text) &&
	       resolves(repo, dots + 2, strlen(dots + 2));
}

int cli_repo_check(const char *repo)
{
	struct spdx_error err;
	char id[41];

	if (history_resolve(id, repo, NULL, &err) != -EIO)
		return 0;
	cli_error("%s", err.msg);
	return 2;
}
