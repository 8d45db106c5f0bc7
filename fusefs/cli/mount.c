// SPDX-License-Identifier: GPL-2.0-only
/*
 * mount: check the arguments, index the tree, mount, daemonize, serve.
 *
 * Everything that can be wrong with the input is checked before the
 * filesystem is mounted, so a bad command line leaves nothing behind.
 * With --build, the build directory's list of files is read first too.
 * After the mount, nothing exits: the loop ends on unmount or on
 * SIGTERM/SIGINT (exit status 0), and SIGHUP asks for a full rescan.
 */
#define FUSE_USE_VERSION 35

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fuse_lowlevel.h>

#include "sbom/built.h"
#include "cli/cli.h"
#include "util/error.h"
#include "fs.h"
#include "git/gitinfo.h"
#include "history/history.h"
#include "history_view.h"
#include "index.h"
#include "git/libgit2.h"
#include "log.h"
#include "maintainers.h"
#include "modscan.h"
#include "cli/mount.h"
#include "source/source.h"
#include "views.h"
#include "util/version.h"
#include "watch.h"

#define ATTR_TIMEOUT	86400.0	/* the watcher invalidates what changes */

struct mount_args {
	char *tree;
	char *mnt;
	char *build;		/* --build DIR, -o build=DIR */
	char *rev;		/* --rev REV, -o rev=REV: TREE is a git
				   repository, REV the tree served */
	int exact_size;		/* -o exact_size: what every mount does now;
				   accepted from old fstab lines */
	int modules;		/* --modules, -o modules */
	char *history;		/* -o history=N */
	int allow_other;	/* -o allow_other, kept for libfuse too */
	int help;
	int version;
	int bad;
};

enum { KEY_HELP, KEY_VERSION };

static const struct fuse_opt mount_opts[] = {
	{ "--build %s", offsetof(struct mount_args, build), 0 },
	{ "--build=%s", offsetof(struct mount_args, build), 0 },
	{ "build=%s", offsetof(struct mount_args, build), 0 },
	{ "--rev %s", offsetof(struct mount_args, rev), 0 },
	{ "--rev=%s", offsetof(struct mount_args, rev), 0 },
	{ "rev=%s", offsetof(struct mount_args, rev), 0 },
	{ "exact_size", offsetof(struct mount_args, exact_size), 1 },
	{ "--modules", offsetof(struct mount_args, modules), 1 },
	{ "modules", offsetof(struct mount_args, modules), 1 },
	{ "history=%s", offsetof(struct mount_args, history), 0 },
	{ "allow_other", offsetof(struct mount_args, allow_other), 1 },
	FUSE_OPT_KEY("allow_other", FUSE_OPT_KEY_KEEP),
	FUSE_OPT_KEY("-h", KEY_HELP),
	FUSE_OPT_KEY("--help", KEY_HELP),
	FUSE_OPT_KEY("-V", KEY_VERSION),
	FUSE_OPT_KEY("--version", KEY_VERSION),
	FUSE_OPT_END
};

static const char usage_args[] =
	"[-f] [-d] [-s] [-o OPTION,...] [--build BUILD_DIR] [--rev REV] [--modules] TREE MOUNTPOINT";

static int opt_proc(void *data, const char *arg, int key, struct fuse_args *outargs)
{
	struct mount_args *m = data;

	switch (key) {
	case KEY_HELP:
		m->help = 1;
		return 0;
	case KEY_VERSION:
		m->version = 1;
		return 0;
	case FUSE_OPT_KEY_NONOPT:
		if (!m->tree)
			return (m->tree = strdup(arg)) ? 0 : -1;
		if (!m->mnt)
			return (m->mnt = strdup(arg)) ? 0 : -1;
		cli_error("mount: unexpected argument '%s'", arg);
		m->bad = 1;
		return -1;
	case FUSE_OPT_KEY_OPT:
		/* Long options are ours, --build, --rev and --modules:
		 * refuse the others here rather than after indexing. */
		if (arg[0] == '-' && arg[1] == '-') {
			cli_error("mount: unknown option '%s'", arg);
			m->bad = 1;
			return -1;
		}
		return 1;
	}
	return 1;	/* -f, -d, -s, -o ...: libfuse's */
}

