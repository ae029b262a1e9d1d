// SPDX-License-Identifier: GPL-2.0
/*
 * same_region.c - the same-2 MiB shortcut (same_region.h).  Why it is
 * exact: a non-stale L2 hit fills nothing and leaves what it touched the
 * most recent of its tables, in the order it touched them; the next walk
 * of the same region has the same path down to L2 on the synthetic table,
 * so its lookup finds the same entries and touches them in the same
 * order, leaving every table as it found it.  Counting it without the
 * lookup saves only recency ticks, which no result or dump shows.
 *
 * Where the shortcut asks the model is a matter of speed only (a walk the
 * model looks up is always exact): a piece of the batch goes to the model
 * up to and including a walk that continues a run (walks of one region
 * in a row) with at least SAME_REGION_SKIP more after it; the result of that
 * walk says whether they are counted.  A model that missed there is asked
 * again only after twice as many such runs, so that one that never hits
 * (none, or a table too small for a path) takes its batch in a few
 * pieces, not a run at a time.
 */
#include "engine/same_region.h"

/* The fewest walks a piece ends for: a piece costs about 16 hits. */
#define SAME_REGION_SKIP 16

/* The 2 MiB region of a walk, + 1 (never 0). */
static unsigned long long same_region_of(const struct pwc_walk *w)
{
	return (w->va >> 21) + 1;
}

/* Batches a stream whose runs are short goes without the shortcut. */
#define SAME_REGION_IDLE 16

/*
 * How many walks after each of @n walks are of its 2 MiB region in a row,
 * into @more; returns how many walks the shortcut could count: those
 * after the second of a run with at least SAME_REGION_SKIP walks after
 * that second one (the first is looked up, the second asked).
 */
static unsigned int same_region_runs(const struct pwc_walk *w, unsigned int n,
				     unsigned int *more)
{
	unsigned int i, pos = 0, countable = 0;

	if (!n)
		return 0;
	more[n - 1] = 0;
	/* without a branch: runs are short and random */
	for (i = n - 1; i-- > 0;)
		more[i] = (more[i + 1] + 1) &
			  -(unsigned int)!((w[i].va ^ w[i + 1].va) >> 21);
	/* @pos: the walk's place in its run (0: the first) */
	for (i = 0; i < n; i++) {
		pos = i && more[i - 1] ? pos + 1 : 0;
		countable += pos >= 2 && pos + more[i] >= SAME_REGION_SKIP + 1;
	}
	return countable;
}

bool same_region_use(struct same_region_gate *g, const struct pwc_walk *w,
		     unsigned int n)
{
	if (g->idle) {
		g->idle--;
		return false;
	}
	/* it pays where it could count seven walks in eight */
	if (same_region_runs(w, n, g->more) >= n / 8 * 7)
		return true;
	g->idle = SAME_REGION_IDLE;
	return false;
}

/* @n walks of one region, counted as L2 hits of one access each. */
static void same_region_hits(struct pwc_model *m, const struct pwc_walk *w,
			     unsigned int n, struct pwc_result *r)
{
	unsigned int i;

	for (i = 0; r && i < n; i++)
		r[i] = (struct pwc_result){ .start = 1, .accesses = 1,
					    .pba = w[i].base[1] };
	m->stats.lookups += n;
	m->stats.hits[1] += n;
	m->stats.accesses += n;
}

/*
 * The end of a piece from @i: past its @span-th walk that continues a run
 * and has SAME_REGION_SKIP more of its region after it, or @n.
 */
static unsigned int same_region_piece(const unsigned int *more,
				      unsigned int i, unsigned int n,
				      unsigned int span, bool *asks)
{
	unsigned int found = 0;

	/* counted without a branch per walk: runs are short and random */
	for (i++; i < n; i++) {
		found += (more[i] >= SAME_REGION_SKIP) & (more[i - 1] != 0);
		if (found == span) {
			*asks = true;
			return i + 1;
		}
	}
	*asks = false;
	return n;
}

void same_region_batch(struct pwc_model *m, struct same_region *sr,
		       const struct pwc_walk *w, const unsigned int *more,
		       unsigned int n, struct pwc_result *r,
		       struct pwc_result *scratch)
{
	struct pwc_result *res = r ? r : scratch, *last;
	unsigned int i = 0, j;
	bool asks, hit;

	if (!sr->span)
		sr->span = 1;
	while (i < n) {
		/* the walks of the hit's region: counted */
		for (j = i; j < n && sr->region == same_region_of(&w[j]);)
			j++;
		if (j > i)
			same_region_hits(m, &w[i], j - i, r ? &r[i] : NULL);
		if (j == n)
			break;
		i = same_region_piece(more, j, n, sr->span, &asks);
		pwc_access_batch(m, &w[j], i - j, &res[j], PWC_BATCH_VALID);
		last = &res[i - 1];
		hit = last->start == 1 && !last->stale;
		sr->region = hit ? same_region_of(&w[i - 1]) : 0;
		if (asks && hit)
			sr->span = 1;
		else if (asks && sr->span < n)
			sr->span *= 2;
	}
}
