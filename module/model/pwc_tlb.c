// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_tlb.c - the IOTLB (pwc_tlb.h).  An entry's key is its page number
 * shifted left once, with bit 0 set for a 2 MiB entry; a 1 GiB leaf is
 * held as the 2 MiB (or 4 KiB) entry that contains the address.
 */
#include "pwc_tlb.h"

int pwc_tlb_init(struct pwc_tlb *tlb, u32 entries, u32 flags)
{
	memset(tlb, 0, sizeof(*tlb));
	tlb->flags = flags;
	return entries ? pwc_lru_init(&tlb->t, entries, 0) : 0;
}

void pwc_tlb_free(struct pwc_tlb *tlb)
{
	if (tlb->t.size)
		pwc_lru_free(&tlb->t);
}

static u64 pwc_tlb_key(u64 va, bool huge)
{
	return huge ? (pwc_key(va, 2) << 1) | 1 : pwc_key(va, 1) << 1;
}

bool pwc_tlb_lookup(struct pwc_tlb *tlb, u64 va)
{
	int i;

	if (!tlb->t.size)
		return false;
	tlb->lookups++;
	i = pwc_lru_find(&tlb->t, 0, pwc_tlb_key(va, false));
	if (i < 0 && (tlb->flags & PWC_TLB_2M))
		i = pwc_lru_find(&tlb->t, 0, pwc_tlb_key(va, true));
	if (i < 0)
		return false;
	pwc_lru_touch(&tlb->t, i);
	tlb->hits++;
	return true;
}

void pwc_tlb_fill(struct pwc_tlb *tlb, const struct pwc_walk *w)
{
	bool huge = w->end > 1 && (tlb->flags & PWC_TLB_2M);
	u64 key = pwc_tlb_key(w->va, huge);

	int i;

	if (!tlb->t.size || w->fault)
		return;
	/* a key is held once: a fill of one held (no lookup first) touches */
	i = pwc_lru_find(&tlb->t, 0, key);
	if (i >= 0) {
		pwc_lru_touch(&tlb->t, i);
		return;
	}
	tlb->fills++;
	if (pwc_lru_insert(&tlb->t, 0, key, 0, key >> 1,
			   huge ? 2 : 1))
		tlb->evictions++;
}

void pwc_tlb_invalidate(struct pwc_tlb *tlb, u64 start, u64 end)
{
	if (tlb->t.size)
		tlb->invalidations += pwc_lru_invalidate(&tlb->t, start, end);
}

void pwc_tlb_clear(struct pwc_tlb *tlb)
{
	if (tlb->t.size)
		pwc_lru_clear(&tlb->t);
}
