// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_tpc.c - TPC, the translation-path cache (the paper's baseline PWC):
 * E true-LRU entries, each holding the tags of a path from the top level
 * down and the table bases along it.  Fully associative, or with "ways=W"
 * in E/W sets of W entries: a walk's set is its L2 index (VA bits 29:21)
 * mod the sets, an entry lives in the set of the walk that filled it, and
 * a lookup searches its own set only (a shorter path held in another set
 * is not seen).
 *
 * An entry of depth d holds the tags of the top d levels and the bases
 * PBA(L(levels-1)) .. PBA(L(levels-d)); a full entry has depth levels-1
 * (L4, L3, L2 tags with 4-level paging).  Shorter entries come from walks
 * that ended above L1 (2 MiB and 1 GiB leaves, faults).
 */
#include "pwc.h"

struct pwc_tpc {
	u32 n;
	u32 ways;	/* entries per set: set s is s*ways .. +ways-1 */
	u64 *prefix;	/* pwc_key(va, 2), tags below the depth zeroed */
	u64 *stamp;
	u64 *pba;	/* n x (PWC_MAX_LEVELS + 1): pba[i][k] = PBA(Lk) */
	u8 *depth;	/* 0: invalid */
	u8 *levels;	/* paging levels of the walk that filled it */
};

static u64 *tpc_pba(struct pwc_tpc *t, u32 i)
{
	return &t->pba[(size_t)i * (PWC_MAX_LEVELS + 1)];
}

/* pwc_key(va, 2) keeping only the top @depth tags of an @levels walk. */
static u64 tpc_prefix(u64 va, unsigned int levels, unsigned int depth)
{
	unsigned int low = levels - depth + 1;	/* lowest tagged level */

	return pwc_key(va, low) << (9 * (low - 2));
}

/* How many top-level tags of entry @i match @key2 (at most its depth). */
static unsigned int tpc_match(const struct pwc_tpc *t, u32 i, u64 key2,
			      unsigned int levels)
{
	u64 x = t->prefix[i] ^ key2;
	unsigned int m;

	/* the top m tags match when the bits below them are all that differ */
	for (m = t->depth[i]; m; m--)
		if (!(x >> (9 * (levels - 1 - m))))
			break;
	return m;
}

/* The first entry of @va's set. */
static u32 tpc_set(const struct pwc_tpc *t, u64 va)
{
	return t->ways < t->n ? pwc_index(va, 2) % (t->n / t->ways) * t->ways
			      : 0;
}

