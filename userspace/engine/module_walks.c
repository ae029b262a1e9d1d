// SPDX-License-Identifier: GPL-2.0
/*
 * module_walks.c - walks from pwcsim.ko for the timed IOMMU
 * (module_walks.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "engine/module_walks.h"

int module_walks_start(struct module_walks *mw, enum shadow_thp thp,
		       unsigned long long max_footprint)
{
	struct pwcsim_get_info info = { .size = sizeof(info) };
	struct pwcsim_add_model m = { .size = sizeof(m), .spec = "none" };

	memset(mw, 0, sizeof(*mw));
	mw->fd = open("/dev/pwcsim", O_RDWR | O_CLOEXEC);
	if (mw->fd < 0 || ioctl(mw->fd, PWCSIM_GET_INFO, &info)) {
		fprintf(stderr, "pwcsim: /dev/pwcsim: %s (is pwcsim.ko loaded? or use --userspace)\n",
			strerror(errno));
		return -1;
	}
	mw->levels = info.levels;
	/* the walks only: the cheapest model, no IOTLB of the module's */
	if (ioctl(mw->fd, PWCSIM_ADD_MODEL, &m)) {
		fprintf(stderr, "pwcsim: adding a model: %s\n",
			strerror(errno));
		return -1;
	}
	if (shadow_start(&mw->sh, thp, max_footprint, mw->fd))
		return -1;
	mw->shadowed = true;
	return 0;
}

/* @va walked by the module into *@w; 0, 1 (no walk), -1 (failed) */
static int module_walk(struct module_walks *mw, unsigned long long va,
		       struct pwc_walk *w)
{
	struct pwcsim_result r;
	struct pwcsim_feed f = { .size = sizeof(f),
				 .flags = PWCSIM_FEED_TABLE_IDS,
				 .addrs = (uintptr_t)&va,
				 .results = (uintptr_t)&r,
				 .count = 1, .result_size = sizeof(r) };
	unsigned int k;

	if (shadow_touch(&mw->sh, &va, 1))
		return -1;
	mw->feeds++;
	if (ioctl(mw->fd, PWCSIM_FEED, &f)) {
		fprintf(stderr, "pwcsim: walking 0x%llx: %s\n", va,
			strerror(errno));
		return -1;
	}
	memset(w, 0, sizeof(*w));
	w->va = va;
	if (!r.levels || !(r.flags & PWCSIM_RES_TABLE_IDS))
		return 1;
	w->levels = r.levels;
	w->end = r.end;
	w->fault = !r.present;
	for (k = r.end; k <= r.levels && k <= PWC_MAX_LEVELS; k++)
		w->base[k] = r.base[k];
	return 0;
}

int module_walks_get(void *arg, unsigned long long va, struct pwc_walk *w)
{
	struct module_walks *mw = arg;
	s64 slot = pwc_hset_find(&mw->pages, va >> 12);
	int ret;

	if (slot >= 0) {
		*w = mw->w[mw->pages.val[slot]];
		w->va = va;
		return !w->levels;
	}
	if (mw->failed)
		return 1;
	ret = module_walk(mw, va, w);
	if (ret < 0) {
		mw->failed = true;
		return 1;
	}
	if (mw->n == mw->cap) {
		mw->cap = mw->cap ? 2 * mw->cap : 4096;
		mw->w = realloc(mw->w, mw->cap * sizeof(*mw->w));
		if (!mw->w)
			abort();
	}
	mw->w[mw->n] = *w;
	if (pwc_hset_add(&mw->pages, va >> 12, mw->n++) < 0)
		abort();
	return ret;
}

void module_walks_stop(struct module_walks *mw)
{
	if (mw->shadowed)
		shadow_stop(&mw->sh);
	if (mw->fd >= 0)
		close(mw->fd);
	pwc_hset_free(&mw->pages);
	free(mw->w);
	mw->w = NULL;
	mw->shadowed = false;
	mw->fd = -1;
}
