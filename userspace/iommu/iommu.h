/* SPDX-License-Identifier: GPL-2.0 */
/*
 * iommu.h - the IOMMU as a timed component (Documentation/timing.rst):
 * an IOTLB, a buffer of bounded capacity for the misses waiting for a
 * walker, N page-table walkers, misses to a page already in the buffer or
 * being walked merged with it, a walk-scheduling policy choosing which
 * waiting miss a free walker serves (iommu_sched.c), the PWC looked up
 * when a walk starts and filled when it ends, and each page-table read
 * served by a small cache of page-table lines (8 PTEs per 64-byte line;
 * a line still in flight, when its data arrives) or by DRAM.  Time is in core cycles and only goes forward: the caller
 * (the GPU model) asks for translations in cycle order.
 *
 * A translation's completion is known when its walk starts, which under
 * a policy other than first-come first-served depends on misses that
 * arrive later: iommu_translate() returns it when known, else
 * IOMMU_PENDING, and the IOMMU tells the caller's @done callback once the
 * walk starts.
 */
#ifndef IOMMU_H
#define IOMMU_H

#include <stdbool.h>

#include "pwc.h"
#include "pwc_hset.h"
#include "pwc_synth.h"
#include "pwc_tlb.h"

#define IOMMU_PENDING (~0ULL)
/*
 * A page-table read that misses the line cache, in cycles: the GPU model's
 * DRAM latency (workloads/gpu_sim.h GPU_LAT_DRAM; run_timing.c asserts
 * they are equal)
 */
#define IOMMU_MEM_CYCLES 300

/* The latency histogram's exact range, in cycles (above: the last bin) */
#define IOMMU_HIST 65536

/*
 * Which waiting miss a free walker serves (Documentation/timing.rst):
 * @IOMMU_FCFS the oldest; @IOMMU_SIMT Shin et al. (ISCA 2018): the misses
 * of one warp instruction as a batch, the batch with the fewest walks
 * first; @IOMMU_PATH ours: the oldest miss whose 2 MiB region no walk
 * in progress is reading, so that a miss behind a walk of its region
 * waits for that walk's fill of the PWC (the oldest miss when every one
 * is behind one: iommu_sched.c, pick_path()).
 */
enum iommu_sched { IOMMU_FCFS, IOMMU_SIMT, IOMMU_PATH, IOMMU_SCHED_COUNT };

/*
 * With per-SM L1 TLBs, the cycles of a hit in the shared TLB behind them
 * (an L2 TLB: a lookup after the L1's miss and the hop to it; ours)
 */
#define IOMMU_L2_TLB_HIT 10

struct iommu_config {
	unsigned int tlb;		/* IOTLB entries (4 KiB pages); 0 none */
	unsigned int tlb_hit;		/* cycles of an IOTLB hit */
	/*
	 * per-SM L1 TLBs of this many entries each (0: none) in front of
	 * the IOTLB, which then is a shared L2 TLB (Power et al., HPCA
	 * 2014); an L1 hit costs no cycle, its misses go to the IOTLB
	 */
	unsigned int l1_tlb, sms;
	unsigned int walkers;
	unsigned int buffer;		/* misses waiting for a walker */
	enum iommu_sched sched;
	unsigned int pwc_probe;		/* cycles of a PWC probe (pwc_lookup_cycles()) */
	unsigned int ptc_sets, ptc_ways;	/* page-table line cache */
	unsigned int ptc_hit, mem;	/* cycles of a read: line cache, DRAM */
	unsigned int levels;		/* of the synthetic table */
};

/* The defaults (Documentation/timing.rst says where each comes from). */
void iommu_config_default(struct iommu_config *c, unsigned int levels);
/* The policies' names (--walk-sched), indexed by policy. */
extern const char *const iommu_sched_names[IOMMU_SCHED_COUNT];

/* What the IOMMU measured. */
struct iommu_stats {
	unsigned long long requests, l1_hits, tlb_hits, walks, merged;
	unsigned long long not_walked;	/* no walk to be had (no mapping) */
	/*
	 * ptc_waits: of the hits, those that found their line still in
	 * flight and waited for its data
	 */
	unsigned long long reads, ptc_hits, ptc_waits;
	/* per walk, summed: waiting, the PWC lookup, the reads */
	unsigned long long queueing, lookup, read_cycles;
	unsigned long long busy;	/* walker-cycles walking */
	/* the buffer: occupancy x cycles, its most, cycles at capacity */
	unsigned long long occ_cycles, occ_max, full_cycles;
	/* the cycles of the first request and of the last walk's end */
	unsigned long long first, last;
	unsigned long long lat_sum, lat_max, lat_over;
	unsigned int *hist;		/* translations by latency */
};

