/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_tlb.h - an IOTLB in front of the PWC models: fully associative,
 * true LRU, 4 KiB entries and (optionally) 2 MiB entries.  Only its misses
 * become page-table walks, so the models see what a device's PWC sees.
 */
#ifndef _PWC_TLB_H
#define _PWC_TLB_H

#include "pwc_lru.h"

#define PWC_TLB_2M 1U		/* 2 MiB leaves get 2 MiB entries */

struct pwc_tlb {
	struct pwc_lru t;
	u32 flags;
	u64 lookups, hits, fills, evictions, invalidations;
};

/* @entries = 0 makes a TLB that always misses and holds nothing. */
int pwc_tlb_init(struct pwc_tlb *tlb, u32 entries, u32 flags);
void pwc_tlb_free(struct pwc_tlb *tlb);
bool pwc_tlb_lookup(struct pwc_tlb *tlb, u64 va);
/*
 * Insert the translation of a walk that ended at a leaf (not a fault); one
 * already held is touched instead.
 */
void pwc_tlb_fill(struct pwc_tlb *tlb, const struct pwc_walk *w);
void pwc_tlb_invalidate(struct pwc_tlb *tlb, u64 start, u64 end);
void pwc_tlb_clear(struct pwc_tlb *tlb);

#endif /* _PWC_TLB_H */
