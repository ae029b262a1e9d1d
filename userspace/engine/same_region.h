/* SPDX-License-Identifier: GPL-2.0 */
/*
 * same_region.h - the same-2 MiB shortcut of replays on the synthetic page
 * table (userspace only; never for real tables, whose bases change under
 * the cache): a walk with a 4 KiB leaf in the 2 MiB region, at the same
 * paging levels, of a model's last access, when that access was a
 * non-stale L2 hit, is counted as that hit again (start level 1, one
 * access) without a lookup.  It is exact for every model whose L2 hit
 * fills nothing and touches only what the same hit touched just before
 * (Documentation/models.rst: the contract; userspace/tests/equality-test.sh
 * checks every kind with and without it).
 */
#ifndef SAME_REGION_H
#define SAME_REGION_H

#include <stdbool.h>

#include "pwc.h"

/* One model's run: the region of its last access if that was an L2 hit. */
struct same_region {
	unsigned long long region;	/* same_region_of(); 0: none */
};

/* The 2 MiB region and levels of a 4 KiB-leaf walk; 0 for any other. */
static inline unsigned long long same_region_of(const struct pwc_walk *w)
{
	return w->end == 1 ? (w->va >> 21) << 3 | w->levels : 0;
}

/*
 * @n valid walks of the synthetic table through @m (its batch op, in
 * pieces between the walks the shortcut counts), the results in @r (@n of
 * them, always written: the shortcut reads them).
 */
void same_region_batch(struct pwc_model *m, struct same_region *sr,
		       const struct pwc_walk *w, unsigned int n,
		       struct pwc_result *r);

#endif /* SAME_REGION_H */
