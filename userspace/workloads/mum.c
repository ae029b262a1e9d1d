// SPDX-License-Identifier: GPL-2.0
/*
 * mum.c - ISPASS 2009's MUM (MUMmerGPU: MUM/mummergpu.cu, the host code;
 * mummergpu_kernel.cu, mummergpuKernel) as its source runs it: the
 * queries and their index arrays, the reference, node and children
 * cudaArrays in the host's order, one launch of a thread per query, each
 * thread walking the reference's suffix tree (mum_tree.c) substring by
 * substring as the kernel does: children and node texels, reference texels
 * along an edge, the query's bytes, the suffix link, the results.  The
 * reference and queries are synthetic, with the package's files' shape
 * (Documentation/workload-sources.rst), or with --data those files, read
 * as the host code reads them.  A warp's threads are aligned as
 * SIMT execution aligns them: per substring, per edge, per character.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/mum.h"
#include "workloads/mum_tree.h"
#include "workloads/workloads.h"

#define MUM_QLEN 25		/* the reads' length (q25bp) */
#define MUM_QBYTES (MUM_QLEN + 2)	/* 'q' + bases + NUL */
#define MUM_MIN_MATCH 20	/* mummergpu_main.cpp:17 */
#define MUM_BLOCK 256
#define MUM_TEX_W 4096		/* MAX_TEXTURE_DIMENSION */
#define MUM_REF_PITCH 65536	/* mummergpu.cu:268 */
#define MUM_PAGE_PAD 4098	/* ceil((MAX_QUERY_LEN + 1) / 2) + 1 */

enum { MB_QRY, MB_ADDRS, MB_LENS, MB_REF, MB_NODE, MB_CHILD, MB_COORD,
       MB_COUNT };
#define MB_ST 0x10		/* the event is a store */
#define MB_TX 0x20		/* a texture fetch */

/* One memory instruction of a thread: its warp slot, buffer, offset. */
struct mum_ev {
	uint16_t slot;
	uint8_t buf;
	uint32_t off;
} __attribute__((packed));

/* A thread's walk before its warp's slots are known. */
struct mum_raw {
	uint8_t s, part, e, sub;	/* substring, part, edge, slot in edge */
	uint8_t buf;
	uint32_t off;
};

struct mum_ctx {
	const struct mum_tree *t;
	const char *ref;		/* m_string: 's' + bases + '$' */
	const char *qry;		/* 'q' + 25 bases + NUL each */
	unsigned int nq;
	gva_t base[MB_COUNT];
	struct mum_ev *ev;
	size_t nev, cap;
	size_t *first;			/* per thread: its first event */
	unsigned int *cursor, *nslots;	/* per thread; per warp */
	unsigned int maxslots;
	struct mum_stats *stats;
};

/* id2addr() (suffix-tree.cpp:995-1005) as a texel offset in its array */
static uint32_t mum_node_off(int id)
{
	unsigned int bigx = id & 0x1ffff, bigy = id >> 17;
	unsigned int y = (bigy << 5) + (bigx & 0x1f), x = bigx >> 5;

	return (uint32_t)gpu_tex2d_addr(0, MUM_TEX_W, 16, x, y);
}

/* getRef() (mummergpu_kernel.cu:41-48) */
static uint32_t mum_ref_off(int p)
{
	unsigned int bigx = p & 0x3ffff, bigy = p >> 18;

	return (uint32_t)gpu_tex2d_addr(0, MUM_REF_PITCH, 1, bigx >> 2,
					(bigy << 2) + (bigx & 3));
}

struct mum_walk {
	struct mum_raw *r;
	unsigned int n, cap;
	unsigned char edges[6], inner[6][32];
};

static void mum_rec(struct mum_walk *w, int s, int part, int e, int sub,
		    int buf, uint32_t off)
{
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 256;
		w->r = realloc(w->r, sizeof(*w->r) * w->cap);
		if (!w->r)
			abort();
	}
	w->r[w->n++] = (struct mum_raw){ (uint8_t)s, (uint8_t)part,
					 (uint8_t)e, (uint8_t)sub,
					 (uint8_t)buf, off };
}

