// SPDX-License-Identifier: GPL-2.0
/*
 * gpu_sim.c - the GPU execution model (gpu_sim.h): CTA dealing, GTO warp
 * schedulers, load latencies, the L1D and L2 caches, and the stream the
 * IOTLB sees at its placement.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/gpu_sim.h"

static void heap_tell(struct gpu_heap *h, gva_t va, unsigned long long bytes,
		      const char *call, const char *space, const char *name,
		      const char *src, bool free)
{
	struct gpu_alloc_rec r = { va, bytes, call, space, name, src, free };

	if (h->on_alloc)
		h->on_alloc(h->arg, &r);
}

/* Insert @b into the @n blocks at @v (by address); false out of memory. */
static bool blocks_insert(struct gpu_block **v, unsigned int *n,
			  unsigned int *cap, struct gpu_block b)
{
	unsigned int i;

	if (*n == *cap) {
		unsigned int c = *cap ? 2 * *cap : 16;
		struct gpu_block *p = realloc(*v, c * sizeof(*p));

		if (!p)
			return false;
		*v = p;
		*cap = c;
	}
	for (i = *n; i && (*v)[i - 1].va > b.va; i--)
		(*v)[i] = (*v)[i - 1];
	(*v)[i] = b;
	(*n)++;
	return true;
}

static void blocks_remove(struct gpu_block *v, unsigned int *n,
			  unsigned int i)
{
	memmove(&v[i], &v[i + 1], (*n - i - 1) * sizeof(*v));
	(*n)--;
}

/* The reusing allocator's lowest free block of @size or more, split. */
static gva_t reuse_fit(struct gpu_heap *h, unsigned long long size)
{
	unsigned int i;
	gva_t va;

	for (i = 0; i < h->nfree && h->free[i].bytes < size; i++)
		;
	if (i == h->nfree)
		return 0;
	va = h->free[i].va;
	h->free[i].va += size;
	h->free[i].bytes -= size;
	if (!h->free[i].bytes)
		blocks_remove(h->free, &h->nfree, i);
	return va;
}

static gva_t heap_alloc(struct gpu_heap *h, unsigned long long bytes,
			const char *call, const char *space, const char *name,
			const char *src)
{
	unsigned long long align = h->layout == GPU_LAYOUT_ALIGNED ?
				   GPU_ALIGNED_ALIGN : GPU_PACKED_ALIGN;
	unsigned long long size = (bytes + align - 1) & ~(align - 1);
	gva_t va = 0;

	if (!h->next)
		h->next = h->layout == GPU_LAYOUT_ALIGNED ? GPU_HEAP_BASE :
							    GPU_PACKED_BASE;
	if (h->allocator == GPU_ALLOC_REUSE)
		va = reuse_fit(h, size);
	if (!va) {
		va = h->next;
		h->next += size;
	}
	if (size && !blocks_insert(&h->live, &h->nlive, &h->cap_live,
			   (struct gpu_block){ va, size, bytes }))
		abort();
	heap_tell(h, va, bytes, call, space, name, src, false);
	return va;
}

gva_t gpu_alloc(struct gpu_heap *h, unsigned long long bytes,
		const char *name, const char *src)
{
	return heap_alloc(h, bytes, "cudaMalloc", "global", name, src);
}

gva_t gpu_alloc_array(struct gpu_heap *h, unsigned long long bytes,
		      const char *name, const char *src)
{
	return heap_alloc(h, bytes, "cudaMallocArray", "cudaArray", name, src);
}

gva_t gpu_const_alloc(struct gpu_heap *h, unsigned long long bytes,
		      const char *name, const char *src)
{
	unsigned long long align = 128;
	gva_t va;

	if (!h->static_next)
		h->static_next = GPU_STATIC_BASE;
	if (bytes && bytes < 128 && !(bytes & (bytes - 1)))
		align = bytes;
	va = (h->static_next + align - 1) / align * align;
	h->static_next = va + bytes;
	heap_tell(h, va, bytes, "__constant__", "constant", name, src, false);
	return va;
}

/* @va's live block taken off the list into *@b; false if none. */
static bool live_take(struct gpu_heap *h, gva_t va, struct gpu_block *b)
{
	unsigned int i;

	for (i = 0; i < h->nlive && h->live[i].va != va; i++)
		;
	if (i == h->nlive)
		return false;	/* not a live block: CUDA's error, no change */
	*b = h->live[i];
	blocks_remove(h->live, &h->nlive, i);
	return true;
}

/* The reusing allocator's free: block @b merged into the free list. */
static void reuse_release(struct gpu_heap *h, struct gpu_block b)
{
	unsigned int i;

	if (!blocks_insert(&h->free, &h->nfree, &h->cap_free, b))
		abort();
	for (i = 0; i + 1 < h->nfree; i++) {
		if (h->free[i].va + h->free[i].bytes != h->free[i + 1].va)
			continue;
		h->free[i].bytes += h->free[i + 1].bytes;
		blocks_remove(h->free, &h->nfree, i + 1);
		i--;
	}
	if (h->nfree && h->free[h->nfree - 1].va +
			h->free[h->nfree - 1].bytes == h->next) {
		h->next = h->free[h->nfree - 1].va;
		h->nfree--;
	}
}

static void heap_free(struct gpu_heap *h, gva_t va, const char *call,
		      const char *space, const char *name, const char *src)
{
	struct gpu_block b = { 0 };

	if (live_take(h, va, &b) && h->allocator == GPU_ALLOC_REUSE)
		reuse_release(h, b);
	heap_tell(h, va, b.asked, call, space, name, src, true);
}

void gpu_free(struct gpu_heap *h, gva_t va, const char *name, const char *src)
{
	heap_free(h, va, "cudaFree", "global", name, src);
}

void gpu_free_array(struct gpu_heap *h, gva_t va, const char *name,
		    const char *src)
{
	heap_free(h, va, "cudaFreeArray", "cudaArray", name, src);
}

void gpu_heap_done(struct gpu_heap *h)
{
	free(h->live);
	free(h->free);
	h->live = h->free = NULL;
	h->nlive = h->nfree = h->cap_live = h->cap_free = 0;
}

/*
 * A set-associative LRU cache of 128-byte lines; tag 0 is empty.  A line
 * is allocated when its miss is sent, its data there at @ready (the MSHR
 * holds the requests that hit it before then); @valid, the L2's sectors
 * with data (a write miss allocates without reading).
 */
struct gpu_cache {
	unsigned int ways;
	gva_t *tag;			/* line + 1 */
	unsigned long long *used;	/* LRU stamps */
	unsigned long long *ready;	/* the cycle its data arrives */
	unsigned char *valid;		/* sectors with data */
	bool *dirty;			/* written since its fill (the L2) */
	/* its fill's record while that waits for a translation (index + 1) */
	unsigned int *xl;
};

/*
 * A warp instruction waiting for its translations (gpu_sink.xl): on SM
 * @sm, warp slot @warp; @pending translations not yet known, the last to
 * complete at @done; then its registers @regs (or, @direct, the warp
 * itself: ld.param, a fetch) ready @lat cycles later.  @open while the
 * instruction is still making its requests.
 */
