// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_session.c - sessions: a target process, PWC model instances fed
 * by walks of the target's real page tables (behind an optional IOTLB),
 * the shadow check, and coherence through an mmu notifier.  Locking and
 * lifetime rules are written at struct pwcsim_session (pwcsim.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/mm.h>
#include <linux/pid.h>
#include <linux/random.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>

#include "pwcsim.h"
#include "pwcsim_compat.h"
#include "pwcsim_trace.h"
#include "pwcsim_walk.h"

/* The whole user address space, for "invalidate everything". */
#define PWCSIM_ALL_END BIT_ULL(57)

unsigned int pwcsim_levels(void)
{
	return pgtable_l5_enabled() ? 5 : 4;
}

bool pwcsim_va_ok(u64 va)
{
	return va < TASK_SIZE_MAX;
}

/* ---- the notifier: callbacks only queue ranges (they must not sleep) ---- */

/* @delta: +1 at a range's start, -1 at its end, 0 for "everything". */
static void pwcsim_queue(struct pwcsim_session *s, u64 start, u64 end,
			 bool all, int delta)
{
	spin_lock(&s->pending_lock);
	/* read without the lock after a walk (pwcsim_feed_chunk()) */
	WRITE_ONCE(s->seq, s->seq + 1);
	if (delta > 0)
		s->in_progress++;
	else if (delta < 0 && s->in_progress)
		s->in_progress--;
	if (all || s->npending == PWCSIM_PENDING) {
		s->pending_all = true;
	} else {
		s->pending[s->npending].start = start;
		s->pending[s->npending].end = end;
		s->npending++;
	}
	spin_unlock(&s->pending_lock);
}

static int pwcsim_mn_start(struct mmu_notifier *mn,
			   const struct mmu_notifier_range *range)
{
	pwcsim_queue(container_of(mn, struct pwcsim_session, mn),
		     range->start, range->end, false, 1);
	return 0;
}

static void pwcsim_mn_end(struct mmu_notifier *mn,
			  const struct mmu_notifier_range *range)
{
	/*
	 * Again at the end: a walk between start and end may have seen the
	 * old tables; what it filled is dropped before the next lookup.
	 */
	pwcsim_queue(container_of(mn, struct pwcsim_session, mn),
		     range->start, range->end, false, -1);
}

static void pwcsim_mn_release(struct mmu_notifier *mn, struct mm_struct *mm)
{
	pwcsim_queue(container_of(mn, struct pwcsim_session, mn), 0, 0, true,
		     0);
}

static const struct mmu_notifier_ops pwcsim_mn_ops = {
	.release = pwcsim_mn_release,
	.invalidate_range_start = pwcsim_mn_start,
	.invalidate_range_end = pwcsim_mn_end,
};

/* Empty every model and the IOTLB.  Called with @s->lock held. */
static void pwcsim_clear_contents(struct pwcsim_session *s,
				  struct pwcsim_budget *b)
{
	unsigned int i;

	lockdep_assert_held(&s->lock);
	for (i = 0; i < s->nmodels; i++) {
		pwc_clear(s->models[i].m);
		pwcsim_budget_charge(b, pwc_cost(s->models[i].m));
	}
	pwc_tlb_clear(&s->tlb);
}

/* One pass over every model and the IOTLB for [start, end). */
static void pwcsim_invalidate(struct pwcsim_session *s, u64 start, u64 end,
			      struct pwcsim_budget *b)
{
	u64 before = 0, after = 0;
	struct pwc_model *m;
	unsigned int i;

	lockdep_assert_held(&s->lock);
	for (i = 0; i < s->nmodels; i++) {
		m = s->models[i].m;
		before += m->stats.invalidations;
		pwc_invalidate(m, start, end);
		after += m->stats.invalidations;
		pwcsim_budget_charge(b, pwc_cost(m));
	}
	pwc_tlb_invalidate(&s->tlb, start, end);
	pwcsim_budget_charge(b, s->tlb.t.size);
	trace_pwcsim_invalidate(s->id, start, end, after - before);
}

/*
 * Sort @r[0..@n) by start and merge ranges that overlap or touch (each
 * change is queued twice, at its start and its end); returns how many
 * are left.  At most PWCSIM_PENDING ranges: insertion sort.
 */
static unsigned int pwcsim_merge_ranges(struct pwcsim_range *r,
					unsigned int n)
{
	struct pwcsim_range x;
	unsigned int i, j, out = 0;

	for (i = 1; i < n; i++) {
		x = r[i];
		for (j = i; j > 0 && r[j - 1].start > x.start; j--)
			r[j] = r[j - 1];
		r[j] = x;
	}
	for (i = 0; i < n; i++) {
		if (out && r[i].start <= r[out - 1].end)
			r[out - 1].end = max(r[out - 1].end, r[i].end);
		else
			r[out++] = r[i];
	}
	return out;
}

/*
 * Apply what the notifier queued: each range once (overlapping and
 * touching ranges merged first), or everything after an overflow.  Each
 * pass over a model is charged to @b, so a long queue yields the CPU
 * between passes.  Returns the notification count it saw, and in
 * *@in_progress whether a range had started and not yet ended.
 */
static u64 pwcsim_sync(struct pwcsim_session *s, struct pwcsim_budget *b,
		       bool *in_progress)
{
	struct pwcsim_range r[PWCSIM_PENDING];
	unsigned int i, n;
	bool all;
	u64 seq;

	lockdep_assert_held(&s->lock);
	spin_lock(&s->pending_lock);
	n = s->npending;
	memcpy(r, s->pending, n * sizeof(r[0]));
	all = s->pending_all;
	seq = s->seq;
	if (in_progress)
		*in_progress = s->in_progress;
	s->npending = 0;
	s->pending_all = false;
	spin_unlock(&s->pending_lock);
	/* The walks queued before these changes are the models' first. */
	if (all || n)
		pwcsim_session_flush(s, b);
	if (all) {
		pwcsim_invalidate(s, 0, PWCSIM_ALL_END, b);
		return seq;
	}
	n = pwcsim_merge_ranges(r, n);
	for (i = 0; i < n; i++)
		pwcsim_invalidate(s, r[i].start, r[i].end, b);
	return seq;
}

u64 pwcsim_notifications(struct pwcsim_session *s)
{
	u64 n;

	spin_lock(&s->pending_lock);
	n = s->seq - s->seq_reset;
	spin_unlock(&s->pending_lock);
	return n;
}

void pwcsim_apply_pending(struct pwcsim_session *s)
{
	struct pwcsim_budget b;

	pwcsim_budget_start(&b);
	pwcsim_sync(s, &b, NULL);
	pwcsim_budget_end(&b);
}

/* ---- life cycle ---- */

void pwcsim_session_init(struct pwcsim_session *s, unsigned int id,
			 bool privileged)
{
	memset(s, 0, sizeof(*s));
	s->id = id;
	mutex_init(&s->lock);
	spin_lock_init(&s->pending_lock);
	s->coherent = true;
	s->privileged = privileged;
	get_random_bytes(&s->table_key, sizeof(s->table_key));
	s->mn.ops = &pwcsim_mn_ops;
	pwc_tlb_init(&s->tlb, 0, 0);
}

/*
 * Stop the notifier.  No callback runs after mmu_notifier_unregister()
 * returns, so a range it started may never end here: nothing is in
 * progress for this session any more, and everything cached is dropped
 * by the next operation.
 */
static void pwcsim_unregister(struct pwcsim_session *s)
{
	lockdep_assert_held(&s->lock);
	mmu_notifier_unregister(&s->mn, s->mm);
	s->registered = false;
	spin_lock(&s->pending_lock);
	s->in_progress = 0;
	s->pending_all = true;
	spin_unlock(&s->pending_lock);
}

/* Drop the target. */
static void pwcsim_detach(struct pwcsim_session *s)
{
	lockdep_assert_held(&s->lock);
	if (!s->mm)
		return;
	if (s->registered)
		pwcsim_unregister(s);
	mmdrop(s->mm);
	s->mm = NULL;
}

/*
 * Freeing a large model (megabytes of vmalloc, slow with KASAN) is
 * budgeted like any other work: sixteen of them in one release held a CPU
 * for seconds on the debug kernel (make stress found it).
 */
static void pwcsim_free_models(struct pwcsim_session *s)
{
	struct pwcsim_budget b;
	unsigned int i;

	lockdep_assert_held(&s->lock);
	pwcsim_budget_start(&b);
	for (i = 0; i < s->nmodels; i++) {
		pwcsim_budget_charge(&b, pwc_cost(s->models[i].m));
		pwc_destroy(s->models[i].m);
	}
	s->nmodels = 0;
	pwcsim_budget_end(&b);
}

/* The last user is gone: the lock is taken for the assertions only. */
void pwcsim_session_destroy(struct pwcsim_session *s)
{
	mutex_lock(&s->lock);
	pwcsim_detach(s);
	pwcsim_free_models(s);
	cond_resched();
	pwc_tlb_free(&s->tlb);
	mutex_unlock(&s->lock);
	mutex_destroy(&s->lock);
}

/* The target task with a reference, or an errno. */
static struct task_struct *pwcsim_find_task(u32 flags, s32 pid)
{
	struct task_struct *task;
	struct pid *p;

	if (flags & PWCSIM_ATTACH_SELF) {
		if (pid)
			return ERR_PTR(-EINVAL);
		get_task_struct(current);
		return current;
	}
	if (pid <= 0)
		return ERR_PTR(-EINVAL);
	p = find_get_pid(pid);
	if (!p)
		return ERR_PTR(-ESRCH);
	task = get_pid_task(p, PIDTYPE_PID);
	put_pid(p);
	return task ? task : ERR_PTR(-ESRCH);
}

int pwcsim_attach(struct pwcsim_session *s, u32 flags, s32 pid, bool replace)
{
	struct pwcsim_budget b;
	struct task_struct *task;
	struct mm_struct *mm;
	int ret = 0;

	if (flags & ~PWCSIM_ATTACH_SELF)
		return -EOPNOTSUPP;
	task = pwcsim_find_task(flags, pid);
	if (IS_ERR(task))
		return PTR_ERR(task);
	if (task->flags & PF_KTHREAD) {
		put_task_struct(task);
		return -EINVAL;
	}
	mm = get_task_mm(task);	/* NULL once the task has exited */
	if (!flags)
		pid = task_tgid_vnr(task);
	put_task_struct(task);
	if (!mm)
		return -ESRCH;
	/*
	 * Another process's tables: the opener and the caller must both be
	 * privileged, and the caller may trace it (pagemap asks
	 * ptrace_may_access(), which modules cannot call: CAP_SYS_PTRACE
	 * passes its uid and dumpable tests; an LSM's ptrace hook is not
	 * asked).  One's own need nothing.
	 */
	if (mm != current->mm && (!s->privileged || !capable(CAP_SYS_ADMIN) ||
				  !capable(CAP_SYS_PTRACE))) {
		ret = -EPERM;
		goto out_mmput;
	}

	mutex_lock(&s->lock);
	if (s->mm && !replace) {
		ret = -EBUSY;
		goto out_unlock;
	}
	if (s->mm) {
		/* Other tables: what the models hold means nothing now. */
		pwcsim_detach(s);	/* sleeps: the span starts after */
		pwcsim_budget_start(&b);
		pwcsim_clear_contents(s, &b);
		pwcsim_budget_end(&b);
		s->fed = false;	/* cold models, as PWCSIM_RESET_CONTENTS */
	}
	if (s->coherent) {
		ret = mmu_notifier_register(&s->mn, mm);
		if (ret)
			goto out_unlock;
		s->registered = true;
	}
	mmgrab(mm);
	s->mm = mm;
	s->pid = flags ? task_tgid_vnr(current) : pid;
out_unlock:
	mutex_unlock(&s->lock);
out_mmput:
	mmput(mm);
	return ret;
}

/*
 * The session's coherence, changed only on success.  Turned on again, it
 * drops everything cached: what was filled while no notifier watched may
 * be stale, and a coherent session reports no stale hit.
 */
int pwcsim_set_coherence(struct pwcsim_session *s, bool enable)
{
	int ret = 0;

	mutex_lock(&s->lock);
	if (!s->mm || enable == s->registered) {
		s->coherent = enable;
		goto out_unlock;
	}
	if (!enable) {
		pwcsim_unregister(s);
		s->coherent = false;
		goto out_unlock;
	}
	if (!mmget_not_zero(s->mm)) {
		ret = -ESRCH;
		goto out_unlock;
	}
	ret = mmu_notifier_register(&s->mn, s->mm);
	mmput(s->mm);
	if (ret)
		goto out_unlock;
	s->registered = true;
	s->coherent = true;
	spin_lock(&s->pending_lock);
	s->pending_all = true;	/* applied by the next operation */
	spin_unlock(&s->pending_lock);
out_unlock:
	mutex_unlock(&s->lock);
	return ret;
}

/*
 * The models of @specs (@n of them, at most PWCSIM_MAX_MODELS) created
 * into @m, each sized to @budget_bits; 0, or an errno with none left.
 */
static int pwcsim_create_models(const char *const *specs, unsigned int n,
				u64 budget_bits, struct pwc_model **m)
{
	struct pwc_config cfg;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		if (pwc_config_from_spec(specs[i], budget_bits,
					 pwcsim_levels(), &cfg, NULL, 0)) {
			ret = -EINVAL;
			break;
		}
		m[i] = pwc_create(&cfg);
		if (!m[i]) {
			ret = -ENOMEM;
			break;
		}
	}
	if (ret)
		while (i--)		/* the ones created before */
			pwc_destroy(m[i]);
	return ret;
}

