// SPDX-License-Identifier: GPL-2.0
/*
 * bfs.c - ISPASS 2009's BFS (BFS/bfs.cu, BFS/kernel.cu) as its source runs
 * it: one kernel of 256-thread blocks relaunched while a thread set the
 * over flag, on a graph with the statistics of the package's
 * graph65536.txt (Documentation/workload-sources.rst), or with --data on
 * that file itself, read as bfs.cu reads it.  The kernel's data
 * (mask, visited) is computed as the warps issue, so a later block sees
 * what an earlier one stored, the race of the source included.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
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
	g->source = 0;
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
 * BFS/bfs.cu:138-169 on @g: nodes, edges, mask, visited, cost, the over
 * flag; from @g's source; the do/while loop (:186-202) relaunches the
 * kernel while a thread set over.
 */
static void bfs_run(const struct bfs_graph *g, struct gpu_heap *h,
		    struct gpu_sink *out)
{
	unsigned int n = g->n;
	struct bfs_ctx c = { .g = g };
	/* Kernel: 22 registers (scripts/suite-regs) */
	struct gpu_launch l = { (n + BFS_BLOCK - 1) / BFS_BLOCK, 1, BFS_BLOCK,
				1, 0, bfs_addr, &c, 22, 0, bfs_deps };
	bool over = true, ok = true;

