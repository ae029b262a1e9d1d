// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_uptc.c - UPTC, the unified page-table cache (AMD): E LRU entries
 * keyed by the physical address of a page-table entry (PBA(Lk) + 8 x
 * index), holding that entry's value (the next table base).  Fully
 * associative, or with "ways=W" in sets of W entries; the set of an entry
 * is its own level's index (the PTE address's bits 11:3) mod the sets.
 * The walk is sequential from the root: a cached entry costs no access,
 * a missing one costs one and is filled before the next level is looked
 * up; the leaf (or the non-present entry that ends a fault) is never
 * cached.
 *
 * Each entry also records the virtual region it translates (bookkeeping
 * for range invalidation only, not counted in the storage bits).
 */
#include "pwc_lru.h"
#include "pwc_uptc.h"

/*
 * The entries, and the upper path of the walk before (uptc_again()): its
 * steps above L2 (levels .. 3) each left an entry holding the key and
 * the value of that step, @up_i[k], touched in walk order.  The next
 * walk with the same upper tags and bases takes them without a lookup.
 * Kept only where no later step or fill can change or evict them
 * (uptc_keep()); forgotten by every walk that does not keep it, and by
 * invalidation and clearing.
 *
 * From the first walk that takes it (uptc_pin()), the path's entries are
 * out of the recency list (pinned): every walk that takes the path
 * touches them first, so they stay together in walk order (up_i[3],
 * up_i[4], up_i[5] from the most recent), and the recency order is the
 * list with the path put behind its front entry, or with @up_front
 * before it.  A walk that takes the path then touches none of them: its
 * L2 step's touch or fill puts its entry at the list's front, the path
 * behind it.  uptc_unpin() puts them back where the order has them.
 */
struct pwc_uptc {
	struct pwc_lru t;
	u64 up_key;	/* pwc_key(va, 3) + 1 of that walk; 0: none */
	u64 up_base[PWC_MAX_LEVELS + 1];	/* its bases */
	/* per level, the entry its step found or filled (uptc_state's @at) */
	u32 up_i[PWC_MAX_LEVELS + 1];
	unsigned int up_levels;
	bool pinned;	/* the path's entries out of the list */
	bool up_front;	/* the path is the most recent */
	/* one set of at least PWC_MAX_LEVELS entries (uptc_keep()) */
	bool keeps;
};

/* uptc_unpin() of pinned entries. */
static noinline void uptc_relink(struct pwc_uptc *u)
{
	struct pwc_recency *l = &u->t.rec;
	u32 at = l->n;		/* the list's head: before its front */
	unsigned int k;

	u->pinned = false;
	if (!u->up_front)
		at = l->next[at];	/* its front, or the head if empty */
	for (k = 3; k <= u->up_levels; k++) {
		pwc_recency_link_after(l, at, u->up_i[k]);
		at = u->up_i[k];
	}
}

/*
 * The path no longer kept, its entries, if pinned, back in the list where
 * the recency order has them (struct pwc_uptc).
 */
static __always_inline void uptc_unpin(struct pwc_uptc *u)
{
	u->up_key = 0;
	if (u->pinned)
		uptc_relink(u);
}

static int uptc_init(struct pwc_model *m)
{
	struct pwc_uptc *u;
	int ret;

	u = pwc_zalloc(sizeof(*u));
	if (!u)
		return -ENOMEM;
	m->priv = u;
	ret = pwc_lru_init(&u->t, m->cfg.entries, m->cfg.ways);
	if (ret)
		return ret;
	u->keeps = u->t.sets <= 1 && u->t.size >= PWC_MAX_LEVELS;
	return 0;
}

static void uptc_destroy(struct pwc_model *m)
{
	struct pwc_uptc *u = m->priv;

	pwc_lru_free(&u->t);
}

static void uptc_clear(struct pwc_model *m)
{
	struct pwc_uptc *u = m->priv;

	pwc_lru_clear(&u->t);	/* every list emptied: nothing to unpin */
	u->up_key = 0;
	u->pinned = false;
}

/* What a walk has found so far (uptc_walk()). */
struct uptc_state {
	unsigned int start, reads;
	bool stale;
	bool gap;	/* a step found no entry and filled none */
	u32 at[PWC_MAX_LEVELS + 1];	/* per level: its entry, found or filled */
};

/* The entry of @w's path at level @k (its key too), or -1. */
static __always_inline int uptc_find(struct pwc_lru *t,
				     const struct pwc_walk *w, unsigned int k,
				     u64 *key)
{
	*key = pwc_uptc_key(w->base[k], w->va, k);
	return pwc_lru_find_at(t, pwc_index(w->va, k), *key, k);
}

