/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_recency.h - recency lists: for each set of a table, a circular
 * doubly linked list of its valid entries from the most recent (next[]
 * from the head) to the least (prev[] from the head), over n + sets
 * nodes in two arrays (node i < n is entry i, node n + s the head of set
 * s).  Moving an entry to the front and finding the least recent take no
 * scan.  The lists of pwc_lru (STC, UPTC, the IOTLB) and of TPC.
 */
#ifndef _PWC_RECENCY_H
#define _PWC_RECENCY_H

#include "pwc.h"

struct pwc_recency {
	u32 *prev, *next;	/* n + sets nodes each */
};

/* The list headed by node @head, empty. */
static inline void pwc_recency_empty(struct pwc_recency *l, u32 head)
{
	l->next[head] = head;
	l->prev[head] = head;
}

/* Take node @i out of its list. */
static inline void pwc_recency_unlink(struct pwc_recency *l, u32 i)
{
	l->next[l->prev[i]] = l->next[i];
	l->prev[l->next[i]] = l->prev[i];
}

/* Put node @i at the front (the most recent) of the list of @head. */
static inline void pwc_recency_link(struct pwc_recency *l, u32 head, u32 i)
{
	l->prev[i] = head;
	l->next[i] = l->next[head];
	l->prev[l->next[head]] = i;
	l->next[head] = i;
}

#endif /* _PWC_RECENCY_H */
