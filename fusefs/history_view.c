// SPDX-License-Identifier: GPL-2.0-only
/*
 * history_view: the mount's history/ files, made on demand and kept by
 * the commit they end at (history_view.h).
 */
#define FUSE_USE_VERSION 35

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <fuse_lowlevel.h>

#include "history/chart.h"
#include "fs.h"
#include "git/gitinfo.h"
#include "history/history.h"
#include "history_view.h"
#include "log.h"
#include "snapshot.h"

#define HEAD_MASK (IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | \
		   IN_DELETE | IN_ONLYDIR)

struct hist_view {
	char *repo;
	char *gitdir;		/* a work tree's, ending in '/'; else NULL */
	char fixed[41];		/* --rev: the commit; else "" */
	size_t max;
	pthread_mutex_t lock;	/* protects cur and busy, nothing else:
				   never held while a history is made */
	pthread_cond_t done;	/* busy went to 0 */
	struct hist_data *cur;	/* the result kept, or NULL */
	int busy;		/* a request is making one */
	unsigned long moves;	/* times the watcher saw HEAD move */
	unsigned long events;	/* times it saw the git directory change */
	char failed[41];	/* the commit whose history failed last, */
	int have_failed;	/* if any: EIO again with no new log line,
				   until something changes in the git
				   directory (a fetch that brings the
				   missing objects) */
	/* The HEAD watcher: */
	struct spdxfs *fs;
	int ifd;
	int stop[2];
	pthread_t tid;
	int started;
	char seen[41];		/* HEAD as the watcher saw it last */
};

void hist_data_put(struct hist_data *d)
{
	if (!d || atomic_fetch_sub(&d->refs, 1) != 1)
		return;
	for (int i = 0; i < HIST_NFILES; i++)
		free(d->file[i].data);
	free(d);
}

/* The commit the history ends at now, into @key ("" before the first
 * commit: a history of none): 0 or -EIO (logged). */
static int hist_key(struct hist_view *hv, char key[41])
{
	struct spdx_error err;
	int ret;

	if (hv->fixed[0]) {
		memcpy(key, hv->fixed, 41);
		return 0;
	}
	ret = gitinfo_resolve(key, hv->repo, NULL, &err);
	if (ret == -ENODATA) {
		key[0] = '\0';
		return 0;
	}
	if (ret) {
		log_msg(LOG_ERR, "history: %s", err.msg);
		return -EIO;
	}
	return 0;
}

/* Write the rows as file @i of @d. */
static int hist_render(struct hist_data *d, int i, const struct history_commit *c,
		       const struct history_row *rows, size_t n)
{
	FILE *f = open_memstream(&d->file[i].data, &d->file[i].len);
	int ret;

	if (!f)
		return -ENOMEM;
	ret = i == HIST_CSV ? history_write_csv(f, c, rows, n) :
			      chart_history_svg(f, c, rows, n);
	if (ferror(f))
		ret = -ENOMEM;
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	return ret;
}

/* The history ending at @key, made now, into *@out (one reference). */
static int hist_make(struct hist_view *hv, const char *key, struct hist_data **out)
{
	struct history_opts ho = { 0 };
	struct history_commit *c = NULL;
	struct history_row *rows = NULL;
	struct spdx_error err;
	struct hist_data *d;
	size_t n = 0;
	int ret;

	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	atomic_init(&d->refs, 1);
	memcpy(d->key, key, 41);
	ret = key[0] ? history_list(&c, &n, hv->repo, key, 1, hv->max, &err) : 0;
	if (!ret)
		ret = history_rows(&rows, hv->repo, c, n, &ho, &err);
	if (ret) {
		log_msg(LOG_ERR, "history: %s", err.msg);
		ret = ret == -ENOMEM ? ret : -EIO;
		goto out;
	}
	if (n)
		d->time_ns = c[n - 1].time * 1000000000LL;
	for (int i = 0; !ret && i < HIST_NFILES; i++)
		ret = hist_render(d, i, c, rows, n);
	if (ret)
		log_msg(LOG_ERR, "history: %s", strerror(-ret));
out:
	history_rows_free(rows, rows ? n : 0);
	history_free(c, n);
	if (ret) {
		hist_data_put(d);
		return ret;
	}
	*out = d;
	return 0;
}

/* Under hv->lock: a reference to cur if it ends at @key (NULL: any). */
static struct hist_data *hist_take(struct hist_view *hv, const char *key)
{
	struct hist_data *d = hv->cur;

