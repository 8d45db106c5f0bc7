/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tap.h: a tiny Test Anything Protocol emitter for the C unit tests.
 *
 * Each check prints "ok N - name" or "not ok N - name" with the values that
 * differed; tap_done() prints the plan and returns the exit status, so a
 * test's main() ends in "return tap_done();".  Run them with prove(1).
 */
#ifndef SPDXFS_TAP_H
#define SPDXFS_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

static inline int tap_ok(int cond, const char *name)
{
	tap_count++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - %s\n", cond ? "" : "not ", tap_count, name);
	fflush(stdout);
	return cond;
}

#define ok(cond, ...) do {						\
	char tap_name_[256];						\
	snprintf(tap_name_, sizeof(tap_name_), __VA_ARGS__);		\
	tap_ok(!!(cond), tap_name_);					\
} while (0)

#define is_int(got, want, ...) do {					\
	long long got_ = (long long)(got), want_ = (long long)(want);	\
	char tap_name_[256];						\
	snprintf(tap_name_, sizeof(tap_name_), __VA_ARGS__);		\
	if (!tap_ok(got_ == want_, tap_name_))				\
		printf("#   got: %lld\n#  want: %lld\n", got_, want_);	\
} while (0)

#define is_str(got, want, ...) do {					\
	const char *got_ = (got), *want_ = (want);			\
	char tap_name_[256];						\
	int same_ = (!got_ && !want_) ||				\
		    (got_ && want_ && !strcmp(got_, want_));		\
	snprintf(tap_name_, sizeof(tap_name_), __VA_ARGS__);		\
	if (!tap_ok(same_, tap_name_))					\
		printf("#   got: '%s'\n#  want: '%s'\n",			\
		       got_ ? got_ : "(null)", want_ ? want_ : "(null)");\
} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	if (tap_failed)
		printf("# failed %d of %d\n", tap_failed, tap_count);
	return tap_failed ? 1 : 0;
}

#endif
