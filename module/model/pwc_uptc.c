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

static int uptc_init(struct pwc_model *m)
{
	struct pwc_lru *t;

	t = pwc_zalloc(sizeof(*t));
	if (!t)
		return -ENOMEM;
	m->priv = t;
	return pwc_lru_init(t, m->cfg.entries, m->cfg.ways);
}

static void uptc_destroy(struct pwc_model *m)
{
	pwc_lru_free(m->priv);
}

static void uptc_clear(struct pwc_model *m)
{
	pwc_lru_clear(m->priv);
}

/* What a walk has found so far (uptc_walk()). */
struct uptc_state {
	unsigned int start, reads;
	bool stale;
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
		if (fill)
			pwc_model_lru_insert(m, t,
					     pwc_lru_set(t, pwc_index(w->va, k)),
					     key, w->base[k - 1],
					     pwc_key(w->va, k), k);
		return true;
	}
	pwc_lru_touch(t, i);	/* in walk order */
	if (t->val[i] != w->base[k - 1]) {
		st->stale = true;
		t->val[i] = w->base[k - 1];
	}
	return true;
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
	struct pwc_lru *t = m->priv;
	/* the entry that ends the walk is read */
	struct uptc_state st = { .start = w->end, .reads = 1 };
	unsigned int k, levels = w->levels;

	if (levels == 4 || levels == 5) {
		if ((levels == 4 || uptc_step(m, t, w, 5, fill, &st)) &&
		    uptc_step(m, t, w, 4, fill, &st) &&
		    uptc_step(m, t, w, 3, fill, &st))
			uptc_step(m, t, w, 2, fill, &st);
	} else {
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
	m->stats.invalidations += pwc_lru_invalidate(m->priv, start, end);
}

static void uptc_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_lru *t = m->priv;
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
