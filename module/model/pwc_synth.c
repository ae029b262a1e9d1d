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
 * The walks of @n addresses with 4 KiB leaves, each walk's run mark set
 * (the same 2 MiB region as the address before).
 */
static inline void pwc_synth_walks4k(const u64 *va, u32 n,
				     unsigned int levels, struct pwc_walk *w)
{
	u64 prev = n ? ~va[0] : 0;	/* no run for the first */
	u32 i;

	for (i = 0; i < n; i++) {
		pwc_synth_walk4k_head(va[i], levels, &w[i]);
		pwc_synth_walk4k_rest(va[i], levels, &w[i]);
		w[i].run = !((va[i] ^ prev) >> 21);
		prev = va[i];
	}
}

u64 pwc_synth_walks(const struct pwc_synth *pt, const u64 *va, u32 n,
		    struct pwc_walk *w)
{
	u64 reads = 0;
	u32 i;

	/* 4 KiB leaves only: no range to search, levels reads a walk */
	if (!pt->n2m && !pt->n1g && pt->levels == 4) {
		pwc_synth_walks4k(va, n, 4, w);
		return (u64)n * 4;
	}
	if (!pt->n2m && !pt->n1g && pt->levels == 5) {
		pwc_synth_walks4k(va, n, 5, w);
		return (u64)n * 5;
	}
	for (i = 0; i < n; i++) {
		pwc_synth_walk(pt, va[i], &w[i]);
		w[i].run = i && pwc_walk_continues(&w[i - 1], &w[i]);
		reads += w[i].levels - w[i].end + 1;
	}
	return reads;
}

bool pwc_skips_runs(const struct pwc_model *m, u32 n, unsigned int flags)
{
	return m->ops->same2m && m->ops->same2m(m, n, flags);
}

int pwc_access_batch_runs(struct pwc_model *m, const struct pwc_walk *w,
			  u32 n, u32 runs, unsigned int flags)
{
	int err;

	if (!pwc_skips_runs(m, n + runs, flags))
		return -EINVAL;
	err = pwc_access_batch(m, w, n, NULL, flags);
	if (err)
		return err;
	pwc_stats_l2_hits(&m->stats, runs);
	return 0;
}

int pwc_access_batch4k(struct pwc_model *m, const u64 *va, u32 n,
		       unsigned int levels, struct pwc_result *r,
		       unsigned int flags)
{
	if (levels != 4 && levels != 5)
		return -EINVAL;
	m->ops->batch4k(m, va, n, levels, r, flags);
	return 0;
}