static int tpc_init(struct pwc_model *m)
{
	struct pwc_tpc *t;
	u32 n = m->cfg.entries;

	t = pwc_zalloc(sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->n = n;
	t->ways = pwc_set_ways(n, m->cfg.ways);
	m->priv = t;
	if (!t->ways)
		return -EINVAL;
	t->prefix = pwc_zalloc(n * sizeof(*t->prefix));
	t->stamp = pwc_zalloc(n * sizeof(*t->stamp));
	t->pba = pwc_zalloc((size_t)n * (PWC_MAX_LEVELS + 1) * sizeof(u64));
	t->depth = pwc_zalloc(n);
	t->levels = pwc_zalloc(n);
	if (!t->prefix || !t->stamp || !t->pba || !t->depth || !t->levels)
		return -ENOMEM;
	return 0;
}

static void tpc_destroy(struct pwc_model *m)
{
	struct pwc_tpc *t = m->priv;

	if (!t)
		return;
	pwc_free(t->prefix);
	pwc_free(t->stamp);
	pwc_free(t->pba);
	pwc_free(t->depth);
	pwc_free(t->levels);
	pwc_free(t);
}

static void tpc_lookup(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r)
{
	struct pwc_tpc *t = m->priv;
	unsigned int levels = w->levels, best = 0, d;
	u64 key2 = pwc_key(w->va, 2);
	int win = -1;
	u32 i, set = tpc_set(t, w->va);

	for (i = set; i < set + t->ways; i++) {
		if (!t->depth[i] || t->levels[i] != levels)
			continue;
		d = tpc_match(t, i, key2, levels);
		if (d > best || (d && d == best && t->stamp[i] > t->stamp[win])) {
			best = d;
			win = i;
			/* a full path is held once: nothing can beat it */
			if (d == levels - 1)
				break;
		}
	}
	r->start = levels - best;
	if (win >= 0) {
		t->stamp[win] = pwc_tick(m);
		r->pba = tpc_pba(t, win)[r->start];
	}
}

/* The set's first invalid entry, else its least recently used one. */
static inline u32 tpc_victim(const struct pwc_tpc *t, u32 set, u32 end)
{
	u32 i, victim = set;

	for (i = set; i < end; i++) {
		if (!t->depth[i])
			return i;
		if (t->stamp[i] < t->stamp[victim])
			victim = i;
	}
	return victim;
}

/* Entry @i now holds @prefix at @depth of a @levels-level walk. */
static inline void tpc_take(struct pwc_model *m, struct pwc_tpc *t, u32 i,
			    u64 prefix, unsigned int depth,
			    unsigned int levels)
{
	m->stats.fills++;
	t->prefix[i] = prefix;
	t->depth[i] = depth;
	t->levels[i] = levels;
	t->stamp[i] = pwc_tick(m);
}

static void tpc_fill(struct pwc_model *m, const struct pwc_walk *w,
		     const struct pwc_result *r)
{
	struct pwc_tpc *t = m->priv;
	unsigned int levels = w->levels, depth, k;
	u32 i, set = tpc_set(t, w->va), end = set + t->ways, victim = end;
	u64 prefix;

	if (r->start == 1 && !r->stale)
		return;				/* full-path hit */
	depth = levels - w->end;		/* PBA(Lend) .. known */
	if (depth > levels - 1)
		depth = levels - 1;
	if (!depth)
		return;				/* fault at the top */
	prefix = tpc_prefix(w->va, levels, depth);

	/* The same path at the same depth is replaced, not duplicated. */
	for (i = set; i < end; i++) {
		if (t->depth[i] == depth && t->levels[i] == levels &&
		    t->prefix[i] == prefix) {
			victim = i;
			break;
		}
	}
	if (victim == end) {
		victim = tpc_victim(t, set, end);
		if (t->depth[victim])
			m->stats.evictions++;
	}
	tpc_take(m, t, victim, prefix, depth, levels);
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		tpc_pba(t, victim)[k] = 0;
	for (k = levels - depth; k < levels; k++)
		tpc_pba(t, victim)[k] = w->base[k];
}

/*
 * How many top-level tags of an entry match, from @x, its prefix XOR the
 * request's pwc_key(va, 2) (nonzero): those above the 9-bit group of the
 * highest differing bit, as tpc_match() counts them.
 */
static unsigned int tpc_top_tags(u64 x, unsigned int levels)
{
	int d = (int)levels - 2 - (fls64(x) - 1) / 9;

	return d > 0 ? d : 0;
}

/*
 * Stamps stay below 2^56 (one tick per touch), so the match depth above
 * them orders entries as tpc_lookup() does.
 */
#define TPC_STAMP_BITS 56

/*
 * Lookup and fill fused: the match depth of an entry from one XOR and the
 * highest differing bit; a 4 KiB-leaf walk that did not hit the full path
 * has no duplicate to replace, so its fill is the victim scan alone (every
 * other fill is tpc_fill()).  The same results and state as tpc_lookup()
 * then tpc_fill().
 */
static void tpc_access(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r)
{
	struct pwc_tpc *t = m->priv;
	unsigned int levels = w->levels, full = levels - 1, best = 0, d, k;
	u64 key2 = pwc_key(w->va, 2), x, score, top = 0;
	u32 i, set = tpc_set(t, w->va), end = set + t->ways, win = end;
	u32 victim;

	for (i = set; i < end; i++) {
		x = t->prefix[i] ^ key2;
		d = x ? tpc_top_tags(x, levels) : full;
		d = d < t->depth[i] ? d : t->depth[i];	/* invalid: 0 */
		d = t->levels[i] == levels ? d : 0;
		/* the deepest match, the most recent of equals: one max */
		score = d ? (u64)d << TPC_STAMP_BITS | t->stamp[i] : 0;
		if (score > top) {
			top = score;
			win = i;
			if (d == full)
				break;	/* held once: nothing can beat it */
		}
	}
	best = top >> TPC_STAMP_BITS;
	r->start = levels - best;
	if (win < end) {
		t->stamp[win] = pwc_tick(m);
		r->pba = tpc_pba(t, win)[r->start];
	}
	pwc_shadow_check(w, r);
	if (r->start == 1 && !r->stale)
		return;				/* full-path hit */
	if (r->stale || w->end != 1) {
		tpc_fill(m, w, r);
		return;
	}
	victim = tpc_victim(t, set, end);
	if (t->depth[victim])
		m->stats.evictions++;
	tpc_take(m, t, victim, key2, full, levels);
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		tpc_pba(t, victim)[k] = k >= 1 && k < levels ? w->base[k] : 0;
}

/*
 * The same-2MiB shortcut is exact with one entry or more (any ways): the
 * walk before, of the same L2 index and so the same set, left its full
 * path in the most recent entry of that set (a hit touches it, a fill
 * writes it and replaces the same path rather than adding another).
 */
static void tpc_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		      struct pwc_result *r, unsigned int flags)
{
	pwc_batch_run(m, w, n, r, (flags & PWC_BATCH_SAME2M) && m->cfg.entries,
		      tpc_access, NULL);
}

static void tpc_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_tpc *t = m->priv;
	unsigned int top;
	u32 i;

	/* An entry's coverage is its widest part: the top-level region. */
	for (i = 0; i < t->n; i++) {
		if (!t->depth[i])
			continue;
		top = t->levels[i];
		if (pwc_key_overlaps(t->prefix[i] >> (9 * (top - 2)), top,
				     start, end)) {
			t->depth[i] = 0;
			m->stats.invalidations++;
		}
	}
}

