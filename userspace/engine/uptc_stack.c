// SPDX-License-Identifier: GPL-2.0
/*
 * uptc_stack.c - UPTC's sweep of sizes (size_sweep.h): every size of a
 * fully associative UPTC in one pass, from Mattson's stack distances.  On
 * the synthetic table UPTC is a pure LRU stack: each walk references the
 * keys of its path from the top down (pwc_uptc_key()), a hit moves its
 * key to the top of the recency order and a miss inserts it there (the
 * fill comes before the next level is looked up), and no value is ever
 * stale.  So a reference hits in a cache of C entries exactly when fewer
 * than C other keys were referenced since its key's last reference (its
 * stack distance is at most C), and one pass gives the statistics of
 * "uptc:entries=C" for every C up to a bound.  Not for set-associative
 * UPTC (ways=W), which is not an LRU stack.
 *
 * Each key's last reference time is kept in a hash map and marked in a
 * Fenwick tree over time, so that a key's distance is one more than the
 * marks after its last time; when time reaches the end of the tree, the
 * live times are renumbered 1 .. keys.  The counts of every size are kept
 * as difference arrays over the sizes, summed when asked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/size_sweep.h"
#include "pwc_hset.h"
#include "pwc_uptc.h"

/* The most sizes one pass gives. */
#define UPTC_STACK_MAX 4096
/* Times in the tree at first (renumbering grows it to 4 x the keys). */
#define UPTC_STACK_TIMES 4096

struct uptc_stack {
	unsigned int levels, max;
	struct pwc_hset last;		/* key -> time of its last reference */
	u32 *tree;			/* Fenwick tree over times 1 .. cap */
	u64 cap, now;
	u64 walks;
	u64 *refs;		/* [d]: references at distance d (max + 1: more) */
	/* [k][c]: difference array over sizes c of the walks starting at k */
	s64 *start[PWC_MAX_LEVELS + 1];
};

static void tree_add(struct uptc_stack *s, u64 t, int v)
{
	for (; t <= s->cap; t += t & -t)
		s->tree[t] += v;
}

/* The marks at times 1 .. @t. */
static u64 tree_sum(const struct uptc_stack *s, u64 t)
{
	u64 sum = 0;

	for (; t; t -= t & -t)
		sum += s->tree[t];
	return sum;
}

static void uptc_stack_free(void *p)
{
	struct uptc_stack *s = p;
	unsigned int k;

	if (!s)
		return;
	pwc_hset_free(&s->last);
	free(s->tree);
	free(s->refs);
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		free(s->start[k]);
	free(s);
}

static void *uptc_stack_new(unsigned int levels, unsigned int max)
{
	struct uptc_stack *s = calloc(1, sizeof(*s));
	unsigned int k;

	if (!s)
		return NULL;
	s->levels = levels;
	s->max = max;
	s->cap = UPTC_STACK_TIMES;
	s->tree = calloc(s->cap + 1, sizeof(*s->tree));
	s->refs = calloc(max + 2, sizeof(*s->refs));
	if (!s->tree || !s->refs)
		goto free_stack;
	for (k = 1; k <= levels; k++) {
		s->start[k] = calloc(max + 2, sizeof(*s->start[k]));
		if (!s->start[k])
			goto free_stack;
	}
	return s;
free_stack:
	uptc_stack_free(s);
	return NULL;
}

struct uptc_stack_live {
	u64 time, slot;
};

static int live_cmp(const void *a, const void *b)
{
	const struct uptc_stack_live *x = a, *y = b;

	return x->time < y->time ? -1 : x->time > y->time;
}

/* Renumber the keys' last times 1 .. keys, in order; 0, or -1. */
static int uptc_stack_renumber(struct uptc_stack *s)
{
	struct uptc_stack_live *live = malloc(s->last.used * sizeof(*live) + 1);
	u64 i, n = 0, cap = s->cap, p;
	u32 *tree;

	if (!live)
		return -1;
	for (i = 0; i < s->last.cap; i++)
		if (s->last.key[i])
			live[n++] = (struct uptc_stack_live){ s->last.val[i], i };
	qsort(live, n, sizeof(*live), live_cmp);
	while (cap < 4 * n)
		cap *= 2;
	tree = calloc(cap + 1, sizeof(*tree));
	if (!tree) {
		free(live);
		return -1;
	}
	for (i = 0; i < n; i++) {
		s->last.val[live[i].slot] = i + 1;
		tree[i + 1] = 1;
	}
	for (i = 1; i <= cap; i++) {	/* the sums of a Fenwick tree */
		p = i + (i & -i);
		if (p <= cap)
			tree[p] += tree[i];
	}
	free(live);
	free(s->tree);
	s->tree = tree;
	s->cap = cap;
	s->now = n;
	return 0;
}

