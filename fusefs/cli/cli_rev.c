// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli_rev: the current directory's git repository; revisions named on a
 * command line (cli_rev.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_rev.h"
#include "util/error.h"
#include "git/gitinfo.h"
#include "history/history.h"
#include "root.h"

int cli_cwd_repo(char **repo)
{
	return tree_root_repo(repo, ".");
}

/* Does the @len bytes of @rev (none: HEAD) name a commit or a tree? */
static int resolves(const char *repo, const char *rev, size_t len)
{
	struct spdx_error err;
	char id[41], *r = strndup(rev, len);
	int ret;

	if (!r)
		return 0;
	ret = gitinfo_resolve(id, repo, len ? r : NULL, &err);
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

	if (gitinfo_resolve(id, repo, NULL, &err) != -EIO)
		return 0;
	cli_error("%s", err.msg);
	return 2;
}