/* set_result (kernel :21-39): two stores when the match is long enough */
static void mum_result(struct mum_walk *w, const struct mum_ctx *c,
		       unsigned int q, int s, int qml)
{
	uint32_t at = 8 * (6 * q + s);

	if (qml <= MUM_MIN_MATCH)
		return;
	mum_rec(w, s, 2, 0, 0, MB_COORD | MB_ST, at);		/* :36 */
	mum_rec(w, s, 2, 0, 1, MB_COORD | MB_ST, at + 4);	/* :37 */
	if (c->stats && c->stats->matched)
		c->stats->matched[6 * q + s] = 1;
}

/* The query byte at @i of the thread's current substring (kernel :96) */
#define MUM_Q(s, i) (q * MUM_QBYTES + (uint32_t)(s) + (uint32_t)(i))

/* A thread's registers in the kernel (:77-101) */
struct mum_regs {
	int cur, prev, node, mustmatch, qml, refpos;
	char ch;
};

enum { MUM_NEXT_EDGE, MUM_NO_EDGE, MUM_MISMATCH };

/*
 * Edge @e of substring @s (kernel :116-203): the children texel, the
 * child's node texel, the next query byte, then per edge character the
 * reference texel and the next byte until a mismatch.
 */
static int mum_edge(const struct mum_ctx *c, unsigned int q, int s, int e,
		    struct mum_regs *g, struct mum_walk *w)
{
	const struct mum_tree *t = c->t;
	const char *qs = c->qry + (size_t)q * MUM_QBYTES;
	int k, r, edgelen;

	w->inner[s][e] = 0;
	mum_rec(w, s, 1, e, 0, MB_CHILD | MB_TX, mum_node_off(g->cur));
	g->prev = g->cur;					/* :121-134 */
	k = mum_b2i(g->ch);				/* :124-130 */
	g->cur = k < 0 || k > 3 ? 0 : t->child[g->cur][k];
	if (!g->cur)
		return MUM_NO_EDGE;
	g->node = g->cur;
	mum_rec(w, s, 1, e, 1, MB_NODE | MB_TX, mum_node_off(g->cur));
	if (g->mustmatch) {					/* :156-176 */
		edgelen = t->end[g->node] - t->start[g->node] + 1;
		if (g->mustmatch >= edgelen) {
			g->refpos = t->end[g->node] + 1;
			g->qml += edgelen;
			g->mustmatch -= edgelen;
		} else {
			g->qml += g->mustmatch;
			g->refpos = t->start[g->node] + g->mustmatch;
			g->mustmatch = 0;
		}
	} else {
		g->qml++;
		g->refpos = t->start[g->node] + 1;
	}
	g->ch = qs[s + g->qml];
	mum_rec(w, s, 1, e, 2, MB_QRY, MUM_Q(s, g->qml));	/* :184 */
	for (r = 0; g->refpos <= t->end[g->node] && g->ch; r++) {
		mum_rec(w, s, 1, e, 3 + 2 * r, MB_REF | MB_TX,
			mum_ref_off(g->refpos));		/* :188 */
		w->inner[s][e] = (unsigned char)(r + 1);
		if (c->ref[g->refpos] != g->ch)
			return MUM_MISMATCH;
		g->qml++;
		g->refpos++;
		g->ch = qs[s + g->qml];
		mum_rec(w, s, 1, e, 4 + 2 * r, MB_QRY, MUM_Q(s, g->qml));
	}
	return MUM_NEXT_EDGE;
}

/*
 * Query @q's walk, mummergpuKernel (:67-228) step for step: per
 * substring start s (0-5), from the root or the previous substring's
 * suffix link, its edges (mum_edge), the result, the suffix link's texel.
 */
static void mum_thread(const struct mum_ctx *c, unsigned int q,
		       struct mum_walk *w)
{
	const char *qs = c->qry + (size_t)q * MUM_QBYTES;
	struct mum_regs g = { 0 };
	int s, e, how;

