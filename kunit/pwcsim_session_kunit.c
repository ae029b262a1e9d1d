// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_session_kunit.c - KUnit suite pwcsim_session: the session logic
 * that runs without a target process, on synthetic walks: model
 * configuration and its errors, the shadow check, and coherence (the mmu
 * notifier's queued invalidations, their overflow and release).
 */
#include <kunit/test.h>
#include <linux/mmu_notifier.h>

#include "pwcsim.h"
#include "pwc_synth.h"

static struct pwcsim_session *pwcsim_test_session(struct kunit *test)
{
	struct pwcsim_session *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	pwcsim_session_init(s, 1000, true);
	return s;
}

/* One synthetic walk through the session; returns model 0's start. */
static unsigned int pwcsim_test_walk(struct pwcsim_session *s, u64 va,
				     u64 base1_delta)
{
	struct pwc_synth pt = { .levels = 4 };
	struct pwcsim_result res = {};
	struct pwcsim_budget b;
	struct pwc_walk w;

	pwc_synth_walk(&pt, va, &w);
	w.base[1] += base1_delta;
	pwcsim_budget_start(&b);
	mutex_lock(&s->lock);
	pwcsim_apply_pending(s);
	pwcsim_session_walked(s, &w, &res, true, &b);
	mutex_unlock(&s->lock);
	pwcsim_budget_end(&b);
	return res.start[0];
}

static void pwcsim_add_model_errors(struct kunit *test)
{
	struct pwcsim_session *s = pwcsim_test_session(test);
	unsigned int i;
	u32 index;

	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "bogus", 0, &index), -EINVAL);
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 100, &index), -EINVAL);
	for (i = 0; i < PWCSIM_MAX_MODELS; i++) {
		KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "cpwc", 5280, &index),
				0);
		KUNIT_EXPECT_EQ(test, index, i);
	}
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "none", 0, &index), -ENOSPC);
	/* sized for the running kernel: the L5 stage costs 74 bits */
	KUNIT_EXPECT_STREQ(test, s->models[0].spec, pwcsim_levels() == 5 ?
			   "cpwc:l4=2,l3=4,blocks=61,ways=1" :
			   "cpwc:l4=2,l3=4,blocks=62,ways=1");
	pwcsim_clear_models(s);
	KUNIT_EXPECT_EQ(test, s->nmodels, 0U);
	/* set geometries: checked in the kernel, sized to the budget */
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc:entries=24,ways=5", 0,
					       &index), -EINVAL);
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "uptc:ways=47", 0, &index),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "stc:ways=3", 5280, &index),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc:ways=2", 5280, &index),
			0);
	KUNIT_EXPECT_STREQ(test, s->models[0].spec, pwcsim_levels() == 5 ?
			   "tpc:entries=18,ways=2" : "tpc:entries=24,ways=2");
	pwcsim_clear_models(s);
	/* frozen once fed, until a reset */
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), 0);
	pwcsim_test_walk(s, 0x7f0000000000ULL, 0);
	s->fed = true;
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), -EBUSY);
	KUNIT_EXPECT_EQ(test, pwcsim_set_tlb(s, 8, 0), -EBUSY);
	pwcsim_reset(s, PWCSIM_RESET_STATS);
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), 0);
	KUNIT_EXPECT_EQ(test, s->models[0].m->stats.lookups, 0ULL);
	pwcsim_session_destroy(s);
}

static void pwcsim_shadow_check(struct kunit *test)
{
	struct pwcsim_session *s = pwcsim_test_session(test);
	u64 va = 0x7f0000000000ULL;
	u32 index;

	KUNIT_ASSERT_EQ(test, pwcsim_add_model(s, "cpwc", 0, &index), 0);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 4U);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 1U);
	/* the L1 table moved without an invalidation */
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0x1000), 1U);
	KUNIT_EXPECT_EQ(test, s->models[0].m->stats.stale, 1ULL);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0x1000), 1U);
	KUNIT_EXPECT_EQ(test, s->models[0].m->stats.stale, 1ULL);
	KUNIT_EXPECT_EQ(test, s->cnt.walks, 4ULL);
	pwcsim_session_destroy(s);
}

static void pwcsim_notify(struct pwcsim_session *s, u64 start, u64 end)
{
	struct mmu_notifier_range range = { .start = start, .end = end };

	s->mn.ops->invalidate_range_start(&s->mn, &range);
	s->mn.ops->invalidate_range_end(&s->mn, &range);
}

static void pwcsim_notifier_invalidates(struct kunit *test)
{
	struct pwcsim_session *s = pwcsim_test_session(test);
	u64 va = 0x7f0000000000ULL, other = 0x100000000000ULL;
	u32 index;

	KUNIT_ASSERT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), 0);
	pwcsim_test_walk(s, va, 0);
	pwcsim_test_walk(s, other, 0);
	pwcsim_notify(s, va, va + 4096);
	KUNIT_EXPECT_EQ(test, pwcsim_notifications(s), 2ULL);
	/* the page's path is gone, the other L4 region's is not */
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 4U);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, other, 0), 1U);
	KUNIT_EXPECT_EQ(test, s->models[0].m->stats.invalidations, 1ULL);
	KUNIT_EXPECT_EQ(test, s->models[0].m->stats.stale, 0ULL);
	pwcsim_session_destroy(s);
}

static void pwcsim_notifier_overflow_and_release(struct kunit *test)
{
	struct pwcsim_session *s = pwcsim_test_session(test);
	u64 va = 0x7f0000000000ULL, far = 0x10000000000ULL;
	unsigned int i;
	u32 index;

	KUNIT_ASSERT_EQ(test, pwcsim_add_model(s, "stc", 0, &index), 0);
	pwcsim_test_walk(s, va, 0);
	/* ranges far from va, more than the queue holds: all is dropped */
	for (i = 0; i < PWCSIM_PENDING; i++)
		pwcsim_notify(s, far + i * 4096, far + (i + 1) * 4096);
	KUNIT_EXPECT_TRUE(test, s->pending_all);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 4U);
	KUNIT_EXPECT_FALSE(test, s->pending_all);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 1U);
	/* a few ranges that miss va leave it cached */
	pwcsim_notify(s, far, far + 4096);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 1U);
	/* ranges on both sides of va: each applied alone, not their span */
	pwcsim_notify(s, far, far + 4096);
	pwcsim_notify(s, va + (1ULL << 40), va + (1ULL << 40) + 4096);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 1U);
	/* release: the address space is going away */
	s->mn.ops->release(&s->mn, NULL);
	KUNIT_EXPECT_EQ(test, pwcsim_test_walk(s, va, 0), 4U);
	pwcsim_session_destroy(s);
}

static struct kunit_case pwcsim_session_cases[] = {
	KUNIT_CASE(pwcsim_add_model_errors),
	KUNIT_CASE(pwcsim_shadow_check),
	KUNIT_CASE(pwcsim_notifier_invalidates),
	KUNIT_CASE(pwcsim_notifier_overflow_and_release),
	{}
};

static struct kunit_suite pwcsim_session_suite = {
	.name = "pwcsim_session",
	.test_cases = pwcsim_session_cases,
};

kunit_test_suite(pwcsim_session_suite);