/* The walk's step at level @k; false when the walk ends there. */
static __always_inline bool uptc_step(struct pwc_model *m, struct pwc_lru *t,
				      const struct pwc_walk *w, unsigned int k,
				      bool fill, struct uptc_state *st)
{
	u64 key;
	int i = uptc_find(t, w, k, &key);

	if (k <= w->end) {
		/* The real entry is the leaf or not present. */
		if (i >= 0) {
			st->stale = true;
			pwc_lru_drop(t, i);
			m->stats.evictions++;
		}
		return false;
	}
	if (i < 0) {
		if (st->start == w->end)
			st->start = k;
		st->reads++;
		st->gap |= !fill;
		if (fill) {
			u32 set = pwc_lru_set(t, pwc_index(w->va, k));

			pwc_model_lru_insert(m, t, set, key, w->base[k - 1],
					     pwc_key(w->va, k), k);
			st->at[k] = pwc_recency_front(&t->rec, set);
		}
		return true;
	}
	st->at[k] = i;
	pwc_lru_touch(t, i);	/* in walk order */
	if (t->val[i] != w->base[k - 1]) {
		st->stale = true;
		t->val[i] = w->base[k - 1];
	}
	return true;
}

/*
 * Can an L2 step through table base @base2 find or drop the entry of key
 * @key (the key of a step above it)?  Only if @key is one of the L2
 * table's entries: base2 + 8 x index.
 */
static bool uptc_l2_may_reach(u64 base2, u64 key)
{
	return key - base2 < 8 * 512 && !((key - base2) & 7);
}

/*
 * The kept path's entries out of the list, where the walk that kept it
 * left them (uptc_keep()); false, with nothing changed, where they may
 * not be: one that an L2 step through the same L2 table can find, touch
 * or drop (only the list's entries may be), or one entry at two levels
 * (a table used at two levels gives one key at both).  Of the latter
 * only L5's entry at L4 needs its own test: the path was not stale, so
 * an L3 step that found L4's entry (or L5's) had base[2] = base[3] (or
 * base[4]), and then an L2 step can reach L3's entry (or L4's).
 */
static __always_inline bool uptc_pin(struct pwc_uptc *u,
				     unsigned int levels)
{
	const u32 *at = u->up_i;
	const u64 *key = u->t.key;
	u64 b2 = u->up_base[2];

	if (uptc_l2_may_reach(b2, key[at[3]]) ||
	    uptc_l2_may_reach(b2, key[at[4]]))
		return false;
	if (levels == 5 && (at[5] == at[4] ||
			    uptc_l2_may_reach(b2, key[at[5]])))
		return false;
	pwc_recency_unlink(&u->t.rec, at[3]);
	pwc_recency_unlink(&u->t.rec, at[4]);
	if (levels == 5)
		pwc_recency_unlink(&u->t.rec, at[5]);
	u->pinned = true;
	return true;
}

/*
 * The steps above L2 of @w when its upper path is the one kept
 * (struct pwc_uptc): the same paging levels, tags above L2 and bases
 * base[2 .. levels] give the same keys and values, so each step hits
 * the kept entry, not stale; true when they are taken: their touches
 * leave the pinned path the most recent (@up_front).  A walk that ends
 * above L2 has other steps: not taken.
 */
static __always_inline bool uptc_again(struct pwc_uptc *u,
				       const struct pwc_walk *w)
{
	unsigned int levels = w->levels;

	if (u->up_key != pwc_key(w->va, 3) + 1 || u->up_levels != levels ||
	    u->up_base[2] != w->base[2] || u->up_base[3] != w->base[3] ||
	    u->up_base[4] != w->base[4] ||
	    (levels == 5 && u->up_base[5] != w->base[5]) || w->end > 2)
		return false;
	if (!u->pinned && !uptc_pin(u, levels))
		return false;
	u->up_front = true;
	return true;
}

/*
 * After a walk that did not take the kept path: keep its upper path if
 * every step above L2 left an entry, none was stale (then no step changed
 * an entry an earlier step left: a step below changes one only where it
 * finds a key an upper step holds, with another value, which is a stale
 * result), and no later fill can evict them (one set of at least
 * PWC_MAX_LEVELS entries: a fill takes a free entry or the least recent,
 * and the path's are the most recent); else forget.  They stay in the
 * list until a walk takes the path (uptc_pin()).
 */
static __always_inline void uptc_keep(struct pwc_uptc *u,
				      const struct pwc_walk *w,
				      const struct uptc_state *st)
{
	unsigned int levels = w->levels;

	if (!u->keeps || st->stale || st->gap || w->end > 2)
		return;
	u->up_i[3] = st->at[3];
	u->up_i[4] = st->at[4];
	u->up_i[5] = st->at[5];
	memcpy(u->up_base, w->base, sizeof(u->up_base));
	u->up_levels = levels;
	u->up_key = pwc_key(w->va, 3) + 1;
}