int pwcsim_set_models(struct pwcsim_session *s, const char *const *specs,
		      unsigned int n, u64 budget_bits, bool clear, u32 *index)
{
	struct pwc_model *m[PWCSIM_MAX_MODELS];
	unsigned int i;
	int ret;

	if (n > PWCSIM_MAX_MODELS)
		return -ENOSPC;
	ret = pwcsim_create_models(specs, n, budget_bits, m);
	if (ret)
		return ret;

	mutex_lock(&s->lock);
	if (s->fed && !clear)
		ret = -EBUSY;
	else if (n > PWCSIM_MAX_MODELS - (clear ? 0 : s->nmodels))
		ret = -ENOSPC;
	if (ret)
		goto out_unlock;
	if (clear) {
		pwcsim_free_models(s);
		s->fed = false;
	}
	if (index)
		*index = s->nmodels;
	for (i = 0; i < n; i++) {
		s->models[s->nmodels].m = m[i];
		pwc_format_spec(&m[i]->cfg, s->models[s->nmodels].spec,
				PWCSIM_SPEC_LEN);
		s->nmodels++;
	}
	n = 0;				/* the session's now */
out_unlock:
	mutex_unlock(&s->lock);
	for (i = 0; i < n; i++)
		pwc_destroy(m[i]);
	return ret;
}

