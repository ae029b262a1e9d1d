// SPDX-License-Identifier: GPL-2.0
/*
 * traceg_sched.c - an Accel-Sim kernel trace run through the GPU execution
 * model (traceg_sched.h): its thread blocks, warps and instructions kept
 * as read, then launched on workloads/gpu_sim.c as a generated workload
 * is (CTAs dealt to SMs, GTO warp schedulers, the caches, the IOTLB's
 * tap), each warp issuing its instructions in trace order: a memory
 * instruction's active lanes at their addresses, every other instruction
 * an issue slot with no access.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traces/traceg_sched.h"

struct tg_sinst {
	unsigned int pc;		/* the trace's PC */
	unsigned int mask;		/* lanes with an address */
	unsigned char kind;		/* TG_K_* */
	size_t addr;			/* first address in k->addr */
	struct gpu_dep dep;		/* its registers */
};

struct tg_swarp {
	size_t inst, ninst;		/* its instructions in k->inst */
};

struct tg_sblock {
	unsigned int x, y, z;
	size_t warp, nwarps;		/* its warps in k->warp */
};

struct tg_kernel {
	unsigned int grid[3], block[3];
	struct tg_sblock *blk;
	struct tg_swarp *warp;
	struct tg_sinst *inst;
	unsigned long long *addr;
	size_t nblk, capblk, nwarp, capwarp, ninst, capinst, naddr, capaddr;
	long *index;			/* block id -> blk, -1: none */
	unsigned int steps, regs, smem;
	unsigned int pc_end;		/* past the highest PC */
	struct gpu_sink *sink;
	unsigned long long *out;	/* the emitted stream */
	size_t nout, capout;
	bool failed;
};

void *tg_grow_to(void *p, size_t *cap, size_t need, size_t size,
		 size_t first)
{
	size_t n = *cap ? *cap : first;
	void *q;

	if (need <= *cap)
		return p;
	while (n < need && n <= SIZE_MAX / 2)
		n *= 2;
	if (n < need || n > SIZE_MAX / size)
		return p;
	q = realloc(p, n * size);
	if (!q)
		return p;	/* kept, for the caller to free */
	*cap = n;
	return q;
}

static void *tk_grow(struct tg_kernel *k, void *p, size_t *cap, size_t need,
		     size_t size)
{
	if (k->failed)
		return p;
	p = tg_grow_to(p, cap, need, size, 64);
	if (need > *cap) {
		fprintf(stderr, "pwcsim: out of memory reading a trace\n");
		k->failed = true;
	}
	return p;
}

struct tg_kernel *tg_kernel_new(struct gpu_sink *sink)
{
	struct tg_kernel *k = calloc(1, sizeof(*k));

	if (k)
		k->sink = sink;
	return k;
}

void tg_kernel_dims(struct tg_kernel *k, bool grid, const unsigned int d[3])
{
	memcpy(grid ? k->grid : k->block, d, sizeof(k->grid));
}

int tg_kernel_block(struct tg_kernel *k)
{
	k->blk = tk_grow(k, k->blk, &k->capblk, k->nblk + 1, sizeof(*k->blk));
	if (k->failed)
		return -1;
	/* until its "thread block =" line: the next in file order */
	k->blk[k->nblk] = (struct tg_sblock){ (unsigned int)k->nblk, 0, 0,
					      k->nwarp, 0 };
	k->nblk++;
	return 0;
}

void tg_kernel_block_id(struct tg_kernel *k, unsigned int x, unsigned int y,
			unsigned int z)
{
	struct tg_sblock *b = &k->blk[k->nblk - 1];

	b->x = x;
	b->y = y;
	b->z = z;
}

int tg_kernel_warp(struct tg_kernel *k, unsigned int w)
{
	struct tg_sblock *b = &k->blk[k->nblk - 1];

	/*
	 * warps are listed 0, 1, 2, ... (traceg.c refuses a repeat or a
	 * step back): a gap, refused at the block's end, is an empty warp
	 * until then
	 */
	while (b->nwarps <= w) {
		k->warp = tk_grow(k, k->warp, &k->capwarp, k->nwarp + 1,
				  sizeof(*k->warp));
		if (k->failed)
			return -1;
		k->warp[k->nwarp++] = (struct tg_swarp){ k->ninst, 0 };
		b->nwarps++;
	}
	return 0;
}

