// SPDX-License-Identifier: GPL-2.0
/*
 * bptree.c - Rodinia 3.1's b+tree as its source runs it (b+tree/main.c,
 * kernel/kernel_gpu_cuda_2.cu findRangeK and its wrapper, then
 * kernel/kernel_gpu_cuda.cu findK and its wrapper): the tree of order 256
 * that ascending insertion of the default file's keys 0..999,999 builds,
 * laid out as transform_to_cuda() does (breadth-first 2,068-byte knodes),
 * the command file's `j 6000 3000` (read as 6,000 ranges of 6,000: the
 * parser's bug) and `k 10000`, their query keys from the C library's
 * rand() with no srand(), and each query block's descent as the kernels
 * compare keys (Documentation/workload-sources.rst).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/bptree.h"
#include "workloads/workloads.h"

#define BPT_ORDER 256		/* DEFAULT_ORDER, common.h:36-44 */
#define BPT_KNODE 2068ULL	/* sizeof(knode), common.h:139-145 */
#define BPT_INDICES 4ULL	/* knode.indices[257] */
#define BPT_KEYS 1032ULL	/* knode.keys[257] */

void bpt_srand(struct bpt_rand *g, unsigned int seed)
{
	int i;
	long word = seed ? seed : 1, hi, lo;

	/*
	 * glibc's TYPE_3 srandom_r(): 31 words by 16807 x mod 2^31 - 1, the
	 * first 310 outputs discarded; then r[i] = r[i - 31] + r[i - 3]
	 * (mod 2^32), each output r[i] >> 1.
	 */
	g->r[0] = (unsigned int)word;
	for (i = 1; i < 31; i++) {
		hi = word / 127773;
		lo = word % 127773;
		word = 16807 * lo - 2836 * hi;
		if (word < 0)
			word += 2147483647;
		g->r[i] = (unsigned int)word;
	}
	/* r[31..33] = r[0..2], in slots 31, 0 and 1 (slot: i mod 32) */
	g->r[31] = g->r[0];
	g->r[0] = g->r[1];
	g->r[1] = g->r[2];
	g->i = 34;
	for (i = 0; i < 310; i++)
		bpt_rand(g);
}

int bpt_rand(struct bpt_rand *g)
{
	unsigned int v = g->r[(g->i - 31) & 31] + g->r[(g->i - 3) & 31];

	g->r[g->i & 31] = v;
	g->i++;
	return (int)(v >> 1);
}

/*
 * Ascending insertion: a level's nodes hold @n children (keys for the
 * leaves) appended in order; a full node (@max) split by the next one
 * keeps @left and passes the rest on (main.c:1149-1161 for leaves, max
 * 255 keys, cut(255) = 128 kept; :1252-1267, :1316 for the others, max
 * 256 children, 128 kept, 129 on).  Returns the nodes' sizes.
 */
static unsigned int *bpt_level(unsigned long long n, unsigned int max,
			       unsigned int left, unsigned int *nodes)
{
	unsigned int *sz = malloc(sizeof(*sz) * (n / left + 2)), k = 0;
	unsigned long long i;

	if (!sz)
		abort();
	sz[0] = 0;
	for (i = 0; i < n; i++) {
		if (sz[k] == max) {
			sz[k + 1] = max + 1 - left;
			sz[k++] = left;
		} else {
			sz[k]++;
		}
	}
	*nodes = k + 1;
	return sz;
}

