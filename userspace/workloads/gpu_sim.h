/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpu_sim.h - the GPU execution model the workload generators share, after
 * GPGPU-Sim's GTX 480 configuration: 15 SMs; per SM at most 1,536 threads,
 * 8 thread blocks (CTAs), 32,768 registers and 48 KB of shared memory;
 * CTAs dealt one per SM per cycle, as slots free up, each cycle from the
 * SM after the last one that received a CTA (gpu-sim.cc:1725-1735); two
 * greedy-then-oldest (GTO) warp schedulers per SM, each issuing at most
 * one warp instruction a cycle; a warp's global accesses coalesced into
 * 128-byte requests; a scoreboard (scoreboard.cc): a load reserves its
 * destination registers until its slowest request returns (L1 hit, L2 hit
 * or DRAM latency, or the rest of an earlier miss to the same line: the
 * MSHRs merge it), and the warp stalls only at an instruction that reads
 * one (the first use), so independent loads issue back to back;
 * latencies scaled by the CTA's factor, drawn once per CTA from
 * U[1, 1 + jitter] (memory-partition contention and divergence make some
 * CTAs slower; this spreads their loop phases); per-SM L1D (32 sets x 4
 * ways x 128 B by the Fermi hash, LRU, stores write-through without
 * allocation, a store hit evicting the line; the L1D invalidated whenever
 * its SM holds no thread, so at every kernel's end) and the shared L2 (12
 * slices of 64 sets x 8 ways x 128 B in 32-byte sectors, mapped as
 * GPGPU-Sim's address decoder does, LRU, write-back; a write miss
 * allocates without reading DRAM, and a sector it did not wholly write is
 * read from DRAM at its first load: lazy fetch on read; a dirty line
 * written back when evicted); per SM a texture cache and a constant cache
 * (their misses at the L2 too), each warp's kernel parameters loaded
 * first, and local memory striped across the threads as GPGPU-Sim lays
 * it out (GPU_CONST, GPU_LOCAL below).
 *
 * The stream emitted is the one the IOTLB sees at its placement
 * (enum gpu_iotlb_at), from the first CTA after the warm-up waves on, up
 * to the sink's limit (a contiguous window of execution).
 *
 * Buffers are laid out as GPGPU-Sim v4.0's cudaMalloc does (a packed bump
 * allocator, 256-byte alignment, from 0xC0000000), or, as an option, one
 * 2 MiB-aligned mapping each from 1 TiB (a UVM/mmap-like allocator).
 */
#ifndef GPU_SIM_H
#define GPU_SIM_H

#include <stdbool.h>
#include <stdint.h>

#define GPU_SMS 15
#define GPU_WARP 32
#define GPU_MAX_THREADS_PER_SM 1536
#define GPU_MAX_WARPS_PER_SM (GPU_MAX_THREADS_PER_SM / GPU_WARP)
#define GPU_MAX_BLOCKS_PER_SM 8
#define GPU_REGS_PER_SM 32768
#define GPU_SMEM_PER_SM (48 * 1024)
#define GPU_SCHEDULERS 2
#define GPU_SEGMENT 128
#define GPU_SECTOR 32			/* the L2's sectors (v4) */
/*
 * Registers per thread assumed where a kernel's figure is not known (a
 * trace without -nregs); every workload gives its kernels' (suite-regs).
 */
#define GPU_DEFAULT_REGS 16

/*
 * The registers a thread of a kernel given @regs a thread (0: unknown)
 * takes in the SM's register file: whole fours, as GPGPU-Sim's
 * max_cta() counts them (shader.cc:3217-3221).  64 bits: a trace's
 * -nregs is any 32-bit number.
 */
static inline unsigned long long gpu_regs_taken(unsigned int regs)
{
	return ((regs ? regs : GPU_DEFAULT_REGS) + 3ULL) & ~3ULL;
}

/* Caches (GPGPU-Sim's GTX 480 config) */
#define GPU_L1_SETS 32
#define GPU_L1_WAYS 4
#define GPU_CHANNELS 6			/* memory partitions, 2 L2 slices each */
#define GPU_L2_BANKS (2 * GPU_CHANNELS)
#define GPU_L2_SETS 64
#define GPU_L2_WAYS 8

