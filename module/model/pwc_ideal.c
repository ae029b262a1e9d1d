// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_ideal.c - "ideal", the upper bound of every figure: a cache unbounded
 * per level, so only compulsory misses (its lower bound is pwc_none.c).
 *
 * ideal keeps, per level k = top .. 2, a growing hash map (pwc_hset.h)
 * of the keys (tags from the top down to Lk) it has seen, with PBA(L(k-1)).
 * The deepest known key gives the start level; the walk fills the keys of
 * the entries it read, as STC does.  It holds at most PWC_IDEAL_MAX_KEYS
 * keys per level (a 128 GiB footprint in 2 MiB regions; the cap bounds the
 * work of one rehash or invalidation); past that, or if memory runs out, a
 * key is not added (the model then under-reports hits, never
 * over-reports) and is counted as an eviction: an unbounded model that
 * evicts has met its cap, which the tools say (stats.evictions).
 */
#include "pwc_hset.h"

struct pwc_ideal {
	struct pwc_hset h[PWC_MAX_LEVELS + 1];
	u8 levels;
};

static int ideal_init(struct pwc_model *m)
{
	struct pwc_ideal *d = pwc_zalloc(sizeof(*d));

	if (!d)
		return -ENOMEM;
	d->levels = 4;
	m->priv = d;
	return 0;
}

static void ideal_clear(struct pwc_model *m)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		pwc_hset_free(&d->h[k]);
}

/* The probe of the level-k keys: true, and the start, if it holds @va's. */
static __always_inline bool ideal_probe(struct pwc_ideal *d, unsigned int k,
					u64 va, struct pwc_result *r)
{
	s64 i = pwc_hset_find(&d->h[k], pwc_key(va, k));

	if (i < 0)
		return false;
	r->start = k - 1;
	r->pba = d->h[k].val[i];
	return true;
}

/* The deepest known key; the probes written out for 4 and 5 levels. */
static __always_inline void ideal_lookup(struct pwc_model *m,
					 const struct pwc_walk *w,
					 struct pwc_result *r)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k, levels = w->levels;
	u64 va = w->va;

	r->start = levels;
	if (d->levels != levels)
		return;
	if (levels == 4 || levels == 5) {
		if (ideal_probe(d, 2, va, r) || ideal_probe(d, 3, va, r) ||
		    ideal_probe(d, 4, va, r))
			return;
		if (levels == 5)
			ideal_probe(d, 5, va, r);
		return;
	}
	for (k = 2; k <= levels; k++)
		if (ideal_probe(d, k, va, r))
			return;
}

/*
 * The key of level @k the walk read added, under the cap; one the cap (or
 * memory) refuses counted as an eviction.  The lookup missed it, so an
 * add finds it absent.
 */
static __always_inline void ideal_fill_at(struct pwc_model *m,
					  struct pwc_ideal *d,
					  const struct pwc_walk *w,
					  unsigned int k)
{
	int ret = -ENOSPC;

	if (d->h[k].used < PWC_IDEAL_MAX_KEYS)
		ret = pwc_hset_add(&d->h[k], pwc_key(w->va, k),
				   w->base[k - 1]);
	if (ret > 0)
		m->stats.fills++;
	else if (ret < 0)
		m->stats.evictions++;
}

static __always_inline void ideal_fill(struct pwc_model *m,
				       const struct pwc_walk *w,
				       const struct pwc_result *r)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;
	s64 i;

	if (d->levels != w->levels) {
		ideal_clear(m);
		d->levels = w->levels;
	}
	if (r->stale) {
		k = r->start + 1;
		i = pwc_hset_find(&d->h[k], pwc_key(w->va, k));
		if (i >= 0 && r->start >= w->end)
			d->h[k].val[i] = w->base[r->start];
	}
	/* the levels read, written out (an L2 hit taught nothing) */
	if (r->start < 2)
		return;
	if (r->start >= 5 && w->end <= 4)
		ideal_fill_at(m, d, w, 5);
	if (r->start >= 4 && w->end <= 3)
		ideal_fill_at(m, d, w, 4);
	if (r->start >= 3 && w->end <= 2)
		ideal_fill_at(m, d, w, 3);
	if (r->start >= 2 && w->end <= 1)
		ideal_fill_at(m, d, w, 2);
}