static void tpc_clear(struct pwc_model *m)
{
	struct pwc_tpc *t = m->priv;

	memset(t->depth, 0, t->n);
}

/* Restore the max-heap (most recent stamp on top) below @h[@i]. */
static void tpc_sift(const u64 *stamp, u32 *h, u32 n, u32 i)
{
	u32 l, r, top, x;

	for (;;) {
		l = 2 * i + 1;
		r = l + 1;
		top = i;
		if (l < n && stamp[h[l]] > stamp[h[top]])
			top = l;
		if (r < n && stamp[h[r]] > stamp[h[top]])
			top = r;
		if (top == i)
			return;
		x = h[i];
		h[i] = h[top];
		h[top] = x;
		i = top;
	}
}

/*
 * Most recently used first, taken from a heap one entry at a time: a dump
 * cut short by its buffer costs one pass plus what it printed.
 */
static void tpc_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_tpc *t = m->priv;
	unsigned int k, levels;
	u32 *heap, i, n = 0, win;
	bool empty;

	heap = pwc_zalloc(t->n * sizeof(*heap));
	if (!heap) {
		pwc_printf(o, "  (no memory to order the entries)\n");
		return;
	}
	for (i = 0; i < t->n; i++)
		if (t->depth[i])
			heap[n++] = i;
	empty = !n;
	for (i = n / 2; i-- > 0;)
		tpc_sift(t->stamp, heap, n, i);
	while (n && !pwc_out_full(o)) {
		win = heap[0];
		heap[0] = heap[--n];
		tpc_sift(t->stamp, heap, n, 0);
		levels = t->levels[win];
		pwc_printf(o, "  entry %u:", win);
		for (k = levels; k > levels - t->depth[win]; k--)
			pwc_printf(o, " L%u=%u", k,
				   (unsigned int)(t->prefix[win] >>
						  (9 * (k - 2))) & 511);
		for (k = levels - 1; k >= levels - t->depth[win]; k--)
			pwc_printf(o, " PBA(L%u)=0x%llx", k,
				   pwc_out_pa(o, tpc_pba(t, win)[k]));
		pwc_printf(o, "\n");
	}
	if (empty)
		pwc_printf(o, "  (empty)\n");
	pwc_free(heap);
}

/* The lookup scan, then the fill's duplicate and victim scans. */
static u64 tpc_cost(const struct pwc_model *m)
{
	return 3ULL * m->cfg.entries;
}

static void tpc_redundancy(struct pwc_model *m, u64 *parts, u64 *redundant)
{
	struct pwc_tpc *t = m->priv;
	unsigned int j, lvl, low;
	u32 i, o;

	/* Part j of an entry: the tags of its top j levels and one base. */
	*parts = 0;
	*redundant = 0;
	for (i = 0; i < t->n; i++) {
		if (!t->depth[i])
			continue;
		for (j = 1; j <= t->depth[i]; j++) {
			(*parts)++;
			low = t->levels[i] - j + 1;
			lvl = 9 * (low - 2);
			for (o = 0; o < i; o++) {
				if (t->depth[o] >= j &&
				    t->levels[o] == t->levels[i] &&
				    t->prefix[o] >> lvl == t->prefix[i] >> lvl) {
					(*redundant)++;
					break;
				}
			}
		}
	}
}

static const struct pwc_param tpc_params[] = {
	PWC_PARAM("entries", entries),
	PWC_PARAM_WAYS,
};

static int tpc_check(const struct pwc_config *cfg, char *err, size_t errlen)
{
	return pwc_check_ways("tpc", cfg, err, errlen);
}

/* An entry: valid, and per level below the top a tag and a base (220). */
static u64 tpc_bits(const struct pwc_config *cfg, unsigned int levels)
{
	return (u64)cfg->entries *
	       (PWC_VALID_BITS + (levels - 1) * (PWC_TAG_BITS + PWC_BASE_BITS));
}

static void tpc_size(struct pwc_config *cfg, u32 n)
{
	cfg->entries = n;
}

const struct pwc_ops pwc_tpc_ops = {
	.name = "tpc",
	.defaults = { .entries = 24 },	/* the paper's 5,280 bits */
	.params = tpc_params,
	.nparams = ARRAY_SIZE(tpc_params),
	.check = tpc_check,
	.bits = tpc_bits,
	.size = tpc_size,
	.init = tpc_init,
	.destroy = tpc_destroy,
	.lookup = tpc_lookup,
	.fill = tpc_fill,
	.access = tpc_access,
	.batch = tpc_batch,
	.invalidate = tpc_invalidate,
	.clear = tpc_clear,
	.dump = tpc_dump,
	.redundancy = tpc_redundancy,
	.cost = tpc_cost,
};