int pwcsim_set_tlb(struct pwcsim_session *s, u32 entries, u32 flags)
{
	struct pwc_tlb tlb;
	int ret;

	if (flags & ~PWCSIM_TLB_2M)
		return -EOPNOTSUPP;
	if (entries > PWC_MAX_ENTRIES)
		return -EINVAL;
	ret = pwc_tlb_init(&tlb, entries,
			   flags & PWCSIM_TLB_2M ? PWC_TLB_2M : 0);
	if (ret)
		return ret;
	mutex_lock(&s->lock);
	if (s->fed) {
		ret = -EBUSY;
	} else {
		swap(s->tlb, tlb);
		ret = 0;
	}
	mutex_unlock(&s->lock);
	pwc_tlb_free(&tlb);
	return ret;
}

void pwcsim_unadd_model(struct pwcsim_session *s, u32 index)
{
	struct pwc_model *m = NULL;

	mutex_lock(&s->lock);
	if (index + 1 == s->nmodels && !s->fed) {
		m = s->models[index].m;
		s->nmodels--;
	}
	mutex_unlock(&s->lock);
	pwc_destroy(m);
}

/* Zero every counter: the session's, the IOTLB's and each model's. */
static void pwcsim_reset_counters(struct pwcsim_session *s)
{
	unsigned int i;

	lockdep_assert_held(&s->lock);
	for (i = 0; i < s->nmodels; i++)
		memset(&s->models[i].m->stats, 0,
		       sizeof(s->models[i].m->stats));
	s->tlb.lookups = 0;
	s->tlb.hits = 0;
	s->tlb.fills = 0;
	s->tlb.evictions = 0;
	s->tlb.invalidations = 0;
	memset(&s->cnt, 0, sizeof(s->cnt));
	spin_lock(&s->pending_lock);
	s->seq_reset = s->seq;
	spin_unlock(&s->pending_lock);
}

