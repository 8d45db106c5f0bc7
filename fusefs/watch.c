// SPDX-License-Identifier: GPL-2.0-only
/*
 * watch: inotify on every directory of the tree, debounced rebuilds.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "sbom/built.h"
#include "util/error.h"
#include "fs.h"
#include "index.h"
#include "log.h"
#include "modscan.h"
#include "refresh.h"
#include "source/source.h"
#include "views.h"
#include "watch.h"

#define QUIET_MS	200	/* rebuild once events stop for this long */
#define MAX_WAIT_MS	1000	/* ... or this long after the first one */
#define POLL_MS		1500	/* rescan period without inotify, doubled */
#define POLL_MAX_MS	30000	/* after each rescan that found nothing,
				   up to this */
#define STARTUP_NICE	10	/* the catch-up rescan's, against the
				   first requests' */

#define WATCH_MASK (IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | \
		    IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | \
		    IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

struct watcher {
	struct spdxfs *fs;
	int ctl[2];		/* 'h': full rescan, 'q': quit */
	atomic_int quit;	/* set before 'q' is written: a full pipe
				   drops the 'q' but still wakes the thread */
	int ifd;		/* inotify, -1 when unavailable */
	char **paths;		/* by watch descriptor: directory path */
	size_t npaths;
	int degraded;		/* a watch could not be added: poll */
	int save_err;		/* the last save's failure, 0 if it worked */
	int src_warn;		/* the source's last warning, 0 if none */
	int mods_err;		/* the last module scan's failure, 0 if none */
	int64_t poll_ms;	/* the current rescan period when degraded */
	pthread_t tid;
	int started;
};

static int64_t now_ms(void)
{
	return monotonic_ns() / 1000000;
}

int watcher_new(struct watcher **out, struct spdxfs *fs)
{
	struct watcher *w = calloc(1, sizeof(*w));

	if (!w)
		return -ENOMEM;
	w->fs = fs;
	w->ifd = -1;
	if (pipe2(w->ctl, O_CLOEXEC | O_NONBLOCK) < 0) {
		free(w);
		return -errno;
	}
	*out = w;
	return 0;
}

void watcher_rescan(struct watcher *w)
{
	char c = 'h';
	ssize_t r;

	if (w)
		r = write(w->ctl[1], &c, 1);
	(void)r;
}

/* Watch directory @rel ("" for the root): 1 when it was not watched
 * yet, 0 when it was (or cannot be), or -ENOMEM. */
static int add_watch(struct watcher *w, const char *rel)
{
	const char *top = source_watch_dir(w->fs->src);
	char abs[PATH_MAX];
	int wd;

	if (w->degraded || w->ifd < 0)
		return 0;
	if (!top) {		/* a tree inotify cannot see: poll it */
		w->degraded = 1;
		return 0;
	}
	if ((size_t)snprintf(abs, sizeof(abs), "%s%s%s", top,
			     rel[0] ? "/" : "", rel) >= sizeof(abs))
		return 0;
	wd = inotify_add_watch(w->ifd, abs, WATCH_MASK);
	if (wd < 0) {
		if (errno == ENOSPC || errno == ENOMEM) {
			log_msg(LOG_WARNING, "inotify watch limit reached (%s); "
				"rescanning periodically instead", strerror(errno));
			w->degraded = 1;
		}
		return 0;	/* a directory that vanished meanwhile */
	}
	if ((size_t)wd >= w->npaths) {
		size_t n = wd * 2 + 64;
		char **p = realloc(w->paths, n * sizeof(*p));

		if (!p)
			return -ENOMEM;
		memset(p + w->npaths, 0, (n - w->npaths) * sizeof(*p));
		w->paths = p;
		w->npaths = n;
	}
	if (w->paths[wd] && !strcmp(w->paths[wd], rel))
		return 0;
	free(w->paths[wd]);
	w->paths[wd] = strdup(rel);
	return w->paths[wd] ? 1 : -ENOMEM;
}

static int on_dir(const struct src_entry *ent, void *arg)
{
	if (ent->kind != SRC_DIR)
		return 0;
	return add_watch(arg, ent->path) < 0 ? -ENOMEM : 0;
}

/* Watch @rel and every directory below it. */
static void watch_tree(struct watcher *w, const char *rel)
{
	if (add_watch(w, rel) >= 0)
		source_walk(w->fs->src, rel, on_dir, w);
}

/*
 * Watch the directories of the current snapshot's index, which its
 * refresh just walked, rather than walking the tree again; a directory
 * the index shows as unreadable (its path ends in '/') too.  Returns
 * how many were not watched yet; with @walk, below each of those too
 * (watch_tree()): the directories that appeared since.
 */