struct xl_group {
	unsigned int sm, warp, pending, next;
	unsigned int fills;		/* its fill records (index + 1), or 0 */
	unsigned long long regs, lat, done;
	bool open, direct;
};

/*
 * What waits for the translations of group @grp (index + 1) still
 * pending (gpu_xlate.translate's GPU_XLATE_PENDING), done by
 * xl_fills_apply(): a line it filled, way @way of @c, its data @rel
 * cycles after the translations complete if the way still holds @tag
 * then; or (@c NULL) a later instruction, group @tag, that found such a
 * line in flight (MSHR-merged): its data at the completion + @rel, at
 * least @floor, less its latency as counted.  @next: the group's next
 * record or the free list's (index + 1).
 */
struct xl_fill {
	struct gpu_cache *c;
	unsigned int way, next, grp;
	gva_t tag;
	long long rel;
	unsigned long long floor;
};

/* A register (or warp) waiting for a translation not yet known */
#define XL_WAIT (~0ULL - 1)

struct gpu_sm;

struct gpu_state {
	struct gpu_cache l1[GPU_SMS], tex[GPU_SMS], cst[GPU_SMS], il1[GPU_SMS];
	struct gpu_cache l2;
	bool l1_used[GPU_SMS];		/* filled since its last flush */
	unsigned int last_sm;		/* the last SM dealt a CTA */
	unsigned long long rng, stamp, cycle, ctas, warm_at, age;
	double jitter;
	bool warm_set, emitting;
	/*
	 * translation in the loop: the instructions waiting (a slab with a
	 * free list), the one issuing (index + 1, 0: none) and whether its
	 * current request is a load, the cycle, the instructions so far,
	 * the launch's SMs (NULL between launches)
	 */
	struct xl_group *grp;
	unsigned int grp_cap, grp_used, grp_free, cur;
	unsigned int sm;		/* the SM of the request, GPU_SMS: none */
	bool waits;
	/*
	 * the request's own translation (a load's, not a write-back's): the
	 * cycles it completes after the request is made, or pending; the
	 * lines the request fills get their data that much later
	 */
	unsigned long long xl_delay;
	bool xl_pend;
	struct xl_fill *fill;
	unsigned int fill_cap, fill_used, fill_free;
	unsigned long long now, inst;
	struct gpu_sm *sms;
};

static int cache_init(struct gpu_cache *c, unsigned int sets,
		      unsigned int ways)
{
	c->ways = ways;
	c->tag = calloc((size_t)sets * ways, sizeof(*c->tag));
	c->used = calloc((size_t)sets * ways, sizeof(*c->used));
	c->ready = calloc((size_t)sets * ways, sizeof(*c->ready));
	c->valid = calloc((size_t)sets * ways, sizeof(*c->valid));
	c->dirty = calloc((size_t)sets * ways, sizeof(*c->dirty));
	c->xl = calloc((size_t)sets * ways, sizeof(*c->xl));
	return c->tag && c->used && c->ready && c->valid && c->dirty &&
	       c->xl ? 0 : -1;
}

static void cache_free(struct gpu_cache *c)
{
	void *part[] = { c->tag, c->used, c->ready, c->valid, c->dirty,
			 c->xl };
	size_t i;

	for (i = 0; i < sizeof(part) / sizeof(part[0]); i++)
		free(part[i]);
}

/* Look @line up in @set: its way (made most recent), or -1. */
static int cache_find(struct gpu_cache *c, unsigned int set, gva_t line,
		      unsigned long long stamp)
{
	unsigned int i, b = set * c->ways;

	for (i = 0; i < c->ways; i++)
		if (c->tag[b + i] == line + 1) {
			c->used[b + i] = stamp;
			return (int)(b + i);
		}
	return -1;
}

/* Drop @line from @set, if there. */
static void cache_evict(struct gpu_cache *c, unsigned int set, gva_t line)
{
	unsigned int i, b = set * c->ways;

	for (i = 0; i < c->ways; i++)
		if (c->tag[b + i] == line + 1)
			c->tag[b + i] = 0;
}

/* The least recently used way of @set: the next fill's victim. */
static unsigned int cache_victim(const struct gpu_cache *c, unsigned int set)
{
	unsigned int i, b = set * c->ways, v = b;

	for (i = 1; i < c->ways; i++)
		if (c->used[b + i] < c->used[v])
			v = b + i;
	return v;
}

/*
 * Fill @line into @set over its least recently used way, its data there
 * at @ready with the sectors in @valid; the way.
 */
static unsigned int cache_fill(struct gpu_cache *c, unsigned int set,
			       gva_t line, unsigned long long stamp,
			       unsigned long long ready, unsigned int valid)
{
	unsigned int v = cache_victim(c, set);

	c->tag[v] = line + 1;
	c->used[v] = stamp;
	c->ready[v] = ready;
	c->valid[v] = (unsigned char)valid;
	c->dirty[v] = false;
	c->xl[v] = 0;
	return v;
}

static unsigned long long rnd(struct gpu_state *st)
{
	st->rng ^= st->rng << 13;
	st->rng ^= st->rng >> 7;
	st->rng ^= st->rng << 17;
	return st->rng;
}

static struct gpu_state *state_get(struct gpu_sink *out)
{
	struct gpu_state *st = out->st;
	unsigned int s;

	if (st)
		return st;
	st = calloc(1, sizeof(*st));
	if (!st)
		abort();
	for (s = 0; s < GPU_SMS; s++)
		if (cache_init(&st->l1[s], GPU_L1_SETS, GPU_L1_WAYS) ||
		    cache_init(&st->tex[s], GPU_TEX_SETS, GPU_TEX_WAYS) ||
		    cache_init(&st->cst[s], GPU_CONST_SETS, GPU_CONST_WAYS) ||
		    cache_init(&st->il1[s], GPU_IL1_SETS, GPU_IL1_WAYS))
			abort();
	if (cache_init(&st->l2, GPU_L2_BANKS * GPU_L2_SETS, GPU_L2_WAYS))
		abort();
	st->last_sm = GPU_SMS - 1;	/* the first CTA goes to SM 0 */
	st->rng = out->p.seed * 0x9E3779B97F4A7C15ULL | 1;
	st->jitter = out->p.jitter;
	out->st = st;
	return st;
}

void gpu_done(struct gpu_sink *out)
{
	struct gpu_state *st = out->st;
	unsigned int s;

	if (!st)
		return;
	for (s = 0; s < GPU_SMS; s++) {
		cache_free(&st->l1[s]);
		cache_free(&st->tex[s]);
		cache_free(&st->cst[s]);
		cache_free(&st->il1[s]);
	}
	cache_free(&st->l2);
	free(st->grp);
	free(st->fill);
	free(st);
	out->st = NULL;
}

/*
 * The translation of @va for the instruction issuing, if its current
 * request is a load (gpu_sink.xl): counted pending, or its completion.
 */
static void xl_request(struct gpu_sink *out, struct gpu_state *st, gva_t va)
{
	struct xl_group *g = st->cur && st->waits ? &st->grp[st->cur - 1] :
			     NULL;
	unsigned long long d;

	if (g)
		g->pending++;
	d = out->xl->translate(out->xl->arg, va, st->now, st->sm,
			       g ? st->cur : 0, st->inst);
	if (!g)
		return;
	if (d == GPU_XLATE_PENDING) {
		st->xl_pend = true;
		return;
	}
	g->pending--;
	g->done = d > g->done ? d : g->done;
	if (d > st->now && d - st->now > st->xl_delay)
		st->xl_delay = d - st->now;
}

