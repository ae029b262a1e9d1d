// SPDX-License-Identifier: GPL-2.0
/*
 * run_module.c - the pwcsim.ko backend of the run engine (run_engine.h):
 * a session on /dev/pwcsim with the models added, attached to a live
 * process or to a shadow process that maps the stream's pages at the same
 * addresses (shadow.h); fed in batches of the size the module states
 * (GET_INFO max_batch); the statistics come back from the module.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "pwc.h"
#include "engine/run_engine.h"

/* ATTACH fails with EINTR when a signal is pending as it registers. */
#define RUN_ATTACH_TRIES 5

struct run_module {
	int fd;
	struct shadow sh;
	bool shadowed;
};

/* Each spec sized as the module will size it, canonical, into @res. */
static int module_models(const struct run_config *cfg, struct run_result *res)
{
	struct model_result *m;
	char err[160];
	unsigned int i;

	for (i = 0; i < cfg->nspecs; i++) {
		m = &res->models[i];
		m->given = cfg->specs[i];
		if (strlen(m->given) >= PWC_SPEC_LEN) {
			fprintf(stderr, "pwcsim: model spec longer than %d characters\n",
				PWC_SPEC_LEN - 1);
			return -1;
		}
		if (pwc_config_from_spec(m->given, cfg->budget, res->levels,
					 &m->cfg, err, sizeof(err))) {
			fprintf(stderr, "pwcsim: model '%s': %s\n", m->given,
				err);
			return -1;
		}
		pwc_format_spec(&m->cfg, m->spec, sizeof(m->spec));
	}
	res->n = cfg->nspecs;
	return 0;
}

/* Coherence, IOTLB, the models and the target of the session. */
static int module_session(int fd, const struct run_config *cfg, int pid,
			  const struct run_result *res)
{
	struct pwcsim_set_coherence co = { .size = sizeof(co),
				       .enable = cfg->coherent };
	struct pwcsim_add_model m = { .size = sizeof(m) };
	struct pwcsim_set_tlb t = { .size = sizeof(t), .entries = cfg->tlb,
				.flags = cfg->tlb2m ? PWCSIM_TLB_2M : 0 };
	struct pwcsim_attach a = { .size = sizeof(a), .pid = pid };
	unsigned int i;
	int err = 0;

	if (ioctl(fd, PWCSIM_SET_COHERENCE, &co) ||
	    ioctl(fd, PWCSIM_SET_TLB, &t)) {
		fprintf(stderr, "pwcsim: configuring the session: %s\n",
			strerror(errno));
		return -1;
	}
	for (i = 0; i < res->n; i++) {
		snprintf(m.spec, sizeof(m.spec), "%s", res->models[i].spec);
		if (ioctl(fd, PWCSIM_ADD_MODEL, &m)) {
			fprintf(stderr, "pwcsim: adding %s: %s\n", m.spec,
				strerror(errno));
			return -1;
		}
	}
	for (i = 0; pid && i < RUN_ATTACH_TRIES; i++) {
		err = ioctl(fd, PWCSIM_ATTACH, &a) ? errno : 0;
		if (err != EINTR)
			break;
	}
	if (err) {
		fprintf(stderr, "pwcsim: attaching to pid %d: %s%s\n", pid,
			strerror(err), err == EPERM ?
			" (another user's process needs root)" : "");
		return -1;
	}
	return 0;
}

static int module_start(struct run_backend *b, const struct run_config *cfg,
			int pid, struct run_result *res)
{
	struct pwcsim_get_info info = { .size = sizeof(info) };
	struct run_module *rm = calloc(1, sizeof(*rm));

	b->priv = rm;
	if (!rm) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	rm->fd = open("/dev/pwcsim", O_RDWR | O_CLOEXEC);
	if (rm->fd < 0 || ioctl(rm->fd, PWCSIM_GET_INFO, &info)) {
		fprintf(stderr, "pwcsim: /dev/pwcsim: %s (is pwcsim.ko loaded? or use --userspace)\n",
			strerror(errno));
		return -1;
	}
	if (cfg->levels && cfg->levels != info.levels) {
		fprintf(stderr, "pwcsim: the kernel uses %u-level paging\n",
			info.levels);
		return -1;
	}
	if (!info.max_batch) {
		fprintf(stderr, "pwcsim: the module takes no addresses\n");
		return -1;
	}
	res->levels = info.levels;
	res->real = true;
	b->batch = info.max_batch;
	if (module_models(cfg, res) || module_session(rm->fd, cfg, pid, res))
		return -1;
	if (!pid) {
		if (shadow_start(&rm->sh, cfg->thp, cfg->max_footprint, rm->fd))
			return -1;
		rm->shadowed = true;
	}
	return 0;
}

static int module_feed(struct run_backend *b, const unsigned long long *va,
		       unsigned int n)
{
	struct run_module *rm = b->priv;
	struct pwcsim_feed f = { .size = sizeof(f), .addrs = (uintptr_t)va,
				 .count = n };

	if (rm->shadowed && shadow_touch(&rm->sh, va, n))
		return -1;
	if (ioctl(rm->fd, PWCSIM_FEED, &f)) {
		fprintf(stderr, "pwcsim: feeding the module: %s\n",
			strerror(errno));
		return -1;
	}
	return 0;
}

/* The module's counters: each model's, and the session's. */
static int module_finish(struct run_backend *b, struct run_result *res)
{
	struct run_module *rm = b->priv;
	struct pwcsim_get_stats st = { .size = sizeof(st) };
	struct pwc_stats *ps;
	unsigned int i, k;

	for (i = 0; i < res->n; i++) {
		memset(&st, 0, sizeof(st));
		st.size = sizeof(st);
		st.model = i;
		if (ioctl(rm->fd, PWCSIM_GET_STATS, &st)) {
			fprintf(stderr, "pwcsim: statistics: %s\n",
				strerror(errno));
			return -1;
		}
		ps = &res->models[i].st;
		ps->lookups = st.lookups;
		for (k = 0; k <= PWC_MAX_LEVELS; k++)
			ps->hits[k] = st.hits[k];
		ps->misses = st.misses;
		ps->accesses = st.accesses;
		ps->fills = st.fills;
		ps->evictions = st.evictions;
		ps->invalidations = st.invalidations;
		ps->stale = st.stale;
	}
	res->walks = st.walks;
	res->not_walked = st.not_walked;
	if (res->not_walked && rm->shadowed)
		fprintf(stderr, "pwcsim: %llu address%s not walked: the shadow process may not map below vm.mmap_min_addr (a GPU's parameters and constants, from 0x0; mapping them takes CAP_SYS_RAWIO)\n",
			res->not_walked, res->not_walked == 1 ? " was" : "es were");
	res->uncached = st.uncached;
	res->tlb_lookups = st.tlb_lookups;
	res->tlb_hits = st.tlb_hits;
	return 0;
}

static void module_stop(struct run_backend *b)
{
	struct run_module *rm = b->priv;

	if (!rm)
		return;
	if (rm->shadowed)
		shadow_stop(&rm->sh);
	if (rm->fd >= 0)
		close(rm->fd);
	free(rm);
	b->priv = NULL;
}

const struct run_backend_ops run_module_ops = {
	.start = module_start,
	.feed = module_feed,
	.finish = module_finish,
	.stop = module_stop,
};
