// SPDX-License-Identifier: GPL-2.0
/*
 * bfs.c - ISPASS 2009's BFS (BFS/bfs.cu, BFS/kernel.cu) as its source runs
 * it: one kernel of 256-thread blocks relaunched while a thread set the
 * over flag, on a graph with the statistics of the package's
 * graph65536.txt (Documentation/workload-sources.rst).  The kernel's data
 * (mask, visited) is computed as the warps issue, so a later block sees
 * what an earlier one stored, the race of the source included.
 */
#include <stdlib.h>
#include <string.h>

#include "workloads/bfs.h"
#include "workloads/workloads.h"

#define BFS_BLOCK 256		/* MAX_THREADS_PER_BLOCK, bfs.cu:24 */
#define BFS_EDGE_STEPS 8	/* the loop body's memory instructions */

/* The kernel's data as it runs, and the buffers' addresses. */
struct bfs_ctx {
	gva_t nodes, edges, mask, visited, cost, over;
	const struct bfs_graph *g;
	unsigned char *mask_v, *visited_v;
	unsigned char *active, *taken;	/* per thread: mask seen, branch */
	bool *over_v;
};

/* Is @b among @a's first @n neighbours? */
static bool bfs_has(const unsigned int *a, unsigned int n, unsigned int b)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (a[i] == b)
			return true;
	return false;
}

void bfs_make_graph(struct bfs_graph *g, unsigned int n,
		    unsigned long long seed)
{
	unsigned int cap = 32, *adj = malloc(sizeof(*adj) * n * cap);
	unsigned int i, a, b, m, e;

	g->n = n;
	g->deg = calloc(n, sizeof(*g->deg));
	g->start = malloc(sizeof(*g->start) * n);
	if (!adj || !g->deg || !g->start)
		abort();
	for (m = 0; m < 3 * n;) {
		a = workload_rand(&seed) % n;
		b = workload_rand(&seed) % n;
		if (a == b || g->deg[a] == cap || g->deg[b] == cap ||
		    bfs_has(adj + a * cap, g->deg[a], b))
			continue;
		adj[a * cap + g->deg[a]++] = b;
		adj[b * cap + g->deg[b]++] = a;
		m++;
	}
	for (a = 0; a < n; a++) {
		while (!g->deg[a]) {
			b = workload_rand(&seed) % n;
			if (b == a || g->deg[b] == cap)
				continue;
			adj[a * cap + g->deg[a]++] = b;
			adj[b * cap + g->deg[b]++] = a;
		}
	}
	g->nedges = 0;
	g->maxdeg = 0;
	for (i = 0; i < n; i++) {
		g->start[i] = g->nedges;
		g->nedges += g->deg[i];
		if (g->deg[i] > g->maxdeg)
			g->maxdeg = g->deg[i];
	}
	g->edges = malloc(sizeof(*g->edges) * g->nedges);
	if (!g->edges)
		abort();
	for (i = 0; i < n; i++)
		for (e = 0; e < g->deg[i]; e++)
			g->edges[g->start[i] + e] = adj[i * cap + e];
	free(adj);
}

/*
 * Kernel (kernel.cu:21-41), thread tid = 256 bx + tx: mask[tid] (:25);
 * if set: mask[tid] and visited[tid] stored (:27-28), the node's degree
 * then its start (:29, the PTX's order: no_of_edges decides whether the
 * loop runs); per edge i the edge, visited[id] (:31-32), and if not
 * visited cost[tid] loaded, cost[id], mask[id] and the over flag stored
 * (:34-37), then the node's degree and start loaded again for the loop's
 * test (:29: the stores may alias the Node's ints, so the PTX reloads them
 * after every taken branch).
 */
static bool bfs_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct bfs_ctx *c = p;
	const struct bfs_graph *g = c->g;
	unsigned int tid = t->bx * BFS_BLOCK + t->tx, e, k, i, id;

	if (tid >= g->n)
		return false;
	if (step == 0) {
		c->active[tid] = c->mask_v[tid];
		*va = c->mask + tid;
		return true;
	}
	if (!c->active[tid])
		return false;
	if (step == 1) {
		c->mask_v[tid] = 0;
		*va = GPU_ST(c->mask + tid);
		return true;
	}
	if (step == 2) {
		c->visited_v[tid] = 1;
		*va = GPU_ST(c->visited + tid);
		return true;
	}
	if (step < 5) {			/* the Node's two ints */
		*va = c->nodes + 8ULL * tid + 4 * (4 - step);
		return true;
	}
	e = (step - 5) / BFS_EDGE_STEPS;
	k = (step - 5) % BFS_EDGE_STEPS;
	if (e >= g->deg[tid])
		return false;
	i = g->start[tid] + e;
	id = g->edges[i];
	switch (k) {
	case 0:
		*va = c->edges + 4ULL * i;
		return true;
	case 1:
		c->taken[tid] = !c->visited_v[id];
		*va = c->visited + id;
		return true;
	}
	if (!c->taken[tid]) {
		*va = GPU_SKIP;
		return true;
	}
	switch (k) {
	case 2:
		*va = c->cost + 4ULL * tid;
		break;
	case 3:
		*va = GPU_ST(c->cost + 4ULL * id);
		break;
	case 4:
		c->mask_v[id] = 1;
		*va = GPU_ST(c->mask + id);
		break;
	case 5:
		*c->over_v = true;
		*va = GPU_ST(c->over);
		break;
	default:			/* degree (6), then start (7) */
		*va = c->nodes + 8ULL * tid + 4 * (7 - k);
	}
	return true;
}

