// SPDX-License-Identifier: GPL-2.0
/*
 * model-test.c - runs the PWC model cases (kunit/pwc_model_cases.h, the
 * same source as the pwc_model KUnit suite) in userspace, under ASan and
 * UBSan.  Prints TAP-like lines and "model-test: N passed, N failed".
 */
#include <stdio.h>

struct pwc_test {
	const char *name;
	int failures;
};

#define PWC_EXPECT_EQ(t, a, b)						\
	do {								\
		long long _a = (long long)(a), _b = (long long)(b);	\
		if (_a != _b) {						\
			fprintf(stderr, "%s:%d: %s: expected %s == %s (%lld != %lld)\n", \
				__FILE__, __LINE__, (t)->name, #a, #b, _a, _b); \
			(t)->failures++;				\
		}							\
	} while (0)
#define PWC_EXPECT_TRUE(t, c)						\
	do {								\
		if (!(c)) {						\
			fprintf(stderr, "%s:%d: %s: expected %s\n",	\
				__FILE__, __LINE__, (t)->name, #c);	\
			(t)->failures++;				\
		}							\
	} while (0)
#define PWC_FAIL(t, msg) PWC_EXPECT_TRUE(t, !msg)
#define PWC_TEST_SCALE 100

struct pwc_case {
	void (*fn)(struct pwc_test *t);
	const char *name;
};

#define PWC_CASE_TYPE const struct pwc_case
#define PWC_CASE(f) { .fn = f, .name = #f }

#include "pwc_model_cases.h"

int main(void)
{
	unsigned int i, passed = 0, failed = 0;
	struct pwc_test t;

	for (i = 0; pwc_model_case_table[i].fn; i++) {
		t.name = pwc_model_case_table[i].name;
		t.failures = 0;
		pwc_model_case_table[i].fn(&t);
		printf("%s %u %s\n", t.failures ? "not ok" : "ok", i + 1,
		       t.name);
		if (t.failures)
			failed++;
		else
			passed++;
	}
	printf("model-test: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
