/* SPDX-License-Identifier: GPL-2.0 */
/*
 * streamcluster.h - streamcluster's host program (streamcluster.c) for the
 * workload and its tests: the C library's lrand48() the program draws its
 * points and choices from, and a run at a given command line with what
 * its host loop did.
 */
#ifndef WORKLOADS_STREAMCLUSTER_H
#define WORKLOADS_STREAMCLUSTER_H

#include "workloads/gpu_sim.h"

/* POSIX's srand48()/lrand48() on a state of their own */
void sc_srand48(unsigned long long *x, long seed);
long sc_lrand48(unsigned long long *x);

/*
 * The host's dist() (streamcluster_cuda_cpu.cpp:145-157) on two @dim-float
 * coordinate vectors, as built: INSERT_WASTE is off (cpp:27).
 */
float sc_dist_coords(const float *a, const float *b, int dim);

#define SC_STATS_K 64

/* What one run's host loop did. */
struct sc_stats {
	unsigned long long calls;		/* pgain calls, one launch each */
	unsigned long long work_bytes;		/* their work_mem_d, summed */
	unsigned long long by_k[SC_STATS_K];	/* calls by centres K */
	long centers;				/* k at the end */
};

/*
 * Run streamcluster as `kmin kmax dim n n ...` (one chunk of n synthetic
 * points), launching on @out, allocating from @h; @stats may be NULL.
 */
void sc_run_input(long kmin, long kmax, int dim, long n, struct gpu_heap *h,
		  struct gpu_sink *out, struct sc_stats *stats);

#endif /* WORKLOADS_STREAMCLUSTER_H */
