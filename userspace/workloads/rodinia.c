// SPDX-License-Identifier: GPL-2.0
/*
 * rodinia.c - Rodinia 3.1 workloads: backprop, hotspot, pathfinder
 * (dwt2d, streamcluster, b+tree: dwt2d.c, streamcluster.c, bptree.c).
 * Each models its kernels' per-thread global accesses at the benchmark's default input ("full") or a
 * scaled-down one ("small"); irregular inputs are seeded.
 */
#include <stdlib.h>

#include "workloads/workloads.h"

#define F 4ULL

/*
 * ---- backprop: bpnn_layerforward_CUDA, then bpnn_adjust_weights_cuda ----
 * (backprop/backprop_cuda_kernel.cu): grid (1, in / 16) of 16 x 16
 * threads; index = 17 * 16 by + 17 ty + tx + 18 (:24, :95) is row
 * 16 by + ty + 1, column tx + 1 of the (in + 1) x 17 weights.
 */
struct bp_ctx {
	gva_t input, weights, partial, delta, oldw;
	unsigned int kernel;
};

/* Kernel 1 (:13): input (tx 0), weights loaded and stored, partial sums */
static bool bp_forward(const struct bp_ctx *c, const struct gpu_thread *t,
		       unsigned int step, gva_t idx, gva_t *va)
{
	switch (step) {
	case 0:		/* :33 input_cuda[16 by + ty + 1], tx == 0 */
		if (t->tx)
			return false;
		*va = c->input + F * (16ULL * t->by + t->ty + 1);
		return true;
	case 1:		/* :37 */
		*va = c->weights + F * idx;
		return true;
	case 2:		/* :58 the weighted input stored back, every thread */
		*va = GPU_ST(c->weights + F * idx);
		return true;
	case 3:		/* :75 hidden_partial_sum[by * 16 + ty], tx == 0 */
		if (t->tx)
			return false;
		*va = GPU_ST(c->partial + F * (16ULL * t->by + t->ty));
		return true;
	}
	return false;
}

/*
 * Kernel 2 (:81): :101 w[index] += ETA delta[x] ly[y] + MOMENTUM
 * oldw[index], :102 oldw[index] = the same sum; the pointers may alias,
 * so the second line loads its operands again after the store to w.  Then
 * (:107-110) block 0's row ty == 0 updates row 0 of w and oldw alike.
 */
static bool bp_adjust(const struct bp_ctx *c, const struct gpu_thread *t,
		      unsigned int step, gva_t idx, gva_t *va)
{
	gva_t dx = c->delta + F * (t->tx + 1), ly = c->input +
		   F * (16ULL * t->by + t->ty + 1);
	gva_t w = c->weights + F * idx, ow = c->oldw + F * idx;

	if (step >= 9) {		/* :107-110, by == 0, ty == 0 */
		if (t->by || t->ty || step >= 16)
			return false;
		step -= 9;
		w = c->weights + F * (t->tx + 1);
		ow = c->oldw + F * (t->tx + 1);
		switch (step) {
		case 0:
		case 4:
			*va = dx;
			return true;
		case 1:
		case 5:
			*va = ow;
			return true;
		case 2:
			*va = w;
			return true;
		case 3:
			*va = GPU_ST(w);
			return true;
		}
		*va = GPU_ST(ow);
		return true;
	}
	switch (step) {
	case 0:
	case 5:
		*va = dx;
		break;
	case 1:
	case 6:
		*va = ly;
		break;
	case 2:
	case 7:
		*va = ow;
		break;
	case 3:
		*va = w;
		break;
	case 4:
		*va = GPU_ST(w);
		break;
	default:
		*va = GPU_ST(ow);
	}
	return true;
}

static bool bp_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct bp_ctx *c = p;
	gva_t idx = 17ULL * 16 * t->by + 17ULL * t->ty + t->tx + 18;

	return c->kernel == 1 ? bp_forward(c, t, step, idx, va) :
				bp_adjust(c, t, step, idx, va);
}

/*
 * Its registers.  Kernel 1: the input node reaches the weight's product
 * through shared memory and a barrier (the weight's load after that
 * store), the weight stored as multiplied, the partial sum after the
 * reduction.  Kernel 2: each line's loads independent, its store after
 * the arithmetic that reads them all.
 */
static void bp_deps(const void *p, const struct gpu_thread *t,
		    unsigned int step, struct gpu_dep *d)
{
	const struct bp_ctx *c = p;

	if (c->kernel == 1) {
		d->src = step ? GPU_REG(step - 1) : 0;
		d->dst = step < 2 ? GPU_REG(step) : 0;
	} else if (step == 4 || step == 8 || step == 12 || step == 15) {
		d->src = GPU_DEP_ALL;
	} else {
		d->dst = GPU_REG(step);
	}
}

/*
 * backprop/backprop_cuda.cu: 65,536 inputs (the run script's `backprop
 * 65536`; small 8,192), 16 hidden units.  The delta and the previous
 * weights are allocated after kernel 1 (:164-165), output_hidden (:98)
 * is never touched; the input and the weights go back to the host after
 * kernel 2 (:180-181).
 */