	mum_rec(w, 0xff, 0, 0, 0, MB_LENS, 4 * q);		/* :79 */
	mum_rec(w, 0xff, 0, 0, 1, MB_ADDRS, 4 * q);		/* :88 */
	for (s = 0; s <= MUM_QLEN - MUM_MIN_MATCH; s++) {
		if (!g.cur || g.qml < 1) {			/* :103-109 */
			g.cur = 1;
			g.qml = 1;
			g.mustmatch = 0;
		}
		g.ch = qs[s + g.qml];
		mum_rec(w, s, 0, 0, 0, MB_QRY, MUM_Q(s, g.qml)); /* :111 */
		g.refpos = 0;
		how = MUM_NEXT_EDGE;
		for (e = 0; g.ch && how == MUM_NEXT_EDGE; e++)
			how = mum_edge(c, q, s, e, &g, w);
		w->edges[s] = (unsigned char)e;
		if (how == MUM_NO_EDGE) {			/* :136-145 */
			mum_result(w, c, q, s, g.qml);
			g.qml -= 1;
			g.mustmatch = 0;
		} else {					/* :207-213 */
			mum_result(w, c, q, s, g.qml);
			g.mustmatch = g.refpos - c->t->start[g.node];
			g.qml -= g.mustmatch + 1;
		}
		/* :215-218 */
		mum_rec(w, s, 3, 0, 0, MB_NODE | MB_TX, mum_node_off(g.prev));
		g.cur = c->t->suffix[g.prev];
	}
}

static void mum_push(struct mum_ctx *c, struct mum_ev ev)
{
	if (c->nev == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1 << 16;
		c->ev = realloc(c->ev, sizeof(*c->ev) * c->cap);
		if (!c->ev)
			abort();
	}
	c->ev[c->nev++] = ev;
}

/*
 * One warp's threads walked, then their events placed in the warp's
 * slots: the SIMT stack keeps a warp together until a branch's threads
 * reconverge, so per substring its threads meet at the first query byte,
 * at each edge's children fetch, at each edge character and at the
 * results; a thread with nothing to do in a slot idles (GPU_SKIP).
 */
static void mum_warp(struct mum_ctx *c, unsigned int w, struct mum_walk *wk)
{
	unsigned char E[6] = { 0 }, R[6][32] = { { 0 } };
	unsigned int base[6], start[6][32], tail[6], p = 2, i, s, e, q;
	const struct mum_raw *r;
	unsigned int slot;

	for (i = 0; i < GPU_WARP; i++) {
		q = w * GPU_WARP + i;
		wk[i].n = 0;
		if (q >= c->nq)
			continue;
		mum_thread(c, q, &wk[i]);
		for (s = 0; s < 6; s++) {
			if (wk[i].edges[s] > E[s])
				E[s] = wk[i].edges[s];
			for (e = 0; e < wk[i].edges[s]; e++)
				if (wk[i].inner[s][e] > R[s][e])
					R[s][e] = wk[i].inner[s][e];
		}
	}
	for (s = 0; s < 6; s++) {
		base[s] = p++;
		for (e = 0; e < E[s]; e++) {
			start[s][e] = p;
			p += 3 + 2 * R[s][e];
		}
		tail[s] = p;
		p += 3;
	}
	c->nslots[w] = p;
	if (p > c->maxslots)
		c->maxslots = p;
	for (i = 0; i < GPU_WARP; i++) {
		q = w * GPU_WARP + i;
		if (q >= c->nq)
			break;
		c->first[q] = c->nev;
		for (r = wk[i].r; r < wk[i].r + wk[i].n; r++) {
			if (r->s == 0xff)
				slot = r->sub;
			else if (r->part == 0)
				slot = base[r->s];
			else if (r->part == 1)
				slot = start[r->s][r->e] + r->sub;
			else
				slot = tail[r->s] + (r->part == 2 ? r->sub : 2);
			mum_push(c, (struct mum_ev){ (uint16_t)slot, r->buf,
						     r->off });
		}
	}
}

static bool mum_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct mum_ctx *c = p;
	unsigned int q = t->bx * MUM_BLOCK + t->tx;
	const struct mum_ev *ev;
	size_t i;

	if (q >= c->nq || step >= c->nslots[q / GPU_WARP])
		return false;
	i = c->first[q] + c->cursor[q];
	ev = &c->ev[i];
	if (i >= c->first[q + 1] || ev->slot != step) {
		*va = GPU_SKIP;
		return true;
	}
	c->cursor[q]++;
	*va = c->base[ev->buf & 7] + ev->off;
	if (ev->buf & MB_ST)
		*va = GPU_ST(*va);
	if (ev->buf & MB_TX)
		*va = GPU_TX(*va);
	return true;
}

