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
#include "pwc_recency.h"

/* The paging levels in an entry's tag word, above any pwc_key(va, 2). */
#define TPC_LEVELS_SHIFT 40
/* Hint slots per entry (a power of two at least this many), and bounds. */
#define TPC_HINTS_PER_ENTRY 8
#define TPC_HINTS_MIN 64
#define TPC_HINTS_MAX 65536
/* Prefix counters per entry (a power of two at least this many), bounds. */
#define TPC_COUNTERS_PER_ENTRY 64
#define TPC_COUNTER_BITS_MIN 6
#define TPC_COUNTER_BITS_MAX 20
/* Full-path hits a batch logs before it applies their touches (tpc_flush()). */
#define TPC_LOG 256

/*
 * The lookup reads tag[], low[] and stamp[] only: for a request word
 * req = pwc_key(va, 2) | levels << TPC_LEVELS_SHIFT, entry i's
 * x = (tag[i] ^ req) | low[i] is below 2^(9j) exactly for the j that
 * count its match depth (tpc_depth()); invalid entries (low all ones)
 * and entries of other paging levels (bits at TPC_LEVELS_SHIFT) match
 * nothing.  hint[] maps a hash of req to the entry that last held that
 * full path: a guess, used only when that entry's x is 0 (it holds the
 * full path now, and a full path is held once), else the prefix counters
 * or the scan decide (tpc_find()).
 *
 * Recency is kept three times, all changed on every touch (tpc_stamp()):
 * the stamps rank equals in the scan, a recency list per set
 * (pwc_recency.h) gives the set's victim without a scan, and who[] names
 * each prefix's most recent entry.
 * cnt[] counts, per hash of (set, paging levels, depth d, top d tags),
 * the set's valid entries holding that prefix (an entry of depth D
 * counts once at each d <= D): a zero proves no entry of the set
 * matches that deep.  who[], in the same slots, is the entry last made
 * the most recent of those counted there: if it still holds the slot's
 * prefix it is the most recent entry that does (tpc_who()).
 */
