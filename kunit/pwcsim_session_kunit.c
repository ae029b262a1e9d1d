// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_session_kunit.c - KUnit suite pwcsim_session: the session logic
 * that runs without a target process, on synthetic walks: model
 * configuration and its errors, the shadow check, coherence (the mmu
 * notifier's queued invalidations, their overflow and release), and the
 * feed queue (walks fed to the models' batch ops) against walks fed one
 * by one.
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
	pwcsim_session_flush(s, &b);
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
	/* no size within the budget has whole sets of 7 */
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "stc:ways=7", 5280, &index),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, s->nmodels, 0U);
	/* sized to the largest multiple of the ways that fits */
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "stc:ways=3", 5280, &index),
			0);
	KUNIT_EXPECT_STREQ(test, s->models[0].spec,
			   "stc:l4=3,l3=6,l2=24,ways=3");
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc:ways=2", 5280, &index),
			0);
	KUNIT_EXPECT_STREQ(test, s->models[1].spec, pwcsim_levels() == 5 ?
			   "tpc:entries=18,ways=2" : "tpc:entries=24,ways=2");
	pwcsim_clear_models(s);
	/* frozen once fed, until a reset of the contents (warm models) */
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), 0);
	pwcsim_test_walk(s, 0x7f0000000000ULL, 0);
	s->fed = true;
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), -EBUSY);
	KUNIT_EXPECT_EQ(test, pwcsim_set_tlb(s, 8, 0), -EBUSY);
	pwcsim_reset(s, PWCSIM_RESET_STATS);
	KUNIT_EXPECT_EQ(test, pwcsim_add_model(s, "tpc", 0, &index), -EBUSY);
	KUNIT_EXPECT_EQ(test, s->nmodels, 1U);
	pwcsim_reset(s, PWCSIM_RESET_CONTENTS);
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

/* A step of pwcsim_feed_queue_order: a walk, or a change notified. */
struct pwcsim_test_step {
	u64 va;
	u64 base1_delta;	/* the L1 table moved without a notification */
	bool notify;		/* [va, va + 4 KiB) changed */
	bool raced;		/* a walk that fills nothing */
};

#define PWCSIM_TEST_STEPS 400
#define PWCSIM_TEST_PLAIN 100

/*
 * The steps: walks over 2 x 4 x 8 2 MiB regions (more than the small
 * models keep), the changes notified between walks of the same feed, a
 * walk that raced a change, a stale base now and then.  The first three
 * are fixed: a walk, a change of its page, the same walk (a miss); the
 * last are plain walks.
 */
static void pwcsim_test_steps(struct pwcsim_test_step *st, unsigned int n)
{
	u64 base = 0x100000000000ULL, x = 12345, region;
	unsigned int i, r;

	for (i = 0; i < n; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		r = x >> 33;
		region = (r >> 8) % 64;
		st[i] = (struct pwcsim_test_step){
			.va = base + ((region >> 5) << 39) +
			      (((region >> 3) & 3) << 30) +
			      ((region & 7) << 21) + ((r >> 16) % 4) * 4096,
			.notify = r % 8 == 0,
			.raced = r % 16 == 1,
			.base1_delta = r % 32 == 2 ? 0x1000 : 0,
		};
	}
	/* the last PWCSIM_TEST_PLAIN: walks only, more than the queue holds */
	for (i = n - PWCSIM_TEST_PLAIN; i < n; i++) {
		st[i].notify = false;
		st[i].raced = false;
		st[i].base1_delta = 0;
	}
	st[0] = (struct pwcsim_test_step){ .va = base };
	st[1] = (struct pwcsim_test_step){ .va = base, .notify = true };
	st[2] = (struct pwcsim_test_step){ .va = base };
}

/* pwcsim_feed_queue_order()'s checks: the queued feed against the reference. */
static void pwcsim_feed_queue_check(struct kunit *test,
				    struct pwcsim_session *s,
				    struct pwc_model **ref,
				    const struct pwcsim_result *res,
				    const struct pwcsim_result *want,
				    unsigned int queued)
{
	unsigned int i, k;

	/* the queue was used, and filled up (the plain walks at the end) */
	KUNIT_EXPECT_EQ(test, queued, (unsigned int)PWCSIM_FEED_QUEUE - 1);
	KUNIT_EXPECT_EQ(test, s->queue.n, 0U);
	/* a walk of a page changed since its last walk misses */
	KUNIT_EXPECT_EQ(test, (unsigned int)res[2].start[PWC_KIND_TPC],
			pwcsim_levels());
	for (i = 0; i < PWCSIM_TEST_STEPS; i++) {
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			KUNIT_EXPECT_EQ_MSG(test, res[i].start[k],
					    want[i].start[k], "step %u model %s",
					    i, pwc_kind_name(k));
			KUNIT_EXPECT_EQ_MSG(test, res[i].accesses[k],
					    want[i].accesses[k],
					    "step %u model %s", i,
					    pwc_kind_name(k));
		}
	}
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		KUNIT_EXPECT_EQ_MSG(test,
				    memcmp(&s->models[k].m->stats,
					   &ref[k]->stats,
					   sizeof(ref[k]->stats)), 0,
				    "statistics of %s", pwc_kind_name(k));
		KUNIT_EXPECT_GT(test, ref[k]->stats.lookups, 0ULL);
	}
	/* the steps did what they are for */
	KUNIT_EXPECT_GT(test, ref[PWC_KIND_TPC]->stats.evictions, 0ULL);
	KUNIT_EXPECT_GT(test, ref[PWC_KIND_TPC]->stats.invalidations, 0ULL);
	KUNIT_EXPECT_GT(test, ref[PWC_KIND_TPC]->stats.stale, 0ULL);
	KUNIT_EXPECT_GT(test, s->cnt.walks, 0ULL);
}