/*
 * When the data of a line that the request issuing fills at @ready (as
 * the caches time it) arrives: after the request's own translation, since
 * the miss goes on once translated (Documentation/timing.rst), and so for
 * every later request that finds the line in flight too (MSHR-merged).
 */
static unsigned long long xl_ready(const struct gpu_state *st,
				   unsigned long long ready)
{
	return ready + st->xl_delay;
}

/*
 * A record of a slab of records of @size bytes (@slab: @cap of them, the
 * first @used ever taken), each free one linked through its unsigned int
 * at @link from *@free (index + 1, 0: none): a freed one, else the next
 * unused, the slab doubled (from 256) when full; its index in *@at.
 * Returns the slab, moved if it grew.
 */
static void *slab_take(void *slab, size_t size, size_t link,
		       unsigned int *cap, unsigned int *used,
		       unsigned int *free, unsigned int *at)
{
	if (*free) {
		*at = *free - 1;
		memcpy(free, (char *)slab + *at * size + link, sizeof(*free));
		return slab;
	}
	if (*used == *cap) {
		*cap = *cap ? 2 * *cap : 256;
		slab = realloc(slab, (size_t)*cap * size);
		if (!slab)
			abort();
	}
	*at = (*used)++;
	return slab;
}

/* A free record for group @grp (index + 1), first of its list */
static struct xl_fill *fill_new(struct gpu_state *st, unsigned int grp)
{
	struct xl_group *g;
	unsigned int i;

	st->fill = slab_take(st->fill, sizeof(*st->fill),
			     offsetof(struct xl_fill, next), &st->fill_cap,
			     &st->fill_used, &st->fill_free, &i);
	g = &st->grp[grp - 1];
	st->fill[i] = (struct xl_fill){ .next = g->fills, .grp = grp };
	g->fills = i + 1;
	return &st->fill[i];
}

/*
 * Way @way of @c was filled by the request issuing: if its translation is
 * still pending (or it found a line in flight that waits for one), the
 * line is recorded in its instruction's group, for xl_fills_apply() to
 * time once the translation completes, and marked for xl_follow().
 */
static void xl_fill_mark(struct gpu_state *st, struct gpu_cache *c,
			 unsigned int way)
{
	struct xl_fill *f;

	if (!st->xl_pend || !st->cur)
		return;
	f = fill_new(st, st->cur);
	f->c = c;
	f->way = way;
	f->tag = c->tag[way];
	f->rel = (long long)(c->ready[way] - st->xl_delay - st->now);
	c->xl[way] = (unsigned int)(f - st->fill) + 1;
}

/*
 * The request issuing at @now found way @way of @c in flight, its data
 * @lat cycles away (at least @hit) as the line's fill is timed: if that
 * fill waits for a translation still pending (another instruction's),
 * the instruction issuing waits for it too, and so do the lines it fills.
 */
static void xl_follow(struct gpu_state *st, const struct gpu_cache *c,
		      int way, unsigned long long now, unsigned long long hit,
		      unsigned long long lat)
{
	unsigned int i = c->xl[way];
	const struct xl_fill *f = i ? &st->fill[i - 1] : NULL;
	struct xl_fill *n;
	long long rel;

	if (!f || !st->cur || f->c != c || f->way != (unsigned int)way ||
	    f->tag != c->tag[way] || f->grp == st->cur)
		return;
	rel = f->rel;
	n = fill_new(st, f->grp);
	n->tag = st->cur;
	n->rel = rel - (long long)lat;
	n->floor = now + hit > lat ? now + hit - lat : 0;
	st->grp[st->cur - 1].pending++;
	st->xl_pend = true;
}

/*
 * Group @g's translations done (at g->done): the lines it filled get
 * their data, the instructions that found them in flight are told.
 */
static void xl_fills_apply(struct gpu_sink *out, struct gpu_state *st,
			   struct xl_group *g)
{
	unsigned long long t;
	struct xl_fill *f;
	unsigned int i;

	while ((i = g->fills)) {
		f = &st->fill[i - 1];
		g->fills = f->next;
		t = (unsigned long long)((long long)g->done + f->rel);
		if (!f->c) {
			gpu_xlate_done(out, f->tag, t > f->floor ? t : f->floor);
			f = &st->fill[i - 1];
		} else if (f->c->tag[f->way] == f->tag) {
			if (f->c->ready[f->way] < t)
				f->c->ready[f->way] = t;
			if (f->c->xl[f->way] == i)
				f->c->xl[f->way] = 0;
		}
		f->next = st->fill_free;
		st->fill_free = i;
	}
}

static int emit(struct gpu_sink *out, gva_t va)
{
	if (out->stopped)
		return 1;
	if ((out->limit && out->count >= out->limit) ||
	    out->emit(out->arg, va)) {
		out->stopped = true;
		return 1;
	}
	out->count++;
	if (out->xl)
		xl_request(out, out->st, va);
	return 0;
}

/* @va (a request's first byte) to the sink, if the IOTLB sits at @at */
static void emit_at(struct gpu_sink *out, struct gpu_state *st,
		    enum gpu_iotlb_at at, gva_t va)
{
	if (st->emitting && out->p.at == at)
		emit(out, va);
}

/* The sectors of @line in @mask at the L2's input (l2cache.cc:695-790). */
static void emit_sectors(struct gpu_sink *out, struct gpu_state *st,
			 gva_t line, unsigned int mask)
{
	unsigned int s;

	if (!st->emitting || out->p.at != GPU_AT_L2_INPUT)
		return;
	for (s = 0; s < GPU_SEGMENT / GPU_SECTOR; s++)
		if (mask & 1U << s && emit(out, line * GPU_SEGMENT +
					   s * GPU_SECTOR))
			return;
}

/* @line's set in the L2's tag array: its slice's sets, then the set. */
static unsigned int l2_index(gva_t line)
{
	gva_t va = line * GPU_SEGMENT;

	return gpu_l2_slice(va) * GPU_L2_SETS + gpu_l2_set(va);
}

#define ALL_SECTORS ((1U << GPU_SEGMENT / GPU_SECTOR) - 1)

/* The sectors of a line whose every 4-byte word is in @words. */
static unsigned int sectors_whole(unsigned int words)
{
	unsigned int s, m = 0;

	for (s = 0; s < GPU_SEGMENT / GPU_SECTOR; s++)
		if ((words >> (8 * s) & 0xFF) == 0xFF)
			m |= 1U << s;
	return m;
}

/* The sectors of a line that @words touches. */
static unsigned int sectors_of(unsigned int words)
{
	unsigned int s, m = 0;

	for (s = 0; s < GPU_SEGMENT / GPU_SECTOR; s++)
		if (words >> (8 * s) & 0xFF)
			m |= 1U << s;
	return m;
}