/*
 * Where an address's line lives, as GPGPU-Sim v4.0 maps it with the
 * GTX 480 config (Documentation/gpgpu-sim.rst): the L1D set by the Fermi
 * hash (src/gpgpu-sim/gpu-cache.cc:83-104), the L2 slice by the address
 * decoder (dramid@8 over 6 channels, addrdec.cc:112-131 and 196-200) and
 * the L2 set by the linear index of the address without the channel and
 * slice bits (addrdec.cc:78-93, gpu-cache.cc:156-165).
 */
static inline unsigned int gpu_l1_set(unsigned long long va)
{
	unsigned int hi = (va >> 13 & 7) | (va >> 17 & 1) << 3 |
			  (va >> 19 & 1) << 4;

	return ((va >> 7) & 31) ^ hi;
}

static inline unsigned int gpu_l2_slice(unsigned long long va)
{
	unsigned long long chunk = va >> 8;

	return 2 * (chunk % GPU_CHANNELS) + (chunk / GPU_CHANNELS & 1);
}

static inline unsigned int gpu_l2_set(unsigned long long va)
{
	unsigned long long q = (va >> 8) / GPU_CHANNELS;

	return (va >> 7 & 1) | (q >> 1 & 31) << 1;
}

/*
 * The timing address of texel (@x, @y) of a 2D cudaArray of @width
 * texels of @texel bytes at @base, as GPGPU-Sim computes it for 128-byte
 * texture-cache lines (instructions.cc:6293-6305, tiles from
 * cuda-sim.cc:198-257): tiles of Tx x Ty texels, Tx = 16 halved for each
 * factor of 4 in the texel size, Ty = 128 / (Tx x texel), placed 64
 * bytes apart.
 */
static inline unsigned long long gpu_tex2d_addr(unsigned long long base,
						unsigned int width,
						unsigned int texel,
						unsigned int x, unsigned int y)
{
	unsigned int tx = 16, ty, r;

	for (r = texel >> 2; r; r >>= 2)
		tx >>= 1;
	ty = 128 / (tx * texel);
	return base + ((unsigned long long)(y / ty) * (width / tx) + x / tx) *
		      64 + (x % tx) * texel + (y % ty) * tx * texel;
}

/* Latencies in core cycles: L1 hit, L2 hit (ROP ~120 + interconnect), DRAM */
#define GPU_LAT_L1 20
#define GPU_LAT_L2 200
#define GPU_LAT_DRAM 300

/* The packed allocator's base (GPGPU-Sim v4.0) and alignment */
#define GPU_PACKED_BASE 0xC0000000ULL
#define GPU_PACKED_ALIGN 256ULL
/* The aligned layout: 1 TiB, 2 MiB per buffer */
#define GPU_HEAP_BASE 0x10000000000ULL
#define GPU_ALIGNED_ALIGN (2ULL << 20)

/* The addresses a packed (GPGPU-Sim) run can reach: 32 bits */
#define GPU_ADDR32_MASK 0xFFFFFFFFULL

/* A store: a workload ORs this into the address it returns. */
#define GPU_STORE (1ULL << 63)
#define GPU_ST(va) ((va) | GPU_STORE)
/*
 * A texture fetch (its timing address, tiled for a cudaArray:
 * gpu_tex2d_addr()): through the SM's texture cache, its misses to the
 * L2 (GPGPU-Sim's tex_space, abstract_hardware_model.cc:301-303).
 */
#define GPU_TEX (1ULL << 62)
#define GPU_TX(va) ((va) | GPU_TEX)
/* The texture cache (cfg:84, N:4:128:24: 4 sets x 24 ways, linear) */
#define GPU_TEX_SETS 4
#define GPU_TEX_WAYS 24
/*
 * A constant-space load: a __constant__ symbol (gpu_const_alloc()) or,
 * at GPU_PARAM_BASE, a kernel parameter (ld.param: GPGPU-Sim gives it
 * its offset in the kernel's parameter memory as its address,
 * instructions.cc:3370-3396).  Both are CONST_ACC_R
 * (abstract_hardware_model.cc:297-300, :420-422): one request per
 * distinct 64-byte line of the warp, through the SM's constant cache,
 * its misses 64-byte reads at the L2 (two sectors).
 */