void wl_backprop(const struct workload_opts *o, struct gpu_heap *h,
		 struct gpu_sink *out)
{
	unsigned int in = o->small ? 8192 : 65536;
	unsigned long long wsz = F * (in + 1) * 17;
	struct bp_ctx c = {
		.input = gpu_alloc(h, F * (in + 1), "input_cuda",
				   "backprop/backprop_cuda.cu:97"),
	};
	/* bpnn_layerforward_CUDA: 20 registers (scripts/suite-regs) */
	struct gpu_launch l = { 1, in / 16, 16, 16, 4, bp_addr, &c, 20, 1088,
				bp_deps };

	gva_t ohid = gpu_alloc(h, F * 17, "output_hidden_cuda",
			       "backprop/backprop_cuda.cu:98");

	c.weights = gpu_alloc(h, wsz, "input_hidden_cuda",
			      "backprop/backprop_cuda.cu:99");
	c.partial = gpu_alloc(h, F * in, "hidden_partial_sum",
			      "backprop/backprop_cuda.cu:100");
	gpu_memcpy(out, c.input, F * (in + 1));	/* :118-119 */
	gpu_memcpy(out, c.weights, wsz);
	c.kernel = 1;
	if (!gpu_run(&l, out))
		return;
	gpu_memcpy(out, c.partial, F * in);	/* :138, to the host */
	c.delta = gpu_alloc(h, F * 17, "hidden_delta_cuda",
			    "backprop/backprop_cuda.cu:164");
	c.oldw = gpu_alloc(h, wsz, "input_prev_weights_cuda",
			   "backprop/backprop_cuda.cu:165");
	gpu_memcpy(out, c.delta, F * 17);	/* :167-169 */
	gpu_memcpy(out, c.oldw, wsz);
	gpu_memcpy(out, c.weights, wsz);
	c.kernel = 2;
	l.steps = 16;
	l.regs = 28;	/* bpnn_adjust_weights_cuda (scripts/suite-regs) */
	l.smem = 0;
	if (!gpu_run(&l, out))
		return;
	gpu_memcpy(out, c.input, F * (in + 1));	/* :180-181, to the host */
	gpu_memcpy(out, c.weights, wsz);
	gpu_free(h, c.input, "input_cuda", "backprop/backprop_cuda.cu:183");
	gpu_free(h, ohid, "output_hidden_cuda", "backprop/backprop_cuda.cu:184");
	gpu_free(h, c.weights, "input_hidden_cuda",
		 "backprop/backprop_cuda.cu:185");
	gpu_free(h, c.partial, "hidden_partial_sum",
		 "backprop/backprop_cuda.cu:186");
	gpu_free(h, c.oldw, "input_prev_weights_cuda",
		 "backprop/backprop_cuda.cu:187");
	gpu_free(h, c.delta, "hidden_delta_cuda",
		 "backprop/backprop_cuda.cu:188");
}

/*
 * ---- hotspot: calculate_temp (hotspot/hotspot.cu:104) ----
 * At the run script's pyramid height 2 (`hotspot 512 2 2`): 16 x 16
 * blocks computing a 12 x 12 tile, blkX = 12 bx - 2 (:150-151).  Each
 * thread loads temp_src then power at its cell when inside the grid
 * (:163-165); the two time steps run in shared memory; the cells the
 * tile computed (2 <= tx, ty <= 13) store temp_dst (:213).
 */
struct hs_ctx {
	gva_t power, src, dst;
	unsigned int n;
};

static bool hs_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct hs_ctx *c = p;
	int y = (int)(t->by * 12 + t->ty) - 2, x = (int)(t->bx * 12 + t->tx) - 2;
	gva_t idx;

	if (y < 0 || x < 0 || y >= (int)c->n || x >= (int)c->n || step > 2)
		return false;
	idx = (gva_t)y * c->n + x;
	if (step == 2 && (t->tx < 2 || t->ty < 2 || t->tx > 13 || t->ty > 13))
		return false;	/* the border computes nothing */
	*va = step == 2 ? GPU_ST(c->dst + F * idx) :
	      (step == 0 ? c->src : c->power) + F * idx;
	return true;
}

/* temp_src and power independent, temp_dst after both time steps */
static void hs_deps(const void *p, const struct gpu_thread *t,
		    unsigned int step, struct gpu_dep *d)
{
	gpu_dep_group(step, 2, d);
}

/*
 * hotspot/hotspot.cu:321-325: the two temperature buffers, then power;
 * 512 x 512 (small 128).  compute_tran_temp's loop (:243) runs once at
 * sim_time 2 and pyramid height 2: one launch, src MatrixTemp[0], dst
 * MatrixTemp[1], which goes back to the host (:331).
 */
