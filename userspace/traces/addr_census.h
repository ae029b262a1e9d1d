/* SPDX-License-Identifier: GPL-2.0 */
/*
 * addr_census.h - what an address stream touches: its distinct 4 KiB
 * pages and its distinct page-table paths down to each level (L5, L4, L3
 * and L2 indices: the CPWC paper's Table 1 counts the distinct L4, L3
 * and L2 indices of a run), and its span.  `pwcsim trace info` prints
 * it; the run engine takes it of a stream it feeds (run_config.census).
 */
#ifndef ADDR_CENSUS_H
#define ADDR_CENSUS_H

#include "pwc_hset.h"

struct addr_census {
	struct pwc_hset pages;
	struct pwc_hset paths[6];	/* [k]: distinct level-k prefixes */
	unsigned long long lo, hi, count;
	unsigned long long last;	/* the last page + 1 (0: none) */
};

/* @n addresses into @c: 0, or -1 out of memory (message printed). */
int addr_census_add(struct addr_census *c, const unsigned long long *va,
		    unsigned int n);
/* Distinct paths down to level @k (2 to 5): L2 is 2 MiB regions. */
unsigned long long addr_census_paths(const struct addr_census *c,
				     unsigned int k);
void addr_census_free(struct addr_census *c);

#endif /* ADDR_CENSUS_H */