/* The time a request waits for a line there, or still in flight. */
static unsigned long long line_wait(struct gpu_sink *out,
				    const struct gpu_cache *c, int way,
				    unsigned long long now,
				    unsigned long long hit)
{
	unsigned long long lat = hit;

	if (c->ready[way] > now + hit) {
		out->c.mshr_merges++;
		lat = c->ready[way] - now;
	}
	if (out->xl)
		xl_follow(out->st, c, way, now, hit, lat);
	return lat;
}

/*
 * Fill @line into the L2's @set; a dirty line it evicts is written back
 * to DRAM (write-back, gpu-cache.cc:1470-1480), a request of the
 * l2-miss tap.
 */
static unsigned int l2_fill(struct gpu_sink *out, struct gpu_state *st,
			    unsigned int set, gva_t line,
			    unsigned long long ready, unsigned int valid)
{
	struct gpu_cache *c = &st->l2;
	unsigned int v = cache_victim(c, set), sm = st->sm;
	bool waits = st->waits;

	if (c->tag[v] && c->dirty[v]) {
		out->c.dram_writes++;
		st->waits = false;	/* a write-back: nobody waits */
		st->sm = GPU_SMS;	/* the L2's, no SM's */
		emit_at(out, st, GPU_AT_L2_MISS, (c->tag[v] - 1) * GPU_SEGMENT);
		st->waits = waits;
		st->sm = sm;
	}
	return cache_fill(c, set, line, st->stamp, ready, valid);
}

/*
 * A read of the sectors @mask of @line at the L2: an L1D or texture-cache
 * miss reads the whole line (gpu-cache.cc:1139-1142), a constant-cache
 * miss its 64 bytes (two sectors, l2cache.cc:765-772); a sector a write
 * miss allocated but did not wholly write is read from DRAM now (lazy
 * fetch on read); the time until the data is back at the SM.
 */
static unsigned long long l2_load(struct gpu_sink *out, struct gpu_state *st,
				  gva_t line, unsigned int mask,
				  unsigned long long now, double slow)
{
	unsigned int set = l2_index(line);
	unsigned long long l2 = (unsigned long long)(GPU_LAT_L2 * slow);
	unsigned long long dram = (unsigned long long)(GPU_LAT_DRAM * slow);
	int way = cache_find(&st->l2, set, line, st->stamp);

	emit_sectors(out, st, line, mask);
	if (way >= 0 && (st->l2.valid[way] & mask) == mask) {
		out->c.l2_hits++;
		return line_wait(out, &st->l2, way, now, l2);
	}
	out->c.l2_misses++;
	out->c.dram_reads++;
	emit_at(out, st, GPU_AT_L2_MISS, line * GPU_SEGMENT);
	if (way < 0) {
		way = (int)l2_fill(out, st, set, line, xl_ready(st, now + dram),
				   mask);
	} else {
		st->l2.ready[way] = xl_ready(st, now + dram);
		st->l2.valid[way] |= (unsigned char)mask;
	}
	xl_fill_mark(st, &st->l2, (unsigned int)way);
	return dram;
}

/*
 * A store at the L2, writing the 4-byte words in @words: write-back; a
 * miss allocates the line with the sectors it wholly writes and reads
 * nothing (GTX 480's dl2 "L:B:m:L": lazy fetch on read,
 * gpu-cache.cc:1390-1450).
 */
static void l2_store(struct gpu_sink *out, struct gpu_state *st, gva_t line,
		     unsigned int words, unsigned long long now)
{
	unsigned int set = l2_index(line);
	int way = cache_find(&st->l2, set, line, st->stamp);

	emit_sectors(out, st, line, sectors_of(words));
	if (way < 0) {
		out->c.l2_misses++;
		way = (int)l2_fill(out, st, set, line, now, 0);
	} else {
		out->c.l2_hits++;
	}
	st->l2.valid[way] |= (unsigned char)sectors_whole(words);
	st->l2.dirty[way] = true;
}

/* What a coalesced request is, from the flags of its address. */
enum gpu_req {
	REQ_LOAD, REQ_STORE, REQ_TEX, REQ_CONST, REQ_LLOAD, REQ_LSTORE
};

static enum gpu_req req_kind(gva_t key)
{
	if (key & GPU_CONST)
		return REQ_CONST;
	if (key & GPU_TEX)
		return REQ_TEX;
	if (key & GPU_LOCAL)
		return key & GPU_STORE ? REQ_LSTORE : REQ_LLOAD;
	return key & GPU_STORE ? REQ_STORE : REQ_LOAD;
}

/*
 * Fill @line into SM @sm's L1D (or texture cache @c) at @set; a dirty
 * (local) line it evicts is written back to the L2 (the L1D is local
 * write-back), a request leaving the L1.
 */
static void l1_fill(struct gpu_sink *out, struct gpu_state *st,
		    struct gpu_cache *c, unsigned int set, gva_t line,
		    unsigned long long ready, unsigned long long now)
{
	unsigned int v = cache_victim(c, set), way;
	bool waits = st->waits;

	if (c->tag[v] && c->dirty[v]) {
		out->c.l1_writebacks++;
		st->waits = false;	/* a write-back: nobody waits */
		emit_at(out, st, GPU_AT_L1_MISS, (c->tag[v] - 1) * GPU_SEGMENT);
		l2_store(out, st, c->tag[v] - 1, ~0U, now);
		st->waits = waits;
	}
	way = cache_fill(c, set, line, st->stamp, xl_ready(st, ready),
			 ALL_SECTORS);
	xl_fill_mark(st, c, way);
}

/* A constant request for 64-byte line @cl: the constant cache, the L2. */
static unsigned long long const_request(struct gpu_sink *out,
					struct gpu_state *st, unsigned int sm,
					gva_t cl, unsigned long long now,
					double slow)
{
	struct gpu_cache *c = &st->cst[sm];
	unsigned int set = cl % GPU_CONST_SETS;
	unsigned long long lat;
	int way = cache_find(c, set, cl, st->stamp);

	out->c.const_requests++;
	emit_at(out, st, GPU_AT_COALESCED, cl * GPU_CONST_LINE);
	if (way >= 0)
		return line_wait(out, c, way, now,
				 (unsigned long long)(GPU_LAT_L1 * slow));
	out->c.const_misses++;
	emit_at(out, st, GPU_AT_L1_MISS, cl * GPU_CONST_LINE);
	lat = l2_load(out, st, cl / 2, cl & 1 ? 0xC : 0x3, now, slow);
	way = (int)cache_fill(c, set, cl, st->stamp, xl_ready(st, now + lat),
			      ALL_SECTORS);
	xl_fill_mark(st, c, (unsigned int)way);
	return lat;
}

/*
 * One coalesced request from SM @sm at cycle @now through the caches:
 * @key, the line with its space's flags (GPU_SPACES; a 64-byte line for
 * a constant request, else 128 bytes), touching the 4-byte words in
 * @words; the cycles a load waits for its data, scaled by @slow (0 for
 * a store).
 */