void pwcsim_reset(struct pwcsim_session *s, u32 flags)
{
	struct pwcsim_budget b;

	mutex_lock(&s->lock);
	pwcsim_budget_start(&b);
	pwcsim_sync(s, &b, NULL);
	if (flags & PWCSIM_RESET_CONTENTS) {
		pwcsim_clear_contents(s, &b);
		s->fed = false;	/* cold models: a new one starts even */
	}
	if (flags & PWCSIM_RESET_STATS)
		pwcsim_reset_counters(s);
	mutex_unlock(&s->lock);
	pwcsim_budget_end(&b);
}

/* ---- feeding ---- */

static void pwcsim_result(const struct pwcsim_session *s,
			  const struct pwcsim_walk *pw,
			  struct pwcsim_result *res)
{
	unsigned int k;

	res->levels = pw->w.levels;
	res->end = pw->w.end;
	res->leaf = pw->leaf;
	res->present = !pw->w.fault;
	lockdep_assert_held(&s->lock);
	if (!s->privileged) {
		/* Physical addresses are for CAP_SYS_ADMIN, as in pagemap. */
		res->flags |= PWCSIM_RES_NO_PHYS;
	} else {
		res->pfn = pw->w.fault ? 0 : pw->pfn;
		for (k = pw->w.end; k <= pw->w.levels; k++)
			res->base[k] = pw->w.base[k];
	}
	if (s->feed_flags & PWCSIM_FEED_TABLE_IDS) {
		/* An id for each table read, never its address. */
		res->flags |= PWCSIM_RES_TABLE_IDS;
		for (k = pw->w.end; k <= pw->w.levels; k++)
			res->base[k] = siphash_1u64(pw->w.base[k],
						    &s->table_key) | 1;
	}
	if (pw->w.fault)
		res->flags |= PWCSIM_RES_FAULT;
	if (pw->flags & PWCSIM_WALK_MIGRATION)
		res->flags |= PWCSIM_RES_MIGRATION;
	if (pw->flags & PWCSIM_WALK_BAD)
		res->flags |= PWCSIM_RES_BAD;
}

