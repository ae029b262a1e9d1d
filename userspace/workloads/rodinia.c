// SPDX-License-Identifier: GPL-2.0
/*
 * rodinia.c - Rodinia 3.1 workloads: backprop, hotspot, pathfinder,
 * dwt2d, streamcluster, b+tree.  Each models its kernels' per-thread
 * global accesses at the benchmark's default input ("full") or a
 * scaled-down one ("small"); irregular inputs are seeded.
 */
#include <stdlib.h>

#include "workloads/workloads.h"

#define F 4ULL

/* ---- backprop: layerforward, then adjust_weights; 16x16 blocks ---- */
struct bp_ctx {
	gva_t input, weights, oldw, partial, delta;
	unsigned int kernel;
};

static bool bp_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct bp_ctx *c = p;
	gva_t idx = 17ULL * 16 * t->by + 17ULL * t->ty + t->tx + 1 + 17;
	gva_t in = 16ULL * t->by + t->ty + 1;

	if (c->kernel == 1) {
		switch (step) {
		case 0:		/* input_cuda[index_in], column 0 only */
			if (t->tx)
				return false;
			*va = c->input + F * in;
			return true;
		case 1:
			*va = c->weights + F * idx;
			return true;
		case 2:		/* the block's partial sums, row 0 only */
			if (t->ty)
				return false;
			*va = GPU_ST(c->partial + F * (t->by * 16ULL + t->tx));
			return true;
		}
		return false;
	}
	switch (step) {
	case 0:
		*va = c->delta + F * (t->tx + 1);
		return true;
	case 1:
		*va = c->input + F * in;
		return true;
	case 2:
	case 4:
		*va = c->weights + F * idx;
		return true;
	case 3:
	case 5:
		*va = c->oldw + F * idx;
		return true;
	}
	return false;
}

void wl_backprop(const struct workload_opts *o, struct gpu_heap *h,
		 struct gpu_sink *out)
{
	unsigned int in = o->small ? 8192 : 65536;
	struct bp_ctx c = { gpu_alloc(h, F * (in + 1)),
			    gpu_alloc(h, F * (in + 1) * 17),
			    gpu_alloc(h, F * (in + 1) * 17),
			    gpu_alloc(h, F * in), gpu_alloc(h, F * 17), 1 };
	struct gpu_launch l = { 1, in / 16, 16, 16, 6, bp_addr, &c, 0, 1088 };

	if (gpu_run(&l, out)) {
		c.kernel = 2;
		gpu_run(&l, out);
	}
}

/* ---- hotspot: 16x16 blocks of a 14x14 interior, pyramid height 1 ---- */
struct hs_ctx {
	gva_t power, src, dst;
	unsigned int n;
};

static bool hs_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct hs_ctx *c = p;
	int y = (int)(t->by * 14 + t->ty) - 1, x = (int)(t->bx * 14 + t->tx) - 1;
	gva_t idx;

	if (y < 0 || x < 0 || y >= (int)c->n || x >= (int)c->n || step > 2)
		return false;
	idx = (gva_t)y * c->n + x;
	if (step == 2 && (t->tx == 0 || t->ty == 0 || t->tx == 15 ||
			  t->ty == 15))
		return false;	/* halo threads compute nothing */
	*va = step == 2 ? GPU_ST(c->dst + F * idx) :
	      (step == 0 ? c->power : c->src) + F * idx;
	return true;
}

void wl_hotspot(const struct workload_opts *o, struct gpu_heap *h,
		struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 512, it, g = (n + 13) / 14;
	struct hs_ctx c = { gpu_alloc(h, F * n * n), gpu_alloc(h, F * n * n),
			    gpu_alloc(h, F * n * n), n };
	struct gpu_launch l = { g, g, 16, 16, 3, hs_addr, &c, 0, 3072 };
	gva_t tmp;

	for (it = 0; it < 2; it++) {
		if (!gpu_run(&l, out))
			return;
		tmp = c.src;
		c.src = c.dst;
		c.dst = tmp;
	}
}

/* ---- pathfinder: 256-thread blocks, pyramid height 20 ---- */
struct pf_ctx {
	gva_t wall, src, dst;
	unsigned int cols, start;
};

static bool pf_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct pf_ctx *c = p;
	int x = (int)(t->bx * 216 + t->tx) - 20;

	if (x < 0 || x >= (int)c->cols || step > 21)
		return false;
	if (step == 0)
		*va = c->src + F * x;
	else if (step <= 20)
		*va = c->wall + F * ((gva_t)(c->start + step - 1) * c->cols + x);
	else if (t->tx >= 20 && t->tx < 236)
		*va = GPU_ST(c->dst + F * x);
	else
		return false;
	return true;
}

void wl_pathfinder(const struct workload_opts *o, struct gpu_heap *h,
		   struct gpu_sink *out)
{
	unsigned int cols = o->small ? 16384 : 100000;
	unsigned int rows = o->small ? 41 : 101;
	struct pf_ctx c = { gpu_alloc(h, F * cols * rows), gpu_alloc(h, F * cols),
			    gpu_alloc(h, F * cols), cols, 1 };
	struct gpu_launch l = { (cols + 215) / 216, 1, 256, 1, 22, pf_addr, &c, 0, 2048 };
	gva_t tmp;

	for (c.start = 1; c.start + 20 <= rows; c.start += 20) {
		if (!gpu_run(&l, out))
			return;
		tmp = c.src;
		c.src = c.dst;
		c.dst = tmp;
	}
}

/* ---- dwt2d: forward 5/3, 3 levels, 3 components; 64-wide tiles ---- */
struct dwt_ctx {
	gva_t in, out;
	unsigned int w, h;
};