void bpt_build(struct bpt_tree *t, unsigned int nrec)
{
	unsigned int *sz[8], cnt[8], l, h = 0, j, i, first = 0, m;
	unsigned int *minkey[8];
	struct bpt_knode *k;

	/* the leaves, then each level up to a single root */
	sz[0] = bpt_level(nrec, BPT_ORDER - 1, 128, &cnt[0]);
	while (cnt[h] > 1) {
		sz[h + 1] = bpt_level(cnt[h], BPT_ORDER, 128, &cnt[h + 1]);
		h++;
	}
	t->height = h;
	t->nnodes = 0;
	for (l = 0; l <= h; l++)
		t->nnodes += cnt[l];
	t->node = calloc(t->nnodes, sizeof(*t->node));
	if (!t->node)
		abort();
	/* each node's smallest key, level by level from the leaves */
	for (l = 0; l <= h; l++) {
		minkey[l] = malloc(sizeof(unsigned int) * cnt[l]);
		if (!minkey[l])
			abort();
		for (j = 0, i = 0; j < cnt[l]; i += sz[l][j], j++)
			minkey[l][j] = l ? minkey[l - 1][i] : i;
	}
	/* breadth-first from the root (transform_to_cuda, main.c:645-745) */
	for (l = h + 1; l-- > 0;) {
		unsigned int child = first + cnt[l], c0 = 0;

		for (j = 0; j < cnt[l]; j++) {
			k = &t->node[first + j];
			m = sz[l][j];
			k->num_keys = l ? m + 1 : m + 2;
			for (i = 0; i <= BPT_ORDER; i++)
				k->keys[i] = i < BPT_ORDER ? INT_MAX : 0;
			k->keys[0] = INT_MIN;
			for (i = 1; i + 1 < k->num_keys; i++) {
				k->keys[i] = l ? (int)minkey[l - 1][c0 + i] :
						 (int)(minkey[0][j] + i - 1);
				k->indices[i] = l ? child + c0 + i :
						    minkey[0][j] + i - 1;
			}
			k->indices[0] = l ? child + c0 : 0;
			k->indices[k->num_keys - 1] = first + j + 1;
			if (l)
				c0 += m;
		}
		first += cnt[l];
	}
	for (l = 0; l <= h; l++) {
		free(sz[l]);
		free(minkey[l]);
	}
}

/* A launch's buffers and each query block's path and key. */
struct bpt_ctx {
	const struct bpt_tree *t;
	gva_t knodes, records, curr, offset, last, offset2;
	gva_t keys, start, end, ans, ans_len;
	const int *key, *key2;		/* findK's keys; start and end */
	unsigned int *path, *path2;	/* per block, root to leaf */
};

/* The thread of @n whose interval holds @key: keys[t] <= key < keys[t+1] */
static unsigned int bpt_pick(const struct bpt_knode *n, int key)
{
	unsigned int t = 0;

	while (t + 1 < BPT_ORDER && n->keys[t + 1] <= key)
		t++;
	return t;
}

/* The nodes query @key visits, root to leaf, into @path. */
static void bpt_descend(const struct bpt_tree *t, int key, unsigned int *path)
{
	unsigned int l, n = 0;

	for (l = 0; l < t->height; l++) {
		path[l] = n;
		n = t->node[n].indices[bpt_pick(&t->node[n], key)];
	}
	path[t->height] = n;
}

/*
 * One descent's memory instructions for thread @thid at level @l of
 * @path toward @key (k1:26-31, k2:29-43): the node pointer (a broadcast),
 * keys[thid], the key (a broadcast), keys[thid + 1] where keys[thid] <=
 * key (the && short-circuits), then for the one thread in the interval
 * indices[thid] and the new offset stored (findK loads offsetD first and
 * reads the node it names, the same one).
 */
struct bpt_desc {
	gva_t curr, key, offset;	/* currKnodeD, keysD/startD, offsetD */
	bool via_offset;		/* findK: indices of knodes[offsetD] */
};

