// SPDX-License-Identifier: GPL-2.0
/*
 * iommu_sched.c - walk scheduling: which waiting miss a free walker
 * serves (iommu_pick(), iommu.h; Documentation/timing.rst, "Walk
 * scheduling", gives each policy's source).
 *
 *   fcfs  the oldest miss (ChampSim's PTW, gem5's SMMUv3 walk queue,
 *         GPGPU-Sim-UVM forks: arrival order).
 *   simt  Shin et al., "Scheduling Page Table Walks for Irregular GPU
 *         Applications" (ISCA 2018): the misses of one warp instruction
 *         are a batch, served together (a walker freed while a batch is
 *         being served takes its next miss); a new batch is the one with
 *         the least work, here its number of walks (their estimate of the
 *         work also probes the PWC, which this model cannot do without
 *         touching its recency), the oldest at a tie.
 *   path  ours: the oldest miss whose 2 MiB region no walk in progress is
 *         reading.  Such a walk will fill the PWC with that region's path
 *         when it ends, so a miss held back until then reads one entry
 *         instead of the whole path; while every candidate is held, the
 *         oldest goes (a walker never idles beside waiting misses).
 */
#include "iommu/iommu.h"

const char *const iommu_sched_names[IOMMU_SCHED_COUNT] = {
	[IOMMU_FCFS] = "fcfs", [IOMMU_SIMT] = "simt", [IOMMU_PATH] = "path",
};

/* The candidates at @t: a prefix of io->waiting (arrival order) */
static unsigned int candidates(const struct iommu *io, unsigned long long t)
{
	unsigned int n = io->nwaiting < io->cfg.buffer ? io->nwaiting :
			 io->cfg.buffer, c;

	for (c = 1; c < n; c++)
		if (io->miss[io->waiting[c]].arrival + io->cfg.tlb_hit > t)
			break;
	return c;
}

/*
 * simt: the batch being served, if a candidate is left of it; else the
 * batch with the fewest walks.  A warp instruction's misses arrive
 * together, so its candidates are one run of the arrival order.
 */
static unsigned int pick_simt(const struct iommu *io, unsigned int c)
{
	unsigned int i, start = 0, best = 0, best_n = ~0U;
	unsigned long long inst;

	for (i = 0; i < c; i++)
		if (io->batch_valid &&
		    io->miss[io->waiting[i]].inst == io->batch)
			return i;
	for (i = 1; i <= c; i++) {
		inst = io->miss[io->waiting[start]].inst;
		if (i < c && io->miss[io->waiting[i]].inst == inst)
			continue;
		if (i - start < best_n) {
			best_n = i - start;
			best = start;
		}
		start = i;
	}
	return best;
}

/* path: the oldest candidate whose L1 table no walk in progress reads */
static unsigned int pick_path(const struct iommu *io, unsigned int c)
{
	unsigned int i, j;
	unsigned long long region;

	for (i = 0; i < c; i++) {
		region = io->miss[io->waiting[i]].page >> 9;
		for (j = 0; j < io->nwalking; j++)
			if (io->miss[io->walking[j]].page >> 9 == region)
				break;
		if (j == io->nwalking)
			return i;
	}
	return 0;
}

unsigned int iommu_pick(const struct iommu *io, unsigned long long t)
{
	unsigned int c = candidates(io, t);

	switch (io->cfg.sched) {
	case IOMMU_SIMT:
		return pick_simt(io, c);
	case IOMMU_PATH:
		return pick_path(io, c);
	default:
		return 0;
	}
}