static bool dwt_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct dwt_ctx *c = p;
	unsigned int x = t->bx * 64 + t->tx, y0 = t->by * 16, y, ox, oy;

	if (x >= c->w || step >= 32)
		return false;
	y = y0 + step % 16;
	if (y >= c->h)
		return false;
	if (step < 16) {		/* a column of the tile, coalesced */
		*va = c->in + F * ((gva_t)y * c->w + x);
		return true;
	}
	/* de-interleaved output: low and high halves in both directions */
	ox = x / 2 + (x & 1) * (c->w / 2);
	oy = y / 2 + (y & 1) * (c->h / 2);
	*va = GPU_ST(c->out + F * ((gva_t)oy * c->w + ox));
	return true;
}

void wl_dwt2d(const struct workload_opts *o, struct gpu_heap *h,
	      struct gpu_sink *out)
{
	unsigned int n = o->small ? 256 : 1024, comp, lvl;
	gva_t img[3], tmp = gpu_alloc(h, F * n * n);
	struct dwt_ctx c;
	struct gpu_launch l = { 0, 0, 64, 1, 32, dwt_addr, &c, 0, 0 };

	for (comp = 0; comp < 3; comp++)
		img[comp] = gpu_alloc(h, F * n * n);
	for (comp = 0; comp < 3; comp++) {
		for (lvl = 0; lvl < 3; lvl++) {
			c = (struct dwt_ctx){ lvl & 1 ? tmp : img[comp],
					      lvl & 1 ? img[comp] : tmp,
					      n >> lvl, n >> lvl };
			l.grid_x = (c.w + 63) / 64;
			l.grid_y = (c.h + 15) / 16;
			if (!gpu_run(&l, out))
				return;
		}
	}
}

/* ---- streamcluster: pgain for seeded candidate centres ---- */
struct sc_ctx {
	gva_t coord, weight, assign, cost, work, sw;
	unsigned int n, dim, cand;
};

static bool sc_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct sc_ctx *c = p;
	gva_t i = t->bx * 512ULL + t->tx, d;

	if (i >= c->n || step >= 2 * c->dim + 4)
		return false;
	if (step < 2 * c->dim) {	/* coord[d][i] and the candidate's */
		d = step / 2;
		*va = c->coord + F * (d * c->n + (step & 1 ? c->cand : i));
		return true;
	}
	switch (step - 2 * c->dim) {
	case 0:
		*va = c->weight + F * i;
		break;
	case 1:
		*va = c->assign + F * i;
		break;
	case 2:
		*va = c->cost + F * i;
		break;
	default:
		*va = c->sw + i;
		break;
	}
	return true;
}

void wl_streamcluster(const struct workload_opts *o, struct gpu_heap *h,
		      struct gpu_sink *out)
{
	unsigned int n = o->small ? 8192 : 65536, dim = o->small ? 32 : 256;
	unsigned int it, iters = o->small ? 4 : 20;
	unsigned long long seed = o->seed | 1;
	struct sc_ctx c = { gpu_alloc(h, F * n * dim), gpu_alloc(h, F * n),
			    gpu_alloc(h, F * n), gpu_alloc(h, F * n),
			    gpu_alloc(h, F * n * 20), gpu_alloc(h, n),
			    n, dim, 0 };
	struct gpu_launch l = { (n + 511) / 512, 1, 512, 1, 2 * dim + 4,
				sc_addr, &c, 0, 0 };

	for (it = 0; it < iters; it++) {
		c.cand = workload_rand(&seed) % n;
		if (!gpu_run(&l, out))
			return;
	}
}

/* ---- b+tree: findK, one 256-thread block per query ---- */
#define BPT_NODE_BYTES 4096ULL	/* order 508: keys, indices, flags */

struct bpt_ctx {
	gva_t nodes, records;
	unsigned int height, nnodes, nrec;
	unsigned long long seed;
};

/* The node query @q visits at @level: a seeded path from the root. */
static gva_t bpt_node(const struct bpt_ctx *c, unsigned int q,
		      unsigned int level)
{
	unsigned long long s = (c->seed ^ (q * 0x9e3779b97f4a7c15ULL)) | 1;
	gva_t node = 0, width = 1;
	unsigned int l;

	for (l = 1; l <= level; l++) {
		node = node * 254 + workload_rand(&s) % 254;
		width *= 254;
	}
	/* levels are stored one after the other, the root first */
	for (l = 0, s = 0; l < level; l++)
		s = s * 254 + 1;
	return (s + node % width) % c->nnodes;
}

static bool bpt_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct bpt_ctx *c = p;

	if (step < c->height) {		/* keys[thid] of the current node */
		*va = c->nodes + bpt_node(c, t->bx, step) * BPT_NODE_BYTES +
		      F * t->tx;
		return true;
	}
	if (step == c->height && t->tx == 0) {
		*va = c->records + F * ((bpt_node(c, t->bx, c->height - 1) *
					 254 + t->bx % 254) % c->nrec);
		return true;
	}
	return false;
}

void wl_bptree(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out)
{
	unsigned int nrec = o->small ? 65536 : 1000000;
	unsigned int queries = o->small ? 1000 : 10000;
	unsigned int nnodes = nrec / 254 + nrec / 254 / 254 + 2;
	struct bpt_ctx c = { gpu_alloc(h, BPT_NODE_BYTES * nnodes),
			     gpu_alloc(h, F * nrec), nrec > 65536 ? 3 : 2,
			     nnodes, nrec, o->seed };
	struct gpu_launch l = { queries, 1, 256, 1, c.height + 1, bpt_addr,
				&c, 0, 0 };

	gpu_run(&l, out);
}