/* Is a per-walk model tracepoint enabled?  Then walks are fed one by one. */
static bool pwcsim_model_events(void)
{
	return trace_pwcsim_lookup_enabled() ||
	       trace_pwcsim_stale_hit_enabled() ||
	       trace_pwcsim_fill_enabled() || trace_pwcsim_evict_enabled();
}

/* Every model on one walk, with the per-walk tracepoints. */
static void pwcsim_models_one(struct pwcsim_session *s,
			      const struct pwc_walk *w,
			      struct pwcsim_result *res, bool fill,
			      struct pwcsim_budget *b)
{
	struct pwc_result r;
	struct pwc_model *m;
	u64 fills, evictions;
	unsigned int i;

	lockdep_assert_held(&s->lock);
	for (i = 0; i < s->nmodels; i++) {
		m = s->models[i].m;
		fills = m->stats.fills;
		evictions = m->stats.evictions;
		if (fill)
			pwc_access(m, w, &r);
		else
			pwc_access_nofill(m, w, &r);
		if (res) {
			res->start[i] = r.start;
			res->accesses[i] = r.accesses;
		}
		trace_pwcsim_lookup(s->id, i, w->va, r.start, w->levels,
				    r.accesses);
		/* The bases only for a privileged session. */
		trace_pwcsim_stale_hit(s->id, i, w->va, r.start,
				       s->privileged ? r.pba : 0,
				       s->privileged && r.start >= w->end ?
				       w->base[r.start] : 0, r.stale);
		trace_pwcsim_fill(s->id, i, w->va, m->stats.fills - fills);
		trace_pwcsim_evict(s->id, i, w->va,
				   m->stats.evictions - evictions);
		pwcsim_budget_charge(b, pwc_cost(m));
	}
}