struct pwc_tpc {
	u32 hmask;	/* hint slots - 1 */
	u32 cshift;	/* 64 - log2(prefix counters) */
	u64 *tag;	/* prefix | levels << TPC_LEVELS_SHIFT */
	u64 *low;	/* tag bits below the depth; all ones: invalid */
	u64 *stamp;	/* LRU; 0 exactly when invalid */
	u64 *pba;	/* n x (PWC_MAX_LEVELS + 1): pba[i][k] = PBA(Lk) */
	u8 *depth;	/* 0: invalid */
	u8 *levels;	/* paging levels of the walk that filled it */
	u32 *hint;	/* hmask + 1 entry indices */
	/* recency, free entries; rec.n entries in sets of rec.ways */
	struct pwc_recency rec;
	u32 *cnt;	/* 2^(64 - cshift) prefix counters, then the sink's */
	u32 *who;	/* per counter slot: the entry last made most recent */
	u32 *cs;	/* n x PWC_MAX_LEVELS: entry i's slots (depth d: d-1) */
	/*
	 * The entries of a batch's full-path hits whose touches are not yet
	 * made, in order (tpc_touch_later()): the recency above (stamps,
	 * lists, who[], the model's clock) is that of these touches made
	 * in turn only after tpc_flush(), which every reader of it calls
	 * first, and the batch at its end.
	 */
	u32 *log;	/* TPC_LOG entries */
	u32 nlog;
	u32 flushes;	/* tpc_flush()es, each marking in @seen; 0: none */
	u32 *seen;	/* per entry: the last flush that found it in @log */
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

/* Entry @i's pwc_key(va, 2), its tags below its depth zeroed. */
static u64 tpc_prefix_of(const struct pwc_tpc *t, u32 i)
{
	return t->tag[i] & (BIT_ULL(TPC_LEVELS_SHIFT) - 1);
}

/* The request word of a walk (struct pwc_tpc). */
static u64 tpc_req(u64 va, unsigned int levels)
{
	return pwc_key(va, 2) | (u64)levels << TPC_LEVELS_SHIFT;
}

/*
 * The match depth of an entry from its x (struct pwc_tpc) for an @levels
 * walk: its top m tags match when x < 2^(9 (levels - 1 - m)).
 */
static inline unsigned int tpc_depth(u64 x, unsigned int levels)
{
	u64 t4 = levels > 4 ? BIT_ULL(27) : 0;

	return (x == 0) + (x < BIT_ULL(9)) + (x < BIT_ULL(18)) + (x < t4);
}

/* The first entry of @va's set. */
static u32 tpc_set(const struct pwc_tpc *t, u64 va)
{
	u32 n = t->rec.n, ways = t->rec.ways;

	return ways < n ? pwc_index(va, 2) % (n / ways) * ways : 0;
}

static u32 tpc_hash(const struct pwc_tpc *t, u64 req)
{
	return (u32)((req * 0x9E3779B97F4A7C15ULL) >> 32) & t->hmask;
}

/*
 * The counter slot of (set @s, @levels, depth @d, the top @d tags of @key
 * = pwc_key(va, 2)) (struct pwc_tpc): a multiplicative hash, its top bits.
 */
static u32 tpc_cslot(const struct pwc_tpc *t, u32 s, unsigned int levels,
		     unsigned int d, u64 key)
{
	u64 v = (key >> (9 * (levels - 1 - d))) << 8 | levels << 4 | d;

	return ((v ^ (u64)s << 40) * 0x9E3779B97F4A7C15ULL) >> t->cshift;
}

/* The counter slot past the hashed ones: a prefix below an entry's depth. */
static u32 tpc_sink(const struct pwc_tpc *t)
{
	return 1U << (64 - t->cshift);
}

/*
 * Entry @i, valid, counted at each of its prefixes; its slots kept so
 * that tpc_uncount() need not hash them again, and the sink's
 * (tpc_sink()) below its depth, so that every entry has
 * PWC_MAX_LEVELS - 1 slots and none of their loops tests the depth.
 * @slots: its slots if the caller has them (tpc_who() of its path in its
 * set, the sink's below), else NULL.
 */
static __always_inline void tpc_count(struct pwc_tpc *t, u32 i,
				      const u32 *slots)
{
	u32 s = pwc_recency_set_of(&t->rec, i);
	u32 *cs = &t->cs[(size_t)i * PWC_MAX_LEVELS];
	u64 prefix = tpc_prefix_of(t, i);
	unsigned int d, levels = t->levels[i];

	if (slots)
		memcpy(cs, slots, (PWC_MAX_LEVELS - 1) * sizeof(*cs));
	else
		for (d = 0; d < PWC_MAX_LEVELS - 1; d++)
			cs[d] = d < t->depth[i] ?
				tpc_cslot(t, s, levels, d + 1, prefix) :
				tpc_sink(t);
	t->cnt[cs[0]]++;
	t->cnt[cs[1]]++;
	t->cnt[cs[2]]++;
	t->cnt[cs[3]]++;
}

/* Entry @i, valid, no longer counted (the sink's count is never read). */
static __always_inline void tpc_uncount(struct pwc_tpc *t, u32 i)
{
	const u32 *cs = &t->cs[(size_t)i * PWC_MAX_LEVELS];

	t->cnt[cs[0]]--;
	t->cnt[cs[1]]--;
	t->cnt[cs[2]]--;
	t->cnt[cs[3]]--;
}

/*
 * Valid, counted entry @i the most recent: stamped, and who[] of its
 * prefixes (and of the sink below its depth, read by no lookup).
 */
static inline void tpc_stamp(struct pwc_model *m, struct pwc_tpc *t, u32 i)
{
	const u32 *cs = &t->cs[(size_t)i * PWC_MAX_LEVELS];

	t->stamp[i] = pwc_tick(m);
	t->who[cs[0]] = i;
	t->who[cs[1]] = i;
	t->who[cs[2]] = i;
	t->who[cs[3]] = i;
}

/* Valid entry @i touched: tpc_stamp() and the front of its set's list. */
static inline void tpc_touch(struct pwc_model *m, struct pwc_tpc *t, u32 i)
{
	tpc_stamp(m, t, i);
	pwc_recency_touch(&t->rec, i);
}

/*
 * The logged touches made: each entry's last one only, in the order of
 * the last ones, which leaves the lists and who[] as every touch made in
 * turn would have (a touch moves its entry to the front and writes it
 * into who[] of its prefixes, so only the last touch of each counts, and
 * those in their order), and the stamps in the same order; the clock
 * then ticked as by every touch, so that later stamps stay above them.
 * One pass from the newest back finds the last touches (the first of
 * each entry met), moved to the log's end, kept in their order.
 */
static noinline void tpc_flush(struct pwc_model *m, struct pwc_tpc *t)
{
	u64 clock = m->clock;
	u32 p, q, i, n = t->nlog, mark;

	if (!++t->flushes) {		/* marks wrapped: none is current */
		memset(t->seen, 0, t->rec.n * sizeof(*t->seen));
		t->flushes = 1;
	}
	mark = t->flushes;
	for (p = q = n; p-- > 0;) {
		i = t->log[p];
		if (t->seen[i] == mark)
			continue;
		t->seen[i] = mark;
		t->log[--q] = i;	/* q >= p: read already */
	}
	for (; q < n; q++)
		tpc_touch(m, t, t->log[q]);
	m->clock = clock + n;
	t->nlog = 0;
}

/* tpc_touch() of valid entry @i, logged to be made by tpc_flush(). */
static __always_inline void tpc_touch_later(struct pwc_model *m,
					    struct pwc_tpc *t, u32 i)
{
	t->log[t->nlog++] = i;
	if (unlikely(t->nlog == TPC_LOG))
		tpc_flush(m, t);
}

/* Entry @i as invalid; one already invalid is left as it is. */
static void tpc_drop(struct pwc_tpc *t, u32 i)
{
	if (!t->depth[i])
		return;
	tpc_uncount(t, i);
	pwc_recency_release(&t->rec, i);
	t->depth[i] = 0;
	t->low[i] = U64_MAX;
	t->stamp[i] = 0;
}

/* Every entry invalid, every set's list empty, nothing counted. */
static void tpc_clear(struct pwc_model *m)
{
	struct pwc_tpc *t = m->priv;
	u32 i;

	tpc_flush(m, t);
	for (i = 0; i < t->rec.n; i++) {
		t->depth[i] = 0;
		t->low[i] = U64_MAX;
		t->stamp[i] = 0;
	}
	pwc_recency_reset(&t->rec, t->rec.n, t->rec.ways);
	memset(t->cnt, 0, (tpc_sink(t) + 1) * sizeof(*t->cnt));
}

/* @t's arrays for @n entries, @slots hint and @cslots counter slots. */
static void *tpc_arrays(struct pwc_tpc *t, u32 n, u32 slots, u32 cslots)
{
	u32 sets = n / t->rec.ways;
	const struct pwc_part part[] = {
		{ &t->tag, n * sizeof(*t->tag) },
		{ &t->low, n * sizeof(*t->low) },
		{ &t->stamp, n * sizeof(*t->stamp) },
		{ &t->pba, (size_t)n * (PWC_MAX_LEVELS + 1) * sizeof(u64) },
		{ &t->depth, n },
		{ &t->levels, n },
		{ &t->hint, slots * sizeof(*t->hint) },
		{ &t->rec.prev, (n + sets) * sizeof(u32) },
		{ &t->rec.next, (n + sets) * sizeof(u32) },
		{ &t->rec.nfree, sets * sizeof(u32) },
		{ &t->rec.first, sets * sizeof(u32) },
		{ &t->cnt, (cslots + 1) * sizeof(*t->cnt) },
		{ &t->who, (cslots + 1) * sizeof(*t->who) },
		{ &t->cs, (size_t)n * PWC_MAX_LEVELS * sizeof(*t->cs) },
		{ &t->log, TPC_LOG * sizeof(*t->log) },
		{ &t->seen, n * sizeof(*t->seen) },
	};

	return pwc_zalloc_parts(part, ARRAY_SIZE(part));
}

static int tpc_init(struct pwc_model *m)
{
	struct pwc_tpc *t;
	u32 n = m->cfg.entries, slots = TPC_HINTS_MIN;
	unsigned int cbits = TPC_COUNTER_BITS_MIN;

	t = pwc_zalloc(sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->rec.n = n;
	t->rec.ways = pwc_set_ways(n, m->cfg.ways);
	m->priv = t;
	if (!t->rec.ways)
		return -EINVAL;
	while (slots < TPC_HINTS_MAX && slots < (u64)n * TPC_HINTS_PER_ENTRY)
		slots *= 2;
	t->hmask = slots - 1;
	while (cbits < TPC_COUNTER_BITS_MAX &&
	       BIT_ULL(cbits) < (u64)n * TPC_COUNTERS_PER_ENTRY)
		cbits++;
	t->cshift = 64 - cbits;
	m->mem = tpc_arrays(t, n, slots, BIT_ULL(cbits));
	if (!m->mem)
		return -ENOMEM;
	tpc_clear(m);
	return 0;
}

/* Bits of a stamp below its entry's match depth in tpc_scan()'s rank. */
#define TPC_RANK_SHIFT 60

/*
 * The winner of [@set, @end) for @req, or @end on a miss, its match depth
 * in *@best: the deepest match, the most recent of equals; in one pass,
 * each entry ranked by its depth (tpc_depth()) above its stamp (stamps
 * stay below 2^60: a tick per touch).  Branch-free (selects), so that
 * random tags cost no mispredictions.
 */
static inline u32 tpc_scan(const struct pwc_tpc *t, u32 set, u32 end,
			   u64 req, unsigned int levels, unsigned int *best)
{
	u64 x, rank, top = 0;
	u32 i, win = end;
	bool lt;

	for (i = set; i < end; i++) {
		x = (t->tag[i] ^ req) | t->low[i];
		rank = (u64)tpc_depth(x, levels) << TPC_RANK_SHIFT |
		       t->stamp[i];
		lt = rank > top;
		top = lt ? rank : top;
		win = lt ? i : win;
	}
	*best = top >> TPC_RANK_SHIFT;
	return *best ? win : end;
}

/* Does entry @i hold the full path of @req (x = 0)? */
static inline bool tpc_full(const struct pwc_tpc *t, u32 i, u64 req)
{
	return ((t->tag[i] ^ req) | t->low[i]) == 0;
}

/*
 * tpc_who()'s depth @d: the slot of the request's prefix in set @s, and
 * the deepest counted so far (*@dm, its slot *@top).
 */
static __always_inline void tpc_who_at(const struct pwc_tpc *t, u32 s,
				       unsigned int levels, unsigned int d,
				       u64 key, u32 *slots, unsigned int *dm,
				       u32 *top)
{
	u32 slot = tpc_cslot(t, s, levels, d, key);

	slots[d - 1] = slot;
	*dm = t->cnt[slot] ? d : *dm;
	*top = t->cnt[slot] ? slot : *top;
}

/*
 * The winner for @req in the set of first entry @set without a scan, if
 * the counters prove it: no entry of the set matches deeper than the
 * deepest d whose counter is not zero, and who[] of that counter, if it
 * matches that deep in the set, is the most recent entry that does
 * (every entry made the most recent wrote who[] of its prefixes since it
 * took its path, and a collision is written over or fails the test);
 * else @end + 1, and the scan decides.  @end on a miss.  Written out
 * by tpc_find() for 4 levels, a constant: its hashes' shifts then are.
 */
static __always_inline u32 tpc_who(const struct pwc_tpc *t, u32 set,
				   u32 end, u64 req, unsigned int levels,
				   unsigned int *best, u32 *slots)
{
	u32 s = pwc_recency_set_of(&t->rec, set), top = 0, i;
	u64 key = req & (BIT_ULL(TPC_LEVELS_SHIFT) - 1); /* pwc_key(va, 2) */
	unsigned int dm = 0;

	tpc_who_at(t, s, levels, 1, key, slots, &dm, &top);
	tpc_who_at(t, s, levels, 2, key, slots, &dm, &top);
	tpc_who_at(t, s, levels, 3, key, slots, &dm, &top);
	if (levels > 4)
		tpc_who_at(t, s, levels, 4, key, slots, &dm, &top);
	else
		slots[PWC_MAX_LEVELS - 2] = tpc_sink(t);
	if (!dm)
		return end;
	/*
	 * No entry of the set matches deeper than dm (its counter would
	 * not be zero), so the one named matches dm deep or less.
	 */
	i = t->who[top];
	*best = dm;
	return i - set < t->rec.ways &&
	       !(((t->tag[i] ^ req) | t->low[i]) >> (9 * (levels - 1 - dm))) ?
	       i : end + 1;
}

/*
 * The lookup when the hint did not hold the full path: tpc_who(), else
 * the scan of @w's set (the full-path winner becomes the hint at
 * @slot); the winner, or the set's end on a miss, touched.  @slots: the
 * counter slots of @w's path in its set (tpc_who()).
 */
static u32 tpc_find(struct pwc_model *m, struct pwc_tpc *t,
		    const struct pwc_walk *w, struct pwc_result *r, u64 req,
		    u32 *slot, u32 *set, u32 *end, u32 *slots)
{
	unsigned int levels = w->levels, best = 0;
	u32 win;

	*set = tpc_set(t, w->va);
	*end = *set + t->rec.ways;
	if (levels == 4)
		win = tpc_who(t, *set, *end, req, 4, &best, slots);
	else
		win = tpc_who(t, *set, *end, req, levels, &best, slots);
	if (win > *end)
		win = tpc_scan(t, *set, *end, req, levels, &best);
	r->start = levels - best;
	if (!best)
		return *end;
	if (best == levels - 1)
		*slot = win;
	tpc_touch(m, t, win);
	r->pba = tpc_pba(t, win)[r->start];
	return win;
}

/*
 * The victim of the set whose first entry is @set (pwc_recency_victim()),
 * out of its list and, if it was valid, of the counters, counted as an
 * eviction.
 */
static inline u32 tpc_victim(struct pwc_model *m, struct pwc_tpc *t,
			     u32 set)
{
	u32 i = pwc_recency_victim(&t->rec, pwc_recency_set_of(&t->rec, set),
				   t->depth);

	if (t->depth[i]) {
		m->stats.evictions++;
		tpc_uncount(t, i);
	}
	return i;
}

/*
 * Entry @i (in no list, not free, not counted) now holds @prefix at
 * @depth of a @levels-level walk, the most recent of its set; counted as
 * a fill.  @slots: its counter slots, or NULL (tpc_count()).
 */
static __always_inline void tpc_take(struct pwc_model *m,
				     struct pwc_tpc *t, u32 i, u64 prefix,
				     unsigned int depth, unsigned int levels,
				     const u32 *slots)
{
	m->stats.fills++;
	t->tag[i] = prefix | (u64)levels << TPC_LEVELS_SHIFT;
	t->low[i] = BIT_ULL(9 * (levels - 1 - depth)) - 1;
	t->depth[i] = depth;
	t->levels[i] = levels;
	pwc_recency_link(&t->rec, pwc_recency_set_of(&t->rec, i), i);
	tpc_count(t, i, slots);
	tpc_stamp(m, t, i);
	if (depth == levels - 1)
		t->hint[tpc_hash(t, t->tag[i])] = i;
}

static void tpc_fill(struct pwc_model *m, const struct pwc_walk *w,
		     const struct pwc_result *r)
{
	struct pwc_tpc *t = m->priv;
	unsigned int levels = w->levels, depth, k;
	u32 i, set = tpc_set(t, w->va), end = set + t->rec.ways, victim = end;
	u64 prefix, tag;

	if (r->start == 1 && !r->stale)
		return;				/* full-path hit */
	if (t->nlog)
		tpc_flush(m, t);
	depth = levels - w->end;		/* PBA(Lend) .. known */
	if (depth > levels - 1)
		depth = levels - 1;
	if (!depth)
		return;				/* fault at the top */
	prefix = tpc_prefix(w->va, levels, depth);
	tag = prefix | (u64)levels << TPC_LEVELS_SHIFT;

	/* The same path at the same depth is replaced, not duplicated. */
	for (i = set; i < end; i++) {
		if (t->depth[i] == depth && t->tag[i] == tag) {
			victim = i;
			break;
		}
	}
	if (victim == end) {
		victim = tpc_victim(m, t, set);
	} else {			/* replaced: not an eviction */
		tpc_uncount(t, victim);
		pwc_recency_unlink(&t->rec, victim);
	}
	tpc_take(m, t, victim, prefix, depth, levels, NULL);
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		tpc_pba(t, victim)[k] = 0;
	for (k = levels - depth; k < levels; k++)
		tpc_pba(t, victim)[k] = w->base[k];
}

/*
 * The lookup when the hint did not hold the full path: tpc_find(); with
 * @fill, lookup and fill fused (the same results and state as
 * tpc_lookup() then tpc_fill()): a 4 KiB-leaf walk that did not hit the
 * full path has no duplicate to replace, so its fill is the victim taken
 * (every other fill is tpc_fill()).  Its bases are the walk's, copied
 * whole: only PBA(L1) .. PBA(L(levels-1)) are ever read.
 */
static noinline void tpc_slow(struct pwc_model *m, const struct pwc_walk *w,
			      struct pwc_result *r, u64 req, u32 *slot,
			      bool fill)
{
	struct pwc_tpc *t = m->priv;
	unsigned int levels = w->levels;
	u32 set, end, victim, slots[PWC_MAX_LEVELS];

	if (t->nlog)
		tpc_flush(m, t);
	tpc_find(m, t, w, r, req, slot, &set, &end, slots);
	if (!fill)
		return;
	pwc_shadow_check(w, r);
	if (r->start == 1 && !r->stale)
		return;				/* full-path hit */
	if (r->stale || w->end != 1) {
		tpc_fill(m, w, r);
		return;
	}
	/* its path, full depth, in its set: tpc_who()'s slots */
	victim = tpc_victim(m, t, set);
	tpc_take(m, t, victim, pwc_key(w->va, 2), levels - 1, levels, slots);
	memcpy(tpc_pba(t, victim), w->base, sizeof(w->base));
}

/*
 * The lookup: the hinted entry when it holds the full path (the answer: a
 * full path is held once, and nothing beats it), else tpc_slow().
 */
static void tpc_lookup(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r)
{
	struct pwc_tpc *t = m->priv;
	u64 req = tpc_req(w->va, w->levels);
	u32 *slot = &t->hint[tpc_hash(t, req)];

	if (tpc_full(t, *slot, req)) {
		tpc_touch(m, t, *slot);
		r->start = 1;
		r->pba = tpc_pba(t, *slot)[1];
	} else {
		tpc_slow(m, w, r, req, slot, false);
	}
}

/* A stale hinted hit: checked, then refilled (rare: out of line). */
static noinline void tpc_stale(struct pwc_model *m, const struct pwc_walk *w,
			       struct pwc_result *r)
{
	pwc_shadow_check(w, r);
	tpc_fill(m, w, r);
}

/*
 * Lookup and fill fused: tpc_lookup(), then a stale full hit refilled
 * (pwc_shadow_check() finds it stale exactly when pwc_l2_hit_ok() fails).
 * @later (a constant): the full hit's touch logged (tpc_touch_later()),
 * for a batch, which flushes the log at its end.
 */
static __always_inline void tpc_access_in(struct pwc_model *m,
					  const struct pwc_walk *w,
					  struct pwc_result *r, bool later)
{
	struct pwc_tpc *t = m->priv;
	u64 req = tpc_req(w->va, w->levels);
	u32 *slot = &t->hint[tpc_hash(t, req)];

	if (!tpc_full(t, *slot, req)) {
		tpc_slow(m, w, r, req, slot, true);
		return;
	}
	if (later)
		tpc_touch_later(m, t, *slot);
	else
		tpc_touch(m, t, *slot);
	r->start = 1;
	r->pba = tpc_pba(t, *slot)[1];
	if (pwc_l2_hit_ok(w, r->pba))
		r->accesses = 1;
	else
		tpc_stale(m, w, r);
}

static void tpc_access(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r)
{
	tpc_access_in(m, w, r, false);
}

/* tpc_access_in() with its full hits' touches logged. */
static __always_inline void tpc_access_later(struct pwc_model *m,
					     const struct pwc_walk *w,
					     struct pwc_result *r)
{
	tpc_access_in(m, w, r, true);
}

static void tpc_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		      struct pwc_result *r)
{
	struct pwc_tpc *t = m->priv;

	pwc_batch_loop(m, w, n, r, tpc_access_later, false);
	if (t->nlog)
		tpc_flush(m, t);
}

static void tpc_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_tpc *t = m->priv;
	unsigned int top;
	u32 i;