static void help(void)
{
	printf("usage: spdxfs mount %s\n"
	       "       spdxfs TREE MOUNTPOINT [-o OPTION,...]   (mount.fuse3, /etc/fstab)\n\n"
	       "Index TREE and mount its license views read-only on MOUNTPOINT.\n"
	       "TREE may be any directory of a tree (its root: the nearest directory\n"
	       "with LICENSES/ or a .git); the views then hold its files alone.\n"
	       "The mount follows the tree's changes; SIGHUP forces a full rescan;\n"
	       "'fusermount3 -u MOUNTPOINT' unmounts it.\n\n"
	       "  --build BUILD_DIR  add built/, the files of that kernel build's\n"
	       "                   vmlinux, and built/SUMMARY, the output of\n"
	       "                   'spdxfs built BUILD_DIR' (-o build=BUILD_DIR)\n"
	       "  --rev REV        serve revision REV of the git repository TREE,\n"
	       "                   read from its objects with no checkout: files\n"
	       "                   are blobs, with the tree entry's mode and the\n"
	       "                   commit time (-o rev=REV)\n"
	       "  --modules        add module-license/, the files whose\n"
	       "                   MODULE_LICENSE() contradicts their tag, and\n"
	       "                   the module counts to summary; reads every .c\n"
	       "                   file at mount, the changed ones after\n"
	       "                   (-o modules)\n"
	       "  -f               stay in the foreground, messages on stderr\n"
	       "                   (else in syslog: journalctl -t spdxfs)\n"
	       "  -d               debug: print every request (implies -f)\n"
	       "  -s               serve on a single thread\n"
	       "  -o allow_other   let other users enter the mount: every open\n"
	       "                   then comes to the daemon and is checked, and\n"
	       "                   the tree's ACLs are enforced (a request per\n"
	       "                   file on every pass; without it, only the\n"
	       "                   mounting user enters, and a warm pass sends\n"
	       "                   none); not with --rev\n"
	       "  -o history=N     history/ holds the newest N commits of HEAD\n"
	       "                   (default 1000; 0: no history/)\n"
	       "  -o ro            accepted; the mount is always read-only\n"
	       "  -o max_threads=N  serve on at most N threads (libfuse's\n"
	       "                   default: 10)\n"
	       "  -o max_idle_threads=N  keep at most N idle threads (default:\n"
	       "                   -1, no limit)\n"
	       "  -o clone_fd      a /dev/fuse descriptor for each thread\n"
	       "  -o auto_unmount  unmount when the daemon ends, even killed\n"
	       "  -h, --help       this help\n"
	       "  -V, --version    the versions of spdxfs and of libfuse\n",
	       usage_args);
}

/* Is @path a mount point?  1, 0, or -errno. */
static int is_mountpoint(const char *path)
{
	struct statx stx, up;
	char parent[PATH_MAX];

	if (statx(AT_FDCWD, path, AT_NO_AUTOMOUNT, STATX_INO, &stx) < 0)
		return -errno;
	if (stx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT)
		return !!(stx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
	if ((size_t)snprintf(parent, sizeof(parent), "%s/..", path) >= sizeof(parent))
		return -ENAMETOOLONG;
	if (statx(AT_FDCWD, parent, AT_NO_AUTOMOUNT, STATX_INO, &up) < 0)
		return -errno;
	return stx.stx_dev_major != up.stx_dev_major ||
	       stx.stx_dev_minor != up.stx_dev_minor || stx.stx_ino == up.stx_ino;
}

static int is_empty_dir(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *de;
	int empty = 1;

	if (!d)
		return -errno;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			empty = 0;
			break;
		}
	closedir(d);
	return empty;
}

/* Everything that would make the mount fail or misbehave, before any
 * work, for the tree whose root is @rtree (NULL: a git revision, read
 * from no directory): one line on stderr and -1 when something is
 * wrong. */
