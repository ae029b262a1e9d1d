// SPDX-License-Identifier: GPL-2.0
/*
 * ispass.c - ISPASS-2009 workloads: AES, BFS, STO (StoreGPU), RAY, MUM
 * (MUMmerGPU).  Each models its kernel's per-thread global accesses at a
 * default input ("full") or a scaled-down one ("small"); the irregular
 * inputs (the BFS graph, MUM's tree walks, RAY's scene hits) are seeded.
 */
#include <stdlib.h>
#include <string.h>

#include "workloads/workloads.h"

#define F 4ULL

/* ---- AES: one 16-byte block per thread; tables in shared memory ---- */
struct aes_ctx {
	gva_t in, out;
	unsigned long long blocks;
};

static bool aes_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct aes_ctx *c = p;
	gva_t b = t->bx * 256ULL + t->tx;

	if (b >= c->blocks || step >= 8)
		return false;
	*va = step < 4 ? c->in + 16 * b + 4 * step :
			 GPU_ST(c->out + 16 * b + 4 * (step % 4));
	return true;
}

void wl_aes(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	/* the default 256 KiB image; small: a quarter of it; table1: 16 MiB */
	unsigned long long bytes = o->small ? (64ULL << 10) :
				   o->table1 ? (16ULL << 20) : (256ULL << 10);
	struct aes_ctx c = { gpu_alloc(h, bytes), gpu_alloc(h, bytes),
			     bytes / 16 };
	struct gpu_launch l = { (unsigned int)((c.blocks + 255) / 256), 1, 256,
				1, 8, aes_addr, &c, 0, 8192 };

	gpu_run(&l, out);
}

/* ---- BFS: Harish & Narayanan's two kernels, level by level ---- */
struct bfs_graph {
	unsigned int n, deg;
	unsigned int *edges;		/* n x deg */
	unsigned char *mask, *visited, *update;
};

struct bfs_ctx {
	gva_t nodes, edges, mask, update, visited, cost;
	const struct bfs_graph *g;
	unsigned int kernel;
};

static bool bfs_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct bfs_ctx *c = p;
	const struct bfs_graph *g = c->g;
	gva_t tid = t->bx * 512ULL + t->tx;
	unsigned int e, dst;

	if (tid >= g->n)
		return false;
	if (c->kernel == 2) {		/* updating mask -> mask, visited */
		if (step == 0)
			*va = c->update + tid;
		else if (step <= 2 && g->update[tid])
			*va = GPU_ST((step == 1 ? c->mask : c->visited) + tid);
		else
			return false;
		return true;
	}
	if (step == 0) {
		*va = c->mask + tid;
		return true;
	}
	if (!g->mask[tid])
		return false;
	if (step == 1) {
		*va = c->nodes + 8 * tid;
		return true;
	}
	step -= 2;			/* per edge: edges[], visited[], cost[] */
	e = step / 3;
	if (e >= g->deg)
		return false;
	dst = g->edges[tid * g->deg + e];
	*va = step % 3 == 0 ? c->edges + F * (tid * g->deg + e) :
	      step % 3 == 1 ? c->visited + dst : GPU_ST(c->cost + F * dst);
	return true;
}

void wl_bfs(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	struct bfs_graph g = { .n = o->small ? 8192 : 65536, .deg = 6 };
	unsigned long long seed = o->seed | 1;
	struct bfs_ctx c;
	struct gpu_launch l = { 0, 1, 512, 1, 0, bfs_addr, &c, 0, 0 };
	unsigned int i, e, front;
	bool ok = true;

	g.edges = malloc(sizeof(*g.edges) * g.n * g.deg);
	g.mask = calloc(g.n, 1);
	g.visited = calloc(g.n, 1);
	g.update = calloc(g.n, 1);
	if (!g.edges || !g.mask || !g.visited || !g.update)
		abort();
	/* mostly near neighbours, a sixth far: a small-world graph */
	for (i = 0; i < g.n; i++)
		for (e = 0; e < g.deg; e++)
			g.edges[i * g.deg + e] = e == 0 ?
				(unsigned int)(workload_rand(&seed) % g.n) :
				(i + 1 + workload_rand(&seed) % 64) % g.n;
	c = (struct bfs_ctx){ gpu_alloc(h, 8ULL * g.n),
			      gpu_alloc(h, F * g.n * g.deg),
			      gpu_alloc(h, g.n), gpu_alloc(h, g.n),
			      gpu_alloc(h, g.n), gpu_alloc(h, F * g.n), &g, 1 };
	l.grid_x = (g.n + 511) / 512;
	g.mask[0] = g.visited[0] = 1;
	for (front = 1; front && ok;) {
		c.kernel = 1;
		l.steps = 2 + 3 * g.deg;
		ok = gpu_run(&l, out);
		for (i = 0; i < g.n; i++)
			if (g.mask[i])
				for (e = 0; e < g.deg; e++)
					if (!g.visited[g.edges[i * g.deg + e]])
						g.update[g.edges[i * g.deg + e]] = 1;
		c.kernel = 2;
		l.steps = 3;
		ok = ok && gpu_run(&l, out);
		memset(g.mask, 0, g.n);
		for (i = 0, front = 0; i < g.n; i++) {
			if (g.update[i]) {
				g.mask[i] = g.visited[i] = 1;
				front++;
			}
		}
		memset(g.update, 0, g.n);
	}
	free(g.edges);
	free(g.mask);
	free(g.visited);
	free(g.update);
}

