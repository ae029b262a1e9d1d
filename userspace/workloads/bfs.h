/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bfs.h - BFS's input graph (bfs.c), for the workload and its tests: in
 * the layout of the package's graph file (BFS/bfs.cu:115-128), each node's
 * start in the edge list and its degree.
 */
#ifndef WORKLOADS_BFS_H
#define WORKLOADS_BFS_H

struct bfs_graph {
	unsigned int n, nedges, maxdeg;
	unsigned int source;		/* the node the search starts from */
	unsigned int *start, *deg, *edges;
};

/* The most nodes and edge entries a graph file may give (the model's). */
#define BFS_MAX_NODES (1U << 24)
#define BFS_MAX_EDGES (1U << 26)

/*
 * A uniform random symmetric graph with graph65536.txt's shape: @n nodes,
 * 3 n undirected edges between distinct nodes drawn uniformly (no
 * self-loops, no duplicates), then each node left without one joined to a
 * random node; mean degree 6, Poisson-like degrees of at least 1,
 * neighbours uniformly far (the file: degrees 1-24, median |i - j| 19,148
 * of 65,536, 10 BFS levels from node 0).  The source is node 0.
 */
void bfs_make_graph(struct bfs_graph *g, unsigned int n,
		    unsigned long long seed);
/*
 * The package's graph file @path (graph65536.txt) into @g as
 * BFSGraph() reads it (BFS/bfs.cu:85-129): the node count, each node's
 * start in the edge list and degree, the source node, the edge count and
 * each edge's node and cost (the cost thrown away), whitespace-separated
 * decimal ints.  Every number is checked (counts within BFS_MAX_*, each
 * node's edges within the list, nodes below the count) and nothing may
 * follow the last edge: 0, or -1 after a message naming the file and
 * line on stderr (@g then holds nothing).
 */
int bfs_read_graph(struct bfs_graph *g, const char *path);
void bfs_free_graph(struct bfs_graph *g);

#endif /* WORKLOADS_BFS_H */
