/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wins_stream.h - the synthetic stream family of the "where CPWC wins"
 * map (report_wins.c, Documentation/report.rst) and the reuse statistic
 * that places a stream on it.
 *
 * A stream of the family has exactly R distinct 2 MiB regions, contiguous
 * from WINS_BASE (GPGPU-Sim 4.0's cudaMalloc base: L4 index 0, so R <= 512
 * regions sit under one L3 entry, R <= 1024 under two), and a locality
 * parameter L in [0, 1].  It opens with one pass over the R regions in
 * order; after that each access takes the region at LRU stack depth
 * d = min(R - 1, floor(R u^k)), u uniform in (0, 1], k = L / (1 - L), and
 * moves it to the top.  L = 0 is the cyclic sweep (d = R - 1 always: the
 * LRU worst case), L = 0.5 uniform random regions, L -> 1 ever more
 * reuse of the most recent regions, L = 1 the same region again.  The
 * page within the region is uniform.
 *
 * The reuse statistic of any stream of regions (struct reuse_meter): R,
 * the distinct regions, and locality = 1 - mean(d) / (R - 1) over the
 * re-references, d the LRU stack distance (distinct other regions since
 * the region's last reference).  For the family it is L in expectation:
 * E[d] / R = 1 / (k + 1) = 1 - L.
 */
#ifndef WINS_STREAM_H
#define WINS_STREAM_H

#include <stdbool.h>

#define WINS_BASE 0xC0000000ULL
#define WINS_REGION_SHIFT 21

struct wins_stream {
	unsigned int regions;
	double k;			/* the depth exponent; < 0: d = 0 */
	unsigned int *stack;		/* regions, most recent first */
	unsigned int first;		/* regions the opening pass touched */
	unsigned long long rng;
};

/* 0, or -1 (no memory, or @regions 0 or @locality outside [0, 1]). */
int wins_stream_init(struct wins_stream *s, unsigned int regions,
		     double locality, unsigned long long seed);
/* The next virtual address of @s. */
unsigned long long wins_stream_next(struct wins_stream *s);
void wins_stream_free(struct wins_stream *s);

/*
 * LRU stack distances of a stream of region keys in O(log n) each (a
 * Fenwick tree over access times, renumbered when it fills).
 */
struct reuse_meter {
	unsigned long long *key;	/* hash of regions: key + 1, 0 empty */
	unsigned long long *last;	/* the region's last access time */
	unsigned int cap, n;		/* hash slots, regions */
	unsigned int *tree;		/* Fenwick tree over times 1 .. size */
	unsigned long long size, now;
	double sum_d;			/* stack distances of re-references */
	unsigned long long reuses;
	bool failed;			/* out of memory: results invalid */
};

void reuse_init(struct reuse_meter *m);
void reuse_add(struct reuse_meter *m, unsigned long long region);
/* Distinct regions; locality as above (1 with one region, 0 with no reuse). */
unsigned int reuse_regions(const struct reuse_meter *m);
double reuse_locality(const struct reuse_meter *m);
void reuse_free(struct reuse_meter *m);

#endif /* WINS_STREAM_H */