static int check_args(const char *rtree, const char *mnt)
{
	char rmnt[PATH_MAX];
	struct stat st;
	size_t n;
	int r;

	if (!strncmp(mnt, "/dev/fd/", 8))
		return 0;	/* mount.fuse3 passed an open /dev/fuse */
	if (stat(mnt, &st) < 0) {
		cli_error("%s: %s", mnt, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		cli_error("%s: mountpoint is not a directory", mnt);
		return -1;
	}
	r = is_mountpoint(mnt);
	if (r) {
		cli_error("%s: %s", mnt, r > 0 ? "already a mountpoint" : strerror(-r));
		return -1;
	}
	r = is_empty_dir(mnt);
	if (r <= 0) {
		cli_error("%s: %s", mnt, r ? strerror(-r) : "mountpoint is not empty");
		return -1;
	}
	if (!realpath(mnt, rmnt)) {
		cli_error("%s: %s", mnt, strerror(errno));
		return -1;
	}
	n = rtree ? strlen(rtree) : 0;
	if (rtree && !strncmp(rmnt, rtree, n) &&
	    (rmnt[n] == '/' || !rmnt[n] || n == 1)) {
		cli_error("%s: mountpoint is inside the tree %s", mnt, rtree);
		return -1;
	}
	if (stat("/dev/fuse", &st) < 0) {
		cli_error("/dev/fuse: %s (is FUSE available here?)", strerror(errno));
		return -1;
	}
	if (!S_ISCHR(st.st_mode)) {
		cli_error("/dev/fuse: not a character device");
		return -1;
	}
	return 0;
}

/* "-o ro,default_permissions,fsname=TREE,subtype=spdxfs", last so that
 * it wins over an "rw" from fstab. */
static int add_fixed_opts(struct fuse_args *args, const char *root)
{
	char opt[PATH_MAX + 96];
	const char *fsname = strpbrk(root, ",\\") ? "spdxfs" : root;

	snprintf(opt, sizeof(opt), "-oro,default_permissions,fsname=%s,subtype=spdxfs",
		 fsname);
	return fuse_opt_add_arg(args, opt);
}

/* Parse the command line into @m and @copts.  Returns -1 to go on, or
 * the exit status: 0 after --help or --version, 2 on bad usage. */
static int parse_cmdline(struct fuse_args *args, struct mount_args *m,
			 struct fuse_cmdline_opts *copts)
{
	if (fuse_opt_parse(args, m, mount_opts, opt_proc) < 0) {
		if (!m->bad)
			fprintf(stderr, "usage: spdxfs mount %s\n", usage_args);
		return 2;
	}
	if (m->help) {
		help();
		return 0;
	}
	if (m->version) {
		printf("spdxfs %s\nlibfuse %s\n", SPDXFS_VERSION, fuse_pkgversion());
		return 0;
	}
	if (fuse_parse_cmdline(args, copts) < 0)
		return 2;
	if (copts->show_help) {
		help();
		return 0;
	}
	if (!m->tree || !m->mnt) {
		fprintf(stderr, "usage: spdxfs mount %s\n", usage_args);
		return 2;
	}
	return -1;
}

/* The build directory's list of files into @fs, by its absolute path
 * @rbuild: the daemon changes to / and reads it again on SIGHUP.  One
 * line on stderr and -1 when it is not a kernel build directory. */
static int collect_build(struct spdxfs *fs, const char *build, char *rbuild)
{
	struct spdx_error err;

	if (!realpath(build, rbuild)) {
		cli_error("%s: %s", build, strerror(errno));
		return -1;
	}
	if (built_collect(&fs->built, rbuild, &err)) {
		cli_error("%s", err.msg);
		return -1;
	}
	cli_built_warnings(build, fs->built);
	fs->build_dir = rbuild;
	return 0;
}

/* The tree's MAINTAINERS into fs->maint, for by-maintainer/: read once,
 * at mount.  A tree without one has no such view; one that cannot be
 * read is one line on stderr, and the mount goes on without it; each
 * pattern left out is a warning line. */
static void load_maintainers(struct spdxfs *fs)
{
	struct spdx_error err;
	int r = maint_load(&fs->maint, fs->src, &err);

	if (r && r != -ENOENT)
		cli_error("warning: %s (no by-maintainer/)", err.msg);
	else if (!r)
		cli_maint_warnings(fs->src->root, fs->maint);
}

/* Index tree @t and publish the first snapshot of its views, narrowed
 * to the directory the tree was given as.  Returns 0 or the exit
 * status, after one line on stderr; fs->src is set whenever the tree
 * could be opened. */
static int index_tree(struct spdxfs *fs, struct cli_tree *t, const char *rev)
{
	struct cli_index_opts io = { .rev = rev, .dir_stat = 1 };
	struct spdx_error err = { 0 };
	struct modscan *mods = NULL;
	struct snapshot *snap;
	int r;

	r = cli_tree_index(t, &io);
	fs->src = t->src;
	t->src = NULL;
	if (r)
		return r;
	fs->under = t->where.under;
	load_maintainers(fs);
	if (fs->modules && modscan_index(&mods, fs->src, t->idx, 0, NULL, &err)) {
		if (err.code == -ENOMEM) {
			cli_error("%s", err.msg);
			return 1;
		}
		cli_error("warning: %s (no module-license/)", err.msg);
	}
	r = snapshot_build(&snap, t->idx, &(struct snapshot_opts){
		.built = fs->built, .under = fs->under, .maint = fs->maint,
		.mods = mods, .history = fs->hist != NULL });
	if (r) {
		modscan_free(mods);
		cli_error("%s: %s", t->where.dir, strerror(-r));
		return 1;
	}
	t->idx = NULL;	/* the snapshot's now */
	publish_init(&fs->pub, snap);
	return 0;
}

/*
 * history/ for a git work tree (the root is its top) or a revision
 * (@rev of repository @repo), unless -o history=0: fs->hist, which
 * the snapshots show (snapshot_opts.history).  A revision that is no
 * commit (or no revision, which indexing reports) has none.  0, or 2 after a one-line error.
 */
static int setup_history(struct spdxfs *fs, const char *root, const char *repo,
			 const char *rev, const char *opt)
{
	unsigned long max = HIST_DEFAULT_MAX;
	char *end, *gitdir = NULL, rrepo[PATH_MAX];
	struct spdx_error err;
	int r;

	if (opt) {
		errno = 0;
		max = strtoul(opt, &end, 10);
		if (*end || !*opt || *opt == '-' || errno) {
			cli_error("mount: -o history=%s: not a number of commits", opt);
			return 2;
		}
	}
	if (!max)
		return 0;
	if (rev) {
		if (!realpath(repo, rrepo))
			return 0;	/* indexing says why */
		root = rrepo;
	} else if (gitinfo_worktree_gitdir(&gitdir, root)) {
		return 0;
	}
	r = hist_view_new(&fs->hist, root, gitdir, rev, max, &err);
	free(gitdir);
	if (r == -ENOMEM) {
		cli_error("%s", err.msg);
		return 2;
	}
	return 0;
}

static struct watcher *hup_watcher;

static void on_hup(int sig)
{
	watcher_rescan(hup_watcher);
}

/* SIGHUP asks @w for a full rescan. */
static void hup_to_watcher(struct watcher *w)
{
	struct sigaction sa = { .sa_handler = on_hup, .sa_flags = SA_RESTART };

	hup_watcher = w;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGHUP, &sa, NULL);
}

