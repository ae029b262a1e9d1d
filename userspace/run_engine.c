// SPDX-License-Identifier: GPL-2.0
/*
 * run_engine.c - one address stream through PWC models (run_engine.h).
 * Through the module: the stream's pages are mapped in a shadow process at
 * the same addresses (shadow.h), fed in batches of 65,536; the statistics
 * come back from the module.  With --userspace: the synthetic page table
 * and an IOTLB here, the same models.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "pwc_synth.h"
#include "pwc_tlb.h"
#include "run_engine.h"

#define RUN_BATCH 65536
/* ATTACH fails with EINTR when a signal is pending as it registers. */
#define RUN_ATTACH_TRIES 5

struct run {
	struct model_set *set;
	bool userspace, progress, shadowed;
	int fd;
	struct shadow sh;
	struct pwc_synth pt;
	struct pwc_tlb tlb;
	unsigned long long *batch;
	unsigned int n;
	unsigned long long addresses, tlb_lookups, tlb_hits, walks;
	int failed;
};

static int run_flush(struct run *r)
{
	struct pwcsim_feed f = { .size = sizeof(f) };
	struct pwc_result res[MODEL_SET_MAX];
	struct pwc_walk w;
	unsigned int i;

	if (!r->n || r->failed)
		return r->failed;
	if (r->userspace) {
		for (i = 0; i < r->n; i++) {
			if (pwc_tlb_lookup(&r->tlb, r->batch[i]))
				continue;
			pwc_synth_walk(&r->pt, r->batch[i], &w);
			model_set_access(r->set, &w, res);
			pwc_tlb_fill(&r->tlb, &w);
		}
	} else {
		if (r->shadowed && shadow_touch(&r->sh, r->batch, r->n))
			return r->failed = -1;
		f.addrs = (uintptr_t)r->batch;
		f.count = r->n;
		if (ioctl(r->fd, PWCSIM_FEED, &f)) {
			fprintf(stderr, "pwcsim: feeding the module: %s\n",
				strerror(errno));
			return r->failed = -1;
		}
	}
	r->addresses += r->n;
	r->n = 0;
	if (r->progress)
		fprintf(stderr, "\rpwcsim run: %llu addresses", r->addresses);
	return 0;
}

static int run_emit(void *arg, gva_t va)
{
	struct run *r = arg;

	r->batch[r->n++] = va;
	return r->n == RUN_BATCH ? run_flush(r) : 0;
}

