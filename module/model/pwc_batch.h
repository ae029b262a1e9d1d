/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_batch.h - the body of every model's batch ops, internal to the model
 * sources: pwc_batch_run() over an array of walks (pwc_access_batch()),
 * pwc_batch_run4k() over the addresses of the synthetic table with 4 KiB
 * leaves, each walk built only as far as the model reads it
 * (pwc_access_batch4k()).  Each batch op is the one caller of its call,
 * so that the model's quick hit, lookup and fill are inlined into it
 * rather than called through the ops table.
 *
 * The callbacks, the same for both: @quick, if not NULL, is tried first:
 * true, with the base in *@pba, for a walk that is an L2 hit with
 * pwc_l2_hit_ok() (start 1, one access, not stale: what @lookup would
 * give), the model's state updated as @lookup and @fill would; false,
 * with nothing changed (search hints aside), for any other walk.  It
 * reads only @va, @levels, @end and @base[1] of the walk unless the
 * model says @whole: then every base, or with @above only @base[1] and
 * @base[2] (UPTC).  @above (only with @same2m, else false): the walk
 * before, this model's last access, was not stale and shares the walk's
 * path down to its L2 table (pwc_batch_same1g() of their pwc_run2m()).
 * Then @lookup, the shadow check, the accounting and @fill (NULL when
 * @lookup fills, as a fused access does).  @same2m: the model's
 * statement that the shortcut of PWC_BATCH_SAME2M is exact for it now (a
 * walk in the 2 MiB region of the one before is then counted as an L2
 * hit without a lookup, unless the walk before was stale).  @r: the
 * results, or NULL when only the statistics are wanted.
 */
#ifndef _PWC_BATCH_H
#define _PWC_BATCH_H

#include "pwc_synth.h"

/* The callbacks of a model's batch (above). */
typedef bool (*pwc_batch_quick_fn)(struct pwc_model *m,
				   const struct pwc_walk *w, bool above,
				   u64 *pba);
typedef void (*pwc_batch_lookup_fn)(struct pwc_model *m,
				    const struct pwc_walk *w,
				    struct pwc_result *r);
typedef void (*pwc_batch_fill_fn)(struct pwc_model *m,
				  const struct pwc_walk *w,
				  const struct pwc_result *r);

/*
 * A batch's counters, in locals until pwc_batch_end() stores them: those
 * of the walks looked up; every other walk is an L2 hit with one access
 * (the shortcut's or a quick hit), counted at the end as the rest of the
 * batch, so that the hit paths count nothing.
 */
struct pwc_batch_acc {
	u64 hits[PWC_MAX_LEVELS + 1];
	u64 misses, accesses, stale;
	u64 looked;		/* walks looked up */
	bool stale_last;	/* the last walk's result was stale */
};

/* An L2 hit on @pba without a lookup: its result in @r[@i]. */
static __always_inline void pwc_batch_l2(struct pwc_result *r, u32 i,
					 u64 pba)
{
	if (r)
		r[i] = (struct pwc_result){ .start = 1, .accesses = 1,
					    .pba = pba };
}

/*
 * Are @last and @cur, pwc_run2m() of two walks (0: not known, or not a
 * 4 KiB leaf), both known, at the same levels and in one 1 GiB region?
 */
static __always_inline bool pwc_batch_same1g(u64 last, u64 cur)
{
	return last && cur && !((last ^ cur) & ~(511ULL << 3));
}

/* @quick of @w, counted (result @r[@i]) if it hit. */
static __always_inline bool
pwc_batch_quick(struct pwc_model *m, const struct pwc_walk *w,
		bool above, struct pwc_result *r, u32 i,
		struct pwc_batch_acc *a,
		pwc_batch_quick_fn quick)
{
	u64 pba;

	if (!quick || !quick(m, w, above, &pba))
		return false;
	pwc_batch_l2(r, i, pba);
	a->stale_last = false;
	return true;
}

/* @lookup, the shadow check, the accounting and @fill of @w (@r[@i]). */
static __always_inline void
pwc_batch_look(struct pwc_model *m, const struct pwc_walk *w,
	       struct pwc_result *r, u32 i, struct pwc_batch_acc *a,
	       pwc_batch_lookup_fn lookup, pwc_batch_fill_fn fill)
{
	struct pwc_result x = { 0 };

	a->looked++;
	lookup(m, w, &x);
	pwc_shadow_check(w, &x);
	if (x.start < w->levels)
		a->hits[x.start]++;
	else
		a->misses++;
	a->accesses += x.accesses;
	a->stale += x.stale;
	if (fill)
		fill(m, w, &x);
	if (r)
		r[i] = x;
	a->stale_last = x.stale;
}