/* SIGHUP gets @handler (SIG_IGN, SIG_DFL) before the watcher is
 * forgotten, so that no signal reaches a watcher being freed. */
static void hup_to(void (*handler)(int))
{
	sigaction(SIGHUP, &(struct sigaction){ .sa_handler = handler }, NULL);
	hup_watcher = NULL;
}

/* Serve requests until the unmount (0) or SIGTERM/SIGINT (the signal
 * number); exit status 0 either way, 1 when the session failed. */
static int serve(struct fuse_session *se, const struct fuse_cmdline_opts *copts)
{
	int r;

	if (copts->singlethread) {
		r = fuse_session_loop(se);
	} else {
		/* libfuse leaves max_idle_threads at UINT_MAX when not
		 * given, then warns about it: use its default, 10. */
		struct fuse_loop_config cfg = {
			.clone_fd = copts->clone_fd,
			.max_idle_threads = copts->max_idle_threads == UINT_MAX ?
					    10 : copts->max_idle_threads,
		};

		r = fuse_session_loop_mt(se, &cfg);
	}
	return r < 0 ? 1 : 0;
}

/*
 * The daemon, mounted and (without -f) detached: log to syslog, hold
 * libgit2 for the mount's life (each refresh that asks git about an
 * untracked path would otherwise set it up and tear it down again),
 * watch the tree, serve, then stop watching.  Returns the exit status.
 */
