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
	unsigned int *start, *deg, *edges;
};

/*
 * A uniform random symmetric graph with graph65536.txt's shape: @n nodes,
 * 3 n undirected edges between distinct nodes drawn uniformly (no
 * self-loops, no duplicates), then each node left without one joined to a
 * random node; mean degree 6, Poisson-like degrees of at least 1,
 * neighbours uniformly far (the file: degrees 1-24, median |i - j| 19,148
 * of 65,536, 10 BFS levels from node 0).
 */
void bfs_make_graph(struct bfs_graph *g, unsigned int n,
		    unsigned long long seed);
void bfs_free_graph(struct bfs_graph *g);

#endif /* WORKLOADS_BFS_H */