/*
 * The host's allocations and copies in order (mummergpu.cu:488-577): the
 * queries and their index arrays, the reference (65,536 wide, 4 spare
 * rows, :320-341), the node and children textures (suffix-tree.cpp:992),
 * six MatchCoords of 8 bytes per query (memset: no traffic).
 */
static void mum_buffers(struct mum_ctx *c, int n, struct gpu_heap *h,
			struct gpu_sink *out)
{
	unsigned long long qb = (unsigned long long)c->nq * MUM_QBYTES;
	unsigned long long refrows, texh, tb;

	c->base[MB_QRY] = gpu_alloc(h, qb, "d_tex_array",
				    "MUM/mummergpu.cu:488");
	gpu_memcpy(out, c->base[MB_QRY], qb);
	c->base[MB_ADDRS] = gpu_alloc(h, 4ULL * c->nq, "d_addrs_tex_array",
				      "MUM/mummergpu.cu:497");
	gpu_memcpy(out, c->base[MB_ADDRS], 4ULL * c->nq);
	c->base[MB_LENS] = gpu_alloc(h, 4ULL * c->nq, "d_lengths_array",
				     "MUM/mummergpu.cu:507");
	gpu_memcpy(out, c->base[MB_LENS], 4ULL * c->nq);
	refrows = ((unsigned long long)n + MUM_PAGE_PAD + 3 +
		   MUM_REF_PITCH - 1) / MUM_REF_PITCH + 4;
	c->base[MB_REF] = gpu_alloc_array(h, MUM_REF_PITCH * refrows,
					  "d_ref_tex_array",
					  "MUM/mummergpu.cu:334");
	gpu_memcpy(out, c->base[MB_REF], MUM_REF_PITCH * refrows);
	texh = (c->t->nnodes + 1ULL + MUM_TEX_W - 1) / MUM_TEX_W + 32;
	tb = 16ULL * MUM_TEX_W * texh;
	c->base[MB_NODE] = gpu_alloc_array(h, tb, "d_node_tex_array",
					   "MUM/mummergpu.cu:395");
	gpu_memcpy(out, c->base[MB_NODE], tb);
	c->base[MB_CHILD] = gpu_alloc_array(h, tb, "d_children_tex_array",
					    "MUM/mummergpu.cu:421");
	gpu_memcpy(out, c->base[MB_CHILD], tb);
	c->base[MB_COORD] = gpu_alloc(h, 48ULL * c->nq, "d_match_coords",
				      "MUM/mummergpu.cu:573");
}

/*
 * The host's frees after the match (mummergpu.cu:1100-1121): the tree's
 * two arrays (:461, :465) and the reference's (:371, unloadReferenceTexture
 * at :468), the results (:594), the queries' three buffers (:536-542).
 */
static void mum_free(const struct mum_ctx *c, struct gpu_heap *h)
{
	gpu_free_array(h, c->base[MB_NODE], "d_node_tex_array",
		       "MUM/mummergpu.cu:461");
	gpu_free_array(h, c->base[MB_CHILD], "d_children_tex_array",
		       "MUM/mummergpu.cu:465");
	gpu_free_array(h, c->base[MB_REF], "d_ref_tex_array",
		       "MUM/mummergpu.cu:371");
	gpu_free(h, c->base[MB_COORD], "d_match_coords",
		 "MUM/mummergpu.cu:594");
	gpu_free(h, c->base[MB_QRY], "d_tex_array", "MUM/mummergpu.cu:536");
	gpu_free(h, c->base[MB_ADDRS], "d_addrs_tex_array",
		 "MUM/mummergpu.cu:539");
	gpu_free(h, c->base[MB_LENS], "d_lengths_array",
		 "MUM/mummergpu.cu:542");
}

void mum_run_input(const char *bases, int n, const char *qry,
		   unsigned int nq, struct gpu_heap *h, struct gpu_sink *out,
		   struct mum_stats *stats)
{
	struct mum_tree t;
	char *ms = malloc((size_t)n + 3);
	struct mum_walk *wk = calloc(GPU_WARP, sizeof(*wk));
	unsigned int nw = (nq + GPU_WARP - 1) / GPU_WARP, w, i;
	struct mum_ctx c = { .t = &t, .qry = qry, .nq = nq, .stats = stats };
	/*
	 * a walk: each fetch's value names the next one's address or
	 * decides whether it happens (a chain, the scoreboard's default)
	 */
	/* mummergpuKernel: 27 registers (scripts/suite-regs) */
	struct gpu_launch l = { (nq + MUM_BLOCK - 1) / MUM_BLOCK, 1,
				nq < MUM_BLOCK ? nq : MUM_BLOCK, 1, 0,
				mum_addr, &c, 27, 0, NULL };