static int run_daemon(struct spdxfs *fs, const struct fuse_cmdline_opts *copts)
{
	int ret, r;

	/* stderr is /dev/null now, unless -f. */
	if (!copts->foreground)
		log_to_syslog();
	libgit2_init();
	if ((r = watcher_start(fs->watcher)))
		log_msg(LOG_ERR, "cannot watch the tree: %s", strerror(-r));
	if ((r = hist_view_start(fs->hist, fs)))
		log_msg(LOG_ERR, "cannot watch HEAD: %s", strerror(-r));
	ret = serve(fs->se, copts);
	hup_to(SIG_IGN);
	watcher_free(fs->watcher);
	fs->watcher = NULL;
	return ret;
}

int cmd_mount(int argc, char **argv)
{
	struct fuse_args args = FUSE_ARGS_INIT(argc, argv);
	struct mount_args m = { 0 };
	struct fuse_cmdline_opts copts = { 0 };
	struct spdxfs fs = { .timeout = ATTR_TIMEOUT };
	struct cli_tree t = { 0 };
	char rbuild[PATH_MAX];
	int ret, r;

	ret = parse_cmdline(&args, &m, &copts);
	if (ret >= 0)
		goto out_args;
	if ((ret = m.rev ? cli_tree_find_rev(&t, m.tree) : cli_tree_find(&t, m.tree)))
		goto out_args;
	ret = 2;
	if (check_args(m.rev ? NULL : t.where.root, m.mnt))
		goto out_args;
	if (m.build && collect_build(&fs, m.build, rbuild))
		goto out_args;
	fs.modules = m.modules;
	fs.strict = m.allow_other;
	/* A revision's files have no owner or permissions of their own:
	 * nothing would keep other users out of a private repository. */
	if (m.rev && m.allow_other) {
		cli_error("mount: -o allow_other cannot go with --rev: a revision's "
			  "files have no permissions for other users to be checked against");
		goto out_args;
	}
	if ((ret = setup_history(&fs, t.where.root, m.tree, m.rev, m.history)))
		goto out_args;
	ret = 2;
	fs.uid = getuid();
	fs.gid = getgid();

	/* The options are checked here, before the index is built. */
	if (add_fixed_opts(&args, t.where.root) || !fs_session_new(&args, &fs))
		goto out_args;
	if ((ret = index_tree(&fs, &t, m.rev)))
		goto out_session;
	if ((r = watcher_new(&fs.watcher, &fs))) {
		cli_error("%s", strerror(-r));
		ret = 1;
		goto out_snap;
	}
	ret = 1;
	if (fuse_set_signal_handlers(fs.se))
		goto out_watcher;
	hup_to_watcher(fs.watcher);
	if (fuse_session_mount(fs.se, m.mnt))
		goto out_signals;
	/* The mount is ready: only now may the parent return. */
	if (fuse_daemonize(copts.foreground))
		goto out_unmount;
	ret = run_daemon(&fs, &copts);
out_unmount:
	fuse_session_unmount(fs.se);
out_signals:
	hup_to(SIG_DFL);
	fuse_remove_signal_handlers(fs.se);
out_watcher:
	watcher_free(fs.watcher);
out_snap:
	fs_cleanup(&fs);	/* first: handles hold history data */
	hist_view_free(fs.hist);
	fs.hist = NULL;
	publish_drop(atomic_load(&fs.pub.cur));
out_session:
	fuse_session_destroy(fs.se);
	source_free(fs.src);
out_args:
	cli_tree_close(&t);
	built_free(fs.built);
	maint_free(fs.maint);
	free(m.build);
	free(m.rev);
	free(m.history);
	hist_view_free(fs.hist);
	free(copts.mountpoint);
	free(m.tree);
	free(m.mnt);
	fuse_opt_free_args(&args);
	return ret;
}
