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
 * The walks of @va[0..@n) with 4 KiB leaves at @levels, from the last
 * back, so that each walk's @repeats follows from the next one's: the
 * same 2 MiB region, the same tables.  The count is kept in a register
 * and chosen without a branch: a stream's runs of one region are often
 * short and irregular, and a branch on them would mispredict about once
 * a run (Documentation/models.rst).
 */
static __always_inline void pwc_synth_walks4k(const u64 *va, u32 n,
					      struct pwc_walk *w,
					      unsigned int levels)
{
	u64 next = ~va[n - 1];	/* in no region of the last */
	u32 i, rep = 0, same;

	for (i = n; i-- > 0;) {
		same = !((va[i] ^ next) >> 21);
		rep = (rep + 1) & (0U - same);
		next = va[i];
		pwc_synth_walk4k(va[i], &w[i], rep, levels);
	}
}

u64 pwc_synth_walks(const struct pwc_synth *pt, const u64 *va, u32 n,
		    struct pwc_walk *w)
{
	u64 reads = 0;
	u32 i;

	if (!n)
		return 0;
	/* 4 KiB leaves only: no range to search, levels reads a walk */
	if (!pt->n2m && !pt->n1g && pt->levels == 4) {
		pwc_synth_walks4k(va, n, w, 4);
		return (u64)n * 4;
	}
	if (!pt->n2m && !pt->n1g && pt->levels == 5) {
		pwc_synth_walks4k(va, n, w, 5);
		return (u64)n * 5;
	}
	for (i = 0; i < n; i++) {
		pwc_synth_walk(pt, va[i], &w[i]);
		reads += w[i].levels - w[i].end + 1;
	}
	pwc_walks_mark(w, n);
	return reads;
}