static unsigned long long request(struct gpu_sink *out, struct gpu_state *st,
				  unsigned int sm, gva_t key,
				  unsigned int words, unsigned long long now,
				  double slow)
{
	enum gpu_req k = req_kind(key);
	gva_t line = key & ~GPU_SPACES;
	bool tex = k == REQ_TEX;
	struct gpu_cache *l1 = tex ? &st->tex[sm] : &st->l1[sm];
	unsigned int s1 = tex ? line % GPU_TEX_SETS :
			  gpu_l1_set(line * GPU_SEGMENT);
	unsigned long long lat;
	int way;

	st->stamp++;
	out->c.requests++;
	st->sm = sm;
	st->waits = k != REQ_STORE && k != REQ_LSTORE;
	st->xl_delay = 0;
	st->xl_pend = false;
	if (k == REQ_CONST)
		return const_request(out, st, sm, line, now, slow);
	if (k == REQ_LLOAD || k == REQ_LSTORE)
		out->c.local_requests++;
	emit_at(out, st, GPU_AT_COALESCED, line * GPU_SEGMENT);
	way = cache_find(l1, s1, line, st->stamp);
	if (k == REQ_LSTORE && way >= 0) {
		/* local write-back: the hit dirties the line */
		out->c.stores++;
		out->c.l1_hits++;
		l1->dirty[way] = true;
		return 0;
	}
	if (k == REQ_STORE || k == REQ_LSTORE) {
		/*
		 * write-through (global) or a miss (no write-allocate); a
		 * global store's hit evicts the line (gpu-cache.cc:1205-1236)
		 */
		out->c.stores++;
		if (way >= 0) {
			out->c.l1_hits++;
			cache_evict(l1, s1, line);
		} else {
			out->c.l1_misses++;
		}
		emit_at(out, st, GPU_AT_L1_MISS, line * GPU_SEGMENT);
		l2_store(out, st, line, words, now);
		return 0;
	}
	out->c.loads++;
	if (way >= 0) {
		out->c.l1_hits++;
		return line_wait(out, l1, way, now,
				 (unsigned long long)(GPU_LAT_L1 * slow));
	}
	out->c.l1_misses++;
	emit_at(out, st, GPU_AT_L1_MISS, line * GPU_SEGMENT);
	lat = l2_load(out, st, line, ALL_SECTORS, now, slow);
	l1_fill(out, st, l1, s1, line, now + lat, now);
	st->l1_used[sm] |= !tex;
	return lat;
}

void gpu_memcpy(struct gpu_sink *out, gva_t va, unsigned long long bytes)
{
	/* lines copied before the last few L2-fulls are evicted by them */
	const gva_t keep = 4ULL * GPU_L2_BANKS * GPU_L2_SETS * GPU_L2_WAYS;
	struct gpu_state *st;
	unsigned int set;
	gva_t line, end, at;
	int way;

	if (out->trace && bytes)
		out->trace->copy(out->trace->arg, va, bytes);
	if (out->dry || out->trace || !bytes)
		return;
	st = state_get(out);
	end = (va + bytes - 1) / GPU_SEGMENT;
	line = va / GPU_SEGMENT;
	if (end - line >= keep)
		line = end - keep + 1;
	for (; line <= end; line++) {
		at = out->p.addr64 ? line : line & GPU_ADDR32_MASK / GPU_SEGMENT;
		set = l2_index(at);
		st->stamp++;
		way = cache_find(&st->l2, set, at, st->stamp);
		if (way < 0)
			/* a dirty victim is dropped unwritten (tag_array::fill) */
			cache_fill(&st->l2, set, at, st->stamp, 0,
				   ALL_SECTORS);
		else
			st->l2.valid[way] = ALL_SECTORS;
	}
}

/*
 * -gpgpu_flush_l1_cache: an SM's L1D is invalidated in every cycle it holds
 * no thread (gpu-sim.cc:1873-1883), so at every kernel's end.
 */
static void l1_flush_idle(struct gpu_state *st, unsigned int sm)
{
	struct gpu_cache *c = &st->l1[sm];

	if (!st->l1_used[sm])
		return;
	memset(c->tag, 0, sizeof(*c->tag) * GPU_L1_SETS * c->ways);
	st->l1_used[sm] = false;
}

struct gpu_warp {
	unsigned int block;	/* linear CTA index */
	unsigned int slot;	/* the CTA's slot on the SM */
	unsigned int warp;	/* warp within the CTA */
	unsigned int step;
	unsigned long long ready, age;
	double slow;		/* the CTA's latency factor */
	bool live;
	bool ending;		/* no step left: retires when picked */
	bool params;		/* its ld.param still to issue (gpu_params.ptx) */
	bool fetched;		/* its next step fetched (gpu_params.ifetch) */
	/* the scoreboard: registers reserved by loads, their data's cycle */
	unsigned long long pend;
	unsigned long long need;	/* the registers its next step reads */
	unsigned long long reg_ready[64];
};

struct gpu_sm {
	struct gpu_warp warps[GPU_MAX_WARPS_PER_SM];
	unsigned int blocks;	/* resident CTAs */
	unsigned int warps_live;
	unsigned int block_live[GPU_MAX_BLOCKS_PER_SM];
	int greedy[GPU_SCHEDULERS];
	/* no warp of the scheduler is ready before this cycle */
	unsigned long long wake[GPU_SCHEDULERS];
};

/* Open the instruction warp @w of SM @sm issues (gpu_sink.xl). */
static void xl_open(struct gpu_sink *out, struct gpu_state *st,
		    unsigned int sm, const struct gpu_warp *w)
{
	unsigned int i;

	if (!out->xl)
		return;
	st->inst++;
	st->grp = slab_take(st->grp, sizeof(*st->grp),
			    offsetof(struct xl_group, next), &st->grp_cap,
			    &st->grp_used, &st->grp_free, &i);
	st->grp[i] = (struct xl_group){
		.sm = sm, .warp = (unsigned int)(w - st->sms[sm].warps),
		.open = true };
	st->cur = i + 1;
}

static void xl_release(struct gpu_state *st, unsigned int i)
{
	st->grp[i].next = st->grp_free;
	st->grp_free = i + 1;
}

/*
 * Close the instruction issuing at @now, whose data returns in *@lat
 * (@direct: it holds the warp, not registers): the group (index + 1)
 * still waiting for a translation, its latency kept; else 0, and *@lat
 * extended to its last translation's completion.
 */
static unsigned int xl_close(struct gpu_sink *out, struct gpu_state *st,
			     unsigned long long now, unsigned long long *lat,
			     bool direct)
{
	unsigned int i;
	struct xl_group *g;

	if (!out->xl || !st->cur)
		return 0;
	i = st->cur - 1;
	g = &st->grp[i];
	st->cur = 0;
	st->waits = false;
	g->open = false;
	if (g->pending) {
		g->lat = *lat;
		g->direct = direct;
		out->c.xl_waits++;
		return i + 1;
	}
	if (g->done > now && (*lat || direct)) {
		*lat += g->done - now;
		out->c.xl_waits++;
	}
	xl_fills_apply(out, st, g);
	xl_release(st, i);
	return 0;
}

/* When warp @w's next step can issue: its sources back (scoreboard) */
static unsigned long long warp_need(const struct gpu_warp *w,
				    unsigned long long now)
{
	unsigned long long m, ready = now + 1;

	for (m = w->need & w->pend; m; m &= m - 1)
		if (w->reg_ready[__builtin_ctzll(m)] > ready)
			ready = w->reg_ready[__builtin_ctzll(m)];
	return ready;
}

static unsigned long long warp_drained(const struct gpu_warp *w,
				       unsigned long long now);

