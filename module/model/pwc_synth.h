/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_synth.h - a deterministic synthetic page table, for replaying
 * address streams without a real one (userspace/pwcsim replay) and for the
 * model tests (userspace and KUnit): every distinct table gets its own
 * base, derived from its position in the tree, so no state is kept.
 */
#ifndef _PWC_SYNTH_H
#define _PWC_SYNTH_H

#include "pwc.h"

#define PWC_SYNTH_MAX_HUGE 16

struct pwc_synth_range {
	u64 start, end;		/* [start, end) */
};

struct pwc_synth {
	unsigned int levels;
	unsigned int n2m, n1g;
	struct pwc_synth_range huge2m[PWC_SYNTH_MAX_HUGE];
	struct pwc_synth_range huge1g[PWC_SYNTH_MAX_HUGE];
};

/*
 * PBA(Lk) of the table that translates @va at level @k:
 * (k << 57) | (pwc_key(va, k + 1) << 12), the root being k << 57.  Two
 * tables at one level are the same exactly when their paths from the root
 * are.  These are labels, not physical addresses (they exceed 52 bits on
 * purpose, so they are never mistaken for a real walk's).
 */
static inline u64 pwc_synth_base(unsigned int levels, u64 va, unsigned int k)
{
	u64 path = k >= levels ? 0 : pwc_key(va, k + 1);

	return ((u64)k << 57) | (path << 12);
}

/*
 * Does pwc_walk_valid() accept every walk of @pt?  Exactly when its paging
 * levels are 4 or 5: every walk then ends at level 1, 2 or 3.  A caller
 * may pass PWC_BATCH_VALID for them without checking each.
 */
static inline bool pwc_synth_valid(const struct pwc_synth *pt)
{
	return pt->levels == 4 || pt->levels == 5;
}

/*
 * The head of the walk of @va with 4 KiB leaves at @levels (4 or 5): @va,
 * @levels, @end, @fault and @base[1] (pwc_synth_base() from one key), all
 * that a model's quick hit reads (pwc_batch.h); @run is the caller's.
 */
static inline void pwc_synth_walk4k_head(u64 va, unsigned int levels,
					 struct pwc_walk *w)
{
	w->va = va;
	w->base[1] = 1ULL << 57 | pwc_key(va, 2) << 12;
	w->levels = levels;
	w->end = 1;
	w->fault = 0;
}

/*
 * The rest of that walk, after pwc_synth_walk4k_head(): @base[0] and
 * @base[2] .. @base[5] from the same key, with no loop; a constant
 * @levels at each call lets the compiler drop the test.
 */
static inline void pwc_synth_walk4k_rest(u64 va, unsigned int levels,
					 struct pwc_walk *w)
{
	u64 key = pwc_key(va, 2) << 12;	/* L(top)..L2 tags, as a base */
	u64 page = ~0xfffULL;

	w->base[0] = 0;
	w->base[2] = 2ULL << 57 | (key >> 9 & page);
	w->base[3] = 3ULL << 57 | (key >> 18 & page);
	if (levels == 4) {
		w->base[4] = 4ULL << 57;
		w->base[5] = 0;
	} else {
		w->base[4] = 4ULL << 57 | (key >> 27 & page);
		w->base[5] = 5ULL << 57;
	}
}

/* Fill @w with the walk of @va: 4 KiB leaves unless a huge range says. */
void pwc_synth_walk(const struct pwc_synth *pt, u64 va, struct pwc_walk *w);
/*
 * pwc_synth_walk() of @n addresses; returns the page-table reads the walks
 * make with no cache (each walk's levels - end + 1).
 */
u64 pwc_synth_walks(const struct pwc_synth *pt, const u64 *va, u32 n,
		    struct pwc_walk *w);

/*
 * May a batch of @n walks of the synthetic table skip its walks marked
 * @run (pwc_access_batch_runs())?  When @m states the same-2MiB shortcut
 * of PWC_BATCH_SAME2M (in @flags) for every walk of it: each such walk is
 * then an L2 hit that changes nothing but recency already in place.
 */
bool pwc_skips_runs(const struct pwc_model *m, u32 n, unsigned int flags);
/*
 * pwc_access_batch() without results of a batch of walks that
 * pwc_synth_walks() built, given only its @n walks not marked @run, in
 * order (@w; the first walk of a batch is never marked), and how many it
 * marked (@runs): those are counted as L2 hits of one access, as the
 * shortcut counts them.  The same statistics and state as the whole
 * batch, when pwc_skips_runs() of the whole batch (@n + @runs) and every
 * walk @m has seen since it was made or cleared is of this synthetic
 * table (no result can then be stale, which would end a run); -EINVAL,
 * with nothing done, if pwc_skips_runs() says no or a walk is not valid.
 */
int pwc_access_batch_runs(struct pwc_model *m, const struct pwc_walk *w,
			  u32 n, u32 runs, unsigned int flags);

/*
 * pwc_access_batch() of the walks of @va[0..@n) on a synthetic table with
 * 4 KiB leaves only at @levels, the model building each walk as far as it
 * needs it (no array of walks: pwc_batch.h); the same results, statistics
 * and state.  @r: the @n results, or NULL; @flags: PWC_BATCH_SAME2M or 0.
 * -EINVAL, with nothing done, unless @levels is 4 or 5.
 */
int pwc_access_batch4k(struct pwc_model *m, const u64 *va, u32 n,
		       unsigned int levels, struct pwc_result *r,
		       unsigned int flags);

#endif /* _PWC_SYNTH_H */