static gva_t bpt_desc_step(const struct bpt_ctx *c, const struct bpt_desc *d,
			   unsigned int bid, unsigned int thid,
			   unsigned int node, int key, unsigned int s)
{
	const struct bpt_knode *k = &c->t->node[node];
	gva_t kn = c->knodes + BPT_KNODE * node;
	bool le = k->keys[thid] <= key;
	bool in = le && k->keys[thid + 1] > key;

	switch (s) {
	case 0:
		return d->curr + 8ULL * bid;
	case 1:
		return kn + BPT_KEYS + 4ULL * thid;
	case 2:
		return d->key + 4ULL * bid;
	case 3:
		return le ? kn + BPT_KEYS + 4ULL * (thid + 1) : GPU_SKIP;
	case 4:
		if (!in)
			return GPU_SKIP;
		return d->via_offset ? d->offset + 8ULL * bid :
		       kn + BPT_INDICES + 4ULL * thid;
	case 5:
		if (!in)
			return GPU_SKIP;
		return d->via_offset ? kn + BPT_INDICES + 4ULL * thid :
		       GPU_ST(d->offset + 8ULL * bid);
	default:
		return in && d->via_offset ?
		       GPU_ST(d->offset + 8ULL * bid) : GPU_SKIP;
	}
}

/*
 * A descent's registers, from register @b on: the node pointer, then
 * keys[thid] at it; the key independent; keys[thid + 1] after both (the
 * comparison); the interval's loads and stores each after the one
 * before (findK's offset, then the indices at it, then the store).
 */
static void bpt_desc_deps(unsigned int s, unsigned int b, struct gpu_dep *d)
{
	static const struct gpu_dep dep[7] = {
		{ 0, GPU_REG(0) },
		{ GPU_REG(0), GPU_REG(1) },
		{ 0, GPU_REG(2) },
		{ GPU_REG(1) | GPU_REG(2), GPU_REG(3) },
		{ GPU_REG(3), GPU_REG(4) },
		{ GPU_REG(4), GPU_REG(5) },
		{ GPU_REG(5), 0 },
	};

	d->src = dep[s].src << b;
	d->dst = dep[s].dst << b;
}

/* findK's: per level the descent, thread 0's offset then the store */
static void bpt_findk_deps(const void *ctx, const struct gpu_thread *t,
			   unsigned int step, struct gpu_dep *d)
{
	const struct bpt_ctx *c = ctx;
	unsigned int s = step % 9;

	if (step >= 9 * c->t->height)		/* the leaf: as a descent */
		bpt_desc_deps(step - 9 * c->t->height, 0, d);
	else if (s < 7)
		bpt_desc_deps(s, 0, d);
	else if (s == 7)
		d->dst = GPU_REG(6);
	else
		d->src = GPU_REG(6);
}

/* findK (k1:5-50): per level 9 instructions, then 6 at the leaf. */
static bool bpt_findk_addr(const void *ctx, const struct gpu_thread *t,
			   unsigned int step, gva_t *va)
{
	const struct bpt_ctx *c = ctx;
	const struct bpt_desc d = { c->curr, c->keys, c->offset, true };
	unsigned int bid = t->bx, thid = t->tx, l = step / 9, s = step % 9;
	const unsigned int *path = c->path + bid * (c->t->height + 1);
	int key = c->key[bid];
	const struct bpt_knode *leaf;
	unsigned int idx;

	if (l < c->t->height) {
		if (s < 7)
			*va = bpt_desc_step(c, &d, bid, thid, path[l], key, s);
		else if (thid)		/* k1:37-39, thread 0 */
			*va = GPU_SKIP;
		else
			*va = s == 7 ? c->offset + 8ULL * bid :
				       GPU_ST(c->curr + 8ULL * bid);
		return true;
	}
	s = step - 9 * c->t->height;	/* k1:46-48 */
	leaf = &c->t->node[path[c->t->height]];
	idx = leaf->indices[thid];
	if (s < 3) {
		*va = s == 0 ? c->curr + 8ULL * bid :
		      s == 1 ? c->knodes + BPT_KNODE * path[c->t->height] +
			       BPT_KEYS + 4ULL * thid :
			       c->keys + 4ULL * bid;
		return true;
	}
	if (s > 5)
		return false;
	if (leaf->keys[thid] != key)
		*va = GPU_SKIP;
	else
		*va = s == 3 ? c->knodes + BPT_KNODE * path[c->t->height] +
			       BPT_INDICES + 4ULL * thid :
		      s == 4 ? c->records + 4ULL * idx :
			       GPU_ST(c->ans + 4ULL * bid);
	return true;
}

