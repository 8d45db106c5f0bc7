// SPDX-License-Identifier: GPL-2.0-only
/*
 * root: find a directory's tree by walking up; name paths in it (see
 * root.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "root.h"

/* Does directory @dir hold @name (of any kind; a directory when @want_dir)? */
static int has_entry(const char *dir, const char *name, int want_dir)
{
	char path[PATH_MAX];
	struct stat st;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", strcmp(dir, "/") ? dir : "",
			     name) >= sizeof(path))
		return 0;
	if (fstatat(AT_FDCWD, path, &st, AT_SYMLINK_NOFOLLOW))
		return 0;
	return !want_dir || S_ISDIR(st.st_mode);
}

/* Is @dir a git directory, as git tells one (HEAD, objects/, refs/)? */
static int is_git_dir(const char *dir)
{
	return has_entry(dir, "HEAD", 0) && has_entry(dir, "objects", 1) &&
	       has_entry(dir, "refs", 1);
}

/* Cut the last component of absolute @path in place; 0 at "/". */
static int go_up(char *path)
{
	char *slash = strrchr(path, '/');

	if (!strcmp(path, "/"))
		return 0;
	if (slash == path)
		slash[1] = '\0';
	else
		*slash = '\0';
	return 1;
}

/* @dir as a path below @root: NULL when it is not inside it. */
static const char *inside(const char *root, const char *dir)
{
	size_t n = strlen(root);

	if (!strcmp(root, "/"))
		return dir + 1;
	if (strncmp(dir, root, n))
		return NULL;
	if (!dir[n])
		return dir + n;
	return dir[n] == '/' ? dir + n + 1 : NULL;
}

int tree_root_find(struct tree_root *r, const char *dir)
{
	struct stat st;
	char *up;

	memset(r, 0, sizeof(*r));
	r->dir = realpath(dir, NULL);
	if (!r->dir)
		return -errno;
	if (stat(r->dir, &st) || !S_ISDIR(st.st_mode)) {
		free(r->dir);
		r->dir = NULL;
		return -ENOTDIR;
	}
	up = strdup(r->dir);
	if (!up) {
		free(r->dir);
		r->dir = NULL;
		return -ENOMEM;
	}
	r->kind = ROOT_NONE;
	do {
		if (has_entry(up, "LICENSES", 1))
			r->kind = ROOT_LICENSES;
		else if (has_entry(up, ".git", 0))
			r->kind = ROOT_GIT;
		else if (is_git_dir(up)) {
			tree_root_release(r);
			free(up);
			return -EMEDIUMTYPE;
		}
	} while (r->kind == ROOT_NONE && go_up(up));
	if (r->kind == ROOT_NONE)
		strcpy(up, r->dir);
	r->root = up;
	r->under = inside(r->root, r->dir);
	return 0;
}

int tree_root_repo(char **repo, const char *dir)
{
	char *up = realpath(dir, NULL);

	*repo = NULL;
	if (!up)
		return -errno;
	do {
		if (has_entry(up, ".git", 0) || is_git_dir(up)) {
			*repo = up;
			return 0;
		}
	} while (go_up(up));
	free(up);
	return -ENOENT;
}

void tree_root_release(struct tree_root *r)
{
	free(r->root);
	free(r->dir);
	memset(r, 0, sizeof(*r));
}

/* Append the components of @s to absolute path @out of length *@n,
 * resolving ".", ".." and empty ones by name. */
static void append_components(char *out, size_t *n, const char *s)
{
	while (*s) {
		size_t len;

		while (*s == '/')
			s++;
		len = strcspn(s, "/");
		if (!len)
			break;
		if (len == 2 && s[0] == '.' && s[1] == '.') {
			while (*n > 1 && out[*n - 1] != '/')
				--*n;
			if (*n > 1)
				--*n;	/* the '/' before it */
		} else if (len != 1 || s[0] != '.') {
			if (*n > 1)
				out[(*n)++] = '/';
			memcpy(out + *n, s, len);
			*n += len;
		}
		s += len;
	}
	out[*n] = '\0';
}

/* @base + "/" + @arg (or @arg alone when absolute), resolved by name,
 * as a new absolute path. */
static char *join_normalize(const char *base, const char *arg)
{
	int absolute = arg[0] == '/';
	char *out = malloc((absolute ? 0 : strlen(base)) + strlen(arg) + 3);
	size_t n = 1;

	if (!out)
		return NULL;
	strcpy(out, "/");
	if (!absolute)
		append_components(out, &n, base);
	append_components(out, &n, arg);
	return out;
}

/* @abs, outside the root by name, with its directory's symlinks
 * resolved: a new absolute path, or NULL with errno set. */
static char *resolve_dir(const char *abs)
{
	const char *slash = strrchr(abs, '/');
	char *dir, *real, *out;

	if (slash == abs) {	/* "/name" or "/" */
		errno = EXDEV;
		return NULL;
	}
	dir = strndup(abs, slash - abs);
	if (!dir)
		return NULL;
	real = realpath(dir, NULL);
	free(dir);
	if (!real)
		return NULL;
	out = malloc(strlen(real) + strlen(slash) + 1);
	if (out)
		sprintf(out, "%s%s", strcmp(real, "/") ? real : "", slash);
	free(real);
	return out;
}

int tree_root_path(const struct tree_root *r, const char *base,
		   const char *arg, char **out)
{
	char *abs = join_normalize(base ? base : r->dir, arg), *real = NULL;
	const char *rel;
	int ret = 0;

	if (!abs)
		return -ENOMEM;
	rel = inside(r->root, abs);
	if (!rel) {
		real = resolve_dir(abs);
		if (!real)
			ret = errno == ENOMEM ? -ENOMEM : errno == EXDEV ? -EXDEV : -ENOENT;
		else if (!(rel = inside(r->root, real)))
			ret = -EXDEV;
	}
	if (!ret && !(*out = strdup(rel)))
		ret = -ENOMEM;
	free(real);
	free(abs);
	return ret;
}