/*
 * A miss: waiting (in the buffer, or outside it while the buffer is
 * full: the buffer holds the oldest @buffer waiting misses), or walked.
 */
struct iommu_miss {
	unsigned long long page, arrival, inst;
	/* its walk's end; IOMMU_PENDING while it waits (not yet walked) */
	unsigned long long done;
	unsigned long long sms;		/* the SMs whose L1 TLBs it fills */
	unsigned int waiters;		/* first waiter (index + 1), or 0 */
	unsigned int next;		/* hash chain (index + 1) */
	struct pwc_walk w;
};

/* A way of the page-table line cache */
struct iommu_ptc_way {
	unsigned long long tag;		/* its line + 1; 0: empty */
	unsigned long long used;	/* its last use (LRU) */
	unsigned long long ready;	/* the cycle its data arrives */
};

struct iommu {
	struct iommu_config cfg;
	struct pwc_model *pwc;
	/*
	 * Where a miss's walk comes from: @walk (0, or non-zero when the
	 * address has no walk: it completes as an IOTLB hit would, counted
	 * not_walked, as does a walk pwc_walk_valid() refuses), or the
	 * synthetic table @pt when @walk is NULL.  A
	 * walk's table bases are only compared: labels, physical bases or a
	 * module's table ids give the same figures.
	 */
	int (*walk)(void *arg, unsigned long long va, struct pwc_walk *w);
	void *walk_arg;
	struct pwc_synth pt;
	/* each table base seen, numbered in order: the line cache's keys */
	struct pwc_hset tables;
	struct pwc_tlb tlb;
	struct pwc_tlb *l1;		/* cfg.sms of them, or NULL */
	unsigned long long *walker_free;	/* the cycle each walker frees */
	/* the line cache: cfg.ptc_sets x cfg.ptc_ways ways, set by set */
	struct iommu_ptc_way *ptc;
	unsigned long long stamp;	/* the last use's */
	/* misses in flight: a slab, a hash of their pages, the waiting ones */
	struct iommu_miss *miss;
	unsigned int nmiss, cap, free_head, *hash;	/* IOMMU_HASH chains */
	unsigned int *waiting, nwaiting, waiting_cap;	/* in arrival order */
	unsigned int *walking, nwalking;
	/* the instruction of the last walk started (the simt policy) */
	unsigned long long batch;
	bool batch_valid;
	/* waiters: (cookie, the cycle it asked, next) in a pool */
	unsigned long long *wcookie, *wtime;
	unsigned int *wnext, wcap, wfree;
	unsigned long long now;		/* occupancy counted up to here */
	void (*done)(void *arg, unsigned long long cookie,
		     unsigned long long cycle);
	void *arg;
	struct iommu_stats st;
};

/* 0, or -1 (out of memory, a bad config: message on stderr) */
int iommu_init(struct iommu *io, const struct iommu_config *cfg,
	       struct pwc_model *pwc);
void iommu_free(struct iommu *io);
/*
 * A translation of @va asked at cycle @now (no earlier than the last
 * call's) by SM @sm (cfg.sms or more: none, as for a write-back) for
 * @cookie (0: nobody waits, as for a store), of warp instruction @inst:
 * the cycle it completes, or IOMMU_PENDING (@done will be told).
 */
unsigned long long iommu_translate(struct iommu *io, unsigned long long va,
				   unsigned long long now, unsigned int sm,
				   unsigned long long cookie,
				   unsigned long long inst);
/* Every walk that starts or ends by cycle @now. */
void iommu_advance(struct iommu *io, unsigned long long now);
/* The next cycle at which a walk can start or end (IOMMU_PENDING: none) */
unsigned long long iommu_next_event(const struct iommu *io);
/* Run every miss left to its end (the statistics' last cycle). */
void iommu_drain(struct iommu *io);
/*
 * The translations' latency CDF in one pass over the histogram:
 * @cycles[k], the latency at quantile (k + 1) / @n (0 if none measured)
 */
void iommu_latency_cdf(const struct iommu *io, unsigned int n,
		       unsigned long long *cycles);

/*
 * iommu_sched.c: the miss a free walker serves at cycle @t, as an index
 * into io->waiting, by io->cfg.sched; only reads the IOMMU's state.  The
 * candidates are the buffer's misses (the oldest io->cfg.buffer waiting)
 * that have passed the IOTLB by @t, at least io->waiting[0].
 */
unsigned int iommu_pick(const struct iommu *io, unsigned long long t);

#endif /* IOMMU_H */
