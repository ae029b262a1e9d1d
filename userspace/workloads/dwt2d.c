// SPDX-License-Identifier: GPL-2.0
/*
 * dwt2d.c - Rodinia 3.1's dwt2d as its source runs it (dwt2d/main.cu,
 * components.cu, dwt.cu, dwt_cuda/fdwt53.cu, io.h, common.h): the seven
 * component buffers and d_src, c_CopySrcToComponents, then per component
 * three levels of fdwt53Kernel, each thread sliding its column window down
 * 8 rows a step (mirrored at the edges, three boundary columns in threads
 * 0-2) and writing its output column into the four linearly stored bands
 * (Documentation/workload-sources.rst).  Default `-d 1024x1024 -f -5 -l 3`;
 * small the package's other command line, `-d 192x192 -f -5 -l 3`.
 */
#include "workloads/workloads.h"

#define F 4ULL
#define DWT_THREADS 256		/* THREADS, components.cu */
#define DWT_WIN_Y 8

/* One fdwt53Kernel<WIN, 8> launch (fdwt53.cu:336-358). */
struct dwt_ctx {
	gva_t in, out;
	int sx, sy, win, steps;
};

/* io.h:49-80: an index past either edge reflected back */
static int dwt_mirror(int d, int size)
{
	return d >= size ? 2 * size - 2 - d : d < 0 ? -d : d;
}

/*
 * The @k-th row a column loader of block row @by reads (fdwt53.cu:108-141,
 * io.h:183-213): three rows up to the window's first (rows 0-2 in the top
 * block, which then restarts at row 1: the mirror of rows -2 and -1), then
 * on down, turning back at the image's bottom edge.
 */
static int dwt_row(const struct dwt_ctx *c, unsigned int by, int k)
{
	int first = (int)by * DWT_WIN_Y * c->steps;

	if (k < 3)
		return by ? first - 2 + k : k;
	return dwt_mirror(first + 1 + (k - 3), c->sy);
}

/*
 * Write @m (0..8 steps - 1) of the thread's output column (io.h:245-288,
 * 386-445): even rows into the low band, odd into the high; the band
 * pair by the column's parity, row stride about sx / 2.
 */
static gva_t dwt_out(const struct dwt_ctx *c, int x, int first, int m)
{
	int sx = c->sx, sy = c->sy, vstride, col = x / 2;
	long long lh;

	if (x & 1) {
		vstride = sx / 2;
		col += ((sx + 1) / 2) * ((sy + 1) / 2);
		lh = (long long)sx * sy / 2;
	} else {
		vstride = sx / 2 + (sx & 1);
		lh = (long long)((sy + 1) / 2) * sx;
	}
	return c->out + F * (col + (long long)(first / 2 + m / 2) * vstride +
			     (m & 1) * lh);
}

static bool dwt_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct dwt_ctx *c = p;
	int tx = (int)t->tx, x0 = (int)t->bx * c->win, k, i, x;
	int first = (int)t->by * DWT_WIN_Y * c->steps;
	bool boundary;

	if (step >= 6 + 24 * (unsigned int)c->steps)
		return false;
	if (step < 6) {			/* initColumn, fdwt53.cu:195, :205 */
		boundary = step >= 3;
		k = step % 3;
	} else {
		i = (step - 6) % 24;
		if (i >= 16) {		/* the writer, fdwt53.cu:248-253 */
			k = (int)(step - 6) / 24 * 8 + i - 16;
			x = x0 + 2 * tx - (c->win - 1) * (tx / (c->win / 2));
			if (x >= c->sx || first + k >= c->sy) {
				/* past the columns: io.h:410-417; the end: :389 */
				*va = GPU_SKIP;
				return true;
			}
			*va = GPU_ST(dwt_out(c, x, first, k));
			return true;
		}
		boundary = i >= 8;
		k = 3 + (int)(step - 6) / 24 * 8 + i % 8;
	}
	if (boundary && tx >= 3) {
		*va = GPU_SKIP;
		return true;
	}
	/* fdwt53.cu:200-207: thread 0 the column after the window, 1 and 2
	 * the two before it */
	x = boundary ? x0 + (tx ? tx - 3 : c->win) : x0 + tx;
	x = dwt_mirror(x, c->sx);
	*va = c->in + F * ((gva_t)dwt_row(c, t->by, k) * c->sx + x);
	return true;
}

/*
 * Its registers: initColumn's three loads independent (fdwt53.cu:124-
 * 137); a window step's eight loads of a column (:159-162, a loop of
 * constant count, unrolled) independent of each other but after the
 * column's earlier pixels are in shared memory and transformed (the
 * step's first load waits for all); the writer after the barriers.
 */
static void dwt_deps(const void *p, const struct gpu_thread *t,
		     unsigned int step, struct gpu_dep *d)
{
	unsigned int i = (step - 6) % 24;

	if (step < 6) {
		d->dst = GPU_REG(step);
		return;
	}
	if (i % 8 == 0)
		d->src = GPU_DEP_ALL;
	if (i < 16)
		d->dst = GPU_REG(i);
}

/* components.cu:69-99: 768 bytes of d_src per block, three stores each */
struct dwt_copy_ctx {
	gva_t src, r, g, b;
};

static bool dwt_copy_addr(const void *p, const struct gpu_thread *t,
			  unsigned int step, gva_t *va)
{
	const struct dwt_copy_ctx *c = p;
	gva_t gx = (gva_t)DWT_THREADS * t->bx, pos = gx + t->tx;

	switch (step) {
	case 0:				/* :81-85, threads tx < 192 */
		*va = 4 * t->tx < 3 * DWT_THREADS ?
		      c->src + 3 * gx + F * t->tx : GPU_SKIP;
		return true;
	case 1:				/* :95-97 storeComponents */
		*va = GPU_ST(c->r + F * pos);
		return true;
	case 2:
		*va = GPU_ST(c->g + F * pos);
		return true;
	case 3:
		*va = GPU_ST(c->b + F * pos);
		return true;
	}
	return false;
}

