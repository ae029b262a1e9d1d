/* SPDX-License-Identifier: GPL-2.0 */
/*
 * size_sweep.h - every size of one model from one pass over the walks
 * (`pwcsim replay --sizes MODEL:N`), for the models whose statistics at
 * every size follow from one pass (an LRU stack: Mattson's stack
 * distances).  A model has a sweep when an engine source defines
 * `const struct size_sweep <name>_sweep` for it; size_sweep_of() finds
 * the sweeps through the rows of pwc_models.h, so adding one edits no
 * list.  Sweeps take walks to 4 KiB leaves only, all at one paging level
 * count.
 */
#ifndef SIZE_SWEEP_H
#define SIZE_SWEEP_H

#include "pwc.h"

struct size_sweep {
	unsigned int max;	/* the most sizes one pass gives */
	/* Sizes 1 .. @max (at most .max) at @levels; NULL: no memory. */
	void *(*create)(unsigned int levels, unsigned int max);
	void (*destroy)(void *s);
	/*
	 * Reference the paths of @n walks in turn, each once for itself and
	 * once for each of its @repeats; -1, with a message and
	 * the walks from the first such one left out, for a walk that is
	 * not to a 4 KiB leaf at the sweep's levels, or out of memory.
	 */
	int (*walks)(void *s, const struct pwc_walk *w, unsigned int n);
	/*
	 * What the model at size @size (1 .. max: pwc_size_steps(kind, @size))
	 * would have counted.
	 */
	void (*stats)(const void *s, unsigned int size, struct pwc_stats *st);
};

/* The sweep of @kind, or NULL when it has none. */
const struct size_sweep *size_sweep_of(enum pwc_kind kind);

#endif /* SIZE_SWEEP_H */