	if (!d || (key && strcmp(d->key, key)))
		return NULL;
	atomic_fetch_add(&d->refs, 1);
	return d;
}

int hist_view_get(struct hist_view *hv, struct hist_data **out)
{
	struct hist_data *d = NULL, *old;
	unsigned long moves, events;
	char key[41];
	int ret;

	pthread_mutex_lock(&hv->lock);
	while (hv->busy)
		pthread_cond_wait(&hv->done, &hv->lock);
	/* The watcher drops what HEAD's move made stale: what is kept is
	 * current.  Without one, HEAD is read again each time. */
	if (hv->started && (*out = hist_take(hv, NULL))) {
		pthread_mutex_unlock(&hv->lock);
		return 0;
	}
	pthread_mutex_unlock(&hv->lock);
	if ((ret = hist_key(hv, key)))
		return ret;
	pthread_mutex_lock(&hv->lock);
	/* One request makes it; the others wait for its result. */
	while (hv->busy)
		pthread_cond_wait(&hv->done, &hv->lock);
	if ((*out = hist_take(hv, key))) {
		pthread_mutex_unlock(&hv->lock);
		return 0;
	}
	if (hv->have_failed && !strcmp(hv->failed, key)) {
		pthread_mutex_unlock(&hv->lock);
		return -EIO;
	}
	hv->busy = 1;
	moves = hv->moves;
	events = hv->events;
	pthread_mutex_unlock(&hv->lock);

	ret = hist_make(hv, key, &d);

	pthread_mutex_lock(&hv->lock);
	old = NULL;
	if (!ret) {
		*out = d;
		/* Kept, unless HEAD moved meanwhile: the kernel was told to
		 * forget what it had before this was made. */
		if (moves == hv->moves) {
			old = hv->cur;
			hv->cur = d;
			atomic_fetch_add(&d->refs, 1);
		}
	}
	if (ret == -EIO && events == hv->events) {
		memcpy(hv->failed, key, sizeof(hv->failed));
		hv->have_failed = 1;
	}
	hv->busy = 0;
	pthread_cond_broadcast(&hv->done);
	pthread_mutex_unlock(&hv->lock);
	hist_data_put(old);
	return ret;
}

int hist_view_new(struct hist_view **out, const char *repo, const char *gitdir,
		  const char *rev, size_t max, struct spdx_error *err)
{
	struct hist_view *hv = calloc(1, sizeof(*hv));
	int ret;

	if (!hv)
		return spdx_error_set(err, -ENOMEM, "out of memory");
	hv->ifd = hv->stop[0] = hv->stop[1] = -1;
	hv->max = max;
	hv->repo = strdup(repo);
	hv->gitdir = gitdir ? strdup(gitdir) : NULL;
	if (!hv->repo || (gitdir && !hv->gitdir)) {
		ret = spdx_error_set(err, -ENOMEM, "out of memory");
		goto fail;
	}
	if (rev && (ret = gitinfo_resolve(hv->fixed, repo, rev, err)))
		goto fail;
	pthread_mutex_init(&hv->lock, NULL);
	pthread_cond_init(&hv->done, NULL);
	*out = hv;
	return 0;
fail:
	free(hv->repo);
	free(hv->gitdir);
	free(hv);
	return ret;
}

/* Watch directory @dir (prefix @pre, or "") for what moves HEAD; a
 * directory that does not exist (no logs/, a packed branch) is none. */
static void head_watch(struct hist_view *hv, const char *pre, const char *dir)
{
	char path[PATH_MAX];

	if ((size_t)snprintf(path, sizeof(path), "%s%s", pre, dir) < sizeof(path))
		inotify_add_watch(hv->ifd, path, HEAD_MASK);
}

/*
 * Watch the git directory (HEAD, packed-refs), its logs/ (logs/HEAD)
 * and the directory of the branch HEAD names (in the common directory
 * of a linked worktree: "commondir" holds its path).  Again after each
 * event: a checkout may name a branch in another directory.
 */
