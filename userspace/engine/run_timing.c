// SPDX-License-Identifier: GPL-2.0
/*
 * run_timing.c - a workload with translation in the loop (run_timing.h):
 * for each model, the GPU execution model's sink translates through a
 * timed IOMMU around that model (gpu_sink.xl), so the run's cycles are
 * the ones this translation gives, against the same workload with ideal
 * translation, run first.  A windowed workload's ideal run ends at its
 * window (--window: translations), each timed run after as many warp
 * instructions as that one issued in it: the same work, in more cycles.
 * With the module, its walks are taken once per page and kept for every
 * run.
 */
#include <stdio.h>
#include <string.h>

#include "engine/model_set.h"
#include "engine/module_walks.h"
#include "engine/run_timing.h"

/* The IOMMU's page-table reads cost what the GPU model's DRAM does. */
_Static_assert(IOMMU_MEM_CYCLES == GPU_LAT_DRAM,
	       "iommu.h IOMMU_MEM_CYCLES is gpu_sim.h GPU_LAT_DRAM");

/* The IOMMU's "not yet known" is the one the GPU model takes. */
_Static_assert(IOMMU_PENDING == GPU_XLATE_PENDING,
	       "iommu_translate() returns what gpu_xlate.translate returns");

struct timed {
	struct iommu io;
	struct gpu_sink *sink;
};

static unsigned long long timed_translate(void *arg, gva_t va,
					  unsigned long long now,
					  unsigned int sm,
					  unsigned long long cookie,
					  unsigned long long inst)
{
	struct timed *t = arg;

	return iommu_translate(&t->io, va, now, sm, cookie, inst);
}

static void timed_advance(void *arg, unsigned long long now)
{
	iommu_advance(&((struct timed *)arg)->io, now);
}

static unsigned long long timed_next(void *arg)
{
	return iommu_next_event(&((struct timed *)arg)->io);
}

static void timed_done(void *arg, unsigned long long cookie,
		       unsigned long long cycle)
{
	gpu_xlate_done(((struct timed *)arg)->sink, cookie, cycle);
}

/* The window's addresses are only counted: the IOMMU has them. */
static int count_emit(void *arg, gva_t va)
{
	(void)arg;
	(void)va;
	return 0;
}

static void timing_tick(void *arg, unsigned long long n)
{
	progress_add(arg, n);
}

/* A trace's run through translator @xl into *@c; 0 or -1 */
static int trace_pass(const struct timing_source *src,
		      const struct gpu_xlate *xl, struct timed *t,
		      struct gpu_counts *c, unsigned long long *emitted)
{
	unsigned long long buf[4096];
	struct addr_stream in;
	struct gpu_sink *sink;
	long n;

	if (addr_open_gpu(&in, src->path, src->fmt, src->gpu))
		return -1;
	sink = addr_gpu_sink(&in);
	if (!sink) {
		fprintf(stderr, "pwcsim: --timing takes an Accel-Sim trace scheduled on the GPU model (a trace directory or a .traceg file)\n");
		addr_close(&in);
		return -1;
	}
	sink->xl = xl;
	if (t)
		t->sink = sink;
	while ((n = addr_next_block(&in, buf, 4096)) > 0)
		;
	*c = sink->c;
	*emitted = sink->count;
	addr_close(&in);
	return n < 0 ? -1 : 0;
}

/*
 * One run of the source through @xl (NULL: ideal translation) into *@c,
 * its translations into *@emitted, whether its window ended it into
 * *@cut; 0 or -1.  A workload's ideal run ends at its window
 * (translations, --window) if the stream is that long; a timed one, when
 * @insts is not 0, after as many warp instructions as that, so that both
 * do the same work.
 */
static int timing_pass(const struct timing_config *cfg,
		       const struct timing_source *src,
		       const struct gpu_xlate *xl, struct timed *t,
		       unsigned long long insts, struct gpu_counts *c,
		       unsigned long long *emitted, bool *cut)
{
	struct gpu_sink sink = { .emit = count_emit, .xl = xl,
				 .insts_limit = insts };
	struct workload_opts wo = *src->wo;
	struct gpu_heap heap = {};

	*cut = false;
	if (!src->w)
		return trace_pass(src, xl, t, c, emitted);
	if (cfg->progress) {
		sink.tick = timing_tick;
		sink.tick_arg = cfg->progress;
	}
	if (t)
		t->sink = &sink;
	if (xl)		/* the ideal run's length: @insts, or whole */
		wo.window = 0;
	workload_run(src->w, &wo, &heap, &sink);
	*emitted = sink.count;
	*cut = sink.stopped;
	*c = sink.c;
	return 0;
}

