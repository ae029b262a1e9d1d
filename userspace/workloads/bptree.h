/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bptree.h - b+tree's input (bptree.c) for the workload and its tests: the
 * tree main.c builds from ascending keys, in transform_to_cuda()'s knode
 * layout, and the C library's rand() the query keys come from.
 */
#ifndef WORKLOADS_BPTREE_H
#define WORKLOADS_BPTREE_H

/* glibc's rand() (random_r, TYPE_3) on a state of its own */
struct bpt_rand {
	unsigned int r[32];
	unsigned int i;
};

void bpt_srand(struct bpt_rand *g, unsigned int seed);
int bpt_rand(struct bpt_rand *g);

/* A knode's keys and indices (common.h:139-145), as the GPU reads them. */
struct bpt_knode {
	int keys[257];
	unsigned int indices[257];
	unsigned int num_keys;
};

/* Breadth-first knodes: the root 0, its level, ..., the leaves last. */
struct bpt_tree {
	struct bpt_knode *node;
	unsigned int nnodes, height;
};

/* The tree of order 256 that inserting keys 0..@nrec-1 in order builds. */
void bpt_build(struct bpt_tree *t, unsigned int nrec);

#endif /* WORKLOADS_BPTREE_H */
