// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_none.c - "none", the lower bound of every figure: no cache, every
 * walk from the root (its upper bound is pwc_ideal.c).  The smallest
 * model: a new one can start as a copy of this file and a row in
 * pwc_models.h.
 */
#include "pwc.h"

static int none_init(struct pwc_model *m)
{
	return 0;
}

/* Every walk misses: it starts at the top level. */
static void none_lookup(struct pwc_model *m, const struct pwc_walk *w,
			struct pwc_result *r)
{
	r->start = w->levels;
}

/* The lookup, its every level read; nothing to fill. */
static __always_inline void none_access(struct pwc_model *m,
					const struct pwc_walk *w,
					struct pwc_result *r)
{
	r->start = w->levels;
	r->accesses = w->levels - w->end + 1;
}

static void none_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		       struct pwc_result *r)
{
	pwc_batch_loop(m, w, n, r, none_access, true);
}

static void none_invalidate(struct pwc_model *m, u64 start, u64 end)
{
}

static void none_clear(struct pwc_model *m)
{
}

static void none_dump(struct pwc_model *m, struct pwc_out *o)
{
	pwc_printf(o, "  (no cache)\n");
}

const struct pwc_ops pwc_none_ops = {
	.name = "none",
	.init = none_init,
	.lookup = none_lookup,
	.access = none_access,
	.batch = none_batch,
	.invalidate = none_invalidate,
	.clear = none_clear,
	.dump = none_dump,
};