/*
 * The counters of @n walks into @m's statistics; @run2m: pwc_run2m() of
 * the last walk (only it decides what the next batch may skip).
 */
static __always_inline void pwc_batch_end(struct pwc_model *m,
					  struct pwc_batch_acc *a, u32 n,
					  u64 run2m)
{
	unsigned int k;

	pwc_stats_l2_hits(&m->stats, n - a->looked);
	m->stats.lookups += a->looked;
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		m->stats.hits[k] += a->hits[k];
	m->stats.misses += a->misses;
	m->stats.accesses += a->accesses;
	m->stats.stale += a->stale;
	m->run2m = a->stale_last ? 0 : run2m;
}

/* pwc_batch_run()'s loop. */
static __always_inline void
pwc_batch_run_loop(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		   struct pwc_result *r, bool same2m, pwc_batch_quick_fn quick,
		   pwc_batch_lookup_fn lookup, pwc_batch_fill_fn fill)
{
	struct pwc_batch_acc a = { .looked = 0 };
	u64 last = m->run2m, cur;	/* pwc_run2m() of the walk before, this */
	bool first, above;
	u32 i;

	if (!n)
		return;
	/* may the first walk be skipped: the run of the last batch's last? */
	first = same2m && last && last == pwc_run2m(&w[0]);
	for (i = 0; i < n; i++) {
		/* a run has the walk before's pwc_run2m(): @last holds */
		if (same2m && !a.stale_last && (i ? w[i].run : first)) {
			pwc_batch_l2(r, i, w[i].base[1]);
			continue;
		}
		/* dead code unless @quick reads it */
		cur = pwc_run2m(&w[i]);
		above = same2m && !a.stale_last && pwc_batch_same1g(last, cur);
		last = cur;
		if (!pwc_batch_quick(m, &w[i], above, r, i, &a, quick))
			pwc_batch_look(m, &w[i], r, i, &a, lookup, fill);
	}
	pwc_batch_end(m, &a, n, pwc_run2m(&w[n - 1]));
}

/*
 * The batch of @n walks @w (a marked walk, @run, may be skipped); the
 * loop written out for no results (a constant NULL @r: no test or store
 * per walk; callgrind, all six on 2mm, 11 % fewer instructions with the
 * same for pwc_batch_run4k()).
 */
static __always_inline void
pwc_batch_run(struct pwc_model *m, const struct pwc_walk *w, u32 n,
	      struct pwc_result *r, bool same2m, pwc_batch_quick_fn quick,
	      pwc_batch_lookup_fn lookup, pwc_batch_fill_fn fill)
{
	if (r)
		pwc_batch_run_loop(m, w, n, r, same2m, quick, lookup, fill);
	else
		pwc_batch_run_loop(m, w, n, NULL, same2m, quick, lookup, fill);
}

/* pwc_batch_run4k()'s loop. */
static __always_inline void
pwc_batch_run4k_loop(struct pwc_model *m, const u64 *va, u32 n,
		     unsigned int levels, struct pwc_result *r, bool same2m,
		     bool whole, pwc_batch_quick_fn quick,
		     pwc_batch_lookup_fn lookup, pwc_batch_fill_fn fill)
{
	struct pwc_batch_acc a = { .looked = 0 };
	struct pwc_walk head, w;
	u64 prev;
	bool run, above, above0;
	u32 i;

	if (!n)
		return;
	/* the first continues the last batch's last walk if that ran */
	prev = same2m && m->run2m == pwc_run2m_4k(va[0], levels) ? va[0] :
								     ~va[0];
	above0 = pwc_batch_same1g(m->run2m, pwc_run2m_4k(va[0], levels));
	for (i = 0; i < n; i++) {
		run = !((va[i] ^ prev) >> 21);
		/* dead code unless @quick reads it */
		above = same2m && !a.stale_last &&
			(i ? !((va[i] ^ prev) >> 30) : above0);
		prev = va[i];
		if (same2m && !a.stale_last && run) {
			pwc_batch_l2(r, i, pwc_synth_base(levels, va[i], 1));
			continue;
		}
		/*
		 * @head, for @quick only, may live in registers (and the
		 * bases @quick does not read are then never computed): the
		 * walk looked up is built again, even if @whole, since
		 * passing @head to @lookup would keep it in memory (UPTC:
		 * 7 % more instructions on 2mm)
		 */
		pwc_synth_walk4k_head(va[i], levels, &head);
		head.run = run;
		if (whole && !above)
			pwc_synth_walk4k_rest(va[i], levels, &head);
		else if (whole)	/* UPTC's entries above L2 are hinted */
			head.base[2] = pwc_synth_base(levels, va[i], 2);
		if (pwc_batch_quick(m, &head, above, r, i, &a, quick))
			continue;
		pwc_synth_walk4k_head(va[i], levels, &w);
		pwc_synth_walk4k_rest(va[i], levels, &w);
		w.run = run;
		pwc_batch_look(m, &w, r, i, &a, lookup, fill);
	}
	pwc_batch_end(m, &a, n, pwc_run2m_4k(va[n - 1], levels));
}

