// SPDX-License-Identifier: GPL-2.0
/*
 * streamcluster.c - Rodinia 3.1's streamcluster as its source runs it
 * (streamcluster/streamcluster_cuda_cpu.cpp, ``cpp`` below, the host's
 * local search; streamcluster_cuda.cu, ``cu``, pgain and its kernel): the
 * synthetic points of lrand48() after srand48(1), speedy, the bisection
 * over the facility cost, pFL's passes, and in every pgain a new work_mem
 * cudaMalloc (never reused: GPGPU-Sim's cudaFree does nothing), the copies
 * in and out, and one kernel_compute_cost launch whose branch per point is
 * the kernel's own arithmetic on the data.  The host decides from those
 * results as its code does, so the number of launches and each work_mem
 * size are the algorithm's (Documentation/workload-sources.rst).
 *
 * Arithmetic: the host's in float as g++ -O2 compiles it on x86-64 (SSE,
 * no contraction; dist() without waste(): cpp:27 leaves INSERT_WASTE
 * commented out and no Makefile defines it, so cpp:151-155 are not
 * compiled); the kernel's distance with nvcc's fused multiply-add,
 * emulated by one rounding of the exact double sum (an approximation: a
 * double rounding can differ from the fused one in the last bit, rarely).
 * The kernel's accesses in the order of its PTX (nvcc -ptx -arch=sm_75,
 * CUDA 13.0; Documentation/workload-sources.rst).
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/streamcluster.h"
#include "workloads/workloads.h"

#define F 4ULL
#define SC_POINT 32ULL		/* sizeof(Point) on x86-64, hdr:39-44 */
#define SC_BLOCK 512		/* THREADS_PER_BLOCK, cu:27 */
#define SC_SP 1			/* cpp:22 */
#define SC_ITER 3		/* cpp:23 */

/* A host Point (cpp header): its coordinates, weight, assignment, cost. */
struct sc_point {
	const float *coord;
	float weight, cost;
	long assign;
};

/* The program's state: the host's arrays and the device buffers. */
struct sc_run {
	long n, kmin, kmax;
	int dim;
	unsigned long long rand;	/* lrand48()'s 48-bit state */
	struct sc_point *p;
	float *coord_h;
	float *dcache;			/* the kernel's distances to ... */
	int *dslot;			/* ... candidate x: slot, or -1 */
	int ndist, dcap;
	float *work;			/* work_mem as copied back */
	size_t work_cap;		/* its floats */
	bool *is_center, *sw;
	int *center_table;
	long iter;			/* pgain calls so far (cu:42) */
	struct sc_stats *stats;
	/* the device */
	struct gpu_heap *h;
	struct gpu_sink *out;
	gva_t center_table_d, sw_d, p_d, coord_d;
	bool stopped;
};

void sc_srand48(unsigned long long *x, long seed)
{
	*x = ((unsigned long long)seed << 16 | 0x330e) & ((1ULL << 48) - 1);
}

long sc_lrand48(unsigned long long *x)
{
	*x = (0x5deece66dULL * *x + 0xb) & ((1ULL << 48) - 1);
	return (long)(*x >> 17);
}

/* lrand48()/(float)INT_MAX, as cpp writes it (hdr:82, cpp:229, :410) */
static float sc_unit(struct sc_run *r)
{
	return (float)sc_lrand48(&r->rand) / (float)INT_MAX;
}

/*
 * cpp:145-157: the squared distance.  cpp:151-155 (waste() added and taken
 * off) are under #ifdef INSERT_WASTE, which cpp:27 leaves commented out and
 * no Makefile passes as -D, so the program builds without them.
 */
float sc_dist_coords(const float *a, const float *b, int dim)
{
	float result = 0;
	int i;

	for (i = 0; i < dim; i++)
		result += (a[i] - b[i]) * (a[i] - b[i]);
	return result;
}

static float sc_dist(const struct sc_point *a, const struct sc_point *b,
		     int dim)
{
	return sc_dist_coords(a->coord, b->coord, dim);
}

