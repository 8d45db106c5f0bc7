// SPDX-License-Identifier: GPL-2.0-only
/*
 * source: the one way to open a tree, and what every source shares.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/error.h"
#include "source/source.h"
#include "source/source_impl.h"

int source_open(struct source **out, const struct source_spec *spec,
		struct spdx_error *err)
{
	switch (spec->type) {
	case SOURCE_DIR:
		return source_fs_new(out, spec, err);
	case SOURCE_GIT:
		return source_git_new(out, spec, err);
	case SOURCE_GIT_STAGED:
		return source_staged_new(out, spec, err);
	}
	return spdx_error_set(err, -EINVAL, "unknown source type %d",
			      (int)spec->type);
}

/*
 * Read @f to the end, at most @max bytes: the size it had when opened is
 * a first guess, not a promise (the file may grow meanwhile).
 */
static int read_file(struct source *src, struct src_file *f, uint64_t size,
		     size_t max, char **buf, size_t *len)
{
	size_t cap = size < max ? size + 1 : max + 1, n = 0;
	char *p = NULL, *q;
	ssize_t r;

	for (;;) {
		q = realloc(p, cap + 1);
		if (!q) {
			free(p);
			return -ENOMEM;
		}
		p = q;
		r = source_pread(src, f, p + n, cap - n, n);
		if (r < 0) {
			free(p);
			return r;
		}
		n += r;
		if (n < cap)
			break;
		if (n > max) {
			free(p);
			return -EFBIG;
		}
		cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
	}
	p[n] = '\0';
	*buf = p;
	if (len)
		*len = n;
	return 0;
}

int source_path_ok(const char *path)
{
	for (const char *p = path;; p++) {
		const char *c = p;

		while (*p && *p != '/')
			p++;
		if (p == c || (p - c == 1 && c[0] == '.') ||
		    (p - c == 2 && c[0] == '.' && c[1] == '.'))
			return 0;
		if (!*p)
			return 1;
	}
}

ssize_t source_mem_pread(const void *data, uint64_t size, void *buf,
			 size_t len, uint64_t off)
{
	if (off >= size)
		return 0;
	if (len > size - off)
		len = size - off;
	memcpy(buf, (const char *)data + off, len);
	return len;
}

int source_read_all(struct source *src, const char *path, size_t max,
		    char **buf, size_t *len)
{
	struct src_file *f;
	struct file_stat st;
	int ret;

	ret = source_file_open(src, path, NULL, &f, &st);
	if (ret)
		return ret;
	ret = st.size > max ? -EFBIG : read_file(src, f, st.size, max, buf, len);
	source_file_close(src, f);
	return ret;
}

ssize_t source_read_head(struct source *src, const char *path, void *buf,
			 size_t len)
{
	struct src_file *f;
	struct file_stat st;
	ssize_t n;
	int ret;

	ret = source_file_open(src, path, NULL, &f, &st);
	if (ret)
		return ret;
	n = source_pread(src, f, buf, len, 0);
	source_file_close(src, f);
	return n;
}

int file_open_regular(const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, st) < 0)
		ret = -errno;
	else if (!S_ISREG(st->st_mode))
		ret = S_ISDIR(st->st_mode) ? -EISDIR : -EINVAL;
	if (ret) {
		close(fd);
		return ret;
	}
	return fd;
}

const char *file_strerror(int err)
{
	return err == -EINVAL ? "not a regular file" : strerror(-err);
}

int file_read_all(const char *path, size_t max, char **buf, size_t *len)
{
	struct stat st;
	char *p = NULL;
	size_t n = 0;
	int fd = file_open_regular(path, &st), ret = 0;

	if (fd < 0)
		return fd;
	if ((uint64_t)st.st_size > max)
		ret = -EFBIG;
	else if (!(p = malloc(st.st_size + 1)))
		ret = -ENOMEM;
	while (!ret && n < (size_t)st.st_size) {
		ssize_t r = read(fd, p + n, st.st_size - n);

		if (r > 0)
			n += r;
		else if (!r)
			ret = -EIO;	/* the file shrank meanwhile */
		else if (errno != EINTR)
			ret = -errno;
	}
	close(fd);
	if (ret) {
		free(p);
		return ret;
	}
	p[n] = '\0';
	*buf = p;
	if (len)
		*len = n;
	return 0;
}
