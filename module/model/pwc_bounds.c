// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_bounds.c - the bounds of every figure: "none" (no cache, every walk
 * from the root) and "ideal" (unbounded per level: only compulsory misses).
 *
 * ideal keeps, per level k = top .. 2, a growing hash map (pwc_hset.h)
 * of the keys (tags from the top down to Lk) it has seen, with PBA(L(k-1)).
 * The deepest known key gives the start level; the walk fills the keys of
 * the entries it read, as STC does.  It holds at most PWC_IDEAL_MAX_KEYS
 * keys per level (a 128 GiB footprint in 2 MiB regions; the cap bounds the
 * work of one rehash or invalidation); past that, or if memory runs out, a
 * key is simply not added (the model then under-reports hits, never
 * over-reports).
 */
#include "pwc_batch.h"
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

static void ideal_destroy(struct pwc_model *m)
{
	if (!m->priv)
		return;
	ideal_clear(m);
	pwc_free(m->priv);
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
	for (k = r->start; k >= 2 && k - 1 >= w->end; k--)
		if (d->h[k].used < PWC_IDEAL_MAX_KEYS &&
		    pwc_hset_add(&d->h[k], pwc_key(w->va, k),
				 w->base[k - 1]) > 0)
			m->stats.fills++;
}

/*
 * pwc_batch_run()'s quick hit: the L2 key known with the walk's PBA(L1)
 * (ideal keeps no recency: nothing to update).
 */
static __always_inline bool ideal_quick(struct pwc_model *m,
					const struct pwc_walk *w, bool above,
					u64 *pba)
{
	struct pwc_ideal *d = m->priv;
	s64 i;

	if (d->levels != w->levels)
		return false;
	i = pwc_hset_find(&d->h[2], pwc_key(w->va, 2));
	if (i < 0 || !pwc_l2_hit_ok(w, d->h[2].val[i]))
		return false;
	*pba = d->h[2].val[i];
	return true;
}

/* The L2 keys @d may still add before the cap. */
static u64 ideal_room(const struct pwc_ideal *d)
{
	return d->h[2].used < PWC_IDEAL_MAX_KEYS ?
	       PWC_IDEAL_MAX_KEYS - d->h[2].used : 0;
}

/*
 * The same-2MiB shortcut is exact while the L2 keys are under the cap:
 * the walk before then found or added its L2 key (ideal keeps no
 * recency).  A walk adds at most one L2 key, so a run of k walks that
 * starts with at least k free keys stays under the cap throughout: a
 * batch goes in such runs (one run while far from the cap), and without
 * the shortcut once the cap is reached (no key is added after it).  The
 * walks @w, or those of @va at @levels (pwc_batch_run4k()) if @w is
 * NULL; each batch op calls this once, with one of them a constant NULL.
 */
static __always_inline void ideal_runs(struct pwc_model *m,
				       const struct pwc_walk *w, const u64 *va,
				       unsigned int levels, u32 n,
				       struct pwc_result *r,
				       unsigned int flags)
{
	struct pwc_ideal *d = m->priv;
	u64 room;
	bool same2m;
	u32 i, k;

	for (i = 0; i < n; i += k) {
		room = ideal_room(d);
		same2m = (flags & PWC_BATCH_SAME2M) && room;
		k = same2m && room < n - i ? room : n - i;
		if (w)
			pwc_batch_run(m, &w[i], k, r ? &r[i] : NULL, same2m,
				      ideal_quick, ideal_lookup, ideal_fill);
		else
			pwc_batch_run4k(m, &va[i], k, levels,
					r ? &r[i] : NULL, same2m, false,
					ideal_quick, ideal_lookup, ideal_fill);
	}
}

/* The shortcut holds for a whole batch of @n with room for @n L2 keys. */
static bool ideal_same2m(const struct pwc_model *m, u32 n, unsigned int flags)
{
	u64 room = ideal_room(m->priv);

	return (flags & PWC_BATCH_SAME2M) && room && room >= n;
}

static void ideal_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
			struct pwc_result *r, unsigned int flags)
{
	ideal_runs(m, w, NULL, 0, n, r, flags);
}

static void ideal_batch4k(struct pwc_model *m, const u64 *va, u32 n,
			  unsigned int levels, struct pwc_result *r,
			  unsigned int flags)
{
	ideal_runs(m, NULL, va, levels, n, r, flags);
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
		pwc_printf(o, "  keys to L%u: %llu\n", k, d->h[k].used);
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
	.destroy = ideal_destroy,
	.lookup = ideal_lookup,
	.fill = ideal_fill,
	.batch = ideal_batch,
	.batch4k = ideal_batch4k,
	.same2m = ideal_same2m,
	.invalidate = ideal_invalidate,
	.clear = ideal_clear,
	.dump = ideal_dump,
	.cost = ideal_cost,
};

static int none_init(struct pwc_model *m)
{
	return 0;
}

static void none_lookup(struct pwc_model *m, const struct pwc_walk *w,
			struct pwc_result *r)
{
	r->start = w->levels;
}

static void none_fill(struct pwc_model *m, const struct pwc_walk *w,
		      const struct pwc_result *r)
{
}

/* @n walks that missed, reading @reads entries; @run2m: the last's. */
static void none_count(struct pwc_model *m, u32 n, u64 reads, u64 run2m)
{
	m->stats.lookups += n;
	m->stats.misses += n;
	m->stats.accesses += reads;
	m->run2m = run2m;
}

/*
 * Never the shortcut: a walk of no cache is never an L2 hit.  Each walk
 * misses and reads its levels - end + 1 entries, counted in one pass as
 * pwc_batch_run() with none_lookup() would count them.
 */
static void none_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		       struct pwc_result *r, unsigned int flags)
{
	u64 reads = 0;
	u32 i;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		reads += w[i].levels - w[i].end + 1;
	for (i = 0; r && i < n; i++)
		r[i] = (struct pwc_result){
			.start = w[i].levels,
			.accesses = w[i].levels - w[i].end + 1 };
	none_count(m, n, reads, pwc_run2m(&w[n - 1]));
}

/* The same of 4 KiB-leaf walks: each reads @levels entries. */
static void none_batch4k(struct pwc_model *m, const u64 *va, u32 n,
			 unsigned int levels, struct pwc_result *r,
			 unsigned int flags)
{
	u32 i;

	if (!n)
		return;
	for (i = 0; r && i < n; i++)
		r[i] = (struct pwc_result){ .start = levels,
					    .accesses = levels };
	none_count(m, n, (u64)n * levels, pwc_run2m_4k(va[n - 1], levels));
}

static void none_invalidate(struct pwc_model *m, u64 start, u64 end)
{
}

static void none_clear(struct pwc_model *m)
{
}

static void none_dump(struct pwc_model *m, struct pwc_out *o)
{
	pwc_printf(o, "  (no cache)\n");
}

const struct pwc_ops pwc_none_ops = {
	.name = "none",
	.init = none_init,
	.lookup = none_lookup,
	.fill = none_fill,
	.batch = none_batch,
	.batch4k = none_batch4k,
	.invalidate = none_invalidate,
	.clear = none_clear,
	.dump = none_dump,
};
