/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mum.h - MUM's run (mum.c) for the workload and its tests: the program on
 * a given reference and queries, with what its threads did.
 */
#ifndef WORKLOADS_MUM_H
#define WORKLOADS_MUM_H

#include "workloads/gpu_sim.h"

/* What the threads of one run wrote. */
struct mum_stats {
	/* per query and substring start (6 each): a result written; or NULL */
	unsigned char *matched;
};

/*
 * MUMmerGPU on the @n bases at @bases and the @nq queries at @qry (each
 * 'q' + 25 bases + NUL), launching on @out, allocating from @h.
 */
void mum_run_input(const char *bases, int n, const char *qry,
		   unsigned int nq, struct gpu_heap *h, struct gpu_sink *out,
		   struct mum_stats *stats);

/*
 * The package's files as the host code reads them: the reference's bases
 * (getReferenceString(), MUM/suffix-tree.cpp:1249-1311: a '>' header,
 * then whitespace-separated words, A C G T in either case, any other
 * letter an A) and the queries, 'q' + 25 bases + NUL each
 * (getQueriesTexture(), :1339-1550: each a '>' header and its bases, A
 * C G T in either case, any other letter an ambiguous 'x').
 */
struct mum_input {
	char *ref;
	int n;
	char *qry;
	unsigned int nq;
	unsigned int dropped;	/* reads under 20 bases, left out */
};

/* The most reference bases and queries the model runs (one of each block) */
#define MUM_MAX_BASES 7500000		/* BASES_PER_TREE_PAGE */
#define MUM_MAX_QUERIES (1U << 20)

/*
 * The reference FASTA @path into @in (one sequence, up to MUM_MAX_BASES
 * bases), then the query multi-FASTA @qpath (reads under 20 bases left
 * out as the host code leaves them, counted; any other length but
 * 25, which the model fixes, refused; up to MUM_MAX_QUERIES): 0, or -1
 * after a message naming the file and line on stderr (@in then holds
 * nothing).  Characters other than letters, '-', '*' and white space are
 * refused.
 */
int mum_read_input(struct mum_input *in, const char *path,
		   const char *qpath);
void mum_free_input(struct mum_input *in);

#endif /* WORKLOADS_MUM_H */
