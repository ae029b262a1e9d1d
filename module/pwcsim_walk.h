/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim_walk.h - the live page-table walker: walks a process's real page
 * tables for one virtual address and reports what an IOMMU's walker would
 * read at each level.
 */
#ifndef _PWCSIM_WALK_H
#define _PWCSIM_WALK_H

#include <linux/mm_types.h>

#include "pwc.h"

/* struct pwcsim_walk.flags */
#define PWCSIM_WALK_NO_VMA	BIT(0)	/* no VMA: not walked */
#define PWCSIM_WALK_HUGETLB	BIT(1)	/* hugetlbfs VMA: not walked */
#define PWCSIM_WALK_MIGRATION	BIT(2)	/* ended on a migration entry */
#define PWCSIM_WALK_BAD		BIT(3)	/* ended on a bad entry */

/**
 * struct pwcsim_walk - one walk of real page tables
 * @w: the walk as the models see it: levels, end, fault, table bases
 *	(physical addresses; @w.base[@w.levels] is the root, __pa(mm->pgd))
 * @entry: @entry[k] is the level-k entry value read (k = end .. levels)
 * @pfn: the leaf's page frame for the address, when present
 * @leaf: page-size level of the leaf (1: 4 KiB, 2: 2 MiB, 3: 1 GiB), 0
 *	when the walk faulted or did not run
 * @flags: PWCSIM_WALK_*
 */
struct pwcsim_walk {
	struct pwc_walk w;
	u64 entry[PWC_MAX_LEVELS + 1];
	u64 pfn;
	u8 leaf;
	u8 flags;
};

/*
 * Walk @mm's tables for user address @va.  The caller holds a reference on
 * @mm's users (mmget) and its mmap lock for reading.  Returns false when
 * the address was not walked (no VMA, hugetlb); then @out->flags says why.
 */
bool pwcsim_walk(struct mm_struct *mm, unsigned long va,
		 struct pwcsim_walk *out);

#endif /* _PWCSIM_WALK_H */
