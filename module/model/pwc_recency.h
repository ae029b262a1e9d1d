/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_recency.h - the recency and the free entries of a set-associative
 * table: for each set, a circular doubly linked list of its valid entries
 * from the most recent (next[] from the head) to the least (prev[] from
 * the head), over n + sets nodes in two arrays (node i < n is entry i,
 * node n + s the head of set s), and a count of its free entries with a
 * bound below which none is free.  Moving an entry to the front and
 * choosing the victim (the set's first free entry in slot order, else
 * its least recent) take no scan.  The lists of pwc_lru (pwc_lru.h: the
 * key-value tables of the models and the IOTLB) and of pwc_tpc.c.
 */
#ifndef _PWC_RECENCY_H
#define _PWC_RECENCY_H

#include "pwc.h"

/*
 * The table that holds one allocates its arrays (n + sets nodes for prev
 * and next, sets for nfree and first) and calls pwc_recency_reset().
 */
struct pwc_recency {
	u32 n;		/* entries */
	u32 ways;	/* entries per set: set s is s*ways .. +ways-1 */
	u32 *prev, *next;	/* n + sets nodes each */
	u32 *nfree;	/* per set: free entries */
	u32 *first;	/* per set: no free entry below it */
};

/* The set of entry @i. */
static inline u32 pwc_recency_set_of(const struct pwc_recency *l, u32 i)
{
	return l->ways < l->n ? i / l->ways : 0;
}

/* The most recent entry of set @set, or n if it has none. */
static inline u32 pwc_recency_front(const struct pwc_recency *l, u32 set)
{
	return l->next[l->n + set];
}

/* @n entries in sets of @ways (dividing @n), every entry free. */
static inline void pwc_recency_reset(struct pwc_recency *l, u32 n, u32 ways)
{
	u32 s, head;

	l->n = n;
	l->ways = ways;
	for (s = 0; ways && s < n / ways; s++) {
		head = n + s;
		l->next[head] = head;
		l->prev[head] = head;
		l->nfree[s] = ways;
		l->first[s] = s * ways;
	}
}

/* Take entry @i out of its list (it stays counted as not free). */
static inline void pwc_recency_unlink(struct pwc_recency *l, u32 i)
{
	l->next[l->prev[i]] = l->next[i];
	l->prev[l->next[i]] = l->prev[i];
}

/* Put entry @i (in no list, not free) right after node @at of a list. */
static inline void pwc_recency_link_after(struct pwc_recency *l, u32 at,
					  u32 i)
{
	l->prev[i] = at;
	l->next[i] = l->next[at];
	l->prev[l->next[at]] = i;
	l->next[at] = i;
}

/* Put entry @i (in no list, not free) at the front of set @set's list. */
static inline void pwc_recency_link(struct pwc_recency *l, u32 set, u32 i)
{
	pwc_recency_link_after(l, l->n + set, i);
}

/* Listed entry @i moved to the front of its set's list. */
static inline void pwc_recency_touch(struct pwc_recency *l, u32 i)
{
	pwc_recency_unlink(l, i);
	pwc_recency_link(l, pwc_recency_set_of(l, i), i);
}

/*
 * The victim of set @set, taken: its first free entry in slot order
 * (@used[i] is zero exactly for a free entry), no longer counted free;
 * else its least recent entry, out of its list.  Either way, an entry in
 * no list and not free, for the caller to fill and pwc_recency_link().
 */
static inline u32 pwc_recency_victim(struct pwc_recency *l, u32 set,
				     const u8 *used)
{
	u32 i;

	if (!l->nfree[set]) {
		i = l->prev[l->n + set];
		pwc_recency_unlink(l, i);
		return i;
	}
	for (i = l->first[set]; used[i]; i++)
		;
	l->first[set] = i + 1;
	l->nfree[set]--;
	return i;
}

/* Listed entry @i out of its list and free (the caller clears @used[i]). */
static inline void pwc_recency_release(struct pwc_recency *l, u32 i)
{
	u32 set = pwc_recency_set_of(l, i);

	pwc_recency_unlink(l, i);
	l->nfree[set]++;
	if (i < l->first[set])
		l->first[set] = i;
}

#endif /* _PWC_RECENCY_H */