/* Model @spec's timed run into @m, walks from @mw (NULL: synthetic) */
static int timing_model_run(const struct timing_config *cfg,
			    const struct timing_source *src, const char *spec,
			    struct module_walks *mw, unsigned long long insts,
			    struct timing_model *m)
{
	unsigned long long emitted;
	struct model_result mr;
	bool cut;
	struct model_set set;
	struct gpu_counts c;
	struct timed t;
	int ret;
	struct gpu_xlate xl = { timed_translate, timed_advance, timed_next,
				&t };

	model_set_init(&set, cfg->io.levels);
	if (model_set_add(&set, spec, cfg->budget) ||
	    iommu_init(&t.io, &cfg->io, set.e[0].m)) {
		model_set_free(&set);
		return -1;
	}
	t.io.done = timed_done;
	t.io.arg = &t;
	if (mw) {
		t.io.walk = module_walks_get;
		t.io.walk_arg = mw;
	}
	ret = timing_pass(cfg, src, &xl, &t, insts, &c, &emitted, &cut);
	/* the walks still going when the window closed: to their ends */
	t.io.done = NULL;
	iommu_drain(&t.io);
	m->given = spec;
	memcpy(m->spec, set.e[0].spec, sizeof(m->spec));
	iommu_latency_cdf(&t.io, TIMING_CDF_POINTS, m->cdf);
	m->st = t.io.st;
	m->st.hist = NULL;
	m->pwc = set.e[0].m->stats;
	model_set_results(&set, &mr);
	model_result_warn_capped(&mr, cfg->io.levels);
	m->gpu_cycles = c.cycles - c.emit_cycle;
	m->xl_waits = c.xl_waits;
	m->insts = c.insts - c.emit_insts;
	iommu_free(&t.io);
	model_set_free(&set);
	return ret || (mw && mw->failed) ? -1 : 0;
}

/*
 * The ideal run (or cfg->ideal's), then every model's timed run to its
 * length in warp instructions (a windowed workload's); 0 or -1
 */
static int timing_runs(const struct timing_config *cfg,
		       const struct timing_source *src,
		       struct module_walks *mw, struct timing_result *res)
{
	unsigned long long n, insts;
	struct gpu_counts c;
	unsigned int i;

	if (cfg->ideal) {
		res->addresses = cfg->ideal->addresses;
		res->gpu_cycles_ideal = cfg->ideal->gpu_cycles_ideal;
		res->insts_ideal = cfg->ideal->insts_ideal;
		res->ideal_cut = cfg->ideal->ideal_cut;
	} else {
		if (timing_pass(cfg, src, NULL, NULL, 0, &c, &n,
				&res->ideal_cut))
			return -1;
		res->addresses = n;
		res->gpu_cycles_ideal = c.cycles - c.emit_cycle;
		res->insts_ideal = c.insts - c.emit_insts;
	}
	/*
	 * a window the stream never reached ran the ideal run whole, to its
	 * last warp's end: so do the timed runs (not to its last issue)
	 */
	insts = src->w && res->ideal_cut ? res->insts_ideal : 0;
	for (i = 0; i < cfg->nspecs; i++) {
		if (timing_model_run(cfg, src, cfg->specs[i], mw, insts,
				     &res->m[i]))
			return -1;
		res->n++;
	}
	return 0;
}

int run_timing(const struct timing_config *cfg,
	       const struct timing_source *src, struct timing_result *res)
{
	struct timing_config c = *cfg;
	struct module_walks mw;
	int ret;

	memset(res, 0, sizeof(*res));
	if (cfg->nspecs > RUN_MAX_MODELS) {
		fprintf(stderr, "pwcsim: at most %d models\n", RUN_MAX_MODELS);
		return -1;
	}
	if (!cfg->userspace) {
		if (module_walks_start(&mw, cfg->thp, cfg->max_footprint)) {
			module_walks_stop(&mw);
			return -1;
		}
		if (c.io.levels && c.io.levels != mw.levels) {
			fprintf(stderr, "pwcsim: the kernel uses %u-level paging\n",
				mw.levels);
			module_walks_stop(&mw);
			return -1;
		}
		c.io.levels = mw.levels;
		res->real = true;
	}
	if (!c.io.levels)
		c.io.levels = 4;
	res->levels = c.io.levels;
	res->walkers = c.io.walkers;
	res->buffer = c.io.buffer;
	res->sched = c.io.sched;
	ret = timing_runs(&c, src, cfg->userspace ? NULL : &mw, res);
	if (!cfg->userspace) {
		res->feeds = mw.feeds;
		module_walks_stop(&mw);
	}
	return ret;
}