static int run_device(struct run *r, bool coherent, unsigned int tlb,
		      bool tlb2m, int pid)
{
	struct pwcsim_coherence co = { .size = sizeof(co), .enable = coherent };
	struct pwcsim_add_model m = { .size = sizeof(m) };
	struct pwcsim_tlb t = { .size = sizeof(t), .entries = tlb,
				.flags = tlb2m ? PWCSIM_TLB_2M : 0 };
	struct pwcsim_attach a = { .size = sizeof(a), .pid = pid };
	unsigned int i;
	int err = 0;

	if (ioctl(r->fd, PWCSIM_SET_COHERENCE, &co) ||
	    ioctl(r->fd, PWCSIM_SET_TLB, &t)) {
		fprintf(stderr, "pwcsim: configuring the session: %s\n",
			strerror(errno));
		return -1;
	}
	for (i = 0; i < r->set->n; i++) {
		snprintf(m.spec, sizeof(m.spec), "%s", r->set->e[i].spec);
		if (ioctl(r->fd, PWCSIM_ADD_MODEL, &m)) {
			fprintf(stderr, "pwcsim: adding %s: %s\n", m.spec,
				strerror(errno));
			return -1;
		}
	}
	for (i = 0; pid && i < RUN_ATTACH_TRIES; i++) {
		err = ioctl(r->fd, PWCSIM_ATTACH, &a) ? errno : 0;
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

/* The module's counters into the models' statistics, for printing. */
static int run_collect(struct run *r)
{
	struct pwcsim_stats st = { .size = sizeof(st) };
	struct pwc_stats *ps;
	unsigned int i, k;

	for (i = 0; i < r->set->n; i++) {
		memset(&st, 0, sizeof(st));
		st.size = sizeof(st);
		st.model = i;
		if (ioctl(r->fd, PWCSIM_GET_STATS, &st)) {
			fprintf(stderr, "pwcsim: statistics: %s\n",
				strerror(errno));
			return -1;
		}
		ps = &r->set->e[i].m->stats;
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
	r->set->walks = st.walks;
	r->set->uncached = st.uncached;
	r->tlb_lookups = st.tlb_lookups;
	r->tlb_hits = st.tlb_hits;
	r->walks = st.walks;
	return 0;
}

int run_stream(const struct run_config *cfg, const struct run_source *src,
	       struct run_result *res)
{
	struct pwcsim_info info = { .size = sizeof(info) };
	struct run r = { .fd = -1, .set = &res->set };
	struct gpu_heap heap = {};
	struct gpu_sink sink;
	struct addr_stream in;
	unsigned long long va;
	unsigned int i, levels = cfg->levels;
	int rd, ret = -1;

	memset(res, 0, sizeof(*res));
	r.userspace = cfg->userspace;
	r.progress = cfg->progress;
	if (!r.userspace) {
		r.fd = open("/dev/pwcsim", O_RDWR | O_CLOEXEC);
		if (r.fd < 0 || ioctl(r.fd, PWCSIM_GET_INFO, &info)) {
			fprintf(stderr, "pwcsim: /dev/pwcsim: %s (is pwcsim.ko loaded? or use --userspace)\n",
				strerror(errno));
			goto out;
		}
		if (levels && levels != info.levels) {
			fprintf(stderr, "pwcsim: the kernel uses %u-level paging\n",
				info.levels);
			goto out;
		}
		levels = info.levels;
	}
	if (!levels)
		levels = 4;
	res->levels = levels;
	res->real = !r.userspace;
	r.pt.levels = levels;
	model_set_init(r.set, levels);
	for (i = 0; i < cfg->nspecs; i++)
		if (model_set_add(r.set, cfg->specs[i], cfg->budget))
			goto out;
	if (pwc_tlb_init(&r.tlb, r.userspace ? cfg->tlb : 0,
			 cfg->tlb2m ? PWC_TLB_2M : 0))
		goto out;
	r.batch = malloc(RUN_BATCH * sizeof(*r.batch));
	if (!r.batch)
		goto out;
	if (!r.userspace) {
		if (run_device(&r, cfg->coherent, cfg->tlb, cfg->tlb2m,
			       src->pid))
			goto out;
		if (!src->pid) {
			if (shadow_start(&r.sh, cfg->thp, cfg->max_footprint,
					 r.fd))
				goto out;
			r.shadowed = true;
		}
	}
	if (src->w) {
		sink = (struct gpu_sink){ run_emit, &r, 0, 0, false };
		workload_run(src->w, &src->wo, &heap, &sink);
	} else {
		if (addr_open(&in, src->path ? src->path : "-", src->fmt))
			goto out;
		in.with_ifetch = src->ifetch;
		in.pid = src->pid;
		while ((rd = addr_next(&in, &va)) > 0 && !run_emit(&r, va))
			;
		res->counts = in.tc;
		addr_close(&in);
		if (rd < 0)
			goto out;
	}
	if (run_flush(&r))
		goto out;
	if (r.progress)
		fputc('\n', stderr);
	if (r.userspace) {
		r.tlb_lookups = r.tlb.lookups;
		r.tlb_hits = r.tlb.hits;
		r.walks = r.set->walks;
	} else if (run_collect(&r)) {
		goto out;
	}
	res->addresses = r.addresses;
	res->tlb_lookups = r.tlb_lookups;
	res->tlb_hits = r.tlb_hits;
	res->walks = r.walks;
	ret = 0;
out:
	if (r.shadowed)
		shadow_stop(&r.sh);
	if (r.fd >= 0)
		close(r.fd);
	pwc_tlb_free(&r.tlb);
	free(r.batch);
	return ret;
}

void run_result_free(struct run_result *res)
{
	model_set_free(&res->set);
}