/*
 * The batch of the walks of @va[0..@n) on the synthetic table with 4 KiB
 * leaves at @levels: the same results and state as pwc_batch_run() of
 * the walks pwc_synth_walks() builds, with no array of walks.  A walk
 * the shortcut counts is not built; one @quick takes is built to its
 * head (pwc_synth_walk4k_head()), or as far as @whole says (@quick reads
 * more); only a walk looked up is always built whole.
 *
 * The loop is written out for no results at 4 and at 5 levels (constant
 * @r and @levels: each model's tests of the levels fold away too).
 */
static __always_inline void
pwc_batch_run4k(struct pwc_model *m, const u64 *va, u32 n,
		unsigned int levels, struct pwc_result *r, bool same2m,
		bool whole, pwc_batch_quick_fn quick,
		pwc_batch_lookup_fn lookup, pwc_batch_fill_fn fill)
{
	if (r)
		pwc_batch_run4k_loop(m, va, n, levels, r, same2m, whole, quick,
				     lookup, fill);
	else if (levels == 4)
		pwc_batch_run4k_loop(m, va, n, 4, NULL, same2m, whole, quick,
				     lookup, fill);
	else
		pwc_batch_run4k_loop(m, va, n, 5, NULL, same2m, whole, quick,
				     lookup, fill);
}

/*
 * pwc_batch_run() of the walks @w if not NULL, else pwc_batch_run4k() of
 * @va at @levels (@whole for it alone): for a caller that serves both.
 */
static __always_inline void
pwc_batch_any(struct pwc_model *m, const struct pwc_walk *w, const u64 *va,
	      u32 n, unsigned int levels, struct pwc_result *r, bool same2m,
	      bool whole, pwc_batch_quick_fn quick,
	      pwc_batch_lookup_fn lookup, pwc_batch_fill_fn fill)
{
	if (w)
		pwc_batch_run(m, w, n, r, same2m, quick, lookup, fill);
	else
		pwc_batch_run4k(m, va, n, levels, r, same2m, whole, quick,
				lookup, fill);
}

/*
 * PWC_BATCH_OPS(name, whole, lookup, fill): a model's batch ops,
 * name_batch() (pwc_access_batch()) and name_batch4k()
 * (pwc_access_batch4k()), from its name_same2m(), name_quick(), @lookup
 * and @fill (pwc_batch_any(); @whole: name_quick() reads every base).
 */
#define PWC_BATCH_OPS(name, whole, lookup, fill)				\
static __always_inline void							\
name##_batch_any(struct pwc_model *m, const struct pwc_walk *w,		\
		 const u64 *va, u32 n, unsigned int levels,		\
		 struct pwc_result *r, unsigned int flags)		\
{									\
	pwc_batch_any(m, w, va, n, levels, r, name##_same2m(m, n, flags),	\
		      whole, name##_quick, lookup, fill);		\
}									\
static void name##_batch(struct pwc_model *m, const struct pwc_walk *w,	\
			 u32 n, struct pwc_result *r, unsigned int flags) \
{									\
	name##_batch_any(m, w, NULL, n, 0, r, flags);			\
}									\
static void name##_batch4k(struct pwc_model *m, const u64 *va, u32 n,	\
			   unsigned int levels, struct pwc_result *r,	\
			   unsigned int flags)				\
{									\
	name##_batch_any(m, NULL, va, n, levels, r, flags);		\
}

#endif /* _PWC_BATCH_H */
