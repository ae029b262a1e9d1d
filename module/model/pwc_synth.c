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

void pwc_synth_walks(const struct pwc_synth *pt, const u64 *va, u32 n,
		     struct pwc_walk *w)
{
	unsigned int k, levels = pt->levels;
	u32 i;

	if (pt->n2m || pt->n1g) {
		for (i = 0; i < n; i++)
			pwc_synth_walk(pt, va[i], &w[i]);
		return;
	}
	/* 4 KiB leaves only: every field set, no range to search */
	for (i = 0; i < n; i++) {
		u64 key = pwc_key(va[i], 2);	/* L(top)..L2 tags */

		w[i].va = va[i];
		w[i].levels = levels;
		w[i].end = 1;
		w[i].fault = 0;
		w[i].base[0] = 0;
		/* pwc_synth_base(): (k << 57) | pwc_key(va, k + 1) << 12 */
		for (k = 1; k < levels; k++, key >>= 9)
			w[i].base[k] = (u64)k << 57 | key << 12;
		w[i].base[levels] = (u64)levels << 57;
		for (k = levels + 1; k <= PWC_MAX_LEVELS; k++)
			w[i].base[k] = 0;
	}
}
