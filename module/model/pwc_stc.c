// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_stc.c - STC, the split translation cache (Intel's paging-structure
 * caches): one LRU cache per level k = top .. 2, keyed by the tags from the
 * top down to Lk and giving PBA(L(k-1)).  All are probed in parallel; the
 * deepest hit gives the start level; the walk fills the caches of the
 * entries it read.  Each cache is fully associative, or with "ways=W" has
 * sets of W entries (a cache of at most W entries stays one set); the set
 * of a key in cache k is its Lk index (its low 9 bits) mod the sets.
 */
#include "pwc_lru.h"

struct pwc_stc {
	struct pwc_lru t[PWC_MAX_LEVELS + 1];	/* t[k]: keyed down to Lk */
	u8 levels;
	/*
	 * The probes above L2 of the last lookup, which left what they hit
	 * the most recent entry of its cache: a lookup of the same path down
	 * to L3, while no key or value of those caches has changed (the sum
	 * of their gens), finds the same and has nothing to touch.
	 */
	u64 up_key;	/* pwc_key(va, 3) + 1 of that lookup; 0: none */
	u64 up_gen;
	u64 up_pba;
	u8 up_start;
};

static int stc_init(struct pwc_model *m)
{
	struct pwc_stc *s;
	unsigned int k;
	int ret;

	s = pwc_zalloc(sizeof(*s));
	if (!s)
		return -ENOMEM;
	m->priv = s;
	s->levels = 4;
	for (k = 2; k <= PWC_MAX_LEVELS; k++) {
		ret = pwc_lru_init(&s->t[k], m->cfg.e[k], m->cfg.ways);
		if (ret)
			return ret;
	}
	return 0;
}

static void stc_destroy(struct pwc_model *m)
{
	struct pwc_stc *s = m->priv;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		pwc_lru_free(&s->t[k]);
}

static void stc_clear(struct pwc_model *m)
{
	struct pwc_stc *s = m->priv;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		pwc_lru_clear(&s->t[k]);
}

/* The set index of @key (tags down to Lk) in cache k: its Lk index. */
static u64 stc_index(u64 key)
{
	return key & 511;
}

/* The set of @key in cache k. */
static u32 stc_set(const struct pwc_lru *t, u64 key)
{
	return pwc_lru_set(t, stc_index(key));
}

/*
 * The probe of cache k, its hit touched and taken as the start.  The
 * caches above L2 are nearly always hit at their most recent entry (a
 * walk shares its upper path with the walk before): tested first, so
 * that a touch that would change nothing is not made.
 */
static __always_inline void stc_probe(struct pwc_stc *s, unsigned int k,
				      u64 va, struct pwc_result *r)
{
	struct pwc_lru *t = &s->t[k];
	u64 key = pwc_key(va, k);
	int i = pwc_lru_find_at(t, stc_index(key), key, k);

	if (i < 0)
		return;
	if (k == 2 || !pwc_lru_front(t, i))
		pwc_lru_touch(t, i);
	r->start = k - 1;
	r->pba = t->val[i];
}

/* The probes from the top down; written out for 4 and 5 levels. */
static __always_inline void stc_lookup(struct pwc_model *m,
				       const struct pwc_walk *w,
				       struct pwc_result *r)
{
	struct pwc_stc *s = m->priv;
	unsigned int k, levels = w->levels;
	u64 va = w->va;

	u64 up = pwc_key(va, 3) + 1;
	u64 gen = (u64)s->t[3].gen + s->t[4].gen + s->t[5].gen;

	r->start = levels;
	if (s->levels != levels)
		return;
	if (levels == 4 || levels == 5) {
		if (up == s->up_key && gen == s->up_gen) {
			r->start = s->up_start;
			if (r->start < levels)
				r->pba = s->up_pba;
		} else {
			if (levels == 5)
				stc_probe(s, 5, va, r);
			stc_probe(s, 4, va, r);
			stc_probe(s, 3, va, r);
			s->up_key = up;
			s->up_gen = gen;
			s->up_start = r->start;
			s->up_pba = r->pba;
		}
		stc_probe(s, 2, va, r);
		return;
	}
	for (k = levels; k >= 2; k--)
		stc_probe(s, k, va, r);
}

/*
 * The fill of cache @k with what the walk taught.  The lookup missed every
 * cache below the start level (or the caches were just cleared), so only
 * a stale walk checks for the key.
 */
static __always_inline void stc_fill_at(struct pwc_model *m,
					struct pwc_stc *s,
					const struct pwc_walk *w,
					const struct pwc_result *r,
					unsigned int k)
{
	u64 key = pwc_key(w->va, k);
	u32 set = stc_set(&s->t[k], key);

	if (!r->stale || pwc_lru_find(&s->t[k], set, key) < 0)
		pwc_model_lru_insert(m, &s->t[k], set, key, w->base[k - 1],
				     key, k);
}