static size_t watch_index(struct watcher *w, int walk)
{
	struct snapshot *s = publish_get(&w->fs->pub);
	const struct spdx_index *idx = s->idx;
	char rel[PATH_MAX];
	size_t fresh = 0, len;

	for (size_t i = 0; i < idx->ndirs + idx->nfiles; i++) {
		const char *path = i < idx->ndirs ? idx->dirs[i].path :
				   idx->files[i - idx->ndirs].path;

		if (i >= idx->ndirs) {
			len = strlen(path);
			if (!len || path[len - 1] != '/' || len >= sizeof(rel))
				continue;
			memcpy(rel, path, len - 1);
			rel[len - 1] = 0;
			path = rel;
		}
		if (add_watch(w, path) <= 0)
			continue;
		fresh++;
		if (walk)
			source_walk(w->fs->src, path, on_dir, w);
	}
	publish_put(s);
	return fresh;
}

static size_t rebuild(struct watcher *w, int full);

/* The catch-up rescan at start-up, at a lower priority (its own thread:
 * one that lowered its priority may not raise it again). */
static void *catch_up_main(void *arg)
{
	setpriority(PRIO_PROCESS, gettid(), STARTUP_NICE);
	rebuild(arg, 0);
	return NULL;
}

/*
 * Start watching, with no walk of the tree of its own: the directories
 * the first index holds, then a catch-up rescan for what changed while
 * it was built (not yet watched), niced so that the first pass through
 * a fresh mount does not wait behind it, then the directories that
 * appeared meanwhile, and below them.  1 when some did: they may hold
 * changes no event reported, another rescan is due.
 */
static int watch_start(struct watcher *w)
{
	pthread_t tid;

	watch_index(w, 0);
	if (pthread_create(&tid, NULL, catch_up_main, w))
		rebuild(w, 0);
	else
		pthread_join(tid, NULL);
	return watch_index(w, 1) > 0;
}

/* Read the build directory's list of files again (SIGHUP); on failure
 * the previous list stays. */
static void recollect_built(struct spdxfs *fs)
{
	struct spdx_error err;
	struct built *b;

	if (built_collect(&b, fs->build_dir, &err)) {
		log_msg(LOG_WARNING, "%s; built/ unchanged", err.msg);
		return;
	}
	built_free(fs->built);
	fs->built = b;
}

/* With mount --modules, the MODULE_LICENSE() calls of @idx, those of
 * the files unchanged since snapshot @cur (NULL: a full rescan) taken
 * from it; NULL without, or when they cannot be had (said once per
 * reason). */
static struct modscan *module_scan(struct watcher *w, struct spdx_index *idx,
				   const struct snapshot *cur)
{
	struct spdx_error err = { 0 };
	struct modscan *mods;

	if (!w->fs->modules)
		return NULL;
	if (modscan_index(&mods, w->fs->src, idx, 0, cur ? cur->mods : NULL,
			  &err)) {
		if (err.code != w->mods_err)
			log_msg(LOG_WARNING, "%s (no module-license/)", err.msg);
		w->mods_err = err.code;
		return NULL;
	}
	w->mods_err = 0;
	return mods;
}

/*
 * Refresh the index (from scratch when @full) and publish it; returns the
 * number of invalidations sent (0: nothing the kernel showed changed).  The saved
 * index is rewritten, before the snapshot is published, only when it is
 * worth it (store_worth_saving()): not for a handful of edited files.
 */
/* The refresh's warnings, each said once per reason. */
static void say_refresh(struct watcher *w, const struct index_refresh_result *res)
{
	/* Best effort: the next mount reads more. */
	if (res->save == REFRESH_SAVE_FAILED && res->save_error.code != w->save_err)
		log_msg(LOG_WARNING, "cannot save the index of %s: %s",
			w->fs->src->root, res->save_error.msg);
	w->save_err = res->save == REFRESH_SAVE_FAILED ? res->save_error.code : 0;
	if (res->source_warning.code && res->source_warning.code != w->src_warn)
		log_msg(LOG_WARNING, "%s", res->source_warning.msg);
	w->src_warn = res->source_warning.code;
}

