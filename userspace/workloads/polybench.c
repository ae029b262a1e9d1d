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
 * C[i][j] += A[i][k] * B[k][j] over k: one thread per (i, j), C global
 * memory updated in the loop (gemm.cu:135, 2mm.cu:118 and :134, 3mm.cu:119,
 * :135 and :151), as the PTX runs it (scripts/suite-ptx; the loop unrolled
 * by 8, which keeps the order).  The pointers may alias, so C is stored
 * every iteration, but its reload is forwarded from that store (only
 * loads come between): C is loaded once, before the loop.  gemm (@scale)
 * loads and stores C scaled by beta (gemm.cu:131, ptx:48-50), then per k
 * loads A, then B, and stores C (ptx:61, :64, :66); 2mm and 3mm load C as
 * copied in (unzeroed; 2mm.ptx:48, :137, 3mm.ptx:48, :137, :226), then per
 * k load B, then A (the fma's operands in that order), and store C
 * (2mm.ptx:60, :61, :63; 3mm.ptx:60, :61, :63).
 */
struct mm_ctx {
	gva_t a, b, c;
	unsigned int ni, nj, nk;
	bool scale;
};

enum mm_op { MM_A, MM_B, MM_ST, MM_C, MM_C_ST };

/* Step @step's access, and its k (for A and B). */
static enum mm_op mm_step(const struct mm_ctx *c, unsigned int step,
			  unsigned int *k)
{
	static const enum mm_op gemm[3] = { MM_A, MM_B, MM_ST };
	static const enum mm_op acc[3] = { MM_B, MM_A, MM_ST };
	unsigned int pre = c->scale ? 2 : 1;

	if (step < pre)
		return step ? MM_C_ST : MM_C;
	step -= pre;
	*k = step / 3;
	return (c->scale ? gemm : acc)[step % 3];
}

static bool mm_addr(const void *p, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct mm_ctx *c = p;
	unsigned int i = t->by * 8 + t->ty, j = t->bx * 32 + t->tx, k = 0;
	gva_t cij = c->c + F * ((gva_t)i * c->nj + j);

	if (i >= c->ni || j >= c->nj || step >= 3 * c->nk + 2 - !c->scale)
		return false;
	switch (mm_step(c, step, &k)) {
	case MM_A:
		*va = c->a + F * ((gva_t)i * c->nk + k);
		break;
	case MM_B:
		*va = c->b + F * ((gva_t)k * c->nj + j);
		break;
	case MM_C:
		*va = cij;
		break;
	default:
		*va = GPU_ST(cij);
	}
	return true;
}

/*
 * Its registers, as the PTX orders its arithmetic: the store of C after
 * the multiply-add that reads A, B and C's value (gemm.ptx:65, 2mm.ptx:62);
 * 2mm's and 3mm's A and B loaded back to back, independent (2mm.ptx:60-61);
 * gemm's B after A times alpha (gemm.ptx:62, before B's load at :64).
 */
static void mm_deps(const void *p, const struct gpu_thread *t,
		    unsigned int step, struct gpu_dep *d)
{
	const struct mm_ctx *c = p;
	unsigned int k;

	switch (mm_step(c, step, &k)) {
	case MM_A:
		d->dst = GPU_REG(0);
		break;
	case MM_B:
		d->dst = GPU_REG(1);
		if (c->scale)
			d->src = GPU_REG(0);
		break;
	case MM_C:
		d->dst = GPU_REG(3);
		break;
	case MM_C_ST:
		d->src = GPU_REG(3);
		break;
	default:
		d->src = GPU_REG(0) | GPU_REG(1) | GPU_REG(3);
	}
}

/*
 * One product kernel: grid (NJ / 32, NI / 8) of 32 x 8 threads of @regs
 * registers (scripts/suite-regs: gemm_kernel and mm3_kernel1-3 24,
 * mm2_kernel1-2 28).
 */
static bool mm(struct gpu_sink *out, gva_t a, gva_t b, gva_t c,
	       unsigned int ni, unsigned int nj, unsigned int nk, bool scale,
	       unsigned int regs)
{
	struct mm_ctx ctx = { a, b, c, ni, nj, nk, scale };
	struct gpu_launch l = { (nj + 31) / 32, (ni + 7) / 8, 32, 8,
				3 * nk + 2 - !scale, mm_addr, &ctx, regs, 0,
				mm_deps };

	return gpu_run(&l, out);
}

/*
 * The products' host code: @n square float matrices cudaMalloc'ed in the
 * order @src gives (the source line of each; named A_gpu, B_gpu, ... in
 * turn), then every one copied in, in the same order; @va gets them.
 */
static void mm_buffers(struct gpu_heap *h, struct gpu_sink *out,
		       unsigned int n, const char *const *src,
		       unsigned int nbuf, gva_t *va)
{
	static const char *const names[] = {
		"A_gpu", "B_gpu", "C_gpu", "D_gpu", "E_gpu", "F_gpu", "G_gpu"
	};
	unsigned int i;

	for (i = 0; i < nbuf; i++)
		va[i] = gpu_alloc(h, F * n * n, names[i], src[i]);
	for (i = 0; i < nbuf; i++)
		gpu_memcpy(out, va[i], F * n * n);
}

/* The products' cudaFree calls at the end, buffer by buffer (@src). */
static void mm_free(struct gpu_heap *h, const gva_t *va,
		    const char *const *src, unsigned int nbuf)
{
	static const char *const names[] = {
		"A_gpu", "B_gpu", "C_gpu", "D_gpu", "E_gpu", "F_gpu", "G_gpu"
	};
	unsigned int i;

	for (i = 0; i < nbuf; i++)
		gpu_free(h, va[i], names[i], src[i]);
}

/*
 * gemm.cu:149-151 (A, B, C), copied in (:153-155), :162, C copied out
 * (:168); 512 (small 128); freed at :170-172
 */
void wl_gemm(const struct workload_opts *o, struct gpu_heap *h,
	     struct gpu_sink *out)
{
	static const char *const src[] = {
		"GEMM/gemm.cu:149", "GEMM/gemm.cu:150", "GEMM/gemm.cu:151"
	};
	static const char *const fsrc[] = {
		"GEMM/gemm.cu:170", "GEMM/gemm.cu:171", "GEMM/gemm.cu:172"
	};
	unsigned int n = o->small ? 128 : 512;
	gva_t v[3];

	mm_buffers(h, out, n, src, 3, v);
	if (!mm(out, v[0], v[1], v[2], n, n, n, true, 24))
		return;
	gpu_memcpy(out, v[2], F * n * n);
	mm_free(h, v, fsrc, 3);
}

/*
 * 2mm.cu:180-184 (A..E), copied in (:186-190), :196 and :198: C += A B
 * (C the intermediate), then E += C D; 2048 (small 128).  Each kernel
 * accumulates onto its output as copied in: no zeroing, no beta.  E
 * copied out (:203); freed at :205-209.
 */
void wl_2mm(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	static const char *const src[] = {
		"2MM/2mm.cu:180", "2MM/2mm.cu:181", "2MM/2mm.cu:182",
		"2MM/2mm.cu:183", "2MM/2mm.cu:184"
	};
	static const char *const fsrc[] = {
		"2MM/2mm.cu:205", "2MM/2mm.cu:206", "2MM/2mm.cu:207",
		"2MM/2mm.cu:208", "2MM/2mm.cu:209"
	};
	unsigned int n = o->small ? 128 : 2048;
	gva_t v[5];

	mm_buffers(h, out, n, src, 5, v);
	if (!mm(out, v[0], v[1], v[2], n, n, n, false, 28) ||
	    !mm(out, v[2], v[3], v[4], n, n, n, false, 28))
		return;
	gpu_memcpy(out, v[4], F * n * n);
	mm_free(h, v, fsrc, 5);
}

/*
 * 3mm.cu:215-221 (A..G), copied in (:223-229), :237, :239, :241:
 * E += A B; F += C D; G += E F; G copied out (:244); 512 (small 128);
 * freed at :248-254
 */
void wl_3mm(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	static const char *const src[] = {
		"3MM/3mm.cu:215", "3MM/3mm.cu:216", "3MM/3mm.cu:217",
		"3MM/3mm.cu:218", "3MM/3mm.cu:219", "3MM/3mm.cu:220",
		"3MM/3mm.cu:221"
	};
	static const char *const fsrc[] = {
		"3MM/3mm.cu:248", "3MM/3mm.cu:249", "3MM/3mm.cu:250",
		"3MM/3mm.cu:251", "3MM/3mm.cu:252", "3MM/3mm.cu:253",
		"3MM/3mm.cu:254"
	};
	unsigned int n = o->small ? 128 : 512;
	gva_t v[7];

	mm_buffers(h, out, n, src, 7, v);
	if (!mm(out, v[0], v[1], v[4], n, n, n, false, 24) ||
	    !mm(out, v[2], v[3], v[5], n, n, n, false, 24) ||
	    !mm(out, v[4], v[5], v[6], n, n, n, false, 24))
		return;
	gpu_memcpy(out, v[6], F * n * n);
	mm_free(h, v, fsrc, 7);
}

/*
 * 2DConvolution.cu:108-125: thread (i = y, j = x), 1 <= i, j < N - 1:
 * B[i][j] from A's 3x3 neighbourhood, loaded in the order of :121-123
 * (row i - 1, then i, then i + 1; columns j - 1, j, j + 1 in each), as
 * the PTX loads them (scripts/suite-ptx's 2DCONV.ptx:50-68), then B
 * stored (ptx:71).
 */
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

/*
 * The convolutions' registers, as their PTX orders the sum: the first two
 * loads back to back, then each next load after the multiply-add that
 * reads the one before (the first two: 2DCONV.ptx:50-54, 3DCONV.ptx:60-69;
 * then one fma between loads), the store after the sum (step @last).
 */
static void conv_deps(unsigned int step, unsigned int last,
		      struct gpu_dep *d)
{
	if (step == last) {
		d->src = GPU_DEP_ALL;
		return;
	}
	d->dst = GPU_REG(step);
	if (step == 2)
		d->src = GPU_REG(0) | GPU_REG(1);
	else if (step > 2)
		d->src = GPU_REG(step - 1);
}

static void conv2_deps(const void *p, const struct gpu_thread *t,
		       unsigned int step, struct gpu_dep *d)
{
	conv_deps(step, 9, d);
}

/*
 * 2DConvolution.cu:135-137 (A, B; A copied in), :140-142 one launch of
 * (N / 32, N / 8) blocks of 32 x 8, :147 B copied out, :149-150 both
 * freed; 4096 (small 512)
 */
void wl_2dconv(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out)
{
	unsigned int n = o->small ? 512 : 4096;
	struct conv2_ctx c = { 0, 0, n, n };
	/* Convolution2D_kernel: 24 registers (scripts/suite-regs) */
	struct gpu_launch l = { n / 32, n / 8, 32, 8, 10, conv2_addr, &c, 24,
				0, conv2_deps };

	c.a = gpu_alloc(h, F * n * n, "A_gpu", "2DCONV/2DConvolution.cu:135");
	c.b = gpu_alloc(h, F * n * n, "B_gpu", "2DCONV/2DConvolution.cu:136");
	gpu_memcpy(out, c.a, F * n * n);
	if (!gpu_run(&l, out))
		return;
	gpu_memcpy(out, c.b, F * n * n);
	gpu_free(h, c.a, "A_gpu", "2DCONV/2DConvolution.cu:149");
	gpu_free(h, c.b, "B_gpu", "2DCONV/2DConvolution.cu:150");
}

/*
 * 3DConvolution.cu:121-144, thread (j = y, k = x) of the launch for plane
 * i: B[i][j][k] from 15 terms of A (:135-142), of which the first six
 * name only two addresses, three times each; nvcc loads each once (no
 * store between them), so 11 loads in the order of their first
 * appearance, as {di, dj, dk}: scripts/suite-ptx's 3DCONV.ptx:60-88, B
 * stored at ptx:91.
 */
static const signed char conv3_off[11][3] = {
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

	if (j < 1 || k < 1 || j >= n - 1 || k >= n - 1 || step > 11)
		return false;
	if (step == 11) {
		*va = GPU_ST(c->b + F * ((c->i * n + j) * n + k));
		return true;
	}
	*va = c->a + F * (((c->i + conv3_off[step][0]) * n + j +
			   conv3_off[step][1]) * n + k + conv3_off[step][2]);
	return true;
}

static void conv3_deps(const void *p, const struct gpu_thread *t,
		       unsigned int step, struct gpu_dep *d)
{
	conv_deps(step, 11, d);
}

/*
 * 3DConvolution.cu:154-157 (A, B, both copied in), :165-168 one launch per
 * plane 1 <= i < N - 1 of (N / 32, N / 8) blocks of 32 x 8, :174 B copied
 * out, :176-177 both freed; 256 (small 64)
 */
void wl_3dconv(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out)
{
	unsigned int n = o->small ? 64 : 256;
	struct conv3_ctx c = { 0, 0, n, 0 };
	/* convolution3D_kernel: 32 registers (scripts/suite-regs) */
	struct gpu_launch l = { n / 32, n / 8, 32, 8, 12, conv3_addr, &c, 32,
				0, conv3_deps };

	c.a = gpu_alloc(h, F * n * n * n, "A_gpu", "3DCONV/3DConvolution.cu:154");
	c.b = gpu_alloc(h, F * n * n * n, "B_gpu", "3DCONV/3DConvolution.cu:155");
	gpu_memcpy(out, c.a, F * n * n * n);
	gpu_memcpy(out, c.b, F * n * n * n);
	for (c.i = 1; c.i < n - 1; c.i++)
		if (!gpu_run(&l, out))
			return;
	gpu_memcpy(out, c.b, F * n * n * n);
	gpu_free(h, c.a, "A_gpu", "3DCONV/3DConvolution.cu:176");
	gpu_free(h, c.b, "B_gpu", "3DCONV/3DConvolution.cu:177");
}

/* Gram-Schmidt: three kernels per column k. */
struct gs_ctx {
	gva_t a, r, q;
	unsigned int m, n, k, kernel;
};

/*
 * gramschmidt.cu:119-166, as the PTX runs it (scripts/suite-ptx's
 * gramschmidt.ptx; the loops unrolled, the order kept).  Kernel 1
 * (:119-133), thread 0 only: a[i][k] per i (the product's two identical
 * loads are one, ptx:47), then r[k][k] stored (ptx:88).  Kernel 2
 * (:136-144): q[i][k] = a[i][k] / r[k][k], r loaded before a (ptx:128,
 * :129, :133).  Kernel 3 (:147-166), columns k < j < N: r[k][j] = 0
 * stored (ptx:175); per i (:158) a[i][j], then q[i][k] loaded and r[k][j]
 * stored, its reload forwarded from that store (ptx:184, :185, :187); per
 * i (:163) r[k][j] and q[i][k] loaded (reloaded: the store to a may alias
 * them), then a[i][j] loaded and stored (ptx:226, :227, :230, :232).
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
		*va = step == 0 ? c->r + F * (k * n + k) :
		      step == 1 ? c->a + F * (tid * n + k) :
				  GPU_ST(c->q + F * (tid * n + k));
		return true;
	default:	/* columns j > k */
		if (tid <= k || tid >= c->n || step >= 7 * c->m + 1)
			return false;
		if (step == 0) {
			*va = GPU_ST(rkj);
			return true;
		}
		step--;
		if (step < 3 * c->m) {		/* :158 */
			i = step / 3;
			*va = step % 3 == 0 ? c->a + F * (i * n + tid) :
			      step % 3 == 1 ? c->q + F * (i * n + k) :
					      GPU_ST(rkj);
			return true;
		}
		step -= 3 * c->m;		/* :163 */
		i = step / 4;
		switch (step % 4) {
		case 0:
			*va = rkj;
			break;
		case 1:
			*va = c->q + F * (i * n + k);
			break;
		case 2:
			*va = c->a + F * (i * n + tid);
			break;
		default:
			*va = GPU_ST(c->a + F * (i * n + tid));
		}
		return true;
	}
}