int tg_kernel_inst(struct tg_kernel *k, unsigned int pc, unsigned int mask,
		   int kind, const unsigned long long *addr, unsigned int n,
		   const struct gpu_dep *dep)
{
	struct tg_swarp *w = &k->warp[k->nwarp - 1];

	k->inst = tk_grow(k, k->inst, &k->capinst, k->ninst + 1,
			  sizeof(*k->inst));
	k->addr = tk_grow(k, k->addr, &k->capaddr, k->naddr + n,
			  sizeof(*k->addr));
	if (k->failed)
		return -1;
	k->inst[k->ninst++] = (struct tg_sinst){ pc, kind ? mask : 0,
						 (unsigned char)kind,
						 k->naddr, *dep };
	if (pc + 16 > k->pc_end)
		k->pc_end = pc + 16;
	if (n)
		memcpy(k->addr + k->naddr, addr, n * sizeof(*addr));
	k->naddr += n;
	w->ninst++;
	if (w->ninst > k->steps)
		k->steps = (unsigned int)w->ninst;
	return 0;
}

void tg_kernel_res(struct tg_kernel *k, unsigned int regs, unsigned int smem)
{
	k->regs = regs;
	k->smem = smem;
}

static bool tk_addr(const void *ctx, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct tg_kernel *k = ctx;
	unsigned int lin = t->ty * k->block[0] + t->tx, lane = lin % GPU_WARP;
	long bi = k->index[t->bx + (size_t)t->by * k->grid[0]];
	const struct tg_sblock *b;
	const struct tg_swarp *w;
	const struct tg_sinst *in;

	if (bi < 0)
		return false;
	b = &k->blk[bi];
	if (lin / GPU_WARP >= b->nwarps)
		return false;
	w = &k->warp[b->warp + lin / GPU_WARP];
	if (step >= w->ninst)
		return false;
	in = &k->inst[w->inst + step];
	if (!(in->mask >> lane & 1)) {
		*va = GPU_SKIP;
		return true;
	}
	*va = k->addr[in->addr +
		      __builtin_popcount(in->mask & ((1U << lane) - 1))];
	switch (in->kind) {
	case TG_K_STORE:
		*va = GPU_ST(*va);
		break;
	case TG_K_TEX:
		*va = GPU_TX(*va);
		break;
	case TG_K_CONST:
		*va = GPU_CN(*va);
		break;
	case TG_K_LLOAD:
		*va = GPU_LOC(*va);
		break;
	case TG_K_LSTORE:
		*va = GPU_ST(GPU_LOC(*va));
		break;
	}
	return true;
}

/* The scoreboard: the warp's instruction @step's registers. */
static void tk_deps(const void *ctx, const struct gpu_thread *t,
		    unsigned int step, struct gpu_dep *d)
{
	const struct tg_kernel *k = ctx;
	unsigned int lin = t->ty * k->block[0] + t->tx;
	long bi = k->index[t->bx + (size_t)t->by * k->grid[0]];
	const struct tg_swarp *w;

	if (bi < 0 || lin / GPU_WARP >= k->blk[bi].nwarps)
		return;
	w = &k->warp[k->blk[bi].warp + lin / GPU_WARP];
	if (step < w->ninst)
		*d = k->inst[w->inst + step].dep;
}

/* The PC of the warp's instruction @step (instruction fetch). */
static unsigned long long tk_pc(const void *ctx, const struct gpu_thread *t,
				unsigned int step)
{
	const struct tg_kernel *k = ctx;
	unsigned int lin = t->ty * k->block[0] + t->tx;
	long bi = k->index[t->bx + (size_t)t->by * k->grid[0]];
	const struct tg_swarp *w;

	if (bi < 0 || lin / GPU_WARP >= k->blk[bi].nwarps)
		return 0;
	w = &k->warp[k->blk[bi].warp + lin / GPU_WARP];
	return step < w->ninst ? k->inst[w->inst + step].pc : 0;
}

static int tk_emit(void *arg, gva_t va)
{
	struct tg_kernel *k = arg;

	k->out = tk_grow(k, k->out, &k->capout, k->nout + 1, sizeof(*k->out));
	if (k->failed)
		return 1;
	k->out[k->nout++] = va;
	return 0;
}