/*
 * fdwt53() (fdwt53.cu:369-391): level by level, the window width by the
 * level's width, the LL band copied back to @in between levels (a device
 * copy: functional in GPGPU-Sim).  Shared memory per window width
 * (TransformBuffer<int, WIN, 11, 2>, transform_buffer.h:57-80).
 */
static bool dwt_fdwt53(gva_t in, gva_t out, int sx, int sy, int levels,
		       struct gpu_sink *sink)
{
	struct dwt_ctx c = { in, out, sx, sy, 0, 0 };
	struct gpu_launch l = { 0, 0, 0, 1, 0, dwt_addr, &c, 0, 0, dwt_deps };
	unsigned int ctas, cap;

	for (; levels > 0; levels--) {
		c.win = sx >= 960 ? 192 : sx >= 480 ? 128 : 64;
		l.smem = c.win == 192 ? 8728 : c.win == 128 ? 5912 : 3096;
		c.sx = sx;
		c.sy = sy;
		c.steps = (sy + 15 * DWT_WIN_Y - 1) / (15 * DWT_WIN_Y);
		l.grid_x = (unsigned int)((sx + c.win - 1) / c.win);
		l.grid_y = (unsigned int)((sy + DWT_WIN_Y * c.steps - 1) /
					  (DWT_WIN_Y * c.steps));
		l.block_x = (unsigned int)c.win;
		l.steps = 6 + 24 * (unsigned int)c.steps;
		/*
		 * fdwt53Kernel<W, 8>: 54 registers (scripts/suite-regs, sm_75),
		 * but its __launch_bounds__(W, min(48 KiB / its shared
		 * memory, 8)) (fdwt53.cu:318-319, common.h:134) makes ptxas
		 * fit that many CTAs in the SM's registers: on the GTX 480
		 * at most 32,768 / (W x CTAs), in whole fours
		 */
		ctas = GPU_SMEM_PER_SM / l.smem;
		ctas = ctas < 8 ? ctas : 8;
		cap = GPU_REGS_PER_SM / (l.block_x * ctas) & ~3U;
		l.regs = cap < 54 ? cap : 54;
		if (!gpu_run(&l, sink))
			return false;
		sx = (sx + 1) / 2;
		sy = (sy + 1) / 2;
	}
	return true;
}

void wl_dwt2d(const struct workload_opts *o, struct gpu_heap *h,
	      struct gpu_sink *out)
{
	static const char *const names[7] = {
		"c_r_out", "backup", "c_g_out", "c_b_out", "c_r", "c_g", "c_b"
	};
	static const char *const src[7] = {
		"dwt2d/main.cu:91", "dwt2d/main.cu:96", "dwt2d/main.cu:104",
		"dwt2d/main.cu:109", "dwt2d/main.cu:116", "dwt2d/main.cu:121",
		"dwt2d/main.cu:126"
	};
	int n = o->small ? 192 : 1024, i;
	unsigned long long size = F * n * n, pixels = (unsigned long long)n * n;
	unsigned long long aligned = (pixels + DWT_THREADS - 1) / DWT_THREADS *
				     DWT_THREADS * 3;
	gva_t buf[7];
	struct dwt_copy_ctx cc;
	/* c_CopySrcToComponents<int>: 16 registers (scripts/suite-regs) */
	struct gpu_launch cl = { (unsigned int)(aligned / (3 * DWT_THREADS)),
				 1, DWT_THREADS, 1, 4, dwt_copy_addr, &cc, 16,
				 3 * DWT_THREADS, NULL };	/* a chain */

	for (i = 0; i < 7; i++)		/* each memset too: no traffic */
		buf[i] = gpu_alloc(h, size, names[i], src[i]);
	cc = (struct dwt_copy_ctx){
		gpu_alloc(h, aligned, "d_src", "dwt2d/components.cu:140"),
		buf[4], buf[5], buf[6] };
	gpu_memcpy(out, cc.src, 3 * pixels);		/* components.cu:145 */
	if (!gpu_run(&cl, out))				/* :150-152 */
		return;
	gpu_free(h, cc.src, "d_src", "dwt2d/components.cu:156");
	/* main.cu:136-138: r, g, b, each into its own output */
	if (!dwt_fdwt53(buf[4], buf[0], n, n, 3, out) ||
	    !dwt_fdwt53(buf[5], buf[2], n, n, 3, out) ||
	    !dwt_fdwt53(buf[6], buf[3], n, n, 3, out))
		return;
	gpu_memcpy(out, buf[0], size);			/* main.cu:158-160 */
	gpu_memcpy(out, buf[2], size);
	gpu_memcpy(out, buf[3], size);
	/* main.cu:165-173 the inputs and two outputs, :202 and :204 the rest */
	gpu_free(h, buf[4], names[4], "dwt2d/main.cu:165");
	gpu_free(h, buf[5], names[5], "dwt2d/main.cu:167");
	gpu_free(h, buf[6], names[6], "dwt2d/main.cu:169");
	gpu_free(h, buf[2], names[2], "dwt2d/main.cu:171");
	gpu_free(h, buf[3], names[3], "dwt2d/main.cu:173");
	gpu_free(h, buf[0], names[0], "dwt2d/main.cu:202");
	gpu_free(h, buf[1], names[1], "dwt2d/main.cu:204");
}
