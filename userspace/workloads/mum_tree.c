// SPDX-License-Identifier: GPL-2.0
/*
 * mum_tree.c - MUMmerGPU's suffix tree (ISPASS 2009 MUM/suffix-tree.cpp)
 * for the MUM workload and its tests: the tree of 's' + reference + '$'
 * (built here from the suffix array and its LCP array; the package runs
 * Ukkonen's algorithm, which yields the same tree), each edge labelled by
 * the occurrence Ukkonen's construction keeps (the leftmost suffix below
 * it, at its parent's depth), suffix links, and the node ids of
 * renumberTree() (breadth first to tree depth 16, then blocks of four
 * levels: suffix-tree.cpp:1124-1195).
 */
#include <stdlib.h>
#include <string.h>

#include "workloads/mum_tree.h"

int mum_b2i(char c)
{
	switch (c) {
	case 'A':
		return 0;
	case 'C':
		return 1;
	case 'G':
		return 2;
	case 'T':
		return 3;
	case '$':
		return 4;
	default:
		return -1;
	}
}

/*
 * The suffix array of @t (@n symbols below 5, the last the only 0) by
 * prefix doubling, two counting sorts a round.
 */
static int *mum_suffix_array(const unsigned char *t, int n)
{
	int *sa = malloc(sizeof(int) * n), *rk = malloc(sizeof(int) * n);
	int *tmp = malloc(sizeof(int) * n), *sa2 = malloc(sizeof(int) * n);
	int *cnt = calloc((size_t)n + 6, sizeof(int));
	int i, k, m = 5, p;

	if (!sa || !rk || !tmp || !cnt || !sa2)
		abort();
	for (i = 0; i < n; i++)
		cnt[t[i]]++;
	for (i = 1; i < m; i++)
		cnt[i] += cnt[i - 1];
	for (i = n - 1; i >= 0; i--)
		sa[--cnt[t[i]]] = i;
	for (i = 0; i < n; i++)
		rk[i] = t[i];
	for (k = 1;; k <<= 1) {
		/* by the second half: the ones without one first */
		p = 0;
		for (i = n - k; i < n; i++)
			sa2[p++] = i;
		for (i = 0; i < n; i++)
			if (sa[i] >= k)
				sa2[p++] = sa[i] - k;
		/* then stably by the first half */
		memset(cnt, 0, sizeof(int) * (m + 1));
		for (i = 0; i < n; i++)
			cnt[rk[i]]++;
		for (i = 1; i <= m; i++)
			cnt[i] += cnt[i - 1];
		for (i = n - 1; i >= 0; i--)
			sa[--cnt[rk[sa2[i]]]] = sa2[i];
		tmp[sa[0]] = 0;
		for (i = 1, p = 0; i < n; i++) {
			int a = sa[i - 1], b = sa[i];
			int ra = a + k < n ? rk[a + k] : -1;
			int rb = b + k < n ? rk[b + k] : -1;

			if (rk[a] != rk[b] || ra != rb)
				p++;
			tmp[b] = p;
		}
		memcpy(rk, tmp, sizeof(int) * n);
		m = p + 1;
		if (p == n - 1)
			break;
	}
	free(rk);
	free(tmp);
	free(cnt);
	free(sa2);
	return sa;
}

/* The tree under construction, by node index (creation order). */
struct mum_build {
	int *depth, *lo, *lb, *rb, *parent, (*child)[5];
	int nodes, n;
	const unsigned char *t;
};

static int mum_node(struct mum_build *b, int depth)
{
	int v = b->nodes++;

	b->depth[v] = depth;
	b->lo[v] = b->lb[v] = 0x7fffffff;
	b->rb[v] = -1;
	b->parent[v] = -1;
	memset(b->child[v], -1, sizeof(b->child[v]));
	return v;
}