void gpu_xlate_done(struct gpu_sink *out, unsigned long long cookie,
		    unsigned long long cycle)
{
	struct gpu_state *st = out->st;
	struct xl_group *g = &st->grp[cookie - 1];
	unsigned long long t, m;
	struct gpu_warp *w;
	unsigned int r;

	g->done = cycle > g->done ? cycle : g->done;
	if (--g->pending || g->open)
		return;
	t = g->done + g->lat;
	if (st->sms) {	/* else the launch stopped: nobody waits */
		w = &st->sms[g->sm].warps[g->warp];
		for (m = g->regs; m; m &= m - 1) {
			r = (unsigned int)__builtin_ctzll(m);
			if (w->reg_ready[r] == XL_WAIT)
				w->reg_ready[r] = t;
		}
		if (g->direct)
			w->ready = t;
		else if (w->ready == XL_WAIT)
			w->ready = w->ending ? warp_drained(w, st->now) :
				   warp_need(w, st->now);
		st->sms[g->sm].wake[0] = st->sms[g->sm].wake[1] = 0;
	}
	xl_fills_apply(out, st, g);
	xl_release(st, (unsigned int)(cookie - 1));
}

/*
 * After GPGPU-Sim's max_cta() (shader.cc:3200-3248): the least of the
 * warp, CTA, register (whole warps, gpu_regs_taken() a thread) and
 * shared-memory limits.  In 64
 * bits: a trace's header gives any 32-bit -nregs, and regs x threads
 * wrapped to 0 divided by zero.  0 (not one CTA fits) is the caller's to
 * report.
 */
unsigned int gpu_ctas_per_sm(const struct gpu_launch *l)
{
	unsigned long long tpb = (unsigned long long)l->block_x * l->block_y;
	unsigned long long wpb = (tpb + GPU_WARP - 1) / GPU_WARP;
	unsigned long long regs = gpu_regs_taken(l->regs);
	unsigned long long n = GPU_MAX_BLOCKS_PER_SM, m;

	if (!tpb || wpb > GPU_MAX_WARPS_PER_SM)
		return 0;
	m = GPU_MAX_WARPS_PER_SM / wpb;
	n = m < n ? m : n;
	m = GPU_REGS_PER_SM / (regs * wpb * GPU_WARP);	/* below 2^43 */
	n = m < n ? m : n;
	if (l->smem) {
		m = GPU_SMEM_PER_SM / l->smem;
		n = m < n ? m : n;
	}
	return (unsigned int)n;
}

/*
 * Local word @off (GPU_LOC()) of thread @lin of warp @w's CTA on SM @sm,
 * which holds @per CTAs of the kernel: its address, as
 * translate_local_memaddr() maps it (gpu_sim.h, GPU_LOCAL), flagged local.
 */
static gva_t local_addr(const struct gpu_launch *l, const struct gpu_warp *w,
			unsigned int sm, unsigned int per, unsigned int lin,
			gva_t va)
{
	unsigned long long p = (l->block_x * l->block_y + GPU_WARP - 1) /
			       GPU_WARP * GPU_WARP;
	gva_t off = va & ~GPU_SPACES;
	gva_t base = 4 * (p * (sm + GPU_SMS * (unsigned long long)w->slot) +
			  lin);

	return (va & GPU_STORE) | GPU_LOCAL |
	       (GPU_LOCAL_BASE + off / 4 * 4 * p * per * GPU_SMS + base +
		off % 4);
}

/* Warp @w's first thread (its steps' registers are the warp's). */
static void warp_first(const struct gpu_launch *l, const struct gpu_warp *w,
		       struct gpu_thread *t)
{
	unsigned int lin = w->warp * GPU_WARP;

	t->bx = w->block % l->grid_x;
	t->by = w->block / l->grid_x;
	t->tx = lin % l->block_x;
	t->ty = lin / l->block_x;
}

/*
 * One warp instruction at cycle @now: the active threads' addresses,
 * coalesced; *@lat, the cycles until its slowest load request returns.
 */
static bool warp_exec(const struct gpu_launch *l, struct gpu_warp *w,
		      unsigned int sm, unsigned int per, struct gpu_sink *out,
		      struct gpu_state *st, unsigned long long now,
		      unsigned long long *lat)
{
	unsigned int tpb = l->block_x * l->block_y, i, j, nseg = 0, lin_off;
	unsigned int words[GPU_WARP];
	unsigned long long t_lat;
	gva_t seg[GPU_WARP], va;
	struct gpu_thread t;
	bool any = false;

	t.bx = w->block % l->grid_x;
	t.by = w->block / l->grid_x;
	*lat = 0;
	for (i = 0; i < GPU_WARP; i++) {
		unsigned int lin = w->warp * GPU_WARP + i;

		if (lin >= tpb)
			break;
		t.tx = lin % l->block_x;
		t.ty = lin / l->block_x;
		if (!l->addr(l->ctx, &t, w->step, &va))
			continue;
		any = true;
		if (va == GPU_SKIP)
			continue;
		if (out->on_access)
			out->on_access(out->test_arg, w->block, lin, w->step,
				       va);
		if (va & GPU_LOCAL)
			va = local_addr(l, w, sm, per, lin, va);
		if (!out->p.addr64)
			va &= GPU_SPACES | GPU_ADDR32_MASK;
		lin_off = va % GPU_SEGMENT;
		/* one request per line and space (a constant line: 64 B) */
		va = (va & GPU_SPACES) | (va & ~GPU_SPACES) /
		     (va & GPU_CONST ? GPU_CONST_LINE : GPU_SEGMENT);
		for (j = 0; j < nseg && seg[j] != va; j++)
			;
		if (j == nseg) {
			seg[nseg++] = va;
			words[j] = 0;
		}
		/* the 4-byte words written (a thread's access: 4 bytes) */
		words[j] |= 1U << lin_off / 4;
	}
	for (j = 0; j < nseg && !out->stopped; j++) {
		t_lat = request(out, st, sm, seg[j], words[j], now, w->slow);
		*lat = t_lat > *lat ? t_lat : *lat;
	}
	return any;
}

/*
 * The scoreboard after warp @w issued a step at @now whose loads return
 * in @lat (scoreboard.cc): the step's destinations reserved; the warp
 * ready for its next step when that step's sources are back (the first
 * use), the next cycle if they are not loads in flight.
 */
static void warp_scoreboard(const struct gpu_launch *l, struct gpu_warp *w,
			    unsigned long long now, unsigned long long lat,
			    struct xl_group *g)
{
	unsigned long long m, ready = now + 1;
	struct gpu_dep d = { 1, 1 };
	struct gpu_thread t;
	unsigned int r;

