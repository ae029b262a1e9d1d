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

/* Fill @w with the walk of @va: 4 KiB leaves unless a huge range says. */
void pwc_synth_walk(const struct pwc_synth *pt, u64 va, struct pwc_walk *w);
/*
 * pwc_synth_walk() of @n addresses, merged (@merge: pwc_walks_merge())
 * or one an address with no repeats; returns the walks, and in *@reads
 * the page-table reads of the addresses with no cache (each walk's
 * levels - end + 1 an address).
 */
u32 pwc_synth_walks(const struct pwc_synth *pt, const u64 *va, u32 n,
		    bool merge, struct pwc_walk *w, u64 *reads);

#endif /* _PWC_SYNTH_H */