#define GPU_CONST (1ULL << 61)
#define GPU_CN(va) ((va) | GPU_CONST)
/* The constant cache (cfg:85, N:64:64:2: 64 sets x 2 ways of 64 B, linear) */
#define GPU_CONST_SETS 64
#define GPU_CONST_WAYS 2
#define GPU_CONST_LINE 64
#define GPU_PARAM_BASE 0ULL
/* GPGPU-Sim's static region (ptx_ir.cc:86): constant symbols from here */
#define GPU_STATIC_BASE 0x100ULL
/*
 * A local-memory access of a thread: the 4-byte word at byte @off of its
 * local space (a wider access is one step per word: GPGPU-Sim splits it,
 * shader.cc:1621-1635).  The model translates it as
 * translate_local_memaddr() does with -gpgpu_local_mem_map 1 (its
 * default; shader.cc:1598-1608, :1630-1634): word off / 4 of hardware
 * thread T of a CTA of P (its size padded to whole warps) in CTA slot K
 * of SM S is at GPU_LOCAL_BASE + 4 (off / 4) P C N + 4 (P (S + N K) + T % P),
 * with N the SMs and C the CTAs an SM holds of the kernel.  Local
 * accesses coalesce as global ones and go through the L1D, whose policy
 * is local write-back, global write-through (L:L:m:N, gpu-cache.cc:
 * 1168-1237): a local store hit dirties the line, a miss is written to
 * the L2 without allocating, a dirty line evicted is written back.
 */
#define GPU_LOCAL (1ULL << 60)
#define GPU_LOC(off) ((off) | GPU_LOCAL)
/* LOCAL_GENERIC_START (abstract_hardware_model.h:447-469, v4.0) */
#define GPU_LOCAL_BASE 0x1F880000ULL
/*
 * Instruction fetch (gpu_params.ifetch): each warp instruction's 16 bytes
 * at PROGRAM_MEM_START + the kernel's code offset + its PC
 * (shader.cc:830-833, :938-966) through the SM's L1I (cfg:83, N:4:128:4:
 * 4 sets x 4 ways of 128 B, linear), a miss a 128-byte read at the L2
 * (gpu-cache.cc:1139-1143); the warp waits for it, another issues.
 * Only a launch whose PCs are known (gpu_sink.pc: a trace's) fetches.
 */
#define GPU_PROGRAM_BASE 0xF0000000ULL
#define GPU_IL1_SETS 4
#define GPU_IL1_WAYS 4

/* The flags an address carries; the rest is the address */
#define GPU_SPACES (GPU_STORE | GPU_TEX | GPU_CONST | GPU_LOCAL)
/*
 * No access at this step, the thread still running (a branch it does not
 * take): a warp whose threads all skip a step spends an issue cycle on it
 * and goes on, where one with no running thread retires.
 */
#define GPU_SKIP (~0ULL)

typedef unsigned long long gva_t;

enum gpu_layout { GPU_LAYOUT_PACKED, GPU_LAYOUT_ALIGNED, GPU_LAYOUT_COUNT };

/* Where the IOTLB sits: which requests it (and the emitted stream) sees. */
enum gpu_iotlb_at {
	GPU_AT_COALESCED,	/* every coalesced request, before the L1 */
	GPU_AT_L1_MISS,		/* L1 misses and stores (write-through) */
	/* the L2's requests to DRAM: fills, lazy sectors, write-backs */
	GPU_AT_L2_MISS,
	/*
	 * every 32-byte sector probed at the L2's input, as GPGPU-Sim's
	 * "Probing L2 cache" trace prints them (l2cache.cc:505-518): the
	 * four of an L1 load miss, the ones a store writes
	 */
	GPU_AT_L2_INPUT,
	GPU_AT_COUNT
};

/*
 * One call of a workload's host code that places or releases device
 * memory, in program order: what `pwcsim gen NAME --allocations` prints.
 * @call is the CUDA call ("cudaMalloc", "cudaMallocArray", "cudaFree",
 * "cudaFreeArray", or "__constant__" for a constant symbol GPGPU-Sim
 * places when it loads the PTX), @space the memory space ("global",
 * "cudaArray", "constant"); @name is the buffer as the host code names
 * it, @src the file:line of the call in the suite's source
 * (Documentation/workloads.rst says which repository and commit).  A
 * free has the address and size of what it releases.
 */
struct gpu_alloc_rec {
	gva_t va;
	unsigned long long bytes;
	const char *call, *space;
	const char *name, *src;
	bool free;
};