/*
 * Each model in turn takes the whole queue through its batch op
 * (pwc_access_batch() with PWC_BATCH_VALID, the walks checked once for
 * all models, then each walk that repeats the one before merged into it,
 * pwc_walks_merge(): the same lookups, shadow checks, accounting and
 * fills as pwc_access() of each walk in order, the repeats of a non-stale
 * L2 hit counted as that hit: pwc_batch_loop()), in calls of at most
 * PWCSIM_RESCHED_WORK units of its pwc_cost() (at least one walk), each
 * charged, so scheduling points come as often as on the per-walk path.
 * Walks that are not walks (never from the walker) are dropped with a
 * warning, as pwc_access() would refuse them.
 */
void pwcsim_session_flush(struct pwcsim_session *s, struct pwcsim_budget *b)
{
	struct pwcsim_feed_queue *q = &s->queue;
	struct pwc_result *r = q->nres ? q->r : NULL;	/* NULL: none wanted */
	struct pwc_model *m;
	u32 n = q->n, nw, i, j, k, at, step;
	u64 cost;

	lockdep_assert_held(&s->lock);
	if (!n)
		return;
	q->n = 0;
	q->nres = 0;
	/*
	 * The walker gives only walks pwc_access() accepts, with no
	 * repeats: checked once, then merged (true by construction, not
	 * checked again).
	 */
	if (WARN_ON_ONCE(!pwc_walks_valid(q->w, n)))
		return;
	nw = pwc_walks_merge(q->w, n);
	for (i = 0; i < s->nmodels; i++) {
		m = s->models[i].m;
		cost = max_t(u64, pwc_cost(m), 1);
		step = min_t(u64, nw, max_t(u64, PWCSIM_RESCHED_WORK / cost, 1));
		for (j = 0, at = 0; j < nw; j += k) {
			k = min(step, nw - j);
			pwc_access_batch(m, &q->w[j], k, r ? &r[at] : NULL,
					 PWC_BATCH_VALID);
			at += pwc_walks_addresses(&q->w[j], k);
			/* a repeat is looked up until a walk's L2 hit */
			pwcsim_budget_charge(b, pwc_walks_addresses(&q->w[j], k) *
					     cost);
		}
		for (j = 0; r && j < n; j++) {
			if (!q->res[j])
				continue;
			q->res[j]->start[i] = r[j].start;
			q->res[j]->accesses[i] = r[j].accesses;
		}
	}
}

void pwcsim_session_walked(struct pwcsim_session *s,
			   const struct pwc_walk *w, struct pwcsim_result *res,
			   bool fill, struct pwcsim_budget *b)
{
	struct pwcsim_feed_queue *q = &s->queue;

	lockdep_assert_held(&s->lock);
	s->cnt.walks++;
	s->cnt.uncached += w->levels - w->end + 1;
	if (w->fault)
		s->cnt.faults++;
	/* The IOTLB at once: the next address's lookup must see this fill. */
	if (fill)
		pwc_tlb_fill(&s->tlb, w);
	pwcsim_budget_charge(b, s->tlb.t.size);
	if (!s->nmodels)
		return;
	if (!fill || pwcsim_model_events()) {
		pwcsim_session_flush(s, b);
		pwcsim_models_one(s, w, res, fill, b);
		return;
	}
	q->w[q->n] = *w;
	q->res[q->n] = res;
	q->nres += !!res;
	if (++q->n == PWCSIM_FEED_QUEUE)
		pwcsim_session_flush(s, b);
}

