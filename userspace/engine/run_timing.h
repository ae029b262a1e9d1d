/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_timing.h - translation in time (Documentation/timing.rst): a GPU
 * workload run on the execution model with each PWC model behind a timed
 * IOMMU (iommu/iommu.h) in the loop, its warps waiting for their
 * translations, and once more with ideal translation (every translation
 * at no cost) for the baseline cycles.  The synthetic page table; used by
 * `pwcsim run --timing`.
 */
#ifndef RUN_TIMING_H
#define RUN_TIMING_H

#include "engine/run_engine.h"
#include "iommu/iommu.h"

#define TIMING_CDF_POINTS 100
/* The latency at percentile @p (1..100) of a timing_model */
#define TIMING_P(m, p) ((m)->cdf[(p) - 1])

struct timing_result;

struct timing_config {
	const char *const *specs;
	unsigned int nspecs;
	unsigned long long budget;	/* bits for bare names; 0: none */
	struct iommu_config io;		/* .levels: the table's (0: the module's) */
	bool userspace;			/* the synthetic table, not the module */
	enum shadow_thp thp;		/* the shadow's pages (the module) */
	unsigned long long max_footprint;
	struct progress *progress;	/* by warp instructions, or NULL */
	/*
	 * the ideal run's figures taken from this earlier result of the
	 * same source, not run again (NULL: run it): a sweep's runs share it
	 */
	const struct timing_result *ideal;
};

/* One model's timed run */
struct timing_model {
	const char *given;
	char spec[PWC_SPEC_LEN];
	struct iommu_stats st;		/* .hist not kept */
	/*
	 * the latency at each of TIMING_CDF_POINTS fractions, 1/N .. 1
	 * (p50 = cdf[49], p95 = cdf[94], p99 = cdf[98]: TIMING_P())
	 */
	unsigned long long cdf[TIMING_CDF_POINTS];
	struct pwc_stats pwc;		/* the model's own counters */
	/* the window's cycles and warp instructions */
	unsigned long long gpu_cycles, xl_waits, insts;
};

struct timing_result {
	bool real;			/* the module's walks */
	unsigned long long feeds;	/* walks asked of the module */
	unsigned int levels, walkers, buffer;
	enum iommu_sched sched;
	unsigned long long addresses;	/* translations of the ideal run */
	unsigned long long gpu_cycles_ideal, insts_ideal;	/* its window's */
	bool ideal_cut;			/* its window ended it (not the stream) */
	unsigned int n;
	struct timing_model m[RUN_MAX_MODELS];
};

/*
 * What runs: a generated workload @w with @wo (its window), or an
 * Accel-Sim trace at @path scheduled on the GPU model with @gpu (whole).
 */
struct timing_source {
	const struct workload *w;
	const struct workload_opts *wo;
	const char *path;
	enum addr_format fmt;
	const struct gpu_params *gpu;
};

/* 0, or -1 with a message on stderr. */
int run_timing(const struct timing_config *cfg,
	       const struct timing_source *src, struct timing_result *res);

#endif /* RUN_TIMING_H */