	if (!ms || !wk)
		abort();
	ms[0] = 's';
	memcpy(ms + 1, bases, n);
	ms[n + 1] = '$';
	ms[n + 2] = 0;
	c.ref = ms;
	mum_tree_build(&t, bases, n);
	c.first = malloc(sizeof(*c.first) * (nq + 1));
	c.cursor = calloc(nq, sizeof(*c.cursor));
	c.nslots = calloc(nw, sizeof(*c.nslots));
	if (!c.first || !c.cursor || !c.nslots)
		abort();
	mum_buffers(&c, n, h, out);
	for (w = 0; w < nw; w++)
		mum_warp(&c, w, wk);
	c.first[nq] = c.nev;
	l.steps = c.maxslots;
	if (gpu_run(&l, out)) {					/* :1015 */
		gpu_memcpy(out, c.base[MB_COORD], 48ULL * nq);	/* :616 */
		mum_free(&c, h);
	}
	for (i = 0; i < GPU_WARP; i++)
		free(wk[i].r);
	free(wk);
	free(c.ev);
	free(c.first);
	free(c.cursor);
	free(c.nslots);
	free(ms);
	mum_tree_free(&t);
}

/* A base drawn with the package reference's composition (A 33.2 %, C
 * 15.3 %, G 21.0 %, T 30.5 %). */
static char mum_draw(unsigned long long *seed)
{
	unsigned int v = (unsigned int)(workload_rand(seed) % 1000);

	return v < 332 ? 'A' : v < 485 ? 'C' : v < 695 ? 'G' : 'T';
}

/*
 * The default `NC_003997.20k.fna NC_003997_q25bp.50k.fna`: a reference of
 * the file's 1,399,930 bases and 50,000 reads of 25 bp, of which 26.9 %
 * occur in it whole (the file's measured share) and the rest are drawn
 * afresh (the package's reads come from the whole genome); small: an
 * eighth of the reference, 8,192 reads; --inputs table1 (fitted, not the
 * package's): the largest reference one tree page holds,
 * BASES_PER_TREE_PAGE = 7,500,000 bases, and 65,536 reads.  Seeded.
 * With --data (o->input), the files themselves (mum_read_input()).
 */
void wl_mum(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	const struct mum_input *in = o->input;
	int n = o->small ? 1399930 / 8 : o->table1 ? 7500000 : 1399930;
	unsigned int nq = o->small ? 8192 : o->table1 ? 65536 : 50000;
	int i, j, at;
	unsigned long long seed = o->seed * 0x9e3779b97f4a7c15ULL | 1;
	char *ref, *qry, *q;

	if (in) {		/* --data: the package's files */
		mum_run_input(in->ref, in->n, in->qry, in->nq, h, out, NULL);
		return;
	}
	ref = malloc(n);
	qry = malloc((size_t)nq * MUM_QBYTES);
	if (!ref || !qry)
		abort();
	for (i = 0; i < n; i++)
		ref[i] = mum_draw(&seed);
	for (i = 0; i < (int)nq; i++) {
		q = qry + (size_t)i * MUM_QBYTES;
		q[0] = 'q';
		if (workload_rand(&seed) % 1000 < 269) {
			at = (int)(workload_rand(&seed) % (n - MUM_QLEN));
			memcpy(q + 1, ref + at, MUM_QLEN);
		} else {
			for (j = 0; j < MUM_QLEN; j++)
				q[1 + j] = mum_draw(&seed);
		}
		q[MUM_QLEN + 1] = 0;
	}
	mum_run_input(ref, n, qry, nq, h, out, NULL);
	free(ref);
	free(qry);
}

/* A character of a sequence: a letter, '-' or '*' (FASTA's alphabet). */
static bool mum_seq_char(int c)
{
	return isalpha(c) || c == '-' || c == '*';
}

