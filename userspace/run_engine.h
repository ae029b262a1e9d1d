/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_engine.h - one address stream through PWC models: through pwcsim.ko
 * on the real page tables of a shadow process (or a live one), or through
 * the synthetic page table here (--userspace).  Used by `pwcsim run` and
 * `pwcsim report`.
 */
#ifndef RUN_ENGINE_H
#define RUN_ENGINE_H

#include "addr_stream.h"
#include "model_set.h"
#include "shadow.h"
#include "workloads.h"

struct run_config {
	const char *const *specs;
	unsigned int nspecs;
	unsigned long long budget;	/* bits for bare names; 0: none */
	unsigned int tlb;		/* IOTLB entries; 0: none */
	bool tlb2m;
	enum shadow_thp thp;
	unsigned long long max_footprint;
	bool coherent;
	bool userspace;
	unsigned int levels;		/* 0: the module's, or 4 */
	bool progress;			/* a counter on stderr */
};

struct run_source {
	const struct workload *w;	/* a generator, or */
	struct workload_opts wo;
	const char *path;		/* a trace ("-": stdin), or */
	enum addr_format fmt;
	bool ifetch;
	int pid;			/* a live process (with path; with
					 * perf, its samples only) */
};

struct run_result {
	struct model_set set;		/* the models, their statistics */
	unsigned int levels;
	bool real;			/* real page tables */
	unsigned long long addresses, tlb_lookups, tlb_hits, walks;
	struct trace_counts counts;	/* of a trace: kernels, skipped... */
};

/* 0, or -1 with a message on stderr; free @res either way. */
int run_stream(const struct run_config *cfg, const struct run_source *src,
	       struct run_result *res);
void run_result_free(struct run_result *res);

#endif /* RUN_ENGINE_H */