/*
 * Its registers, as the PTX orders its arithmetic.  Kernel 1: each load
 * used by the sum's fma before the next load (ptx:47-50); kernel 2: r and
 * a independent, the store after the division (ptx:128-133); kernel 3: at
 * :158 a and q independent, the store of r after their multiply-add
 * (ptx:184-187); at :163 r and q independent, their product (ptx:228)
 * before a's load, the store of a after the subtraction (ptx:226-232).
 */
static void gs_deps(const void *p, const struct gpu_thread *t,
		    unsigned int step, struct gpu_dep *d)
{
	const struct gs_ctx *c = p;

	switch (c->kernel) {
	case 1:
		d->dst = GPU_REG(0);
		d->src = GPU_REG(0);
		break;
	case 2:
		gpu_dep_group(step, 2, d);
		break;
	default:
		if (!step--)
			break;
		if (step < 3 * c->m) {
			gpu_dep_group(step % 3, 2, d);
			break;
		}
		step = (step - 3 * c->m) % 4;
		gpu_dep_group(step, 3, d);
		if (step == 2)
			d->src = GPU_REG(0) | GPU_REG(1);
	}
}

/*
 * gramschmidt.cu:182-185 (A, R, Q; A copied in), :189-197 per column k
 * the three kernels (256-thread blocks; kernel 1 one block), :201 A copied
 * out, :203-205 the three freed; 2048 (small 128)
 */