	warp_first(l, w, &t);
	if (l->deps) {
		d = (struct gpu_dep){ 0, 0 };
		l->deps(l->ctx, &t, w->step, &d);
	}
	for (m = d.dst; lat && m; m &= m - 1) {
		r = (unsigned int)__builtin_ctzll(m);
		/* a translation not yet known: gpu_xlate_done() sets it */
		w->reg_ready[r] = g ? XL_WAIT : now + lat;
		w->pend |= 1ULL << r;
	}
	if (g)
		g->regs = d.dst;
	w->step++;
	if (l->deps) {
		d = (struct gpu_dep){ 0, 0 };
		if (w->step < l->steps)
			l->deps(l->ctx, &t, w->step, &d);
	}
	/* what it reads, and what it overwrites (scoreboard.cc:checkCollision) */
	w->need = d.src | d.dst;
	for (m = (d.src | d.dst) & w->pend; m; m &= m - 1) {
		r = (unsigned int)__builtin_ctzll(m);
		if (w->reg_ready[r] > ready)
			ready = w->reg_ready[r];
		if (w->reg_ready[r] <= now + 1)
			w->pend &= ~(1ULL << r);
	}
	w->ready = ready;
}

static void sm_admit(const struct gpu_launch *l, struct gpu_sm *sm,
		     unsigned int block, struct gpu_state *st,
		     unsigned long long now, bool params)
{
	unsigned int wpb = (l->block_x * l->block_y + GPU_WARP - 1) / GPU_WARP;
	unsigned int w, slot, b;

	double slow = 1 + st->jitter * ((rnd(st) >> 11) * 0x1.0p-53);

	for (b = 0; b < GPU_MAX_BLOCKS_PER_SM && sm->block_live[b]; b++)
		;
	sm->block_live[b] = wpb;
	sm->blocks++;
	sm->wake[0] = sm->wake[1] = 0;
	sm->warps_live += wpb;
	for (w = 0, slot = 0; w < wpb; slot++) {
		if (sm->warps[slot].live)
			continue;
		sm->warps[slot] = (struct gpu_warp){
			.block = block, .slot = b, .warp = w++,
			.ready = now + 1, .age = st->age++, .slow = slow,
			.live = true, .params = params };
	}
}

/* GTO: the greedy warp while it is ready, else the oldest ready one. */
static struct gpu_warp *gto_pick(struct gpu_sm *sm, unsigned int sch,
				 unsigned long long now,
				 unsigned long long *wake)
{
	struct gpu_warp *w, *best = NULL;
	unsigned long long next = ~0ULL;
	unsigned int i;

	if (now < sm->wake[sch]) {
		*wake = sm->wake[sch] < *wake ? sm->wake[sch] : *wake;
		return NULL;
	}
	if (sm->greedy[sch] >= 0) {
		w = &sm->warps[sm->greedy[sch]];
		if (w->live && w->ready <= now)
			return w;
	}
	for (i = sch; i < GPU_MAX_WARPS_PER_SM; i += GPU_SCHEDULERS) {
		w = &sm->warps[i];
		if (!w->live)
			continue;
		if (w->ready > now) {
			next = w->ready < next ? w->ready : next;
			continue;
		}
		if (!best || w->age < best->age)
			best = w;
	}
	if (best) {
		sm->greedy[sch] = (int)(best - sm->warps);
	} else {
		sm->wake[sch] = next;
		*wake = next < *wake ? next : *wake;
	}
	return best;
}

/* The instructions since the last tick, to the sink's tick. */
static void sink_tick(struct gpu_sink *out)
{
	if (out->tick && out->c.insts > out->ticked)
		out->tick(out->tick_arg, out->c.insts - out->ticked);
	out->ticked = out->c.insts;
}

/*
 * The fetch of warp @w's next instruction on SM @sm (gpu_params.ifetch):
 * 0 once it is in the L1I, else the cycles until its line is.
 */
static unsigned long long warp_fetch(const struct gpu_launch *l,
				     struct gpu_warp *w, unsigned int sm,
				     struct gpu_sink *out, struct gpu_state *st,
				     unsigned long long now)
{
	struct gpu_cache *c = &st->il1[sm];
	unsigned long long lat;
	struct gpu_thread t;
	gva_t va, line;
	int way;

	warp_first(l, w, &t);
	va = (GPU_PROGRAM_BASE + out->code + out->pc(l->ctx, &t, w->step)) &
	     (out->p.addr64 ? ~0ULL : GPU_ADDR32_MASK);
	line = va / GPU_SEGMENT;
	st->stamp++;
	st->sm = sm;
	st->xl_delay = 0;
	st->xl_pend = false;
	out->c.ifetches++;
	emit_at(out, st, GPU_AT_COALESCED, va & ~15ULL);
	way = cache_find(c, line % GPU_IL1_SETS, line, st->stamp);
	if (way >= 0) {
		lat = c->ready[way] > now ? c->ready[way] - now : 0;
		if (out->xl)
			xl_follow(st, c, way, now, 0, lat);
		return lat;
	}
	out->c.ifetch_misses++;
	emit_at(out, st, GPU_AT_L1_MISS, line * GPU_SEGMENT);
	lat = l2_load(out, st, line, ALL_SECTORS, now, w->slow);
	way = (int)cache_fill(c, line % GPU_IL1_SETS, line, st->stamp,
			      xl_ready(st, now + lat), ALL_SECTORS);
	xl_fill_mark(st, c, (unsigned int)way);
	return lat;
}

/* One warp instruction issued: counted, and now and then told. */
static void run_issued(struct gpu_sink *out)
{
	if (++out->c.insts - out->ticked >= GPU_TICK)
		sink_tick(out);
	if (out->insts_limit && out->st->emitting &&
	    out->c.insts - out->c.emit_insts >= out->insts_limit)
		out->stopped = true;
}

/* A dry run's count of what @l can issue (gpu_counts.planned). */
static void plan(const struct gpu_launch *l, struct gpu_sink *out)
{
	unsigned long long wpb = (l->block_x * l->block_y + GPU_WARP - 1) /
				 GPU_WARP;

	out->c.planned += (unsigned long long)l->grid_x * l->grid_y * wpb *
			  (l->steps + out->p.ptx);
}

/* One launch in progress (gpu_run()). */
struct gpu_run {
	const struct gpu_launch *l;
	struct gpu_sink *out;
	struct gpu_state *st;
	struct gpu_sm *sms;
	unsigned int stride, nblocks, next, per, live;
	/*
	 * the CTAs an SM holds as local memory is laid out for them
	 * (max_cta(), shader.cc:3200-3248: @per, fewer for a small grid)
	 */
	unsigned int lper;
	unsigned long long now;
};

/* The warm-up: the CTA from which segments are emitted, set once. */
static void run_warmup(struct gpu_run *r)
{
	unsigned long long wave = (unsigned long long)GPU_SMS * r->per;
	struct gpu_state *st = r->st;

	if (st->warm_set)
		return;
	st->warm_at = r->out->p.warmup * wave;
	if (st->warm_at > r->nblocks / r->stride / 2)
		st->warm_at = r->nblocks / r->stride / 2;
	st->warm_set = true;
	st->emitting = !st->warm_at;
	if (st->emitting) {
		r->out->c.emit_cycle = st->cycle;
		r->out->c.emit_insts = r->out->c.insts;
	}
}

/*
 * One CTA per SM per cycle, the SMs visited from the one after the last
 * that received a CTA (issue_block2core(), gpu-sim.cc:1725-1735; across
 * launches too); an idle SM's L1D flushed after the deal.
 */
