// SPDX-License-Identifier: GPL-2.0
/*
 * same_region.c - the same-2 MiB shortcut (same_region.h).  Why it is
 * exact: a non-stale L2 hit fills nothing and leaves what it touched the
 * most recent of its tables, in the order it touched them; the next walk
 * of the same region has the same path down to L2 on the synthetic table,
 * so its lookup finds the same entries and touches them in the same
 * order, leaving every table as it found it.  Counting it without the
 * lookup saves only recency ticks, which no result or dump shows.
 */
#include "engine/same_region.h"

/* @n walks of one region, counted as L2 hits of one access each. */
static void same_region_hits(struct pwc_model *m, const struct pwc_walk *w,
			     unsigned int n, struct pwc_result *r)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		r[i] = (struct pwc_result){ .start = 1, .accesses = 1,
					    .pba = w[i].base[1] };
	m->stats.lookups += n;
	m->stats.hits[1] += n;
	m->stats.accesses += n;
}

void same_region_batch(struct pwc_model *m, struct same_region *sr,
		       const struct pwc_walk *w, unsigned int n,
		       struct pwc_result *r)
{
	unsigned long long cur, last = sr->region;
	unsigned int i = 0, j;

	while (i < n) {
		/* the walks of the hit's region: counted */
		for (j = i; j < n && last && same_region_of(&w[j]) == last;)
			j++;
		same_region_hits(m, &w[i], j - i, &r[i]);
		if (j == n)
			break;
		/* then the model, up to the next walk that continues a run */
		i = j++;
		cur = same_region_of(&w[i]);
		for (; j < n; j++) {
			last = cur;
			cur = same_region_of(&w[j]);
			if (cur && cur == last)
				break;
		}
		pwc_access_batch(m, &w[i], j - i, &r[i], PWC_BATCH_VALID);
		last = r[j - 1].start == 1 && !r[j - 1].stale ?
		       same_region_of(&w[j - 1]) : 0;
		i = j;
	}
	sr->region = last;
}