/*
 * findRangeK (k2:5-66): per level the start descent (6 instructions), the
 * end descent (6), thread 0's two updates (4); then the start's leaf
 * (k2:56-58: 5) and the end's (k2:62-64: 6).
 */
static bool bpt_range_addr(const void *ctx, const struct gpu_thread *t,
			   unsigned int step, gva_t *va)
{
	const struct bpt_ctx *c = ctx;
	const struct bpt_desc ds = { c->curr, c->start, c->offset, false };
	const struct bpt_desc de = { c->last, c->end, c->offset2, false };
	unsigned int bid = t->bx, thid = t->tx, h = c->t->height;
	unsigned int l = step / 16, s = step % 16, leaf;
	const unsigned int *ps = c->path + bid * (h + 1);
	const unsigned int *pe = c->path2 + bid * (h + 1);

	if (l < h) {
		if (s < 6)
			*va = bpt_desc_step(c, &ds, bid, thid, ps[l],
					    c->key[bid], s);
		else if (s < 12)
			*va = bpt_desc_step(c, &de, bid, thid, pe[l],
					    c->key2[bid], s - 6);
		else if (thid)		/* k2:48-51, thread 0 */
			*va = GPU_SKIP;
		else
			*va = s == 12 ? c->offset + 8ULL * bid :
			      s == 13 ? GPU_ST(c->curr + 8ULL * bid) :
			      s == 14 ? c->offset2 + 8ULL * bid :
					GPU_ST(c->last + 8ULL * bid);
		return true;
	}
	s = step - 16 * h;
	if (s >= 11)
		return false;
	leaf = s < 5 ? ps[h] : pe[h];
	if (s == 0 || s == 5) {		/* currKnodeD / lastKnodeD */
		*va = (s ? c->last : c->curr) + 8ULL * bid;
	} else if (s == 1 || s == 6) {	/* the leaf's keys[thid] */
		*va = c->knodes + BPT_KNODE * leaf + BPT_KEYS + 4ULL * thid;
	} else if (s == 2 || s == 7) {	/* startD / endD */
		*va = (s == 2 ? c->start : c->end) + 4ULL * bid;
	} else if (c->t->node[leaf].keys[thid] !=
		   (s < 5 ? c->key[bid] : c->key2[bid])) {
		*va = GPU_SKIP;
	} else {
		*va = s == 3 || s == 8 ?
		      c->knodes + BPT_KNODE * leaf + BPT_INDICES + 4ULL * thid :
		      s == 4 ? GPU_ST(c->ans + 4ULL * bid) :
		      s == 9 ? c->ans + 4ULL * bid :
			       GPU_ST(c->ans_len + 4ULL * bid);
	}
	return true;
}

/*
 * findRangeK's: the start's descent from register 0, the end's from 8,
 * thread 0's two offset loads and the stores of them; at the leaves
 * likewise, the length's store after the end's index and the start's
 * answer reloaded.
 */
static void bpt_range_deps(const void *ctx, const struct gpu_thread *t,
			   unsigned int step, struct gpu_dep *d)
{
	const struct bpt_ctx *c = ctx;
	unsigned int h = c->t->height, s = step % 16;

	if (step >= 16 * h) {
		s = step - 16 * h;
		if (s < 5)
			bpt_desc_deps(s, 0, d);
		else if (s < 9)
			bpt_desc_deps(s - 5, 8, d);
		else if (s == 9)
			d->dst = GPU_REG(12);
		else
			d->src = GPU_REG(11) | GPU_REG(12);
	} else if (s < 6) {
		bpt_desc_deps(s, 0, d);
	} else if (s < 12) {
		bpt_desc_deps(s - 6, 8, d);
	} else {
		*(s & 1 ? &d->src : &d->dst) = GPU_REG(s == 12 || s == 13 ?
						       6 : 14);
	}
}