/*
 * The device heap's allocator (--allocator): GPGPU-Sim's, a bump
 * pointer whose frees are no-ops (cuda-sim.cc:439-452, gpgpu_ptx_sim_free
 * does nothing), so a buffer's address is never reused; or a reusing one:
 * the lowest free block that fits (address-ordered first fit over the
 * freed blocks, adjacent ones merged, a block at the top given back to the
 * bump pointer), else the bump pointer; the same 256-byte rounding.
 */
enum gpu_allocator { GPU_ALLOC_BUMP, GPU_ALLOC_REUSE, GPU_ALLOC_COUNT };

/* A block of the reusing allocator: live (to free by address) or free. */
struct gpu_block {
	gva_t va;
	unsigned long long bytes;	/* rounded */
	unsigned long long asked;	/* as the call asked (live blocks) */
};

/*
 * The device heap: cudaMalloc's and cudaMallocArray's addresses from
 * @next; constant symbols in GPGPU-Sim's static region from
 * GPU_STATIC_BASE (@static_next).  @on_alloc, when set, is told of each
 * call.  gpu_heap_done() frees the reusing allocator's lists.
 */
struct gpu_heap {
	gva_t next, static_next;
	enum gpu_layout layout;
	enum gpu_allocator allocator;
	struct gpu_block *live, *free;	/* GPU_ALLOC_REUSE: by address */
	unsigned int nlive, nfree, cap_live, cap_free;
	void (*on_alloc)(void *arg, const struct gpu_alloc_rec *r);
	void *arg;
};

gva_t gpu_alloc(struct gpu_heap *h, unsigned long long bytes,
		const char *name, const char *src);
/* cudaMallocArray: the same allocator (cuda-sim.cc:454-467), a cudaArray */
gva_t gpu_alloc_array(struct gpu_heap *h, unsigned long long bytes,
		      const char *name, const char *src);
/*
 * A __constant__ symbol of @bytes as GPGPU-Sim places it when it parses
 * the PTX (ptx_parser.cc:413-432, ptx_ir.cc:86): from 0x100 up, aligned
 * to its size when that is a power of 2 under 128, else to 128
 * (pad_address(), ptx_parser.cc:313-321); call in PTX declaration order.
 */
gva_t gpu_const_alloc(struct gpu_heap *h, unsigned long long bytes,
		      const char *name, const char *src);
/*
 * cudaFree and cudaFreeArray of the buffer at @va (named @name, the call
 * at @src): a no-op for GPGPU-Sim's allocator, its block reusable for
 * the reusing one; recorded either way.
 */
void gpu_free(struct gpu_heap *h, gva_t va, const char *name,
	      const char *src);
void gpu_free_array(struct gpu_heap *h, gva_t va, const char *name,
		    const char *src);
void gpu_heap_done(struct gpu_heap *h);

struct gpu_thread {
	unsigned int bx, by;	/* blockIdx */
	unsigned int tx, ty;	/* threadIdx */
};

/*
 * The registers a memory step of a warp reads and writes, for the
 * scoreboard, as bit masks over 64 register names: @dst, the ones a load
 * writes (reserved until its data returns); @src, the ones read by this
 * step or by any instruction between the previous memory step and this
 * one (an address computed from a loaded index, the arithmetic that uses
 * two loaded operands, the value a store writes).  GPU_DEP_ALL in @src
 * waits for every load in flight.
 */
struct gpu_dep {
	unsigned long long src, dst;
};

#define GPU_DEP_ALL (~0ULL)
#define GPU_REG(n) (1ULL << ((n) & 63))

/*
 * The commonest pattern: step @step of a group whose steps before @last
 * are independent loads and whose step @last reads them all (a store of
 * what they compute).
 */
static inline void gpu_dep_group(unsigned int step, unsigned int last,
				 struct gpu_dep *d)
{
	if (step == last)
		d->src = GPU_DEP_ALL;
	else
		d->dst = GPU_REG(step);
}

/*
 * One kernel launch.  @addr gives the address of memory instruction @step
 * of a thread (GPU_ST() for a store, GPU_SKIP for none while the thread
 * runs on), or false when the thread has no such instruction (it diverged
 * or finished); a warp runs until none of its threads has one, at most
 * @steps.  @addr is called once per thread and step, in step order, when
 * the warp issues it: a workload may compute its data there (BFS's masks),
 * so that a later warp sees what an earlier one stored.  @regs (per
 * thread, as ptxas counts them: scripts/suite-regs) and @smem (bytes per
 * CTA) limit the CTAs per SM; 0: GPU_DEFAULT_REGS, no shared memory.
 */
