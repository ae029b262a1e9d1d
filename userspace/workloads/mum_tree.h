/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mum_tree.h - MUMmerGPU's suffix tree (mum_tree.c) for the MUM workload
 * and its tests: per node id (1 the root, 0 none) the edge into it as
 * m_string positions ('s' + reference + '$'), its suffix link and its
 * A, C, G, T children, what the node and children textures hold.
 */
#ifndef WORKLOADS_MUM_TREE_H
#define WORKLOADS_MUM_TREE_H

struct mum_tree {
	int nnodes, n;		/* nodes (ids 1..nnodes), reference bases */
	int *start, *end, *suffix;
	int (*child)[4];
};

/*
 * b2i() (suffix-tree.cpp:56-72): a child's slot, A C G T $ as 0-4; -1
 * for any other character (which the kernel's switch has no child for).
 */
int mum_b2i(char c);

/* The tree of 's' + @ref (@n bases of ACGT) + '$'. */
void mum_tree_build(struct mum_tree *t, const char *ref, int n);
void mum_tree_free(struct mum_tree *t);

#endif /* WORKLOADS_MUM_TREE_H */