/*
 * Every model of the registry in a session, fed through the queue (one
 * feed: the session lock held throughout, changes notified between its
 * walks), against the same models fed one walk at a time with each change
 * applied where it was notified: every walk's start level and accesses
 * and every counter must match.  Applying a change before the walks
 * queued ahead of it, or after those behind it, changes what the next
 * walk finds (the first three steps alone show it: a walk of a page just
 * changed must miss).
 */
static void pwcsim_feed_queue_order(struct kunit *test)
{
	struct pwcsim_session *s = pwcsim_test_session(test);
	struct pwc_synth pt = { .levels = pwcsim_levels(), .n2m = 1,
				.huge2m = { { 0x100000400000ULL,
					      0x100000600000ULL } } };
	struct pwc_model *ref[PWC_KIND_COUNT];
	struct pwcsim_result *res, *want;
	struct pwcsim_test_step *st;
	struct pwc_config cfg;
	struct pwcsim_budget b;
	struct pwc_result r;
	unsigned int i, k, queued = 0;
	struct pwc_walk w;
	u32 index;

	st = kunit_kcalloc(test, PWCSIM_TEST_STEPS, sizeof(*st), GFP_KERNEL);
	res = kunit_kcalloc(test, PWCSIM_TEST_STEPS, sizeof(*res), GFP_KERNEL);
	want = kunit_kcalloc(test, PWCSIM_TEST_STEPS, sizeof(*want),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_ASSERT_NOT_NULL(test, res);
	KUNIT_ASSERT_NOT_NULL(test, want);
	pwcsim_test_steps(st, PWCSIM_TEST_STEPS);
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		KUNIT_ASSERT_EQ(test, pwcsim_add_model(s, pwc_kind_name(k),
						       5280, &index), 0);
		KUNIT_ASSERT_EQ(test, pwc_config_from_spec(pwc_kind_name(k),
							   5280,
							   pwcsim_levels(),
							   &cfg, NULL, 0), 0);
		ref[k] = pwc_create(&cfg);
		KUNIT_ASSERT_NOT_NULL(test, ref[k]);
	}

	mutex_lock(&s->lock);
	pwcsim_budget_start(&b);
	for (i = 0; i < PWCSIM_TEST_STEPS; i++) {
		if (st[i].notify) {
			pwcsim_notify(s, st[i].va, st[i].va + 4096);
			for (k = 0; k < PWC_KIND_COUNT; k++)
				pwc_invalidate(ref[k], st[i].va,
					       st[i].va + 4096);
			continue;
		}
		pwc_synth_walk(&pt, st[i].va, &w);
		w.base[1] += st[i].base1_delta;
		/* what pwcsim_feed_one() does before each walk's lookups */
		pwcsim_apply_pending(s);
		pwcsim_session_walked(s, &w, &res[i], !st[i].raced, &b);
		queued = max(queued, s->queue.n);
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (st[i].raced)
				pwc_access_nofill(ref[k], &w, &r);
			else
				pwc_access(ref[k], &w, &r);
			want[i].start[k] = r.start;
			want[i].accesses[k] = r.accesses;
		}
	}
	pwcsim_session_flush(s, &b);
	pwcsim_budget_end(&b);
	mutex_unlock(&s->lock);

	pwcsim_feed_queue_check(test, s, ref, res, want, queued);
	for (k = 0; k < PWC_KIND_COUNT; k++)
		pwc_destroy(ref[k]);
	pwcsim_session_destroy(s);
}

static struct kunit_case pwcsim_session_cases[] = {
	KUNIT_CASE(pwcsim_add_model_errors),
	KUNIT_CASE(pwcsim_shadow_check),
	KUNIT_CASE(pwcsim_notifier_invalidates),
	KUNIT_CASE(pwcsim_notifier_overflow_and_release),
	KUNIT_CASE(pwcsim_feed_queue_order),
	{}
};

static struct kunit_suite pwcsim_session_suite = {
	.name = "pwcsim_session",
	.test_cases = pwcsim_session_cases,
};

kunit_test_suite(pwcsim_session_suite);