/* @c under @p, by the first symbol of its edge (b2i order: A C G T $) */
static void mum_attach(struct mum_build *b, int p, int c)
{
	int sym = b->t[b->lo[c] + b->depth[p]];

	b->child[p][sym ? sym - 1 : 4] = c;
	b->parent[c] = p;
	if (b->lo[c] < b->lo[p])
		b->lo[p] = b->lo[c];
	if (b->lb[c] < b->lb[p])
		b->lb[p] = b->lb[c];
	if (b->rb[c] > b->rb[p])
		b->rb[p] = b->rb[c];
}

/*
 * The suffix tree from the suffix array and its LCP array, bottom up: a
 * stack of the nodes not yet attached, each leaf pushed in suffix order.
 */
static void mum_from_sa(struct mum_build *b, const int *sa, const int *lcp,
			int *leaf)
{
	int *stack = malloc(sizeof(int) * (b->n + 1)), top = 0, i, x, v, l;

	if (!stack)
		abort();
	stack[0] = mum_node(b, 0);		/* the root */
	for (i = 0; i < b->n; i++) {
		l = i ? lcp[i] : 0;
		while (b->depth[stack[top]] > l) {
			x = stack[top--];
			if (b->depth[stack[top]] >= l) {
				mum_attach(b, stack[top], x);
			} else {
				v = mum_node(b, l);
				mum_attach(b, v, x);
				stack[++top] = v;
			}
		}
		v = mum_node(b, b->n - sa[i]);
		b->lo[v] = sa[i];
		b->lb[v] = b->rb[v] = i;
		leaf[i] = v;
		stack[++top] = v;
	}
	while (top > 0) {
		x = stack[top--];
		mum_attach(b, stack[top], x);
	}
	free(stack);
}

/* renumberTree()'s blocks: a node and four levels below it, depth first */
static void mum_number_block(const struct mum_build *b, int v, int level,
			     int depth, int *id, int *next, int *queue,
			     int *qd, int *qt)
{
	int i, c;

	id[v] = ++*next;
	for (i = 0; i < 5; i++) {
		c = b->child[v][i];
		if (c < 0)
			continue;
		if (level == 4) {
			queue[*qt] = c;
			qd[(*qt)++] = depth + 5;
		} else {
			mum_number_block(b, c, level + 1, depth, id, next,
					 queue, qd, qt);
		}
	}
}

/* suffix-tree.cpp:1124-1195: breadth first to depth 16, then blocks */
static void mum_renumber(const struct mum_build *b, int *id)
{
	int *queue = malloc(sizeof(int) * b->nodes);
	int *qd = malloc(sizeof(int) * b->nodes);
	int qh = 0, qt = 0, next = 0, v, d, i, c;

	if (!queue || !qd)
		abort();
	queue[qt] = 0;
	qd[qt++] = 0;
	while (qh < qt) {
		v = queue[qh];
		d = qd[qh++];
		if (d < 16) {
			id[v] = ++next;
			for (i = 0; i < 5; i++) {
				c = b->child[v][i];
				if (c >= 0) {
					queue[qt] = c;
					qd[qt++] = d + 1;
				}
			}
		} else {
			id[v] = ++next;
			for (i = 0; i < 5; i++) {
				c = b->child[v][i];
				if (c >= 0)
					mum_number_block(b, c, 1, d, id, &next,
							 queue, qd, &qt);
			}
		}
	}
	free(queue);
	free(qd);
}

/* Kasai's LCP array: lcp[i] between the suffixes of ranks i - 1 and i */
static int *mum_lcp(const unsigned char *t, int n, const int *sa,
		    const int *isa)
{
	int *lcp = malloc(sizeof(int) * n), i, k, h = 0;

	if (!lcp)
		abort();
	lcp[0] = 0;
	for (i = 0; i < n; i++) {
		if (!isa[i]) {
			h = 0;
			continue;
		}
		k = sa[isa[i] - 1];
		while (i + h < n && k + h < n && t[i + h] == t[k + h])
			h++;
		lcp[isa[i]] = h;
		if (h)
			h--;
	}
	return lcp;
}