static size_t rebuild(struct watcher *w, int full)
{
	struct spdxfs *fs = w->fs;
	struct snapshot *cur = publish_get(&fs->pub), *s;
	struct index_refresh_opts ro = { .prev = cur->idx, .full = full };
	struct index_refresh_result res;
	struct spdx_error err;
	struct spdx_index *idx;
	struct modscan *mods = NULL;
	size_t changed = 0;
	int ret;

	if (full && fs->build_dir)
		recollect_built(fs);
	ret = index_refresh(&idx, fs->src, &ro, &res, &err);
	if (ret) {
		publish_put(cur);
		log_msg(LOG_ERR, "rescan failed: %s", err.msg);
		goto out;
	}
	say_refresh(w, &res);
	/* Nothing changed (the usual catch-up at start): the snapshot
	 * stays, and no second one is built beside it. */
	if (!full && index_refresh_unchanged(cur->idx, idx)) {
		publish_put(cur);
		index_free(idx);
		goto out;
	}
	mods = module_scan(w, idx, full ? NULL : cur);
	/* Done with @cur: fs_update() waits until no request uses it. */
	publish_put(cur);
	ret = snapshot_build(&s, idx, &(struct snapshot_opts){
		.built = fs->built, .under = fs->under, .maint = fs->maint,
		.mods = mods, .history = fs->hist != NULL });
	if (ret) {
		log_msg(LOG_ERR, "rescan failed: %s", strerror(-ret));
		modscan_free(mods);
		index_free(idx);
		goto out;
	}
	changed = fs_update(fs, s);
out:
	/* The old snapshot is usually gone now: give its pages back. */
	malloc_trim(0);
	return changed;
}

#define CHANGED_MAX	256	/* files told to fs.c at a time */

#define FILE_CHANGES (IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | \
		      IN_MOVED_TO)

struct changed {
	char *paths[CHANGED_MAX];
	size_t n;
};

/* Tell fs.c about the files in @c at once: the kernel must not keep
 * their old size until the rebuild (fs_files_changed()). */
static void changed_flush(struct watcher *w, struct changed *c)
{
	if (c->n)
		fs_files_changed(w->fs, c->paths, c->n);
	for (size_t i = 0; i < c->n; i++)
		free(c->paths[i]);
	c->n = 0;
}

static void changed_add(struct watcher *w, struct changed *c, const char *dir,
			const char *name)
{
	char rel[PATH_MAX];

	/* @name NULL: directory @dir itself. */
	if ((size_t)snprintf(rel, sizeof(rel), "%s%s%s", dir,
			     dir[0] && name ? "/" : "", name ? name : "") >=
	    sizeof(rel))
		return;
	if (c->n == CHANGED_MAX)
		changed_flush(w, c);
	if ((c->paths[c->n] = strdup(rel)))
		c->n++;
}

/* Read pending inotify events; 1 if any concerns the tree. */
static int drain_events(struct watcher *w)
{
	char buf[16384] __attribute__((aligned(__alignof__(struct inotify_event))));
	struct changed c = { .n = 0 };
	int any = 0;

	for (;;) {
		ssize_t n = read(w->ifd, buf, sizeof(buf));

		if (n <= 0) {
			changed_flush(w, &c);
			return any;
		}
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *ev = (struct inotify_event *)p;

			p += sizeof(*ev) + ev->len;
			any = 1;
			if (ev->mask & IN_Q_OVERFLOW) {
				/* Lost events may have named new directories:
				 * watch the whole tree again (a directory
				 * already watched keeps its descriptor). */
				log_msg(LOG_WARNING, "inotify queue overflow; "
					"watching the tree again");
				watch_tree(w, "");
				continue;
			}
			if (ev->wd < 0 || (size_t)ev->wd >= w->npaths || !w->paths[ev->wd])
				continue;
			if (ev->mask & IN_IGNORED) {
				free(w->paths[ev->wd]);
				w->paths[ev->wd] = NULL;
				continue;
			}
			if (!(ev->mask & IN_ISDIR) && (ev->mask & FILE_CHANGES) &&
			    ev->len)
				changed_add(w, &c, w->paths[ev->wd], ev->name);
			/* A watched directory's own mode, owner or ACL. */
			if ((ev->mask & IN_ATTRIB) && !ev->len)
				changed_add(w, &c, w->paths[ev->wd], NULL);
			if ((ev->mask & IN_ISDIR) && (ev->mask & (IN_CREATE | IN_MOVED_TO)) &&
			    ev->len) {
				const char *dir = w->paths[ev->wd];
				char rel[PATH_MAX];

				if ((size_t)snprintf(rel, sizeof(rel), "%s%s%s", dir,
						     dir[0] ? "/" : "", ev->name) < sizeof(rel))
					watch_tree(w, rel);
			}
		}
	}
}

/* SPDXFS_WATCH=poll in the environment: no inotify (watch.h). */
static int watch_forced_poll(void)
{
	const char *env = getenv("SPDXFS_WATCH");

	return env && !strcmp(env, "poll");
}

