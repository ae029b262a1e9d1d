// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_model_kunit.c - KUnit suite pwc_model: the PWC model cases of
 * pwc_model_cases.h (the same source userspace/tests/model-test.c runs)
 * inside the kernel, on the models compiled into pwcsim.ko.
 */
#include <kunit/test.h>

#define pwc_test kunit
#define PWC_EXPECT_EQ(t, a, b) KUNIT_EXPECT_EQ(t, (s64)(a), (s64)(b))
#define PWC_EXPECT_TRUE(t, c) KUNIT_EXPECT_TRUE(t, c)
#define PWC_FAIL(t, msg) KUNIT_FAIL(t, msg)
#define PWC_TEST_SCALE 20
#define PWC_CASE_TYPE struct kunit_case
#define PWC_CASE(fn) KUNIT_CASE(fn)

#include "pwc_model_cases.h"

static struct kunit_suite pwc_model_suite = {
	.name = "pwc_model",
	.test_cases = pwc_model_case_table,
};

kunit_test_suite(pwc_model_suite);