/* (rand() / (float)RAND_MAX) * size, as main.c:2187 and :2330 write it */
static int bpt_query(struct bpt_rand *g, unsigned int size)
{
	return (int)((float)bpt_rand(g) / (float)RAND_MAX * (float)size);
}

/* a line of kernel_gpu_cuda_wrapper.cu (findK's) or of _2.cu (findRangeK's) */
#define BPT_W1(l) "b+tree/kernel/kernel_gpu_cuda_wrapper.cu:" #l
#define BPT_W2(l) "b+tree/kernel/kernel_gpu_cuda_wrapper_2.cu:" #l

/*
 * A wrapper's device buffer: where the context keeps it, its size, the
 * host code's name and the lines of its cudaMalloc and its cudaFree.
 */
struct bpt_buf {
	gva_t *va;
	unsigned long long bytes;
	const char *name, *alloc_src, *free_src;
};

/* The wrapper's cudaMallocs of @b, then its copies in, in that order. */
static void bpt_bufs_in(const struct bpt_buf *b, unsigned int n,
			struct gpu_heap *h, struct gpu_sink *out)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		*b[i].va = gpu_alloc(h, b[i].bytes, b[i].name, b[i].alloc_src);
	for (i = 0; i < n; i++)
		gpu_memcpy(out, *b[i].va, b[i].bytes);
}

/* The wrapper's cudaFrees of @b, in that order. */
static void bpt_bufs_free(const struct bpt_buf *b, unsigned int n,
			  struct gpu_heap *h)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		gpu_free(h, *b[i].va, b[i].name, b[i].free_src);
}

#define BPT_NBUFS(b) (sizeof(b) / sizeof((b)[0]))

/* `j count rSize` (main.c:2272-2395): kernel_gpu_cuda_wrapper_2 */
static bool bpt_range(struct bpt_ctx *c, struct bpt_rand *g,
		      unsigned int count, unsigned int size,
		      struct gpu_heap *h, struct gpu_sink *out)
{
	unsigned int i, rsize = count, hp = c->t->height + 1;
	unsigned long long kb = BPT_KNODE * c->t->nnodes;
	int *start = malloc(sizeof(int) * count), *end = malloc(sizeof(int) * count);
	/* findRangeK: 24 registers (scripts/suite-regs) */
	struct gpu_launch l = { count, 1, BPT_ORDER, 1, 16 * c->t->height + 11,
				bpt_range_addr, c, 24, 0, bpt_range_deps };
	const struct bpt_buf b[] = {
		{ &c->knodes, kb, "knodesD", BPT_W2(108), BPT_W2(308) },
		{ &c->curr, 8ULL * count, "currKnodeD", BPT_W2(116), BPT_W2(310) },
		{ &c->offset, 8ULL * count, "offsetD", BPT_W2(124), BPT_W2(311) },
		{ &c->last, 8ULL * count, "lastKnodeD", BPT_W2(132), BPT_W2(312) },
		{ &c->offset2, 8ULL * count, "offset_2D", BPT_W2(140), BPT_W2(313) },
		{ &c->start, 4ULL * count, "startD", BPT_W2(148), BPT_W2(314) },
		{ &c->end, 4ULL * count, "endD", BPT_W2(156), BPT_W2(315) },
		{ &c->ans, 4ULL * count, "ansDStart", BPT_W2(168), BPT_W2(316) },
		{ &c->ans_len, 4ULL * count, "ansDLength", BPT_W2(176), BPT_W2(317) },
	};
	bool ok;