void wl_gramschmidt(const struct workload_opts *o, struct gpu_heap *h,
		    struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : 2048;
	struct gs_ctx c = { 0, 0, 0, n, n, 0, 0 };
	/* gramschmidt_kernel1-3: 62, 14, 24 registers (scripts/suite-regs) */
	struct gpu_launch k1 = { 1, 1, 256, 1, n + 1, gs_addr, &c, 62, 0,
				 gs_deps };
	struct gpu_launch k2 = { (n + 255) / 256, 1, 256, 1, 3, gs_addr, &c,
				 14, 0, gs_deps };
	struct gpu_launch k3 = { (n + 255) / 256, 1, 256, 1, 7 * n + 1,
				 gs_addr, &c, 24, 0, gs_deps };

	c.a = gpu_alloc(h, F * n * n, "A_gpu", "GRAMSCHM/gramschmidt.cu:182");
	c.r = gpu_alloc(h, F * n * n, "R_gpu", "GRAMSCHM/gramschmidt.cu:183");
	c.q = gpu_alloc(h, F * n * n, "Q_gpu", "GRAMSCHM/gramschmidt.cu:184");
	gpu_memcpy(out, c.a, F * n * n);

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
	gpu_memcpy(out, c.a, F * n * n);
	gpu_free(h, c.a, "A_gpu", "GRAMSCHM/gramschmidt.cu:203");
	gpu_free(h, c.r, "R_gpu", "GRAMSCHM/gramschmidt.cu:204");
	gpu_free(h, c.q, "Q_gpu", "GRAMSCHM/gramschmidt.cu:205");
}