static void head_watch_all(struct hist_view *hv)
{
	char buf[PATH_MAX], common[PATH_MAX], *nl, *slash;
	const char *g = hv->gitdir;
	FILE *f;

	head_watch(hv, g, "");
	head_watch(hv, g, "logs");
	snprintf(common, sizeof(common), "%s", g);
	snprintf(buf, sizeof(buf), "%scommondir", g);
	if ((f = fopen(buf, "re"))) {
		if (fgets(buf, sizeof(buf), f)) {
			if ((nl = strchr(buf, '\n')))
				*nl = '\0';
			if ((size_t)snprintf(common, sizeof(common), "%s%s/",
					     buf[0] == '/' ? "" : g, buf) >= sizeof(common))
				common[0] = '\0';	/* too long to watch */
			head_watch(hv, common, "");
		}
		fclose(f);
	}
	snprintf(buf, sizeof(buf), "%sHEAD", g);
	if (!(f = fopen(buf, "re")))
		return;
	if (fgets(buf, sizeof(buf), f) && !strncmp(buf, "ref: ", 5)) {
		if ((nl = strchr(buf, '\n')))
			*nl = '\0';
		if ((slash = strrchr(buf + 5, '/'))) {
			*slash = '\0';
			head_watch(hv, common, buf + 5);
		}
	}
	fclose(f);
}

/* Something changed in the git directory: a history that failed is
 * worth another try, and HEAD may have moved: when it did, drop the
 * result and what the kernel holds of history/'s files. */
static void head_check(struct hist_view *hv)
{
	struct spdx_error err;
	struct hist_data *old;
	struct snapshot *s;
	const struct vnode *dir, *n;
	char key[41];

	int ret = gitinfo_resolve(key, hv->repo, NULL, &err);

	pthread_mutex_lock(&hv->lock);
	hv->have_failed = 0;	/* worth another try */
	hv->events++;
	pthread_mutex_unlock(&hv->lock);
	if (ret == -ENODATA)
		key[0] = '\0';
	else if (ret)
		return;
	if (!strcmp(key, hv->seen))
		return;
	memcpy(hv->seen, key, sizeof(key));
	pthread_mutex_lock(&hv->lock);
	hv->moves++;
	old = hv->cur;
	if (old && !strcmp(old->key, key))
		old = NULL;	/* a request already made it */
	else
		hv->cur = NULL;
	pthread_mutex_unlock(&hv->lock);
	hist_data_put(old);
	s = publish_get(&hv->fs->pub);
	dir = snapshot_lookup(s, &s->nodes[0], "history");
	for (int i = 0; dir && i < HIST_NFILES; i++)
		if ((n = snapshot_lookup(s, dir, hist_file_name[i])))
			fuse_lowlevel_notify_inval_inode(hv->fs->se, n->ino, 0, 0);
	publish_put(s);
}

static void *head_thread(void *arg)
{
	struct hist_view *hv = arg;
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct pollfd p[2] = {
		{ .fd = hv->ifd, .events = POLLIN },
		{ .fd = hv->stop[0], .events = POLLIN },
	};

	for (;;) {
		if (poll(p, 2, -1) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			break;
		if (!(p[0].revents & POLLIN))
			continue;
		while (read(hv->ifd, buf, sizeof(buf)) > 0)
			;
		head_check(hv);
		head_watch_all(hv);
	}
	return NULL;
}

int hist_view_start(struct hist_view *hv, struct spdxfs *fs)
{
	struct spdx_error err;
	int ret;

	if (!hv || !hv->gitdir)
		return 0;
	hv->fs = fs;
	if (gitinfo_resolve(hv->seen, hv->repo, NULL, &err))
		hv->seen[0] = '\0';	/* none yet, or HEAD unreadable */
	hv->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (hv->ifd < 0)
		return -errno;
	if (pipe2(hv->stop, O_CLOEXEC) < 0)
		return -errno;
	head_watch_all(hv);
	ret = -pthread_create(&hv->tid, NULL, head_thread, hv);
	hv->started = !ret;
	return ret;
}

void hist_view_free(struct hist_view *hv)
{
	if (!hv)
		return;
	if (hv->started) {
		(void)!write(hv->stop[1], "q", 1);
		pthread_join(hv->tid, NULL);
	}
	for (int i = 0; i < 2; i++)
		if (hv->stop[i] >= 0)
			close(hv->stop[i]);
	if (hv->ifd >= 0)
		close(hv->ifd);
	hist_data_put(hv->cur);
	pthread_mutex_destroy(&hv->lock);
	pthread_cond_destroy(&hv->done);
	free(hv->repo);
	free(hv->gitdir);
	free(hv);
}