	c->path = malloc(sizeof(*c->path) * hp * count);
	c->path2 = malloc(sizeof(*c->path2) * hp * count);
	if (!start || !end || !c->path || !c->path2)
		abort();
	for (i = 0; i < count; i++) {	/* main.c:2329-2336 */
		start[i] = bpt_query(g, size);
		end[i] = start[i] + rsize;
		if (end[i] >= (int)size) {
			start[i] -= end[i] - size;
			end[i] = size - 1;
		}
		bpt_descend(c->t, start[i], c->path + hp * i);
		bpt_descend(c->t, end[i], c->path2 + hp * i);
	}
	c->key = start;
	c->key2 = end;
	bpt_bufs_in(b, BPT_NBUFS(b), h, out);	/* w2:108-176, :193-253 */
	ok = gpu_run(&l, out);				/* w2:263 */
	if (ok) {
		gpu_memcpy(out, c->ans, 4ULL * count);	/* w2:292, 299 */
		gpu_memcpy(out, c->ans_len, 4ULL * count);
		/* w2:308-317, before findK allocates its own */
		bpt_bufs_free(b, BPT_NBUFS(b), h);
	}
	free(start);
	free(end);
	free(c->path);
	free(c->path2);
	return ok;
}

/* `k count` (main.c:2142-2243): kernel_gpu_cuda_wrapper */
static void bpt_find(struct bpt_ctx *c, struct bpt_rand *g,
		     unsigned int count, unsigned int size,
		     struct gpu_heap *h, struct gpu_sink *out)
{
	unsigned int i, hp = c->t->height + 1;
	unsigned long long kb = BPT_KNODE * c->t->nnodes;
	int *keys = malloc(sizeof(int) * count);
	/* findK: 20 registers (scripts/suite-regs) */
	struct gpu_launch l = { count, 1, BPT_ORDER, 1, 9 * c->t->height + 6,
				bpt_findk_addr, c, 20, 0, bpt_findk_deps };
	const struct bpt_buf b[] = {
		{ &c->records, 4ULL * size, "recordsD", BPT_W1(106), BPT_W1(252) },
		{ &c->knodes, kb, "knodesD", BPT_W1(114), BPT_W1(253) },
		{ &c->curr, 8ULL * count, "currKnodeD", BPT_W1(122), BPT_W1(255) },
		{ &c->offset, 8ULL * count, "offsetD", BPT_W1(130), BPT_W1(256) },
		{ &c->keys, 4ULL * count, "keysD", BPT_W1(138), BPT_W1(257) },
		{ &c->ans, 4ULL * count, "ansD", BPT_W1(150), BPT_W1(258) },
	};

	c->path = malloc(sizeof(*c->path) * hp * count);
	if (!keys || !c->path)
		abort();
	for (i = 0; i < count; i++) {	/* main.c:2186-2188 */
		keys[i] = bpt_query(g, size);
		bpt_descend(c->t, keys[i], c->path + hp * i);
	}
	c->key = keys;
	bpt_bufs_in(b, BPT_NBUFS(b), h, out);	/* w1:106-150, :167-206 */
	if (gpu_run(&l, out)) {				/* w1:215 */
		gpu_memcpy(out, c->ans, 4ULL * count);	/* w1:243 */
		bpt_bufs_free(b, BPT_NBUFS(b), h);	/* w1:252-258 */
	}
	free(keys);
	free(c->path);
}

/*
 * The default: `file mil.txt command command.txt`, keys 0..999,999 and
 * `j 6000 3000` then `k 10000`; small: 65,536 keys, `j 1000 1000`,
 * `k 1000`.  rand() is never seeded (srand(1)'s sequence).
 */
void wl_bptree(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out)
{
	unsigned int size = o->small ? 65536 : 1000000;
	struct bpt_tree t;
	struct bpt_ctx c = { .t = &t };
	struct bpt_rand g;

	bpt_build(&t, size);
	bpt_srand(&g, 1);
	if (bpt_range(&c, &g, o->small ? 1000 : 6000, size, h, out))
		bpt_find(&c, &g, o->small ? 1000 : 10000, size, h, out);
	free(t.node);
}