/* ---- STO: each thread hashes its own 1 KiB chunk, word by word ---- */
struct sto_ctx {
	gva_t in, out;
	unsigned long long chunks;
};

static bool sto_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct sto_ctx *c = p;
	gva_t i = t->bx * 128ULL + t->tx;

	if (i >= c->chunks || step > 256)
		return false;
	*va = step < 256 ? c->in + 1024 * i + F * step :
			   GPU_ST(c->out + 16 * i);
	return true;
}

void wl_sto(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	/*
	 * The default input: 400 KiB; small: a quarter of it; table1: ~818
	 * MiB, fitted to the 409 distinct L2 indices of the paper's Table 1
	 * (not a benchmark input).
	 */
	unsigned long long bytes = o->small ? (100ULL << 10) :
				   o->table1 ? (818ULL << 20) : (400ULL << 10);
	struct sto_ctx c = { gpu_alloc(h, bytes), gpu_alloc(h, bytes / 64),
			     bytes / 1024 };
	struct gpu_launch l = { (unsigned int)((c.chunks + 127) / 128), 1,
				128, 1, 257, sto_addr, &c, 0, 0 };

	gpu_run(&l, out);
}

/* ---- RAY: one ray per thread, seeded scene hits, pixel store ---- */
struct ray_ctx {
	gva_t scene, tex, image;
	unsigned int w, h, objects;
	unsigned long long texbytes, seed;
};

static bool ray_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct ray_ctx *c = p;
	unsigned int x = t->bx * 16 + t->tx, y = t->by * 16 + t->ty;
	unsigned long long s;

	if (x >= c->w || y >= c->h || step > 16)
		return false;
	if (step == 16) {
		*va = GPU_ST(c->image + F * ((gva_t)y * c->w + x));
		return true;
	}
	s = (c->seed ^ ((gva_t)y * c->w + x) * 0x9e3779b97f4a7c15ULL ^ step) | 1;
	workload_rand(&s);
	if (step % 2 == 0)	/* an object the ray tests: the scene array */
		*va = c->scene + 64 * (workload_rand(&s) % c->objects);
	else			/* a texel of the object it hit */
		*va = c->tex + (workload_rand(&s) % c->texbytes & ~3ULL);
	return true;
}

void wl_ray(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	/* the default 256 x 256 image, a 3.5 MiB scene texture; table1: fitted */
	unsigned int n = o->small ? 128 : o->table1 ? 512 : 256;
	unsigned long long tex = o->small ? (32ULL << 20) :
				 o->table1 ? (512ULL << 20) : (7ULL << 19);
	struct ray_ctx c = { gpu_alloc(h, 64 * 4096), gpu_alloc(h, tex),
			     gpu_alloc(h, F * n * n), n, n, 4096, tex,
			     o->seed };
	struct gpu_launch l = { n / 16, n / 16, 16, 16, 17, ray_addr, &c, 0, 0 };

	gpu_run(&l, out);
}

/* ---- MUM: one query per thread walking the reference's suffix tree ---- */
struct mum_ctx {
	gva_t tree, queries, out;
	unsigned long long tree_bytes, seed;
	unsigned int nq, qlen;
};

static bool mum_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct mum_ctx *c = p;
	gva_t q = t->bx * 256ULL + t->tx, span;
	unsigned long long s;
	unsigned int d;

	if (q >= c->nq || step > 2 * c->qlen)
		return false;
	if (step == 2 * c->qlen) {
		*va = GPU_ST(c->out + 8 * q);
		return true;
	}
	d = step / 2;
	if (step % 2 == 0) {	/* the query's next character */
		*va = c->queries + (gva_t)q * c->qlen + d;
		return true;
	}
	/* tree nodes: the top levels are shared, deeper ones spread out */
	s = (c->seed ^ (q * 0x9e3779b97f4a7c15ULL) ^ (d * 0x632be59bd9b4e019ULL)) | 1;
	workload_rand(&s);
	span = d < 4 ? (4096ULL << (3 * d)) : c->tree_bytes;
	if (span > c->tree_bytes)
		span = c->tree_bytes;
	*va = c->tree + (workload_rand(&s) % span & ~15ULL);
	return true;
}

void wl_mum(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	/* default: ~96 MiB tree of the 1.4 Mbp reference, 50k 25 bp queries */
	unsigned long long tree = o->small ? (32ULL << 20) :
				  o->table1 ? (384ULL << 20) : (96ULL << 20);
	unsigned int nq = o->small ? 8192 : o->table1 ? 65536 : 50000;
	unsigned int qlen = 25;
	struct mum_ctx c = { gpu_alloc(h, tree), gpu_alloc(h, (gva_t)nq * qlen),
			     gpu_alloc(h, 8ULL * nq), tree, o->seed, nq, qlen };
	struct gpu_launch l = { (nq + 255) / 256, 1, 256, 1, 2 * qlen + 1,
				mum_addr, &c, 0, 0 };

	gpu_run(&l, out);
}
