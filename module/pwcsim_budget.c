// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_budget.c - bounded work between scheduling points.
 *
 * Every long loop of pwcsim.ko (feeds, invalidations, resets) charges the
 * work it does to a struct pwcsim_budget, in model entries visited
 * (pwc_cost()); once PWCSIM_RESCHED_WORK units have been charged, the loop
 * reaches a scheduling point (cond_resched()).  The time between two such
 * points, or between the start of an operation and its first point or its
 * end, is a span: the longest span since load (or the last reset through
 * debugfs "latency") is kept, so the bound can be measured, not assumed.
 */
#include <linux/atomic.h>
#include <linux/ktime.h>
#include <linux/sched.h>

#include "pwcsim.h"

static atomic64_t pwcsim_max_span_ns = ATOMIC64_INIT(0);
static atomic64_t pwcsim_span_points = ATOMIC64_INIT(0);

static void pwcsim_budget_record(struct pwcsim_budget *b)
{
	u64 now = ktime_get_ns(), span = now - b->t0;
	s64 old = atomic64_read(&pwcsim_max_span_ns);

	while (span > old) {
		s64 seen = atomic64_cmpxchg(&pwcsim_max_span_ns, old, span);

		if (seen == old)
			break;
		old = seen;
	}
	atomic64_inc(&pwcsim_span_points);
	b->t0 = now;
	b->work = 0;
}

void pwcsim_budget_start(struct pwcsim_budget *b)
{
	b->t0 = ktime_get_ns();
	b->work = 0;
	b->chunk = 0;
}

void pwcsim_budget_resched(struct pwcsim_budget *b)
{
	pwcsim_budget_record(b);
	cond_resched();
	b->t0 = ktime_get_ns();
}

void pwcsim_budget_charge(struct pwcsim_budget *b, u64 work)
{
	b->work += work;
	b->chunk += work;
	if (b->work >= PWCSIM_RESCHED_WORK)
		pwcsim_budget_resched(b);
}

void pwcsim_budget_end(struct pwcsim_budget *b)
{
	pwcsim_budget_record(b);
}

void pwcsim_budget_stats(u64 *max_span_ns, u64 *points)
{
	*max_span_ns = atomic64_read(&pwcsim_max_span_ns);
	*points = atomic64_read(&pwcsim_span_points);
}

void pwcsim_budget_stats_reset(void)
{
	atomic64_set(&pwcsim_max_span_ns, 0);
	atomic64_set(&pwcsim_span_points, 0);
}
