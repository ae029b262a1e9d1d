/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mum.h - MUM's run (mum.c) for the workload and its tests: the program on
 * a given reference and queries, with what its threads did.
 */
#ifndef WORKLOADS_MUM_H
#define WORKLOADS_MUM_H

#include "workloads/gpu_sim.h"

/* What the threads of one run wrote. */
struct mum_stats {
	/* per query and substring start (6 each): a result written; or NULL */
	unsigned char *matched;
};

/*
 * MUMmerGPU on the @n bases at @bases and the @nq queries at @qry (each
 * 'q' + 25 bases + NUL), launching on @out, allocating from @h.
 */
void mum_run_input(const char *bases, int n, const char *qry,
		   unsigned int nq, struct gpu_heap *h, struct gpu_sink *out,
		   struct mum_stats *stats);

#endif /* WORKLOADS_MUM_H */
