// SPDX-License-Identifier: GPL-2.0
/*
 * addr_census.c - the distinct pages and page-table paths of an address
 * stream (addr_census.h).
 */
#include <stdio.h>

#include "pwc.h"
#include "traces/addr_census.h"

int addr_census_add(struct addr_census *c, const unsigned long long *va,
		    unsigned int n)
{
	unsigned long long pg;
	unsigned int i, k;
	int r;

	for (i = 0; i < n; i++) {
		if (!c->count++)
			c->lo = c->hi = va[i];
		c->lo = va[i] < c->lo ? va[i] : c->lo;
		c->hi = va[i] > c->hi ? va[i] : c->hi;
		pg = pwc_key(va[i], 1);
		if (pg + 1 == c->last)	/* the page before: nothing new */
			continue;
		c->last = pg + 1;
		r = pwc_hset_add(&c->pages, pg, 0);
		for (k = 2; r > 0 && k <= 5; k++)
			r = pwc_hset_add(&c->paths[k], pwc_key(va[i], k), 0) <
			    0 ? -1 : 1;
		if (r < 0) {
			fprintf(stderr, "pwcsim: out of memory\n");
			return -1;
		}
		/* r == 0: a page seen before, and so its paths */
	}
	return 0;
}

unsigned long long addr_census_paths(const struct addr_census *c,
				     unsigned int k)
{
	return k >= 2 && k <= 5 ? c->paths[k].used : 0;
}

void addr_census_free(struct addr_census *c)
{
	unsigned int k;

	pwc_hset_free(&c->pages);
	for (k = 0; k < 6; k++)
		pwc_hset_free(&c->paths[k]);
}
