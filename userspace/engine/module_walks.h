/* SPDX-License-Identifier: GPL-2.0 */
/*
 * module_walks.h - real page-table walks for the timed IOMMU
 * (engine/run_timing.c): a pwcsim.ko session on a shadow process that
 * maps each address as it is asked for (shadow.h), each walk one FEED
 * with PWCSIM_FEED_TABLE_IDS, so its tables come back as ids, not
 * physical addresses, for any user; walks kept per page, since a page's
 * walk does not change while the shadow keeps its mapping.
 */
#ifndef MODULE_WALKS_H
#define MODULE_WALKS_H

#include "pwc.h"
#include "pwc_hset.h"
#include "engine/shadow.h"

struct module_walks {
	int fd;
	unsigned int levels;
	struct shadow sh;
	bool shadowed;
	struct pwc_hset pages;		/* page -> index into @w */
	struct pwc_walk *w;		/* levels 0: not walked */
	unsigned long long n, cap;
	unsigned long long feeds;	/* FEEDs made */
	bool failed;
};

/* 0, or -1 with a message on stderr (module_walks_stop() after either) */
int module_walks_start(struct module_walks *mw, enum shadow_thp thp,
		       unsigned long long max_footprint);
/*
 * iommu.walk: the walk of @va, 0; or 1 when it has none, or when the
 * module failed (@failed set, the message printed once)
 */
int module_walks_get(void *arg, unsigned long long va, struct pwc_walk *w);
void module_walks_stop(struct module_walks *mw);

#endif /* MODULE_WALKS_H */