struct gpu_launch {
	unsigned int grid_x, grid_y;
	unsigned int block_x, block_y;
	unsigned int steps;
	bool (*addr)(const void *ctx, const struct gpu_thread *t,
		     unsigned int step, gva_t *va);
	const void *ctx;
	unsigned int regs, smem;
	/*
	 * The registers of step @step of the warp whose first thread is @t
	 * (a warp's steps are one instruction stream), into *@d, zeroed
	 * before the call.  NULL: each load writes one register that the
	 * next step reads (every load used at once: a chain).
	 */
	void (*deps)(const void *ctx, const struct gpu_thread *t,
		     unsigned int step, struct gpu_dep *d);
};

/* The execution model's parameters (the workload options carry them). */
struct gpu_params {
	enum gpu_iotlb_at at;
	double jitter;			/* per-CTA latency x U[1, 1 + jitter] */
	unsigned int warmup;		/* waves of CTAs before the window */
	unsigned long long seed;
	/*
	 * 64-bit device addresses (the aligned layout); otherwise an address
	 * wraps at 4 GiB as GPGPU-Sim's 32-bit addr_t does
	 * (abstract_hardware_model.h:76-79): cudaMalloc's 64-bit bump pointer
	 * (cuda-sim.cc:439-452) runs past 4 GiB when a program allocates
	 * in a loop, and its accesses land from 0 on.
	 */
	bool addr64;
	/*
	 * The workload runs as GPGPU-Sim runs its PTX: each warp first loads
	 * its kernel's parameters (ld.param, one constant request at
	 * GPU_PARAM_BASE) before its first memory step, which uses them.
	 * Off for Accel-Sim traces, whose SASS reads parameters as
	 * constant-bank operands, not as memory instructions.
	 */
	bool ptx;
	bool ifetch;			/* instruction fetch (GPU_PROGRAM_BASE) */
};

#define GPU_TICK 65536

/* Counters of a run, for tests and statistics. */
struct gpu_counts {
	unsigned long long requests, loads, stores;
	unsigned long long l1_hits, l1_misses, l2_hits, l2_misses;
	unsigned long long dram_reads;	/* L2 fills: misses, lazy sectors */
	unsigned long long dram_writes;	/* dirty L2 lines written back */
	unsigned long long mshr_merges;	/* hits on a line still in flight */
	unsigned long long const_requests, const_misses;
	unsigned long long local_requests;	/* of requests, local ones */
	unsigned long long l1_writebacks;	/* dirty local lines evicted */
	unsigned long long ifetches, ifetch_misses;
	unsigned long long ctas, cycles, emitted_from_cta;
	/* the cycle and the instructions issued when the window began */
	unsigned long long emit_cycle, emit_insts;
	/*
	 * warp instructions that waited for a translation (gpu_sink.xl):
	 * their own, or a pending one that a line they found in flight waits
	 * for
	 */
	unsigned long long xl_waits;
	/* warp instructions issued (memory steps and ld.param) */
	unsigned long long insts;
	/*
	 * A dry sink's count of the warp instructions its launches can issue
	 * at most: each warp's steps (and its ld.param); exact for a kernel
	 * whose threads all run every step, an upper bound where they exit
	 * early or a loop's trip count is data-dependent.
	 */
	unsigned long long planned;
	unsigned int max_ctas_per_sm;
};

struct gpu_state;

/*
 * Translation in the loop (engine/run_timing.c, Documentation/timing.rst):
 * every request the IOTLB sees at its placement (gpu_params.at: the
 * stream emitted) is translated when it is made, and a warp instruction
 * whose loads need a translation holds their destination registers until
 * its slowest translation completes plus its data's latency from the
 * caches (the TLB is looked up before the request goes on, and the data
 * access is timed as the caches stand at issue).  A line the request
 * fills gets its data that much later too, for every request that finds
 * it in flight (MSHR-merged; one whose translation is pending makes them
 * wait for it).  A store's translation holds nothing.  @translate
 * returns the cycle the translation of @va, asked at @now by warp
 * instruction @inst on SM @sm (GPU_SMS for a write-back of the L2, which
 * no SM makes), completes, or
 * GPU_XLATE_PENDING: the translator then calls gpu_xlate_done() with
 * @cookie (0: nobody waits) once it knows.  @advance(@now) lets the
 * translator run to cycle @now; @next_event: the next cycle at which it
 * has something to do (GPU_XLATE_PENDING: nothing).
 */
