/* SPDX-License-Identifier: GPL-2.0 */
/*
 * synth_pt.h - a deterministic synthetic page table for replaying address
 * streams without the kernel module: every distinct table gets its own
 * base, derived from its position in the tree, so no state is kept.
 */
#ifndef SYNTH_PT_H
#define SYNTH_PT_H

#include "pwc.h"

#define SYNTH_MAX_HUGE 16

struct synth_range {
	u64 start, end;		/* [start, end) */
};

struct synth_pt {
	unsigned int levels;
	unsigned int n2m, n1g;
	struct synth_range huge2m[SYNTH_MAX_HUGE];
	struct synth_range huge1g[SYNTH_MAX_HUGE];
};

/* PBA(Lk) of the table that translates @va at level @k. */
u64 synth_base(const struct synth_pt *pt, u64 va, unsigned int k);
/* Fill @w with the walk of @va: 4 KiB leaves unless a huge range says. */
void synth_walk(const struct synth_pt *pt, u64 va, struct pwc_walk *w);
/* Parse "START-END" (hex) into a range; -1 with a message on error. */
int synth_parse_range(const char *s, struct synth_range *r);

#endif /* SYNTH_PT_H */