/* cpp:95-112 */
static void sc_shuffle(struct sc_run *r)
{
	struct sc_point t;
	long i, j;

	for (i = 0; i < r->n - 1; i++) {
		j = sc_lrand48(&r->rand) % (r->n - i) + i;
		t = r->p[i];
		r->p[i] = r->p[j];
		r->p[j] = t;
	}
}

/* cpp:115-132 */
static void sc_intshuffle(struct sc_run *r, int *a, int len)
{
	long i, j;
	int t;

	for (i = 0; i < len; i++) {
		j = sc_lrand48(&r->rand) % (len - i) + i;
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* Point @i's cost and assignment to @c when @c is nearer (cpp:240-246) */
static void sc_reassign(struct sc_run *r, long c)
{
	float d;
	long k;

	for (k = 0; k < r->n; k++) {
		d = sc_dist(&r->p[c], &r->p[k], r->dim);
		if (d * r->p[k].weight < r->p[k].cost) {
			r->p[k].cost = d * r->p[k].weight;
			r->p[k].assign = c;
		}
	}
}

/* cpp:160-307 with one thread: the total cost of a speedy solution */
static float sc_speedy(struct sc_run *r, float z, long *k)
{
	float total, mytotal = 0;
	long i;

	for (i = 0; i < r->n; i++) {
		r->p[i].cost = sc_dist(&r->p[i], &r->p[0], r->dim) *
			       r->p[i].weight;
		r->p[i].assign = 0;
	}
	*k = 1;
	for (i = 1; i < r->n; i++) {
		if (sc_unit(r) < r->p[i].cost / z) {
			++*k;
			sc_reassign(r, i);
		}
	}
	for (i = 0; i < r->n; i++)
		mytotal += r->p[i].cost;
	total = z * *k;
	total += mytotal;
	return total;
}

/*
 * The kernel's d_dist (cu:49-57) from every point to candidate @x: coord_d
 * is copied once (cu:217-220, isCoordChanged stays false in this local
 * search), so each of the few feasible candidates' vectors is computed
 * once and kept.
 */
static const float *sc_kernel_dist(struct sc_run *r, long x)
{
	long n = r->n, t, i;
	const float *row;
	float xv, d, *acc;

	if (r->dslot[x] >= 0)
		return r->dcache + (size_t)r->dslot[x] * n;
	if (r->ndist == r->dcap) {
		r->dcap = r->dcap ? 2 * r->dcap : 16;
		r->dcache = realloc(r->dcache,
				    sizeof(*r->dcache) * r->dcap * n);
		if (!r->dcache)
			abort();
	}
	r->dslot[x] = r->ndist;
	acc = r->dcache + (size_t)r->ndist++ * n;
	memset(acc, 0, sizeof(*acc) * n);
	for (i = 0; i < r->dim; i++) {
		row = r->coord_h + i * n;
		xv = row[x];
		for (t = 0; t < n; t++) {
			d = row[t] - xv;
			acc[t] = (float)((double)d * d + acc[t]);
		}
	}
	return acc;
}

/*
 * The kernel's results (cu:62-89) for candidate @x with @K centres, into
 * the host's copy of work_mem and switch_membership as the copies back
 * (cu:279-280) deliver them.
 */
static void sc_kernel_results(struct sc_run *r, long x, int K)
{
	const float *dist = sc_kernel_dist(r, x);
	long n = r->n, t;
	int stride = K + 1;
	float xc;

	if ((size_t)stride * (n + 1) > r->work_cap) {
		r->work_cap = (size_t)stride * (n + 1);
		free(r->work);
		r->work = malloc(sizeof(*r->work) * r->work_cap);
		if (!r->work)
			abort();
	}
	memset(r->work, 0, sizeof(*r->work) * stride * (n + 1));
	memset(r->sw, 0, n);
	for (t = 0; t < n; t++) {
		xc = dist[t] * r->p[t].weight;
		if (xc < r->p[t].cost) {
			r->sw[t] = true;
			r->work[t * stride + K] += xc - r->p[t].cost;
		} else {
			r->work[t * stride +
				r->center_table[r->p[t].assign]] +=
				r->p[t].cost - xc;
		}
	}
}

/* The launch's per-thread memory instructions (cu:62-89). */
struct sc_kctx {
	const struct sc_run *r;
	gva_t work_d;
	long x;
	int K;
};

static bool sc_addr(const void *ctx, const struct gpu_thread *t,
		    unsigned int step, gva_t *va)
{
	const struct sc_kctx *c = ctx;
	const struct sc_run *r = c->r;
	long tid = SC_BLOCK * (long)t->bx + t->tx;
	unsigned int d2 = 2 * r->dim;
	gva_t pt = r->p_d + SC_POINT * tid;
	gva_t lower = c->work_d + F * tid * (c->K + 1);
	bool moves;

	if (tid >= r->n)	/* cu:70 */
		return false;
	/*
	 * cu:52-55, the PTX's order (ld.global.f32 [%rd53] then [%rd52],
	 * %rd53 from x, %rd52 from tid): coord_d[i num + x], then
	 * coord_d[i num + tid].
	 */
	if (step < d2) {
		*va = r->coord_d + F * ((step / 2) * r->n +
					(step & 1 ? tid : c->x));
		return true;
	}
	moves = r->sw[tid];
	switch (step - d2) {
	case 0:			/* cu:75 p[tid].weight */
		*va = pt;
		return true;
	case 1:			/* cu:78 p[tid].cost (kept for :86) */
		*va = pt + 24;
		return true;
	case 2:			/* cu:80 switch_membership_d[tid] = 1 */
		*va = moves ? GPU_ST(r->sw_d + tid) : GPU_SKIP;
		return true;
	case 3:			/* cu:81 p[tid].cost again: the PTX reloads
				 * [+24] after the st.global.u8 of :80 */
		*va = moves ? pt + 24 : GPU_SKIP;
		return true;
	case 4:			/* cu:81 lower[K] += ... */
	case 5:
		*va = !moves ? GPU_SKIP : step - d2 == 4 ?
		      lower + F * c->K : GPU_ST(lower + F * c->K);
		return true;
	case 6:			/* cu:86 p[tid].assign */
		*va = moves ? GPU_SKIP : pt + 16;
		return true;
	case 7:			/* cu:86 center_table_d[p[tid].assign] */
		*va = moves ? GPU_SKIP :
		      r->center_table_d + F * r->p[tid].assign;
		return true;
	case 8:			/* cu:86 lower[center_table_d[...]] += ... */
	case 9:
		if (moves) {
			*va = GPU_SKIP;
			return true;
		}
		*va = lower + F * r->center_table[r->p[tid].assign];
		if (step - d2 == 9)
			*va = GPU_ST(*va);
		return true;
	}
	return false;
}

/*
 * Its registers: per dimension the two coordinates independent, the next
 * dimension's after their multiply-add (d_dist's loop as written); the
 * weight after the last one, the cost independent of it; the branch
 * (cu:78) after both; the reloaded cost and lower[K] both feeding
 * lower[K]'s store; assign, then the centre's index, then lower[that],
 * each the next one's address.
 */
static void sc_deps(const void *ctx, const struct gpu_thread *t,
		    unsigned int step, struct gpu_dep *d)
{
	static const struct gpu_dep tail[10] = {
		{ GPU_REG(0) | GPU_REG(1), GPU_REG(2) },
		{ 0, GPU_REG(3) },
		{ GPU_REG(2) | GPU_REG(3), 0 },
		{ 0, GPU_REG(8) },
		{ 0, GPU_REG(4) },
		{ GPU_REG(4) | GPU_REG(8), 0 },
		{ 0, GPU_REG(5) },
		{ GPU_REG(5), GPU_REG(6) },
		{ GPU_REG(6), GPU_REG(7) },
		{ GPU_REG(7), 0 },
	};
	const struct sc_kctx *c = ctx;
	unsigned int d2 = 2 * c->r->dim;

	if (step < d2) {
		d->dst = GPU_REG(step & 1);
		d->src = step && !(step & 1) ? GPU_REG(0) | GPU_REG(1) : 0;
	} else if (step - d2 < 10) {
		*d = tail[step - d2];
	}
}

/*
 * cu:294-349, the host's part of pgain once the results are back: the
 * centres opening @x would close, and whether opening it saves cost; if
 * so the points move and the centres change (@numcenters).
 */
static float sc_decide(struct sc_run *r, long x, float z, int K,
		       long *numcenters)
{
	long n = r->n, i, j, close = 0;
	int stride = K + 1;
	float cost_x = z, low, *gl_lower = r->work + stride * n;

	for (i = 0; i < n; i++) {
		if (r->is_center[i]) {
			low = z;
			for (j = 0; j < n; j++)
				low += r->work[j * stride + r->center_table[i]];
			gl_lower[r->center_table[i]] = low;
			if (low > 0) {
				++close;
				r->work[i * stride + K] -= low;
			}
		}
		cost_x += r->work[i * stride + K];
	}
	if (!(cost_x < 0))
		return 0;				/* :346 */
	for (i = 0; i < n; i++) {
		if (r->sw[i] ||
		    gl_lower[r->center_table[r->p[i].assign]] > 0) {
			r->p[i].cost = sc_dist(&r->p[i], &r->p[x], r->dim) *
				       r->p[i].weight;
			r->p[i].assign = x;
		}
	}
	for (i = 0; i < n; i++)
		if (r->is_center[i] && gl_lower[r->center_table[i]] > 0)
			r->is_center[i] = false;
	r->is_center[x] = true;
	*numcenters = *numcenters + 1 - close;
	return -cost_x;
}

/* cu:132-380: the gain of opening a centre at @x; the host keeps it. */
static float sc_pgain(struct sc_run *r, long x, float z, long *numcenters)
{
	long n = r->n, i, j;
	int K = (int)*numcenters, stride = K + 1, count = 0;
	unsigned long long wbytes = F * stride * (n + 1);
	struct sc_kctx kc = { r, 0, x, K };
	/* kernel_compute_cost: 56 registers (scripts/suite-regs) */
	struct gpu_launch l = { (unsigned int)((n + SC_BLOCK - 1) / SC_BLOCK),
				1, SC_BLOCK, 1, 2 * r->dim + 10, sc_addr, &kc,
				56, 0, sc_deps };

	if (r->stopped)
		return 0;
	for (i = 0; i < n; i++)			/* cu:163-170 */
		if (r->is_center[i])
			r->center_table[i] = count++;
	if (r->iter == 0)			/* cu:174-182 */
		for (i = 0; i < r->dim; i++)
			for (j = 0; j < n; j++)
				r->coord_h[n * i + j] = r->p[j].coord[i];
	kc.work_d = gpu_alloc(r->h, wbytes, "work_mem_d",
			      "streamcluster/streamcluster_cuda.cu:197");
	if (r->iter == 0) {			/* cu:201 -> :96-99 */
		r->center_table_d = gpu_alloc(r->h, F * n, "center_table_d",
				"streamcluster/streamcluster_cuda.cu:96");
		r->sw_d = gpu_alloc(r->h, n, "switch_membership_d",
				    "streamcluster/streamcluster_cuda.cu:97");
		r->p_d = gpu_alloc(r->h, SC_POINT * n, "p",
				   "streamcluster/streamcluster_cuda.cu:98");
		r->coord_d = gpu_alloc(r->h, F * n * r->dim, "coord_d",
				"streamcluster/streamcluster_cuda.cu:99");
		gpu_memcpy(r->out, r->coord_d, F * n * r->dim);	/* :219 */
	}
	gpu_memcpy(r->out, r->center_table_d, F * n);		/* :221 */
	gpu_memcpy(r->out, r->p_d, SC_POINT * n);		/* :222 */
	/* :224-225 cudaMemset: functional in GPGPU-Sim, no cache traffic */
	sc_kernel_results(r, x, K);
	if (!gpu_run(&l, r->out)) {				/* :245 */
		r->stopped = true;
		return 0;
	}
	gpu_memcpy(r->out, kc.work_d, wbytes);			/* :279 */
	gpu_memcpy(r->out, r->sw_d, n);				/* :280 */
	gpu_free(r->h, kc.work_d, "work_mem_d",
		 "streamcluster/streamcluster_cuda.cu:369");
	if (r->stats) {
		r->stats->calls++;
		r->stats->work_bytes += wbytes;
		if (K < SC_STATS_K)
			r->stats->by_k[K]++;
	}
	r->iter++;
	return sc_decide(r, x, z, K, numcenters);
}

/* cpp:317-362: passes of pgain while a pass gains more than @e of cost */
static float sc_pfl(struct sc_run *r, int *feasible, int numfeasible,
		    float z, long *k, float cost, long iter, float e)
{
	float change = cost;
	long i;

	while (change / cost > 1.0 * e && !r->stopped) {
		change = 0;
		sc_intshuffle(r, feasible, numfeasible);
		for (i = 0; i < iter; i++)
			change += sc_pgain(r, feasible[i % numfeasible], z, k);
		cost -= change;
	}
	return cost;
}

/* cpp:364-437: @kmin-dependent count of candidates, weighted sample */
static int sc_select_feasible(struct sc_run *r, int **feasible)
{
	long numfeasible = r->n, l, rr, m, i;
	float *accum, w;

	if (numfeasible > SC_ITER * r->kmin * logf((float)r->kmin))
		numfeasible = (long)(SC_ITER * r->kmin *
				     logf((float)r->kmin));
	*feasible = malloc(sizeof(**feasible) * numfeasible);
	if (!*feasible)
		abort();
	if (numfeasible == r->n) {
		for (i = 0; i < numfeasible; i++)
			(*feasible)[i] = (int)i;
		return (int)numfeasible;
	}
	accum = malloc(sizeof(*accum) * r->n);
	if (!accum)
		abort();
	accum[0] = r->p[0].weight;
	for (i = 1; i < r->n; i++)
		accum[i] = accum[i - 1] + r->p[i].weight;
	for (i = 0; i < numfeasible; i++) {
		w = sc_unit(r) * accum[r->n - 1];
		l = 0;
		rr = r->n - 1;
		if (accum[0] > w) {
			(*feasible)[i] = 0;
			continue;
		}
		while (l + 1 < rr) {
			m = (l + rr) / 2;
			if (accum[m] > w)
				rr = m;
			else
				l = m;
		}
		(*feasible)[i] = (int)rr;
	}
	free(accum);
	return (int)numfeasible;
}

/* cpp:440-620: speedy until kmin centres, then the bisection over z */
static void sc_pkmedian(struct sc_run *r)
{
	long iter = (long)(SC_ITER * r->kmax * logf((float)r->kmax)), k, i;
	float hiz = 0, loz = 0, z, cost;
	int *feasible, numfeasible;

	for (i = 0; i < r->n; i++)
		hiz += sc_dist(&r->p[i], &r->p[0], r->dim) * r->p[i].weight;
	z = (hiz + loz) / 2.0;
	if (r->n <= r->kmax)
		return;
	sc_shuffle(r);
	cost = sc_speedy(r, z, &k);
	for (i = 0; k < r->kmin && i < SC_SP; i++)
		cost = sc_speedy(r, z, &k);
	while (k < r->kmin) {
		if (i >= SC_SP) {
			hiz = z;
			z = (hiz + loz) / 2.0;
			i = 0;
		}
		sc_shuffle(r);
		cost = sc_speedy(r, z, &k);
		i++;
	}
	numfeasible = sc_select_feasible(r, &feasible);
	for (i = 0; i < r->n; i++)
		r->is_center[r->p[i].assign] = true;
	while (!r->stopped) {
		cost = sc_pfl(r, feasible, numfeasible, z, &k, cost, iter, 0.1);
		if ((k <= 1.1 * r->kmax && k >= 0.9 * r->kmin) ||
		    (k <= r->kmax + 2 && k >= r->kmin - 2))
			cost = sc_pfl(r, feasible, numfeasible, z, &k, cost,
				      iter, 0.001);
		if (k > r->kmax) {
			loz = z;
			z = (hiz + loz) / 2.0;
			cost += (z - loz) * k;
		}
		if (k < r->kmin) {
			hiz = z;
			z = (hiz + loz) / 2.0;
			cost += (z - hiz) * k;
		}
		if ((k <= r->kmax && k >= r->kmin) || loz >= 0.999 * hiz)
			break;
	}
	free(feasible);
	if (r->stats)
		r->stats->centers = k;
}

void sc_run_input(long kmin, long kmax, int dim, long n, struct gpu_heap *h,
		  struct gpu_sink *out, struct sc_stats *stats)
{
	struct sc_run r = { .n = n, .kmin = kmin, .kmax = kmax, .dim = dim,
			    .h = h, .out = out, .stats = stats };
	float *block = malloc(sizeof(*block) * n * dim);
	long i;

	r.p = malloc(sizeof(*r.p) * n);
	r.coord_h = malloc(sizeof(*r.coord_h) * n * dim);
	r.dslot = malloc(sizeof(*r.dslot) * n);
	r.is_center = calloc(n, sizeof(*r.is_center));
	r.sw = calloc(n, sizeof(*r.sw));
	r.center_table = calloc(n, sizeof(*r.center_table));
	if (!block || !r.p || !r.coord_h || !r.dslot ||
	    !r.is_center || !r.sw || !r.center_table)
		abort();
	if (stats)
		memset(stats, 0, sizeof(*stats));
	sc_srand48(&r.rand, 1);				/* cpp:897 */
	for (i = 0; i < n * dim; i++)			/* hdr:78-88 */
		block[i] = sc_unit(&r);
	memset(r.dslot, -1, sizeof(*r.dslot) * n);
	for (i = 0; i < n; i++)				/* cpp:773-775, :800-803 */
		r.p[i] = (struct sc_point){ block + i * dim, 1.0f, 0, 0 };
	sc_pkmedian(&r);
	if (r.iter && !r.stopped) {	/* cpp:923, freeDevMem (cu:115-118) */
		gpu_free(h, r.center_table_d, "center_table_d",
			 "streamcluster/streamcluster_cuda.cu:115");
		gpu_free(h, r.sw_d, "switch_membership_d",
			 "streamcluster/streamcluster_cuda.cu:116");
		gpu_free(h, r.p_d, "p", "streamcluster/streamcluster_cuda.cu:117");
		gpu_free(h, r.coord_d, "coord_d",
			 "streamcluster/streamcluster_cuda.cu:118");
	}
	free(block);
	free(r.p);
	free(r.coord_h);
	free(r.dslot);
	free(r.dcache);
	free(r.work);
	free(r.is_center);
	free(r.sw);
	free(r.center_table);
}

/*
 * The default command line, Rodinia's run script: 10 20 256 65536 65536
 * 1000 none output.txt 1 (one chunk).  Small: 3 6 16 1024 1024 100, the
 * arguments of Accel-Sim's active entry (define-all-apps.yml:48-49), run
 * here through this 3.1 code.  That entry is streamcluster-rodinia-2.0-ft,
 * a different program (its kernel copies point x into shared coord_s,
 * 2.0-ft cu:70-80; its work_mem_d is allocated once, kmax x num floats,
 * cu:104, :154), so this is not what Accel-Sim runs.
 */
void wl_streamcluster(const struct workload_opts *o, struct gpu_heap *h,
		      struct gpu_sink *out)
{
	if (o->small)
		sc_run_input(3, 6, 16, 1024, h, out, NULL);
	else
		sc_run_input(10, 20, 256, 65536, h, out, NULL);
}
