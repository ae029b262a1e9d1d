/* SPDX-License-Identifier: GPL-2.0 */
/*
 * same_region.h - the same-2 MiB shortcut of replays on the synthetic page
 * table (userspace only; never for real tables, whose bases change under
 * the cache, nor for huge leaves): a walk in the 2 MiB region of a
 * model's last access, when that access was a non-stale L2 hit, is
 * counted as that hit again (start level 1, one access) without a
 * lookup.  It is exact for every model whose L2 hit
 * fills nothing and touches only what the same hit touched just before
 * (Documentation/models.rst: the contract; engine/engine-test.c and
 * tests/equality-test.sh check every kind with and without it).
 */
#ifndef SAME_REGION_H
#define SAME_REGION_H

#include "pwc.h"

/* One model's shortcut state. */
struct same_region {
	/* the 2 MiB region + 1 of the model's last access if an L2 hit */
	unsigned long long region;
	/* the runs a piece passes before it asks the model again (>= 1) */
	unsigned int span;
};

/*
 * Whether the shortcut pays, batch by batch, for one stream: where runs
 * are short, the models' own hits cost less than the pieces, and even
 * finding the runs costs more than it saves (Documentation/models.rst);
 * such a stream is looked at again only every SAME_REGION_IDLE batches.
 */
struct same_region_gate {
	unsigned int idle;	/* batches before the runs are found again */
	unsigned int *more;	/* same_region_runs(): room for a batch */
};

/*
 * Does the shortcut take the @n walks @w (then their runs are in
 * @g->more)?  If not, each model takes them whole, and its state is
 * same_region_forget().
 */
bool same_region_use(struct same_region_gate *g, const struct pwc_walk *w,
		     unsigned int n);

/* The model's last access is not known (fed without the shortcut). */
static inline void same_region_forget(struct same_region *sr)
{
	sr->region = 0;
}

/*
 * @n valid walks of the synthetic table with 4 KiB leaves (all of one
 * paging geometry) through @m: its batch op, in pieces, and the shortcut
 * between them.  @more: their runs, as same_region_use() found them; @r:
 * the @n results, or NULL; @scratch: room for @n results, which the
 * shortcut reads.
 */
void same_region_batch(struct pwc_model *m, struct same_region *sr,
		       const struct pwc_walk *w, const unsigned int *more,
		       unsigned int n, struct pwc_result *r,
		       struct pwc_result *scratch);

#endif /* SAME_REGION_H */