/*
 * One address: the IOTLB, else a walk and the models.  Coherence follows
 * KVM's mmu_invalidate_seq/in_progress: a walk that overlapped an
 * invalidation (one in progress when it started, or a notification
 * during it) may have seen tables in the middle of a change, so the
 * ranges queued so far are applied before the lookups, and the walk fills
 * nothing.  Every other walk saw tables that no invalidation was changing,
 * and every change before it was applied: its lookups cannot be stale.
 * The models get the walk through the feed queue (pwcsim_session_walked()),
 * which every application of ranges empties first.
 */
static void pwcsim_feed_one(struct pwcsim_session *s, struct mm_struct *mm,
			    u64 va, struct pwcsim_result *res,
			    struct pwcsim_budget *b)
{
	struct pwcsim_walk pw;
	bool hit, busy, raced;
	u64 seq;

	seq = pwcsim_sync(s, b, &busy);
	s->cnt.addresses++;
	if (res) {
		memset(res, 0, sizeof(*res));
		res->va = va;
	}
	if (s->tlb.t.size) {
		hit = pwc_tlb_lookup(&s->tlb, va);
		pwcsim_budget_charge(b, s->tlb.t.size);
		trace_pwcsim_tlb(s->id, va, hit);
		if (hit) {
			if (res)
				res->flags |= PWCSIM_RES_TLB_HIT;
			return;
		}
	}
	if (!pwcsim_walk(mm, va, &pw)) {
		s->cnt.not_walked++;
		if (res)
			res->flags |= pw.flags & PWCSIM_WALK_NO_VMA ?
				      PWCSIM_RES_NO_VMA : PWCSIM_RES_HUGETLB;
		return;
	}
	pwcsim_budget_charge(b, PWCSIM_WALK_COST);
	/* A notification that preceded a change the walk saw is seen here. */
	smp_rmb();
	raced = busy || READ_ONCE(s->seq) != seq;
	if (raced) {
		pwcsim_sync(s, b, NULL);
		s->cnt.raced++;
	}
	trace_pwcsim_walk(s->id, va, pw.w.levels, pw.leaf, !pw.w.fault,
			  pw.w.levels - pw.w.end + 1);
	pwcsim_session_walked(s, &pw.w, res, !raced, b);
	if (res) {
		pwcsim_result(s, &pw, res);
		if (raced)
			res->flags |= PWCSIM_RES_RACED;
	}
}

int pwcsim_feed(struct pwcsim_session *s, const u64 *va, u32 count,
		struct pwcsim_result *res, u32 flags, u32 *done)
{
	struct pwcsim_budget b;
	struct mm_struct *mm;
	u32 i = 0, n;
	int ret = 0;