void wl_hotspot(const struct workload_opts *o, struct gpu_heap *h,
		struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 512, g = (n + 11) / 12;
	unsigned long long sz = F * n * n;
	struct hs_ctx c = { .n = n };
	/* calculate_temp: 35 registers (scripts/suite-regs) */
	struct gpu_launch l = { g, g, 16, 16, 3, hs_addr, &c, 35, 3072,
				hs_deps };

	c.src = gpu_alloc(h, sz, "MatrixTemp[0]", "hotspot/hotspot.cu:321");
	c.dst = gpu_alloc(h, sz, "MatrixTemp[1]", "hotspot/hotspot.cu:322");
	gpu_memcpy(out, c.src, sz);		/* :323 */
	c.power = gpu_alloc(h, sz, "MatrixPower", "hotspot/hotspot.cu:325");
	gpu_memcpy(out, c.power, sz);		/* :326 */
	if (!gpu_run(&l, out))
		return;
	gpu_memcpy(out, c.dst, sz);		/* :331, MatrixTemp[ret] */
	gpu_free(h, c.power, "MatrixPower", "hotspot/hotspot.cu:335");
	gpu_free(h, c.src, "MatrixTemp[0]", "hotspot/hotspot.cu:336");
	gpu_free(h, c.dst, "MatrixTemp[1]", "hotspot/hotspot.cu:337");
}

/*
 * ---- pathfinder: dynproc_kernel (pathfinder/pathfinder.cu:74) ----
 * 256-thread blocks of 256 - 2 it columns, blkX = cols bx - 20 (:97-105):
 * gpuSrc[x] (:122), then per step i the wall row startStep + i where
 * i + 1 <= tx <= 254 - i (:128-137), then gpuResults[x] for the columns
 * the tile computed, it <= tx <= 255 - it (:152).
 */
struct pf_ctx {
	gva_t wall, src, dst;
	unsigned int cols, start, it;
};

static bool pf_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct pf_ctx *c = p;
	int x = (int)(t->bx * (256 - 2 * c->it) + t->tx) - 20;

	if (x < 0 || x >= (int)c->cols || step > c->it + 1)
		return false;
	if (step == 0) {
		*va = c->src + F * x;
	} else if (step <= c->it) {
		if (t->tx < step || t->tx > 255 - step)
			return false;
		*va = c->wall + F * ((gva_t)(c->start + step - 1) * c->cols + x);
	} else if (t->tx >= c->it && t->tx <= 255 - c->it) {
		*va = GPU_ST(c->dst + F * x);
	} else {
		return false;
	}
	return true;
}

/*
 * pathfinder/pathfinder.cu:204-208: the two result rows, then the wall's
 * rows - 1 rows (row 0 is the first source); 100,000 x 100 at pyramid
 * height 20 (`pathfinder 100000 100 20`; small 16,384 x 40).  calc_path
 * (:166-171) launches for t = 0, 20, .. < rows - 1, each over
 * min(20, rows - 1 - t) rows, swapping source and result; the last
 * result goes back to the host (:214).  Each load is
 * used before the next (the row's minimum, in shared memory, before the
 * barrier that precedes the next row's load): a chain, the scoreboard's
 * default.
 */
void wl_pathfinder(const struct workload_opts *o, struct gpu_heap *h,
		   struct gpu_sink *out)
{
	unsigned int cols = o->small ? 16384 : 100000;
	unsigned int rows = o->small ? 40 : 100, t;
	struct pf_ctx c = { .cols = cols };
	/* dynproc_kernel: 18 registers (scripts/suite-regs) */
	struct gpu_launch l = { (cols + 215) / 216, 1, 256, 1, 0, pf_addr, &c,
				18, 2048, NULL };
	gva_t res[2];

	res[0] = gpu_alloc(h, F * cols, "gpuResult[0]",
			   "pathfinder/pathfinder.cu:204");
	res[1] = gpu_alloc(h, F * cols, "gpuResult[1]",
			   "pathfinder/pathfinder.cu:205");
	gpu_memcpy(out, res[0], F * cols);	/* :206 */
	c.wall = gpu_alloc(h, F * cols * (rows - 1), "gpuWall",
			   "pathfinder/pathfinder.cu:207");
	gpu_memcpy(out, c.wall, F * cols * (rows - 1));	/* :208 */
	for (t = 0; t < rows - 1; t += 20) {
		c.start = t;
		c.it = rows - 1 - t < 20 ? rows - 1 - t : 20;
		c.src = res[t / 20 % 2];
		c.dst = res[1 - t / 20 % 2];
		l.steps = c.it + 2;
		if (!gpu_run(&l, out))
			return;
	}
	gpu_memcpy(out, c.dst, F * cols);	/* :214, the last dst */
	gpu_free(h, c.wall, "gpuWall", "pathfinder/pathfinder.cu:227");
	gpu_free(h, res[0], "gpuResult[0]", "pathfinder/pathfinder.cu:228");
	gpu_free(h, res[1], "gpuResult[1]", "pathfinder/pathfinder.cu:229");
}