/* A message for character @c of @what, not one of a sequence: -1. */
static int mum_bad_char(const char *path, unsigned long long line, int c,
			const char *what)
{
	char shown[16];

	snprintf(shown, sizeof(shown), isprint(c) ? "'%c'" : "byte 0x%02x",
		 c);
	return workload_input_error(path, line,
				    "%s in %s: not a base (a sequence holds letters, '-' and '*')",
				    shown, what);
}

/*
 * getReferenceString()'s header (suffix-tree.cpp:1265-1274): one '>'
 * line, read into 2,048 bytes (:1266-1267: at most 2,047 characters);
 * @line past it.
 */
static int mum_ref_header(FILE *f, const char *path, unsigned long long *line)
{
	size_t len = 1;
	int c = getc(f);

	if (c != '>')
		return workload_input_error(path, 1,
					    "not FASTA: the first line is not a '>' header (getReferenceString skips it as one, suffix-tree.cpp:1265-1274)");
	/* read no further than the room: an endless line is no hang */
	while (len <= 2047 && (c = getc(f)) != EOF && c != '\n')
		len++;
	*line += c == '\n';
	if (len > 2047)
		return workload_input_error(path, 1,
					    "a header of more than 2,047 characters: getReferenceString reads at most 2,047 (suffix-tree.cpp:1266-1267)");
	return 0;
}

/* Base @c into the reference (:1290-1300: ACGT upper case, else 'A'). */
static int mum_ref_add(struct mum_input *in, size_t *cap, const char *path,
		       unsigned long long line, int c)
{
	if (!mum_seq_char(c))
		return mum_bad_char(path, line, c, "the reference");
	if (in->n == MUM_MAX_BASES)
		return workload_input_error(path, line,
					    "more than %d bases: the host code would split the reference into tree pages (BASES_PER_TREE_PAGE, mummergpu.cu:1154-1157), which the model does not",
					    MUM_MAX_BASES);
	if ((size_t)in->n == *cap) {
		*cap = *cap ? 2 * *cap : 1 << 16;
		in->ref = realloc(in->ref, *cap);
		if (!in->ref)
			abort();
	}
	c = toupper(c);
	in->ref[in->n++] = (char)(mum_b2i((char)c) >= 0 ? c : 'A');
	return 0;
}

/*
 * The reference (suffix-tree.cpp:1249-1311): the header, then words of
 * bases; a word starting with '>' is a second sequence (:1280-1287).
 */
static int mum_read_ref(struct mum_input *in, const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned long long line = 1;
	bool word = false;
	size_t cap = 0;
	int c, ret;

	if (!f) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	ret = mum_ref_header(f, path, &line);
	while (!ret && (c = getc(f)) != EOF) {
		if (isspace(c)) {
			line += c == '\n';
			word = false;
		} else if (c == '>' && !word) {
			ret = workload_input_error(path, line,
						   "a second sequence: getReferenceString reads one (suffix-tree.cpp:1280-1287)");
		} else {
			ret = mum_ref_add(in, &cap, path, line, c);
			word = true;
		}
	}
	if (!ret && ferror(f))
		ret = workload_input_error(path, line, "%s", strerror(errno));
	if (!ret && !in->n)
		ret = workload_input_error(path, 1, "no bases after the header");
	fclose(f);
	return ret;
}

/* getQueriesTexture()'s reading (suffix-tree.cpp:1392-1531), its state. */
struct mum_qread {
	struct mum_input *in;
	const char *path;
	unsigned long long line, head;	/* now; the query's header's */
	unsigned long long len;		/* the query's bases so far */
	unsigned int dropped, cap;
	bool any, inheader;
	char bases[MUM_QLEN];
	char name[40];
};

/*
 * The query read ended (at a header or the end, :1446-1463, 1533-1550):
 * under 20 bases left out, 25 kept as 'q' + bases + NUL, others refused.
 */
static int mum_query_end(struct mum_qread *q)
{
	struct mum_input *in = q->in;
	char *p;

	if (!q->any || q->len < MUM_MIN_MATCH)
		return q->any ? (q->dropped++, 0) : 0;
	if (q->len != MUM_QLEN)
		return workload_input_error(q->path, q->head,
					    "query '%s' has %llu bases: the model runs reads of %d (the package's q25bp; the host code leaves out only reads under %d, suffix-tree.cpp:1448-1456)",
					    q->name, q->len, MUM_QLEN,
					    MUM_MIN_MATCH);
	if (in->nq == MUM_MAX_QUERIES)
		return workload_input_error(q->path, q->head,
					    "more than %u queries: the model keeps every read's walk in memory",
					    MUM_MAX_QUERIES);
	if (in->nq == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 1024;
		in->qry = realloc(in->qry, (size_t)q->cap * MUM_QBYTES);
		if (!in->qry)
			abort();
	}
	p = in->qry + (size_t)in->nq++ * MUM_QBYTES;
	p[0] = 'q';
	memcpy(p + 1, q->bases, MUM_QLEN);
	p[MUM_QLEN + 1] = '\0';
	return 0;
}