	mutex_lock(&s->lock);
	pwcsim_budget_start(&b);
	mm = s->mm;
	if (!mm) {
		ret = -ENOENT;
		goto out_unlock;
	}
	if (!mmget_not_zero(mm)) {
		ret = -ESRCH;
		goto out_unlock;
	}
	while (i < count) {
		if (mmap_read_lock_killable(mm)) {
			ret = -EINTR;
			break;
		}
		pwcsim_budget_start(&b);	/* waiting for the lock is sleep */
		/* fed from the first address walked, not before */
		s->fed = true;
		s->feed_flags = flags;
		/*
		 * Up to PWCSIM_FEED_CHUNK addresses, fewer when they are
		 * costly: the mmap lock is dropped about as often as the CPU
		 * is yielded (inside, between models, when one address is
		 * worth more than PWCSIM_RESCHED_WORK).
		 */
		b.chunk = 0;
		for (n = 0; n < PWCSIM_FEED_CHUNK && i < count &&
		     b.chunk < PWCSIM_RESCHED_WORK; n++, i++)
			pwcsim_feed_one(s, mm, va[i], res ? &res[i] : NULL,
					&b);
		mmap_read_unlock(mm);
		/* The models need no mmap lock: every walked address is fed. */
		pwcsim_session_flush(s, &b);
		if (fatal_signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		pwcsim_budget_resched(&b);
	}
	mmput(mm);
out_unlock:
	mutex_unlock(&s->lock);
	pwcsim_budget_end(&b);
	*done = i;
	return ret;
}

/* ---- reading ---- */

pid_t pwcsim_target_pid(struct pwcsim_session *s)
{
	pid_t pid;

	mutex_lock(&s->lock);
	pid = s->mm ? s->pid : 0;
	mutex_unlock(&s->lock);
	return pid;
}

int pwcsim_model_spec(struct pwcsim_session *s, u32 i, char *spec,
		      size_t len)
{
	int ret = -EINVAL;

	mutex_lock(&s->lock);
	if (i < s->nmodels)
		ret = strscpy(spec, s->models[i].spec, len) < 0 ? -E2BIG : 0;
	mutex_unlock(&s->lock);
	return ret;
}

int pwcsim_get_stats(struct pwcsim_session *s, u32 model,
		     struct pwcsim_get_stats *st)
{
	const struct pwc_stats *ps;
	struct pwcsim_budget b;
	struct pwc_model *m;
	int ret = 0;

	mutex_lock(&s->lock);
	pwcsim_budget_start(&b);
	pwcsim_sync(s, &b, NULL);
	if (model != PWCSIM_NO_MODEL && model >= s->nmodels) {
		ret = -EINVAL;
		goto out_unlock;
	}
	st->nmodels = s->nmodels;
	st->levels = pwcsim_levels();
	st->tlb_lookups = s->tlb.lookups;
	st->tlb_hits = s->tlb.hits;
	st->addresses = s->cnt.addresses;
	st->walks = s->cnt.walks;
	st->faults = s->cnt.faults;
	st->not_walked = s->cnt.not_walked;
	st->uncached = s->cnt.uncached;
	st->raced = s->cnt.raced;
	st->notifications = pwcsim_notifications(s);
	if (model == PWCSIM_NO_MODEL)
		goto out_unlock;
	m = s->models[model].m;
	ps = &m->stats;
	BUILD_BUG_ON(ARRAY_SIZE(st->hits) != ARRAY_SIZE(ps->hits));
	BUILD_BUG_ON(PWCSIM_MAX_LEVELS != PWC_MAX_LEVELS);
	st->lookups = ps->lookups;
	memcpy(st->hits, ps->hits, sizeof(st->hits));
	st->misses = ps->misses;
	st->accesses = ps->accesses;
	st->fills = ps->fills;
	st->evictions = ps->evictions;
	st->invalidations = ps->invalidations;
	st->stale = ps->stale;
	st->bits = pwc_bits(&m->cfg, pwcsim_levels());
	strscpy(st->spec, s->models[model].spec, sizeof(st->spec));
out_unlock:
	mutex_unlock(&s->lock);
	pwcsim_budget_end(&b);
	return ret;
}

static void pwcsim_dump_yield(void *budget)
{
	pwcsim_budget_resched(budget);
}

int pwcsim_dump_model(struct pwcsim_session *s, u32 model, char *buf,
		      size_t len, bool hide_phys, size_t *written,
		      bool *truncated)
{
	struct pwcsim_budget b;
	struct pwc_out o = { .buf = buf, .size = len,
			     .hide_phys = hide_phys,
			     .yield = pwcsim_dump_yield, .yield_ctx = &b,
			     .yield_at = PWC_OUT_YIELD_BYTES };
	int ret = 0;

	buf[0] = '\0';
	mutex_lock(&s->lock);
	pwcsim_budget_start(&b);
	pwcsim_sync(s, &b, NULL);
	if (model >= s->nmodels)
		ret = -EINVAL;
	else
		pwc_dump(s->models[model].m, &o);
	mutex_unlock(&s->lock);
	pwcsim_budget_end(&b);
	*written = o.len + 1;
	*truncated = o.full;
	return ret;
}
