// SPDX-License-Identifier: GPL-2.0-only
/*
 * floor: the least work a scan of a tree can do, to measure spdxfs against.
 *
 *   floor stat TREE   list every directory and stat every regular file:
 *                     what any rescan must do to see which files changed
 *   floor read TREE   list every directory, and open, fstat, read the
 *                     first 1 KiB of and close every regular file: what a
 *                     first scan must do
 *   floor time N CMD [ARG...]
 *                     run CMD N times, its output to /dev/null, and print
 *                     the wall time of each run in seconds, 6 decimals:
 *                     the benches' timer (tests/bench/lib.sh)
 *
 * One thread per CPU sharing a stack of directories, each with a file
 * table of its own, as spdxfs's walk has; nothing is parsed, sorted or
 * kept.  Prints the number of files.  Skips the top-level .git.
 *
 * time measures CLOCK_MONOTONIC from just before fork() to just after
 * waitpid(): a shell's two `date` forks around a command add a millisecond
 * or more and print rounded figures, too coarse for commands of 10 ms.
 * Exits 1 if any run failed, as the command's own failure would.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static char **stack;
static size_t depth, cap;
static int busy, do_read;
static const char *root;
static atomic_long files;

static void push(char *dir)
{
	pthread_mutex_lock(&lock);
	if (depth == cap) {
		cap = cap ? cap * 2 : 1024;
		stack = realloc(stack, cap * sizeof(*stack));
		if (!stack)
			abort();
	}
	stack[depth++] = dir;
	pthread_cond_signal(&cond);
	pthread_mutex_unlock(&lock);
}

static char *pop(void)
{
	char *dir = NULL;

	pthread_mutex_lock(&lock);
	while (!depth && busy)
		pthread_cond_wait(&cond, &lock);
	if (depth) {
		dir = stack[--depth];
		busy++;
	}
	pthread_mutex_unlock(&lock);
	return dir;
}

static void done(void)
{
	pthread_mutex_lock(&lock);
	if (!--busy)
		pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static void one_file(int dfd, const char *name)
{
	struct stat st;
	char head[1024];
	int fd;

	if (!do_read) {
		fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW);
		return;
	}
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOATIME);
	if (fd < 0)
		return;
	if (!fstat(fd, &st) && read(fd, head, sizeof(head)) < 0)
		perror(name);
	close(fd);
}

/* Walk directories from the stack until none is left; @helper: not main. */
static void *worker(void *helper)
{
	char buf[32768];
	char *dir;
	long n = 0;

	if (helper)
		unshare(CLONE_FILES);
	while ((dir = pop())) {
		int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		ssize_t got;

		while (dfd >= 0 && (got = getdents64(dfd, buf, sizeof(buf))) > 0) {
			for (ssize_t off = 0; off < got; ) {
				struct dirent64 *de = (struct dirent64 *)(buf + off);
				const char *name = de->d_name;

				off += de->d_reclen;
				if (name[0] == '.' && (!name[1] ||
				    (name[1] == '.' && !name[2])))
					continue;
				if (de->d_type == DT_DIR) {
					char *sub;

					if (dir == root && !strcmp(name, ".git"))
						continue;
					if (asprintf(&sub, "%s/%s", dir, name) < 0)
						abort();
					push(sub);
				} else if (de->d_type == DT_REG) {
					one_file(dfd, name);
					n++;
				}
			}
		}
		if (dfd >= 0)
			close(dfd);
		if (dir != root)
			free(dir);
		done();
	}
	atomic_fetch_add(&files, n);
	return NULL;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Run @argv once with its output to /dev/null; 0 if it exited 0. */
static int run_once(char **argv, double *secs)
{
	double t0 = now_s();
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	*secs = now_s() - t0;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

static int time_runs(int argc, char **argv)
{
	long n = argc > 3 ? strtol(argv[2], NULL, 10) : 0;
	int failed = 0;

	if (n < 1) {
		fprintf(stderr, "usage: floor time N CMD [ARG...]\n");
		return 2;
	}
	for (long i = 0; i < n; i++) {
		double secs = 0;

		if (run_once(argv + 3, &secs))
			failed = 1;
		printf("%.6f\n", secs);
	}
	return failed;
}

int main(int argc, char **argv)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	static int helper = 1;
	pthread_t tids[64];
	int nt;

	if (argc > 1 && !strcmp(argv[1], "time"))
		return time_runs(argc, argv);
	if (argc != 3 || (strcmp(argv[1], "stat") && strcmp(argv[1], "read"))) {
		fprintf(stderr, "usage: floor stat|read TREE | time N CMD [ARG...]\n");
		return 2;
	}
	do_read = !strcmp(argv[1], "read");
	nt = ncpu < 1 ? 1 : ncpu > 64 ? 64 : (int)ncpu;
	root = argv[2];
	push((char *)root);
	for (int t = 1; t < nt; t++)
		pthread_create(&tids[t], NULL, worker, &helper);
	worker(NULL);
	for (int t = 1; t < nt; t++)
		pthread_join(tids[t], NULL);
	printf("%ld\n", (long)files);
	return 0;
}