/*
 * The walk from the root.  The table base used at each step is the one the
 * hardware would have: the cached value on a hit (checked against the real
 * walk: a difference is a stale hit, corrected in place) or the value read
 * from memory.  With @fill, a missed entry is filled as soon as it is read,
 * before the next level is looked up, as a sequential walker does (the
 * fill may evict the entry the next lookup wants).  The steps are written
 * out for 4 and 5 levels, so that each level is a constant.
 */
static __always_inline void uptc_walk(struct pwc_model *m,
				      const struct pwc_walk *w,
				      struct pwc_result *r, bool fill)
{
	struct pwc_uptc *u = m->priv;
	struct pwc_lru *t = &u->t;
	/* the entry that ends the walk is read */
	struct uptc_state st = { .start = w->end, .reads = 1 };
	unsigned int k, levels = w->levels;

	if (levels == 4 || levels == 5) {
		if (uptc_again(u, w)) {
			uptc_step(m, t, w, 2, fill, &st);
			/* a touch or fill: its entry at the front */
			if (w->end == 1 && !st.gap)
				u->up_front = false;
			if (st.stale)	/* it may have changed a kept one */
				uptc_unpin(u);
		} else {
			uptc_unpin(u);
			if ((levels == 4 || uptc_step(m, t, w, 5, fill, &st)) &&
			    uptc_step(m, t, w, 4, fill, &st) &&
			    uptc_step(m, t, w, 3, fill, &st))
				uptc_step(m, t, w, 2, fill, &st);
			uptc_keep(u, w, &st);
		}
	} else {
		uptc_unpin(u);
		for (k = levels; k >= 2; k--)
			if (!uptc_step(m, t, w, k, fill, &st))
				break;
	}
	r->start = st.start;
	r->stale = st.stale;
	r->accesses = st.reads;
	r->pba = w->base[st.start];
}

static void uptc_lookup(struct pwc_model *m, const struct pwc_walk *w,
			struct pwc_result *r)
{
	uptc_walk(m, w, r, false);
}

static __always_inline void uptc_access(struct pwc_model *m,
					const struct pwc_walk *w,
					struct pwc_result *r)
{
	uptc_walk(m, w, r, true);
}

static void uptc_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		       struct pwc_result *r)
{
	pwc_batch_loop(m, w, n, r, uptc_access, false);
}

static void uptc_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_uptc *u = m->priv;

	uptc_unpin(u);
	m->stats.invalidations += pwc_lru_invalidate(&u->t, start, end);
}

static void uptc_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_uptc *u = m->priv;
	struct pwc_lru *t = &u->t;
	u32 i;

	for (i = 0; i < t->size && !pwc_out_full(o); i++)
		if (pwc_lru_valid(t, i))
			pwc_printf(o, "  entry %u: L%u PTE at 0x%llx -> 0x%llx\n",
				   i, t->cover_level[i], pwc_out_pa(o, t->key[i]),
				   pwc_out_pa(o, t->val[i]));
}

/*
 * A bound: an invalidation visits every entry, a fill may scan a set for
 * its oldest entry or its first free one, at each level.
 */
static u64 uptc_cost(const struct pwc_model *m)
{
	return 2ULL * PWC_MAX_LEVELS * m->cfg.entries;
}

static const struct pwc_param uptc_params[] = {
	PWC_PARAM("entries", entries),
	PWC_PARAM_WAYS,
};

static int uptc_check(const struct pwc_config *cfg, char *err, size_t errlen)
{
	return pwc_check_ways("uptc", cfg, err, errlen);
}

/* The tag of an entry: the PTE's physical address, bits 51:3. */
#define UPTC_TAG_BITS 49

static u64 uptc_bits(const struct pwc_config *cfg, unsigned int levels)
{
	return (u64)cfg->entries *
	       (PWC_VALID_BITS + UPTC_TAG_BITS + PWC_BASE_BITS);
}

static void uptc_size(struct pwc_config *cfg, u32 n)
{
	cfg->entries = n;
}

const struct pwc_ops pwc_uptc_ops = {
	.name = "uptc",
	.defaults = { .entries = 46 },
	.params = uptc_params,
	.nparams = ARRAY_SIZE(uptc_params),
	.check = uptc_check,
	.bits = uptc_bits,
	.size = uptc_size,
	.init = uptc_init,
	.destroy = uptc_destroy,
	.lookup = uptc_lookup,
	.access = uptc_access,
	.batch = uptc_batch,
	.invalidate = uptc_invalidate,
	.clear = uptc_clear,
	.dump = uptc_dump,
	.cost = uptc_cost,
	.serial_lookup = true,
};