static __always_inline void stc_fill(struct pwc_model *m,
				     const struct pwc_walk *w,
				     const struct pwc_result *r)
{
	struct pwc_stc *s = m->priv;
	unsigned int k;
	u64 key;
	int i;

	if (s->levels != w->levels) {
		stc_clear(m);
		s->levels = w->levels;
	}
	if (r->stale) {
		/* Correct the entry that supplied the wrong base. */
		k = r->start + 1;
		key = pwc_key(w->va, k);
		i = pwc_lru_find(&s->t[k], stc_set(&s->t[k], key), key);
		if (i >= 0) {
			if (r->start >= w->end) {
				s->t[k].val[i] = w->base[r->start];
				s->t[k].gen++;
			} else {
				pwc_lru_drop(&s->t[k], i);
				m->stats.evictions++;
			}
		}
	}
	/*
	 * Reading the Lk entry (k = start .. 2) taught PBA(L(k-1)); the
	 * levels written out, each a constant (an L2 hit taught nothing).
	 */
	if (r->start < 2)
		return;
	if (r->start >= 5 && w->end <= 4)
		stc_fill_at(m, s, w, r, 5);
	if (r->start >= 4 && w->end <= 3)
		stc_fill_at(m, s, w, r, 4);
	if (r->start >= 3 && w->end <= 2)
		stc_fill_at(m, s, w, r, 3);
	if (r->start >= 2 && w->end <= 1)
		stc_fill_at(m, s, w, r, 2);
}

/* Lookup, shadow check and fill. */
static __always_inline void stc_access(struct pwc_model *m,
				       const struct pwc_walk *w,
				       struct pwc_result *r)
{
	stc_lookup(m, w, r);
	pwc_shadow_check(w, r);
	stc_fill(m, w, r);
}

static void stc_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		      struct pwc_result *r)
{
	pwc_batch_loop(m, w, n, r, stc_access, false);
}

static void stc_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_stc *s = m->priv;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		m->stats.invalidations += pwc_lru_invalidate(&s->t[k], start,
							     end);
}

static void stc_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_stc *s = m->priv;
	unsigned int k, j;
	u32 i;

	for (k = s->levels; k >= 2; k--) {
		pwc_printf(o, "  cache keyed to L%u (%u entries):\n", k,
			   s->t[k].size);
		for (i = 0; i < s->t[k].size && !pwc_out_full(o); i++) {
			if (!pwc_lru_valid(&s->t[k], i))
				continue;
			pwc_printf(o, "   ");
			for (j = s->levels; j >= k; j--)
				pwc_printf(o, " L%u=%u", j,
					   (unsigned int)(s->t[k].key[i] >>
							  (9 * (j - k))) & 511);
			pwc_printf(o, " PBA(L%u)=0x%llx\n", k - 1,
				   pwc_out_pa(o, s->t[k].val[i]));
		}
	}
}

/*
 * A bound: an invalidation visits every entry, a fill may scan a set for
 * its oldest entry or its first free one.
 */
static u64 stc_cost(const struct pwc_model *m)
{
	u64 n = 0;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		n += 2ULL * m->cfg.e[k];
	return n;
}

static const struct pwc_param stc_params[] = {
	PWC_PARAM("l4", e[4]),
	PWC_PARAM("l3", e[3]),
	PWC_PARAM("l2", e[2]),
	PWC_PARAM_L5(e[5]),
	PWC_PARAM_WAYS,
};

/*
 * ways=W: every cache of more than W entries must be whole sets of W
 * (a smaller one is one set).
 */
static int stc_check(const struct pwc_config *cfg, char *err, size_t errlen)
{
	unsigned int k;

	for (k = PWC_MAX_LEVELS; k >= 2; k--) {
		if (!pwc_set_ways(cfg->e[k], cfg->ways)) {
			if (errlen)
				snprintf(err, errlen,
					 "stc: l%u=%u is not a multiple of ways=%u",
					 k, cfg->e[k], cfg->ways);
			return -EINVAL;
		}
	}
	return 0;
}

/* One entry of cache k: valid, the tags of levels top .. k, a base. */
static u64 stc_bits(const struct pwc_config *cfg, unsigned int levels)
{
	unsigned int k;
	u64 bits = 0;

	for (k = 2; k <= levels; k++)
		bits += (u64)cfg->e[k] * (PWC_VALID_BITS + PWC_BASE_BITS +
					  PWC_TAG_BITS * (levels - k + 1));
	return bits;
}

/* Budgets keep l4 : l3 : l2 = 1 : 2 : 8 (and l5). */
static void stc_size(struct pwc_config *cfg, u32 n)
{
	cfg->e[4] = n;
	cfg->e[3] = 2 * n;
	cfg->e[2] = 8 * n;
}

const struct pwc_ops pwc_stc_ops = {
	.name = "stc",
	.defaults = { .e = { [5] = 1, [4] = 5, [3] = 10, [2] = 40 } },
	.params = stc_params,
	.nparams = ARRAY_SIZE(stc_params),
	.check = stc_check,
	.bits = stc_bits,
	.size = stc_size,
	.init = stc_init,
	.destroy = stc_destroy,
	.lookup = stc_lookup,
	.access = stc_access,
	.batch = stc_batch,
	.invalidate = stc_invalidate,
	.clear = stc_clear,
	.dump = stc_dump,
	.cost = stc_cost,
};