/* Block id -> its index in k->blk, over @ids ids; each id once. */
static int tk_index(struct tg_kernel *k, size_t ids)
{
	size_t b, i;

	k->index = malloc(sizeof(*k->index) * ids);
	if (!k->index) {
		fprintf(stderr, "pwcsim: out of memory running a trace\n");
		return -1;
	}
	memset(k->index, 0xff, sizeof(*k->index) * ids);
	for (b = 0; b < k->nblk; b++) {
		i = k->blk[b].x + (size_t)k->grid[0] *
		    (k->blk[b].y + (size_t)k->grid[1] * k->blk[b].z);
		if (k->index[i] >= 0) {
			fprintf(stderr, "pwcsim: thread block %u,%u,%u is listed twice\n",
				k->blk[b].x, k->blk[b].y, k->blk[b].z);
			return -1;
		}
		k->index[i] = (long)b;
	}
	return 0;
}

int tg_kernel_run(struct tg_kernel *k, const unsigned long long **out,
		  size_t *n)
{
	unsigned int d[3] = { 0, 0, 0 }, maxw = 0, i;
	struct gpu_launch l = { .addr = tk_addr, .ctx = k, .deps = tk_deps };
	size_t b, ids;

	for (b = 0; b < k->nblk; b++) {	/* dimensions the header omits */
		d[0] = k->blk[b].x + 1 > d[0] ? k->blk[b].x + 1 : d[0];
		d[1] = k->blk[b].y + 1 > d[1] ? k->blk[b].y + 1 : d[1];
		d[2] = k->blk[b].z + 1 > d[2] ? k->blk[b].z + 1 : d[2];
		if (k->blk[b].nwarps > maxw)
			maxw = (unsigned int)k->blk[b].nwarps;
	}
	/* a block past the header's grid dim widens it */
	for (i = 0; i < 3; i++)
		if (d[i] > k->grid[i] || !k->grid[i])
			k->grid[i] = d[i] ? d[i] : 1;
	if (!k->block[0])
		k->block[0] = GPU_WARP * (maxw ? maxw : 1), k->block[1] = 1,
		k->block[2] = 1;
	for (i = 1; i < 3; i++)
		k->block[i] = k->block[i] ? k->block[i] : 1;
	/* no block listed, no warp: the bound below would wrap */
	if (k->block[0] * k->block[1] * k->block[2] >
	    GPU_MAX_THREADS_PER_SM ||
	    (maxw && k->block[0] * k->block[1] * k->block[2] <
			     maxw * GPU_WARP - 31)) {
		fprintf(stderr, "pwcsim: the block dim and the warps listed disagree\n");
		return -1;
	}
	*out = NULL;
	*n = 0;
	if (!k->nblk)
		return 0;
	/* the reader refused these (a line named); here, no silent run */
	ids = (size_t)k->grid[0] * k->grid[1] * k->grid[2];
	if (ids > (1U << 26)) {
		fprintf(stderr, "pwcsim: a grid of %zu blocks, more than pwcsim schedules\n",
			ids);
		return -1;
	}
	if (tk_index(k, ids))
		return -1;
	l.grid_x = k->grid[0];
	l.grid_y = k->grid[1] * k->grid[2];
	l.block_x = k->block[0];
	l.block_y = k->block[1] * k->block[2];
	l.steps = k->steps;
	l.regs = k->regs;
	l.smem = k->smem;
	if (!gpu_ctas_per_sm(&l)) {
		fprintf(stderr, "pwcsim: the kernel does not fit on an SM\n");
		return -1;
	}
	k->sink->emit = tk_emit;
	k->sink->arg = k;
	/*
	 * its code after the kernels' before it, each launch its own (the
	 * trace has no code sizes: up to its highest PC, whole 128-byte lines)
	 */
	k->sink->pc = tk_pc;
	k->sink->code = k->sink->code_next;
	k->sink->code_next += (k->pc_end + GPU_SEGMENT - 1) / GPU_SEGMENT *
			      GPU_SEGMENT;
	gpu_run(&l, k->sink);
	k->sink->pc = NULL;
	*out = k->out;
	*n = k->nout;
	return k->failed ? -1 : 0;
}

void tg_kernel_free(struct tg_kernel *k)
{
	if (!k)
		return;
	free(k->blk);
	free(k->warp);
	free(k->inst);
	free(k->addr);
	free(k->index);
	free(k->out);
	free(k);
}