/* SPDXFS_WATCH_DELAY_MS=N: wait that long before the first watch (for
 * tests: what changes meanwhile only the catch-up sees, watch.h). */
static void watch_test_delay(void)
{
	const char *env = getenv("SPDXFS_WATCH_DELAY_MS");
	long ms = env ? strtol(env, NULL, 10) : 0;

	if (ms > 0 && ms <= 10000)
		nanosleep(&(struct timespec){ ms / 1000, ms % 1000 * 1000000 }, NULL);
}

static void *watch_main(void *arg)
{
	struct watcher *w = arg;
	int64_t first = 0, last = 0, next_poll;
	int pending = 0, full = 0;

	w->poll_ms = POLL_MS;
	if (watch_forced_poll())
		w->degraded = 1;
	else
		w->ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (w->ifd < 0 && !w->degraded) {
		log_msg(LOG_WARNING, "inotify: %s; rescanning periodically instead",
			strerror(errno));
		w->degraded = 1;
	}
	watch_test_delay();
	if (w->degraded) {
		rebuild(w, 0);	/* changes made meanwhile */
	} else if (watch_start(w)) {
		pending = 1;
		first = last = now_ms() - QUIET_MS;
	}
	next_poll = now_ms() + w->poll_ms;
	for (;;) {
		struct pollfd pfd[2] = {
			{ .fd = w->ctl[0], .events = POLLIN },
			{ .fd = w->ifd, .events = POLLIN },
		};
		int64_t t = now_ms(), timeout = -1;
		char c[64];
		ssize_t n;

		if (pending)
			timeout = first + MAX_WAIT_MS < last + QUIET_MS ?
				  first + MAX_WAIT_MS - t : last + QUIET_MS - t;
		else if (w->degraded)
			timeout = next_poll - t;
		if (timeout < 0 && (pending || w->degraded))
			timeout = 0;
		if (poll(pfd, w->ifd >= 0 ? 2 : 1, timeout) < 0 && errno != EINTR)
			break;
		t = now_ms();
		while ((n = read(w->ctl[0], c, sizeof(c))) > 0) {
			if (memchr(c, 'q', n) || atomic_load(&w->quit))
				return NULL;
			full = 1;
			if (!pending)
				first = t;
			pending = 1;
			last = t - QUIET_MS;	/* no need to wait */
		}
		if (w->ifd >= 0 && (pfd[1].revents & POLLIN) && drain_events(w)) {
			if (!pending)
				first = t;
			pending = 1;
			last = t;
		}
		if (!pending && w->degraded && t >= next_poll) {
			pending = 1;
			first = last = t - QUIET_MS;
		}
		if (pending && (t - last >= QUIET_MS || t - first >= MAX_WAIT_MS)) {
			/* Polling a tree that does not change costs a walk
			 * each time: wait longer after each quiet one. */
			if (rebuild(w, full))
				w->poll_ms = POLL_MS;
			else if (w->poll_ms < POLL_MAX_MS)
				w->poll_ms = w->poll_ms * 2 < POLL_MAX_MS ?
					     w->poll_ms * 2 : POLL_MAX_MS;
			pending = full = 0;
			next_poll = now_ms() + w->poll_ms;
		}
	}
	return NULL;
}

int watcher_start(struct watcher *w)
{
	sigset_t block, old;
	int ret;

	/*
	 * The watcher takes no signal: SIGTERM, SIGINT and SIGHUP must reach
	 * the main thread, whose wait in fuse_session_loop_mt() only they
	 * interrupt (libfuse's workers block them likewise).  Delivered here,
	 * the loop would never notice the exit.
	 */
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	ret = pthread_create(&w->tid, NULL, watch_main, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret)
		return -ret;
	w->started = 1;
	return 0;
}

void watcher_free(struct watcher *w)
{
	char c = 'q';
	ssize_t r;

	if (!w)
		return;
	if (w->started) {
		/*
		 * A full pipe refuses the 'q', but then the thread has bytes
		 * to read, so it wakes and sees the flag: join in any case,
		 * never free what the thread still uses.
		 */
		atomic_store(&w->quit, 1);
		r = write(w->ctl[1], &c, 1);
		(void)r;
		pthread_join(w->tid, NULL);
	}
	if (w->ifd >= 0)
		close(w->ifd);
	for (size_t i = 0; i < w->npaths; i++)
		free(w->paths[i]);
	free(w->paths);
	close(w->ctl[0]);
	close(w->ctl[1]);
	free(w);
}
