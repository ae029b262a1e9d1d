// SPDX-License-Identifier: GPL-2.0
/*
 * polybench.c - PolyBench/GPU 1.0 workloads: gemm, 2mm, 3mm, 2DCONV,
 * 3DCONV, gramschmidt, with their kernels' per-thread global accesses
 * (float data, 32x8 thread blocks; gramschmidt 256x1), default sizes
 * ("full") or scaled-down ones ("small").
 */
#include "workloads/workloads.h"

#define F 4ULL			/* sizeof(float) */

/*
 * C[i][j] (+)= sum_k A[i][k] * B[k][j]: one thread per (i, j).  As in
 * PolyBench/GPU's CUDA source, C is global memory updated in the loop:
 * every iteration loads A, B and C and stores C.  Before the loop C is
 * zeroed (a store) or, with @accum, scaled by beta (a load and a store).
 */
struct mm_ctx {
	gva_t a, b, c;
	unsigned int ni, nj, nk;
	bool accum;
};

static bool mm_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct mm_ctx *c = p;
	unsigned int i = t->by * 8 + t->ty, j = t->bx * 32 + t->tx, k;
	gva_t cij = c->c + F * ((gva_t)i * c->nj + j);

	if (i >= c->ni || j >= c->nj)
		return false;
	if (c->accum) {
		if (step == 0) {
			*va = cij;
			return true;
		}
		step--;
	}
	if (step == 0) {
		*va = GPU_ST(cij);
		return true;
	}
	step--;
	if (step >= 4 * c->nk)
		return false;
	k = step / 4;
	switch (step % 4) {
	case 0:
		*va = c->a + F * ((gva_t)i * c->nk + k);
		break;
	case 1:
		*va = c->b + F * ((gva_t)k * c->nj + j);
		break;
	case 2:
		*va = cij;
		break;
	default:
		*va = GPU_ST(cij);
	}
	return true;
}

static bool mm(struct gpu_sink *out, gva_t a, gva_t b, gva_t c,
	       unsigned int ni, unsigned int nj, unsigned int nk, bool accum)
{
	struct mm_ctx ctx = { a, b, c, ni, nj, nk, accum };
	struct gpu_launch l = { (nj + 31) / 32, (ni + 7) / 8, 32, 8,
				4 * nk + 2, mm_addr, &ctx, 0, 0 };

	return gpu_run(&l, out);
}

void wl_gemm(const struct workload_opts *o, struct gpu_heap *h,
	     struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 512;
	gva_t a = gpu_alloc(h, F * n * n), b = gpu_alloc(h, F * n * n);
	gva_t c = gpu_alloc(h, F * n * n);

	mm(out, a, b, c, n, n, n, true);
}

void wl_2mm(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 2048;
	gva_t tmp = gpu_alloc(h, F * n * n), a = gpu_alloc(h, F * n * n);
	gva_t b = gpu_alloc(h, F * n * n), c = gpu_alloc(h, F * n * n);
	gva_t d = gpu_alloc(h, F * n * n);

	if (mm(out, a, b, tmp, n, n, n, false))
		mm(out, tmp, c, d, n, n, n, true);
}

void wl_3mm(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 512;
	gva_t a = gpu_alloc(h, F * n * n), b = gpu_alloc(h, F * n * n);
	gva_t c = gpu_alloc(h, F * n * n), d = gpu_alloc(h, F * n * n);
	gva_t e = gpu_alloc(h, F * n * n), f = gpu_alloc(h, F * n * n);
	gva_t g = gpu_alloc(h, F * n * n);

	if (mm(out, a, b, e, n, n, n, false) &&
	    mm(out, c, d, f, n, n, n, false))
		mm(out, e, f, g, n, n, n, false);
}

/* B[i][j] = 3x3 stencil of A around (i, j). */
struct conv2_ctx {
	gva_t a, b;
	unsigned int ni, nj;
};

static bool conv2_addr(const void *p, const struct gpu_thread *t,
		       unsigned int step, gva_t *va)
{
	const struct conv2_ctx *c = p;
	unsigned int i = t->by * 8 + t->ty, j = t->bx * 32 + t->tx;

	if (i < 1 || j < 1 || i >= c->ni - 1 || j >= c->nj - 1 || step > 9)
		return false;
	if (step == 9)
		*va = GPU_ST(c->b + F * ((gva_t)i * c->nj + j));
	else
		*va = c->a + F * ((gva_t)(i + step / 3 - 1) * c->nj + j +
				  step % 3 - 1);
	return true;
}

void wl_2dconv(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out)
{
	unsigned int n = o->small ? 512 : 4096;
	struct conv2_ctx c = { gpu_alloc(h, F * n * n), gpu_alloc(h, F * n * n),
			       n, n };
	struct gpu_launch l = { n / 32, n / 8, 32, 8, 10, conv2_addr, &c, 0, 0 };

	gpu_run(&l, out);
}