static bool run_deal(struct gpu_run *r)
{
	const struct gpu_launch *l = r->l;
	struct gpu_sink *out = r->out;
	struct gpu_state *st = r->st;
	unsigned int i, s, last = st->last_sm;
	bool acted = false;

	for (i = 0; i < GPU_SMS && r->next < r->nblocks; i++) {
		s = (last + 1 + i) % GPU_SMS;
		if (r->sms[s].blocks >= r->per)
			continue;
		sm_admit(l, &r->sms[s], r->next, st, r->now, out->p.ptx);
		r->live += (l->block_x * l->block_y + GPU_WARP - 1) / GPU_WARP;
		out->c.ctas++;
		if (r->sms[s].blocks > out->c.max_ctas_per_sm)
			out->c.max_ctas_per_sm = r->sms[s].blocks;
		if (out->on_cta)
			out->on_cta(out->test_arg, s, r->next,
				    r->sms[s].blocks);
		if (++st->ctas >= st->warm_at && !st->emitting) {
			st->emitting = true;
			out->c.emitted_from_cta = st->ctas;
			out->c.emit_cycle = r->now;
			out->c.emit_insts = out->c.insts;
		}
		r->next += r->stride;
		st->last_sm = s;
		acted = true;
	}
	for (s = 0; s < GPU_SMS; s++)
		if (!r->sms[s].warps_live)
			l1_flush_idle(st, s);
	return acted;
}

/* A warp with no step left: the cycle its loads are all back. */
static unsigned long long warp_drained(const struct gpu_warp *w,
				       unsigned long long now)
{
	unsigned long long m, t = now;

	for (m = w->pend; m; m &= m - 1)
		if (w->reg_ready[__builtin_ctzll(m)] > t)
			t = w->reg_ready[__builtin_ctzll(m)];
	return t;
}

/*
 * Warp @w of SM @s issues its next step (translated, with gpu_sink.xl);
 * false if none of its threads has it.
 */
static bool run_step(struct gpu_run *r, unsigned int s, struct gpu_warp *w)
{
	unsigned long long lat;
	unsigned int g;
	bool any;

	xl_open(r->out, r->st, s, w);
	any = warp_exec(r->l, w, s, r->lper, r->out, r->st, r->now, &lat);
	g = xl_close(r->out, r->st, r->now, &lat, false);
	/* (no thread with the step: no request, so nothing waits) */
	if (any)
		warp_scoreboard(r->l, w, r->now, lat,
				g ? &r->st->grp[g - 1] : NULL);
	return any;
}

/*
 * Each scheduler of SM @s issues its GTO pick, if any; true if one did.
 * A warp found to have no step left takes no issue slot: it exits once
 * its loads are back, and the scheduler picks again.
 */
static bool run_issue(struct gpu_run *r, unsigned int s,
		      unsigned long long *wake)
{
	struct gpu_sm *sm = &r->sms[s];
	unsigned long long lat;
	struct gpu_warp *w;
	unsigned int sch;
	bool acted = false;

	for (sch = 0; sch < GPU_SCHEDULERS && !r->out->stopped; sch++) {
		while (sm->warps_live &&
		       (w = gto_pick(sm, sch, r->now, wake))) {
			acted = true;
			if (w->params) {
				/* ld.param, used by the first step: a chain */
				w->params = false;
				xl_open(r->out, r->st, s, w);
				lat = request(r->out, r->st, s,
					      GPU_CN(GPU_PARAM_BASE /
						     GPU_CONST_LINE), 0, r->now,
					      w->slow);
				w->ready = xl_close(r->out, r->st, r->now, &lat,
						    true) ? XL_WAIT :
					   r->now + (lat ? lat : 1);
				run_issued(r->out);
				break;
			}
			if (r->out->p.ifetch && r->out->pc && !w->fetched &&
			    !w->ending && w->step < r->l->steps) {
				w->fetched = true;
				xl_open(r->out, r->st, s, w);
				lat = warp_fetch(r->l, w, s, r->out, r->st,
						 r->now);
				if (xl_close(r->out, r->st, r->now, &lat,
					     true)) {
					w->ready = XL_WAIT;
					continue;
				}
				if (lat) {	/* another warp may issue */
					w->ready = r->now + lat;
					continue;
				}
			}
			w->fetched = false;
			if (!w->ending && w->step < r->l->steps &&
			    run_step(r, s, w)) {
				run_issued(r->out);
				break;
			}
			if (!w->ending) {
				w->ending = true;
				w->ready = warp_drained(w, r->now);
				if (w->ready > r->now)
					continue;
			}
			w->live = false;
			r->live--;
			sm->warps_live--;
			if (!--sm->block_live[w->slot])
				sm->blocks--;
		}
	}
	return acted;
}

/*
 * The next cycle anything happens with translation in the loop: the
 * warps' @wake or the translator's next event; a warp waiting for a
 * translation (XL_WAIT) is woken by gpu_xlate_done(), not by the clock.
 */
static unsigned long long run_xl_wake(struct gpu_run *r,
				      unsigned long long wake, bool acted)
{
	unsigned long long x = r->out->xl->next_event(r->out->xl->arg);

	if (x < wake)
		wake = x;
	if (wake >= XL_WAIT) {
		if (!acted && r->live && r->next >= r->nblocks) {
			fprintf(stderr, "pwcsim: every warp waits for a translation the translator does not have\n");
			abort();
		}
		return ~0ULL;
	}
	return wake;
}

bool gpu_run(const struct gpu_launch *l, struct gpu_sink *out)
{
	struct gpu_run r = {
		.l = l, .out = out,
		.stride = out->sample > 1 ? out->sample : 1,
		.nblocks = l->grid_x * l->grid_y, .per = gpu_ctas_per_sm(l),
	};
	unsigned long long wake;
	unsigned int s;
	bool acted;

	if (out->trace) {
		if (out->trace->launch(out->trace->arg, l))
			out->stopped = true;
		return !out->stopped;
	}
	if (out->dry) {
		plan(l, out);
		return true;
	}
	r.st = state_get(out);
	r.sms = calloc(GPU_SMS, sizeof(*r.sms));
	if (!r.sms || !r.per)
		abort();
	r.now = r.st->cycle;
	r.lper = r.per;
	if (r.nblocks < r.per * GPU_SMS)
		r.lper = r.nblocks / GPU_SMS + !!(r.nblocks % GPU_SMS);
	for (s = 0; s < GPU_SMS; s++)
		r.sms[s].greedy[0] = r.sms[s].greedy[1] = -1;
	run_warmup(&r);
	r.st->sms = r.sms;
	while (!out->stopped && (r.next < r.nblocks || r.live)) {
		wake = ~0ULL;
		r.st->now = r.now;
		if (out->xl)
			out->xl->advance(out->xl->arg, r.now);
		acted = run_deal(&r);
		for (s = 0; s < GPU_SMS && !out->stopped; s++)
			acted |= run_issue(&r, s, &wake);
		r.now++;
		if (out->xl)
			wake = run_xl_wake(&r, wake, acted);
		if (!acted && wake != ~0ULL && wake > r.now)
			r.now = wake;
	}
	r.st->sms = NULL;
	for (s = 0; s < GPU_SMS; s++)	/* the kernel's end: every SM idle */
		l1_flush_idle(r.st, s);
	r.st->cycle = r.now;
	out->c.cycles = r.now;
	sink_tick(out);
	free(r.sms);
	return !out->stopped;
}