/* Reference @key: its distance (max + 1 if farther or first); -1. */
static s64 uptc_stack_ref(struct uptc_stack *s, u64 key)
{
	u64 d = s->max + 1, t;
	s64 i;

	if (s->now == s->cap && uptc_stack_renumber(s))
		return -1;
	s->now++;
	i = pwc_hset_find(&s->last, key);
	if (i < 0) {
		if (pwc_hset_add(&s->last, key, s->now) < 0)
			return -1;
	} else {
		t = s->last.val[i];
		d = tree_sum(s, s->now - 1) - tree_sum(s, t) + 1;
		if (d > s->max + 1)
			d = s->max + 1;
		tree_add(s, t, -1);
		s->last.val[i] = s->now;
	}
	tree_add(s, s->now, 1);
	return d;
}

/* One more walk in @diff for the sizes @lo .. @hi (clipped to 1 .. max). */
static void range_add(const struct uptc_stack *s, s64 *diff, u64 lo, u64 hi)
{
	if (lo < 1)
		lo = 1;
	if (hi > s->max)
		hi = s->max;
	if (lo > hi)
		return;
	diff[lo]++;
	diff[hi + 1]--;
}

/* The references of one walk to a 4 KiB leaf; 0, or -1 out of memory. */
static int uptc_stack_walk(struct uptc_stack *s, const struct pwc_walk *w)
{
	unsigned int k;
	u64 far = 0, before;
	s64 d;

	/*
	 * A size C misses level k when the distance is over C; the walk
	 * starts at the highest level it misses: at k for the sizes from
	 * the farthest distance above k up to the distance at k.
	 */
	for (k = s->levels; k >= 2; k--) {
		d = uptc_stack_ref(s, pwc_uptc_key(w->base[k], w->va, k));
		if (d < 0) {
			fprintf(stderr, "pwcsim: out of memory\n");
			return -1;
		}
		s->refs[d]++;
		before = far;
		if ((u64)d > far)
			far = d;
		range_add(s, s->start[k], before, far - 1);
	}
	range_add(s, s->start[1], far, s->max);
	s->walks++;
	return 0;
}

/* Each walk once for itself and once for each of its repeats. */
static int uptc_stack_walks(void *p, const struct pwc_walk *w,
			    unsigned int n)
{
	struct uptc_stack *s = p;
	unsigned int j;
	u64 again;

	for (j = 0; j < n; j++, w++) {
		if (w->end != 1 || w->levels != s->levels) {
			fprintf(stderr, "pwcsim: --sizes takes only walks to 4 KiB leaves at %u levels\n",
				s->levels);
			return -1;
		}
		for (again = 0; again <= w->repeats; again++)
			if (uptc_stack_walk(s, w))
				return -1;
	}
	return 0;
}

static void uptc_stack_stats(const void *p, unsigned int entries,
			     struct pwc_stats *st)
{
	const struct uptc_stack *s = p;
	unsigned int k, c;
	u64 misses = 0;
	s64 walks;

	memset(st, 0, sizeof(*st));
	st->lookups = s->walks;
	for (k = 1; k <= s->levels; k++) {
		for (walks = 0, c = 1; c <= entries; c++)
			walks += s->start[k][c];
		if (k < s->levels)
			st->hits[k] = walks;
		else
			st->misses = walks;
	}
	for (c = entries + 1; c <= s->max + 1; c++)
		misses += s->refs[c];
	/* each missed entry is read and filled; a full cache evicts */
	st->accesses = s->walks + misses;
	st->fills = misses;
	st->evictions = misses > entries ? misses - entries : 0;
}

const struct size_sweep uptc_sweep = {
	.max = UPTC_STACK_MAX,
	.create = uptc_stack_new,
	.destroy = uptc_stack_free,
	.walks = uptc_stack_walks,
	.stats = uptc_stack_stats,
};
