/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpu_sim.h - the GPU execution model the workload generators share: a
 * GTX 480-class GPU (15 SMs, 32-thread warps, at most 48 resident warps
 * and 8 resident thread blocks per SM) running a kernel launch, each warp
 * instruction's global-memory accesses coalesced into 128-byte segments,
 * resident warps issuing round-robin (one warp instruction per SM per
 * step, SMs in turn).  Buffers are laid out as cudaMalloc would place
 * them: one 2 MiB-aligned mapping each, from GPU_HEAP_BASE.
 */
#ifndef GPU_SIM_H
#define GPU_SIM_H

#include <stdbool.h>
#include <stdint.h>

#define GPU_SMS 15
#define GPU_WARP 32
#define GPU_MAX_WARPS_PER_SM 48
#define GPU_MAX_BLOCKS_PER_SM 8
#define GPU_SEGMENT 128
/* Where the first buffer goes: 1 TiB, clear of a process's own mappings. */
#define GPU_HEAP_BASE 0x10000000000ULL

typedef unsigned long long gva_t;

/* A bump allocator standing in for cudaMalloc. */
struct gpu_heap {
	gva_t next;
};

gva_t gpu_alloc(struct gpu_heap *h, unsigned long long bytes);

struct gpu_thread {
	unsigned int bx, by;	/* blockIdx */
	unsigned int tx, ty;	/* threadIdx */
};

/*
 * One kernel launch.  @addr gives the address of memory instruction @step
 * of a thread, or false when the thread has no such instruction (it
 * diverged or finished); a warp runs until none of its threads has one,
 * at most @steps.
 */
struct gpu_launch {
	unsigned int grid_x, grid_y;
	unsigned int block_x, block_y;
	unsigned int steps;
	bool (*addr)(const void *ctx, const struct gpu_thread *t,
		     unsigned int step, gva_t *va);
	const void *ctx;
};

/*
 * The block sampling of the "sampled" size (workloads.h), set for every
 * launch: full-size inputs, every N-th thread block.
 */
/* Where the coalesced segment addresses go; return non-zero to stop. */
struct gpu_sink {
	int (*emit)(void *arg, gva_t va);
	void *arg;
	unsigned long long limit;	/* stop after this many (0: none) */
	unsigned long long count;
	bool stopped;
	unsigned int sample;		/* run every sample-th block (0: all) */
};

/* Run @l, emitting every segment; false once the sink stopped. */
bool gpu_run(const struct gpu_launch *l, struct gpu_sink *out);

#endif /* GPU_SIM_H */