	c.nodes = gpu_alloc(h, 8ULL * n, "d_graph_nodes", "BFS/bfs.cu:138");
	gpu_memcpy(out, c.nodes, 8ULL * n);		/* :139 */
	c.edges = gpu_alloc(h, 4ULL * g->nedges, "d_graph_edges",
			    "BFS/bfs.cu:143");
	gpu_memcpy(out, c.edges, 4ULL * g->nedges);	/* :144 */
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
	c.mask_v[g->source] = 1;			/* :118 */
	l.steps = 5 + BFS_EDGE_STEPS * g->maxdeg;
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

/*
 * The package's graph65536.txt (--data: the file; else 65,536 nodes of
 * bfs_make_graph(), small 8,192) from its source node.
 */
void wl_bfs(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	struct bfs_graph g;

	if (o->input) {
		bfs_run(o->input, h, out);
		return;
	}
	bfs_make_graph(&g, o->small ? 8192 : 65536, o->seed | 1);
	bfs_run(&g, h, out);
	bfs_free_graph(&g);
}

void bfs_free_graph(struct bfs_graph *g)
{
	free(g->start);
	free(g->deg);
	free(g->edges);
}

/* A graph file as BFSGraph()'s fscanf("%d") calls read it. */
struct bfs_in {
	FILE *f;
	const char *path;
	unsigned long long line;	/* of the last number read */
	unsigned long long next;	/* the line the file is at */
	bool nl;			/* the last character read a newline */
};

/*
 * The next whitespace-separated token of @in, an int from @lo to @hi,
 * into @v: 0, or -1 after a message naming it (@what, and index @i
 * unless it is negative).
 */
static int bfs_int(struct bfs_in *in, long long lo, long long hi,
		   long long *v, const char *what, long long i)
{
	char tok[24], name[64], *end;
	size_t n = 0;
	int c;

	while ((c = getc(in->f)) != EOF && isspace(c)) {
		in->next += c == '\n';
		in->nl = c == '\n';
	}
	/* the file's last line, not the empty one after its newline */
	in->line = in->next - (c == EOF && in->nl);
	in->nl = false;
	snprintf(name, sizeof(name), i < 0 ? "%s" : "%s %lld", what, i);
	if (c == EOF && ferror(in->f))
		return workload_input_error(in->path, in->line, "%s",
					    strerror(errno));
	if (c == EOF)
		return workload_input_error(in->path, in->line,
					    "the file ends before %s", name);
	/* no more than a token's room read: a file of no space is no hang */
	for (; c != EOF && !isspace(c) && n < sizeof(tok); c = getc(in->f), n++)
		if (n < sizeof(tok) - 1)
			tok[n] = isprint(c) ? (char)c : '?';
	if (c != EOF)
		ungetc(c, in->f);
	tok[n < sizeof(tok) ? n : sizeof(tok) - 1] = '\0';
	errno = 0;
	*v = strtoll(tok, &end, 10);
	if (n < sizeof(tok) && end != tok && !*end && !errno &&
	    *v >= lo && *v <= hi)
		return 0;
	return workload_input_error(in->path, in->line,
				    "%s: '%s%s' is not an integer from %lld to %lld",
				    name, tok, n < sizeof(tok) ? "" : "...",
				    lo, hi);
}

/*
 * bfs.cu:85-115: the node count, each node's (start, degree) (@lines:
 * the line of each node's start), the source node.
 */
static int bfs_read_nodes(struct bfs_in *in, struct bfs_graph *g,
			  unsigned long long **lines)
{
	long long v, d;
	unsigned int i;

	if (bfs_int(in, 1, BFS_MAX_NODES, &v, "the node count", -1))
		return -1;
	g->n = (unsigned int)v;
	g->start = malloc(sizeof(*g->start) * g->n);
	g->deg = malloc(sizeof(*g->deg) * g->n);
	*lines = malloc(sizeof(**lines) * g->n);
	if (!g->start || !g->deg || !*lines)
		abort();
	for (i = 0; i < g->n; i++) {
		if (bfs_int(in, 0, BFS_MAX_EDGES, &v, "the start of node", i))
			return -1;
		(*lines)[i] = in->line;
		if (bfs_int(in, 0, BFS_MAX_EDGES, &d, "the degree of node", i))
			return -1;
		g->start[i] = (unsigned int)v;
		g->deg[i] = (unsigned int)d;
		if (g->deg[i] > g->maxdeg)
			g->maxdeg = g->deg[i];
	}
	if (bfs_int(in, 0, g->n - 1, &v, "the source node", -1))
		return -1;
	g->source = (unsigned int)v;
	return 0;
}

/*
 * bfs.cu:120-129: the edge count (each node's edges within it), then
 * each edge's node (below the node count) and cost; nothing after them.
 */
static int bfs_read_edges(struct bfs_in *in, struct bfs_graph *g,
			  const unsigned long long *lines)
{
	unsigned long long count_line;
	long long v;
	unsigned int i;
	int c;

	if (bfs_int(in, 0, BFS_MAX_EDGES, &v, "the edge count", -1))
		return -1;
	g->nedges = (unsigned int)v;
	count_line = in->line;
	for (i = 0; i < g->n; i++)
		if ((unsigned long long)g->start[i] + g->deg[i] > g->nedges)
			return workload_input_error(in->path, lines[i],
						    "node %u's %u edges from entry %u end past the edge list's %u entries (line %llu)",
						    i, g->deg[i], g->start[i],
						    g->nedges, count_line);
	g->edges = malloc(sizeof(*g->edges) * (g->nedges + 1ULL));
	if (!g->edges)
		abort();
	for (i = 0; i < g->nedges; i++) {
		if (bfs_int(in, 0, g->n - 1, &v, "the node of edge", i))
			return -1;
		g->edges[i] = (unsigned int)v;
		if (bfs_int(in, INT_MIN, INT_MAX, &v, "the cost of edge", i))
			return -1;
	}
	while ((c = getc(in->f)) != EOF && isspace(c))
		in->next += c == '\n';
	if (c == EOF)
		return 0;
	return workload_input_error(in->path, in->next,
				    "more after the %u edges of the count on line %llu",
				    g->nedges, count_line);
}

int bfs_read_graph(struct bfs_graph *g, const char *path)
{
	struct bfs_in in = { .path = path, .next = 1 };
	unsigned long long *lines = NULL;
	int ret;

	memset(g, 0, sizeof(*g));
	in.f = fopen(path, "r");
	if (!in.f) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	ret = bfs_read_nodes(&in, g, &lines);
	if (!ret)
		ret = bfs_read_edges(&in, g, lines);
	fclose(in.f);
	free(lines);
	if (ret) {
		bfs_free_graph(g);
		memset(g, 0, sizeof(*g));
	}
	return ret;
}

void *wl_bfs_load(const char *dir)
{
	char *path = workload_data_path(dir, WL_BFS_GRAPH);
	struct bfs_graph *g = malloc(sizeof(*g));

	if (!g)
		abort();
	if (!path || bfs_read_graph(g, path)) {
		free(g);
		g = NULL;
	}
	free(path);
	return g;
}

void wl_bfs_say(const void *input, FILE *f)
{
	const struct bfs_graph *g = input;

	fprintf(f, "graph65536.txt: %u nodes, %u edges, source node %u",
		g->n, g->nedges, g->source);
}

void wl_bfs_unload(void *input)
{
	bfs_free_graph(input);
	free(input);
}
