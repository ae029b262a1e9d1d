/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/expect.h - the checks of the userspace C tests (report-test,
 * wins-test, gpu-sim-test): expect() prints "ok - WHAT" or "not ok - WHAT"
 * and counts it; expect_done() prints "NAME: N passed, N failed" (the line
 * scripts/results.sh reads) and gives the exit status.  One copy of the
 * counters per test program (static).
 */
#ifndef TESTS_EXPECT_H
#define TESTS_EXPECT_H

#include <stdio.h>

static unsigned int passed, failed;

static inline void expect(int cond, const char *what)
{
	if (cond) {
		passed++;
		printf("ok - %s\n", what);
	} else {
		failed++;
		printf("not ok - %s\n", what);
	}
}

static inline int expect_done(const char *name)
{
	printf("%s: %u passed, %u failed\n", name, passed, failed);
	return failed != 0;
}

#endif /* TESTS_EXPECT_H */
