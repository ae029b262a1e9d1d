// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_synth.c - walks of the synthetic page table (pwc_synth.h).
 */
#include "pwc_synth.h"

static bool pwc_synth_in(const struct pwc_synth_range *r, unsigned int n,
			 u64 va)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (va >= r[i].start && va < r[i].end)
			return true;
	return false;
}

void pwc_synth_walk(const struct pwc_synth *pt, u64 va, struct pwc_walk *w)
{
	unsigned int k;

	memset(w, 0, sizeof(*w));
	w->va = va;
	w->levels = pt->levels;
	w->end = 1;
	if (pwc_synth_in(pt->huge1g, pt->n1g, va))
		w->end = 3;
	else if (pwc_synth_in(pt->huge2m, pt->n2m, va))
		w->end = 2;
	for (k = w->end; k <= pt->levels; k++)
		w->base[k] = pwc_synth_base(pt->levels, va, k);
}

/*
 * @w, the walk of @va with 4 KiB leaves at @levels and @repeats, every
 * base from one key with no loop (a constant @levels at each call lets
 * the compiler drop the test).
 */
static __always_inline void pwc_synth_walk4k(u64 va, struct pwc_walk *w,
					     u32 repeats, unsigned int levels)
{
	u64 key = pwc_key(va, 2) << 12;	/* L(top)..L2 tags, as a base */
	u64 page = ~0xfffULL;

	w->va = va;
	w->levels = levels;
	w->end = 1;
	w->fault = 0;
	w->repeats = repeats;
	w->base[0] = 0;
	w->base[1] = 1ULL << 57 | key;
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

/*
 * The walks of @va[0..@n) with 4 KiB leaves at @levels, merged
 * (@merge: pwc_walks_merge()) or one an address; returns how many.
 * Merged, a first pass finds the runs from the last address back,
 * comparing regions only (the bases follow from the region), and keeps
 * the index of each run's first address in a slot from the array's end,
 * with no branch: a stream's runs of one region are often short and
 * irregular, and a branch on them would mispredict about once a run
 * (Documentation/models.rst).  Only then are the walks built, one a
 * run, to the array's start; where no address repeats the one before,
 * as without @merge.
 */
static __always_inline u32 pwc_synth_walks4k(const u64 *va, u32 n,
					     bool merge, struct pwc_walk *w,
					     unsigned int levels)
{
	u64 next = va[n - 1], v;
	u32 i, c = n - 1, first, after;

	if (merge) {
		w[c].repeats = n - 1;
		for (i = n - 1; i-- > 0;) {
			v = va[i];
			c -= !!((v ^ next) >> 21);
			next = v;
			w[c].repeats = i;	/* a run's first, written last */
		}
		if (c) {
			/* each slot read before a walk is written over it */
			for (i = 0, first = w[c].repeats; c + i < n;
			     i++, first = after) {
				after = c + i + 1 < n ? w[c + i + 1].repeats :
							n;
				pwc_synth_walk4k(va[first], &w[i],
						 after - first - 1, levels);
			}
			return i;
		}
		/* no address repeats the one before: one walk each */
	}
	for (i = 0; i < n; i++)
		pwc_synth_walk4k(va[i], &w[i], 0, levels);
	return n;
}

u32 pwc_synth_walks(const struct pwc_synth *pt, const u64 *va, u32 n,
		    bool merge, struct pwc_walk *w, u64 *reads)
{
	u32 i;

	*reads = 0;
	if (!n)
		return 0;
	/* 4 KiB leaves only: no range to search, levels reads a walk */
	if (!pt->n2m && !pt->n1g && pt->levels == 4) {
		*reads = (u64)n * 4;
		return pwc_synth_walks4k(va, n, merge, w, 4);
	}
	if (!pt->n2m && !pt->n1g && pt->levels == 5) {
		*reads = (u64)n * 5;
		return pwc_synth_walks4k(va, n, merge, w, 5);
	}
	for (i = 0; i < n; i++) {
		pwc_synth_walk(pt, va[i], &w[i]);
		*reads += w[i].levels - w[i].end + 1;
	}
	return merge ? pwc_walks_merge(w, n) : n;
}
