/* SPDX-License-Identifier: GPL-2.0 */
/*
 * uptc_stack.h - every size of a fully associative UPTC in one pass, from
 * Mattson's stack distances.  On the synthetic table UPTC is a pure LRU
 * stack: each walk references the keys of its path from the top down
 * (pwc_uptc_key()), a hit moves its key to the top of the recency order
 * and a miss inserts it there (the fill comes before the next level is
 * looked up), and no value is ever stale.  So a reference hits in a cache
 * of C entries exactly when fewer than C other keys were referenced since
 * its key's last reference (its stack distance is at most C), and one pass
 * gives the statistics of "uptc:entries=C" for every C up to a bound.
 * Only for walks to 4 KiB leaves, all at one paging level count; not for
 * set-associative UPTC (ways=W), STC or TPC, which are not LRU stacks.
 */
#ifndef UPTC_STACK_H
#define UPTC_STACK_H

#include "pwc.h"

/* The most sizes one pass gives. */
#define UPTC_STACK_MAX 4096

struct uptc_stack;

/* Sizes 1 .. @max (at most UPTC_STACK_MAX) at @levels; NULL, no memory. */
struct uptc_stack *uptc_stack_new(unsigned int levels, unsigned int max);
void uptc_stack_free(struct uptc_stack *s);
/*
 * Reference the paths of @n walks in turn; -1, with a message and the
 * walks from the first such one left out, for a walk that is not to a
 * 4 KiB leaf at the stack's levels, or when out of memory.
 */
int uptc_stack_walks(struct uptc_stack *s, const struct pwc_walk *w,
		     unsigned int n);
/* What "uptc:entries=@entries" (1 .. max) would have counted. */
void uptc_stack_stats(const struct uptc_stack *s, unsigned int entries,
		      struct pwc_stats *st);

#endif /* UPTC_STACK_H */