	tpc_flush(m, t);
	/* An entry's coverage is its widest part: the top-level region. */
	for (i = 0; i < t->rec.n; i++) {
		if (!t->depth[i])
			continue;
		top = t->levels[i];
		if (pwc_key_overlaps(tpc_prefix_of(t, i) >> (9 * (top - 2)), top,
				     start, end)) {
			tpc_drop(t, i);
			m->stats.invalidations++;
		}
	}
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

	tpc_flush(m, t);
	heap = pwc_zalloc(t->rec.n * sizeof(*heap));
	if (!heap) {
		pwc_printf(o, "  (no memory to order the entries)\n");
		return;
	}
	for (i = 0; i < t->rec.n; i++)
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
				   (unsigned int)(tpc_prefix_of(t, win) >>
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

/*
 * The lookup's scan, then the fill's scan for a duplicate and its search
 * for the first invalid entry, with room to spare.
 */
static u64 tpc_cost(const struct pwc_model *m)
{
	return 4ULL * m->cfg.entries;
}

static void tpc_redundancy(struct pwc_model *m, u64 *parts, u64 *redundant)
{
	struct pwc_tpc *t = m->priv;
	unsigned int j, lvl, low;
	u32 i, o;

	/* Part j of an entry: the tags of its top j levels and one base. */
	*parts = 0;
	*redundant = 0;
	for (i = 0; i < t->rec.n; i++) {
		if (!t->depth[i])
			continue;
		for (j = 1; j <= t->depth[i]; j++) {
			(*parts)++;
			low = t->levels[i] - j + 1;
			lvl = 9 * (low - 2);
			for (o = 0; o < i; o++) {
				if (t->depth[o] >= j &&
				    t->levels[o] == t->levels[i] &&
				    tpc_prefix_of(t, o) >> lvl ==
				    tpc_prefix_of(t, i) >> lvl) {
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
	.lookup = tpc_lookup,
	.access = tpc_access,
	.batch = tpc_batch,
	.invalidate = tpc_invalidate,
	.clear = tpc_clear,
	.dump = tpc_dump,
	.redundancy = tpc_redundancy,
	.cost = tpc_cost,
};