#define GPU_XLATE_PENDING (~0ULL)

struct gpu_xlate {
	unsigned long long (*translate)(void *arg, gva_t va,
					unsigned long long now, unsigned int sm,
					unsigned long long cookie,
					unsigned long long inst);
	void (*advance)(void *arg, unsigned long long now);
	unsigned long long (*next_event)(void *arg);
	void *arg;
};

/*
 * Writing a trace (traces/traceg_write.c) instead of running: each launch
 * and copy goes to these, and nothing is simulated.  @launch returns
 * non-zero to stop the workload.
 */
struct gpu_trace_hooks {
	int (*launch)(void *arg, const struct gpu_launch *l);
	void (*copy)(void *arg, gva_t va, unsigned long long bytes);
	void *arg;
};

/* Where the emitted addresses go; return non-zero to stop. */
struct gpu_sink {
	int (*emit)(void *arg, gva_t va);
	void *arg;
	unsigned long long limit;	/* stop after this many (0: none) */
	/*
	 * stop after this many warp instructions issued in the window, past
	 * the warm-up (0: none): a timed run the length of another's
	 */
	unsigned long long insts_limit;
	unsigned long long count;
	bool stopped;
	unsigned int sample;		/* fast mode: every sample-th CTA */
	bool dry;			/* host code only: launches run nothing */
	const struct gpu_trace_hooks *trace;	/* or: written, not run */
	struct gpu_params p;
	const struct gpu_xlate *xl;	/* translation in the loop, or NULL */
	struct gpu_state *st;		/* caches, clock (gpu_run allocates) */
	gva_t code_next;		/* a trace's next kernel's code offset */
	/*
	 * The PCs of the launches run (a trace reader's: a generated
	 * workload's steps are its memory instructions only, with no PC, and
	 * fetch nothing even with gpu_params.ifetch): the PC of step @step
	 * of the warp whose first thread is @t, @ctx the launch's; @code the
	 * launch's code offset from GPU_PROGRAM_BASE.
	 */
	unsigned long long (*pc)(const void *ctx, const struct gpu_thread *t,
				 unsigned int step);
	gva_t code;
	struct gpu_counts c;
	/*
	 * Told every GPU_TICK instructions issued (and of the rest at the end
	 * of each launch): @n, the instructions since the last call (NULL:
	 * none).  A progress line by instructions.
	 */
	void (*tick)(void *arg, unsigned long long n);
	void *tick_arg;
	unsigned long long ticked;	/* c.insts at the last tick */
	/* per-SM CTA trace for tests: called at each CTA's dispatch */
	void (*on_cta)(void *arg, unsigned int sm, unsigned int cta,
		       unsigned int resident);
	/* per-thread access trace for tests (NULL: none) */
	void (*on_access)(void *arg, unsigned int cta, unsigned int thread,
			  unsigned int step, gva_t va);
	void *test_arg;
};

/*
 * A cudaMemcpy of @bytes at @va, either way: -gpgpu_perf_sim_memcpy puts
 * the copied lines in the L2 (gpu-sim.cc:1982-2001, cuda-sim.cc:483 and
 * :502), so a kernel after a copy finds its last 768 KB there; the dirty
 * lines they evict are dropped, not written back (tag_array::fill,
 * gpu-cache.cc:390-406: the copy's tag update has no write-back path).
 * Nothing on a dry sink.
 */
void gpu_memcpy(struct gpu_sink *out, gva_t va, unsigned long long bytes);

/* The CTAs one SM holds at once for @l (threads, CTAs, registers, smem). */
unsigned int gpu_ctas_per_sm(const struct gpu_launch *l);
/*
 * Run @l, emitting; false once the sink stopped. Caches persist.  A dry
 * sink runs nothing and returns true (the host code's allocations alone).
 */
bool gpu_run(const struct gpu_launch *l, struct gpu_sink *out);
/*
 * The translation of @cookie (gpu_xlate.translate) completes at @cycle:
 * the warp instruction waiting for it goes on once all of its have.
 */
void gpu_xlate_done(struct gpu_sink *out, unsigned long long cookie,
		    unsigned long long cycle);
/* Free what gpu_run allocated in @out. */
void gpu_done(struct gpu_sink *out);

#endif /* GPU_SIM_H */