/* PolyBench's 15-point 3D stencil, launched once per plane i. */
static const signed char conv3_off[15][3] = {
	{ -1, -1, -1 }, { 1, -1, -1 }, { -1, -1, -1 }, { 1, -1, -1 },
	{ -1, -1, -1 }, { 1, -1, -1 }, { 0, -1, 0 }, { 0, 0, 0 },
	{ 0, 1, 0 }, { -1, -1, 1 }, { 1, -1, 1 }, { -1, 0, 1 },
	{ 1, 0, 1 }, { -1, 1, 1 }, { 1, 1, 1 },
};

struct conv3_ctx {
	gva_t a, b;
	unsigned int n, i;
};

static bool conv3_addr(const void *p, const struct gpu_thread *t,
		       unsigned int step, gva_t *va)
{
	const struct conv3_ctx *c = p;
	unsigned int j = t->by * 8 + t->ty, k = t->bx * 32 + t->tx;
	gva_t n = c->n;

	if (j < 1 || k < 1 || j >= n - 1 || k >= n - 1 || step > 15)
		return false;
	if (step == 15) {
		*va = GPU_ST(c->b + F * ((c->i * n + j) * n + k));
		return true;
	}
	*va = c->a + F * (((c->i + conv3_off[step][0]) * n + j +
			   conv3_off[step][1]) * n + k + conv3_off[step][2]);
	return true;
}

void wl_3dconv(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out)
{
	unsigned int n = o->small ? 64 : 256;
	struct conv3_ctx c = { gpu_alloc(h, F * n * n * n),
			       gpu_alloc(h, F * n * n * n), n, 0 };
	struct gpu_launch l = { n / 32, n / 8, 32, 8, 16, conv3_addr, &c, 0, 0 };

	for (c.i = 1; c.i < n - 1; c.i++)
		if (!gpu_run(&l, out))
			return;
}

/* Gram-Schmidt: three kernels per column k. */
struct gs_ctx {
	gva_t a, r, q;
	unsigned int m, n, k, kernel;
};

/*
 * Kernel 3 as PolyBench/GPU's source has it, r[k][j] and a[i][j] global:
 * r[k][j] = 0; per i: r[k][j] += q[i][k] * a[i][j] (loads q, a, r, store
 * r); per i: a[i][j] -= q[i][k] * r[k][j] (loads a, q, r, store a).
 */
static bool gs_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct gs_ctx *c = p;
	unsigned int tid = t->bx * 256 + t->tx;
	gva_t n = c->n, k = c->k, i, rkj = c->r + F * (k * n + tid);

	switch (c->kernel) {
	case 1:		/* one thread: the norm of column k, into r[k][k] */
		if (tid || step > c->m)
			return false;
		*va = step < c->m ? c->a + F * (step * n + k) :
				    GPU_ST(c->r + F * (k * n + k));
		return true;
	case 2:		/* q[i][k] = a[i][k] / r[k][k] */
		if (tid >= c->m || step > 2)
			return false;
		*va = step == 0 ? c->a + F * (tid * n + k) :
		      step == 1 ? c->r + F * (k * n + k) :
				  GPU_ST(c->q + F * (tid * n + k));
		return true;
	default:	/* columns j > k */
		if (tid <= k || tid >= c->n || step >= 8 * c->m + 1)
			return false;
		if (step == 0) {
			*va = GPU_ST(rkj);
			return true;
		}
		step--;
		i = (step % (4 * c->m)) / 4;
		switch (step % 4 + (step >= 4 * c->m ? 4 : 0)) {
		case 0:
		case 5:
			*va = c->q + F * (i * n + k);
			break;
		case 1:
		case 4:
			*va = c->a + F * (i * n + tid);
			break;
		case 2:
		case 6:
			*va = rkj;
			break;
		case 3:
			*va = GPU_ST(rkj);
			break;
		default:
			*va = GPU_ST(c->a + F * (i * n + tid));
		}
		return true;
	}
}

void wl_gramschmidt(const struct workload_opts *o, struct gpu_heap *h,
		    struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 2048;
	struct gs_ctx c = { gpu_alloc(h, F * n * n), gpu_alloc(h, F * n * n),
			    gpu_alloc(h, F * n * n), n, n, 0, 0 };
	struct gpu_launch k1 = { 1, 1, 256, 1, n + 1, gs_addr, &c, 0, 0 };
	struct gpu_launch k2 = { (n + 255) / 256, 1, 256, 1, 3, gs_addr, &c, 0, 0 };
	struct gpu_launch k3 = { (n + 255) / 256, 1, 256, 1, 8 * n + 1,
				 gs_addr, &c, 0, 0 };

	/* sampled: every 8 x sample-th column (the pattern repeats) */
	for (c.k = 0; c.k < n; c.k += o->sample > 1 ? 8 * o->sample : 1) {
		c.kernel = 1;
		if (!gpu_run(&k1, out))
			return;
		c.kernel = 2;
		if (!gpu_run(&k2, out))
			return;
		c.kernel = 3;
		if (!gpu_run(&k3, out))
			return;
	}
}