/*
 * Character @c of the query file (:1404-1524): in a header, its name to
 * the line's end; '>' a new query; white space skipped; A C G T (either
 * case) bases, other letters the ambiguous 'x' (:1513-1516).
 */
static int mum_query_char(struct mum_qread *q, int c)
{
	size_t k;

	if (q->inheader) {
		k = strlen(q->name);
		if (c == '\n') {
			q->inheader = false;
		} else if (k + 1 < sizeof(q->name) && isprint(c)) {
			q->name[k] = (char)c;
			q->name[k + 1] = '\0';
		}
	} else if (c == '>') {
		if (mum_query_end(q))
			return -1;
		q->any = q->inheader = true;
		q->head = q->line;
		q->len = 0;
		q->name[0] = '\0';
	} else if (!isspace(c)) {
		if (!mum_seq_char(c))
			return mum_bad_char(q->path, q->line, c, "a query");
		if (!q->any)
			return workload_input_error(q->path, q->line,
						    "a base before the first '>' header (getQueriesTexture takes a query's bases after its header, suffix-tree.cpp:1429-1502)");
		c = toupper(c);
		if (q->len < MUM_QLEN)
			q->bases[q->len] = (char)(mum_b2i((char)c) >= 0 ?
						  c : 'x');
		q->len++;
	}
	q->line += c == '\n';
	return 0;
}

/* The queries (:1339-1550) into @in: 0, or -1 after a message. */
static int mum_read_queries(struct mum_input *in, const char *path)
{
	struct mum_qread q = { .in = in, .path = path, .line = 1 };
	FILE *f = fopen(path, "r");
	int c, last = 0, ret = 0;

	if (!f) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (!ret && (c = getc(f)) != EOF) {
		ret = mum_query_char(&q, c);
		last = c;
	}
	/* the file's last line, not the empty one after its newline */
	q.line -= last == '\n' && q.line > 1;
	if (!ret && ferror(f))
		ret = workload_input_error(path, q.line, "%s", strerror(errno));
	if (!ret)
		ret = mum_query_end(&q);
	if (!ret && !in->nq)
		ret = workload_input_error(path, q.line,
					   "no query of %d bases or more",
					   MUM_MIN_MATCH);
	in->dropped = q.dropped;
	fclose(f);
	return ret;
}

int mum_read_input(struct mum_input *in, const char *path,
		   const char *qpath)
{
	memset(in, 0, sizeof(*in));
	if (!mum_read_ref(in, path) && !mum_read_queries(in, qpath))
		return 0;
	mum_free_input(in);
	return -1;
}

void mum_free_input(struct mum_input *in)
{
	free(in->ref);
	free(in->qry);
	memset(in, 0, sizeof(*in));
}

void *wl_mum_load(const char *dir)
{
	char *ref = workload_data_path(dir, WL_MUM_REFERENCE);
	char *qry = workload_data_path(dir, WL_MUM_QUERIES);
	struct mum_input *in = malloc(sizeof(*in));

	if (!in)
		abort();
	if (!ref || !qry || mum_read_input(in, ref, qry)) {
		free(in);
		in = NULL;
	}
	free(ref);
	free(qry);
	return in;
}

void wl_mum_say(const void *input, FILE *f)
{
	const struct mum_input *in = input;

	fprintf(f, "NC_003997.20k.fna: %d reference bases; NC_003997_q25bp.50k.fna: %u queries of %d bases",
		in->n, in->nq, MUM_QLEN);
	if (in->dropped)
		fprintf(f, " (and %u under %d bases left out, as the host code leaves them: suffix-tree.cpp:1448-1456)",
			in->dropped, MUM_MIN_MATCH);
}

void wl_mum_unload(void *input)
{
	mum_free_input(input);
	free(input);
}