/*
 * Its registers: the stores under `if (mask[tid])` after its load; the
 * node's degree and start independent; per edge, the edge's load after
 * both (its address, the loop's bound, reloaded) and after the previous
 * edge's visited (its branch), visited[id] after the edge, cost[tid] after
 * visited[id] (the branch), cost[id] stored from it; the reloads into the
 * degree's and the start's registers.
 */
static void bfs_deps(const void *p, const struct gpu_thread *t,
		     unsigned int step, struct gpu_dep *d)
{
	static const struct gpu_dep edge[BFS_EDGE_STEPS] = {
		{ GPU_REG(3) | GPU_REG(4) | GPU_REG(6), GPU_REG(5) },
		{ GPU_REG(5), GPU_REG(6) },
		{ GPU_REG(6), GPU_REG(7) },
		{ GPU_REG(7), 0 },
		{ 0, 0 },
		{ 0, 0 },
		{ 0, GPU_REG(3) },
		{ 0, GPU_REG(4) },
	};

	if (step == 0)
		d->dst = GPU_REG(0);
	else if (step == 1)
		d->src = GPU_REG(0);
	else if (step == 3 || step == 4)
		d->dst = GPU_REG(step);
	else if (step >= 5)
		*d = edge[(step - 5) % BFS_EDGE_STEPS];
}

/*
 * BFS/bfs.cu:138-169: nodes, edges, mask, visited, cost, the over flag;
 * 65,536 nodes (the package's graph65536.txt; small 8,192) from node 0;
 * the do/while loop (:186-202) relaunches the kernel while a thread set
 * over.
 */
void wl_bfs(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned int n = o->small ? 8192 : 65536;
	struct bfs_graph g;
	struct bfs_ctx c = { .g = &g };
	struct gpu_launch l = { (n + BFS_BLOCK - 1) / BFS_BLOCK, 1, BFS_BLOCK,
				1, 0, bfs_addr, &c, 0, 0, bfs_deps };
	bool over = true, ok = true;

	bfs_make_graph(&g, n, o->seed | 1);
	c.nodes = gpu_alloc(h, 8ULL * n, "d_graph_nodes", "BFS/bfs.cu:138");
	gpu_memcpy(out, c.nodes, 8ULL * n);		/* :139 */
	c.edges = gpu_alloc(h, 4ULL * g.nedges, "d_graph_edges",
			    "BFS/bfs.cu:143");
	gpu_memcpy(out, c.edges, 4ULL * g.nedges);	/* :144 */
	c.mask = gpu_alloc(h, n, "d_graph_mask", "BFS/bfs.cu:148");
	gpu_memcpy(out, c.mask, n);			/* :149 */
	c.visited = gpu_alloc(h, n, "d_graph_visited", "BFS/bfs.cu:153");
	gpu_memcpy(out, c.visited, n);			/* :154 */
	c.cost = gpu_alloc(h, 4ULL * n, "d_cost", "BFS/bfs.cu:164");
	gpu_memcpy(out, c.cost, 4ULL * n);		/* :165 */
	c.over = gpu_alloc(h, 1, "d_over", "BFS/bfs.cu:169");
	c.mask_v = calloc(n, 1);
	c.visited_v = calloc(n, 1);
	c.active = calloc(n, 1);
	c.taken = calloc(n, 1);
	if (!c.mask_v || !c.visited_v || !c.active || !c.taken)
		abort();
	c.over_v = &over;
	c.mask_v[0] = 1;
	l.steps = 5 + BFS_EDGE_STEPS * g.maxdeg;
	while (over && ok) {
		over = false;
		gpu_memcpy(out, c.over, 1);		/* :190 */
		ok = gpu_run(&l, out);
		gpu_memcpy(out, c.over, 1);		/* :199 */
	}
	free(c.mask_v);
	free(c.visited_v);
	free(c.active);
	free(c.taken);
	bfs_free_graph(&g);
	if (!ok)
		return;
	gpu_memcpy(out, c.cost, 4ULL * n);		/* :208, to the host */
	/* :232-236 (d_over is never freed) */
	gpu_free(h, c.nodes, "d_graph_nodes", "BFS/bfs.cu:232");
	gpu_free(h, c.edges, "d_graph_edges", "BFS/bfs.cu:233");
	gpu_free(h, c.mask, "d_graph_mask", "BFS/bfs.cu:234");
	gpu_free(h, c.visited, "d_graph_visited", "BFS/bfs.cu:235");
	gpu_free(h, c.cost, "d_cost", "BFS/bfs.cu:236");
}

void bfs_free_graph(struct bfs_graph *g)
{
	free(g->start);
	free(g->deg);
	free(g->edges);
}