/*
 * Suffix links: for an internal node of depth d, the node of depth d - 1
 * above the leaf one position right of its first leaf; the root's the
 * root; a leaf none (-1).
 */
static int *mum_links(const struct mum_build *b, const int *sa,
		      const int *isa, const int *leaf)
{
	int *slink = malloc(sizeof(int) * b->nodes), v, x, k;

	if (!slink)
		abort();
	slink[0] = 0;
	for (v = 1; v < b->nodes; v++) {
		slink[v] = -1;
		for (k = 0; k < 5 && b->child[v][k] < 0; k++)
			;
		if (k == 5)
			continue;
		x = leaf[isa[sa[b->lb[v]] + 1]];
		while (b->depth[x] > b->depth[v] - 1)
			x = b->parent[x];
		slink[v] = x;
	}
	return slink;
}

/* The texture contents by node id (m_string positions: T[k] is k + 1). */
static void mum_export(struct mum_tree *t, const struct mum_build *b,
		       const int *id, const int *slink)
{
	int v, i, p, k;

	t->nnodes = b->nodes;
	t->start = calloc(b->nodes + 1, sizeof(int));
	t->end = calloc(b->nodes + 1, sizeof(int));
	t->suffix = calloc(b->nodes + 1, sizeof(int));
	t->child = calloc(b->nodes + 1, sizeof(*t->child));
	if (!t->start || !t->end || !t->suffix || !t->child)
		abort();
	for (v = 0; v < b->nodes; v++) {
		i = id[v];
		p = b->parent[v];
		t->start[i] = p < 0 ? 0 : b->lo[v] + b->depth[p] + 1;
		t->end[i] = p < 0 ? 0 : b->lo[v] + b->depth[v];
		t->suffix[i] = slink[v] < 0 ? 0 : id[slink[v]];
		for (k = 0; k < 4; k++)
			t->child[i][k] = b->child[v][k] < 0 ? 0 :
					 id[b->child[v][k]];
	}
}

void mum_tree_build(struct mum_tree *t, const char *ref, int n)
{
	int N = n + 1, i, *sa, *isa = malloc(sizeof(int) * N), *lcp;
	int *leaf = malloc(sizeof(int) * N), *id, *slink;
	unsigned char *sym = malloc(N);
	struct mum_build b = { .n = N };

	if (!sym || !isa || !leaf)
		abort();
	/* 's' + ref + '$': the tree holds the suffixes from position 1 */
	for (i = 0; i < n; i++)
		sym[i] = (unsigned char)(mum_b2i(ref[i]) + 1);
	sym[n] = 0;
	sa = mum_suffix_array(sym, N);
	for (i = 0; i < N; i++)
		isa[sa[i]] = i;
	lcp = mum_lcp(sym, N, sa, isa);
	b.t = sym;
	b.depth = malloc(sizeof(int) * 2 * N);
	b.lo = malloc(sizeof(int) * 2 * N);
	b.lb = malloc(sizeof(int) * 2 * N);
	b.rb = malloc(sizeof(int) * 2 * N);
	b.parent = malloc(sizeof(int) * 2 * N);
	b.child = malloc(sizeof(*b.child) * 2 * N);
	if (!b.depth || !b.lo || !b.lb || !b.rb || !b.parent || !b.child)
		abort();
	mum_from_sa(&b, sa, lcp, leaf);
	free(lcp);
	slink = mum_links(&b, sa, isa, leaf);
	free(sa);
	free(isa);
	free(leaf);
	id = malloc(sizeof(int) * b.nodes);
	if (!id)
		abort();
	mum_renumber(&b, id);
	t->n = n;
	mum_export(t, &b, id, slink);
	free(id);
	free(slink);
	free(sym);
	free(b.depth);
	free(b.lo);
	free(b.lb);
	free(b.rb);
	free(b.parent);
	free(b.child);
}

void mum_tree_free(struct mum_tree *t)
{
	free(t->start);
	free(t->end);
	free(t->suffix);
	free(t->child);
}