/* Lookup, shadow check and fill. */
static __always_inline void ideal_access(struct pwc_model *m,
					 const struct pwc_walk *w,
					 struct pwc_result *r)
{
	ideal_lookup(m, w, r);
	pwc_shadow_check(w, r);
	ideal_fill(m, w, r);
}

/*
 * Walks whose probes a batch starts reading before it looks them up, once
 * the L2 map has IDEAL_AHEAD_SLOTS slots (256 KiB of keys: past the
 * second-level cache; below that a prefetch only costs its instructions).
 */
#define IDEAL_AHEAD 16
#define IDEAL_AHEAD_SLOTS 32768

/*
 * Start reading the level-2 and level-3 slots that the lookups of the
 * IDEAL_AHEAD walks from @from (of @n) probe first: on a stream of new
 * regions the maps outgrow the caches, and each lookup would wait for its
 * miss.  Inline: gcc finds a function of prefetches pure, and drops its
 * calls.
 */
static __always_inline void ideal_prefetch(const struct pwc_ideal *d,
					   const struct pwc_walk *w, u32 from,
					   u32 n)
{
	u32 i;

	for (i = from; i < n && i - from < IDEAL_AHEAD; i++) {
		pwc_hset_prefetch(&d->h[2], pwc_key(w[i].va, 2));
		pwc_hset_prefetch(&d->h[3], pwc_key(w[i].va, 3));
	}
}

/*
 * The batch loop; on a large L2 map, over runs of IDEAL_AHEAD walks, each
 * read one run ahead.
 */
static void ideal_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
			struct pwc_result *r)
{
	const struct pwc_ideal *d = m->priv;
	bool ahead = d->h[2].cap >= IDEAL_AHEAD_SLOTS;
	u64 at = 0;
	u32 i, c = n;

	if (ahead)
		ideal_prefetch(d, w, 0, n);
	for (i = 0; i < n; i += c) {
		if (ahead) {
			c = n - i < IDEAL_AHEAD ? n - i : IDEAL_AHEAD;
			ideal_prefetch(d, w, i + c, n);
		}
		at += pwc_batch_loop(m, w + i, c, r ? r + at : NULL,
				     ideal_access, false);
	}
}

static void ideal_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		m->stats.invalidations +=
			pwc_hset_drop_overlapping(&d->h[k], k, start, end);
}

static void ideal_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;

	for (k = d->levels; k >= 2; k--)
		pwc_printf(o, "  keys to L%u: %llu%s\n", k, d->h[k].used,
			   d->h[k].used < PWC_IDEAL_MAX_KEYS ? "" :
			   " (full: later keys not kept)");
}

/* A rehash (growth or invalidation) visits every slot of a level. */
static u64 ideal_cost(const struct pwc_model *m)
{
	const struct pwc_ideal *d = m->priv;
	unsigned int k;
	u64 n = PWC_MAX_LEVELS;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		n += 2 * d->h[k].cap;
	return n;
}

static u64 ideal_bits(const struct pwc_config *cfg, unsigned int levels)
{
	return PWC_BITS_UNBOUNDED;
}

const struct pwc_ops pwc_ideal_ops = {
	.name = "ideal",
	.bits = ideal_bits,
	.init = ideal_init,
	.destroy = ideal_clear,
	.lookup = ideal_lookup,
	.access = ideal_access,
	.batch = ideal_batch,
	.invalidate = ideal_invalidate,
	.clear = ideal_clear,
	.dump = ideal_dump,
	.cost = ideal_cost,
};
