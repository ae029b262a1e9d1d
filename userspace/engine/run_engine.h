/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run_engine.h - one address stream through PWC models, by one of two
 * backends behind struct run_backend_ops: pwcsim.ko on the real page
 * tables of a shadow process or a live one (run_module.c), or the
 * synthetic page table and the models here (run_synthetic.c,
 * --userspace).  The result holds each model's statistics, not the
 * models.  Used by `pwcsim run` and `pwcsim report`.
 */
#ifndef RUN_ENGINE_H
#define RUN_ENGINE_H

#include <stdbool.h>

#include <linux/pwcsim.h>

#include "engine/model_set.h"
#include "engine/shadow.h"
#include "output/progress.h"
#include "traces/addr_stream.h"
#include "workloads/workloads.h"

/*
 * Most models of one run on the synthetic backend, which feeds them all
 * the same walks, so that a report's whole budget sweep is one pass over
 * the stream; pwcsim.ko's backend takes a session's PWCSIM_MAX_MODELS.
 */
#define RUN_MAX_MODELS 64

/*
 * The storage budget bare model names are sized to unless --budget-bits
 * says otherwise (run, report; replay: none, the defaults), the paper's
 * 5,280 bits: the one definition, for the options and the report alike.
 */
#define RUN_BUDGET_BITS 5280ULL

struct run_config {
	const char *const *specs;
	unsigned int nspecs;
	unsigned long long budget;	/* bits for bare names; 0: none */
	unsigned int tlb;		/* IOTLB entries; 0: none */
	bool tlb2m;
	/*
	 * The synthetic backend: a second IOTLB of this many entries (4 KiB
	 * pages) looked up beside the first, its own misses filling it; its
	 * lookups and hits only (0: none).  A report's 2mm rates at 32 and
	 * 64 entries come from one pass.
	 */
	unsigned int tlb_also;
	/* take the stream's census (distinct pages and paths: Table 1) */
	bool census;
	/*
	 * The synthetic backend: told each walk's address (each IOTLB miss,
	 * or every address without an IOTLB), in order (NULL: none).
	 */
	void (*on_walk)(void *arg, unsigned long long va);
	void *walk_arg;
	/*
	 * The synthetic backend only (what `replay` asks of it):
	 * @synth: the page table's huge ranges (NULL: 4 KiB leaves
	 * everywhere; its levels are @levels); @no_shortcut: every walk
	 * looked up, none merged into the walk it repeats (pwc_walks_merge());
	 * @on_results: without an IOTLB, told each batch of @n addresses
	 * and their results, res[model * @n + i] (NULL: none); @dump: each
	 * model's contents into run_result.dumps; @sizes: also the model of
	 * kind @sizes_kind at sizes 1 .. @sizes, all from one pass (its
	 * sweep: size_sweep.h), into run_result.sizes (4 KiB leaves only;
	 * 0: none).
	 */
	const struct pwc_synth *synth;
	bool no_shortcut;
	void (*on_results)(void *arg, const unsigned long long *va,
			   unsigned int n, const struct pwc_result *res);
	void *results_arg;
	bool dump;
	enum pwc_kind sizes_kind;
	unsigned int sizes;
	enum shadow_thp thp;
	unsigned long long max_footprint;
	bool coherent;
	bool userspace;
	unsigned int levels;		/* 0: the module's, or 4 */
	struct progress *progress;	/* a progress line, or NULL */
	/*
	 * the progress line counts a workload's warp instructions issued
	 * (gpu_sink.tick), not the addresses fed
	 */
	bool progress_insts;
};

struct run_source {
	const struct workload *w;	/* a generator, or */
	struct workload_opts wo;
	const char *path;		/* a trace ("-": stdin), or */
	enum addr_format fmt;
	bool ifetch;
	int pid;			/* a live process (with path; with
					 * perf, its samples only) */
	/* Accel-Sim traces: scheduled with these, or NULL: file order */
	const struct gpu_params *gpu;
	/* the options given that the trace may not take (addr_stream.h) */
	struct addr_given given;
};

struct run_result {
	unsigned int levels;
	bool real;			/* real page tables */
	unsigned long long addresses, tlb_lookups, tlb_hits, walks;
	/*
	 * addresses the module could not walk: outside every mapping of the
	 * process (a shadow's pages below vm.mmap_min_addr), or hugetlbfs
	 */
	unsigned long long not_walked;
	unsigned long long uncached;	/* accesses with no cache at all */
	unsigned long long tlb_also_lookups, tlb_also_hits;
	/* with run_config.census: distinct paths to level k, [1]: pages */
	unsigned long long distinct[PWC_MAX_LEVELS + 1];
	unsigned int n;			/* models */
	struct model_result models[RUN_MAX_MODELS];
	struct trace_counts counts;	/* of a trace: kernels, skipped... */
	enum addr_format format;	/* a trace's, as read (detected) */
	/* run_config.dump: model i's pwc_dump() text (run_result_free()) */
	char **dumps;
	/* run_config.sizes: the rows of its model at sizes 1 .. N */
	struct model_result *sizes;
	unsigned int nsizes;
};

/* A backend: set up, fed in batches, its statistics read, torn down. */
struct run_backend {
	const struct run_backend_ops *ops;
	void *priv;
	unsigned int batch;		/* most addresses per feed */
};

struct run_backend_ops {
	/* The models of @cfg (res->n, their specs), res->levels, b->batch */
	int (*start)(struct run_backend *b, const struct run_config *cfg,
		     int pid, struct run_result *res);
	int (*feed)(struct run_backend *b, const unsigned long long *va,
		    unsigned int n);
	/* The statistics into @res */
	int (*finish)(struct run_backend *b, struct run_result *res);
	/* Tear down (also after a failed start) */
	void (*stop)(struct run_backend *b);
};

extern const struct run_backend_ops run_module_ops, run_synthetic_ops;

/*
 * 0, or -1 with a message on stderr; either way @res is then
 * run_result_free()'s to free.
 */
int run_stream(const struct run_config *cfg, const struct run_source *src,
	       struct run_result *res);
/*
 * The addresses @va[0..@n) checked against the geometry of a synthetic
 * table of @levels levels: one with bits at 57 and above is refused
 * (false, with a message naming it): the models key a walk by bits
 * 56..12, so it would be taken for another address.  One above 2^47 with
 * 4-level paging is not a user address either (pwcsim.ko refuses it:
 * EINVAL), but its bits 56..48 are kept as tags above L4, a path no
 * 4-level table has: said once (*@warned), and replayed; so is one at
 * bit 56 with 5 levels (not a user address: an L5 index in the kernel's
 * half).  @before: the addresses of the stream before @va[0], so that
 * a message gives an address's place in the stream (1 for the first).
 * Also `storage --stream`'s check.
 */
bool run_user_addresses(const unsigned long long *va, unsigned int n,
			unsigned long long before, unsigned int levels,
			bool *warned);
/* What run_stream() allocated in @res (dumps, sizes). */
void run_result_free(struct run_result *res);

#endif /* RUN_ENGINE_H */
